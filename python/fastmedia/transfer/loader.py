"""``MediaLoader``: Dynamo ``ImageLoader``-compatible batch loading over fastmedia."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from fastmedia._internal.batch import finish_slots, identity
from fastmedia._internal.outputs import OUTPUTS, convert
from fastmedia.errors import UrlRejected
from fastmedia.transfer.descriptor import DescriptorError
from fastmedia.transfer.reader import Output, Reader


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
        self._built_reader: Reader | None = None  # the ones close() closes: built here
        self._built_fetch: Any = None

    def close(self) -> None:
        """Close the ``Fetcher`` and ``Reader`` this loader built on first use (its HTTP
        sessions, its NIXL agent); ones passed in stay open: their owner closes them."""
        fetch, self._built_fetch = self._built_fetch, None
        if fetch is not None:
            fetch.close()
        reader, self._built_reader = self._built_reader, None
        if reader is not None:
            reader.close()

    async def aclose(self) -> None:
        """``close`` without blocking the running event loop."""
        await asyncio.get_running_loop().run_in_executor(None, self.close)

    def __enter__(self) -> MediaLoader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> MediaLoader:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    @property
    def decoder(self):
        """The ``Decoder`` for inline and URL items, built on first use."""
        if self._decoder is None:
            from fastmedia.media.decoder import Decoder

            self._decoder = Decoder()
        return self._decoder

    @property
    def fetcher(self):
        """The ``Fetcher`` for ``Url`` items, built on first use."""
        if self._fetch is None:
            from fastmedia.fetch import Fetcher  # built alongside; imported only when needed

            self._fetch = self._built_fetch = Fetcher()
        return self._fetch

    async def _url_data(self, url: Any) -> Any:
        """What a ``Url`` item's decoder takes: a data: URL as is, an http(s) URL's body."""
        if not isinstance(url, str):
            raise UrlRejected(f"Url item must be a string, got {type(url).__name__}")
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            return url
        if scheme in ("http", "https"):
            return await self.fetcher.fetch(url)
        raise UrlRejected(f"Url scheme {scheme!r} is not allowed (http, https, data only)")

    async def load_batch(
        self,
        items: Sequence[Mapping[str, Any]],
        read: Callable[[Reader, list], Awaitable[list]],
        load_url: Callable[[Any], Awaitable[Any]],
        *,
        uuid_only: bool = False,
        return_exceptions: bool = False,
    ) -> list:
        """The dispatch every ``load_*_batch`` shares, for a loader of another output:
        ``Decoded`` items read together with ``read(reader, descriptors)``, ``Url`` items
        loaded concurrently with ``load_url(url)``, ``UuidOnly`` (when ``uuid_only``) a None
        slot; results in item order. With ``return_exceptions`` an item's exception is its
        result; without it, the first one raises."""
        variants = "Url/Decoded/UuidOnly" if uuid_only else "Url/Decoded"
        results: list[Any] = [None] * len(items)
        decoded: list[tuple[int, Any]] = []
        tasks: dict[int, Any] = {}
        for i, item in enumerate(items):
            if not isinstance(item, Mapping) or len(item) != 1:
                results[i] = DescriptorError(f"item {i}: expected one of {variants}")
            elif "Decoded" in item:
                decoded.append((i, item["Decoded"]))
            elif "Url" in item:
                tasks[i] = asyncio.ensure_future(load_url(item["Url"]))
            elif "UuidOnly" in item and uuid_only:
                results[i] = None
            else:
                results[i] = DescriptorError(f"item {i}: unknown variant {next(iter(item))!r}")
        if decoded:
            if self.reader is None:
                self.reader = self._built_reader = Reader()
            try:
                got = await read(self.reader, [d for _, d in decoded])
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
        output: Output = "pil",
        return_exceptions: bool = False,
    ) -> list:
        """Load every item, in order. Raises the first failure (in item order) unless
        ``return_exceptions``, in which case its slot holds the exception."""
        if output not in OUTPUTS:
            raise ValueError(f"output must be one of {OUTPUTS}, got {output!r}")

        async def load_url(url: Any):
            return convert(await self.decoder.decode_async(await self._url_data(url)), output)

        return await self.load_batch(
            items,
            lambda rd, ds: rd.read_batch_async(ds, output=output),
            load_url,
            uuid_only=True,
            return_exceptions=return_exceptions,
        )

    async def load_audio_batch(
        self, items: Sequence[Mapping[str, Any]], return_exceptions: bool = False
    ) -> list:
        """Like Dynamo's ``AudioLoader.load_audio_batch``: ``(samples, sample_rate)`` per item,
        in order, at the native rate (``librosa.load(sr=None)``'s samples for ``Url`` items;
        ``Decoded`` items read over NIXL in one ``read_audio_batch``). Raises the first
        failure unless ``return_exceptions``."""

        async def load_url(url: Any):
            audio = await self.decoder.decode_audio_async(await self._url_data(url))
            return audio.samples, audio.sample_rate

        return await self.load_batch(
            items,
            lambda rd, ds: rd.read_audio_batch_async(ds),
            load_url,
            uuid_only=False,
            return_exceptions=return_exceptions,
        )

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
        kw = {"num_frames": num_frames, "fps": fps, "max_frames": max_frames, "resize": resize}

        async def load_url(url: Any):
            data = await self._url_data(url)
            clip = await self.decoder.decode_video_async(data, sampling=sampling, **kw)
            return clip.frames, clip.metadata

        return await self.load_batch(
            items,
            lambda rd, ds: asyncio.to_thread(rd.read_video_batch, ds),
            load_url,
            uuid_only=False,
            return_exceptions=return_exceptions,
        )
