"""The differential test: every image, video and audio file of tests/fixtures, clips made here
with the ffmpeg CLI (tests/videos.py's set, 10-bit streams, an edit list, VFR; AAC, Opus, MP3,
FLAC, WAV), and every file of $FASTMEDIA_CORPUS when set, through
``MEDIA_CONNECTOR_REGISTRY.load("http")`` and
``.load("fastmedia")``, compared array for array (``np.array_equal``; metadata and
``io_config`` by equality; errors by the HTTP status vLLM's handler gives them). Every clip also
goes through each vLLM video loader the connector maps to a fastmedia loader.

A case passes when the results are identical, whether fastmedia decoded it or handed it to
vLLM's own decoder ("fallen back"), when both refuse a broken file (fixtures' malformed/, fuzz/,
robust/) with the same status ("both 400"), or when fastmedia refuses with a 4xx what vLLM
fails with a 500. vLLM failing on a valid file fails the test: the oracle is not working. Audio
may also differ by float rounding ("float rounding": same length, at most 2 float32 steps at
1.0), as torchcodec decodes with the system's FFmpeg (Debian 12: 5.1) and fastmedia with its
own (9.0). The parity table prints at the end of the session (tests/vllm/conftest.py).
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from vllm.entrypoints.serve.exception_handling.error_response import create_error_response
from vllm.multimodal.video import VIDEO_LOADER_REGISTRY
from vllm.multimodal.video_decoders import VideoSourceMetadata, VideoTargetMetadata

import fastmedia
import fastmedia.vllm
from fastmedia.vllm import _video
from tests.videos import AUDIO_CLIPS, CLIPS, have_ffmpeg, make_audio, make_clips
from tests.vllm import _util

# Clips at most this long also go through every mapped loader (OpenCV reads a clip up to
# its last sampled frame: the long ones only through the default loader, to bound the time).
LOADER_MATRIX_MAX_S = 20.0


def _vllm_loaders() -> list[str]:
    return sorted(
        name
        for name, cls in VIDEO_LOADER_REGISTRY.name2class.items()
        # "opencv" is the default loader, compared as "default" already
        if cls.__module__.startswith("vllm.") and _video.eligible(name, cls) and name != "opencv"
    )


def _short(path: Path) -> bool:
    try:
        return float(fastmedia.Decoder().probe_video(path.read_bytes())["duration"]) <= (
            LOADER_MATRIX_MAX_S
        )
    except Exception:
        return False


def _name(path: Path | str) -> str:
    if isinstance(path, str):
        return f"made/{path}"
    for root in (_util.FIXTURES, _util.corpus()):
        if root is not None and path.is_relative_to(root):
            return str(path.relative_to(root))
    return str(path)


def _call(fn: Callable[[], Any]) -> tuple[bool, Any]:
    try:
        return True, fn()
    except Exception as exc:
        return False, exc


def _status(exc: BaseException) -> int:
    return int(create_error_response(exc).error.code)


def _connector(name: str, path: Path, media_io_kwargs: dict | None = None) -> Any:
    return _util.connector_class(name)(
        media_io_kwargs=media_io_kwargs, allowed_local_media_path=str(path.parent)
    )


def _compare(
    modality: str,
    case: str,
    fetch: Callable[[Any], Any],
    same: Callable[[Any, Any], str | None],
    path: Path,
    media_io_kwargs: dict | None = None,
) -> None:
    """Run ``fetch`` through both connectors, record the outcome, fail on a difference.
    ``same(a, b)`` returns None when equal, else what differs."""
    ok_a, a = _call(lambda: fetch(_connector("http", path, media_io_kwargs)))
    before = fastmedia.vllm.stats()
    ok_b, b = _call(lambda: fetch(_connector("fastmedia", path, media_io_kwargs)))
    after = fastmedia.vllm.stats()
    key = modality.split(":")[0] + ".fastmedia"  # "video:qwen3_vl" counts as "video"
    fell_back = after.get(key, 0) == before.get(key, 0)
    if ok_a and ok_b:
        why = same(a, b)
    elif not ok_a and not ok_b:
        sa, sb = _status(a), _status(b)
        if sa >= 500 and 400 <= sb < 500:
            _util.record(modality, "refused (vLLM: 500)", case)
            return
        if sa == sb and _util.broken(path):
            _util.record(modality, f"both {sa}", case)
            return
        if sa == sb:
            pytest.fail(f"{case}: a valid file, and vLLM itself fails on it: {a!r}")
        why = f"statuses {sa} vs {sb}: {a!r} / {b!r}"
    else:
        why = f"http {'ok' if ok_a else repr(a)} vs fastmedia {'ok' if ok_b else repr(b)}"
    if why is None:
        _util.record(modality, "fallen back" if fell_back else "identical", case)
        return
    if why == ROUNDING:
        _util.record(modality, ROUNDING, case)
        return
    _util.record(modality, "different", f"{case} ({why[:160]})")
    pytest.fail(f"{case}: {why}")


ROUNDING = "float rounding"


def _diff(a: np.ndarray, b: np.ndarray) -> str | None:
    if a.shape != b.shape or a.dtype != b.dtype:
        return f"shape/dtype {a.shape} {a.dtype} vs {b.shape} {b.dtype}"
    if np.array_equal(a, b):
        return None
    d = np.abs(a.astype(np.float64) - b.astype(np.float64))
    return f"{int((d > 0).sum())} values differ, max {d.max():.4g}, mean {d.mean():.4g}"


# ----------------------------------------------------------------------------- images


def _same_image(a: Any, b: Any) -> str | None:
    if type(a) is not type(b) or a.media.mode != b.media.mode:
        return f"types {type(a).__name__}/{a.media.mode} vs {type(b).__name__}/{b.media.mode}"
    if a.io_config != b.io_config:
        return f"io_config {a.io_config} vs {b.io_config}"
    return _diff(np.asarray(a.media), np.asarray(b.media))


@pytest.mark.parametrize("path", _util.image_files(), ids=_name)
def test_image_parity(path: Path) -> None:
    _compare("image", _name(path), lambda c: c.fetch_image(path.as_uri()), _same_image, path)


# ----------------------------------------------------------------------------- video


def _same_video(a: Any, b: Any) -> str | None:
    (fa, ma), (fb, mb) = a.media, b.media
    if ma != mb:
        return f"metadata {ma} vs {mb}"
    return _diff(np.asarray(fa), np.asarray(fb))


_TEN_BIT = "testsrc2=size=160x120:rate=30:duration=2"
MADE_CLIPS = {
    **CLIPS,
    "h264_10bit.mp4": (_TEN_BIT, ["-c:v", "libx264", "-pix_fmt", "yuv420p10le"]),
    "hevc_10bit.mp4": (
        _TEN_BIT,
        ["-c:v", "libx265", "-x265-params", "log-level=none", "-pix_fmt", "yuv420p10le"],
    ),
}
_VFR = "setpts='if(lt(N,30),N/(30*TB),(30+(N-30)*2)/(30*TB))'"  # 30 fps, then 15
MADE_EDITS = {  # name -> (clip it is made from, ffmpeg arguments on that clip)
    "h264_trim_1s.mov": ("h264_high_bframes.mp4", ["-ss", "1", "-c", "copy"]),
    "h264_vfr.mkv": ("h264.mkv", ["-vf", _VFR, "-c:v", "libx264", "-fps_mode", "vfr"]),
    # MP4 keeps both rates apart: r_frame_rate 30, avg_frame_rate 24.1 (OpenCV's CAP_PROP_FPS).
    "h264_vfr.mp4": ("h264.mkv", ["-vf", _VFR, "-c:v", "libx264", "-fps_mode", "vfr"]),
    # Lossy (VP8 frames, FFmpeg's YUV conversion) with delays of 33 and 67 ms.
    "anim_vfr_lossy.webp": (
        "h264.mkv",
        ["-vf", _VFR, "-c:v", "libwebp_anim", "-lossless", "0", "-loop", "0", "-fps_mode", "vfr"],
    ),
}


@pytest.fixture(scope="session")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Clips made with the ffmpeg CLI, so that a fresh clone compares video too."""
    if not have_ffmpeg():
        pytest.fail("the ffmpeg CLI is missing (apt-get install ffmpeg; .ci/setup does)")
    d = tmp_path_factory.mktemp("vllm_clips")
    out = make_clips(d, MADE_CLIPS)
    for name, (src, args) in MADE_EDITS.items():
        out[name] = d / name
        run = ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", str(out[src]), *args]
        subprocess.run([*run, str(out[name])], check=True, timeout=300)
    out.update(make_audio(d))
    return out


