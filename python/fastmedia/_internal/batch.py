"""Batch and async plumbing shared by ``Decoder``, ``Frontend`` and ``Reader``: URL fetching
in front of a core batch call, per-slot results with ``return_exceptions``, and the bridge
threads that let coroutines wait on the Rust pool without blocking the event loop."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from fastmedia import _core

# An input: encoded bytes (any uint8 buffer: bytes, bytearray, memoryview, a numpy array),
# a data URL, or an http(s) URL (with a fetcher); a file is named by an os.PathLike
# (pathlib.Path).
Data = bytes | bytearray | memoryview | np.ndarray | str | os.PathLike[str]


def is_http_url(item: Any) -> bool:
    return isinstance(item, str) and item[:8].lower().startswith(("http://", "https://"))


class AsyncBridge:
    """Threads that wait on the Rust pool for coroutines, so the event loop never blocks.

    The waiting threads hold no GIL while Rust decodes; the pool size bounds real work.
    """

    def __init__(self, workers: int) -> None:
        self._workers = workers
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def executor(self) -> concurrent.futures.ThreadPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = concurrent.futures.ThreadPoolExecutor(
                    max_workers=self._workers, thread_name_prefix="fastmedia-async"
                )
            return self._executor

    async def run(self, fn, *args, cancel: _core.Cancel | None = None):
        """``fn(*args)`` on a bridge thread. When the awaiting task is cancelled (or times
        out in ``asyncio.wait_for``): work not started is dropped; work running is told to
        stop (``cancel``: no further batch item or video group starts), awaited, and what it
        produced is released (a Frontend's leases end at once) before ``CancelledError``
        propagates."""
        cfut = self.executor().submit(fn, *args)
        try:
            return await asyncio.wrap_future(cfut)
        except asyncio.CancelledError:
            if cancel is not None:
                cancel.cancel()
            # Released by whichever of these sees the result first: the callback, should this
            # task be cancelled again while waiting, or after the wait.
            cfut.add_done_callback(_discard_future)
            with contextlib.suppress(BaseException):
                await asyncio.wrap_future(cfut)
            raise

    def shutdown(self) -> None:
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None


def no_fetcher(who: str) -> Exception:
    return _core.DecodeError(
        f"http(s) URLs need a {who} created with fetcher=fastmedia.Fetcher(...)"
    )


def fetch_sync(fetcher, item: Data, who: str) -> Data:
    """The body of an http(s) URL (through ``fetcher``); any other input unchanged."""
    if not is_http_url(item):
        return item
    if fetcher is None:
        raise no_fetcher(who)
    return fetcher.fetch_sync(item)


async def fetch_async(fetcher, item: Data, who: str) -> Data:
    """``fetch_sync`` for coroutines."""
    if not is_http_url(item):
        return item
    if fetcher is None:
        raise no_fetcher(who)
    return await fetcher.fetch(item)


def batch_slots(core_batch, fetcher, inputs: Sequence[Data]) -> list:
    """Fetch the URLs among ``items`` (when a fetcher is given), then run ``core_batch`` on
    what can be decoded. Returns core results and exception instances, in input order: a
    failed fetch is that slot's result and only the fetched bodies are decoded."""
    items: list[Any] = list(inputs)  # after fetching: bytes, or the fetch's exception
    failed: dict[int, BaseException] = {}
    if fetcher is not None and any(is_http_url(i) for i in items):
        items = fetcher.fetch_many_sync(items)
        failed = {i: r for i, r in enumerate(items) if isinstance(r, BaseException)}
    if not failed:
        return list(core_batch(items))
    todo = [i for i in range(len(items)) if i not in failed]
    slots: list = [None] * len(items)
    for i, r in zip(todo, core_batch([items[i] for i in todo]), strict=True):
        slots[i] = r
    for i, e in failed.items():
        slots[i] = e
    return slots


def discard(result: Any) -> None:
    """Release what a call produced but never handed to its caller: a Frontend's media
    (core or wrapped) end their leases now; arrays and exceptions need nothing."""
    for r in result if isinstance(result, list) else (result,):
        if hasattr(r, "lease_key"):  # Media, AudioMedia, DecodedMedia, DecodedAudio
            with contextlib.suppress(Exception):
                r.release()


def _discard_future(f: concurrent.futures.Future) -> None:
    if not f.cancelled() and f.exception() is None:
        discard(f.result())


def finish_slots(slots: list, wrap, return_exceptions: bool) -> list:
    """Wrap core results; raise the first exception unless ``return_exceptions`` (the other
    slots' results are released first: the caller never gets them)."""
    if not return_exceptions:
        err = next((s for s in slots if isinstance(s, BaseException)), None)
        if err is not None:
            discard(slots)
            raise err
    return [s if isinstance(s, BaseException) else wrap(s) for s in slots]


async def batch_async(bridge, core_decode, batch_sync, fetcher, items, wrap, return_exceptions):
    """Overlap network and decoding: each URL is decoded as soon as its body arrives, while
    the local items decode as one batch (``batch_sync(items, return_exceptions, cancel)``) in
    the meantime. Cancelling stops the work between items and releases what was decoded."""
    items = list(items)
    cancel = _core.Cancel()
    url_idx = [i for i, it in enumerate(items) if is_http_url(it)]
    if fetcher is None or not url_idx:
        return await bridge.run(batch_sync, items, return_exceptions, cancel, cancel=cancel)

    async def fetch_decode(url: str):
        body = await fetcher.fetch(url)
        return wrap(await bridge.run(core_decode, body, cancel, cancel=cancel))

    url_set = set(url_idx)
    local_idx = [i for i in range(len(items)) if i not in url_set]
    local = (
        bridge.run(batch_sync, [items[i] for i in local_idx], True, cancel, cancel=cancel)
        if local_idx
        else asyncio.sleep(0, [])
    )
    tasks = [asyncio.ensure_future(c) for c in (local, *(fetch_decode(items[i]) for i in url_idx))]
    try:
        got, *remote = await asyncio.gather(*tasks, return_exceptions=True)
    except asyncio.CancelledError:
        cancel.cancel()
        for t in tasks:  # all done here; a cancelled child released its own work
            if not t.cancelled() and t.exception() is None:
                discard(t.result())
        raise
    if isinstance(got, BaseException):
        raise got
    out: list = [None] * len(items)
    for i, r in zip(local_idx, got, strict=True):
        out[i] = r
    for i, r in zip(url_idx, remote, strict=True):
        out[i] = r
    return finish_slots(out, identity, return_exceptions)


def identity(x):
    return x
