"""Video decoding: OpenCV parity (vLLM's default loader) on generated clips and, when present,
every corpus clip; codec coverage; sampling rules; animations; typed errors and limits."""

from __future__ import annotations

import asyncio
import base64
import io
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from fastmedia import DecodeError, LimitExceeded, UnsupportedFormat
from tests.videos import (
    BROKEN_NAMES,
    CLIPS,
    VIDEO_NAMES,
    have_ffmpeg,
    make_clips,
    mean_abs_diff,
    opencv_clip,
    pillow_frames,
    pyav_frames,
)

pytestmark = pytest.mark.skipif(not have_ffmpeg(), reason="THE ffmpeg CLI IS MISSING (apt)")

ANIMS = {"anim.gif", "anim.webp", "anim.apng"}


@pytest.fixture(scope="session")
def clips(tmp_path_factory) -> dict[str, Path]:
    return make_clips(tmp_path_factory.mktemp("clips"))


@pytest.fixture(scope="module")
def vdec() -> fastmedia.Decoder:
    return fastmedia.Decoder(threads=2)


def check_against_reference(
    data: bytes, clip: fastmedia.VideoClip, name: str, num_frames: int = 32
) -> None:
    """OpenCV (vLLM's loader) where it decodes the clip; PyAV for codecs the OpenCV wheel's
    FFmpeg lacks (AV1); Pillow for APNG (decoded by the image crate; tests/vllm compares it
    with OpenCV's). Animated WebP is OpenCV's: both decode it with FFmpeg's webp_anim."""
    meta = clip.metadata
    assert clip.frames.dtype == np.uint8 and clip.frames.flags.c_contiguous
    assert clip.frames.shape[0] == len(meta["frames_indices"]) > 0
    suffix = name.rsplit(".", 1)[-1]
    if suffix in ("apng", "png"):
        ref, delays = pillow_frames(data)
        assert meta["total_num_frames"] == len(ref)
        assert meta["duration"] == pytest.approx(sum(delays), abs=1e-6)
        frames = [ref[i] for i in meta["frames_indices"]]
        for got, want in zip(clip.frames, frames, strict=False):
            assert mean_abs_diff(got, want) <= 1.5
        return
    cv_frames, cv_meta = opencv_clip(data, num_frames)
    if cv_frames is not None:
        assert meta["frames_indices"] == cv_meta["frames_indices"]
    assert meta["total_num_frames"] == cv_meta["total_num_frames"]
    assert meta["fps"] == pytest.approx(cv_meta["fps"])
    assert meta["duration"] == pytest.approx(cv_meta["duration"])
    if cv_frames is None:  # OpenCV's FFmpeg cannot decode it (AV1): PyAV's frames instead
        ref, _ = pyav_frames(data)
        assert len(ref) > 0, "no reference decoder decodes this clip"
        cv_frames = np.stack([ref[i] for i in meta["frames_indices"]])
    assert cv_frames.shape == clip.frames.shape  # same orientation
    for i, (got, want) in enumerate(zip(clip.frames, cv_frames, strict=False)):
        d = mean_abs_diff(got, want)
        assert d <= 1.5, f"frame {meta['frames_indices'][i]}: mean |diff| {d:.2f}"


@pytest.mark.parametrize("name", sorted(CLIPS))
def test_generated_clip_matches_reference(clips, vdec, name):
    data = clips[name].read_bytes()
    clip = vdec.decode_video(data, num_frames=32)
    assert clip.metadata["video_backend"] == "fastmedia"
    check_against_reference(data, clip, name)


# H.264 High 10 / High 4:4:4 and HEVC Main 10: decoded by the default build, converted as
# OpenCV's FFmpeg backend (vLLM's default loader) converts them: bit for bit. Frames deeper
# than 8 bits go through swscale's frame API, as OpenCV 5 does: the legacy sws_scale (and
# Debian's ffmpeg CLI, FFmpeg 5.1) give 10-bit 4:2:0 and 4:2:2 chroma about 3 levels apart.
DEEP = {
    "h264_high10.mp4": ["-c:v", "libx264", "-pix_fmt", "yuv420p10le"],
    "h264_high422_10.mp4": ["-c:v", "libx264", "-pix_fmt", "yuv422p10le"],
    "h264_444.mp4": ["-c:v", "libx264", "-pix_fmt", "yuv444p"],
    "h264_444_10.mp4": ["-c:v", "libx264", "-pix_fmt", "yuv444p10le"],
    "hevc_main10.mp4": [
        "-c:v",
        "libx265",
        "-x265-params",
        "log-level=none",
        "-pix_fmt",
        "yuv420p10le",
        "-tag:v",
        "hvc1",
    ],
}


