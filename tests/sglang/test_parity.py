"""Differential tests: every image, video and audio file of tests/fixtures and
$FASTMEDIA_CORPUS through SGLang 0.5.23's own loaders and fastmedia's, array for array.

Each case is recorded as identical (decoded by fastmedia, or fallen back to SGLang's code),
both fail (the same exception type; only for files under malformed/fuzz/robust folders) or
different (a failure). A valid file SGLang itself cannot load fails the test: the environment
is broken then, not the plugin."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pybase64
import pytest
import sglang.srt.utils.common as common
import sglang.srt.utils.video_decoder as video_decoder

import fastmedia.sglang
from fastmedia.sglang import _audio, _image, _video
from tests.sglang import _util

ORIGINAL_VIDEO = video_decoder.VideoDecoderWrapper
IMAGES = _util.files(_util.IMAGE_SUFFIXES)
VIDEOS = _util.files(_util.VIDEO_SUFFIXES) + _util.files(
    frozenset({".gif", ".webp"}), under=("video",)
)
# SGLang's own decode of this fuzz file (soundfile, 22 channels at 2 GHz) allocates tens of
# GB: the process is killed on a small machine. Not run; fastmedia refuses it from the header.
EXHAUSTS_SGLANG = frozenset({"wav_2ghz_22ch_resampled_to_16k.bin"})
AUDIO = [
    pytest.param(p, marks=pytest.mark.skip(reason="SGLang's own decode exhausts memory"))
    if p.name in EXHAUSTS_SGLANG
    else p
    for p in _util.files(_util.AUDIO_SUFFIXES)
]


# Files where SGLang's and fastmedia's output is known to differ, and why. Only broken files.
KNOWN_DIFFERENT = {
    "mp4_bitflips.mp4": "corrupt H.264: FFmpeg's error concealment differs between fastmedia's "
    "FFmpeg and torchcodec's (Debian 5.1), and fastmedia reports no decode error to fall back on",
}
# Valid files SGLang's own loader cannot read (not an environment fault): both must fail alike.
SGLANG_CANNOT = {"anim_320x180.webp": "torchcodec (FFmpeg 5.1) decodes no animated WebP"}


def _fast_count(modality: str) -> int:
    return fastmedia.sglang.stats().get(f"{modality}.fastmedia", 0)


def _call(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except Exception as e:  # compared below
        return e


def _both_fail(modality: str, path: Path, theirs: Any, ours: Any) -> bool:
    """Whether both sides raised; asserts they raised the same kind, on a broken file."""
    if not isinstance(theirs, Exception):
        assert not isinstance(ours, Exception), f"fastmedia failed where SGLang did not: {ours!r}"
        return False
    assert _util.broken(path) or path.name in SGLANG_CANNOT, (
        f"SGLang itself fails on a valid file: {theirs!r}"
    )
    assert type(ours) is type(theirs), f"SGLang raised {theirs!r}, fastmedia {ours!r}"
    _util.record(modality, "both fail")
    return True


def _identical(modality: str, fast: bool) -> None:
    _util.record(modality, "identical (fastmedia)" if fast else "identical (fallback)")


def _image_of(result: Any) -> tuple[Any, ...]:
    image, size = result
    return image.mode, image.size, size, np.asarray(image)


@pytest.mark.parametrize("path", IMAGES, ids=_util.ids(IMAGES))
def test_image(path: Path) -> None:
    data = path.read_bytes()
    before = _fast_count("image")
    theirs = _call(lambda: _image_of(common.load_image(data, False)))
    ours = _call(lambda: _image_of(_image.load_image(data, False)))
    if _both_fail("image", path, theirs, ours):
        return
    if theirs[:3] != ours[:3] or not np.array_equal(theirs[3], ours[3]):
        _util.record("image", "different")
        pytest.fail(f"{path}: SGLang {theirs[:3]}, fastmedia {ours[:3]}")
    _identical("image", _fast_count("image") > before)


def test_image_inputs(tmp_path: Path) -> None:
    """Paths, file:// URLs, data URLs and bare base64 reach the same bytes as SGLang's."""
    data = (_util.FIXTURES / "jpeg_640x480" / "rocket.jpg").read_bytes()
    (tmp_path / "a.jpg").write_bytes(data)
    b64 = pybase64.b64encode(data).decode()
    # Bare base64 of a PNG: a JPEG's starts with "/9j/", which SGLang opens as a path.
    png = pybase64.b64encode((_util.FIXTURES / "formats" / "rgb.png").read_bytes()).decode()
    for arg in (
        str(tmp_path / "a.jpg"),
        f"file://{tmp_path}/a.jpg",
        f"data:image/jpeg;base64,{b64}",
        png,
    ):
        before = _fast_count("image")
        theirs = _image_of(common.load_image(arg, False))
        ours = _image_of(_image.load_image(arg, False))
        assert _fast_count("image") == before + 1, arg
        assert theirs[:3] == ours[:3] and np.array_equal(theirs[3], ours[3]), arg
    for bad in ("not base64!", "relative.jpg", f"file://{tmp_path}/missing.jpg", b64):
        theirs, ours = _call(common.load_image, bad, False), _call(_image.load_image, bad, False)
        assert isinstance(theirs, Exception) and type(ours) is type(theirs), bad


