"""``FastmediaMediaConnector``: vLLM 0.33's ``MediaConnector`` with fastmedia's decoders.

Every URL rule is the parent's: its ``load_from_url(_async)`` fetches (schemes, data URLs,
``allowed_media_domains``, ``--allowed-local-media-path``, ``VLLM_MEDIA_CACHE``) with a
``MediaIO`` that hands back the bytes, behind fastmedia's SSRF policy where
``FASTMEDIA_URL_POLICY`` asks for it (``_shared.url_policy``); fastmedia decodes them on its
own pool, the GIL released. The results are the parent's types: ``MediaWithBytes`` images
with the same ``io_config``, ``MediaWithBytes((frames, metadata))`` videos, ``(samples, sr)``
audio. The embedding fetchers are the parent's.
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

import numpy as np
import vllm.envs as envs
from PIL import Image
from vllm.multimodal.media.audio import AudioMediaIO
from vllm.multimodal.media.base import MediaWithBytes
from vllm.multimodal.media.connector import (
    MEDIA_CONNECTOR_REGISTRY,
    MediaConnector,
    global_thread_pool,
)
from vllm.multimodal.media.video import VideoMediaIO
from vllm.multimodal.video import get_video_loader_backend_for_processor

from fastmedia.vllm import _audio, _image, _shared, _video


async def _run(fn: Any, *args: Any) -> Any:
    """``fn(*args)`` on the parent's media thread pool, as the parent runs its decodes."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(global_thread_pool, functools.partial(fn, *args))


class FastmediaMediaConnector(MediaConnector):
    """Registered as ``"fastmedia"`` in ``MEDIA_CONNECTOR_REGISTRY``; select it with
    ``VLLM_MEDIA_CONNECTOR=fastmedia``. Takes the parent's arguments (and ignores others, so a
    later vLLM passing more still builds it). vLLM builds one per request: construction only
    sets fields; the decoders are shared by the process."""

    def __init__(
        self,
        media_io_kwargs: dict[str, dict[str, Any]] | None = None,
        *args: Any,
        allowed_local_media_path: str = "",
        allowed_media_domains: list[str] | None = None,
        decoded_budget: Any = None,
        download_budget: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            media_io_kwargs,
            *args,
            allowed_local_media_path=allowed_local_media_path,
            allowed_media_domains=allowed_media_domains,
            decoded_budget=decoded_budget,
            download_budget=download_budget,
        )

    # ------------------------------------------------------------------ transport

    def load_from_url(self, url: str, media_io: Any, *args: Any, **kwargs: Any) -> Any:
        _shared.check_url(url)
        return super().load_from_url(url, media_io, *args, **kwargs)

    async def load_from_url_async(self, url: str, media_io: Any, *args: Any, **kwargs: Any) -> Any:
        await _shared.check_url_async(url)
        return await super().load_from_url_async(url, media_io, *args, **kwargs)

    # ------------------------------------------------------------------ images

    def fetch_image(self, image_url: str, *, image_mode: str | None = "RGB") -> Image.Image:
        image_io = self._image_io(image_mode)
        if image_io.image_mode != "RGB":
            return super().fetch_image(image_url, image_mode=image_mode)
        job = self.load_from_url(
            image_url,
            _image.ImageBytesIO(image_io),
            fetch_timeout=envs.VLLM_IMAGE_FETCH_TIMEOUT,
        )
        return _image.decode(image_io, job)

    async def fetch_image_async(
        self, image_url: str, *, image_mode: str | None = "RGB"
    ) -> Image.Image:
        image_io = self._image_io(image_mode)
        if image_io.image_mode != "RGB":
            return await super().fetch_image_async(image_url, image_mode=image_mode)
        job = await self.load_from_url_async(
            image_url,
            _image.ImageBytesIO(image_io),
            fetch_timeout=envs.VLLM_IMAGE_FETCH_TIMEOUT,
        )
        return await _image.decode_async(image_io, job, _run)

    # ------------------------------------------------------------------ video

    def _video_io(self, image_mode: str | None, video_processor: str | None) -> VideoMediaIO:
        """The parent's ``VideoMediaIO``, its loader swapped for the fastmedia subclass of the
        same vLLM loader where that loader follows the shared flow."""
        image_io = self._image_io(image_mode)
        kwargs = dict(self.media_io_kwargs.get("video", {}))
        if "video_backend" not in kwargs and (
            backend := get_video_loader_backend_for_processor(video_processor)
        ):
            kwargs["video_backend"] = backend
        name = kwargs.get("video_backend") or envs.VLLM_VIDEO_LOADER_BACKEND
        video_io = VideoMediaIO(image_io, **kwargs)
        loader = _video.fastmedia_loader(name, video_io.kwargs)
        if loader is not None:
            video_io.video_loader = loader()
        return video_io

    def fetch_video(
        self,
        video_url: str,
        *,
        image_mode: str | None = "RGB",
        video_processor: str | None = None,
    ) -> MediaWithBytes[tuple[np.ndarray, dict[str, Any]]]:
        return self.load_from_url(
            video_url,
            self._video_io(image_mode, video_processor),
            fetch_timeout=envs.VLLM_VIDEO_FETCH_TIMEOUT,
        )

    async def fetch_video_async(
        self,
        video_url: str,
        *,
        image_mode: str | None = "RGB",
        video_processor: str | None = None,
    ) -> MediaWithBytes[tuple[np.ndarray, dict[str, Any]]]:
        # The loader runs on the parent's pool; fastmedia's decode in it releases the GIL.
        return await self.load_from_url_async(
            video_url,
            self._video_io(image_mode, video_processor),
            fetch_timeout=envs.VLLM_VIDEO_FETCH_TIMEOUT,
        )

    # ------------------------------------------------------------------ audio

    def _audio_io(self) -> AudioMediaIO:
        return AudioMediaIO(
            decoded_budget=self.decoded_budget, **self.media_io_kwargs.get("audio", {})
        )

    def fetch_audio(self, audio_url: str) -> tuple[np.ndarray, int | float]:
        audio_io = self._audio_io()
        job = self.load_from_url(
            audio_url,
            _audio.AudioBytesIO(audio_io),
            fetch_timeout=envs.VLLM_AUDIO_FETCH_TIMEOUT,
        )
        return _audio.decode(audio_io, job)

    async def fetch_audio_async(self, audio_url: str) -> tuple[np.ndarray, int | float]:
        audio_io = self._audio_io()
        job = await self.load_from_url_async(
            audio_url,
            _audio.AudioBytesIO(audio_io),
            fetch_timeout=envs.VLLM_AUDIO_FETCH_TIMEOUT,
        )
        return await _audio.decode_async(audio_io, job, _run)


def register_connector() -> None:
    if MEDIA_CONNECTOR_REGISTRY.name2class.get("fastmedia") is not FastmediaMediaConnector:
        MEDIA_CONNECTOR_REGISTRY.register("fastmedia")(FastmediaMediaConnector)
