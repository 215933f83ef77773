"""Inputs and names users will try: files as ``pathlib.Path``, strs that are neither data URLs
nor http(s) URLs, still images given to ``decode_video``, vLLM's frame-count conventions, and
agent names."""

from __future__ import annotations

import asyncio
import io
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import fastmedia
from fastmedia import ConfigError, DecodeError, LimitExceeded
from tests.helpers import CORPUS, encode, photo_rgb
from tests.videos import have_ffmpeg, make_clips

RGB_PNG = CORPUS / "formats" / "rgb.png"


class Named(os.PathLike):
    """An os.PathLike that is not a pathlib.Path."""

    def __init__(self, p: Path) -> None:
        self.p = p

    def __fspath__(self) -> str:
        return str(self.p)


# ------------------------------------------------------------------ paths


def test_path_inputs_read_the_file(dec, tmp_path):
    want = dec.decode(RGB_PNG.read_bytes())
    np.testing.assert_array_equal(dec.decode(RGB_PNG), want)
    np.testing.assert_array_equal(dec.decode(Named(RGB_PNG)), want)
    out = dec.decode_batch([RGB_PNG, RGB_PNG.read_bytes(), Named(RGB_PNG)])
    for a in out:
        np.testing.assert_array_equal(a, want)
    np.testing.assert_array_equal(asyncio.run(dec.decode_async(RGB_PNG)), want)
    # A missing file is that item's DecodeError, named; the other items decode.
    missing = tmp_path / "nope.jpg"
    with pytest.raises(DecodeError, match=r"nope\.jpg"):
        dec.decode(missing)
    got = dec.decode_batch([missing, RGB_PNG], return_exceptions=True)
    assert isinstance(got[0], DecodeError)
    np.testing.assert_array_equal(got[1], want)
    with pytest.raises(DecodeError, match="not a regular file"):
        dec.decode(tmp_path)


def test_path_over_max_encoded_bytes_is_refused_before_reading(tmp_path):
    big = tmp_path / "big.png"
    big.write_bytes(RGB_PNG.read_bytes() + bytes(5000))
    small = fastmedia.Decoder(limits=fastmedia.Limits(max_encoded_bytes=4096))
    with pytest.raises(LimitExceeded, match="max_encoded_bytes=4096"):
        small.decode(big)


def test_path_audio_and_video(tmp_path):
    import soundfile as sf

    wav = tmp_path / "a.wav"
    sf.write(wav, np.zeros((800, 1), np.float32), 8000, subtype="FLOAT")
    dec = fastmedia.Decoder()
    au = dec.decode_audio(wav)
    assert au.samples.shape == (800,) and au.sample_rate == 8000
    clip = dec.decode_video(RGB_PNG)
    assert clip.frames.shape[0] == 1


def test_bad_str_message_is_complete(dec):
    long = "/some/where/" + "x" * 200 + "/cat.jpg"
    with pytest.raises(DecodeError) as e:
        dec.decode(long)
    msg = str(e.value)
    assert "data URL" in msg and "http(s) URL" in msg and "pathlib.Path" in msg
    assert '"... (' in msg, msg  # cut with an ellipsis, and the length given
    assert f"({len(long)} characters)" in msg
    assert msg.rstrip().endswith("not a str."), msg  # the last sentence is whole
    with pytest.raises(DecodeError) as e:
        dec.decode("hello")
    assert '"hello"' in str(e.value) and "characters)" not in str(e.value)


# ------------------------------------------------------------------ still images as clips

STILLS = {
    "JPEG": "jpeg",
    "BMP": "bmp",
    "TIFF": "tiff",
    "PNG": "png",
    "WEBP": "webp",
}


