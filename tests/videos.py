"""Video test helpers: small clips made with the ffmpeg CLI (so the suite needs no corpus; a
set of audio clips too), and the reference loaders fastmedia is compared with: vLLM's OpenCV
loader logic, PyAV and Pillow (animations)."""

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


# A 1.37 s sine, and name -> ffmpeg arguments: the codecs and containers whose padding and
# decoders matter (AAC and Opus in MP4 carry an edit list).
AUDIO_SINE = ["-f", "lavfi", "-i", "sine=f=440:d=1.37:sample_rate=44100"]
AUDIO_CLIPS: dict[str, list[str]] = {
    "aac.m4a": ["-c:a", "aac", "-b:a", "96k"],
    "aac_stereo.mp4": ["-ac", "2", "-c:a", "aac", "-b:a", "128k"],
    "opus.mp4": ["-ar", "48000", "-c:a", "libopus", "-b:a", "64k"],
    "opus.ogg": ["-ar", "48000", "-c:a", "libopus", "-b:a", "64k"],
    "vorbis.ogg": ["-c:a", "libvorbis", "-q:a", "4"],
    "mp3.mp3": ["-c:a", "libmp3lame", "-b:a", "128k"],
    "flac.flac": ["-ac", "2", "-c:a", "flac"],
    "pcm_s16.wav": ["-c:a", "pcm_s16le"],
}


def make_audio(folder: Path, names: list[str] | None = None) -> dict[str, Path]:
    """Make the AUDIO_CLIPS named (all by default) in `folder`."""
    out = {}
    for name in AUDIO_CLIPS if names is None else names:
        out[name] = folder / name
        run = ["ffmpeg", "-nostdin", "-v", "error", "-y", *AUDIO_SINE, *AUDIO_CLIPS[name]]
        subprocess.run([*run, str(out[name])], check=True, timeout=120)
    return out


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


def opencv_source(data: bytes) -> tuple[int, float]:
    """vLLM 0.33's `get_video_metadata` (video_decoders/opencv.py): OpenCV's frame count,
    corrected by an end-of-stream seek when the stream really ends more than one frame
    early; the demuxed packet count when the header has none. (total, fps)."""
    import cv2

    cap = cv2.VideoCapture(io.BytesIO(data), cv_backend(), [])
    if not cap.isOpened():
        raise ValueError("Could not open video stream")
    total = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    fps = cap.get(cv2.CAP_PROP_FPS)
    if total <= 0:
        buf = io.BytesIO(data)
        demux = cv2.VideoCapture(buf, cv_backend(), [cv2.CAP_PROP_FORMAT, -1])
        count = 0
        while demux.grab():
            count += 1
        demux.release()
        return count, fps
    if cap.set(cv2.CAP_PROP_POS_AVI_RATIO, 1.0):
        visible = int(cap.get(cv2.CAP_PROP_POS_FRAMES))
        at_end = not cap.grab()
        if at_end and 0 < visible < total - 1:
            total = visible
    return total, fps


def opencv_clip(data: bytes, num_frames: int = 32):
    """vLLM 0.33's default loader with OpenCV (VideoBackend + OpenCV mixin): its source
    numbers (`opencv_source`), np.linspace indices, grab() every frame up to the last one,
    retrieve() the targets. Returns (frames, metadata) like vLLM; frames is None when OpenCV
    decodes none."""
    import cv2

    cap = cv2.VideoCapture(io.BytesIO(data), cv_backend(), [])
    if not cap.isOpened():
        raise ValueError("Could not open video stream")
    total, fps = opencv_source(data)
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


# ---------------------------------------------------------------- corpus stand-ins
# What the corpus's video/ and malformed_media/ folders give the tests, made small with the
# ffmpeg CLI when the corpus is absent (a fresh clone), so those tests run instead of
# skipping. Each keeps the property its tests rely on: 720p+ sizes, variable frame rate, a
# 250-frame GOP, a phone clip's rotation and AAC track, a 1080p clip whose 32 frames (~200
# MB) fill one chunk far over 64 MiB; a dimension bomb and a 108,000-frame clip that the
# default limits refuse from the header, and broken files of every kind.
_X264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
STANDIN_CLIPS: dict[str, tuple[str, list[str]]] = {
    "h264_vfr_720p.mkv": (
        "testsrc2=size=1280x720:rate=30:duration=2",
        # 30 fps for 20 frames, then 15 fps: timestamps no constant rate describes.
        ["-vf", "setpts='if(lt(N,20),N/30,(20+(N-20)*2)/30)/TB'", "-vsync", "vfr", *_X264],
    ),
    "h264_720p30_gop250.mp4": (
        "testsrc2=size=1280x720:rate=30:duration=9",
        [*_X264, "-g", "250", "-keyint_min", "250", "-sc_threshold", "0"],
    ),
    "h264_phone_rotate90_aac.mp4": ("testsrc2=size=320x180:rate=30:duration=3", _X264),
}
BIG_CLIP = "h264_1080p30_high_20s.mp4"  # the corpus's; its stand-in is 2 s of 1080p


