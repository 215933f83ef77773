"""The frame-index entry point (`decode_video(indices=...)`) and `Decoder.probe_video`: exactly
the frames asked for, the same pixels as the rules' decode, and vLLM 0.33's source numbers
(OpenCV's count with its end-of-stream check) on clips with an edit list and VFR clips."""

from __future__ import annotations

import asyncio
import io
import subprocess
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from fastmedia import ConfigError, DecodeError
from tests.videos import (
    CLIPS,
    CORPUS_VIDEO,
    cv_backend,
    have_ffmpeg,
    make_clips,
    opencv_clip,
    opencv_source,
)

pytestmark = pytest.mark.skipif(not have_ffmpeg(), reason="THE ffmpeg CLI IS MISSING (apt)")


def _ffmpeg(*args: str) -> None:
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *args], check=True, timeout=300)


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> dict[str, Path]:
    return make_clips(tmp_path_factory.mktemp("clips"))


@pytest.fixture(scope="module")
def counted(tmp_path_factory) -> dict[str, Path]:
    """Clips whose header count is not what OpenCV reaches: lossless trims (an MP4/MOV edit
    list hides the lead-in to the keyframe) and VFR streams (30 fps, then 15 fps)."""
    d = tmp_path_factory.mktemp("counted")
    src = ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=6"]
    x264 = ["-c:v", "libx264", "-g", "30", "-bf", "2", "-pix_fmt", "yuv420p"]
    base = d / "base.mp4"
    _ffmpeg(*src, *x264, str(base))
    out = {"base.mp4": base}
    for name, ss in (("trim_1s.mov", "1"), ("trim_1.5s.mp4", "1.5")):
        out[name] = d / name
        _ffmpeg("-ss", ss, "-i", str(base), "-c", "copy", str(out[name]))
    vfr = "setpts='if(lt(N,60),N/(30*TB),(60+(N-60)*2)/(30*TB))'"
    for name in ("vfr.mkv", "vfr.webm"):
        out[name] = d / name
        codec = x264 if name.endswith("mkv") else ["-c:v", "libvpx", "-b:v", "300k"]
        _ffmpeg(*src, "-vf", vfr, *codec, "-fps_mode", "vfr", "-t", "4", str(out[name]))
    return out


@pytest.fixture(scope="module")
def vdec() -> fastmedia.Decoder:
    return fastmedia.Decoder(threads=2)


def _corpus() -> list[Path]:
    return sorted(CORPUS_VIDEO.glob("*")) if CORPUS_VIDEO.is_dir() else []


@pytest.mark.parametrize("name", sorted(CLIPS))
def test_indices_decode_exactly_the_frames_of_the_full_decode(clips, vdec, name):
    data = clips[name].read_bytes()
    full = vdec.decode_video(data, num_frames=None)
    total = full.frames.shape[0]
    rng = np.random.default_rng(7)
    for idx in (
        [0],
        [total - 1],
        list(range(0, total, 3)),
        sorted(rng.choice(total, size=min(total, 5), replace=False).tolist()),
    ):
        clip = vdec.decode_video(data, indices=idx)
        assert clip.metadata["frames_indices"] == idx
        assert np.array_equal(clip.frames, full.frames[idx]), idx
        # Everything but the indices is the clip's, as the rules report it.
        for key in ("total_num_frames", "fps", "duration"):
            assert clip.metadata[key] == full.metadata[key]


def test_indices_past_the_end_are_dropped_as_vllm_drops_them(clips, vdec):
    data = clips["h264_high_bframes.mp4"].read_bytes()
    total = vdec.probe_video(data)["total_num_frames"]
    clip = vdec.decode_video(data, indices=[1, total - 1, total, total + 40])
    assert clip.metadata["frames_indices"] == [1, total - 1]
    with pytest.raises(DecodeError, match="no sampled frame"):
        vdec.decode_video(data, indices=[total + 1])


@pytest.mark.parametrize(
    ("indices", "error"),
    [
        ([], ConfigError),
        ([3, 1], ConfigError),
        ([2, 2], ConfigError),
        ([-1, 4], ConfigError),
        ([0, 1.5], TypeError),
        ([True], TypeError),
    ],
)
def test_bad_indices_are_refused_before_decoding(clips, vdec, indices, error):
    data = clips["h264.mkv"].read_bytes()
    with pytest.raises(error):
        vdec.decode_video(data, indices=indices)


