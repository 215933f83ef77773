"""Dynamo 1.6.1's ``ImageLoader``, ``AudioLoader`` and ``VideoLoader`` over fastmedia.

Same constructors, methods and defaults as ``dynamo.common.multimodal``; behind them
fastmedia's ``Fetcher`` (SSRF-safe, under the ``UrlPolicy`` mapped from Dynamo's policy),
``Decoder`` (its pool) and ``Reader`` (one ``read_batch`` per frontend for ``Decoded`` items,
``content_hash`` verified). Errors are Dynamo's types: ``HttpStatusError`` (4xx) and
``UrlValidationError``/``ValueError`` (400) for the user's URL or media; NIXL failures stay
fastmedia's ``RuntimeError``s (500).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import os
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

import numpy as np

from fastmedia._internal.lru import AsyncLru
from fastmedia.dynamo._compat import (
    HttpStatusError,
    UrlValidationError,
    UrlValidationPolicy,
    max_data_url_bytes,
    max_media_bytes,
    url_policy,
)
from fastmedia.errors import ClosedError, UrlRejected, http_status
from fastmedia.fetch import Fetcher, ResponseTooLarge
from fastmedia.media.decoder import Decoder
from fastmedia.transfer.loader import MediaLoader
from fastmedia.transfer.reader import Reader

_IMAGE_MAGIC = ((b"\xff\xd8\xff", "JPEG"), (b"\x89PNG\r\n\x1a\n", "PNG"))


def _image_format(data: bytes | bytearray) -> str | None:
    """JPEG, PNG or WEBP (the formats Dynamo's ImageLoader opens), else None."""
    for magic, name in _IMAGE_MAGIC:
        if data.startswith(magic):
            return name
    return "WEBP" if data[:4] == b"RIFF" and data[8:12] == b"WEBP" else None


def _dynamo_error(exc: BaseException, url: str) -> BaseException:
    """Dynamo's exception for a fastmedia one (``fastmedia.errors.http_status``)."""
    if isinstance(exc, (UrlRejected, ResponseTooLarge)):
        return UrlValidationError(str(exc))
    status = http_status(exc)
    if status >= 500:
        return exc
    if status == 415:
        return HttpStatusError(415, "Unsupported Media Type", url)
    return HttpStatusError(status, str(exc), url)


def _first_error(results: Sequence[Any]) -> None:
    """Raise as Dynamo's batch loaders do: the first ``HttpStatusError``, else the first
    ``UrlValidationError``, else the first ``ValueError``, else one ``Exception`` of all;
    but a single error (one batch read's failure fills every ``Decoded`` slot) is raised as
    it is, so a ``TransferError`` stays one (Dynamo's handlers answer 500 for both)."""
    errors = list({id(r): r for r in results if isinstance(r, BaseException)}.values())
    for e in errors:
        if not isinstance(e, Exception):
            raise e  # cancellation stays cancellation
    for kind in (HttpStatusError, UrlValidationError, ValueError):
        for e in errors:
            if isinstance(e, kind):
                raise e
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise Exception("".join(f"Failed to load media: {e}\n" for e in errors)) from errors[0]


class _Loader:
    """What the three loaders share: the policy, the fetcher, the decoder, the reader."""

    _variant_error = "Received decoded media but enable_frontend_decoding=False"

    def __init__(
        self,
        http_timeout: float,
        enable_frontend_decoding: bool,
        url_policy_: UrlValidationPolicy | None,
        reader: Reader | None,
        decoder: Decoder | None,
    ) -> None:
        self._http_timeout = http_timeout
        self._enable_frontend_decoding = enable_frontend_decoding
        self._url_policy = url_policy_ or UrlValidationPolicy.from_env()
        self._policy = url_policy(self._url_policy)
        self._decoder = decoder or Decoder(channels="rgb")
        self._owns_reader = reader is None  # a Reader built here (now or on first read)
        if enable_frontend_decoding and reader is None:
            reader = Reader()  # as Dynamo builds its NIXL connector up front
        self._media = MediaLoader(reader=reader, decoder=self._decoder)
        self._fetchers: dict[int, Fetcher] = {}
        self._closed = False

    def close(self) -> None:
        """Close the fetchers (their HTTP sessions) and the ``Reader`` this loader built (one
        passed as ``reader=`` stays open: its owner closes it). Idempotent; loading after it
        raises ``ClosedError``."""
        self._closed = True
        fetchers, self._fetchers = list(self._fetchers.values()), {}
        for f in fetchers:
            f.close()
        reader = self._media.reader
        if self._owns_reader and reader is not None:
            reader.close()

    async def aclose(self) -> None:
        """``close`` without blocking the running event loop."""
        await asyncio.get_running_loop().run_in_executor(None, self.close)

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> Any:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def _check_open(self) -> None:
        if self._closed:
            raise ClosedError(f"{type(self).__name__} is closed")

    def _fetcher(self, max_bytes: int) -> Fetcher:
        self._check_open()
        f = self._fetchers.get(max_bytes)
        if f is None:
            f = Fetcher(self._policy, timeout_s=self._http_timeout, max_bytes=max_bytes)
            self._fetchers[max_bytes] = f
        return f

    async def _fetch(self, url: str, max_bytes: int) -> bytes | bytearray:
        try:
            return await self._fetcher(max_bytes).fetch(url)
        except Exception as e:
            raise _dynamo_error(e, url) from e

    async def _source(self, url: Any) -> Any:
        """A data: URL as is (the decoder parses it), an http(s) URL's body."""
        if not isinstance(url, str) or not url:
            raise UrlValidationError("URL is empty")
        scheme = urlsplit(url).scheme.lower()
        if scheme == "data":
            if len(url.encode("utf-8", "surrogatepass")) > max_data_url_bytes():
                raise UrlValidationError("data: URL exceeds DYN_MM_MAX_DATA_URL_MB")
            return url
        if scheme in ("http", "https"):
            return await self._fetch(url, max_media_bytes())
        raise UrlValidationError(f"URL scheme {scheme!r} not allowed")

    async def _decode(self, fn: Callable[[], Awaitable[Any]], url: str) -> Any:
        try:
            return await fn()
        except (HttpStatusError, UrlValidationError):
            raise
        except Exception as e:
            raise _dynamo_error(e, url) from e

    async def _batch(
        self,
        items: Sequence[Mapping[str, Any]],
        read: Callable[[Reader, list], Awaitable[list]],
        load_url: Callable[[Any], Awaitable[Any]],
        uuid_only: bool,
    ) -> list:
        self._check_open()
        for idx, item in enumerate(items):
            keys = ("Url", "Decoded", "UuidOnly") if uuid_only else ("Url", "Decoded")
            if not isinstance(item, dict) or not any(k in item for k in keys):
                raise ValueError(f"Invalid multimodal item at index {idx}: expected {keys}")
            if "Decoded" in item and not self._enable_frontend_decoding:
                raise ValueError(self._variant_error)
        results = await self._media.load_batch(
            items, read, load_url, uuid_only=uuid_only, return_exceptions=True
        )
        _first_error(results)
        return results


def _pil_rgb(arr: np.ndarray) -> Any:
    """Dynamo's conversion of a frontend-decoded array: gray squeezed, then RGB."""
    from PIL import Image

    if arr.ndim == 3 and arr.shape[-1] == 1:
        arr = arr.squeeze(axis=-1)
    image = Image.fromarray(np.ascontiguousarray(arr))
    return image if image.mode == "RGB" else image.convert("RGB")


class ImageLoader(_Loader):
    """Dynamo's ``ImageLoader``: PIL RGB images (``Image.open(...).convert("RGB")``'s pixels),
    an LRU of ``cache_size`` images by URL with in-flight coalescing."""

    CACHE_SIZE_MAXIMUM = int(os.environ.get("DYN_MM_IMAGE_CACHE_SIZE", "8"))

    def __init__(
        self,
        cache_size: int = CACHE_SIZE_MAXIMUM,
        http_timeout: float = 30.0,
        enable_frontend_decoding: bool = False,
        url_policy: UrlValidationPolicy | None = None,
        max_bytes: int | None = None,
        session_scoped_cache: bool | None = None,
        *,
        reader: Reader | None = None,
        decoder: Decoder | None = None,
    ) -> None:
        super().__init__(http_timeout, enable_frontend_decoding, url_policy, reader, decoder)
        self._configured_max_bytes = max_bytes
        if session_scoped_cache is None:
            env = os.environ.get("DYN_MM_IMAGE_CACHE_SESSION_SCOPED", "0")
            if env not in ("0", "1"):
                raise ValueError(
                    f"DYN_MM_IMAGE_CACHE_SESSION_SCOPED must be '0' or '1', got {env!r}"
                )
            session_scoped_cache = env == "1"
        self._session_scoped_cache = session_scoped_cache
        self._cache: AsyncLru[Any] = AsyncLru(cache_size)

    @property
    def cache_entries(self) -> int:
        return len(self._cache)

    @property
    def session_scoped_cache(self) -> bool:
        return self._session_scoped_cache

    def _cache_key(self, url: str, cache_scope: str | None) -> str | None:
        """Scheme and host lower-cased, fragment dropped; None: bypass (no scope given)."""
        p = urlsplit(url)
        key = p._replace(scheme=p.scheme.lower(), netloc=p.netloc.lower(), fragment="").geturl()
        if not self._session_scoped_cache:
            return key
        if cache_scope is None or not cache_scope.strip():
            return None
        return hashlib.sha256(cache_scope.strip().encode()).hexdigest() + ":" + key

    async def _open(self, data: bytes | bytearray, url: str) -> Any:
        if _image_format(data) is None:
            raise HttpStatusError(415, "Unsupported Media Type", url)
        arr = await self._decode(lambda: self._decoder.decode_async(data), url)
        return _pil_rgb(arr)

    async def _load_http(self, url: str) -> Any:
        cap = self._configured_max_bytes or max_media_bytes()
        data = await self._fetch(url, cap)
        if not data:
            raise ValueError("Empty response content from image URL")
        return await self._open(data, url)

    async def load_image(self, image_url: str, *, cache_scope: str | None = None) -> Any:
        """Load one http(s) or data: image URL (file: and bare paths are refused)."""
        self._check_open()
        scheme = urlsplit(image_url).scheme.lower()
        if scheme in ("", "file"):
            raise ValueError("Invalid image source scheme: local file access is not allowed")
        if scheme == "data":
            if len(image_url) > max_data_url_bytes():
                raise UrlValidationError("data: URL exceeds DYN_MM_MAX_DATA_URL_MB")
            media_type, sep, payload = image_url[5:].partition(",")
            if not media_type.startswith("image/"):
                raise ValueError("Data URL must be an image type")
            if not sep or ";base64" not in media_type:
                raise ValueError("Data URL must be base64 encoded")
            try:
                data = base64.b64decode(payload, validate=True)
            except binascii.Error as e:
                raise ValueError(f"Invalid base64 encoding: {e}") from e
            return await self._open(data, image_url)
        if scheme not in ("http", "https"):
            raise ValueError(f"Invalid image source scheme: {scheme}")
        try:
            self._policy.check(image_url)  # before the cache: a refused URL is never served
        except UrlRejected as e:
            raise UrlValidationError(str(e)) from e
        key = self._cache_key(image_url, cache_scope)
        if key is None:
            return await self._load_http(image_url)
        return await self._cache.get(key, lambda: self._load_http(image_url))

    async def load_image_batch(
        self,
        image_mm_items: list[dict[str, Any]],
        *,
        preserve_uuid_slots: bool = False,
        cache_scope: str | None = None,
    ) -> list[Any]:
        """Images in item order; ``UuidOnly`` slots are None (only with
        ``preserve_uuid_slots``, else ``ValueError``); all ``Decoded`` items in one read."""
        if not preserve_uuid_slots and any(
            isinstance(i, dict) and "UuidOnly" in i for i in image_mm_items
        ):
            raise ValueError("UUID-only image slots require preserve_uuid_slots=True")

        async def read(rd: Reader, ds: list) -> list:
            return [_pil_rgb(a) for a in await rd.read_batch_async(ds)]

        out = await self._batch(
            image_mm_items,
            read,
            lambda url: self.load_image(url, cache_scope=cache_scope),
            uuid_only=True,
        )
        return out if preserve_uuid_slots else [x for x in out if x is not None]


class AudioLoader(_Loader):
    """Dynamo's ``AudioLoader``: ``(waveform, sample_rate)`` at the native rate, mono (the
    samples of vLLM's ``AudioMediaIO``, i.e. ``librosa.load(sr=None)``)."""

    def __init__(
        self,
        http_timeout: float = 30.0,
        enable_frontend_decoding: bool = False,
        url_policy: UrlValidationPolicy | None = None,
        *,
        reader: Reader | None = None,
        decoder: Decoder | None = None,
    ) -> None:
        if http_timeout <= 0:
            raise ValueError(f"http_timeout must be positive, got {http_timeout}")
        super().__init__(http_timeout, enable_frontend_decoding, url_policy, reader, decoder)

    async def load_audio(self, audio_url: str) -> tuple[np.ndarray, float]:
        self._check_open()
        src = await self._source(audio_url)
        audio = await self._decode(lambda: self._decoder.decode_audio_async(src), audio_url)
        if audio.samples.size == 0:
            raise ValueError(f"Failed to decode audio from {audio_url[:80]}: empty waveform")
        return audio.samples, float(audio.sample_rate)

    async def load_audio_batch(
        self, audio_mm_items: list[dict[str, Any]]
    ) -> list[tuple[np.ndarray, float]]:
        async def read(rd: Reader, ds: list) -> list:
            return [(s, float(sr)) for s, sr in await rd.read_audio_batch_async(ds)]

        return await self._batch(audio_mm_items, read, self.load_audio, uuid_only=False)


class VideoLoader(_Loader):
    """Dynamo's ``VideoLoader``: vLLM's ``(frames [T, H, W, 3] uint8, metadata)``, sampled
    as vLLM's default loader does (``num_frames``, ``fps`` from ``media_io_kwargs``)."""

    NUM_FRAMES_DEFAULT = int(os.environ.get("DYN_MM_VIDEO_NUM_FRAMES", "32"))

    def __init__(
        self,
        http_timeout: float = 60.0,
        num_frames: int = NUM_FRAMES_DEFAULT,
        enable_frontend_decoding: bool = False,
        url_policy: UrlValidationPolicy | None = None,
        *,
        reader: Reader | None = None,
        decoder: Decoder | None = None,
    ) -> None:
        super().__init__(int(http_timeout), enable_frontend_decoding, url_policy, reader, decoder)
        self._num_frames = num_frames

    async def load_video(
        self, video_url: str, media_io_kwargs: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        self._check_open()
        kw = {"num_frames": self._num_frames, **(media_io_kwargs or {})}
        fps = kw.get("fps")
        fps = float(fps) if isinstance(fps, (int, float)) and fps > 0 else None
        src = await self._source(video_url)
        clip = await self._decode(
            lambda: self._decoder.decode_video_async(src, num_frames=kw["num_frames"], fps=fps),
            video_url,
        )
        if clip.frames.size == 0:
            raise ValueError(f"Failed to extract video frames from {video_url[:80]}: empty clip")
        return np.ascontiguousarray(clip.frames), clip.metadata

    async def load_video_batch(
        self,
        video_mm_items: list[dict[str, Any]],
        media_io_kwargs: dict[str, Any] | None = None,
    ) -> list[tuple[np.ndarray, dict[str, Any]]]:
        async def read(rd: Reader, ds: list) -> list:
            return await asyncio.to_thread(rd.read_video_batch, ds)

        return await self._batch(
            video_mm_items,
            read,
            lambda url: self.load_video(url, media_io_kwargs),
            uuid_only=False,
        )
