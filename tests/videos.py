"""Video test helpers: small clips made with the ffmpeg CLI (so the suite needs no corpus),
and the reference loaders fastmedia is compared with: vLLM's OpenCV loader logic, PyAV and
Pillow (animations)."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import numpy as np

from tests.helpers import CORPUS

CORPUS_VIDEO = CORPUS / "video"
CORPUS_BROKEN = CORPUS / "malformed_media"
# The keys of a video descriptor's metadata["Video"] (docs/interop.md), all rules alike.
VIDEO_METADATA_KEYS = {
    "source_fps",
    "source_duration",
    "sampled_timestamps",
    "source_total_frames",
    "frames_indices",
}

_SRC = ["-f", "lavfi", "-i"]
# name -> ffmpeg arguments after the input (testsrc2 moves every frame: frames differ).
CLIPS: dict[str, tuple[str, list[str]]] = {
    "h264_high_bframes.mp4": (
        "testsrc2=size=160x120:rate=30:duration=3",
        ["-c:v", "libx264", "-profile:v", "high", "-bf", "2", "-g", "30", "-pix_fmt", "yuv420p"],
    ),
    "h264_baseline_odd.mp4": (
        "testsrc2=size=162x90:rate=25:duration=2",
        ["-c:v", "libx264", "-profile:v", "baseline", "-g", "12", "-pix_fmt", "yuv420p"],
    ),
    "h264_fragmented.mp4": (
        "testsrc2=size=160x120:rate=30:duration=2",
        [
            "-c:v",
            "libx264",
            "-g",
            "15",
            "-pix_fmt",
            "yuv420p",
            "-movflags",
            "frag_keyframe+empty_moov+default_base_moof",
        ],
    ),
    "h264_rotate90_fullrange.mp4": (
        "testsrc2=size=160x96:rate=30:duration=2",
        [
            "-c:v",
            "libx264",
            "-g",
            "20",
            "-pix_fmt",
            "yuvj420p",
            "-color_range",
            "pc",
            "-colorspace",
            "bt709",
            "-color_primaries",
            "bt709",
            "-color_trc",
            "bt709",
        ],
    ),
    "h264.mkv": (
        "testsrc2=size=160x120:rate=30:duration=2",
        ["-c:v", "libx264", "-g", "30", "-pix_fmt", "yuv420p"],
    ),
    "hevc.mp4": (
        "testsrc2=size=160x120:rate=30:duration=2",
        [
            "-c:v",
            "libx265",
            "-x265-params",
            "log-level=none:keyint=20",
            "-pix_fmt",
            "yuv420p",
            "-tag:v",
            "hvc1",
        ],
    ),
    "vp8.webm": (
        "testsrc2=size=160x120:rate=30:duration=2",
        ["-c:v", "libvpx", "-g", "20", "-b:v", "400k"],
    ),
    "vp9.webm": (
        "testsrc2=size=160x120:rate=30:duration=2",
        [
            "-c:v",
            "libvpx-vp9",
            "-g",
            "20",
            "-b:v",
            "400k",
            "-deadline",
            "realtime",
            "-cpu-used",
            "8",
        ],
    ),
    "av1.mp4": (
        "testsrc2=size=160x120:rate=30:duration=1",
        ["-c:v", "libaom-av1", "-cpu-used", "8", "-g", "15", "-pix_fmt", "yuv420p"],
    ),
    "mpeg4.avi": (
        "testsrc2=size=160x120:rate=30:duration=2",
        ["-c:v", "mpeg4", "-q:v", "3", "-g", "12"],
    ),
    "anim.gif": ("testsrc2=size=96x64:rate=10:duration=1.2", ["-loop", "0"]),
    "anim.webp": (
        "testsrc2=size=96x64:rate=10:duration=1.2",
        ["-c:v", "libwebp_anim", "-loop", "0", "-lossless", "1"],
    ),
    "anim.apng": ("testsrc2=size=96x64:rate=10:duration=1.2", ["-f", "apng", "-plays", "0"]),
}


def have_ffmpeg() -> bool:
    return shutil.which("ffmpeg") is not None


def make_clips(
    folder: Path, clips: dict[str, tuple[str, list[str]]] | None = None
) -> dict[str, Path]:
    """Make `clips` (name -> (lavfi source, ffmpeg arguments); CLIPS by default) in `folder`;
    a name with "rotate90" is remuxed with a 90-degree display rotation."""
    out = {}
    for name, (src, args) in (CLIPS if clips is None else clips).items():
        p = folder / name
        run = ["ffmpeg", "-v", "error", "-y"]
        subprocess.run([*run, *_SRC, src, *args, str(p)], check=True, timeout=300)
        if "rotate90" in name:
            # FFmpeg 5.1 writes the display matrix only when remuxing.
            tmp = p.with_suffix(".tmp.mp4")
            p.rename(tmp)
            rot = ["-c", "copy", "-metadata:s:v:0", "rotate=90"]
            subprocess.run([*run, "-i", str(tmp), *rot, str(p)], check=True, timeout=300)
            tmp.unlink()
        out[name] = p
    return out


def cv_backend():
    import cv2.videoio_registry as vr

    for b in vr.getStreamBufferedBackends():
        if vr.hasBackend(b) and vr.isBackendBuiltIn(b):
            return b
    return None


def opencv_clip(data: bytes, num_frames: int = 32):
    """vLLM's default loader with OpenCV (VideoBackend + OpenCV mixin): the counts OpenCV
    reports, np.linspace indices, grab() every frame up to the last one, retrieve() the
    targets. Returns (frames, metadata) like vLLM; frames is None when OpenCV decodes none."""
    import cv2

    cap = cv2.VideoCapture(io.BytesIO(data), cv_backend(), [])
    if not cap.isOpened():
        raise ValueError("Could not open video stream")
    total = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    fps = cap.get(cv2.CAP_PROP_FPS)
    n = total
    if num_frames > 0:
        n = min(num_frames, total)
    n = max(1, n)
    idx = list(range(n)) if n == total else np.linspace(0, total - 1, n, dtype=int).tolist()
    want = set(idx)
    frames, valid = [], []
    for i in range(max(idx) + 1):
        if not cap.grab():
            continue
        if i in want:
            ok, f = cap.retrieve()
            if ok:
                frames.append(cv2.cvtColor(f, cv2.COLOR_BGR2RGB))
                valid.append(i)
    meta = {
        "total_num_frames": total,
        "fps": fps,
        "duration": total / fps if fps > 0 else 0,
        "frames_indices": valid,
    }
    return (np.stack(frames) if frames else None), meta


def pyav_frames(data: bytes) -> tuple[list[np.ndarray], list[float]]:
    """Every frame (RGB) and its presentation time, decoded by PyAV from the start."""
    import av

    frames, times = [], []
    with av.open(io.BytesIO(data)) as c:
        s = c.streams.video[0]
        for f in c.decode(s):
            frames.append(f.to_ndarray(format="rgb24"))
            times.append(float(f.pts * s.time_base))
    return frames, times


def pillow_frames(data: bytes) -> tuple[list[np.ndarray], list[float]]:
    """Composited frames (RGB) and delays (s) of an animation, by Pillow."""
    from PIL import Image, ImageSequence

    frames, delays = [], []
    with Image.open(io.BytesIO(data)) as im:
        for fr in ImageSequence.Iterator(im):
            frames.append(np.asarray(fr.convert("RGBA"))[..., :3].copy())
            delays.append(fr.info.get("duration", 0) / 1000.0)
    return frames, delays


def mean_abs_diff(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.abs(a.astype(np.int16) - b.astype(np.int16)).mean())
