"""AV1 out through rav1e (issue 21): the AV1 encoder every build has (``codec="rav1e"``, and
``codec="av1"`` where the linked FFmpeg has no SVT-AV1 or the size is odd or under 64:
tests/test_encode_svtav1.py). Each clip is checked by ffprobe (codec, size, frame count, fps,
duration) and decoded by PyAV (libdav1d) against the frames."""

from __future__ import annotations

import numpy as np
import pytest

from fastmedia import EncodeLimits, Encoder, LimitExceeded, UnsupportedFormat, has_video_encoder
from fastmedia.dynamo import encode_to_video_bytes

from .test_encode import FFPROBE, clip, probe, psnr, pyav_frames


@pytest.fixture(scope="module")
def enc():
    e = Encoder(threads=2)
    yield e
    e.close()


def test_av1_is_in_every_build():
    assert has_video_encoder("av1") and has_video_encoder("rav1e")


@pytest.mark.skipif(FFPROBE is None, reason="needs ffprobe (the ffmpeg package)")
@pytest.mark.parametrize("container", ["mp4", "webm"])
@pytest.mark.parametrize(("h", "w"), [(96, 128), (35, 51)])
def test_av1_probes_and_round_trips(enc, container, h, w):
    frames = clip(12, h, w)
    v = enc.encode_video(frames, fps=16, codec="rav1e", container=container)
    assert v.mime == f"video/{container}"
    assert v.info == {
        "codec": "av1",
        "width": w,
        "height": h,
        "frames": 12,
        "fps": 16.0,
        "duration": 0.75,
    }
    p = probe(v.data, "." + container)
    (s,) = p["streams"]
    # Odd sizes are coded as they are: no padding, no crop.
    assert (s["codec_name"], s["width"], s["height"]) == ("av1", w, h)
    assert (s["pix_fmt"], s.get("color_space"), s.get("color_range")) == (
        "yuv420p",
        "smpte170m",
        "tv",
    )
    assert int(s["nb_read_frames"]) == 12
    assert s["r_frame_rate"] == "16/1"
    assert abs(float(p["format"]["duration"]) - 0.75) < 0.07
    back = pyav_frames(v.data)
    assert back.shape == frames.shape
    # Every row: the bottom ones of odd heights too (tests/test_encode_av1_edges.py).
    assert psnr(back, frames) > 32.0
    if container == "mp4":
        assert 0 < v.data.index(b"moov") < v.data.index(b"mdat")
        assert b"av1C" in v.data


def test_av1_quality_scale_orders_size_and_psnr(enc):
    frames = clip(8)
    lo = enc.encode_video(frames, codec="rav1e", quality=20)
    hi = enc.encode_video(frames, codec="rav1e", quality=90)
    assert len(lo.data) < len(hi.data)
    assert psnr(pyav_frames(lo.data), frames) < psnr(pyav_frames(hi.data), frames)


def test_av1_is_deterministic_across_layouts_threads_and_batches(enc):
    frames = clip(6, 32, 48)
    ref = enc.encode_video(frames, codec="rav1e").data
    tchw = np.ascontiguousarray(frames.transpose(0, 3, 1, 2))
    assert enc.encode_video(tchw, layout="TCHW", codec="rav1e").data == ref
    assert enc.encode_video(frames.astype(np.float32) / 255, codec="rav1e").data == ref
    # A batch codes each clip in one tile; alone, one clip is split into tiles per thread.
    one = Encoder(threads=1)
    single = one.encode_video(frames, codec="rav1e").data
    one.close()
    batch = enc.encode_video_batch([frames, frames], codec="rav1e")
    assert [b.data for b in batch] == [single, single]


def test_av1_below_16_pixels_is_a_typed_error(enc):
    with pytest.raises(UnsupportedFormat, match="16x16"):
        enc.encode_video(clip(2, 15, 64), codec="av1")
    with pytest.raises(UnsupportedFormat, match="16x16"):
        enc.encode_video(clip(2, 64, 8), codec="av1", container="webm")


def test_av1_output_limit():
    e = Encoder(threads=1, limits=EncodeLimits(max_output_bytes=200))
    with pytest.raises(LimitExceeded):
        e.encode_video(clip(8), codec="rav1e", quality=95)
    e.close()


@pytest.mark.parametrize("fmt", ["mp4", "webm"])
def test_dynamo_drop_in_is_royalty_free_in_every_build(fmt):
    frames = clip(6, 32, 48)
    data = encode_to_video_bytes(frames, fps=16, output_format=fmt)
    back = pyav_frames(data)
    assert back.shape == frames.shape and psnr(back, frames) > 30.0