@pytest.fixture(scope="module")
def deep_clips(tmp_path_factory) -> dict[str, Path]:
    src = "testsrc2=size=160x120:rate=30:duration=2"
    return make_clips(
        tmp_path_factory.mktemp("deep"), {n: (src, [*a, "-g", "20"]) for n, a in DEEP.items()}
    )


@pytest.mark.parametrize("name", sorted(DEEP))
def test_high_bit_depth_and_444_match_opencv(deep_clips, vdec, name):
    path = deep_clips[name]
    data = path.read_bytes()
    clip = vdec.decode_video(data, num_frames=8)
    cv_frames, cv_meta = opencv_clip(data, 8)
    assert clip.metadata["frames_indices"] == cv_meta["frames_indices"]
    assert clip.metadata["total_num_frames"] == cv_meta["total_num_frames"] == 60
    np.testing.assert_array_equal(clip.frames, cv_frames)
    # The sampled frames are the ones a decode of every frame gives, bit for bit.
    full = vdec.decode_video(data, num_frames=None)
    np.testing.assert_array_equal(clip.frames, full.frames[clip.metadata["frames_indices"]])


@pytest.mark.parametrize("name", VIDEO_NAMES)
def test_corpus_clip_matches_opencv(vdec, corpus_video, name):
    """Every corpus clip, or on a fresh clone the stand-ins (720p VFR, a 250-frame GOP, a
    rotated phone clip with AAC; tests/videos.py)."""
    data = corpus_video[name].read_bytes()
    check_against_reference(data, vdec.decode_video(data, num_frames=32), name)


def test_rotation_and_full_range_like_opencv(clips, vdec):
    data = clips["h264_rotate90_fullrange.mp4"].read_bytes()
    clip = vdec.decode_video(data, num_frames=4)
    assert clip.frames.shape[1:] == (160, 96, 3)  # stored 160x96, displayed turned
    check_against_reference(data, clip, "rotate.mp4", num_frames=4)


def test_every_frame_and_fps_cap(clips, vdec):
    data = clips["h264_high_bframes.mp4"].read_bytes()  # 90 frames, 30 fps, 3 s
    every = vdec.decode_video(data, num_frames=None)
    assert every.metadata["frames_indices"] == list(range(90))
    assert every.metadata["do_sample_frames"] is True  # all frames: vLLM lets HF sample
    ref, _ = pyav_frames(data)
    assert max(mean_abs_diff(a, b) for a, b in zip(every.frames, ref, strict=False)) <= 1.5
    one_per_s = vdec.decode_video(data, num_frames=32, fps=1)
    assert one_per_s.metadata["frames_indices"] == np.linspace(0, 89, 3, dtype=int).tolist()
    assert one_per_s.metadata["do_sample_frames"] is False
    np.testing.assert_array_equal(one_per_s.frames, every.frames[[0, 44, 89]])