def test_numpy_indices_and_async(clips, vdec):
    data = clips["vp9.webm"].read_bytes()
    idx = np.array([0, 5, 9], dtype=np.int64)
    a = vdec.decode_video(data, indices=idx)
    b = asyncio.run(vdec.decode_video_async(data, indices=idx.tolist()))
    assert a.metadata["frames_indices"] == [0, 5, 9]
    assert np.array_equal(a.frames, b.frames)


@pytest.mark.requires_nixl
def test_frontend_decodes_indices_into_its_pool(clips, vdec):
    data = clips["h264_high_bframes.mp4"].read_bytes()
    want = vdec.decode_video(data, indices=[2, 40, 77])
    fe = fastmedia.Frontend(pool_bytes=16 << 20)
    try:
        m = fe.decode_video(data, indices=[2, 40, 77])
        np.testing.assert_array_equal(m.array, want.frames)
        assert m.metadata == want.metadata
        m.release()
    finally:
        fe.close()


def _probe_cases(counted) -> list[tuple[str, bytes]]:
    return [(n, p.read_bytes()) for n, p in sorted(counted.items())] + [
        (p.name, p.read_bytes()) for p in _corpus()
    ]


def test_probe_gives_vllm_033s_source_numbers(counted, vdec):
    """OpenCV is the oracle, driven as vLLM 0.33's `get_video_metadata` drives it."""
    corrected = 0
    for name, data in _probe_cases(counted):
        if name.endswith((".apng", ".webp", ".gif")):
            continue  # OpenCV reports no count for these; fastmedia decodes them itself
        got = vdec.probe_video(data)
        total, fps = opencv_source(data)
        assert got["total_num_frames"] == total, name
        assert got["fps"] == pytest.approx(fps), name
        assert got["duration"] == pytest.approx(total / fps if fps > 0 else 0), name
        assert got["width"] > 0 and got["height"] > 0 and got["codec"]
        corrected += got["total_num_frames"] != int(_header_count(data))
    assert corrected >= 3, "the edit-list and VFR clips must exercise the end-of-stream check"


def test_probe_gives_the_sources_bit_depth(tmp_path, vdec, clips):
    """8 for 8-bit streams and animations, 10 for a 10-bit H.264 stream (a caller that must
    match OpenCV's 10-to-8-bit conversion can tell these apart before decoding)."""
    ten = tmp_path / "h264_10bit.mp4"
    _ffmpeg(
        "-f",
        "lavfi",
        "-i",
        "testsrc2=size=160x120:rate=30:duration=1",
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p10le",
        str(ten),
    )
    assert vdec.probe_video(ten.read_bytes())["bit_depth"] == 10
    for name, path in clips.items():
        assert vdec.probe_video(path.read_bytes())["bit_depth"] == 8, name


def _header_count(data: bytes) -> float:
    import cv2

    return cv2.VideoCapture(io.BytesIO(data), cv_backend(), []).get(cv2.CAP_PROP_FRAME_COUNT)


@pytest.mark.parametrize("name", ["trim_1s.mov", "trim_1.5s.mp4", "vfr.mkv"])
def test_uniform_sampling_follows_vllm_033_on_trimmed_and_vfr_clips(counted, vdec, name):
    data = counted[name].read_bytes()
    clip = vdec.decode_video(data, num_frames=32)
    cv_frames, cv_meta = opencv_clip(data, 32)
    assert clip.metadata["total_num_frames"] == cv_meta["total_num_frames"]
    assert clip.metadata["frames_indices"] == cv_meta["frames_indices"]
    assert cv_frames is not None
    assert np.array_equal(clip.frames, cv_frames)


def test_probe_of_animations_has_their_exact_rate(clips, vdec):
    for name in ("anim.gif", "anim.webp", "anim.apng"):
        got = vdec.probe_video(clips[name].read_bytes())
        assert got["fps"] == 10.0, name  # 0.1 s delays: not 12 / 1.2 = 9.999999999999998
        assert got["duration"] == got["total_num_frames"] / 10.0
