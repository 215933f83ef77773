"""Embedding transfers, Dynamo 1.6.1's pairs vs fastmedia's, side by side (prints ratios).

    .venv-embed/bin/python benches/bench_embeddings.py           # full run
    .venv-embed/bin/python benches/bench_embeddings.py --quick   # fewer repetitions
    .venv-embed/bin/python benches/bench_embeddings.py --processes 1 --workloads w1,w3
    .venv-embed/bin/python benches/bench_embeddings.py --pending 2048 --workloads none

Each pair runs as two processes (sender, receiver) over real NIXL (UCX on loopback); this
script passes the TransferRequests between them, as the request path of a disaggregated
deployment would. ``--processes 1``: sender and receiver in one event loop of one process
(as a test or a single-node deployment runs them), against the floor of two agents in one
process; ``2,1``: both. Same tensors for every pair. Workloads:

1. Dynamo's own benchmark shape: 30 x [256, 8192] float32 (240 MB), sent concurrently, then
   received concurrently: wall time of each phase and MB/s over both.
2. Single items of 4 MB and 32 MB bfloat16, one at a time: latency (send + receive) p50, p99.

The first round of each workload warms up (connections, first touch of the pools) and is
left out of the numbers. The machine's load (other processes) shows in the p99s.
3. 64 concurrent requests of mixed sizes (0.5-16 MB): per-item receive latency p50, p99 and
   throughput.

Workload 1 also prints the NIXL floor (``nixl_floor.py``): one pre-registered WRITE / READ
of the same 240 MB with no handshake, the most any pair could reach on this machine, and
floor / Dynamo, the largest ratio any sender could show against Dynamo's run; and the floor
from a source of 4 KiB pages (a torch tensor's memory, which a staged send hands NIXL). Workload 3
prints the time all its bytes take at that rate, which bounds its p99 the same way.

``--pending N``: N small sends (4 KiB) waiting for a receiver that never comes, each sender in
a process of its own: the process's CPU (cores) and its event loop's lag p99 over 3 s, what
an encode worker pays while the prefill side is slow; then, with those N still waiting, the
p50 of 100 round trips (send, receive, the send done) of 64 KiB through a receiver in the same
event loop, what each transfer pays for the ones that wait.

Also: NIXL registrations on each side (Dynamo's counted by wrapping the wheel agent's
``register_memory``, fastmedia's from its endpoints' ``stats()``),
and each receiver's resident memory (VmRSS) after construction and at rest after the run.
Dynamo's receivers are built as its handlers build them: Read with ``max_items=0``, Write
with ``buffer_size`` = ``--write-buffer`` (Dynamo's default is 8 GiB; 1 GiB here so that
the run fits the machine; its resident memory scales with it). Dynamo's senders get
``stage_embeddings=True`` (as vLLM's encode handler sends), fastmedia's copy into their pool
(``BENCH_FM_STAGE=1``: fastmedia's stage too, like for like; ``BENCH_FM_THREADS=N``: its
Read receiver's ``threads``; ``BENCH_FM_LANES=N``: its
Write sender's ``lanes``).
``--rss-default-ring`` (opt-in: Dynamo's receiver then holds about 8.6 GB, too much for CI's
machines) adds the issue's resident-memory row measured with each library's *default* Write
receiver (Dynamo's 8 GiB ring, fastmedia's 1 GiB pool filled by use): VmRSS after
construction and at rest after two rounds of workload 1, and fastmedia / Dynamo (target
<= 1/8). Needs ``.venv-embed`` (torch, ai-dynamo 1.6.1). UCX's shared-memory / CMA
transport runs each WRITE's copy inside the post; fastmedia's Write sender posts every WRITE
from its lanes (``lanes``: agents and threads of their own).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nixl_floor
from common import cpu_seconds, load_average, loop_lags, peer_json, spawn_peer

MB = 1 << 20


def _rss() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def _count_registrations() -> list[int]:
    """Count the nixl wheel's ``nixl_agent.register_memory`` calls in this process (Dynamo's;
    fastmedia's agents are the Rust core's, counted by ``_registrations``)."""
    from nixl import _api

    calls = [0]
    real = _api.nixl_agent.register_memory

    def counted(self, *a, **kw):
        calls[0] += 1
        return real(self, *a, **kw)

    _api.nixl_agent.register_memory = counted
    return calls


def _registrations(calls: list[int], *endpoints) -> int:
    """NIXL registrations in this process: the wheel's calls, plus each fastmedia endpoint's
    own (its agent's and its lanes')."""
    total = calls[0]
    for endpoint in endpoints:
        stats = getattr(endpoint, "stats", None)
        s = stats() if callable(stats) else {}
        total += s.get("register_memory_calls", 0) + s.get("lane_register_memory_calls", 0)
    return total


def _make(case: dict):
    import torch

    g = torch.Generator().manual_seed(case["seed"])
    return torch.randn(case["shape"], generator=g).to(getattr(torch, case["dtype"]))


def _classes(impl: str):
    if impl == "dynamo":
        from dynamo.common.multimodal import embedding_transfer as m
    else:
        import fastmedia.embeddings as m
    return m


def _out(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def _sender(impl: str, mode: str):
    m = _classes(impl)
    cls = getattr(m, "NixlReadEmbeddingSender" if mode == "read" else "NixlWriteEmbeddingSender")
    lanes = os.environ.get("BENCH_FM_LANES")  # fastmedia's Write sender: lanes=N
    return cls(lanes=int(lanes)) if lanes and impl == "fastmedia" and mode == "write" else cls()


def _receiver(impl: str, mode: str, write_buffer: int):
    m = _classes(impl)
    if mode == "read":
        if impl == "dynamo":
            return m.NixlReadEmbeddingReceiver(max_items=0)
        return m.NixlReadEmbeddingReceiver(threads=int(os.environ.get("BENCH_FM_THREADS", 0)))
    if write_buffer:
        return m.NixlWriteEmbeddingReceiver(buffer_size=write_buffer)
    return m.NixlWriteEmbeddingReceiver()  # 0: the library's default (Dynamo's: an 8 GiB ring)


def _stage(impl: str) -> bool:
    return impl == "dynamo" or os.environ.get("BENCH_FM_STAGE") == "1"


async def _receive_all(rx, reqs: list) -> list[float]:
    """Receive every request concurrently; each one's latency (s)."""

    async def one(r) -> float:
        t0 = time.perf_counter()
        tid, _t = await rx.receive_embeddings(r)
        dt = time.perf_counter() - t0
        del _t
        rx.release_tensor(tid)
        return dt

    return await asyncio.gather(*(one(r) for r in reqs))


