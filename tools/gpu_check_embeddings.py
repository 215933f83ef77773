"""The GPU check of fastmedia's embedding transfers (``device="cuda:N"``), in one file, for a
GPU machine (well under 5 minutes):

1. what the machine has (torch and its CUDA device, NIXL);
2. ``pytest -m requires_gpu tests/test_embedding_gpu.py``: bit-exact Read and Write transfers
   VRAM to VRAM, host to VRAM and VRAM to host, staged CUDA tensors, the pool's chunk
   lifetime, and no per-send or per-receive registration;
3. a side-by-side row on Dynamo's benchmark shape (30 x [256, 8192] float32 made on cuda:0,
   sent concurrently, then received concurrently, delivered on cuda:0): the pools in VRAM
   against the host bounce (CPU pools: GPU -> host copy into the sender's pool, transfer,
   then ``.to("cuda:0")``), MB/s and the ratio, for each mode, with the sender in the
   receiver's process and in a process of its own (as between two workers); for Read also
   ``gpu_read="staged"`` (the sender's pool on the host, the receiver READs it there and
   copies into its VRAM pool: the default on a host without RDMA devices). Run it with
   ``UCX_PROTO_INFO=y`` to see which UCX transports carry VRAM (cuda_ipc, cuda_copy, or
   tcp's "software emulation").

    python tools/gpu_check_embeddings.py            # needs torch with CUDA, NIXL, msgpack
    python tools/gpu_check_embeddings.py --no-tests # only the bench row

Exit status: 0 when everything ran and passed; 1 when a test or the bench failed; 2 when this
machine has no usable CUDA device (what is missing is printed).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))


def environment() -> str | None:
    """Print what the machine has; return what keeps CUDA from being used, or None."""
    from fastmedia._internal import gpu as _gpu

    try:
        import torch
    except ImportError:
        return "PyTorch is not installed"
    print(f"python {sys.version.split()[0]}, torch {torch.__version__}")
    problem = _gpu.cuda_problem(0)
    if problem is None:
        p = torch.cuda.get_device_properties(0)
        print(f"cuda:0 {p.name}, {p.total_memory / 2**30:.0f} GiB, torch CUDA {torch.version.cuda}")
    try:
        from importlib.metadata import version

        print("nixl", ", ".join(f"{n} {version(n)}" for n in ("nixl", "nixl-cu13", "nixl-cu12")
                                if _has(n)))  # fmt: skip
    except Exception as e:  # pragma: no cover - informational
        print(f"nixl: {e}")
    return problem


def _has(dist: str) -> bool:
    from importlib.metadata import PackageNotFoundError, version

    try:
        version(dist)
    except PackageNotFoundError:
        return False
    return True


def run_tests() -> int:
    cmd = [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
           "-m", "requires_gpu", "tests/test_embedding_gpu.py"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'python'}:{os.environ.get('PYTHONPATH', '')}"}
    print("==", " ".join(cmd[1:]), flush=True)
    return subprocess.call(cmd, cwd=ROOT, env=env)


def _endpoints(mode: str, where: str, pool: int) -> tuple[Any, Any]:
    from fastmedia.embeddings import (
        NixlReadEmbeddingReceiver,
        NixlReadEmbeddingSender,
        NixlWriteEmbeddingReceiver,
        NixlWriteEmbeddingSender,
    )

    if mode == "write":
        tx = lambda: NixlWriteEmbeddingSender(pool_bytes=pool, device=where)  # noqa: E731
        rx = lambda: NixlWriteEmbeddingReceiver(pool, device=where, timeout_s=60)  # noqa: E731
    else:
        # "staged": the sender's pool on the host, the receiver READs it there and copies
        # into its VRAM pool (gpu_read="staged"); "cuda:0": both pools in VRAM, direct READ
        tx_dev, rx_dev = ("cpu", "cuda:0") if where == "staged" else (where, where)
        gpu_read = "staged" if where == "staged" else "direct"
        tx = lambda: NixlReadEmbeddingSender(pool_bytes=pool, device=tx_dev)  # noqa: E731
        rx = lambda: NixlReadEmbeddingReceiver(  # noqa: E731
            pool_bytes=pool, slab_bytes=pool, device=rx_dev, timeout_s=60,
            **({"gpu_read": gpu_read} if rx_dev != "cpu" else {}),
        )  # fmt: skip
    return tx, rx


def _tensors() -> list:
    import torch

    g = torch.Generator(device="cuda:0").manual_seed(0)
    return [torch.randn(256, 8192, device="cuda:0", generator=g) for _ in range(30)]


async def _send_all(tx: Any, tensors: list) -> tuple[list, list]:
    sent = await asyncio.gather(*(tx.send_embeddings(t) for t in tensors))
    return [req for req, _ in sent], [done for _, done in sent]


def _sender_process(conn: Any, mode: str, where: str, pool: int) -> None:
    """The sender in a process of its own: on each "go", send all, pass the requests back,
    wait until every send is done, answer "done"."""

    async def serve() -> None:
        tensors = _tensors()
        with _endpoints(mode, where, pool)[0]() as tx:
            conn.send("ready")
            while conn.recv() == "go":
                reqs, dones = await _send_all(tx, tensors)
                conn.send([r.model_dump() for r in reqs])
                await asyncio.gather(*dones)
                conn.send(("done", tx.stats()["register_memory_calls"]))

    asyncio.run(serve())


async def _receive_all(rx: Any, reqs: list, tensors: list, to_gpu: bool) -> None:
    import torch

    got = await rx.receive_embeddings_batch(reqs)
    out = [t.to("cuda:0") if to_gpu else t for _, t in got]
    torch.cuda.synchronize()
    for (tid, _), o, src in zip(got, out, tensors, strict=True):
        if not torch.equal(o, src):
            raise AssertionError("received embeddings differ from the sent ones")
        rx.release_tensor(tid)


async def _pair_rounds(mode: str, where: str, pool: int, rounds: int, tensors: list) -> tuple:
    """One process: best seconds to send all, then receive all (one batch) on cuda:0."""
    import torch

    tx_make, rx_make = _endpoints(mode, where, pool)
    with tx_make() as tx, rx_make() as rx:
        times = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            reqs, dones = await _send_all(tx, tensors)
            await _receive_all(rx, reqs, tensors, where == "cpu")
            await asyncio.gather(*dones)
            torch.cuda.synchronize()
            times.append(time.perf_counter() - t0)
        regs = (tx.stats()["register_memory_calls"], rx.stats()["register_memory_calls"])
    return min(times), regs


async def _process_rounds(mode: str, where: str, pool: int, rounds: int, tensors: list) -> tuple:
    """The same with the sender in another process (as between an encode and a prefill
    worker): from "go" until the receiver holds every tensor and the sender's sends are done."""
    import multiprocessing as mp

    ctx = mp.get_context("spawn")
    conn, child_conn = ctx.Pipe()
    child = ctx.Process(target=_sender_process, args=(child_conn, mode, where, pool))
    child.start()
    try:
        if not conn.poll(120) or conn.recv() != "ready":
            raise RuntimeError("the sender process did not start")
        with _endpoints(mode, where, pool)[1]() as rx:
            times, tx_regs = [], 0
            for _ in range(rounds):
                t0 = time.perf_counter()
                conn.send("go")
                reqs = conn.recv()
                await _receive_all(rx, reqs, tensors, where == "cpu")
                _, tx_regs = conn.recv()
                times.append(time.perf_counter() - t0)
            regs = (tx_regs, rx.stats()["register_memory_calls"])
        conn.send("stop")
    finally:
        child.join(30)
        if child.is_alive():
            child.kill()
    return min(times), regs