def _ffmpeg(*args: str) -> None:
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *args], check=True, timeout=300)


def make_standin_clips(folder: Path) -> dict[str, Path]:
    out = {}
    for name, (src, args) in STANDIN_CLIPS.items():
        p = folder / name
        if "aac" in name:  # a phone clip: a sine track and a 90-degree display rotation
            tmp = folder / "_phone.mp4"
            _ffmpeg(*_SRC, src, *_SRC, "sine=f=440:d=3:sample_rate=44100", *args,
                    "-c:a", "aac", "-b:a", "96k", "-shortest", str(tmp))  # fmt: skip
            _ffmpeg("-i", str(tmp), "-c", "copy", "-metadata:s:v:0", "rotate=90", str(p))
            tmp.unlink()
        else:
            _ffmpeg(*_SRC, src, *args, str(p))
        out[name] = p
    return out


def make_big_clip(folder: Path) -> Path:
    p = folder / "h264_1080p30_2s.mp4"
    _ffmpeg(*_SRC, "testsrc2=size=1920x1080:rate=30:duration=2", *_X264, str(p))
    return p


def make_standin_broken(folder: Path) -> dict[str, Path]:
    """The corpus's malformed_media/ files, by name."""
    rng = np.random.default_rng(11)
    clip = folder / "_ok.mp4"
    _ffmpeg(*_SRC, "testsrc2=size=320x240:rate=30:duration=3", *_SRC,
            "sine=f=330:d=3:sample_rate=44100", *_X264, "-c:a", "aac", str(clip))  # fmt: skip
    mp4 = clip.read_bytes()
    mp3 = folder / "_ok.mp3"
    _ffmpeg(*_SRC, "sine=f=440:d=4:sample_rate=44100", "-c:a", "libmp3lame", str(mp3))
    wav = folder / "_ok.wav"
    _ffmpeg(*_SRC, "sine=f=440:d=2:sample_rate=16000", "-c:a", "pcm_s16le", str(wav))
    w = wav.read_bytes()
    flipped = bytearray(mp4)
    for i in rng.integers(2000, len(mp4), 200):
        flipped[i] ^= 0xFF
    made: dict[str, bytes] = {
        "empty.mp4": b"",
        "mp4_header_only.mp4": mp4[:4096],
        "mp4_truncated_half.mp4": mp4[: len(mp4) // 2],
        "mp4_ftyp_then_random.mp4": mp4[:32] + rng.integers(0, 256, 200_000, np.uint8).tobytes(),
        "mp4_bitflips.mp4": bytes(flipped),
        "mp3_truncated.mp3": mp3.read_bytes()[: mp3.stat().st_size // 2],
        "random_riff.wav": b"RIFF" + rng.integers(0, 256, 100_000, np.uint8).tobytes(),
        # As the corpus's: 0xFFFFFFF0 where a 44-byte header keeps the data size (here the
        # size of FFmpeg's LIST chunk, which then swallows the data chunk).
        "wav_huge_data_size.wav": w[:40] + (0xFFFFFFF0).to_bytes(4, "little") + w[44:],
        "wav_truncated.wav": w[: len(w) // 3],
    }
    out = {}
    for name, data in made.items():
        out[name] = folder / name
        out[name].write_bytes(data)
    # Limits: 108,000 frames of 16x16 (1 h at 30 fps), and 33 frames of 8192x4320 (32 of
    # them, the default sample, are 3.4 GB of RGB: over max_video_bytes).
    out["h264_108000_frames_16x16.mp4"] = folder / "h264_108000_frames_16x16.mp4"
    _ffmpeg(*_SRC, "color=c=gray:size=16x16:rate=30:duration=3600", *_X264, "-g", "300",
            str(out["h264_108000_frames_16x16.mp4"]))  # fmt: skip
    out["h264_8192x4320_bomb.mp4"] = folder / "h264_8192x4320_bomb.mp4"
    _ffmpeg(*_SRC, "color=c=gray:size=8192x4320:rate=10:duration=3.3", *_X264,
            str(out["h264_8192x4320_bomb.mp4"]))  # fmt: skip
    for p in (clip, mp3, wav):
        p.unlink()
    return out


STANDIN_BROKEN = [
    "empty.mp4", "h264_108000_frames_16x16.mp4", "h264_8192x4320_bomb.mp4", "mp3_truncated.mp3",
    "mp4_bitflips.mp4", "mp4_ftyp_then_random.mp4", "mp4_header_only.mp4",
    "mp4_truncated_half.mp4", "random_riff.wav", "wav_huge_data_size.wav", "wav_truncated.wav",
]  # fmt: skip
# Names the corpus tests take: the corpus's files when it is there, else the stand-ins'.
VIDEO_NAMES = (
    sorted(p.name for p in CORPUS_VIDEO.iterdir()) if CORPUS_VIDEO.is_dir() else list(STANDIN_CLIPS)
)
BROKEN_NAMES = (
    sorted(p.name for p in CORPUS_BROKEN.iterdir()) if CORPUS_BROKEN.is_dir() else STANDIN_BROKEN
)