async def _send_all(sender, impl: str, tensors: list) -> tuple[list, float]:
    """Send every tensor concurrently: the (request, awaitable) pairs and the wall time."""
    t0 = time.perf_counter()
    sent = await asyncio.gather(
        *(sender.send_embeddings(t, stage_embeddings=_stage(impl)) for t in tensors)
    )
    return sent, time.perf_counter() - t0


async def _peer_send(impl: str, mode: str, rounds: list[list[dict]]) -> None:
    calls = _count_registrations()
    sender = _sender(impl, mode)
    tensors = [[_make(c) for c in rnd] for rnd in rounds]
    waits = []
    for rnd in tensors:
        sent, dt = await _send_all(sender, impl, rnd)
        waits += [w for _, w in sent]
        _out({"send_s": dt, "requests": [r.model_dump() for r, _ in sent]})
        await asyncio.to_thread(sys.stdin.readline)  # the receiver is done with this round
    await asyncio.wait_for(asyncio.gather(*waits), 120)
    _out({"register_memory": _registrations(calls, sender)})
    os._exit(0)


async def _peer_recv(impl: str, mode: str, write_buffer: int) -> None:
    calls = _count_registrations()
    rx = _receiver(impl, mode, write_buffer)
    rss0 = _rss()
    _out({"ready": True, "rss_built": rss0})
    Req = _classes(impl).TransferRequest
    while True:  # stdin is read off the loop: Dynamo's endpoints run asyncio tasks meanwhile
        line = await asyncio.to_thread(sys.stdin.readline)
        if not line.strip():
            break
        reqs = [Req(**r) if impl == "dynamo" else r for r in json.loads(line)]
        t0 = time.perf_counter()
        lat = await _receive_all(rx, reqs)
        _out({"recv_s": time.perf_counter() - t0, "lat": lat})
    import gc

    gc.collect()
    _out({"register_memory": _registrations(calls, rx), "rss_rest": _rss(), "rss_built": rss0})
    if hasattr(rx, "close"):
        rx.close()
    os._exit(0)


