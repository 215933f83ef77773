"""Encoding benchmarks (issue 21), fastmedia and its peers side by side in one process on
the same frames.

Frames: real content, the corpus's 1080p clip decoded by fastmedia and resized (Pillow
bicubic) to 832x480 and 1280x720, 81 and 121 frames, as a video model hands them to its
server; uint8 and float32 in [0, 1]. Per contender: wall and CPU medians (round-robin, so
outside load hits all alike), PSNR of the decoded result against the frames (PyAV), bytes,
and ratios against the peer named in the issue.

Video peers: Dynamo 1.6.1's ``encode_to_video_bytes`` (imageio v3, libvpx-vp9 defaults; its
call copied here when Dynamo is not importable), ``imageio.mimsave`` (imageio-ffmpeg,
libx264: FastVideo and diffusers), PyAV libx264 ``preset=ultrafast`` (vLLM-Omni's fix) and
PyAV libvpx-vp9, torchcodec's ``VideoEncoder`` where torch and torchcodec import (run the
bench with a Python that has them). Images: Pillow PNG (level 6) and JPEG (quality 75,
4:2:0, as fastmedia), OpenCV ``imencode``, simplejpeg, one frame and a batch of 8.
base64: ``base64.b64encode(...).decode()`` (both give a ``str``).
fastmedia's rows: OpenH264, ``codec="av1"`` (SVT-AV1 where the linked FFmpeg has it, as
the bundled one does, else rav1e), rav1e, and the linked FFmpeg's libvpx-vp9 (also through
the ``fastmedia.dynamo`` drop-in) and libx264 where it has them.

CPU: this process's threads plus its waited-for subprocesses (imageio's ``ffmpeg``), median
(``common.cpu_seconds``).

Peak RSS: per contender, the growth of this process's peak resident set (``VmHWM``, reset
through ``/proc/self/clear_refs`` before each call) over its resident set at the start of
the call, divided by the frames' own size (``nbytes`` of the array passed in). Peers that
encode in an ``ffmpeg`` subprocess (imageio, Dynamo) are not counted ("subprocess").

    python benches/bench_encode.py [CORPUS] [--repeats 3] [--quick] [--no-vp9-peers]
"""

from __future__ import annotations

import argparse
import base64
import io
import re
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fastmedia
import fastmedia.dynamo as fm_dynamo
from common import find_corpus, fmt_ratio, load_average, print_table, time_interleaved

SOURCE = "h264_1080p30_high_20s.mp4"


def load_frames(corpus: Path, t: int, w: int, h: int) -> np.ndarray:
    """The clip's first ``t`` frames (consecutive, as a model emits them), resized."""
    import av
    from PIL import Image

    out = []
    with av.open(str(corpus / "video" / SOURCE)) as c:
        for f in c.decode(video=0):
            out.append(np.asarray(f.to_image().resize((w, h), Image.BICUBIC)))
            if len(out) == t:
                break
    return np.stack(out)


def _status_kb(field: str) -> int | None:
    try:
        m = re.search(rf"^{field}:\s+(\d+) kB", Path("/proc/self/status").read_text(), re.M)
    except OSError:
        return None
    return int(m.group(1)) if m else None


def peak_rss_growth(fn) -> int | None:
    """Bytes by which one call of ``fn`` lifts this process's peak RSS above its RSS at the
    start of the call; None where Linux's peak-RSS reset is unavailable."""
    try:
        Path("/proc/self/clear_refs").write_text("5")  # VmHWM := VmRSS
    except OSError:
        return None
    start = _status_kb("VmRSS")
    res = fn()
    peak = _status_kb("VmHWM")
    del res
    if start is None or peak is None:
        return None
    return max(0, peak - start) * 1024


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255.0**2 / mse)


def decode_all(data: bytes) -> np.ndarray:
    import av

    with av.open(io.BytesIO(data)) as c:
        return np.stack([f.to_ndarray(format="rgb24") for f in c.decode(video=0)])


# -- video peers -------------------------------------------------------------------------


def dynamo_encode(frames: np.ndarray, fps: int = 16) -> bytes:
    try:
        from dynamo.common.utils.video_utils import encode_to_video_bytes

        return encode_to_video_bytes(frames, fps=fps, output_format="mp4")
    except ImportError:
        import imageio.v3 as iio  # Dynamo 1.6.1's call, copied

        buf = io.BytesIO()
        iio.imwrite(buf, frames, extension=".mp4", fps=fps, codec="libvpx-vp9")
        return buf.getvalue()


