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
PyAV libvpx-vp9. fastmedia's rows: OpenH264, rav1e (AV1, every build), and the linked
FFmpeg's libvpx-vp9/libx264 where it has them. Images: Pillow PNG (level 6) and JPEG
(quality 75), OpenCV ``imencode``, simplejpeg. base64: ``base64.b64encode``.

    python benches/bench_encode.py [CORPUS] [--repeats 3] [--quick]
"""

from __future__ import annotations

import argparse
import base64
import io
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fastmedia
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


def video_rows(frames: np.ndarray, enc: fastmedia.Encoder, repeats: int) -> list:
    f32 = frames.astype(np.float32) / 255.0
    has = fastmedia.has_video_encoder
    contenders: list[tuple[str, object]] = [
        ("fastmedia h264 (OpenH264)", lambda: enc.encode_video(frames, codec="h264").data),
        ("fastmedia h264 float32 in", lambda: enc.encode_video(f32, codec="h264").data),
    ]
    contenders += [
        ("fastmedia av1 (rav1e)", lambda: enc.encode_video(frames, codec="av1").data),
        (
            "fastmedia av1 (rav1e) webm",
            lambda: enc.encode_video(frames, codec="av1", container="webm").data,
        ),
    ]
    if has("vp9"):
        contenders.append(("fastmedia vp9", lambda: enc.encode_video(frames, codec="vp9").data))
    if has("libx264"):
        contenders.append(
            ("fastmedia libx264", lambda: enc.encode_video(frames, codec="libx264").data)
        )
    contenders += [
        ("Dynamo encode_to_video_bytes (vp9)", lambda: dynamo_encode(frames)),
        ("imageio.mimsave (libx264)", lambda: imageio_mimsave(frames)),
        (
            "PyAV libx264 ultrafast",
            lambda: pyav_encode(frames, "libx264", preset="ultrafast"),
        ),
        ("PyAV libvpx-vp9", lambda: pyav_encode(frames, "libvpx-vp9")),
    ]
    outs = {name: fn() for name, fn in contenders}
    timings = time_interleaved([fn for _, fn in contenders], repeats=repeats, warmup=0)
    ref = {n: t for (n, _), t in zip(contenders, timings, strict=True)}
    dyn = ref["Dynamo encode_to_video_bytes (vp9)"].median
    mim = ref["imageio.mimsave (libx264)"].median
    rows = []
    for (name, _), t in zip(contenders, timings, strict=True):
        data = outs[name]
        back = decode_all(data)
        q = psnr(back, frames) if back.shape == frames.shape else float("nan")
        rows.append(
            [
                name,
                f"{t.median:.2f}",
                f"{t.median_cpu:.2f}",
                f"{q:.2f}",
                f"{len(data) / 1e3:.0f}",
                fmt_ratio(dyn, t.median),
                fmt_ratio(mim, t.median),
            ]
        )
    return rows


def batch_scaling(frames: np.ndarray, repeats: int) -> list:
    clips = [frames[i::2][:40] for i in range(2)] * 4  # 8 clips
    rows = []
    base = None
    for threads in (1, 2):
        e = fastmedia.Encoder(threads=threads)
        (t,) = time_interleaved([lambda e=e: e.encode_video_batch(clips)], repeats=repeats)
        base = base or t.median
        rows.append([f"8 clips, {threads} thread(s)", f"{t.median:.2f}", fmt_ratio(base, t.median)])
    return rows


# -- images and base64 -------------------------------------------------------------------


def image_rows(img: np.ndarray, enc: fastmedia.Encoder, repeats: int) -> list:
    import cv2
    from PIL import Image

    def pil(fmt: str, **kw) -> bytes:
        b = io.BytesIO()
        Image.fromarray(img).save(b, format=fmt, **kw)
        return b.getvalue()

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
    timings = time_interleaved([fn for _, fn in contenders], repeats=repeats)
    by = {n: t.median for (n, _), t in zip(contenders, timings, strict=True)}
    sizes = {n: len(fn()) for n, fn in contenders}
    peer = {"PNG": "Pillow PNG", "JPEG": "Pillow JPEG q75", "WebP": "Pillow WebP q80"}
    rows = []
    for (name, _), t in zip(contenders, timings, strict=True):
        kind = next((k for k in peer if k in name), "JPEG")
        p = peer[kind]
        rows.append(
            [
                name,
                f"{t.median * 1e3:.1f}",
                f"{sizes[name] / 1e3:.0f}",
                fmt_ratio(by[p], t.median),
                f"{sizes[name] / sizes[p]:.2f}",
            ]
        )
    return rows


def b64_rows(data: bytes, enc: fastmedia.Encoder, repeats: int) -> list:
    contenders = [
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
        )
    )
    corpus = find_corpus(a.corpus)
    enc = fastmedia.Encoder()
    print(f"load average at start: {load_average()}; encoder threads: {enc.threads}")
    sizes = (
        [(81, 832, 480)]
        if a.quick
        else [(81, 832, 480), (121, 832, 480), (81, 1280, 720), (121, 1280, 720)]
    )
    frames = None
    for t, w, h in sizes:
        frames = load_frames(corpus, t, w, h)
        print(f"\n## video: {t} frames {w}x{h}, 16 fps")
        print_table(
            ["contender", "wall s", "cpu s", "PSNR dB", "KB", "vs Dynamo", "vs mimsave"],
            video_rows(frames, enc, a.repeats),
        )
    assert frames is not None
    print("\n## batch scaling (encode_video_batch, h264)")
    print_table(
        ["batch", "wall s", "speedup"], batch_scaling(load_frames(corpus, 80, 832, 480), a.repeats)
    )
    print("\n## images: one 832x480 frame")
    print_table(
        ["contender", "ms", "KB", "speed vs Pillow", "bytes vs Pillow"],
        image_rows(frames[0], enc, 5 * a.repeats),
    )
    video = enc.encode_video(frames).data * 8
    print(f"\n## base64 of {len(video) / 1e6:.1f} MB")
    print_table(["contender", "ms", "speedup"], b64_rows(video, enc, 5 * a.repeats))


if __name__ == "__main__":
    main()
