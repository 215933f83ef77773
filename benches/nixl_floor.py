"""The NIXL floor for workload 1 of bench_embeddings: the fastest any library can move those
30 x 8 MB over NIXL on this machine.

Two processes, each with one 240 MB buffer registered beforehand (DRAM, pages touched); the
initiator has the target's metadata beforehand too. Then one WRITE, and one READ, of the
30-descriptor list, timed from ``initialize_xfer`` to DONE (busy-polled), best and median of
``repeats`` after one warm-up. The buffers are huge-page advised, as numpy's and fastmedia's
pools are; the "4k" rows move the same bytes from a second buffer of 4 KiB pages (a torch
CPU tensor's memory, which a staged send hands NIXL as it is) into the huge-page one.
No handshake, no notification, no copy into or out of the buffers: what is left is UCX's
own copy (shared memory / CMA on one host); the target busy-polls its agent (UCX's
rendezvous needs its progress), as a receiver waiting for data does. Also one single-thread
``numpy.copyto`` of the same bytes, the memory bus's figure.

``--one-process``: both agents in one process (the target's with the wheel's progress
thread), the floor of a sender and receiver in one event loop.

    python benches/nixl_floor.py [--repeats 10] [--one-process]
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


def _buffers(agent) -> tuple[list, tuple[int, int]]:
    """Two registered 240 MB buffers, pages touched: huge-page advised (as numpy's and
    fastmedia's pools are) and one of 4 KiB pages (as a torch CPU tensor's memory is: no
    huge-page advice); their addresses."""
    import mmap

    import numpy as np

    huge = np.ones(ITEMS * ITEM, dtype=np.uint8)  # numpy advises huge pages for large arrays
    m = mmap.mmap(-1, ITEMS * ITEM, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    small = np.frombuffer(m, dtype=np.uint8)
    small[:] = 1
    for b in (huge, small):
        agent.register_memory([(b.ctypes.data, b.nbytes, 0, "")], "DRAM")
    return [huge, small], (huge.ctypes.data, small.ctypes.data)


def _target() -> None:
    """Registers its buffers, prints its metadata and addresses, waits for the initiator."""
    agent = wheel_agent("floor-target")
    _keep, addrs = _buffers(agent)
    meta = base64.b64encode(agent.get_agent_metadata()).decode()
    print(json.dumps({"meta": meta, "addrs": addrs}), flush=True)
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.readline(), done.set()), daemon=True).start()
    while not done.is_set():  # UCX's rendezvous needs the target's progress too
        agent.get_new_notifs()
    os._exit(0)


def _initiator(meta: str, raddrs: tuple[int, int], repeats: int) -> None:
    agent = wheel_agent("floor-initiator")
    print(json.dumps(_time_ops(agent, base64.b64decode(meta), raddrs, repeats)), flush=True)
    os._exit(0)


def _one_process(repeats: int) -> None:
    """Target and initiator in this one process: the target's agent has the wheel's progress
    thread (nothing else here would progress it)."""
    target = wheel_agent("floor-target", progress=True)
    _keep, raddrs = _buffers(target)
    agent = wheel_agent("floor-initiator")
    print(json.dumps(_time_ops(agent, target.get_agent_metadata(), raddrs, repeats)), flush=True)
    os._exit(0)


def _time_ops(agent, meta: bytes, raddrs: tuple[int, int], repeats: int) -> dict:
    """Seconds of each WRITE and READ of the 30-descriptor list, after one warm-up: huge pages
    on both sides ("WRITE", "READ"), and from a source of 4 KiB pages into huge ones ("WRITE
    4k", "READ 4k": a staged send's, the caller's tensor being the source)."""
    _keep, addrs = _buffers(agent)
    name = agent.add_remote_agent(meta)

    def descs(addr: int):
        return agent.get_xfer_descs([(addr + i * ITEM, ITEM, 0) for i in range(ITEMS)], "DRAM")

    (huge, small), (rhuge, rsmall) = map(descs, addrs), map(descs, raddrs)
    rows = {
        "WRITE": (huge, rhuge),
        "READ": (huge, rhuge),
        "WRITE 4k": (small, rhuge),
        "READ 4k": (huge, rsmall),
    }
    out = {}
    for key, (local, remote) in rows.items():
        op = key.split()[0]
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
                raise RuntimeError(f"floor {key} ended in {state}")
        out[key] = times[1:]  # without the warm-up (connection, first use)
    return out


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


def measure(repeats: int = 10, one_process: bool = False) -> dict[str, list[float]]:
    """{"WRITE": [s, ...], "READ": [...], "memcpy": [...]}: seconds for the 240 MB; with
    ``one_process``, target and initiator are agents of one process."""
    if one_process:
        p = spawn_peer(__file__, "both", str(repeats))
        try:
            out = peer_json(p)
        finally:
            p.kill()
            p.wait()
        out["memcpy"] = memcpy_s(repeats)
        return out
    target = spawn_peer(__file__, "target")
    init = None
    try:
        t = peer_json(target)
        init = spawn_peer(__file__, "initiator", t["meta"], json.dumps(t["addrs"]), str(repeats))
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
        elif sys.argv[2] == "both":
            _one_process(int(sys.argv[3]))
        else:
            _initiator(sys.argv[3], tuple(json.loads(sys.argv[4])), int(sys.argv[5]))
        return
    repeats = int(sys.argv[sys.argv.index("--repeats") + 1]) if "--repeats" in sys.argv else 10
    for key, times in measure(repeats, "--one-process" in sys.argv).items():
        best, med = rate(times)
        print(f"{key:8s} {ITEMS * ITEM / MB:.0f} MB: best {best:8.1f} MB/s, median {med:8.1f} MB/s")


if __name__ == "__main__":
    main()
