"""The first row of docs/gpu.md's table through the Reader: ``read_batch(output="torch")`` of
64 x 1080p RGB items from a frontend process into ``Reader(device="cuda:0")``, staged and
direct, against a CPU ``Reader`` then ``.cuda()`` on each tensor (the peer the issue names),
with the bytes checked. ``benches/bench_gpu.py`` is the same row at the NIXL level. Run by
benches/gpu_check.sh (which sets FASTMEDIA_GPU_UNVERIFIED=1); prints why and exits 0 on a
machine without a usable GPU. tests/test_reader_vram.py runs ``measure`` on CPU with the
device faked.

    python benches/bench_reader_vram.py [--reps N] [--frames N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from common import print_table  # noqa: E402
from fastmedia import Reader  # noqa: E402
from fastmedia._internal import gpu as _gpu  # noqa: E402

HEADERS = ["path", "median ms", "items/s", "GB/s", "vs DRAM + .cuda()", "same"]


def _median_s(fn: Callable[[], Any], reps: int) -> float:
    fn()  # warm-up: connections, the pools' first slabs and the VRAM arena
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def measure(
    descs: Sequence[dict],
    want: dict[int, np.ndarray],
    reps: int,
    device: str = "cuda:0",
    to_cuda: Callable[[Any], Any] | None = None,
    sync: Callable[[], None] | None = None,
) -> list[list[str]]:
    """One row per path. ``want``: expected bytes of some items, by index. ``to_cuda`` and
    ``sync`` (the baseline's ``.cuda()`` and ``torch.cuda.synchronize``) are faked by the
    CPU test."""
    if to_cuda is None or sync is None:
        import torch

        to_cuda = to_cuda or (lambda t: t.cuda(device))
        sync = sync or (lambda: torch.cuda.synchronize(device))
    total = sum(int(np.prod(d["shape"])) for d in descs)
    pool = max(1 << 30, 2 * total)

    def check(got: list) -> bool:
        return all(np.array_equal(got[i].cpu().numpy(), w) for i, w in want.items())

    results: list[tuple[str, float, bool]] = []
    with Reader(timeout_s=60.0, pool_bytes=pool) as r:

        def baseline() -> list:
            got = [to_cuda(t) for t in r.read_batch(descs, output="torch")]
            sync()
            return got

        results.append(("DRAM then .cuda() (CPU Reader)", _median_s(baseline, reps),
                        check(baseline())))  # fmt: skip
    for mode in ("staged", "direct"):
        with Reader(device=device, gpu_read=mode, timeout_s=60.0, pool_bytes=pool) as r:

            def into_vram(r: Reader = r) -> list:
                return r.read_batch(descs, output="torch")

            s = _median_s(into_vram, reps)
            results.append((f"Reader(device={device!r}, gpu_read={mode!r})", s, check(into_vram())))
    base = results[0][1]
    return [
        [
            label,
            f"{s * 1e3:.2f}",
            f"{len(descs) / s:.1f}",
            f"{total / s / 1e9:.2f}",
            f"{base / s:.2f}x",
            "yes" if same else "NO",
        ]
        for label, s, same in results
    ]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--frames", type=int, default=64, help="1080p RGB items per read_batch")
    args = ap.parse_args()
    problem = _gpu.cuda_problem(0)
    if problem is not None:
        print(f"bench_reader_vram: skipped (no usable GPU: {problem})")
        return 0
    from tests.nixl_peers import Frontend, pixels

    shape = (1080, 1920, 3)
    front = Frontend(lease_keys=True, grace_s=30.0)
    try:
        descs = front.images([(shape, seed) for seed in range(args.frames)])
        last = args.frames - 1
        want = {0: pixels(shape, 0), last: pixels(shape, last)}
        rows = measure(descs, want, args.reps)
    finally:
        front.close()
    print_table(HEADERS, rows)
    return 0 if all(r[-1] == "yes" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
