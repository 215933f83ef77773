"""Batch and async plumbing shared by ``Decoder``, ``Frontend`` and ``Reader``: URL fetching
in front of a core batch call, per-slot results with ``return_exceptions``, and the bridge
threads that let coroutines wait on the Rust pool without blocking the event loop."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import threading
from collections.abc import Sequence
from typing import Any

from fastmedia import _core

# A str is a data URL or an http(s) URL; a file is named by an os.PathLike (pathlib.Path).
Data = bytes | bytearray | memoryview | str | os.PathLike[str]


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

    async def run(self, fn, *args):
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor(), fn, *args)

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


def finish_slots(slots: list, wrap, return_exceptions: bool) -> list:
    """Wrap core results; raise the first exception unless ``return_exceptions``."""
    out = []
    for slot in slots:
        if isinstance(slot, BaseException):
            if not return_exceptions:
                raise slot
            out.append(slot)
        else:
            out.append(wrap(slot))
    return out


async def batch_async(bridge, core_decode, batch_sync, fetcher, items, wrap, return_exceptions):
    """Overlap network and decoding: each URL is decoded as soon as its body arrives, while
    the local items decode as one batch (``batch_sync``) in the meantime."""
    items = list(items)
    url_idx = [i for i, it in enumerate(items) if is_http_url(it)]
    if fetcher is None or not url_idx:
        return await bridge.run(batch_sync, items, return_exceptions)

    async def fetch_decode(url: str):
        body = await fetcher.fetch(url)
        return wrap(await bridge.run(core_decode, body))

    url_set = set(url_idx)
    local_idx = [i for i in range(len(items)) if i not in url_set]
    local = (
        bridge.run(batch_sync, [items[i] for i in local_idx], True)
        if local_idx
        else asyncio.sleep(0, [])
    )
    got, *remote = await asyncio.gather(
        local, *(fetch_decode(items[i]) for i in url_idx), return_exceptions=True
    )
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
