"""The API a typed, async codebase expects: the same four forms for every media kind, a
closeable Decoder, refusals that say how to lift them, and true states after release/close."""

from __future__ import annotations

import asyncio

import pytest

import fastmedia
from fastmedia import UrlPolicy, UrlRejected
from tests.helpers import CORPUS, wav_bytes

PHOTO = (CORPUS / "jpeg_640x480" / "astronaut.jpg").read_bytes()
GIF = (CORPUS / "formats" / "animated.gif").read_bytes()
FORMS = ("", "_batch", "_async", "_batch_async")


@pytest.mark.parametrize("cls", [fastmedia.Decoder, fastmedia.Frontend])
def test_every_media_kind_has_the_four_forms(cls):
    for kind in ("decode", "decode_audio", "decode_video"):
        for form in FORMS:
            assert callable(getattr(cls, kind + form, None)), f"{cls.__name__}.{kind}{form}"
            if form.endswith("async"):
                assert asyncio.iscoroutinefunction(getattr(cls, kind + form))


async def test_decoder_async_video_and_audio_batches_match_the_sync_ones():
    dec = fastmedia.Decoder(threads=1)
    wav = wav_bytes()
    sync_v = dec.decode_video_batch([GIF, GIF], num_frames=3)
    async_v = await dec.decode_video_batch_async([GIF, GIF], num_frames=3)
    for a, b in zip(sync_v, async_v, strict=True):
        assert (a.frames == b.frames).all() and a.metadata == b.metadata
    sync_a = dec.decode_audio_batch([wav], sample_rate=8000)
    async_a = await dec.decode_audio_batch_async([wav], sample_rate=8000)
    assert (sync_a[0].samples == async_a[0].samples).all()
    bad = await dec.decode_audio_batch_async([wav, b"no audio"], return_exceptions=True)
    assert isinstance(bad[1], fastmedia.DecodeError)


def test_decoder_close_and_context_manager():
    with fastmedia.Decoder(threads=1) as dec:
        arr = dec.decode(PHOTO)
    assert arr.shape == (480, 640, 3)  # arrays outlive the Decoder
    with pytest.raises(fastmedia.ClosedError, match="Decoder is closed"):
        dec.decode(PHOTO)
    with pytest.raises(fastmedia.ClosedError):
        asyncio.run(dec.decode_batch_async([PHOTO]))
    dec.close()  # idempotent


def test_decoder_close_closes_its_fetcher():
    fetcher = fastmedia.Fetcher()
    with fastmedia.Decoder(threads=1, fetcher=fetcher):
        pass
    with pytest.raises(fastmedia.ClosedError, match="Fetcher is closed"):
        fetcher.fetch_sync("https://example.com/a.jpg")


async def test_decoder_async_context_manager():
    async with fastmedia.Decoder(threads=1) as dec:
        assert (await dec.decode_async(PHOTO)).shape == (480, 640, 3)
    with pytest.raises(fastmedia.ClosedError):
        await dec.decode_async(PHOTO)


@pytest.mark.parametrize(
    ("url", "policy", "option"),
    [
        ("https://example.com:8443/a.jpg", UrlPolicy(), "allow_nondefault_ports=True"),
        ("https://93.184.216.34/a.jpg", UrlPolicy(), "allow_ip_literals=True"),
        (
            "https://10.0.0.1/a.jpg",
            UrlPolicy(allow_ip_literals=True),
            "allow_private=True",
        ),
        (
            "https://other.example/a.jpg",
            UrlPolicy(allowed_domains=["example.com"]),
            "allowed_domains",
        ),
        ("http://example.com/a.jpg", UrlPolicy(allow_http=False), "allow_http=True"),
    ],
)
def test_a_refusal_names_the_option_that_lifts_it(url, policy, option):
    with pytest.raises(UrlRejected) as ei:
        policy.check(url)
    assert f"UrlPolicy({option}" in str(ei.value), str(ei.value)


@pytest.mark.requires_nixl
def test_states_and_messages_after_release_and_close():
    fe = fastmedia.Frontend(pool_bytes=16 << 20, decoder=fastmedia.Decoder(threads=1))
    released, kept = fe.decode(PHOTO), fe.decode(PHOTO)
    assert released.release() and not released.live
    with pytest.raises(BufferError) as ei:
        released.array  # noqa: B018
    msg = str(ei.value)
    assert "ended" in msg and "was reused" not in msg, msg
    view = kept.array
    assert kept.live
    fe.close()
    assert not kept.live, "no reader can read a closed Frontend's memory"
    assert view.shape == (480, 640, 3) and int(view[0, 0, 0]) >= 0  # local views stay valid
    with pytest.raises(fastmedia.ClosedError):
        fe.decode(PHOTO)


# A Reader with its lanes and notifier, and an embedding endpoint's agent with its progress
# thread: agents of the Rust core, over NIXL's C API, which logs INFO lines unless quieted.
_MAKE_AGENTS = """
import fastmedia
from fastmedia.transfer import _nixl
rd = fastmedia.Reader()
rd._engine.prepare()
rd.close()
_nixl.Endpoint(None, 1000, "test").close()
print("made")
"""


@pytest.mark.requires_nixl
@pytest.mark.parametrize("verbose", [False, True])
def test_nixl_logs_stay_quiet_unless_asked(verbose):
    """Making agents prints no NIXL or UCX INFO lines by default; a user's own
    ``NIXL_LOG_LEVEL`` wins over fastmedia's quiet default (the True case, which also shows
    the check would see them)."""
    import os
    import subprocess
    import sys

    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("NIXL_LOG_LEVEL", "UCX_LOG_LEVEL", "FASTMEDIA_NIXL_LOGS")
    }
    if verbose:
        env["NIXL_LOG_LEVEL"] = "INFO"
    out = subprocess.run(
        [sys.executable, "-c", _MAKE_AGENTS], env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert "made" in out.stdout
    logs = out.stdout + out.stderr  # NIXL's Python logger writes to stdout, its core to stderr
    assert ("NIXL INFO" in logs and "nixl_plugin_manager" in logs) == verbose, logs