async def _peer_both(impl: str, mode: str, rounds: list[list[dict]], write_buffer: int) -> None:
    """Sender and receiver in this one event loop, as a test or a single-node deployment runs
    them: each round sends every tensor, then receives every request, as the pair of processes
    does; the requests are handed over as objects."""
    calls = _count_registrations()
    rx = _receiver(impl, mode, write_buffer)
    rss0 = _rss()
    sender = _sender(impl, mode)
    tensors = [[_make(c) for c in rnd] for rnd in rounds]
    waits = []
    for rnd in tensors:
        sent, send_s = await _send_all(sender, impl, rnd)
        waits += [w for _, w in sent]
        t0 = time.perf_counter()
        lat = await _receive_all(rx, [r for r, _ in sent])
        _out({"send_s": send_s, "recv_s": time.perf_counter() - t0, "lat": lat})
    await asyncio.wait_for(asyncio.gather(*waits), 120)
    import gc

    gc.collect()
    reg = _registrations(calls, sender, rx)
    _out({"register_memory": reg, "rss_rest": _rss(), "rss_built": rss0})
    os._exit(0)


def run_one_process(impl: str, mode: str, rounds: list[list[dict]], write_buffer: int) -> dict:
    """``run_pair``'s results with sender and receiver in one process (``_peer_both``); the
    registrations of both sides are counted together, as ``tx_reg`` (``rx_reg`` None)."""
    p = spawn_peer(__file__, "both", impl, mode, json.dumps(rounds), str(write_buffer))
    try:
        results = [peer_json(p) for _ in rounds]
        end = peer_json(p)
        return {"rounds": results, "rx_reg": None, "tx_reg": end["register_memory"],
                "rss_built": end["rss_built"], "rss_rest": end["rss_rest"]}  # fmt: skip
    finally:
        try:
            p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


async def _peer_pending(impl: str, mode: str, n: int, write_buffer: int) -> None:
    """``n`` small sends waiting for a receiver that never comes: this process's CPU (cores)
    and the event loop's lag p99 (a 1 ms sleep's overshoot) over 3 s; then the p50 of 100
    round trips of 64 KiB, one at a time, through a receiver in this loop."""
    import torch

    sender = _sender(impl, mode)
    t = torch.ones(1024)
    waits = [(await sender.send_embeddings(t))[1] for _ in range(n)]
    await asyncio.sleep(0.5)
    cpu0, t0 = cpu_seconds(), time.monotonic()
    lags = await loop_lags(lambda: asyncio.sleep(3.0))
    cpu = (cpu_seconds() - cpu0) / (time.monotonic() - t0)
    rx = _receiver(impl, mode, write_buffer)
    x = torch.ones(16384)
    trips = []
    for i in range(110):  # the first 10 warm up (connections, first touch)
        t1 = time.perf_counter()
        req, done = await sender.send_embeddings(x, stage_embeddings=_stage(impl))
        await _receive_all(rx, [req])
        await asyncio.wait_for(done, 60)
        trips += [time.perf_counter() - t1] if i >= 10 else []
    _out({"cpu": cpu, "lag_p99_ms": _pct(lags, 0.99) * 1e3, "rt_p50_ms": _pct(trips, 0.5) * 1e3,
          "waiting": len(waits)})  # fmt: skip
    os._exit(0)


