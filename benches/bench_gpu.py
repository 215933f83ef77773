"""The first row of docs/gpu.md's table at the NIXL level: a READ straight into registered VRAM
vs a READ into registered DRAM then a host-to-device copy (what ``.cuda()`` does), for one
6 MiB item and 64 x 1080p RGB items: the transfer a VRAM pool rests on. The memory owner is
fastmedia's endpoint agent (``_nixl.Endpoint``), the reader the nixl wheel's (as Dynamo
reads). Run by benches/gpu_check.sh; prints why and exits 0 on a machine without a usable GPU.

    python benches/bench_gpu.py [--reps N] [--frames N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from common import print_table, wheel_agent  # noqa: E402
from fastmedia._internal import gpu as _gpu  # noqa: E402

FRAME = 1080 * 1920 * 3


def vram_region(buf) -> tuple[int, int, int, str]:
    """(address, bytes, device, NIXL segment) of a CUDA buffer (a test stands host memory in)."""
    return (*_gpu.cuda_region(buf), "VRAM")


def _read(reader, name: str, local, remote) -> None:
    h = reader.initialize_xfer("READ", local, remote, name, b"")
    state = reader.transfer(h)
    deadline = time.monotonic() + 60
    while state not in ("DONE", "ERR") and time.monotonic() < deadline:
        state = reader.check_xfer_state(h)
    reader.release_xfer_handle(h)
    if state != "DONE":
        raise RuntimeError(f"NIXL READ ended in {state}")


def _median_ms(fn, reps: int) -> float:
    fn()  # warm-up: connection and registration caches
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def _measure(reader, name: str, case: tuple, reps: int) -> tuple:
    label, size, count, src, host, vram, gpu_copy = case
    remote = reader.get_xfer_descs(
        [(src.ctypes.data + i * size, size, 0) for i in range(count)], "DRAM"
    )
    addr, _n, dev, seg = vram_region(vram)
    to_vram = reader.get_xfer_descs([(addr + i * size, size, dev) for i in range(count)], seg)
    to_dram = reader.get_xfer_descs(
        [(host.ctypes.data + i * size, size, 0) for i in range(count)], "DRAM"
    )

    def via_dram() -> None:
        _read(reader, name, to_dram, remote)
        gpu_copy.copy_from_host(host)

    vram_ms = _median_ms(lambda: _read(reader, name, to_vram, remote), reps)
    dram_ms = _median_ms(via_dram, reps)
    same = np.array_equal(vram.to_host(), src) and np.array_equal(gpu_copy.to_host(), src)
    total = size * count
    return (
        label,
        f"{vram_ms:.2f}",
        f"{dram_ms:.2f}",
        f"{dram_ms / vram_ms:.2f}x",
        f"{total / vram_ms / 1e6:.1f}",
        "yes" if same else "NO",
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--frames", type=int, default=64, help="1080p items in the second row")
    args = ap.parse_args()
    problem = _gpu.driver_problem()
    if problem is not None:
        print(f"bench_gpu: skipped (no usable GPU: {problem})")
        return 0
    from cuda_buffer import CudaBuffer
    from fastmedia.transfer._nixl import Endpoint

    front = Endpoint(None, 1000, "bench-gpu-front")
    reader = wheel_agent("bench-gpu-reader")
    cases, regs, bufs = [], [], []
    try:
        for label, size, count in (
            ("6 MiB x 1", 6 << 20, 1),
            (f"1080p RGB x {args.frames}", FRAME, args.frames),
        ):
            total = size * count
            src = np.random.default_rng(0).integers(0, 256, total, dtype=np.uint8)
            host = np.zeros(total, np.uint8)
            vram, gpu_copy = CudaBuffer(total), CudaBuffer(total)
            bufs += [vram, gpu_copy]
            front.register(src.ctypes.data, total)
            regs.append(reader.register_memory([(host.ctypes.data, total, 0, "")], "DRAM"))
            addr, nbytes, dev, seg = vram_region(vram)
            regs.append(reader.register_memory([(addr, nbytes, dev, "")], seg))
            cases.append((label, size, count, src, host, vram, gpu_copy))
        # The frontend's metadata names its registrations: load it once they all exist.
        name = reader.add_remote_agent(front.metadata())
        rows = [_measure(reader, name, case, args.reps) for case in cases]
    finally:
        for reg in regs:
            reader.deregister_memory(reg)
        front.close()  # its registrations go with it
        for b in bufs:
            b.free()
    print_table(
        ["items", "READ into VRAM ms", "READ into DRAM + HtoD ms", "speedup", "VRAM GB/s", "same"],
        rows,
    )
    return 0 if all(r[-1] == "yes" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
