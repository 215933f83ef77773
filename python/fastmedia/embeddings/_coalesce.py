"""``AsyncEncoderCache``: get-or-compute over an ``EmbeddingCache`` with coalescing.

Concurrent misses on one key run ``compute_fn`` once. The computation is a task of its
own, not part of any caller, so a caller that is cancelled only leaves: the others still
get the result, and the computation is cancelled only when its last waiter has gone. An
exception reaches every waiter. Waiters may sit in different threads' event loops (the
shared result is a ``concurrent.futures.Future``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from fastmedia.embeddings._cache import CachedEmbedding, EmbeddingCache


class _Flight:
    """One computation in progress: its result, its task and how many wait on it."""

    __slots__ = ("future", "loop", "task", "waiters")

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.future: concurrent.futures.Future[CachedEmbedding] = concurrent.futures.Future()
        self.loop = loop
        self.task: asyncio.Task[None] | None = None
        self.waiters = 0


def _await_in(loop: asyncio.AbstractEventLoop, src: concurrent.futures.Future) -> asyncio.Future:
    """An asyncio future of ``loop`` that copies ``src``'s outcome; cancelling it leaves
    ``src`` alone (unlike ``asyncio.wrap_future``)."""
    dst = loop.create_future()

    def copy() -> None:
        if dst.done():
            return
        if src.cancelled():
            dst.cancel()
        elif (exc := src.exception()) is not None:
            dst.set_exception(exc)
        else:
            dst.set_result(src.result())

    def on_done(_: Any) -> None:
        with contextlib.suppress(RuntimeError):  # that loop has closed: nobody waits there
            loop.call_soon_threadsafe(copy)

    src.add_done_callback(on_done)
    return dst


class AsyncEncoderCache:
    def __init__(self, cache: EmbeddingCache):
        self._cache = cache
        self._in_flight: dict[str, _Flight] = {}
        self._lock = threading.Lock()

    def get(self, key: str) -> CachedEmbedding | None:
        return self._cache.get(key)

    async def get_or_compute(
        self, key: str, compute_fn: Callable[[], Awaitable[CachedEmbedding]]
    ) -> CachedEmbedding:
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        loop = asyncio.get_running_loop()
        with self._lock:
            flight = self._in_flight.get(key)
            if flight is None:
                flight = self._in_flight[key] = _Flight(loop)
                flight.task = loop.create_task(self._compute(key, flight, compute_fn))
            flight.waiters += 1
        try:
            return await _await_in(loop, flight.future)
        finally:
            self._leave(key, flight)

    def _leave(self, key: str, flight: _Flight) -> None:
        """A waiter is done (or cancelled): the last one out of an unfinished flight
        cancels its computation, and later callers start afresh."""
        with self._lock:
            flight.waiters -= 1
            if flight.waiters or flight.future.done():
                return
            if self._in_flight.get(key) is flight:
                del self._in_flight[key]
        task = flight.task
        if task is not None:
            with contextlib.suppress(RuntimeError):  # that loop has closed, and its task
                flight.loop.call_soon_threadsafe(task.cancel)

    async def _compute(
        self, key: str, flight: _Flight, compute_fn: Callable[[], Awaitable[CachedEmbedding]]
    ) -> None:
        try:
            embedding = await compute_fn()
            self._cache.set(key, embedding)
        except BaseException as e:
            self._finish(key, flight)
            if isinstance(e, asyncio.CancelledError):
                flight.future.cancel()
            else:
                flight.future.set_exception(e)
            if not isinstance(e, Exception):
                raise
            return
        self._finish(key, flight)
        flight.future.set_result(embedding)

    def _finish(self, key: str, flight: _Flight) -> None:
        with self._lock:
            if self._in_flight.get(key) is flight:
                del self._in_flight[key]

    @property
    def stats(self) -> dict:
        s = self._cache.stats
        with self._lock:
            s["in_flight"] = len(self._in_flight)
        return s
