"""``decode_audio(resampler="swresample")`` against PyAV's ``AudioResampler`` (libswresample
at its defaults, what torchcodec and SGLang use): the same float32 samples, resampled and
mixed down; and ``errors="raise"`` refusing a corrupt packet that the default skips."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from fastmedia import DecodeError, Decoder
from tests.videos import make_audio

av = pytest.importorskip("av")
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def pyav(data: bytes, rate: int, mono: bool) -> np.ndarray:
    import io

    chunks = []
    with av.open(io.BytesIO(data)) as c:
        stream = c.streams.audio[0]
        layout = "mono" if mono else stream.layout.name
        rs = av.audio.resampler.AudioResampler(format="fltp", layout=layout, rate=rate)
        for frame in c.decode(stream):
            chunks += [f.to_ndarray() for f in rs.resample(frame)]
        chunks += [f.to_ndarray() for f in rs.resample(None)]
    return np.concatenate(chunks, axis=1)


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> dict[str, Path]:
    return make_audio(tmp_path_factory.mktemp("audio"), ["aac_stereo.mp4", "mp3.mp3", "flac.flac"])


@pytest.mark.parametrize("name", ["aac_stereo.mp4", "mp3.mp3", "flac.flac"])
@pytest.mark.parametrize("rate", [16000, 22050, 48000])
@pytest.mark.parametrize("mono", [True, False])
def test_swresample_is_pyavs(clips, name, rate, mono):
    data = clips[name].read_bytes()
    want = pyav(data, rate, mono)
    got = Decoder().decode_audio(
        data,
        sample_rate=rate,
        mono=mono,
        opus_decoder="ffmpeg",
        padding="keep",
        resampler="swresample",
    )
    samples = np.atleast_2d(got.samples)
    assert got.sample_rate == rate
    assert samples.shape == want.shape
    np.testing.assert_array_equal(samples, want)
    # The default (soxr, numpy's mean) is a different computation on the same signal.
    soxr = Decoder().decode_audio(data, sample_rate=rate, mono=mono, padding="keep")
    assert np.atleast_2d(soxr.samples).shape[0] == want.shape[0]


def test_errors_raise_refuses_a_corrupt_packet_the_default_skips():
    data = (FIXTURES / "fuzz" / "audio" / "packet_reuse_leak.bin").read_bytes()
    assert Decoder().decode_audio(data).samples.size > 0
    with pytest.raises(DecodeError, match="corrupt mp3 packet"):
        Decoder().decode_audio(data, errors="raise")


@pytest.mark.parametrize(("kw", "bad"), [("resampler", "sinc"), ("errors", "ignore")])
def test_bad_option_is_a_config_error(kw, bad):
    from fastmedia.errors import ConfigError

    with pytest.raises(ConfigError, match=kw):
        Decoder().decode_audio(b"RIFF", **{kw: bad})
