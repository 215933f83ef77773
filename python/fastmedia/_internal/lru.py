"""A small LRU of loaded values with in-flight coalescing, for loaders keyed by URL."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class AsyncLru(Generic[V]):
    """Up to ``capacity`` values by key (``capacity <= 0``: no cache, loads still coalesce).

    ``get(key, load)`` returns a cached value (and marks it recent), joins a load of the same
    key already running, or starts ``load()`` as a task of its own: a waiter that is cancelled
    does not cancel the shared load. A failed load is not cached, so the next call retries.
    """

    def __init__(self, capacity: int) -> None:
        self.capacity = int(capacity)
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._inflight: dict[Hashable, asyncio.Task[V]] = {}

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._values

    async def get(self, key: Hashable, load: Callable[[], Awaitable[V]]) -> V:
        if key in self._values:
            self._values.move_to_end(key)
            return self._values[key]
        task = self._inflight.get(key)
        if task is None:
            task = asyncio.ensure_future(self._load(key, load))
            # Nobody may be left to read a failure (all waiters cancelled): retrieve it here.
            task.add_done_callback(lambda t: t.cancelled() or t.exception())
            self._inflight[key] = task
        return await asyncio.shield(task)

    async def _load(self, key: Hashable, load: Callable[[], Awaitable[V]]) -> V:
        try:
            value = await load()
            self.put(key, value)
            return value
        finally:
            self._inflight.pop(key, None)

    def put(self, key: Hashable, value: V) -> None:
        if self.capacity <= 0:
            return
        self._values[key] = value
        self._values.move_to_end(key)
        while len(self._values) > self.capacity:
            self._values.popitem(last=False)
