"""Prometheus metrics for Decoder, Frontend and Reader.

One call registers them::

    import fastmedia.metrics
    fastmedia.metrics.register()          # prometheus_client's default REGISTRY, or pass one

Counters: ``fastmedia_decodes_total{component,kind,format,outcome}`` (kind "image", "video"
or "audio"; outcome "ok" or the error's class name), ``fastmedia_decoded_bytes_total{component}``,
``fastmedia_reads_total``, ``fastmedia_read_bytes_total``,
``fastmedia_read_failures_total{cause}`` (lease_check, transfer, hash),
``fastmedia_leases_ended_total{cause}`` (notification, release, ttl).
Gauges: ``fastmedia_pool_bytes_in_use``, ``fastmedia_pool_bytes_limit``,
``fastmedia_leases_live``. Histograms: ``fastmedia_decode_seconds{component,kind,op}`` and
``fastmedia_read_seconds{op}`` (one observation per call, failed calls included; op "single"
or "batch"). Every ``decode*`` method of ``Decoder`` and ``Frontend`` (sync and async) is one
call; an async batch's URLs are each one "single" call as their bodies arrive.

Needs the ``prometheus-client`` package (``pip install 'fastmedia[metrics]'``) only to
register; the rest of fastmedia works without it. Until ``register()`` is called nothing is
timed: decode and read paths pay one boolean check. Pool, lease and read counters are read
from the live objects when Prometheus scrapes (their ``stats()``), and folded into totals
when a Frontend closes or a Reader is garbage collected, so counters never go down.
"""

from __future__ import annotations

import bisect
import threading
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

T = TypeVar("T")

_DECODE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_READ_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
_LEASE_CAUSES = {
    "notification": "released_by_notification",
    "release": "released_by_caller",
    "ttl": "released_by_ttl",
}
_READ_CAUSES = {
    "lease_check": "lease_check_failures",
    "transfer": "transfer_errors",
    "hash": "hash_mismatches",
}

enabled = False  # set by register(); checked on every decode/read call
_lock = threading.Lock()
_registered: list[tuple[Any, Any]] = []  # (registry, collector)


class _Histogram:
    __slots__ = ("buckets", "counts", "total")

    def __init__(self, buckets: tuple[float, ...]) -> None:
        self.buckets = buckets
        self.counts = [0] * (len(buckets) + 1)  # the last slot is +Inf
        self.total = 0.0

    def observe(self, v: float) -> None:
        self.counts[bisect.bisect_left(self.buckets, v)] += 1
        self.total += v

    def cumulative(self) -> list[tuple[str, int]]:
        out, acc = [], 0
        for le, n in zip((*map(repr, self.buckets), "+Inf"), self.counts, strict=True):
            acc += n
            out.append((le, acc))
        return out


_decodes: Counter = Counter()  # (component, kind, format, outcome) -> n
_decoded_bytes: Counter = Counter()  # component -> bytes
_decode_seconds: dict[tuple[str, str, str], _Histogram] = {}
_read_seconds: dict[str, _Histogram] = {}
_frontends: weakref.WeakSet = weakref.WeakSet()
_frontends_closed: Counter = Counter()  # summed final stats of closed Frontends
_readers: dict[int, Counter] = {}  # id(reader) -> its live stats Counter
_readers_gone: Counter = Counter()


def track_frontend(fe: Any) -> None:
    with _lock:
        _frontends.add(fe)


def frontend_closed(fe: Any, final_stats: dict) -> None:
    with _lock:
        if fe in _frontends:
            _frontends.discard(fe)
            for key in _LEASE_CAUSES.values():
                _frontends_closed[key] += final_stats.get(key, 0)


def track_reader(reader: Any, stats: Counter) -> None:
    key = id(reader)
    with _lock:
        _readers[key] = stats
    weakref.finalize(reader, _reader_gone, key)


def _reader_gone(key: int) -> None:
    with _lock:
        stats = _readers.pop(key, None)
        if stats is not None:
            _readers_gone.update(stats)


def _outcome(r: Any) -> tuple[str, str, int]:
    """(format, outcome, decoded bytes) of one core result: a pixel buffer or ``Media``
    (image, clip), a ``(buffer, metadata)`` clip, or an audio buffer (format: its codec)."""
    if isinstance(r, BaseException):
        return "unknown", type(r).__name__, 0
    meta = None
    if isinstance(r, tuple):  # a Decoder's clip
        r, meta = r
    fmt = getattr(r, "format", None) or getattr(r, "codec", None)
    if fmt is None and isinstance(meta, dict):
        fmt = meta.get("codec")
    size = getattr(r, "size", None)
    if size is None:
        try:
            size = memoryview(r).nbytes
        except (TypeError, BufferError):
            size = 0
    return str(fmt or "unknown").lower(), "ok", int(size)


def _record_decodes(component: str, kind: str, op: str, t0: float, results: Iterable) -> None:
    dt = time.perf_counter() - t0
    with _lock:
        h = _decode_seconds.get((component, kind, op))
        if h is None:
            h = _decode_seconds[(component, kind, op)] = _Histogram(_DECODE_BUCKETS)
        h.observe(dt)
        for r in results:
            fmt, outcome, nbytes = _outcome(r)
            _decodes[(component, kind, fmt, outcome)] += 1
            _decoded_bytes[component] += nbytes


