"""What a failed or cancelled call leaves behind, and what the next call waits for.

    python benches/bench_cancel.py            # 160 x 1080p JPEG, a Frontend with 2 threads

Prints, for one Frontend:

- leases (and pool bytes) still held right after ``decode_batch([jpg, jpg, garbage])`` raised;
- leases still held right after ``decode_batch_async`` of N images was cancelled 5 ms in, and
  after ``asyncio.wait_for(..., timeout=0.005)`` timed out (then again after 1 s, by when
  abandoned work that kept running would have finished);
- the latency of one ``decode_async`` issued right after that cancel, against the same call
  on an idle pool (median of ``--rounds``);
- with ``fastmedia.metrics`` registered, how many ``fastmedia_decode_seconds`` observations
  each public ``decode*`` entry point adds (1 is right; 0 means the call type is not counted).

Runs against whichever fastmedia is importable, so the same script measures before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import time
from pathlib import Path

import fastmedia

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from tests.helpers import wav_bytes  # noqa: E402  (the suite's tone, after the path)

SHARED = REPO.parent / "shared" / "corpus" / "jpeg_1920x1080"
FIXTURE = REPO / "tests" / "fixtures" / "jpeg_mosaic_1920x1080"


def _jpeg() -> bytes:
    for folder in (SHARED, FIXTURE):
        files = sorted(folder.glob("*.jpg")) if folder.is_dir() else []
        if files:
            return files[0].read_bytes()
    raise SystemExit("no 1080p JPEG found (tests/fixtures/jpeg_mosaic_1920x1080)")


def held(fe) -> tuple[int, int]:
    s = fe.stats()
    return s["leases_live"], s["pool_bytes_in_use"]


async def _cancelled(fe, jpg: bytes, n: int, how: str) -> tuple[tuple[int, int], float]:
    """Cancel (or time out) a batch 5 ms in; returns (held right after, next call's seconds)."""
    coro = fe.decode_batch_async([jpg] * n)
    try:
        if how == "cancel":
            task = asyncio.ensure_future(coro)
            await asyncio.sleep(0.005)
            task.cancel()
            await task
        else:
            await asyncio.wait_for(coro, timeout=0.005)
    except (asyncio.CancelledError, asyncio.TimeoutError):
        pass
    left = held(fe)
    t0 = time.perf_counter()
    m = await fe.decode_async(jpg)
    dt = time.perf_counter() - t0
    m.release()
    return left, dt


async def _idle(fe, jpg: bytes) -> float:
    t0 = time.perf_counter()
    m = await fe.decode_async(jpg)
    dt = time.perf_counter() - t0
    m.release()
    return dt


def _drain(fe, base: tuple[int, int]) -> None:
    """Wait (up to 60 s) for abandoned work to end and release what it leaked."""
    deadline = time.monotonic() + 60
    while held(fe) != base and time.monotonic() < deadline:
        time.sleep(0.05)
        fe.poll()
        if held(fe)[0] > base[0]:
            fe._core.advance_clock(1e6)  # expire leaked leases (TTL) so the next round starts clean
    fe._core.advance_clock(1e6)


def metrics_per_call(fe, jpg: bytes) -> dict[str, float]:
    from prometheus_client import CollectorRegistry, generate_latest
    from prometheus_client.parser import text_string_to_metric_families

    import fastmedia.metrics

    reg = CollectorRegistry()
    fastmedia.metrics.register(reg)

    def observations() -> float:
        total = 0.0
        for fam in text_string_to_metric_families(generate_latest(reg).decode()):
            for s in fam.samples:
                if s.name == "fastmedia_decode_seconds_count":
                    total += s.value
        return total

    gif = (REPO / "tests" / "fixtures" / "formats" / "animated.gif").read_bytes()
    wav = wav_bytes()
    calls = {
        "decode": lambda: fe.decode(jpg),
        "decode_batch": lambda: fe.decode_batch([jpg]),
        "decode_async": lambda: asyncio.run(fe.decode_async(jpg)),
        "decode_batch_async": lambda: asyncio.run(fe.decode_batch_async([jpg])),
        "decode_audio": lambda: fe.decode_audio(wav),
        "decode_audio_batch": lambda: fe.decode_audio_batch([wav]),
        "decode_audio_async": lambda: asyncio.run(fe.decode_audio_async(wav)),
        "decode_video": lambda: fe.decode_video(gif, num_frames=2),
        "decode_video_batch": lambda: fe.decode_video_batch([gif], num_frames=2),
        "decode_video_async": lambda: asyncio.run(fe.decode_video_async(gif, num_frames=2)),
    }
    if hasattr(fe, "decode_video_batch_async"):
        calls["decode_audio_batch_async"] = lambda: asyncio.run(fe.decode_audio_batch_async([wav]))
        calls["decode_video_batch_async"] = lambda: asyncio.run(
            fe.decode_video_batch_async([gif], num_frames=2)
        )
    out = {}
    for name, call in calls.items():
        before = observations()
        res = call()
        for m in res if isinstance(res, list) else [res]:
            m.release()
        out[name] = observations() - before
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--images", type=int, default=160)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()
    from common import versions

    print(versions("nixl"))
    jpg = _jpeg()
    dec = fastmedia.Decoder(threads=a.threads)
    with fastmedia.Frontend(decoder=dec, pool_bytes=2 << 30, lease_ttl_s=600) as fe:
        base = held(fe)
        with contextlib.suppress(fastmedia.DecodeError):
            fe.decode_batch([jpg, jpg, b"garbage"])
        print(f"failed sync batch: leases/bytes left {held(fe)} (before {base})")
        _drain(fe, base)
        for how in ("cancel", "timeout"):
            lefts, laters, lat = [], [], []
            for _ in range(a.rounds):
                left, dt = asyncio.run(_cancelled(fe, jpg, a.images, how))
                lefts.append(left)
                lat.append(dt)
                time.sleep(1.0)
                laters.append(held(fe))
                _drain(fe, base)
            idle = [asyncio.run(_idle(fe, jpg)) for _ in range(a.rounds)]
            print(
                f"{how} after 5 ms of {a.images} x 1080p: leases/bytes left right after "
                f"{lefts}, 1 s later {laters}; next decode_async median "
                f"{statistics.median(lat) * 1e3:.1f} ms (max {max(lat) * 1e3:.1f}) vs idle "
                f"{statistics.median(idle) * 1e3:.1f} ms"
            )
        try:
            counted = metrics_per_call(fe, jpg)
        except ImportError as e:
            print(f"metrics: {e}")
        else:
            print(
                "decode_seconds observations per call: "
                + ", ".join(f"{k} {v:g}" for k, v in counted.items())
            )


if __name__ == "__main__":
    main()