VIDEO_CASES: list[tuple[Path | str, str | None]] = [
    *((p, None) for p in _util.video_files()),
    *((p, loader) for p in _util.video_files() if _short(p) for loader in _vllm_loaders()),
    *((n, loader) for n in [*MADE_CLIPS, *MADE_EDITS] for loader in [None, *_vllm_loaders()]),
]


@pytest.mark.parametrize(
    ("path", "loader"),
    VIDEO_CASES,
    ids=[f"{_name(p)}-{loader or 'default'}" for p, loader in VIDEO_CASES],
)
def test_video_parity(path: Path | str, loader: str | None, made: dict[str, Path]) -> None:
    name, path = _name(path), made[path] if isinstance(path, str) else path
    kwargs = {"video": {"video_backend": loader}} if loader else None
    _compare(
        f"video:{loader or 'default'}",
        name,
        lambda c: c.fetch_video(path.as_uri()),
        _same_video,
        path,
        kwargs,
    )


# ----------------------------------------------------------------------------- audio


def _same_audio(a: Any, b: Any) -> str | None:
    if a[1] != b[1] or type(a[1]) is not type(b[1]):
        return f"sample rates {a[1]!r} vs {b[1]!r}"
    why = _diff(a[0], b[0])
    if why and a[0].shape == b[0].shape and np.abs(a[0] - b[0]).max() <= 2 * 2.0**-23:
        return ROUNDING
    return why


