"""A content-keyed, byte-budgeted LRU cache of encoder embeddings.

Same names, fields and results as Dynamo 1.6.1's MultimodalEmbeddingCacheManager
(``get``, ``set``, ``set_with_delta``, ``make_room_for``, ``keys``, ``stats``), but
thread-safe: one lock guards the LRU order and the byte count. Tensors are torch tensors
or numpy arrays (anything with ``nbytes`` and a contiguity flag).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, NamedTuple

from fastmedia.errors import ConfigError

_HEX = frozenset("0123456789abcdef")


class CachedEmbedding(NamedTuple):
    tensor: Any
    image_grid_thw: list | None = None
    video_grid_thw: list | None = None
    second_per_grid_ts: float | None = None
    video_timestamps: list[float] | None = None


class CacheMutation(NamedTuple):
    stored: bool
    added_keys: list[str]
    removed_keys: list[str]


class CacheReservation(NamedTuple):
    admitted: bool
    removed_keys: list[str]


def content_key(metadata: Any) -> str | None:
    """The cache key of a frontend-decoded descriptor: its ``content_hash`` when that is
    exactly 16 lowercase hex digits (as Dynamo's ``decoded_content_hash_key``), else None
    (the caller then bypasses the cache). Accepts a descriptor dict or the hash itself."""
    key = metadata.get("content_hash") if isinstance(metadata, dict) else metadata
    if isinstance(key, str) and len(key) == 16 and _HEX.issuperset(key):
        return key
    return None


def tensor_nbytes(tensor: Any) -> int:
    """Bytes of a contiguous torch tensor or numpy array (AssertionError otherwise, as
    Dynamo's cache raises)."""
    if hasattr(tensor, "is_contiguous"):  # torch
        assert tensor.is_contiguous(), "Tensor must be contiguous for accurate size calculation"
        return int(tensor.element_size() * tensor.numel())
    assert tensor.flags.c_contiguous, "Tensor must be contiguous for accurate size calculation"
    return int(tensor.nbytes)


def _placer(device: str | None) -> Any:
    """A function that moves a torch tensor to the cache's residency: None keeps it as
    given; "pinned" copies it into page-locked host memory, "cuda[:N]" onto that GPU, so a
    hit costs no H2D copy. Both need torch with CUDA."""
    if device is None:
        return None
    try:
        import torch
    except ImportError as e:
        raise ConfigError(f"EmbeddingCache(device={device!r}) needs torch") from e
    if not torch.cuda.is_available():
        raise ConfigError(f"EmbeddingCache(device={device!r}) needs torch with CUDA")
    if device == "pinned":
        return lambda t: t if t.is_pinned() else t.pin_memory()
    if device.startswith("cuda"):
        dev = torch.device(device)
        return lambda t: t.to(dev, non_blocking=False)
    raise ConfigError(f"EmbeddingCache device must be None, 'pinned' or 'cuda[:N]', not {device!r}")


class EmbeddingCache:
    """LRU of ``CachedEmbedding`` under ``capacity_bytes``; entries larger than the
    capacity are refused. Safe to share between threads."""

    def __init__(self, capacity_bytes: int, device: str | None = None):
        if not isinstance(capacity_bytes, int) or capacity_bytes < 0:
            raise ConfigError(f"capacity_bytes must be an int >= 0, not {capacity_bytes!r}")
        self._cache: OrderedDict[str, tuple[CachedEmbedding, int]] = OrderedDict()
        self._capacity_bytes = capacity_bytes
        self._current_bytes = 0
        self._hits = 0
        self._misses = 0
        self._evictions = 0
        self._lock = threading.Lock()
        self._place = _placer(device)

    def get(self, key: str) -> CachedEmbedding | None:
        with self._lock:
            item = self._cache.get(key)
            if item is None:
                self._misses += 1
                return None
            self._cache.move_to_end(key)
            self._hits += 1
            return item[0]

    def keys(self) -> list[str]:
        """The keys, least recently used first."""
        with self._lock:
            return list(self._cache)

    def _evict_for(self, size: int) -> list[str]:
        removed: list[str] = []
        while self._current_bytes + size > self._capacity_bytes and self._cache:
            k, (_, n) = self._cache.popitem(last=False)
            self._current_bytes -= n
            self._evictions += 1
            removed.append(k)
        return removed

    def _drop(self, key: str) -> bool:
        item = self._cache.pop(key, None)
        if item is not None:
            self._current_bytes -= item[1]
        return item is not None

    def make_room_for(self, key: str, size_bytes: int) -> CacheReservation:
        """Admission for an entry of ``size_bytes`` under ``key``, evicting to fit it
        before the caller allocates it. Nothing is reserved; an entry already under
        ``key`` is dropped now (not counted as an eviction), as Dynamo's does."""
        if size_bytes > self._capacity_bytes:
            return CacheReservation(False, [])
        with self._lock:
            self._drop(key)
            return CacheReservation(True, self._evict_for(size_bytes))

    def set(self, key: str, entry: CachedEmbedding) -> bool:
        return self.set_with_delta(key, entry).stored

    def set_with_delta(self, key: str, entry: CachedEmbedding) -> CacheMutation:
        """Store ``entry`` (replacing one under ``key``), evicting LRU entries to fit;
        reports whether it was stored and the keys added and removed."""
        size = tensor_nbytes(entry.tensor)
        if size > self._capacity_bytes:
            return CacheMutation(False, [], [])
        if self._place is not None:  # copy outside the lock
            entry = entry._replace(tensor=self._place(entry.tensor))
        with self._lock:
            replaced = self._drop(key)
            removed = self._evict_for(size)
            self._cache[key] = (entry, size)
            self._current_bytes += size
            return CacheMutation(True, [] if replaced else [key], removed)

    @property
    def stats(self) -> dict:
        with self._lock:
            total = self._hits + self._misses
            cap = self._capacity_bytes
            return {
                "entries": len(self._cache),
                "current_bytes": self._current_bytes,
                "capacity_bytes": cap,
                "utilization": self._current_bytes / cap if cap > 0 else 0,
                "hits": self._hits,
                "misses": self._misses,
                "evictions": self._evictions,
                "hit_rate": self._hits / total if total > 0 else 0.0,
            }
