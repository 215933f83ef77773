"""The GPU check of fastmedia's embedding transfers (``device="cuda:N"``), in one file, for a
GPU machine (well under 5 minutes):

1. what the machine has (torch and its CUDA device, NIXL);
2. ``pytest -m requires_gpu tests/test_embedding_gpu.py``: bit-exact Read and Write transfers
   VRAM to VRAM, host to VRAM and VRAM to host, staged CUDA tensors, the pool's chunk
   lifetime, and no per-send or per-receive registration;
3. a side-by-side row on Dynamo's benchmark shape (30 x [256, 8192] float32 made on cuda:0,
   sent concurrently, then received concurrently, delivered on cuda:0): the pools in VRAM
   against the host bounce (CPU pools: GPU -> host copy into the sender's pool, transfer,
   then ``.to("cuda:0")``), MB/s and the ratio, for each mode.

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
    from fastmedia import _gpu

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


async def _round(tx: Any, rx: Any, tensors: list, to_gpu: bool) -> float:
    """Seconds to send all, then receive all (one batch), delivered on cuda:0."""
    import torch

    t0 = time.perf_counter()
    sent = await asyncio.gather(*(tx.send_embeddings(t) for t in tensors))
    got = await rx.receive_embeddings_batch([req for req, _ in sent])
    await asyncio.gather(*(done for _, done in sent))
    out = [t.to("cuda:0") if to_gpu else t for _, t in got]
    torch.cuda.synchronize()
    dt = time.perf_counter() - t0
    for (tid, _), o, src in zip(got, out, tensors, strict=True):
        if not torch.equal(o, src):
            raise AssertionError("received embeddings differ from the sent ones")
        rx.release_tensor(tid)
    return dt


async def bench(rounds: int) -> int:
    import torch

    from fastmedia.embeddings import (
        NixlReadEmbeddingReceiver,
        NixlReadEmbeddingSender,
        NixlWriteEmbeddingReceiver,
        NixlWriteEmbeddingSender,
    )

    g = torch.Generator(device="cuda:0").manual_seed(0)
    tensors = [torch.randn(256, 8192, device="cuda:0", generator=g) for _ in range(30)]
    mb = sum(t.nbytes for t in tensors) / 1e6
    pool = 512 << 20
    print(f"== bench: 30 x [256, 8192] float32 on cuda:0 ({mb:.0f} MB), best of {rounds}")
    print("| mode | pools in VRAM MB/s | host bounce MB/s | ratio | register_memory (tx, rx) |")
    print("|---|---|---|---|---|")
    for mode in ("write", "read"):
        best: dict[str, float] = {}
        regs = ""
        for where in ("cuda:0", "cpu"):
            if mode == "write":
                tx: Any = NixlWriteEmbeddingSender(pool_bytes=pool, device=where)
                rx: Any = NixlWriteEmbeddingReceiver(pool, device=where, timeout_s=60)
            else:
                tx = NixlReadEmbeddingSender(pool_bytes=pool, device=where)
                rx = NixlReadEmbeddingReceiver(
                    pool_bytes=pool, slab_bytes=pool, device=where, timeout_s=60
                )
            with tx, rx:
                times = [await _round(tx, rx, tensors, where == "cpu") for _ in range(rounds)]
                best[where] = mb / min(times)
                if where == "cuda:0":
                    regs = f"{tx.stats()['register_memory_calls']}, " + str(
                        rx.stats()["register_memory_calls"]
                    )
        ratio = best["cuda:0"] / best["cpu"]
        print(f"| {mode} | {best['cuda:0']:.0f} | {best['cpu']:.0f} | x{ratio:.2f} | {regs} |")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-tests", action="store_true", help="skip the requires_gpu tests")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    print(f"== gpu_check_embeddings {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}")
    problem = environment()
    if problem is not None:
        print(f"== no usable CUDA device: {problem}")
        return 2
    rc = 0 if args.no_tests else run_tests()
    try:
        rc |= asyncio.run(bench(args.rounds))
    except Exception as e:
        print(f"gpu_check_embeddings: bench FAILED: {type(e).__name__}: {e}")
        rc = 1
    print(f"== gpu_check_embeddings: {'ok' if rc == 0 else 'FAILED'}")
    return 1 if rc else 0


if __name__ == "__main__":
    sys.exit(main())