async def bench(rounds: int, modes: list[str], processes: list[int]) -> int:
    tensors = _tensors()
    mb = sum(t.nbytes for t in tensors) / 1e6
    pool = 512 << 20
    print(f"== bench: 30 x [256, 8192] float32 on cuda:0 ({mb:.0f} MB), best of {rounds}")
    print("| mode | processes | pools in VRAM MB/s | host bounce MB/s | ratio | "
          "staged Read MB/s | register_memory (tx, rx) |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for nproc in processes:
        run = _pair_rounds if nproc == 1 else _process_rounds
        for mode in modes:
            best: dict[str, float] = {}
            regs: tuple = ()
            for where in ("cuda:0", "cpu", "staged") if mode == "read" else ("cuda:0", "cpu"):
                dt, r = await run(mode, where, pool, rounds, tensors)
                best[where] = mb / dt
                regs = r if where == "cuda:0" else regs
            ratio = best["cuda:0"] / best["cpu"]
            staged = f"{best['staged']:.0f}" if "staged" in best else "-"
            print(f"| {mode} | {nproc} | {best['cuda:0']:.0f} | {best['cpu']:.0f} | "
                  f"x{ratio:.2f} | {staged} | {regs[0]}, {regs[1]} |", flush=True)  # fmt: skip
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-tests", action="store_true", help="skip the requires_gpu tests")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--mode", choices=["write", "read", "both"], default="both")
    ap.add_argument(
        "--processes",
        choices=["1", "2", "both"],
        default="both",
        help="sender in the receiver's process (1), in its own (2), or both",
    )
    args = ap.parse_args()
    print(f"== gpu_check_embeddings {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}")
    problem = environment()
    if problem is not None:
        print(f"== no usable CUDA device: {problem}")
        return 2
    rc = 0 if args.no_tests else run_tests()
    try:
        modes = ["write", "read"] if args.mode == "both" else [args.mode]
        procs = [1, 2] if args.processes == "both" else [int(args.processes)]
        rc |= asyncio.run(bench(args.rounds, modes, procs))
    except Exception as e:
        print(f"gpu_check_embeddings: bench FAILED: {type(e).__name__}: {e}")
        rc = 1
    print(f"== gpu_check_embeddings: {'ok' if rc == 0 else 'FAILED'}")
    return 1 if rc else 0


if __name__ == "__main__":
    sys.exit(main())