def _audio_case(path: Path, sr: int | None, mono: bool = True) -> None:
    data = path.read_bytes()
    before = _fast_count("audio")
    theirs = _call(common.load_audio, data, sr, mono)
    ours = _call(_audio.load_audio, data, sr, mono)
    if _both_fail("audio", path, theirs, ours):
        return
    if theirs.dtype != ours.dtype or theirs.shape != ours.shape or not np.array_equal(theirs, ours):
        _util.record("audio", "different")
        diff = (
            np.abs(theirs - ours).max()
            if theirs.shape == ours.shape
            else (theirs.shape, ours.shape)
        )
        pytest.fail(f"{path} sr={sr}: {theirs.dtype} vs {ours.dtype}, difference {diff}")
    _identical("audio", _fast_count("audio") > before)


# sr=None is SGLang's 16 kHz; 44100 and 48000 are the native rates of most test files.
@pytest.mark.parametrize("sr", [None, 44100, 48000])
@pytest.mark.parametrize("path", AUDIO, ids=_util.ids(_util.files(_util.AUDIO_SUFFIXES)))
def test_audio(path: Path, sr: int | None) -> None:
    _audio_case(path, sr)


@pytest.fixture(scope="module")
def clips(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return _util.make_audio(tmp_path_factory.mktemp("audio"))


@pytest.mark.parametrize("mono", [True, False])
@pytest.mark.parametrize("name", list(_util.AUDIO_CLIPS))
@pytest.mark.parametrize("sr", [None, 44100, 48000])
def test_audio_clip(clips: list[Path], name: str, sr: int | None, mono: bool) -> None:
    _audio_case(next(p for p in clips if p.name == name), sr, mono)


@pytest.mark.parametrize(
    ("name", "sr", "mono"),
    [
        ("s16_16k.wav", None, True),  # native rate, mono
        ("s16_16k_stereo.wav", None, True),  # swresample's downmix
        ("mp3_44k.mp3", None, True),  # swresample's 44.1 -> 16 kHz, through torchcodec
        ("aac_44k_stereo.mp4", None, True),  # both, through PyAV
        ("s16_16k_stereo.wav", 48000, False),  # [samples, channels]
    ],
)
def test_audio_served(clips: list[Path], name: str, sr: int | None, mono: bool) -> None:
    """fastmedia decodes these (the tests above would pass with none served)."""
    before = _fast_count("audio")
    _audio_case(next(p for p in clips if p.name == name), sr, mono)
    assert _fast_count("audio") == before + 1


def test_audio_corrupt_packet_goes_to_sglangs_fallback() -> None:
    """torchcodec refuses a corrupt MP3 packet and SGLang reads the file with soundfile: the
    plugin's strict decode refuses it too, so SGLang's own result is returned."""
    path = _util.FIXTURES / "fuzz" / "audio" / "packet_reuse_leak.bin"
    before = _fast_count("audio")
    _audio_case(path, None)
    assert _fast_count("audio") == before


def _indices(video: Any) -> list[int]:
    picked = common.sample_video_frames(video, desired_fps=2, max_frames=6)
    return picked + picked[::-2]  # out of order, repeated


def _video_of(cls: type, data: bytes) -> dict[str, Any]:
    video = cls(data, device="cpu")
    out: dict[str, Any] = {"len": len(video), "avg_fps": video.avg_fps}
    out["frame_shape"] = video.frame_shape
    idx = _indices(video)
    out["frames"] = video.get_frames_at(idx)
    out["first"] = video[0]
    out["last"] = video[-1]  # a negative index: SGLang's own path
    out["tensor"] = _call(lambda: video.get_frames_as_tensor(idx[:2]))
    out["fast"] = getattr(video, "_fm", None) is not None
    return out


@pytest.mark.parametrize("path", VIDEOS, ids=_util.ids(VIDEOS))
def test_video(path: Path) -> None:
    data = path.read_bytes()
    theirs = _call(_video_of, ORIGINAL_VIDEO, data)
    ours = _call(_video_of, _video.wrapper_class(), data)
    if _both_fail("video", path, theirs, ours):
        return
    for key in ("len", "avg_fps", "frame_shape"):
        assert theirs[key] == ours[key], key
    for key in ("frames", "first", "last"):
        a, b = np.asarray(theirs[key]), np.asarray(ours[key])
        if a.shape != b.shape or not np.array_equal(a, b):
            d = np.abs(a.astype(int) - b.astype(int)) if a.shape == b.shape else None
            got = f"mean {d.mean():.4f} max {d.max()}" if d is not None else (a.shape, b.shape)
            if path.name in KNOWN_DIFFERENT and _util.broken(path):
                _util.record("video", f"different (known): {path.name} {key} {got}")
                return
            _util.record("video", "different")
            pytest.fail(f"{path} {key}: {got}")
    t, o = theirs["tensor"], ours["tensor"]
    if isinstance(t, Exception):  # pin_memory without CUDA on a non-CPU engine: both raise
        assert type(o) is type(t)
    else:
        assert t.dtype == o.dtype and np.array_equal(t.numpy(), o.numpy())
    _identical("video", ours["fast"])


def test_video_served() -> None:
    """An H.264 clip is decoded by fastmedia (the test above would pass with none)."""
    paths = [p for p in VIDEOS if p.suffix == ".mp4" and not _util.broken(p)]
    if not paths:
        pytest.skip("no valid MP4 in tests/fixtures or $FASTMEDIA_CORPUS")
    before = _fast_count("video")
    video = _video.wrapper_class()(paths[0].read_bytes(), device="cpu")
    assert video._fm is not None
    video.get_frames_at([0, 1])
    assert _fast_count("video") == before + 1
    assert isinstance(video, ORIGINAL_VIDEO)
