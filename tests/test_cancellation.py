"""Failures, cancellations and timeouts leak no leases, and cancelled work stops.

A Frontend's leases that the caller never received (a batch that raises, an async call that
is cancelled or times out) end at once: ``leases_live`` and ``pool_bytes_in_use`` are back to
their earlier values as soon as the failed or cancelled call returns, for images, video and
audio, sync and async. A cancelled async batch skips the items it had not started, so the
next call does not queue behind abandoned work (counted in leases taken, never in time).
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest

import fastmedia
from tests.helpers import CORPUS, wav_bytes
from tests.videos import have_ffmpeg, make_clips

needs_nixl = pytest.mark.requires_nixl

PHOTO = (CORPUS / "jpeg_640x480" / "astronaut.jpg").read_bytes()
GARBAGE = b"garbage, not an image"


WAV = wav_bytes()
LONG_WAV = wav_bytes(seconds=20.0, sr=48000)  # slow enough to cancel a batch of them midway


@pytest.fixture(scope="module")
def clip(tmp_path_factory) -> bytes:
    if not have_ffmpeg():
        pytest.fail("the ffmpeg CLI is needed to make the test clip (apt install ffmpeg)")
    folder: Path = tmp_path_factory.mktemp("cancel_clips")
    # Many short groups (a keyframe every 5 frames): cancellation is checked between them.
    src = ("testsrc2=size=160x120:rate=30:duration=4", ["-c:v", "libx264", "-g", "5"])
    return make_clips(folder, {"g5.mp4": src})["g5.mp4"].read_bytes()


@pytest.fixture
def fe():
    with fastmedia.Frontend(pool_bytes=256 << 20, decoder=fastmedia.Decoder(threads=1)) as f:
        yield f


def held(fe: fastmedia.Frontend) -> tuple[int, int]:
    s = fe.stats()
    return s["leases_live"], s["pool_bytes_in_use"]


def calls(fe: fastmedia.Frontend, clip: bytes) -> dict:
    """Per medium: (good input, the sync batch, the async batch)."""
    return {
        "image": (PHOTO, fe.decode_batch, fe.decode_batch_async),
        "video": (
            clip,
            lambda xs, **kw: fe.decode_video_batch(xs, num_frames=8, **kw),
            lambda xs, **kw: fe.decode_video_batch_async(xs, num_frames=8, **kw),
        ),
        "audio": (LONG_WAV, fe.decode_audio_batch, fe.decode_audio_batch_async),
    }


@needs_nixl
@pytest.mark.parametrize("kind", ["image", "video", "audio"])
def test_a_failed_batch_releases_the_other_items(fe, clip, kind):
    good, batch, _ = calls(fe, clip)[kind]
    before = held(fe)
    with pytest.raises(fastmedia.DecodeError):
        batch([good, good, GARBAGE])
    assert held(fe) == before
    # return_exceptions=True hands every item over: the caller owns those leases.
    got = batch([good, good, GARBAGE], return_exceptions=True)
    assert held(fe) != before and all(m.live for m in got[:2])
    for m in got[:2]:
        m.release()
    assert held(fe) == before


@needs_nixl
@pytest.mark.parametrize("kind", ["image", "video", "audio"])
async def test_a_failed_async_batch_releases_the_other_items(fe, clip, kind):
    good, _, batch_async = calls(fe, clip)[kind]
    before = held(fe)
    with pytest.raises(fastmedia.DecodeError):
        await batch_async([good, GARBAGE, good])
    assert held(fe) == before


async def _started(fe: fastmedia.Frontend, total0: int) -> None:
    """Wait (event loop free) until the pool has handed out a lease since ``total0``."""
    for _ in range(60_000):
        if fe.stats()["leases_total"] > total0:
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the batch never started")


@needs_nixl
@pytest.mark.parametrize("kind", ["image", "video", "audio"])
@pytest.mark.parametrize("how", ["cancel", "timeout"])
async def test_a_cancelled_batch_releases_every_lease(fe, clip, kind, how):
    good, _, batch_async = calls(fe, clip)[kind]
    before = held(fe)
    total0 = fe.stats()["leases_total"]
    n = 64
    got = None
    if how == "cancel":
        task = asyncio.ensure_future(batch_async([good] * n))
        await _started(fe, total0)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            got = await task
    else:
        try:
            async with asyncio.timeout(None) as cm:
                task = asyncio.ensure_future(batch_async([good] * n))
                await _started(fe, total0)
                cm.reschedule(asyncio.get_running_loop().time())  # time out now
                got = await task
        except TimeoutError:
            pass
    if got is not None:  # (rare) it finished before the cancel landed: the caller owns it
        for m in got:
            m.release()
    # Within the same event-loop turn: nothing the cancelled call decoded is still held.
    assert held(fe) == before


@needs_nixl
async def test_wait_for_timeout_releases_leases(fe):
    before = held(fe)
    total0 = fe.stats()["leases_total"]

    async def slow_client():
        await asyncio.wait_for(fe.decode_batch_async([PHOTO] * 64), timeout=3600)

    task = asyncio.ensure_future(slow_client())
    await _started(fe, total0)
    task.cancel()  # the client disconnects while wait_for is waiting
    with pytest.raises(asyncio.CancelledError):
        await task
    assert held(fe) == before


@needs_nixl
@pytest.mark.parametrize("kind", ["image", "video", "audio"])
async def test_a_cancelled_single_decode_holds_nothing(fe, clip, kind):
    good = calls(fe, clip)[kind][0]
    one = {
        "image": fe.decode_async,
        "video": lambda d: fe.decode_video_async(d, num_frames=8),
        "audio": fe.decode_audio_async,
    }[kind]
    before = held(fe)
    for turns in range(4):  # cancelled queued, starting, and (likely) running
        task = asyncio.ensure_future(one(good))
        for _ in range(turns):
            await asyncio.sleep(0)
        task.cancel()
        try:
            m = await task
        except asyncio.CancelledError:
            assert held(fe) == before
        else:  # finished before the cancel landed: the caller owns it
            m.release()
    assert held(fe) == before


@needs_nixl
async def test_the_next_call_does_not_queue_behind_a_cancelled_batch(fe):
    """The pool has one thread; a cancelled batch of 1000 skips what it had not started, so
    the next decode runs right after the items in flight, not after 1000 decodes. Until the
    loop delivers the cancel the thread keeps decoding, so a busy host's loop gets 250 of them
    (under the 256 MiB pool's 291, about 0.7 s)."""
    n, most = 1000, 250
    total0 = fe.stats()["leases_total"]
    task = asyncio.ensure_future(fe.decode_batch_async([PHOTO] * n))
    await _started(fe, total0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    after_cancel = fe.stats()["leases_total"]
    m = await fe.decode_async(PHOTO)
    m.release()
    # Nothing of the abandoned batch was decoded after the cancel returned.
    assert fe.stats()["leases_total"] == after_cancel + 1
    assert after_cancel - total0 < most, after_cancel - total0


def test_decoder_batches_are_unchanged_by_cancellation_support():
    dec = fastmedia.Decoder(threads=1)
    with pytest.raises(fastmedia.DecodeError):
        dec.decode_batch([PHOTO, GARBAGE])
    got = dec.decode_batch([PHOTO, GARBAGE], return_exceptions=True)
    assert got[0].shape == (480, 640, 3) and isinstance(got[1], fastmedia.DecodeError)


async def test_decoder_async_batches_of_every_kind(clip):
    dec = fastmedia.Decoder(threads=1)
    v = await dec.decode_video_batch_async([clip, GARBAGE], num_frames=4, return_exceptions=True)
    assert v[0].frames.shape[0] == 4 and isinstance(v[1], fastmedia.DecodeError)
    a = await dec.decode_audio_batch_async([WAV], sample_rate=8000)
    assert a[0].sample_rate == 8000
    task = asyncio.ensure_future(dec.decode_batch_async([PHOTO] * 64))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


def test_the_core_skips_items_and_video_groups_once_cancelled(clip):
    """The flag itself: set before the call, no batch item starts (each slot is a
    CancelledError) and a clip decoded with FFmpeg stops before its first group."""
    import concurrent.futures

    core = fastmedia.Decoder(threads=1)._core
    flag = fastmedia._core.Cancel()
    assert not flag.cancelled
    assert core.decode_batch([PHOTO], cancel=flag)[0].shape == (480, 640, 3)
    flag.cancel()
    assert flag.cancelled
    got = core.decode_batch([PHOTO, PHOTO], cancel=flag)
    assert all(isinstance(g, concurrent.futures.CancelledError) for g in got)
    got = core.decode_video_batch([clip], num_frames=8, cancel=flag)
    assert isinstance(got[0], concurrent.futures.CancelledError)
    with pytest.raises(concurrent.futures.CancelledError):
        core.decode_video(clip, num_frames=8, cancel=flag)
    assert core.decode_video(clip, num_frames=8)[0].shape[0] == 8  # no flag: decodes
