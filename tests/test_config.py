"""Every constructor and call option is checked at the boundary: a value out of range raises
``ConfigError`` naming the option, the value and the accepted range, before any work (and
without counting as a decode failure in the metrics)."""

from __future__ import annotations

import pytest

import fastmedia
from fastmedia import ConfigError
from fastmedia._internal.config import max_threads, usable_cores
from tests.helpers import CORPUS, wav_bytes

PHOTO = (CORPUS / "jpeg_640x480" / "astronaut.jpg").read_bytes()
needs_nixl = pytest.mark.requires_nixl


def _refused(make, option: str, value: str):
    with pytest.raises(ConfigError) as ei:
        make()
    msg = str(ei.value)
    assert option in msg and value in msg, msg
    return msg


@pytest.mark.parametrize(
    ("make", "option", "value"),
    [
        (lambda: fastmedia.Decoder(threads=-1), "threads", "-1"),
        (lambda: fastmedia.Decoder(threads=0), "threads", "0"),
        (lambda: fastmedia.Decoder(threads=1.5), "threads", "1.5"),
        (lambda: fastmedia.Decoder(channels="bgr"), "channels", "bgr"),
        (lambda: fastmedia.Decoder(channels=3), "channels", "3"),
        (lambda: fastmedia.Decoder(exif_orientation="yes"), "exif_orientation", "yes"),
        (lambda: fastmedia.Limits(max_alloc=-1), "max_alloc", "-1"),
        (lambda: fastmedia.Limits(max_alloc=0), "max_alloc", "0"),
        (lambda: fastmedia.Limits(max_width=-5), "max_width", "-5"),
        (lambda: fastmedia.Limits(max_pixels=2.5), "max_pixels", "2.5"),
        (lambda: fastmedia.Limits(max_video_frames=2**64), "max_video_frames", str(2**64)),
        (lambda: fastmedia.AudioLimits(max_duration_s=0), "max_duration_s", "0"),
        (lambda: fastmedia.AudioLimits(max_duration_s=float("nan")), "max_duration_s", "nan"),
        (lambda: fastmedia.AudioLimits(max_bytes=-1), "max_bytes", "-1"),
        (lambda: fastmedia.Decoder(limits={"max_alloc": -1}), "max_alloc", "-1"),
        (lambda: fastmedia.Decoder(limits={"max_allocs": 1}), "max_allocs", "max_alloc"),
        (lambda: fastmedia.Decoder(limits=[1]), "limits", "list"),
        (lambda: fastmedia.Decoder(audio_limits={"max_bytes": 0}), "max_bytes", "0"),
    ],
)
def test_bad_decoder_options_are_config_errors(make, option, value):
    msg = _refused(make, option, value)
    assert "range" in msg or "one of" in msg or "accepted" in msg or "keys" in msg or "must" in msg


def test_thread_counts_far_beyond_the_machine_are_refused():
    hi = max_threads()
    assert hi >= 64 and hi >= 4 * usable_cores()
    msg = _refused(lambda: fastmedia.Decoder(threads=10_000), "threads", "10000")
    assert f"at most {hi}" in msg and "CPU" in msg
    assert fastmedia.Decoder(threads=hi).threads == hi  # the bound itself is accepted (lazy pool)


def test_limits_as_a_dict_are_accepted():
    dec = fastmedia.Decoder(limits={"max_width": 100}, audio_limits={"max_duration_s": 1.0})
    assert dec.limits == fastmedia.Limits(max_width=100)
    assert dec.audio_limits == fastmedia.AudioLimits(max_duration_s=1.0)
    with pytest.raises(fastmedia.LimitExceeded):
        dec.decode(PHOTO)


@pytest.mark.parametrize("sample_rate", [-1, 0, 1.5, "16k", 10**7])
def test_bad_sample_rates_are_config_errors_before_any_decode(sample_rate):
    dec = fastmedia.Decoder(threads=1)
    wav = wav_bytes()
    for call in (
        lambda: dec.decode_audio(wav, sample_rate=sample_rate),
        lambda: dec.decode_audio_batch([wav], sample_rate=sample_rate),
    ):
        _refused(call, "sample_rate", str(sample_rate))
    assert dec.decode_audio(wav, sample_rate=8000).sample_rate == 8000


def test_bad_sampling_is_a_config_error():
    _refused(
        lambda: fastmedia.Decoder(threads=1).decode_video(b"x", sampling="linear"),
        "sampling",
        "linear",
    )


@needs_nixl
@pytest.mark.parametrize(
    ("kw", "option", "value"),
    [
        ({"pool_bytes": -1}, "pool_bytes", "-1"),
        ({"pool_bytes": 2**64 - 1}, "pool_bytes", str(2**64 - 1)),
        ({"lease_ttl_s": 0}, "lease_ttl_s", "0"),
        ({"lease_ttl_s": float("inf")}, "lease_ttl_s", "inf"),
        ({"acquire_timeout_s": -1}, "acquire_timeout_s", "-1"),
        ({"reuse_grace_s": 0}, "reuse_grace_s", "0"),
        ({"progress_delay_us": -1}, "progress_delay_us", "-1"),
        ({"channels": "bgr"}, "channels", "bgr"),
    ],
)
def test_bad_frontend_options_are_config_errors(kw, option, value):
    _refused(lambda: fastmedia.Frontend(**kw), option, value)


@needs_nixl
@pytest.mark.parametrize(
    ("kw", "option", "value"),
    [
        ({"timeout_s": 0}, "timeout_s", "0"),
        ({"timeout_s": -1}, "timeout_s", "-1"),
        ({"threads": -1}, "threads", "-1"),
        ({"threads": 10_000}, "threads", "10000"),
        ({"pool_bytes": -1}, "pool_bytes", "-1"),
        ({"slab_bytes": 0}, "slab_bytes", "0"),
    ],
)
def test_bad_reader_options_are_config_errors(kw, option, value):
    _refused(lambda: fastmedia.Reader(**kw), option, value)


@needs_nixl
def test_frontend_honours_the_decoders_channels():
    with fastmedia.Frontend(pool_bytes=8 << 20, decoder=fastmedia.Decoder(channels="rgb")) as fe:
        gray = (CORPUS / "formats" / "gray.png").read_bytes()
        assert fe.decode(gray).shape[2] == 3  # rgb, as the decoder says
    with fastmedia.Frontend(pool_bytes=8 << 20, decoder=fastmedia.Decoder(threads=1)) as fe:
        assert fe.decode(gray).shape[2] == 1  # the decoder did not choose: native
    msg = _refused(
        lambda: fastmedia.Frontend(
            decoder=fastmedia.Decoder(channels="rgb"), channels="native", pool_bytes=8 << 20
        ),
        "channels",
        "native",
    )
    assert "'rgb'" in msg