AUDIO_CASES: list[Path | str] = [*_util.audio_files(), *AUDIO_CLIPS]


@pytest.mark.parametrize("path", AUDIO_CASES, ids=_name)
def test_audio_parity(path: Path | str, made: dict[str, Path]) -> None:
    name, path = _name(path), made[path] if isinstance(path, str) else path
    _compare("audio", name, lambda c: c.fetch_audio(path.as_uri()), _same_audio, path)


# ------------------------------------------------------------- fastmedia's own rules


@pytest.mark.parametrize("rule", ["qwen2_vl", "qwen3_vl"])
def test_core_rules_pick_vllms_indices(rule: str, made: dict[str, Path]) -> None:
    """``decode_video(sampling=rule)``, fastmedia's own copy of a vLLM loader's sampling (for
    callers outside vLLM), picks the indices vLLM's loader class computes on the same source
    numbers, at several target rates and frame caps (those past the stream's real end dropped
    alike, as ``indices=`` drops them)."""
    cls = VIDEO_LOADER_REGISTRY.name2class[rule]
    dec = fastmedia.Decoder(threads=2)
    clips = [p for n, p in made.items() if n in MADE_CLIPS and not n.startswith("anim")]
    clips += [p for p in _util.video_files() if _short(p) and not _util.broken(p)]
    checked = 0
    for path in clips:
        data = path.read_bytes()
        src = dec.probe_video(data)
        source = VideoSourceMetadata(src["total_num_frames"], src["fps"], src["duration"])
        for fps, max_frames in ((2.0, None), (1.0, None), (30.0, 8), (60.0, None)):
            target = VideoTargetMetadata(num_frames=-1, fps=fps, max_duration=300)
            kw = {} if max_frames is None else {"max_frames": max_frames}
            want = sorted(set(cls.compute_frames_index_to_sample(source, target, **kw)))
            small = fastmedia.Resize(max_pixels=64 * 64)
            clip = dec.decode_video(
                data, num_frames=None, fps=fps, max_frames=max_frames, sampling=rule, resize=small
            )
            kept = dec.decode_video(data, indices=want, resize=small).metadata["frames_indices"]
            got = list(clip.metadata["frames_indices"])
            assert got == list(kept), (path.name, fps, max_frames)
            checked += 1
    assert checked >= 4 * 10