def imageio_mimsave(frames: np.ndarray, fps: int = 16) -> bytes:
    import imageio

    with tempfile.NamedTemporaryFile(suffix=".mp4") as f:
        imageio.mimsave(f.name, list(frames), fps=fps, format="mp4")  # diffusers' call
        return Path(f.name).read_bytes()


def pyav_encode(frames: np.ndarray, codec: str, fps: int = 16, **opts: str) -> bytes:
    import av

    buf = io.BytesIO()
    with av.open(buf, "w", format="mp4") as c:
        s = c.add_stream(codec, rate=fps, options=opts)
        s.width, s.height, s.pix_fmt = frames.shape[2], frames.shape[1], "yuv420p"
        for f in frames:
            for p in s.encode(av.VideoFrame.from_ndarray(f, format="rgb24")):
                c.mux(p)
        for p in s.encode():
            c.mux(p)
    return buf.getvalue()


def torchcodec_encode(frames: np.ndarray, fps: int = 16) -> bytes:
    import torch
    from torchcodec.encoders import VideoEncoder

    t = torch.from_numpy(frames).permute(0, 3, 1, 2)  # its [T, 3, H, W]; a view
    return VideoEncoder(t, frame_rate=fps).to_tensor(format="mp4").numpy().tobytes()


def has_torchcodec() -> bool:
    try:
        import torchcodec.encoders  # noqa: F401
    except Exception:  # ImportError, or its FFmpeg libraries failing to load
        return False
    return True


def to_uint8_numpy(f32: np.ndarray) -> np.ndarray:
    """Dynamo's frames_to_numpy expression: what a peer runs before encoding float frames."""
    return (f32 * 255).round().clip(0, 255).astype(np.uint8)


SUBPROCESS = ("Dynamo", "imageio")


def video_rows(frames: np.ndarray, enc: fastmedia.Encoder, repeats: int, vp9_peers: bool) -> list:
    f32 = frames.astype(np.float32) / 255.0
    has = fastmedia.has_video_encoder
    contenders: list[tuple[str, object, np.ndarray]] = [
        ("fastmedia h264 (OpenH264)", lambda: enc.encode_video(frames, codec="h264").data, frames),
        ("fastmedia h264 float32 in", lambda: enc.encode_video(f32, codec="h264").data, f32),
    ]
    # codec="av1" is SVT-AV1 where the build has it (the bundled one), else rav1e.
    av1 = "SVT-AV1" if has("libsvtav1") else "rav1e"
    contenders += [
        (f"fastmedia av1 ({av1})", lambda: enc.encode_video(frames, codec="av1").data, frames),
        (
            f"fastmedia av1 ({av1}) webm",
            lambda: enc.encode_video(frames, codec="av1", container="webm").data,
            frames,
        ),
    ]
    if av1 != "rav1e":
        contenders.append(
            ("fastmedia rav1e", lambda: enc.encode_video(frames, codec="rav1e").data, frames)
        )
    if has("vp9"):
        contenders.append(
            ("fastmedia vp9", lambda: enc.encode_video(frames, codec="vp9").data, frames)
        )
        contenders.append(
            (
                "fastmedia.dynamo encode_to_video_bytes (vp9)",
                lambda: fm_dynamo.encode_to_video_bytes(frames, fps=16),
                frames,
            )
        )
    if has("libx264"):
        contenders.append(
            ("fastmedia libx264", lambda: enc.encode_video(frames, codec="libx264").data, frames)
        )
    if vp9_peers:
        contenders.append(
            ("Dynamo encode_to_video_bytes (vp9)", lambda: dynamo_encode(frames), frames)
        )
    contenders += [
        ("imageio.mimsave (libx264)", lambda: imageio_mimsave(frames), frames),
        (
            "PyAV libx264 ultrafast",
            lambda: pyav_encode(frames, "libx264", preset="ultrafast"),
            frames,
        ),
    ]
    if vp9_peers:
        contenders.append(("PyAV libvpx-vp9", lambda: pyav_encode(frames, "libvpx-vp9"), frames))
    if has_torchcodec():
        contenders.append(
            ("torchcodec VideoEncoder (mp4)", lambda: torchcodec_encode(frames), frames)
        )
    outs = {name: fn() for name, fn, _ in contenders}
    rss = {name: peak_rss_growth(fn) for name, fn, _ in contenders}
    timings = time_interleaved([fn for _, fn, _ in contenders], repeats=repeats, warmup=0)
    ref = {n: t for (n, _, _), t in zip(contenders, timings, strict=True)}
    dyn = ref["Dynamo encode_to_video_bytes (vp9)"].median if vp9_peers else None
    mim = ref["imageio.mimsave (libx264)"].median
    rows = []
    for (name, _, src), t in zip(contenders, timings, strict=True):
        data = outs[name]
        back = decode_all(data)
        q = psnr(back, frames) if back.shape == frames.shape else float("nan")
        r = rss[name]
        if name.startswith(SUBPROCESS):
            mem = "subprocess"
        else:
            mem = "n/a" if r is None else f"{r / src.nbytes:.2f}x"
        rows.append(
            [
                name,
                f"{t.median:.2f}",
                f"{t.median_cpu:.2f}",
                f"{q:.2f}",
                f"{len(data) / 1e3:.0f}",
                mem,
                fmt_ratio(dyn, t.median),
                fmt_ratio(mim, t.median),
            ]
        )
    (conv,) = time_interleaved([lambda: to_uint8_numpy(f32)], repeats=repeats)
    rows.append(
        [
            "(numpy float32 -> uint8, Dynamo's frames_to_numpy: add to a peer's float32 time)",
            f"{conv.median:.2f}",
            f"{conv.median_cpu:.2f}",
            "",
            "",
            "",
            "",
            "",
        ]
    )
    return rows