@pytest.mark.parametrize("fmt", sorted(STILLS))
def test_still_images_are_one_frame_clips(fmt):
    """One rule for every still format: a one-frame clip of the image decoder's RGB pixels."""
    data = encode(Image.fromarray(photo_rgb(48, 40, seed=3)), fmt)
    dec = fastmedia.Decoder(channels="rgb")
    want = dec.decode(data)
    for kw in ({}, {"num_frames": 8}, {"num_frames": None}, {"num_frames": 0, "fps": 2.0}):
        clip = dec.decode_video(data, **kw)
        assert clip.frames.shape == (1, *want.shape), kw
        np.testing.assert_array_equal(clip.frames[0], want)
        m = clip.metadata
        assert m["total_num_frames"] == 1 and m["frames_indices"] == [0], m
        assert m["do_sample_frames"] is True
    resized = dec.decode_video(data, resize=fastmedia.Resize(size=(20, 24)))
    assert resized.frames.shape == (1, 20, 24, 3)
    assert resized.metadata["fps"] == 0.0
    assert dec.decode_video_batch([data])[0].frames.shape == (1, *want.shape)
    # The rules that need a frame rate refuse a still (fps 0), as an animation without delays.
    with pytest.raises(DecodeError, match="frame rate"):
        dec.decode_video(data, sampling="qwen3_vl")


def test_animated_images_stay_animations():
    frames = [Image.fromarray(photo_rgb(32, 32, seed=s)) for s in range(3)]
    for fmt in ("PNG", "WEBP", "GIF"):
        buf = io.BytesIO()
        frames[0].save(buf, fmt, save_all=True, append_images=frames[1:], duration=100, loop=0)
        clip = fastmedia.Decoder().decode_video(buf.getvalue())
        assert clip.metadata["total_num_frames"] == 3, fmt


# ------------------------------------------------------------------ frame counts (vLLM's)


@pytest.fixture(scope="module")
def clip30(tmp_path_factory) -> bytes:
    if not have_ffmpeg():
        pytest.skip("THE ffmpeg CLI IS MISSING (apt)")
    src = {"c.avi": ("testsrc2=size=64x48:rate=10:duration=3", ["-c:v", "mpeg4", "-g", "5"])}
    return make_clips(tmp_path_factory.mktemp("fc"), src)["c.avi"].read_bytes()


def test_frame_counts_as_vllm(clip30):
    """vLLM's VideoBackend.compute_frames_index_to_sample: num_frames <= 0 takes no count
    (every frame), a count over the clip takes every frame, and fps with num_frames takes
    the smaller of the two counts."""
    dec = fastmedia.Decoder()
    every = list(range(30))

    def idx(**kw):
        return dec.decode_video(clip30, **kw).metadata["frames_indices"]

    assert idx(num_frames=None) == every
    assert idx(num_frames=0) == every
    assert idx(num_frames=-1) == every
    assert idx(num_frames=100000) == every
    assert idx(num_frames=4) == [0, 9, 19, 29]  # np.linspace(0, 29, 4, dtype=int)
    # fps with num_frames: the smaller count, whichever it comes from (3 s long, 10 fps).
    assert idx(num_frames=8, fps=1.0) == [0, 14, 29]  # min(8, floor(3 * 1)) = 3
    assert idx(num_frames=2, fps=5.0) == [0, 29]  # min(2, 15) = 2
    assert idx(num_frames=4, fps=0.1) == [0]  # floor(0.3) = 0, at least 1


def test_frame_count_options_vllm_refuses_are_config_errors(clip30):
    dec = fastmedia.Decoder()
    for bad in (float("inf"), float("-inf"), float("nan")):
        with pytest.raises(ConfigError, match="fps"):
            dec.decode_video(clip30, fps=bad)
    for sampling in ("dynamo", "timestamps"):
        with pytest.raises(ConfigError, match="not both"):
            dec.decode_video(clip30, sampling=sampling, num_frames=4, fps=2.0)
    with pytest.raises(ConfigError, match=">= 0"):
        dec.decode_video(clip30, sampling="dynamo", num_frames=-1)
