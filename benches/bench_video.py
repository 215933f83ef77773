"""Video benchmarks, side by side in one process on the same files (32 frames, uniform).

1. Per clip: fastmedia ``Decoder.decode_video`` against vLLM's OpenCV loader logic (grab()
   every frame up to the last index, retrieve() the targets) and a PyAV loader (one seek per
   group of targets, decode forward, ``thread_type="AUTO"``). Wall and CPU medians,
   interleaved round-robin so outside load hits every contender alike.
   Targets: 5-min 480p (2 s GOPs) >= 5x OpenCV; 20 s 1080p >= 2x; 60 s 720p (250-frame
   GOPs) >= 1.5x; >= 1.5x PyAV on all three.
2. Peak RSS per clip and loader (each in a fresh process).
3. Thread scaling: ``decode_video_batch`` with 1 and 2 pool threads on one and two of the
   clips above and on a batch of 8 mixed clips (target >= 1.7x), wall and CPU.
4. ``Frontend.decode_video`` (into registered memory) vs ``Decoder.decode_video``. Target
   >= 0.95x.
5. Resize to Qwen2-VL's video budget (HF's video processor: ``smart_resize`` per frame,
   factor 28, 128*28*28 to 768*28*28 pixels, BICUBIC) on the 1080p clip: fastmedia
   ``decode_video(resize=)`` against fastmedia without resize, and vLLM's path (the OpenCV
   loader, then Pillow's resize of every frame). Bytes per clip and CPU-time ratios.

    python benches/bench_video.py [CORPUS] [--repeats 3] [--frames 32] [--all] [--no-rss]
                                  [--resize-only]
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fastmedia
from common import find_corpus, fmt_ratio, load_average, print_table, time_interleaved

MAIN = ["h264_480p30_300s_gop60.mp4", "h264_1080p30_high_20s.mp4", "h264_720p30_60s_gop250.mp4"]
BATCH = [
    "av1_720p30_10s.mp4",
    "hevc_1080p30_10s.mp4",
    "vp9_720p30_10s.webm",
    "vp8_480p30_10s.webm",
    "h264_1366x768_baseline_8s.mp4",
    "h264_phone_rotate90_aac.mp4",
    "mpeg4_480p_8s.avi",
    "h264_vfr_720p.mkv",
]


def opencv_loader(data: bytes, num_frames: int):
    """vLLM's OpenCV video backend (VideoBackend + OpenCVVideoBackendMixin), inlined."""
    import cv2
    import cv2.videoio_registry as vr

    api = next(
        (b for b in vr.getStreamBufferedBackends() if vr.hasBackend(b) and vr.isBackendBuiltIn(b)),
        None,
    )
    cap = cv2.VideoCapture(io.BytesIO(data), api, [])
    total = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    fps = cap.get(cv2.CAP_PROP_FPS)
    n = max(1, min(num_frames, total))
    idx = list(range(total)) if n == total else np.linspace(0, total - 1, n, dtype=int).tolist()
    want = set(idx)
    w = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH))
    h = int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
    frames = np.empty((len(want), h, w, 3), dtype=np.uint8)
    i = 0
    for k in range(max(idx) + 1):
        if not cap.grab():
            continue
        if k in want:
            ok, f = cap.retrieve()
            if ok:
                frames[i] = cv2.cvtColor(f, cv2.COLOR_BGR2RGB)
                i += 1
    return frames[:i], {"total_num_frames": total, "fps": fps}


def pyav_loader(data: bytes, num_frames: int, gap_s: float = 2.0):
    """PyAV: the same indices; seek (to the keyframe before) when the next target is more
    than ``gap_s`` ahead, else keep decoding forward; convert only the targets."""
    import av

    with av.open(io.BytesIO(data)) as c:
        s = c.streams.video[0]
        s.thread_type = "AUTO"
        fps = float(s.average_rate)
        total = s.frames or int(c.duration / 1e6 * fps + 0.5)
        n = max(1, min(num_frames, total))
        idx = list(range(total)) if n == total else np.linspace(0, total - 1, n, dtype=int)
        tb = float(s.time_base)
        start = s.start_time or 0
        targets = [start + round(i / fps / tb) for i in idx]
        out = []
        it = None
        pos = None  # pts of the last decoded frame
        for t in targets:
            if it is None or pos is None or (t - pos) * tb > gap_s:
                c.seek(t, stream=s, backward=True)
                it = c.decode(s)
            for f in it:
                pos = f.pts
                if f.pts >= t:
                    out.append(f.to_ndarray(format="rgb24"))
                    break
        return np.stack(out), {"total_num_frames": total, "fps": fps}


