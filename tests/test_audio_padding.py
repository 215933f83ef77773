"""`decode_audio(padding="keep")`: the encoder's padding after the edit list kept, as FFmpeg's
decoders alone return it (torchcodec, and so vLLM 0.33's AudioMediaIO). PyAV drives FFmpeg's
decoders the same way and is the oracle here; tests/vllm compares with torchcodec itself."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import fastmedia
from fastmedia import ConfigError
from tests.videos import have_ffmpeg, make_audio

pytestmark = pytest.mark.skipif(not have_ffmpeg(), reason="THE ffmpeg CLI IS MISSING (apt)")

# The lossy clips: their padding is what "keep" is about.
CLIPS = ["aac.m4a", "aac_stereo.mp4", "opus.mp4", "opus.ogg", "mp3.mp3"]


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> dict[str, Path]:
    return make_audio(tmp_path_factory.mktemp("padding"), CLIPS)


def pyav_mono(path: Path) -> tuple[np.ndarray, int]:
    """Every decoded sample of the first audio stream, FFmpeg's native decoders, channels
    averaged in float32 (torchcodec's samples, then vLLM's np.mean)."""
    av = pytest.importorskip("av")
    with av.open(str(path)) as c:
        s = c.streams.audio[0]
        planes = [f.to_ndarray() for f in c.decode(s)]
        rate = s.codec_context.sample_rate
    pcm = np.concatenate(planes, axis=1).astype(np.float32)
    return pcm.mean(axis=0, dtype=np.float32) if pcm.shape[0] > 1 else pcm[0], rate


@pytest.fixture(scope="module")
def dec() -> fastmedia.Decoder:
    return fastmedia.Decoder(threads=2)


@pytest.mark.parametrize("name", sorted(CLIPS))
def test_keep_returns_every_sample_ffmpegs_decoders_return(clips, dec, name):
    want, rate = pyav_mono(clips[name])
    got = dec.decode_audio(clips[name].read_bytes(), opus_decoder="ffmpeg", padding="keep")
    assert got.sample_rate == rate
    assert got.samples.shape == want.shape, name
    np.testing.assert_allclose(got.samples, want, rtol=0, atol=2e-7)


@pytest.mark.parametrize("name", ["aac.m4a", "aac_stereo.mp4", "opus.mp4"])
def test_trim_ends_at_the_edit_list_and_keep_does_not(clips, dec, name):
    data = clips[name].read_bytes()
    trim = dec.decode_audio(data, opus_decoder="ffmpeg")
    keep = dec.decode_audio(data, opus_decoder="ffmpeg", padding="keep")
    stated = round(1.37 * keep.sample_rate)
    assert abs(trim.samples.shape[0] - stated) <= 1
    assert keep.samples.shape[0] > trim.samples.shape[0]
    np.testing.assert_array_equal(keep.samples[: trim.samples.shape[0]], trim.samples)


def test_padding_is_checked(clips, dec):
    with pytest.raises(ConfigError, match="padding"):
        dec.decode_audio(clips["aac.m4a"].read_bytes(), padding="cut")
