"""SVT-AV1 and libvpx out (issue 21): the fast royalty-free encoders the bundled SDK builds
from source. ``codec="av1"`` is SVT-AV1 where the build has it and the size suits it (even
sides, at least 64x64), else rav1e; ``codec="vp9"`` is libvpx-vp9. Each clip is checked by
ffprobe and decoded by PyAV against the frames (VP9 also by fastmedia's own decoder)."""

from __future__ import annotations

import numpy as np
import pytest

import fastmedia
from fastmedia import Encoder, UnsupportedFormat, has_video_encoder
from fastmedia.dynamo import encode_to_video_bytes

from .test_encode import FFPROBE, clip, probe, psnr, pyav_frames

SVT = has_video_encoder("libsvtav1")
VPX = has_video_encoder("vp9")
needs_svt = pytest.mark.skipif(not SVT, reason="this FFmpeg build has no libsvtav1")
needs_vpx = pytest.mark.skipif(not VPX, reason="this FFmpeg build has no libvpx-vp9")


@pytest.fixture(scope="module")
def enc():
    e = Encoder(threads=2)
    yield e
    e.close()


def test_missing_encoders_are_typed_errors(enc):
    # Where the linked FFmpeg lacks them (a system FFmpeg without SVT-AV1 or libvpx), asking
    # by name is a typed error naming the encoder, and "av1" still works (rav1e).
    for name, ok in (("libsvtav1", SVT), ("vp9", VPX)):
        if ok:
            assert enc.encode_video(clip(2), codec=name).info["frames"] == 2
        else:
            with pytest.raises(UnsupportedFormat, match="no video encoder"):
                enc.encode_video(clip(2), codec=name)
    assert enc.encode_video(clip(2), codec="av1").info["codec"] == "av1"


@needs_svt
@pytest.mark.skipif(FFPROBE is None, reason="needs ffprobe (the ffmpeg package)")
@pytest.mark.parametrize("container", ["mp4", "webm"])
def test_av1_at_even_sizes_is_svt_av1_with_its_colour_tags(enc, container):
    """(Probing and round trips: ``test_encode.py::test_video_probes_and_round_trips``.)"""
    frames = clip(12, 96, 128)
    v = enc.encode_video(frames, fps=16, codec="av1", container=container)
    # "av1" at an even size from 64x64 is SVT-AV1: the same bytes as asking for it by name
    # (MP4; Matroska's muxer writes random UIDs, so WebM compares the pictures).
    named = enc.encode_video(frames, fps=16, codec="libsvtav1", container=container).data
    if container == "mp4":
        assert v.data == named
    else:
        assert np.array_equal(pyav_frames(v.data), pyav_frames(named))
    (s,) = probe(v.data, "." + container)["streams"]
    assert (s["codec_name"], s["pix_fmt"]) == ("av1", "yuv420p")
    assert (s.get("color_space"), s.get("color_range")) == ("smpte170m", "tv")
    if container == "mp4":
        assert 0 < v.data.index(b"moov") < v.data.index(b"mdat")
        assert b"av1C" in v.data


@needs_svt
@pytest.mark.parametrize(("h", "w"), [(35, 51), (96, 63), (48, 128), (66, 40)])
def test_av1_falls_back_to_rav1e_where_svt_av1_cannot(enc, h, w):
    # SVT-AV1 takes even sides of at least 64: other sizes are rav1e's, coded as they are.
    frames = clip(4, h, w)
    v = enc.encode_video(frames, codec="av1")
    assert v.data == enc.encode_video(frames, codec="rav1e").data
    assert pyav_frames(v.data).shape == frames.shape
    with pytest.raises(UnsupportedFormat, match="libsvtav1"):
        enc.encode_video(frames, codec="libsvtav1")


@needs_svt
def test_svt_av1_quality_scale_orders_size_and_psnr(enc):
    frames = clip(8)
    lo = enc.encode_video(frames, codec="av1", quality=20)
    hi = enc.encode_video(frames, codec="av1", quality=90)
    assert len(lo.data) < len(hi.data)
    assert psnr(pyav_frames(lo.data), frames) < psnr(pyav_frames(hi.data), frames)
    # quality=100 is crf 0, which SVT-AV1 lacks: its best, crf 1.
    assert (
        enc.encode_video(frames, codec="av1", quality=100).data
        == enc.encode_video(frames, codec="av1", quality=99).data
    )


@pytest.mark.parametrize(
    "codec",
    [pytest.param("av1", marks=needs_svt), pytest.param("vp9", marks=needs_vpx)],
)
def test_output_is_identical_for_any_thread_count(enc, codec):
    frames = clip(10, 96, 128)
    ref = enc.encode_video(frames, codec=codec).data
    one = Encoder(threads=1)
    try:
        assert one.encode_video(frames, codec=codec).data == ref
    finally:
        one.close()
    batch = enc.encode_video_batch([frames, frames], codec=codec)
    assert [b.data for b in batch] == [ref, ref]


@needs_vpx
@pytest.mark.skipif(FFPROBE is None, reason="needs ffprobe (the ffmpeg package)")
@pytest.mark.parametrize("container", ["webm", "mp4"])
@pytest.mark.parametrize(("h", "w"), [(96, 128), (35, 51)])
def test_vp9_probes_and_round_trips_at_any_size(enc, container, h, w):
    frames = clip(12, h, w)
    v = enc.encode_video(frames, fps=16, codec="vp9", container=container)
    assert (v.info["codec"], v.info["width"], v.info["height"]) == ("vp9", w, h)
    p = probe(v.data, "." + container)
    (s,) = p["streams"]
    assert (s["codec_name"], s["width"], s["height"]) == ("vp9", w, h)
    assert (s.get("color_space"), s.get("color_range")) == ("smpte170m", "tv")
    assert int(s["nb_read_frames"]) == 12
    back = pyav_frames(v.data)
    assert back.shape == frames.shape and psnr(back, frames) > 32.0
    ours = fastmedia.Decoder(threads=1).decode_video(v.data, num_frames=None).frames
    assert ours.shape == frames.shape and psnr(ours, frames) > 32.0


@needs_vpx
@pytest.mark.parametrize("fmt", ["mp4", "webm"])
def test_dynamo_drop_in_is_vp9_where_the_build_has_libvpx(fmt):
    # Dynamo's encode_to_video_bytes is libvpx-vp9 in both containers: so is the drop-in.
    frames = clip(6, 96, 128)
    data = encode_to_video_bytes(frames, fps=16, output_format=fmt)
    ours = Encoder(threads=1).encode_video(frames, codec="vp9", container=fmt).data
    assert np.array_equal(pyav_frames(data), pyav_frames(ours))
    back = pyav_frames(data)
    assert back.shape == frames.shape and psnr(back, frames) > 32.0


@pytest.mark.skipif(not has_video_encoder("vp8"), reason="this FFmpeg build has no libvpx")
def test_vp8_webm_round_trips(enc):
    frames = clip(8, 96, 128)
    v = enc.encode_video(frames, codec="vp8", container="webm")
    assert v.info["codec"] == "vp8"
    back = pyav_frames(v.data)
    assert back.shape == frames.shape and psnr(back, frames) > 30.0


@needs_svt
def test_svt_av1_video_stream_is_one_fragmented_mp4(enc):
    frames = clip(12, 96, 128)
    with enc.video_stream(fps=16, codec="av1", width=128, height=96) as s:
        data = s.write(frames[:6]) + s.write(frames[6:]) + s.close()
    assert b"moof" in data and b"av1C" in data
    back = pyav_frames(data)
    assert back.shape == frames.shape and psnr(back, frames) > 32.0