def pending_cost(modes: list[str], n: int, write_buffer: int) -> None:
    """The ``--pending`` rows: each sender in a process of its own (``_peer_pending``)."""
    print(
        f"\n== {n} sends waiting for a receiver (CPU of the sender's process, loop lag, "
        f"a round trip's p50 meanwhile; load {load_average() or float('nan'):.2f}) =="
    )
    for mode in modes:
        got = {}
        for impl in ("dynamo", "fastmedia"):
            p = spawn_peer(__file__, "pending", impl, mode, str(n), str(write_buffer))
            try:
                got[impl] = peer_json(p)
            except RuntimeError as e:
                print(f"pend  {impl} {mode} FAILED: {e}")
            finally:
                p.wait()
        for key in ("cpu", "lag_p99_ms", "rt_p50_ms"):
            row = "  ".join(f"{i} {r[key]:7.3f}" for i, r in got.items())
            ratio = ""
            if len(got) == 2 and got["fastmedia"][key] > 0:
                ratio = f"  fastmedia better by x{got['dynamo'][key] / got['fastmedia'][key]:.2f}"
            print(f"pend  {mode:5s} {key:10s} {row}{ratio}", flush=True)


def run_pair(impl: str, mode: str, rounds: list[list[dict]], write_buffer: int) -> dict:
    rx = spawn_peer(__file__, "recv", impl, mode, str(write_buffer))
    tx = spawn_peer(__file__, "send", impl, mode, json.dumps(rounds))
    try:
        built = peer_json(rx)
        results = []
        for _ in rounds:
            s = peer_json(tx)
            rx.stdin.write(json.dumps(s["requests"]) + "\n")  # type: ignore[union-attr]
            rx.stdin.flush()  # type: ignore[union-attr]
            r = peer_json(rx)
            results.append({"send_s": s["send_s"], **r})
            tx.stdin.write("next\n")  # type: ignore[union-attr]
            tx.stdin.flush()  # type: ignore[union-attr]
        rx.stdin.write("\n")  # type: ignore[union-attr]
        rx.stdin.flush()  # type: ignore[union-attr]
        rx_end = peer_json(rx)
        tx_end = peer_json(tx)
        return {
            "rounds": results,
            "rx_reg": rx_end["register_memory"],
            "tx_reg": tx_end["register_memory"],
            "rss_built": built["rss_built"],
            "rss_rest": rx_end["rss_rest"],
        }
    except BaseException:
        for p in (rx, tx):
            p.kill()
        raise
    finally:
        for p in (rx, tx):
            try:
                p.wait(timeout=60)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def workloads(quick: bool) -> dict[str, list[list[dict]]]:
    reps = 10 if quick else 40
    w1 = [[{"shape": [256, 8192], "dtype": "float32", "seed": i} for i in range(30)]]
    sizes = [MB // 2, MB, 2 * MB, 4 * MB, 8 * MB, 16 * MB]
    w3 = [
        [
            {"shape": [sizes[i % len(sizes)] // 2 // 4096, 4096], "dtype": "bfloat16", "seed": i}
            for i in range(64)
        ]
    ]
    # The first round of each is a warm-up (connections, first pages), left out of the numbers.
    # w1 and w3 keep three measured rounds in --quick too: a sender's pool may still hold the
    # previous round's chunks (their receivers' notifications in flight) when the next round
    # sends, which then faults in fresh pages once; their median leaves that round out.
    return {
        "w1": w1 * 4,
        "4MB": [[{"shape": [512, 4096], "dtype": "bfloat16", "seed": i}] for i in range(reps + 1)],
        "32MB": [
            [{"shape": [2048, 8192], "dtype": "bfloat16", "seed": i}] for i in range(reps + 1)
        ],
        "w3": w3 * 4,
    }


def round_bytes(rnd: list[dict]) -> int:
    """Bytes of one round's tensors (float32, or 2-byte bfloat16)."""
    import math

    return sum(math.prod(c["shape"]) * (4 if c["dtype"] == "float32" else 2) for c in rnd)


def summarize(name: str, rounds: list[dict], wl: list[list[dict]]) -> dict:
    rounds, wl = rounds[1:], wl[1:]  # without the warm-up round
    nbytes = [round_bytes(rnd) for rnd in wl]
    if name in ("4MB", "32MB"):
        lat = [r["send_s"] + r["recv_s"] for r in rounds]
        return {"p50_ms": 1e3 * _pct(lat, 0.5), "p99_ms": 1e3 * _pct(lat, 0.99)}
    total = [r["send_s"] + r["recv_s"] for r in rounds]
    best = min(range(len(rounds)), key=lambda i: total[i])
    out = {
        "send_s": statistics.median(r["send_s"] for r in rounds),
        "recv_s": statistics.median(r["recv_s"] for r in rounds),
        "MB_per_s": nbytes[best] / MB / statistics.median(total),
    }
    if name == "w3":
        lat = [x for r in rounds for x in r["lat"]]
        out.update({"p50_ms": 1e3 * _pct(lat, 0.5), "p99_ms": 1e3 * _pct(lat, 0.99)})
    return out


def _floor_rate(floor: dict, mode: str) -> tuple[str, float]:
    """(NIXL operation, best MB/s) of the floor for ``mode``."""
    op = "READ" if mode == "read" else "WRITE"
    return op, nixl_floor.rate(floor[op])[0]


def print_floor(floor: dict, mode: str, sd: dict | None, sf: dict | None) -> None:
    """Workload 1 against the NIXL floor (``nixl_floor.py``): the most any library could
    reach here, and so the largest ratio any sender could show against Dynamo's run; and the
    floor from a source of 4 KiB pages, what a staged send (the caller's tensor) can reach."""
    op, best = _floor_rate(floor, mode)
    small = nixl_floor.rate(floor[f"{op} 4k"])[0]
    mem, _ = nixl_floor.rate(floor["memcpy"])
    print(f"w1    floor     NIXL {op} alone {best:9.2f} MB/s (buffers registered beforehand, no "
          f"handshake; best of {len(floor[op])}); from 4 KiB pages {small:.0f} MB/s; one "
          f"memcpy {mem:.0f} MB/s")  # fmt: skip
    if sd and sf:
        most = best / sd["MB_per_s"]
        print(f"w1    ceiling   floor / dynamo = x{most:.2f} (the most any sender could show "
              f"here); fastmedia / floor = {sf['MB_per_s'] / best:.2f}, / floor from 4 KiB "
              f"pages = {sf['MB_per_s'] / small:.2f}")  # fmt: skip


def print_floor_w3(floor: dict, mode: str, wl: list, sd: dict | None, sf: dict | None) -> None:
    """Workload 3's p99 item ends about when all the round's bytes have moved: at the NIXL
    floor's rate that takes ``ms``, so Dynamo's p99 / ``ms`` bounds the p99 ratio."""
    op, best = _floor_rate(floor, mode)
    total = round_bytes(wl[0]) / MB
    ms = 1e3 * total / best
    line = f"w3    floor     all {total:.0f} MB at the NIXL {op} floor take {ms:.1f} ms"
    if sd and sf:
        line += (f"; p99 ceiling dynamo / floor = x{sd['p99_ms'] / ms:.2f}, "
                 f"fastmedia p99 / floor = {sf['p99_ms'] / ms:.2f}")  # fmt: skip
    print(line, flush=True)


def rss_default_ring(quick: bool) -> None:
    """The resident-memory row with each library's default Write receiver (see the module
    docstring): built, then at rest after workload 1."""
    import inspect

    from fastmedia.embeddings import NixlWriteEmbeddingReceiver as Fm

    dyn = _classes("dynamo").NixlWriteEmbeddingReceiver
    default = {
        impl: inspect.signature(cls.__init__).parameters["buffer_size"].default
        for impl, cls in (("dynamo", dyn), ("fastmedia", Fm))
    }
    wl = workloads(quick)["w1"][:2]
    print("\n== receiver RSS at rest, default Write receivers (workload 1, 2 rounds) ==")
    rest = {}
    for impl in ("dynamo", "fastmedia"):
        r = run_pair(impl, "write", wl, 0)
        rest[impl] = r["rss_rest"]
        print(
            f"      {impl:9s} buffer_size {default[impl] / MB:.0f} MB (default): RSS built "
            f"{r['rss_built'] / MB:.0f} MB, at rest {r['rss_rest'] / MB:.0f} MB",
            flush=True,
        )
    ratio = rest["fastmedia"] / rest["dynamo"]
    print(f"rss_rest  fastmedia / dynamo = {ratio:.3f} (1/{1 / ratio:.1f}; target <= 1/8)")


def run_mode(mode: str, wls: dict, floor: dict | None, write_buffer: int, run) -> None:
    """Each workload's rows for ``mode``: Dynamo's pair and fastmedia's, run by ``run``
    (``run_pair`` or ``run_one_process``), side by side, against ``floor``."""
    for name, wl in wls.items():
        res, summ = {}, {}
        for impl in ("dynamo", "fastmedia"):
            try:
                res[impl] = run(impl, mode, wl, write_buffer)
                summ[impl] = summarize(name, res[impl]["rounds"], wl)
            except Exception as e:  # a pair that fails or hangs is reported, not fatal
                print(f"{name:5s} {impl} {mode} pair FAILED: {type(e).__name__}: {e}")
        sd, sf = summ.get("dynamo"), summ.get("fastmedia")
        for key in sd or sf or {}:
            d = f"{sd[key]:9.2f}" if sd else "   failed"
            f = f"{sf[key]:9.2f}" if sf else "   failed"
            ratio = ""
            if sd and sf:
                r = sf[key] / sd[key] if key == "MB_per_s" else sd[key] / sf[key]
                ratio = f"  fastmedia better by x{r:.2f}"
            print(f"{name:5s} {key:9s} dynamo {d}  fastmedia {f}{ratio}", flush=True)
        if name == "w1" and floor is not None:
            print_floor(floor, mode, sd, sf)
        if name == "w3" and floor is not None:
            print_floor_w3(floor, mode, wl, sd, sf)
        if name == "w1":
            for impl, r in res.items():
                regs = f"sender {r['tx_reg']} receiver {r['rx_reg']}"
                if r["rx_reg"] is None:
                    regs = f"sender and receiver {r['tx_reg']}"
                print(
                    f"      {impl:9s} register_memory {regs}; receiver RSS built "
                    f"{r['rss_built'] / MB:.0f} MB, at rest {r['rss_rest'] / MB:.0f} MB",
                    flush=True,
                )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--modes", default="read,write")
    ap.add_argument("--write-buffer", type=int, default=1 << 30)
    ap.add_argument("--rss-default-ring", action="store_true", help="the opt-in RSS row")
    ap.add_argument("--only-rss", action="store_true", help="just the --rss-default-ring row")
    ap.add_argument("--workloads", default="w1,4MB,32MB,w3", help="which rows (comma list)")
    ap.add_argument("--processes", default="2", help="2, 1 (one event loop) or 2,1")
    ap.add_argument("--pending", type=int, default=0, help="N: the sends-waiting rows")
    ap.add_argument("--peer", nargs="+")
    a = ap.parse_args()
    if a.peer:
        role, impl, mode, arg = a.peer[:4]
        if role == "send":
            asyncio.run(_peer_send(impl, mode, json.loads(arg)))
        elif role == "both":
            asyncio.run(_peer_both(impl, mode, json.loads(arg), int(a.peer[4])))
        elif role == "pending":
            asyncio.run(_peer_pending(impl, mode, int(arg), int(a.peer[4])))
        else:
            asyncio.run(_peer_recv(impl, mode, int(arg)))
        return
    from common import versions

    print(versions("ai-dynamo", "torch", "nixl"))
    if a.only_rss:
        rss_default_ring(a.quick)
        return
    if a.pending:
        pending_cost(a.modes.split(","), a.pending, a.write_buffer)
    wls = {k: v for k, v in workloads(a.quick).items() if k in a.workloads.split(",")}
    for procs in a.processes.split(",") if wls else []:
        one = procs == "1"
        floor = None
        if {"w1", "w3"} & set(wls):
            floor = nixl_floor.measure(5 if a.quick else 10, one_process=one)
        for mode in a.modes.split(","):
            where = "sender and receiver in one process" if one else "two processes"
            print(f"\n== {mode} mode, {where} ==", flush=True)
            run_mode(mode, wls, floor, a.write_buffer, run_one_process if one else run_pair)

    if a.rss_default_ring:
        rss_default_ring(a.quick)


if __name__ == "__main__":
    main()
