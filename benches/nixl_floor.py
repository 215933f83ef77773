"""The NIXL floor for workload 1 of bench_embeddings: the fastest any library can move those
30 x 8 MB over NIXL on this machine.

Two processes, each with one 240 MB buffer registered beforehand (DRAM, pages touched); the
initiator has the target's metadata beforehand too. Then one WRITE, and one READ, of the
30-descriptor list, timed from ``initialize_xfer`` to DONE (busy-polled), best and median of
``repeats`` after one warm-up. No handshake, no notification, no copy into or out of the
buffers: what is left is UCX's own copy (shared memory / CMA on one host); the target
busy-polls its agent (UCX's rendezvous needs its progress), as a receiver waiting for data
does. Also one single-thread ``numpy.copyto`` of the same bytes, the memory bus's figure.

    python benches/nixl_floor.py [--repeats 10]
"""

from __future__ import annotations

import base64
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import peer_json, spawn_peer, wheel_agent

ITEMS, ITEM = 30, 256 * 8192 * 4  # workload 1: 30 x [256, 8192] float32
MB = 1 << 20


def _buffer():
    import numpy as np

    buf = np.ones(ITEMS * ITEM, dtype=np.uint8)  # pages touched
    return buf, buf.ctypes.data


def _target() -> None:
    """Registers its buffer, prints its metadata and address, waits for the initiator."""
    agent = wheel_agent("floor-target")
    buf, addr = _buffer()
    agent.register_memory([(addr, buf.nbytes, 0, "")], "DRAM")
    meta = base64.b64encode(agent.get_agent_metadata()).decode()
    print(json.dumps({"meta": meta, "addr": addr}), flush=True)
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.readline(), done.set()), daemon=True).start()
    while not done.is_set():  # UCX's rendezvous needs the target's progress too
        agent.get_new_notifs()
    os._exit(0)


def _initiator(meta: str, raddr: int, repeats: int) -> None:
    agent = wheel_agent("floor-initiator")
    buf, addr = _buffer()
    agent.register_memory([(addr, buf.nbytes, 0, "")], "DRAM")
    name = agent.add_remote_agent(base64.b64decode(meta))
    local = agent.get_xfer_descs([(addr + i * ITEM, ITEM, 0) for i in range(ITEMS)], "DRAM")
    remote = agent.get_xfer_descs([(raddr + i * ITEM, ITEM, 0) for i in range(ITEMS)], "DRAM")
    out = {}
    for op in ("WRITE", "READ"):
        times = []
        for _ in range(repeats + 1):
            deadline = time.monotonic() + 60
            t0 = time.perf_counter()
            h = agent.initialize_xfer(op, local, remote, name, b"")
            state = agent.transfer(h)
            while state == "PROC" and time.monotonic() < deadline:
                state = agent.check_xfer_state(h)
            times.append(time.perf_counter() - t0)
            agent.release_xfer_handle(h)
            if state != "DONE":
                raise RuntimeError(f"floor {op} ended in {state}")
        out[op] = times[1:]  # without the warm-up (connection, first use)
    print(json.dumps(out), flush=True)
    os._exit(0)


def memcpy_s(repeats: int) -> list[float]:
    """Single-thread numpy.copyto of the same bytes (both buffers touched beforehand)."""
    import numpy as np

    a, b = np.ones(ITEMS * ITEM, np.uint8), np.zeros(ITEMS * ITEM, np.uint8)
    np.copyto(b, a)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        np.copyto(b, a)
        times.append(time.perf_counter() - t0)
    return times


def measure(repeats: int = 10) -> dict[str, list[float]]:
    """{"WRITE": [s, ...], "READ": [...], "memcpy": [...]}: seconds for the 240 MB."""
    target = spawn_peer(__file__, "target")
    init = None
    try:
        t = peer_json(target)
        init = spawn_peer(__file__, "initiator", t["meta"], str(t["addr"]), str(repeats))
        out = peer_json(init)
    finally:
        for p in (target, init):
            if p is not None:
                p.kill()
                p.wait()
    out["memcpy"] = memcpy_s(repeats)
    return out


def rate(times: list[float]) -> tuple[float, float]:
    """(best, median) MB/s for the 240 MB."""
    nbytes = ITEMS * ITEM / MB
    return nbytes / min(times), nbytes / statistics.median(times)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--peer":
        if sys.argv[2] == "target":
            _target()
        else:
            _initiator(sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
        return
    repeats = int(sys.argv[sys.argv.index("--repeats") + 1]) if "--repeats" in sys.argv else 10
    for key, times in measure(repeats).items():
        best, med = rate(times)
        print(f"{key:6s} {ITEMS * ITEM / MB:.0f} MB: best {best:8.1f} MB/s, median {med:8.1f} MB/s")


if __name__ == "__main__":
    main()