def batch_scaling(frames: np.ndarray, repeats: int) -> list:
    # 8 clips of 40 frames, each C-contiguous as a model hands them over (a strided view
    # would be copied under the GIL before the pool sees it: that is the caller's cost).
    clips = [np.ascontiguousarray(frames[i::2][:40]) for i in range(2)] * 4
    encs = [fastmedia.Encoder(threads=n) for n in (1, 2)]
    timings = time_interleaved([lambda e=e: e.encode_video_batch(clips) for e in encs], repeats)
    base = timings[0].median
    return [
        [
            f"8 clips x 40 frames 832x480, {e.threads} thread(s)",
            f"{t.median:.2f}",
            f"{t.median_cpu:.2f}",
            fmt_ratio(base, t.median),
        ]
        for e, t in zip(encs, timings, strict=True)
    ]


# -- images and base64 -------------------------------------------------------------------


def image_rows(frames8: np.ndarray, enc: fastmedia.Encoder, repeats: int) -> list:
    """One frame (the first of ``frames8``) per call, then 8 per call. Same input array for
    everyone; JPEG at quality 75 with 4:2:0 chroma for all (Pillow's and OpenCV's default,
    fastmedia's fixed choice), so equal bytes show equal settings."""
    import cv2
    from PIL import Image

    img = np.ascontiguousarray(frames8[0])

    def pil_of(a: np.ndarray, fmt: str, **kw) -> bytes:
        b = io.BytesIO()
        Image.fromarray(a).save(b, format=fmt, **kw)
        return b.getvalue()

    def pil(fmt: str, **kw) -> bytes:
        return pil_of(img, fmt, **kw)

    bgr = np.ascontiguousarray(img[..., ::-1])
    contenders: list[tuple[str, object]] = [
        ("fastmedia PNG", lambda: enc.encode_image(img, format="png").data),
        ("Pillow PNG", lambda: pil("PNG")),
        ("OpenCV PNG", lambda: cv2.imencode(".png", bgr)[1].tobytes()),
        ("fastmedia JPEG q75", lambda: enc.encode_image(img, format="jpeg").data),
        ("Pillow JPEG q75", lambda: pil("JPEG", quality=75)),
        (
            "OpenCV JPEG q75",
            lambda: cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, 75])[1].tobytes(),
        ),
        ("fastmedia WebP q80", lambda: enc.encode_image(img, format="webp").data),
        ("Pillow WebP q80", lambda: pil("WEBP", quality=80)),
    ]
    try:
        import simplejpeg

        contenders.append(
            ("simplejpeg q75", lambda: simplejpeg.encode_jpeg(img, quality=75, colorspace="RGB"))
        )
    except ImportError:
        pass
    # Throughput: 8 frames per call, fastmedia's batch on its pool against Pillow in a loop
    # (times below are per image).
    eight = [np.ascontiguousarray(f) for f in frames8]
    contenders += [
        (
            "fastmedia JPEG q75, batch of 8",
            lambda: [r.data for r in enc.encode_image_batch(eight, format="jpeg")],
        ),
        (
            "Pillow JPEG q75, 8 in a loop",
            lambda: [pil_of(f, "JPEG", quality=75) for f in eight],
        ),
    ]
    timings = time_interleaved([fn for _, fn in contenders], repeats=repeats)

    batch = {n for n, _ in contenders[-2:]}

    def per_image(name: str, t: float) -> float:
        return t / 8 if name in batch else t

    by = {n: per_image(n, t.median) for (n, _), t in zip(contenders, timings, strict=True)}
    best = {n: per_image(n, t.best) for (n, _), t in zip(contenders, timings, strict=True)}
    cpu = {n: per_image(n, t.median_cpu) for (n, _), t in zip(contenders, timings, strict=True)}

    def size(out) -> int:
        return sum(map(len, out)) // len(out) if isinstance(out, list) else len(out)

    sizes = {n: size(fn()) for n, fn in contenders}
    peer = {
        "PNG": "Pillow PNG",
        "JPEG": "Pillow JPEG q75",
        "WebP": "Pillow WebP q80",
        "batch": "Pillow JPEG q75, 8 in a loop",
    }
    rows = []
    for name, _ in contenders:
        kind = "batch" if name in batch else next((k for k in peer if k in name), "JPEG")
        p = peer[kind]
        rows.append(
            [
                name,
                f"{by[name] * 1e3:.1f}",
                f"{best[name] * 1e3:.1f}",
                f"{cpu[name] * 1e3:.1f}",
                f"{sizes[name] / 1e3:.0f}",
                fmt_ratio(by[p], by[name]),
                fmt_ratio(best[p], best[name]),
                fmt_ratio(cpu[p], cpu[name]),
                f"{sizes[name] / sizes[p]:.2f}",
            ]
        )
    return rows


