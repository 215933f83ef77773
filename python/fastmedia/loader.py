"""``MediaLoader``: Dynamo ``ImageLoader``-compatible batch loading over fastmedia."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from fastmedia._batch import finish_slots, identity
from fastmedia._outputs import OUTPUTS, convert
from fastmedia.descriptor import DescriptorError
from fastmedia.errors import UrlRejected
from fastmedia.reader import Reader


class MediaLoader:
    """Dynamo ``ImageLoader``/``AudioLoader``-compatible batch loader over fastmedia.

    Items (in order): ``{"Decoded": descriptor}`` read over NIXL (all of them in one
    ``read_batch``: one transfer per frontend), ``{"Url": url}`` fetched with ``fetch`` (any
    object with ``async fetch(url) -> bytes``; ``fastmedia.Fetcher`` by default) and decoded with
    ``decoder`` (``fastmedia.Decoder()`` by default; data: URLs are decoded directly),
    ``{"UuidOnly": id}`` gives a None slot (the backend's cache owns it).
    """

    def __init__(
        self, reader: Reader | None = None, decoder: Any = None, fetch: Any = None
    ) -> None:
        self.reader = reader
        self._decoder = decoder
        self._fetch = fetch

    @property
    def decoder(self):
        if self._decoder is None:
            from fastmedia.decoder import Decoder

            self._decoder = Decoder()
        return self._decoder

    @property
    def fetcher(self):
        if self._fetch is None:
            from fastmedia.fetch import Fetcher  # built alongside; imported only when needed

            self._fetch = Fetcher()
        return self._fetch

    async def _load_url(self, url: Any, output: str):
        if not isinstance(url, str):
            raise UrlRejected(f"Url item must be a string, got {type(url).__name__}")
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            data: Any = url
        elif scheme in ("http", "https"):
            data = await self.fetcher.fetch(url)
        else:
            raise UrlRejected(f"Url scheme {scheme!r} is not allowed (http, https, data only)")
        arr = await self.decoder.decode_async(data)
        return convert(arr, output)

    async def _load_audio_url(self, url: Any):
        if not isinstance(url, str):
            raise UrlRejected(f"Url item must be a string, got {type(url).__name__}")
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            data: Any = url
        elif scheme in ("http", "https"):
            data = await self.fetcher.fetch(url)
        else:
            raise UrlRejected(f"Url scheme {scheme!r} is not allowed (http, https, data only)")
        audio = await self.decoder.decode_audio_async(data)
        return audio.samples, audio.sample_rate

    async def load_audio_batch(
        self, items: Sequence[Mapping[str, Any]], return_exceptions: bool = False
    ) -> list:
        """Like Dynamo's ``AudioLoader.load_audio_batch``: ``(samples, sample_rate)`` per item,
        in order, at the native rate (``librosa.load(sr=None)``'s samples for ``Url`` items;
        ``Decoded`` items read over NIXL in one ``read_audio_batch``). Raises the first
        failure unless ``return_exceptions``."""
        results: list[Any] = [None] * len(items)
        decoded: list[tuple[int, Any]] = []
        tasks: dict[int, Any] = {}
        for i, item in enumerate(items):
            if not isinstance(item, Mapping) or len(item) != 1:
                results[i] = DescriptorError(f"item {i}: expected one of Url/Decoded")
            elif "Decoded" in item:
                decoded.append((i, item["Decoded"]))
            elif "Url" in item:
                tasks[i] = asyncio.ensure_future(self._load_audio_url(item["Url"]))
            else:
                results[i] = DescriptorError(f"item {i}: unknown variant {next(iter(item))!r}")
        if decoded:
            if self.reader is None:
                self.reader = Reader()
            try:
                got = await self.reader.read_audio_batch_async([d for _, d in decoded])
                for (i, _), r in zip(decoded, got, strict=True):
                    results[i] = r
            except Exception as e:
                for i, _ in decoded:
                    results[i] = e
        if tasks:
            done = await asyncio.gather(*tasks.values(), return_exceptions=True)
            for i, r in zip(tasks.keys(), done, strict=True):
                results[i] = r
        return finish_slots(results, identity, return_exceptions)

    async def load_image_batch(
        self,
        items: Sequence[Mapping[str, Any]],
        output: str = "pil",
        return_exceptions: bool = False,
    ) -> list:
        """Load every item, in order. Raises the first failure (in item order) unless
        ``return_exceptions``, in which case its slot holds the exception."""
        if output not in OUTPUTS:
            raise ValueError(f"output must be one of {OUTPUTS}, got {output!r}")
        results: list[Any] = [None] * len(items)
        decoded: list[tuple[int, Any]] = []
        tasks: dict[int, Any] = {}
        for i, item in enumerate(items):
            if not isinstance(item, Mapping) or len(item) != 1:
                results[i] = DescriptorError(f"item {i}: expected one of Url/Decoded/UuidOnly")
            elif "Decoded" in item:
                decoded.append((i, item["Decoded"]))
            elif "Url" in item:
                tasks[i] = asyncio.ensure_future(self._load_url(item["Url"], output))
            elif "UuidOnly" in item:
                results[i] = None
            else:
                results[i] = DescriptorError(f"item {i}: unknown variant {next(iter(item))!r}")
        if decoded:
            if self.reader is None:
                self.reader = Reader()
            try:
                arrs = await self.reader.read_batch_async([d for _, d in decoded], output=output)
                for (i, _), a in zip(decoded, arrs, strict=True):
                    results[i] = a
            except Exception as e:
                for i, _ in decoded:
                    results[i] = e
        if tasks:
            done = await asyncio.gather(*tasks.values(), return_exceptions=True)
            for i, r in zip(tasks.keys(), done, strict=True):
                results[i] = r
        return finish_slots(results, identity, return_exceptions)

    async def load_video_batch(
        self,
        items: Sequence[Mapping[str, Any]],
        return_exceptions: bool = False,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: Any = None,
    ) -> list:
        """Dynamo ``VideoLoader.load_video_batch``-compatible: ``[(frames, metadata)]`` in item
        order. ``Decoded`` items are read over NIXL in one ``read_video_batch`` (at the size
        the frontend sent); ``Url`` items (http(s) or data:) are fetched and decoded with the
        sampling arguments and ``resize`` (a ``fastmedia.Resize``; None: the decoder's own)."""
        results: list[Any] = [None] * len(items)
        decoded: list[tuple[int, Any]] = []
        tasks: dict[int, Any] = {}
        kw = {"num_frames": num_frames, "fps": fps, "max_frames": max_frames, "resize": resize}
        for i, item in enumerate(items):
            if not isinstance(item, Mapping) or len(item) != 1:
                results[i] = DescriptorError(f"item {i}: expected one of Url/Decoded")
            elif "Decoded" in item:
                decoded.append((i, item["Decoded"]))
            elif "Url" in item:
                tasks[i] = asyncio.ensure_future(self._load_video_url(item["Url"], sampling, kw))
            else:
                results[i] = DescriptorError(f"item {i}: unknown variant {next(iter(item))!r}")
        if decoded:
            if self.reader is None:
                self.reader = Reader()
            try:
                got = await asyncio.to_thread(self.reader.read_video_batch, [d for _, d in decoded])
                for (i, _), r in zip(decoded, got, strict=False):
                    results[i] = r
            except Exception as e:
                for i, _ in decoded:
                    results[i] = e
        if tasks:
            done = await asyncio.gather(*tasks.values(), return_exceptions=True)
            for i, r in zip(tasks.keys(), done, strict=False):
                results[i] = r
        return finish_slots(results, identity, return_exceptions)

    async def _load_video_url(self, url: Any, sampling: str, kw: dict):
        if not isinstance(url, str):
            raise UrlRejected(f"Url item must be a string, got {type(url).__name__}")
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            data: Any = url
        elif scheme in ("http", "https"):
            data = await self.fetcher.fetch(url)
        else:
            raise UrlRejected(f"Url scheme {scheme!r} is not allowed (http, https, data only)")
        clip = await self.decoder.decode_video_async(data, sampling=sampling, **kw)
        return clip.frames, clip.metadata
