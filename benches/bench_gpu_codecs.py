"""docs/gpu.md's NVDEC and NVENC rows, side by side with the CPU on the same data:

- NVDEC: 32 frames (uniform sampling) of a 1080p and a 4K H.264 clip, fastmedia's NVDEC path
  against its CPU path on every core; wall and CPU seconds (the process's, both threads and
  FFmpeg's), mean |diff| of the pixels.
- nvJPEG: 64 x 1080p JPEGs, images/s, against fastmedia on every CPU thread and
  torchvision's ``decode_jpeg(device="cuda")`` where installed.
- NVENC: 81 frames of 832x480, h264/hevc/av1_nvenc against SVT-AV1 and OpenH264 on the CPU;
  wall, bytes and PSNR of the clip decoded back on the CPU.

Clips: ``--clip`` files (e.g. the corpus's 1080p H.264 and HEVC) and clips made here with
fastmedia's encoders (4K always; 1080p without ``--clip``).
Run by benches/gpu_check.sh; on a machine without a usable GPU the GPU rows say why.

    python benches/bench_gpu_codecs.py [--clip PATH ...] [--frames 32] [--reps 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import print_table  # noqa: E402
from fastmedia import Encoder, _core  # noqa: E402
from fastmedia._internal import gpu as _gpu  # noqa: E402


def waves(t: int, h: int, w: int) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    out = np.empty((t, h, w, 3), np.uint8)
    for i in range(t):
        out[i, ..., 0] = 128 + 100 * np.sin((xx + 3 * i) / 40)
        out[i, ..., 1] = 128 + 100 * np.cos((yy - 2 * i) / 31)
        out[i, ..., 2] = 128 + 60 * np.sin((xx + yy) / 50 + i / 4)
    return out


def timed(fn, reps: int):
    """(result, best wall s, CPU s of that run)."""
    best = None
    for _ in range(reps):
        c0, t0 = time.process_time(), time.perf_counter()
        out = fn()
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        if best is None or wall < best[1]:
            best = (out, wall, cpu)
    assert best is not None
    return best


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = float(np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2))
    return float("inf") if mse == 0 else 10 * np.log10(255.0**2 / mse)


def nvdec_rows(clips: dict[str, bytes], frames: int, reps: int, problem: str | None) -> list:
    cpu = _core.Decoder()
    gpu = None if problem else _core.Decoder(gpu=(0, True))
    rows = []
    for label, data in clips.items():
        (want, _), w_cpu, c_cpu = timed(lambda d=data: cpu.decode_video(d, num_frames=frames), reps)
        if gpu is None:
            rows.append([label, f"{w_cpu:.3f}", f"{c_cpu:.2f}", "-", "-", "-", f"({problem})"])
            continue
        (got, _), w_gpu, c_gpu = timed(lambda d=data: gpu.decode_video(d, num_frames=frames), reps)
        diff = np.abs(np.asarray(got, np.int16) - np.asarray(want, np.int16)).mean()
        rows.append(
            [
                label,
                f"{w_cpu:.3f}",
                f"{c_cpu:.2f}",
                f"{w_gpu:.3f}",
                f"{c_gpu:.2f}",
                f"{w_cpu / w_gpu:.2f}x",
                f"{diff:.2f}",
            ]
        )
    return rows


def nvenc_rows(reps: int, problem: str | None) -> list:
    src = waves(81, 480, 832)
    dec = _core.Decoder()
    enc = Encoder()
    rows = []
    for codec in ("libsvtav1", "h264", "h264_nvenc", "hevc_nvenc", "av1_nvenc"):
        if codec.endswith("_nvenc") and problem:
            rows.append([codec, "-", "-", "-", f"({problem})"])
            continue
        out, wall, _ = timed(lambda c=codec: enc.encode_video(src, codec=c, fps=16), reps)
        back, _ = dec.decode_video(out.data, num_frames=81)
        rows.append(
            [codec, f"{wall:.3f}", f"{len(out.data)}", f"{psnr(np.asarray(back), src):.2f}", ""]
        )
    return rows


def nvjpeg_rows(jpegs: list[bytes], reps: int, problem: str | None) -> list:
    """Images/s decoding the batch: fastmedia on every CPU thread, nvJPEG, and torchvision's
    GPU decoder where it is installed."""
    n = len(jpegs)
    cpu = _core.Decoder()
    _, wall, _ = timed(lambda: cpu.decode_batch(jpegs), reps)
    rows = [[f"fastmedia CPU ({cpu.threads} threads)", f"{n / wall:.0f}", "1.00x", ""]]
    base = n / wall
    nv_problem = problem or _gpu.load_nvjpeg()
    if nv_problem:
        rows.append(["nvJPEG", "-", "-", f"({nv_problem})"])
    else:
        gpu = _core.Decoder(gpu=(0, True))
        outs, wall, _ = timed(lambda: gpu.decode_batch(jpegs), reps)
        want = cpu.decode_batch(jpegs)
        diff = max(
            float(np.abs(np.asarray(a, np.int16) - np.asarray(b, np.int16)).mean())
            for a, b in zip(outs, want, strict=True)
        )
        rows.append(
            ["nvJPEG", f"{n / wall:.0f}", f"{n / wall / base:.2f}x", f"max mean |diff| {diff:.2f}"]
        )
    try:
        import torch
        import torchvision.io as tvio

        if problem is None and torch.cuda.is_available():
            data = [torch.frombuffer(bytearray(j), dtype=torch.uint8) for j in jpegs]

            def tv() -> None:
                tvio.decode_jpeg(data, device="cuda")
                torch.cuda.synchronize()

            _, wall, _ = timed(tv, reps)
            rows.append(
                ["torchvision decode_jpeg cuda", f"{n / wall:.0f}", f"{n / wall / base:.2f}x", ""]
            )
    except ImportError:
        rows.append(["torchvision decode_jpeg cuda", "-", "-", "(torchvision not installed)"])
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clip", action="append", default=[], help="a video file (repeatable)")
    ap.add_argument("--frames", type=int, default=32)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--small", action="store_true", help="made clips at 256x144 (a quick run)")
    args = ap.parse_args(argv)
    problem = _gpu.driver_problem()
    print(f"bench_gpu_codecs: {os.cpu_count()} CPUs; GPU: {problem or 'usable'}")
    clips = {Path(p).name: Path(p).read_bytes() for p in args.clip}
    # Made clips: 4K always (the corpus has none), 1080p where no clip was given.
    sizes = [("144p", 144, 256)] if args.small else [("1080p", 1080, 1920), ("4K", 2160, 3840)]
    enc = Encoder()
    for label, h, w in sizes[1:] if args.clip and not args.small else sizes:
        clips[f"made {label} h264"] = enc.encode_video(waves(48, h, w), codec="h264", fps=24).data
    print_table(
        [
            "clip",
            "CPU wall s",
            "CPU cpu s",
            "NVDEC wall s",
            "NVDEC cpu s",
            "speedup",
            "mean |diff|",
        ],
        nvdec_rows(clips, args.frames, args.reps, problem),
    )
    fixtures = HERE.parent / "tests/fixtures"
    jpeg = sorted(
        fixtures.glob("jpeg_640x480/*.jpg" if args.small else "jpeg_mosaic_1920x1080/*.jpg")
    )
    batch = [jpeg[i % len(jpeg)].read_bytes() for i in range(4 if args.small else 64)]
    print_table(["JPEG batch", "images/s", "vs CPU", ""], nvjpeg_rows(batch, args.reps, problem))
    if not args.small:
        print_table(["encoder", "wall s", "bytes", "PSNR dB", ""], nvenc_rows(args.reps, problem))
    return 0


if __name__ == "__main__":
    sys.exit(main())