def decode_call(component: str, kind: str, op: str, call: Callable[[], T]) -> T:
    """Run a core decode call of media ``kind`` (one result, or a batch's list of results
    and exceptions) and count it when metrics are on, failures included."""
    if not enabled:
        return call()
    t0 = time.perf_counter()
    try:
        res = call()
    except BaseException as e:
        _record_decodes(component, kind, op, t0, [e])
        raise
    _record_decodes(component, kind, op, t0, res if op == "batch" else [res])  # type: ignore[arg-type]
    return res


def read_done(op: str, t0: float) -> None:
    """One read call (single or batch) finished, successfully or not."""
    dt = time.perf_counter() - t0
    with _lock:
        h = _read_seconds.get(op)
        if h is None:
            h = _read_seconds[op] = _Histogram(_READ_BUCKETS)
        h.observe(dt)


class _Collector:
    """Builds every family at scrape time from the counts above and the live objects."""

    def describe(self) -> list:
        return []  # names are fixed; no duplicate check needed beyond register()'s own

    def collect(self) -> Iterable[Any]:
        from prometheus_client.core import (
            CounterMetricFamily,
            GaugeMetricFamily,
            HistogramMetricFamily,
        )

        with _lock:
            frontends = list(_frontends)
            leases_ended = Counter(_frontends_closed)
            readers = Counter(_readers_gone)
            for st in _readers.values():
                readers.update(st)
            decodes = dict(_decodes)
            decoded = dict(_decoded_bytes)
            dsec = {k: (h.cumulative(), h.total) for k, h in _decode_seconds.items()}
            rsec = {k: (h.cumulative(), h.total) for k, h in _read_seconds.items()}
        in_use = limit = live = 0
        for fe in frontends:
            try:
                s = fe.stats()
            except Exception:  # closed concurrently: its totals were folded in
                continue
            in_use += s["pool_bytes_in_use"]
            limit += s["pool_bytes_limit"]
            live += s["leases_live"]
            for key in _LEASE_CAUSES.values():
                leases_ended[key] += s[key]

        c = CounterMetricFamily(
            "fastmedia_decodes",
            "Inputs decoded, by component, media kind, format and outcome",
            labels=["component", "kind", "format", "outcome"],
        )
        for (comp, kind, fmt, outcome), n in sorted(decodes.items()):
            c.add_metric([comp, kind, fmt, outcome], n)
        yield c
        c = CounterMetricFamily(
            "fastmedia_decoded_bytes", "Bytes of decoded pixels", labels=["component"]
        )
        for comp, n in sorted(decoded.items()):
            c.add_metric([comp], n)
        yield c
        h = HistogramMetricFamily(
            "fastmedia_decode_seconds",
            "Latency of decode calls (a batch is one observation)",
            labels=["component", "kind", "op"],
        )
        for (comp, kind, op), (buckets, total) in sorted(dsec.items()):
            h.add_metric([comp, kind, op], buckets, total)
        yield h
        yield CounterMetricFamily(
            "fastmedia_reads", "Descriptors read by Readers", value=readers["reads"]
        )
        yield CounterMetricFamily(
            "fastmedia_read_bytes", "Bytes read by Readers", value=readers["bytes"]
        )
        c = CounterMetricFamily(
            "fastmedia_read_failures", "Reads refused or failed, by cause", labels=["cause"]
        )
        for cause, key in _READ_CAUSES.items():
            c.add_metric([cause], readers[key])
        yield c
        h = HistogramMetricFamily(
            "fastmedia_read_seconds",
            "Latency of Reader calls (a batch is one observation)",
            labels=["op"],
        )
        for op, (buckets, total) in sorted(rsec.items()):
            h.add_metric([op], buckets, total)
        yield h
        c = CounterMetricFamily(
            "fastmedia_leases_ended", "Frontend leases ended, by cause", labels=["cause"]
        )
        for cause, key in _LEASE_CAUSES.items():
            c.add_metric([cause], leases_ended[key])
        yield c
        yield GaugeMetricFamily(
            "fastmedia_pool_bytes_in_use", "Registered pool bytes leased now", value=in_use
        )
        yield GaugeMetricFamily(
            "fastmedia_pool_bytes_limit", "Registered pool bytes (pool_bytes)", value=limit
        )
        yield GaugeMetricFamily("fastmedia_leases_live", "Leases alive now", value=live)


def register(registry: Any = None) -> Any:
    """Register fastmedia's collector with ``registry`` (default: prometheus_client's
    ``REGISTRY``) and start timing decodes and reads. Idempotent per registry. Raises
    ImportError when ``prometheus-client`` is not installed."""
    global enabled
    try:
        import prometheus_client
    except ImportError as e:
        raise ImportError(
            "fastmedia.metrics needs prometheus-client: pip install 'fastmedia[metrics]' "
            "(or pip install prometheus-client)"
        ) from e
    reg = prometheus_client.REGISTRY if registry is None else registry
    with _lock:
        col = next((c for r, c in _registered if r is reg), None)
        if col is None:
            col = _Collector()
            reg.register(col)
            _registered.append((reg, col))
        enabled = True
    return col
