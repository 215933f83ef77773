"""fastmedia.metrics: counters, gauges and histograms for Decoder, Frontend and Reader, checked
by scraping ``prometheus_client.generate_latest()``; and fastmedia without prometheus-client."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import fastmedia
import fastmedia.metrics
from tests.helpers import CORPUS, wav_bytes
from tests.nixl_peers import pixels, png_bytes

prom = pytest.importorskip("prometheus_client", reason="the metrics extra is not installed")
from prometheus_client.parser import text_string_to_metric_families  # noqa: E402

PHOTO = (CORPUS / "jpeg_640x480" / "astronaut.jpg").read_bytes()


def scrape(registry) -> dict:
    text = prom.generate_latest(registry).decode()
    out = {}
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def delta(a: dict, b: dict, name: str, **labels) -> float:
    key = (name, tuple(sorted(labels.items())))
    return b.get(key, 0.0) - a.get(key, 0.0)


@pytest.fixture(scope="module")
def registry():
    reg = prom.CollectorRegistry()
    col = fastmedia.metrics.register(reg)
    assert fastmedia.metrics.register(reg) is col, "register() is idempotent per registry"
    return reg


def test_decoder_counts_formats_outcomes_bytes_and_latency(registry):
    a = scrape(registry)
    dec = fastmedia.Decoder()
    png = png_bytes((30, 40, 3), 5)
    res = dec.decode_batch([PHOTO, png, b"not an image"], return_exceptions=True)
    assert isinstance(res[2], fastmedia.UnsupportedFormat)
    dec.decode(PHOTO)
    with pytest.raises(fastmedia.DecodeError):
        dec.decode(PHOTO[:100])
    b = scrape(registry)
    d = lambda name, **kw: delta(a, b, name, **kw)  # noqa: E731
    assert (
        d("fastmedia_decodes_total", component="decoder", kind="image", format="jpeg", outcome="ok")
        == 2
    )
    assert (
        d("fastmedia_decodes_total", component="decoder", kind="image", format="png", outcome="ok")
        == 1
    )
    assert (
        d(
            "fastmedia_decodes_total",
            component="decoder",
            kind="image",
            format="unknown",
            outcome="UnsupportedFormat",
        )
        == 1
    )
    bad = sum(
        d("fastmedia_decodes_total", component="decoder", kind="image", format="unknown", outcome=o)
        for o in ("DecodeError", "LimitExceeded")
    )
    assert bad == 1
    assert d("fastmedia_decoded_bytes_total", component="decoder") == 2 * 640 * 480 * 3 + 3600
    assert d("fastmedia_decode_seconds_count", component="decoder", kind="image", op="batch") == 1
    assert d("fastmedia_decode_seconds_count", component="decoder", kind="image", op="single") == 2
    inf = d(
        "fastmedia_decode_seconds_bucket", component="decoder", kind="image", op="single", le="+Inf"
    )
    assert inf == 2


@pytest.mark.requires_nixl
def test_frontend_gauges_and_leases_ended_by_cause(registry):
    a = scrape(registry)
    with fastmedia.Frontend(pool_bytes=16 << 20) as fe:
        ms = fe.decode_batch([PHOTO, PHOTO, PHOTO])
        b = scrape(registry)
        assert delta(a, b, "fastmedia_pool_bytes_limit") == 16 << 20
        assert delta(a, b, "fastmedia_pool_bytes_in_use") == fe.stats()["pool_bytes_in_use"] > 0
        assert delta(a, b, "fastmedia_leases_live") == 3
        assert (
            delta(
                a,
                b,
                "fastmedia_decodes_total",
                component="frontend",
                kind="image",
                format="jpeg",
                outcome="ok",
            )
            == 3
        )
        ms[0].release()
        c = scrape(registry)
        assert delta(a, c, "fastmedia_leases_ended_total", cause="release") == 1
        assert delta(a, c, "fastmedia_leases_live") == 2
    # Closed: the gauges drop, the counters keep what the Frontend did.
    d = scrape(registry)
    assert delta(a, d, "fastmedia_pool_bytes_limit") == 0
    assert delta(a, d, "fastmedia_leases_ended_total", cause="release") == 1


@pytest.mark.requires_nixl
def test_reader_reads_failures_and_latency(registry, fm):
    a = scrape(registry)
    items = [((20, 30, 3), 81), ((20, 30, 3), 82), ((10, 10, 3), 83)]
    ds = fm.images(items)
    with fastmedia.Reader(timeout_s=20.0) as rd:
        arrs = rd.read_batch(ds[:2])
        assert all(np.array_equal(x, pixels(*it)) for x, it in zip(arrs, items[:2], strict=True))
        assert fm.release([ds[2]["lease_key"]]) == [True]
        with pytest.raises(fastmedia.TransferError):
            rd.read(ds[2])
        b = scrape(registry)
    assert delta(a, b, "fastmedia_reads_total") == 3
    assert delta(a, b, "fastmedia_read_bytes_total") == 2 * 20 * 30 * 3
    assert delta(a, b, "fastmedia_read_failures_total", cause="lease_check") == 1
    assert delta(a, b, "fastmedia_read_seconds_count", op="batch") == 1
    assert delta(a, b, "fastmedia_read_seconds_count", op="single") == 1
    del rd
    import gc

    gc.collect()
    c = scrape(registry)  # a Reader that is gone keeps its counts
    assert delta(a, c, "fastmedia_reads_total") == 3


def _calls(obj, clip: bytes, wav: bytes) -> dict:
    """Every public decode entry point of a Decoder or Frontend: (kind, op, call)."""
    pil = {"decode_pil": ("image", "single", lambda: obj.decode_pil(PHOTO))}
    return {
        **(pil if isinstance(obj, fastmedia.Decoder) else {}),
        "decode": ("image", "single", lambda: obj.decode(PHOTO)),
        "decode_batch": ("image", "batch", lambda: obj.decode_batch([PHOTO])),
        "decode_async": ("image", "single", lambda: asyncio.run(obj.decode_async(PHOTO))),
        "decode_batch_async": (
            "image",
            "batch",
            lambda: asyncio.run(obj.decode_batch_async([PHOTO])),
        ),
        "decode_audio": ("audio", "single", lambda: obj.decode_audio(wav)),
        "decode_audio_batch": ("audio", "batch", lambda: obj.decode_audio_batch([wav])),
        "decode_audio_async": (
            "audio",
            "single",
            lambda: asyncio.run(obj.decode_audio_async(wav)),
        ),
        "decode_audio_batch_async": (
            "audio",
            "batch",
            lambda: asyncio.run(obj.decode_audio_batch_async([wav])),
        ),
        "decode_video": ("video", "single", lambda: obj.decode_video(clip, num_frames=2)),
        "decode_video_batch": (
            "video",
            "batch",
            lambda: obj.decode_video_batch([clip], num_frames=2),
        ),
        "decode_video_async": (
            "video",
            "single",
            lambda: asyncio.run(obj.decode_video_async(clip, num_frames=2)),
        ),
        "decode_video_batch_async": (
            "video",
            "batch",
            lambda: asyncio.run(obj.decode_video_batch_async([clip], num_frames=2)),
        ),
    }


def _check_every_entry_point(registry, obj, component: str) -> None:
    clip = (CORPUS / "formats" / "animated.gif").read_bytes()
    calls = _calls(obj, clip, wav_bytes())
    public = {n for n in dir(obj) if n.startswith("decode") and callable(getattr(obj, n))}
    assert public == set(calls), "a public decode method is not in this test"
    for name, (kind, op, call) in calls.items():
        a = scrape(registry)
        call()
        b = scrape(registry)
        count = delta(a, b, "fastmedia_decode_seconds_count", component=component, kind=kind, op=op)
        assert count == 1, f"{component}.{name}: {count} observations"
        ok = sum(
            v - a.get(k, 0.0)
            for k, v in b.items()
            if k[0] == "fastmedia_decodes_total" and ("outcome", "ok") in k[1]
        )
        assert ok == 1, f"{component}.{name}: {ok} decodes counted"
    # A failed call counts too, as one observation with the error as outcome.
    a = scrape(registry)
    with pytest.raises(fastmedia.DecodeError):
        obj.decode_audio(b"not audio")
    b = scrape(registry)
    count = delta(
        a, b, "fastmedia_decode_seconds_count", component=component, kind="audio", op="single"
    )
    assert count == 1
    failed = sum(
        v - a.get(k, 0.0)
        for k, v in b.items()
        if k[0] == "fastmedia_decodes_total"
        and ("kind", "audio") in k[1]
        and ("outcome", "ok") not in k[1]
    )
    assert failed == 1


def test_every_decoder_entry_point_is_counted_once(registry):
    _check_every_entry_point(registry, fastmedia.Decoder(threads=1), "decoder")


@pytest.mark.requires_nixl
def test_every_frontend_entry_point_is_counted_once(registry):
    with fastmedia.Frontend(pool_bytes=64 << 20, decoder=fastmedia.Decoder(threads=1)) as fe:
        _check_every_entry_point(registry, fe, "frontend")


def test_fastmedia_works_without_prometheus_client():
    code = (
        "import sys; sys.modules['prometheus_client'] = None\n"
        "import fastmedia, fastmedia.metrics\n"
        "from tests.nixl_peers import png_bytes\n"
        "assert fastmedia.Decoder().decode(png_bytes((8, 8, 3), 1)).shape == (8, 8, 3)\n"
        "try:\n"
        "    fastmedia.metrics.register()\n"
        "except ImportError as e:\n"
        "    assert 'fastmedia[metrics]' in str(e), e\n"
        "    print('OK')\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=str(Path(__file__).resolve().parents[1]),
    )
    assert r.stdout.strip().endswith("OK"), r.stdout + r.stderr