def b64_rows(data: bytes, enc: fastmedia.Encoder, repeats: int) -> list:
    contenders: list[tuple[str, object]] = [
        ("fastmedia b64encode", lambda: enc.b64encode(data)),
        ("base64.b64encode", lambda: base64.b64encode(data).decode()),
    ]
    timings = time_interleaved([fn for _, fn in contenders], repeats=repeats)
    base = timings[1].median
    return [
        [n, f"{t.median * 1e3:.1f}", fmt_ratio(base, t.median)]
        for (n, _), t in zip(contenders, timings, strict=True)
    ]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="81 frames at 832x480 only")
    ap.add_argument(
        "--no-vp9-peers",
        action="store_true",
        help="skip Dynamo's and PyAV's libvpx-vp9 (minutes per call at 720p on 2 cores)",
    )
    ap.add_argument("--no-video", action="store_true", help="only batch, images and base64")
    a = ap.parse_args()
    from common import versions

    print(
        versions(
            "ai-dynamo",
            "imageio",
            "imageio-ffmpeg",
            "av",
            "pillow",
            "opencv-python-headless",
            "simplejpeg",
            "torch",
            "torchcodec",
        )
    )
    corpus = find_corpus(a.corpus)
    enc = fastmedia.Encoder()
    print(f"load average at start: {load_average()}; encoder threads: {enc.threads}")
    sizes = [(832, 480)] if a.quick else [(832, 480), (1280, 720)]
    counts = [81] if a.quick else [81, 121]
    frames = None
    for w, h in sizes:
        clip = load_frames(corpus, max(counts), w, h)
        for t in [] if a.no_video else counts:
            frames = np.ascontiguousarray(clip[:t])
            print(f"\n## video: {t} frames {w}x{h}, 16 fps (load average {load_average()})")
            print_table(
                [
                    "contender",
                    "wall s",
                    "cpu s",
                    "PSNR dB",
                    "KB",
                    "peak RSS / frames",
                    "vs Dynamo",
                    "vs mimsave",
                ],
                video_rows(frames, enc, a.repeats, not a.no_vp9_peers),
            )
    clip = load_frames(corpus, 80, 832, 480)
    print(f"\n## batch scaling (encode_video_batch, h264; load average {load_average()})")
    print_table(["batch", "wall s", "cpu s", "speedup"], batch_scaling(clip, a.repeats))
    # A single small image is a few ms: on a loaded machine the pool's thread hand-off can
    # wait for a core while Pillow runs on the calling thread, so best and CPU times are
    # printed beside the median.
    print(f"\n## images: 832x480 frames, ms per image (load average {load_average()})")
    print_table(
        [
            "contender",
            "median ms",
            "best ms",
            "cpu ms",
            "KB",
            "vs Pillow (median)",
            "(best)",
            "(cpu)",
            "bytes vs Pillow",
        ],
        image_rows(clip[:8], enc, 5 * a.repeats),
    )
    video = enc.encode_video(clip).data * 8
    print(f"\n## base64 of {len(video) / 1e6:.1f} MB")
    print_table(["contender", "ms", "speedup"], b64_rows(video, enc, 5 * a.repeats))


if __name__ == "__main__":
    main()