@pytest.mark.parametrize("name", sorted(set(CLIPS) - ANIMS))
def test_sampled_frames_equal_the_full_decode(clips, vdec, name):
    """Sampled decodes seek per group, skip non-reference frames and drain after the last
    target's packet: each frame must still be, bit for bit, the one a decode of every frame
    from the start gives."""
    data = clips[name].read_bytes()
    every = vdec.decode_video(data, num_frames=None)
    n = every.metadata["total_num_frames"]
    for kw in (
        {"num_frames": 3},
        {"num_frames": 7},
        {"num_frames": n // 2},
        {"num_frames": None, "fps": 4.0, "sampling": "timestamps"},
    ):
        clip = vdec.decode_video(data, **kw)
        idx = clip.metadata["frames_indices"]
        assert len(idx) > 1, kw
        np.testing.assert_array_equal(clip.frames, every.frames[idx], err_msg=f"{name} {kw}")


def test_qwen3_vl_sampling(clips, vdec):
    data = clips["h264_high_bframes.mp4"].read_bytes()
    clip = vdec.decode_video(data, sampling="qwen3_vl", num_frames=None)
    n = min(max(int(90 / 30 * 2), 4), 768, 90)  # vLLM's Qwen3-VL rule, fps 2
    want = np.linspace(0, 89, n).round().astype(int).tolist()
    assert clip.metadata["frames_indices"] == want
    ref, _ = pyav_frames(data)
    assert max(mean_abs_diff(clip.frames[i], ref[j]) for i, j in enumerate(want)) <= 1.5


def test_timestamp_sampling_takes_first_frame_at_or_after(clips, vdec):
    data = clips["vp9.webm"].read_bytes()  # 60 frames, 2 s
    clip = vdec.decode_video(data, sampling="timestamps", num_frames=5)
    ref, times = pyav_frames(data)
    dur, fps = clip.metadata["duration"], clip.metadata["fps"]
    last = max(0.0, dur - 1 / fps - 0.001)
    targets = [np.float32(i * last / 4) for i in range(5)]
    want = [next(k for k, t in enumerate(times) if t >= float(x) - 1e-9) for x in targets]
    assert clip.metadata["frames_indices"] == want
    for got, j in zip(clip.frames, want, strict=False):
        assert mean_abs_diff(got, ref[j]) <= 1.5
    with pytest.raises(fastmedia.ConfigError, match="not both"):
        vdec.decode_video(data, sampling="timestamps", num_frames=5, fps=2)
    by_fps = vdec.decode_video(data, sampling="timestamps", num_frames=None, fps=2, max_frames=3)
    assert len(by_fps.metadata["frames_indices"]) == 3


def test_animation_timestamps_from_frame_delays(clips, vdec):
    for name in sorted(ANIMS):
        data = clips[name].read_bytes()
        clip = vdec.decode_video(data, num_frames=4)
        _, delays = pillow_frames(data)
        assert clip.metadata["total_num_frames"] == len(delays) == 12
        assert clip.metadata["duration"] == pytest.approx(sum(delays))
        assert clip.metadata["fps"] == pytest.approx(12 / sum(delays))
        check_against_reference(data, clip, name, num_frames=4)


def test_animated_webp_is_ffmpegs_under_opencvs_view_and_pillows_under_dynamos(vdec):
    """OpenCV's view (vLLM's rules) decodes animated WebP as OpenCV 5 does, through FFmpeg's
    webp_anim: OpenCV's frames and rate (avg_frame_rate, which uneven delays set apart from
    the delays' own rate). Dynamo's keeps the image crate's decoder: Pillow's timeline and
    composited frames."""
    from PIL import Image

    frames = [Image.fromarray(np.full((48, 64, 3), 20 * i, np.uint8)) for i in range(12)]
    buf = io.BytesIO()
    delays_ms = [40] * 6 + [80] * 6
    frames[0].save(buf, "WEBP", save_all=True, append_images=frames[1:], duration=delays_ms)
    data = buf.getvalue()
    assert vdec.probe_video(data)["codec"] == "webp_anim"
    cv_frames, cv_meta = opencv_clip(data, 4)
    clip = vdec.decode_video(data, num_frames=4)
    assert clip.metadata["fps"] == cv_meta["fps"] != pytest.approx(12 / 0.72)
    np.testing.assert_array_equal(clip.frames, cv_frames)
    dyn = vdec.decode_video(data, num_frames=4, sampling="dynamo")
    ref, delays = pillow_frames(data)
    assert dyn.metadata["fps"] == pytest.approx(12 / sum(delays)) == 12 / 0.72
    for got, i in zip(dyn.frames, dyn.metadata["frames_indices"], strict=True):
        assert mean_abs_diff(got, ref[i]) <= 1.5


def test_animated_webp_canvas_over_max_alloc_is_refused_before_ffmpeg_allocates(vdec):
    """FFmpeg's webp_anim allocates its ARGB canvas (the VP8X size) while probing: a header
    claiming 16383x16383 (1 GiB) over small frames is a LimitExceeded from the header."""
    from PIL import Image

    frames = [Image.fromarray(np.full((48, 64, 3), 40 * i, np.uint8)) for i in range(4)]
    buf = io.BytesIO()
    frames[0].save(buf, "WEBP", save_all=True, append_images=frames[1:], duration=40)
    data = bytearray(buf.getvalue())
    at = data.find(b"VP8X") + 12  # canvas width - 1, height - 1: 24 bits each
    data[at : at + 6] = (16382).to_bytes(3, "little") * 2
    for call in (vdec.probe_video, vdec.decode_video):
        with pytest.raises(LimitExceeded, match="canvas"):
            call(bytes(data))


def test_sampling_argument_errors(clips, vdec):
    data = clips["vp8.webm"].read_bytes()
    with pytest.raises(ValueError, match="sampling"):
        vdec.decode_video(data, sampling="nearest")
    with pytest.raises(TypeError):
        vdec.decode_video(data, num_frames=2.5)


def test_data_url_batch_and_async(clips, vdec):
    datas = [clips[n].read_bytes() for n in ("h264.mkv", "vp8.webm", "mpeg4.avi")]
    url = "data:video/mp4;base64," + base64.b64encode(datas[0]).decode()
    single = vdec.decode_video(datas[0], num_frames=8)
    via_url = vdec.decode_video(url, num_frames=8)
    np.testing.assert_array_equal(single.frames, via_url.frames)
    batch = vdec.decode_video_batch([*datas, b"not a video"], True, num_frames=8)
    assert isinstance(batch[3], (DecodeError, UnsupportedFormat))
    for one, data in zip(batch[:3], datas, strict=False):
        np.testing.assert_array_equal(one.frames, vdec.decode_video(data, num_frames=8).frames)
    with pytest.raises((DecodeError, UnsupportedFormat)):
        vdec.decode_video_batch([datas[0], b"\x00" * 100], num_frames=8)
    got = asyncio.run(vdec.decode_video_async(datas[1], num_frames=8))
    np.testing.assert_array_equal(got.frames, batch[1].frames)


def test_threads_give_identical_frames(clips):
    data = clips["h264_high_bframes.mp4"].read_bytes()
    one = fastmedia.Decoder(threads=1).decode_video(data, num_frames=16)
    two = fastmedia.Decoder(threads=2).decode_video(data, num_frames=16)
    np.testing.assert_array_equal(one.frames, two.frames)
    assert one.metadata == two.metadata


# ------------------------------------------------------------------ errors and limits


def broken_inputs(clips) -> dict[str, bytes]:
    mp4 = clips["h264_high_bframes.mp4"].read_bytes()
    rng = np.random.default_rng(7)
    flipped = bytearray(mp4)
    for i in rng.integers(2000, len(mp4), 200):
        flipped[i] ^= 0xFF
    return {
        "empty": b"",
        "random": rng.integers(0, 256, 50_000, dtype=np.uint8).tobytes(),
        "header_only": mp4[:1024],
        "truncated_half": mp4[: len(mp4) // 2],
        "ftyp_then_random": mp4[:32] + rng.integers(0, 256, 50_000, dtype=np.uint8).tobytes(),
        "bitflips": bytes(flipped),
    }


def test_broken_inputs_give_typed_errors_or_frames(clips, vdec):
    for name, data in broken_inputs(clips).items():
        try:
            clip = vdec.decode_video(data, num_frames=8)
        except (DecodeError, UnsupportedFormat) as e:
            assert str(e), name
            continue
        # Damage FFmpeg conceals (like OpenCV) still yields whole, initialised frames.
        assert name in ("bitflips", "truncated_half"), name
        assert clip.frames.shape[1:] == (120, 160, 3)
    with pytest.raises(DecodeError, match="empty"):
        vdec.decode_video(b"", num_frames=8)


def test_unknown_codec_is_unsupported_and_named(clips, vdec):
    avi = clips["mpeg4.avi"].read_bytes()
    assert b"FMP4" in avi
    data = avi.replace(b"FMP4", b"ZQZQ")
    with pytest.raises(UnsupportedFormat, match="ZQZQ"):
        vdec.decode_video(data)


def test_limits_refuse_before_decoding(clips):
    data = clips["h264_high_bframes.mp4"].read_bytes()  # 90 frames of 160x120
    small = fastmedia.Decoder(limits=fastmedia.Limits(max_video_bytes=160 * 120 * 3 * 8))
    assert small.decode_video(data, num_frames=8).frames.shape[0] == 8
    with pytest.raises(LimitExceeded, match="max_video_bytes"):
        small.decode_video(data, num_frames=9)
    few = fastmedia.Decoder(limits=fastmedia.Limits(max_video_frames=89))
    with pytest.raises(LimitExceeded, match="max_video_frames"):
        few.decode_video(data, num_frames=2)
    narrow = fastmedia.Decoder(limits=fastmedia.Limits(max_width=100))
    with pytest.raises(LimitExceeded, match="max_width"):
        narrow.decode_video(data, num_frames=2)
    tiny = fastmedia.Decoder(limits=fastmedia.Limits(max_encoded_bytes=1000))
    with pytest.raises(LimitExceeded, match="max_encoded_bytes"):
        tiny.decode_video(data)


@pytest.mark.parametrize("name", BROKEN_NAMES)
def test_corpus_malformed_media(vdec, corpus_broken, name):
    data = corpus_broken[name].read_bytes()
    if "bomb" in name or "108000" in name:
        with pytest.raises(LimitExceeded):
            vdec.decode_video(data)  # 32 frames: refused from the header
        return
    try:
        clip = vdec.decode_video(data)
    except (DecodeError, UnsupportedFormat) as e:
        assert str(e)
        return
    # concealable damage (bit flips): OpenCV decodes the same frames
    _cv_frames, cv_meta = opencv_clip(data)
    assert clip.metadata["frames_indices"] == cv_meta["frames_indices"]


def test_image_decoder_still_refuses_video(clips, vdec):
    with pytest.raises(UnsupportedFormat):
        vdec.decode(clips["h264.mkv"].read_bytes())


def test_bytes_like_inputs(clips, vdec):
    data = clips["vp8.webm"].read_bytes()
    want = vdec.decode_video(data, num_frames=3)
    assert want.frames.shape[0] == 3 and want.frames.any()
    for like in (bytearray(data), memoryview(data), io.BytesIO(data).getbuffer()):
        got = vdec.decode_video(like, num_frames=3)
        np.testing.assert_array_equal(got.frames, want.frames, err_msg=type(like).__name__)
        assert got.metadata == want.metadata