def rss_child(loader: str, path: str, frames: int) -> None:
    data = Path(path).read_bytes()
    if loader == "fastmedia":
        fastmedia.Decoder(threads=2).decode_video(data, num_frames=frames)
    elif loader == "opencv":
        opencv_loader(data, frames)
    else:
        pyav_loader(data, frames)
    # VmHWM, not ru_maxrss: getrusage keeps the parent's peak across exec.
    status = Path("/proc/self/status").read_text()
    hwm_kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM"))
    print(hwm_kb // 1024)


def peak_rss(loader: str, path: Path, frames: int) -> int | None:
    r = subprocess.run(
        [sys.executable, __file__, "--rss-child", loader, str(path), "--frames", str(frames)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    return int(r.stdout.split()[-1]) if r.returncode == 0 and r.stdout.split() else None


def scaling(batch: list[bytes], pair: list[bytes], frames: int, repeats: int) -> None:
    """decode_video_batch with 1 and 2 pool threads on 1 and 2 of the main clips and on the
    mixed batch: wall speedup from 1 to 2 threads, and what the second thread costs in CPU."""
    one, two = fastmedia.Decoder(threads=1), fastmedia.Decoder(threads=2)
    rows = []
    for what, items in (
        ("1 video", pair[:1]),
        ("2 videos", pair[:2]),
        (f"batch of {len(batch)} mixed", batch),
    ):
        if not items:
            continue
        t1, t2 = time_interleaved(
            [
                lambda i=items: one.decode_video_batch(i, num_frames=frames),
                lambda i=items: two.decode_video_batch(i, num_frames=frames),
            ],
            repeats=repeats,
            warmup=1,
        )
        rows.append(
            [
                what,
                f"{t1.median:.2f}",
                f"{t2.median:.2f}",
                fmt_ratio(t1.median, t2.median),
                f"{t1.median_cpu:.2f}",
                f"{t2.median_cpu:.2f}",
                fmt_ratio(t2.median_cpu, t1.median_cpu),
            ]
        )
    print(f"\n3. thread scaling, {frames} frames each (batch of 8 target >= 1.7x)")
    print_table(
        ["items", "1 thread s", "2 threads s", "speedup", "CPU 1t", "CPU 2t", "CPU 2t/1t"],
        rows,
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--frames", type=int, default=32)
    ap.add_argument("--all", action="store_true", help="every corpus clip, not only the three")
    ap.add_argument("--no-rss", action="store_true")
    ap.add_argument("--resize-only", action="store_true", help="only section 5")
    ap.add_argument("--rss-child", nargs=2, metavar=("LOADER", "PATH"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.rss_child:
        rss_child(a.rss_child[0], a.rss_child[1], a.frames)
        return
    from common import versions

    print(versions("opencv-python-headless", "av", "pillow"))
    root = find_corpus(a.corpus)
    vdir = root / "video" if (root / "video").is_dir() else root
    if a.resize_only:
        bench_resize(vdir, a.frames, a.repeats)
        return
    names = (
        sorted(p.name for p in vdir.iterdir() if p.suffix in (".mp4", ".mkv", ".webm", ".avi"))
        if a.all
        else [n for n in MAIN if (vdir / n).is_file()]
    )
    if not names:
        raise SystemExit(f"no video clips in {vdir}")
    print(f"load average {load_average()}, {a.frames} frames, {a.repeats} repeats, 2 threads")
    dec = fastmedia.Decoder(threads=2)
    rows = []
    for n in names:
        data = (vdir / n).read_bytes()
        fm = dec.decode_video(data, num_frames=a.frames)
        cv, _ = opencv_loader(data, a.frames)
        av_frames, _ = pyav_loader(data, a.frames)
        same = cv.shape == fm.frames.shape and float(np.abs(cv.astype(int) - fm.frames).mean())
        t_fm, t_cv, t_av = time_interleaved(
            [
                lambda d=data: dec.decode_video(d, num_frames=a.frames),
                lambda d=data: opencv_loader(d, a.frames),
                lambda d=data: pyav_loader(d, a.frames),
            ],
            repeats=a.repeats,
            warmup=0,
        )
        rows.append(
            [
                n,
                f"{t_fm.median:.2f}",
                f"{t_cv.median:.2f}",
                f"{t_av.median:.2f}",
                fmt_ratio(t_cv.median, t_fm.median),
                fmt_ratio(t_av.median, t_fm.median),
                fmt_ratio(t_cv.median_cpu, t_fm.median_cpu),
                fmt_ratio(t_av.median_cpu, t_fm.median_cpu),
                f"{same:.2f}" if same is not False else "shape!",
                av_frames.shape[0],
            ]
        )
        print(
            json.dumps(
                {
                    "clip": n,
                    "fm_s": t_fm.times,
                    "cv_s": t_cv.times,
                    "av_s": t_av.times,
                    "fm_cpu": t_fm.cpu,
                    "cv_cpu": t_cv.cpu,
                    "av_cpu": t_av.cpu,
                }
            ),
            file=sys.stderr,
        )
    print("\n1. decode_video vs vLLM's OpenCV loader and a PyAV loader (seconds, medians)")
    print_table(
        [
            "clip",
            "fastmedia",
            "OpenCV",
            "PyAV",
            "vs OpenCV",
            "vs PyAV",
            "CPU vs OpenCV",
            "CPU vs PyAV",
            "|diff| vs OpenCV",
            "PyAV frames",
        ],
        rows,
    )

    if not a.no_rss:
        print("\n2. peak RSS per clip (MiB, fresh process each)")
        print_table(
            ["clip", "fastmedia", "OpenCV", "PyAV"],
            [
                [n, *(peak_rss(ld, vdir / n, a.frames) for ld in ("fastmedia", "opencv", "pyav"))]
                for n in names
            ],
        )

    batch = [(vdir / n).read_bytes() for n in BATCH if (vdir / n).is_file()]
    if len(batch) >= 2:
        scaling(batch, [(vdir / n).read_bytes() for n in names[:2]], a.frames, a.repeats)

    big = vdir / "h264_1080p30_high_20s.mp4"
    if big.is_file():
        try:
            fe = fastmedia.Frontend(decoder=dec, pool_bytes=1 << 30)
        except fastmedia.NixlUnavailable as e:
            print(f"\n4. Frontend: skipped ({e})")
            return
        data = big.read_bytes()

        def frontend():
            m = fe.decode_video(data, num_frames=a.frames)
            m.release()

        td, tf = time_interleaved(
            [lambda: dec.decode_video(data, num_frames=a.frames), frontend],
            repeats=a.repeats,
            warmup=1,
        )
        print(
            f"\n4. 1080p clip, {a.frames} frames: Decoder {td.median:.2f} s, Frontend "
            f"{tf.median:.2f} s: Frontend at {fmt_ratio(td.median, tf.median)} of Decoder "
            f"(CPU {fmt_ratio(td.median_cpu, tf.median_cpu)}; target >= 0.95x)"
        )
        fe.close()
    bench_resize(vdir, a.frames, a.repeats)


# HF's Qwen2VLVideoProcessor defaults (also Qwen2.5-VL's): per frame, factor 28.
QWEN2_VL_VIDEO = fastmedia.Resize.qwen2_vl(min_pixels=128 * 28 * 28, max_pixels=768 * 28 * 28)


def opencv_pillow_loader(data: bytes, num_frames: int, size: tuple[int, int]):
    """vLLM's path: the OpenCV loader, then the HF processor's Pillow BICUBIC per frame."""
    from PIL import Image

    frames, meta = opencv_loader(data, num_frames)
    h, w = size
    out = np.stack([np.asarray(Image.fromarray(f).resize((w, h), Image.BICUBIC)) for f in frames])
    return out, meta


def bench_resize(vdir: Path, frames: int, repeats: int) -> None:
    big = vdir / "h264_1080p30_high_20s.mp4"
    if not big.is_file():
        print("\n5. resize: skipped (no h264_1080p30_high_20s.mp4)")
        return
    data = big.read_bytes()
    dec = fastmedia.Decoder(threads=2)
    r = QWEN2_VL_VIDEO
    full = dec.decode_video(data, num_frames=frames).frames
    small = dec.decode_video(data, num_frames=frames, resize=r).frames
    size = small.shape[1:3]
    ref, _ = opencv_pillow_loader(data, frames, size)
    d = np.abs(ref.astype(np.int16) - small).mean() if ref.shape == small.shape else float("nan")
    t_full, t_rs, t_cvp = time_interleaved(
        [
            lambda: dec.decode_video(data, num_frames=frames),
            lambda: dec.decode_video(data, num_frames=frames, resize=r),
            lambda: opencv_pillow_loader(data, frames, size),
        ],
        repeats=repeats,
        warmup=0,
    )
    print(
        f"\n5. 1080p clip, {frames} frames, resized to Qwen2-VL's video budget "
        f"({full.shape[2]}x{full.shape[1]} -> {size[1]}x{size[0]}; seconds, medians)"
    )
    mib = 1 << 20
    print_table(
        ["path", "bytes/clip (MiB)", "wall", "CPU", "CPU: OpenCV+Pillow / this"],
        [
            [
                "fastmedia, no resize",
                f"{full.nbytes / mib:.1f}",
                f"{t_full.median:.2f}",
                f"{t_full.median_cpu:.2f}",
                fmt_ratio(t_cvp.median_cpu, t_full.median_cpu),
            ],
            [
                "fastmedia, resize=",
                f"{small.nbytes / mib:.1f}",
                f"{t_rs.median:.2f}",
                f"{t_rs.median_cpu:.2f}",
                fmt_ratio(t_cvp.median_cpu, t_rs.median_cpu),
            ],
            [
                "OpenCV + Pillow",
                f"{ref.nbytes / mib:.1f}",
                f"{t_cvp.median:.2f}",
                f"{t_cvp.median_cpu:.2f}",
                "1.00x",
            ],
        ],
    )
    print(
        f"bytes moved: {fmt_ratio(full.nbytes, small.nbytes)} fewer with resize; resize costs "
        f"{fmt_ratio(t_rs.median_cpu, t_full.median_cpu)} the CPU of the full-size decode; "
        f"vs OpenCV+Pillow: wall {fmt_ratio(t_cvp.median, t_rs.median)}, CPU "
        f"{fmt_ratio(t_cvp.median_cpu, t_rs.median_cpu)}; mean |diff| {d:.2f}"
    )


if __name__ == "__main__":
    main()
