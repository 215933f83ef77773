"""Image decoding on fastmedia's own Rust thread pool, with the GIL released."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import threading
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Union

import numpy as np

from fastmedia import _core

if TYPE_CHECKING:
    from fastmedia.fetch import Fetcher

Data = Union[bytes, bytearray, memoryview, str]


@dataclass(frozen=True)
class Limits:
    """Bounds checked from the image header, before any large allocation.

    ``max_alloc`` bounds the decoded output plus decoder scratch; ``max_encoded_bytes``
    bounds the encoded input (after base64 for data URLs).
    """

    max_width: int | None = None
    max_height: int | None = None
    max_pixels: int | None = None
    max_alloc: int = 128 * 2**20
    max_encoded_bytes: int = 64 * 2**20


def _as_array(buf: _core.PixelBuffer) -> np.ndarray:
    # np.asarray keeps `buf` alive as the array's base: no copy, memory recycled on free.
    return np.asarray(buf)


def _is_http_url(item: Any) -> bool:
    return isinstance(item, str) and item[:8].lower().startswith(("http://", "https://"))


class _AsyncBridge:
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


class Decoder:
    """Decodes JPEG, PNG, WebP, GIF (first frame), BMP and TIFF into numpy arrays.

    Arrays are HWC ``uint8``, C-contiguous, always 3-dimensional. ``channels="rgb"`` gives the
    pixels of Pillow's ``.convert("RGB")``; ``channels="native"`` keeps 1 (L), 2 (LA), 3 (RGB)
    or 4 (RGBA) channels, as Dynamo's frontend sends them.

    Raises ``DecodeError`` (a ``ValueError``) for bad input, ``LimitExceeded`` for input over
    ``limits``, ``UnsupportedFormat`` for bytes that are not a supported image.
    """

    def __init__(
        self,
        threads: int | None = None,
        channels: str = "rgb",
        limits: Limits | None = None,
        exif_orientation: bool = False,
        fetcher: Fetcher | None = None,
    ) -> None:
        lim = limits or Limits()
        self.limits = lim
        self.channels = channels
        self.exif_orientation = exif_orientation
        self.fetcher = fetcher
        self._core = _core.Decoder(
            threads=threads,
            channels=channels,
            exif_orientation=exif_orientation,
            **asdict(lim),  # Limits' fields are the core's keyword names
        )
        self._bridge = _AsyncBridge(max(4, 2 * self._core.threads))

    @property
    def threads(self) -> int:
        return self._core.threads

    def decode(self, data: Data) -> np.ndarray:
        """Decode one image. ``data``: bytes-like, a data URL, or (with a fetcher) a URL."""
        return _as_array(self._core.decode(fetch_sync(self.fetcher, data, "Decoder")))

    def decode_batch(self, items: Sequence[Data], return_exceptions: bool = False) -> list:
        """Decode ``items`` in parallel; results in input order.

        Raises the first error (in input order) unless ``return_exceptions``, in which case
        failed slots hold the exception instance, like ``asyncio.gather``.
        """
        slots = batch_slots(self._core.decode_batch, self.fetcher, items)
        return finish_slots(slots, _as_array, return_exceptions)

    async def decode_async(self, data: Data) -> np.ndarray:
        """Decode one image without blocking the event loop."""
        data = await fetch_async(self.fetcher, data, "Decoder")
        return _as_array(await self._bridge.run(self._core.decode, data))

    async def decode_batch_async(
        self, items: Sequence[Data], return_exceptions: bool = False
    ) -> list:
        """``decode_batch`` without blocking the event loop (URLs fetched concurrently)."""
        return await batch_async(
            self._bridge,
            self._core.decode,
            self.decode_batch,
            self.fetcher,
            items,
            _as_array,
            return_exceptions,
        )


def _no_fetcher(who: str) -> Exception:
    return _core.DecodeError(
        f"http(s) URLs need a {who} created with fetcher=fastmedia.Fetcher(...)"
    )


def fetch_sync(fetcher, item: Data, who: str) -> Data:
    """The body of an http(s) URL (through ``fetcher``); any other input unchanged."""
    if not _is_http_url(item):
        return item
    if fetcher is None:
        raise _no_fetcher(who)
    return fetcher.fetch_sync(item)


async def fetch_async(fetcher, item: Data, who: str) -> Data:
    """``fetch_sync`` for coroutines."""
    if not _is_http_url(item):
        return item
    if fetcher is None:
        raise _no_fetcher(who)
    return await fetcher.fetch(item)


def batch_slots(core_batch, fetcher, items: Sequence[Data]) -> list:
    """Fetch the URLs among ``items`` (when a fetcher is given), then run ``core_batch`` on
    what can be decoded. Returns core results and exception instances, in input order: a
    failed fetch is that slot's result and only the fetched bodies are decoded."""
    items = list(items)
    failed: dict[int, BaseException] = {}
    if fetcher is not None and any(_is_http_url(i) for i in items):
        items = fetcher.fetch_many_sync(items)
        failed = {i: r for i, r in enumerate(items) if isinstance(r, BaseException)}
    if not failed:
        return list(core_batch(items))
    todo = [i for i in range(len(items)) if i not in failed]
    slots: list = [None] * len(items)
    for i, r in zip(todo, core_batch([items[i] for i in todo])):
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
    url_idx = [i for i, it in enumerate(items) if _is_http_url(it)]
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
    for i, r in zip(local_idx, got):
        out[i] = r
    for i, r in zip(url_idx, remote):
        out[i] = r
    return finish_slots(out, _identity, return_exceptions)


def _identity(x):
    return x


def set_recycle_limit(nbytes: int | None) -> None:
    """Cap the memory of freed output arrays kept for reuse.

    Reused buffers skip first-touch page faults, which cost as much as the decode itself on
    some machines. ``None`` (the default, or unset ``FASTMEDIA_RECYCLE_BYTES``) is adaptive:
    keep up to the larger of 512 MiB and the peak of live output bytes in the last 30 s, and
    return buffers unused for 10 s to the kernel. An int fixes the cap; 0 disables recycling
    and frees the cache now."""
    _core.set_recycle_limit(None if nbytes is None else int(nbytes))


def recycle_stats() -> dict:
    """Bytes of freed output buffers held for reuse, and the cap."""
    return {"recycled_bytes": _core.recycled_bytes(), "recycle_limit": _core.recycle_limit()}


if os.environ.get("FASTMEDIA_RECYCLE_BYTES"):
    set_recycle_limit(int(os.environ["FASTMEDIA_RECYCLE_BYTES"]))


def content_hash(array: np.ndarray) -> str:
    """Dynamo's ``content_hash`` (xxh3-64, 16 hex digits) of a uint8 array."""
    arr = np.ascontiguousarray(array)
    if arr.dtype != np.uint8:
        raise ValueError(f"content_hash covers uint8 arrays, got {arr.dtype}")
    return _core.content_hash(list(arr.shape), arr.reshape(-1))
