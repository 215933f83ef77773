"""Image decoding on fastmedia's own Rust thread pool, with the GIL released."""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

import numpy as np

from fastmedia import _core, metrics
from fastmedia._batch import (
    AsyncBridge,
    Data,
    batch_async,
    batch_slots,
    fetch_async,
    fetch_sync,
    finish_slots,
)
from fastmedia.audio import Audio, AudioLimits
from fastmedia.resize import Resize, spec
from fastmedia.video import VideoClip, video_kwargs, vllm_metadata

if TYPE_CHECKING:
    from fastmedia.fetch import Fetcher


@dataclass(frozen=True)
class Limits:
    """Bounds checked from the image header, before any large allocation.

    ``max_alloc`` bounds the decoded output plus decoder scratch; ``max_encoded_bytes``
    bounds the encoded input (after base64 for data URLs). For video, ``max_video_bytes``
    bounds one clip's decoded frames (``T * H * W * 3``) and ``max_video_frames`` the frames a
    clip may hold; width/height/pixel limits apply to each frame.
    """

    max_width: int | None = None
    max_height: int | None = None
    max_pixels: int | None = None
    max_alloc: int = 128 * 2**20
    max_encoded_bytes: int = 64 * 2**20
    max_video_bytes: int = 2**30
    max_video_frames: int = 100_000


def _as_array(buf: _core.PixelBuffer) -> np.ndarray:
    # np.asarray keeps `buf` alive as the array's base: no copy, memory recycled on free.
    return np.asarray(buf)


def _as_clip(res: tuple) -> VideoClip:
    buf, meta = res
    return VideoClip(np.asarray(buf), vllm_metadata(meta))


class Decoder:
    """Decodes JPEG, PNG, WebP, GIF (first frame), BMP and TIFF into numpy arrays.

    Arrays are HWC ``uint8``, C-contiguous, always 3-dimensional. ``channels="rgb"`` gives the
    pixels of Pillow's ``.convert("RGB")``; ``channels="native"`` keeps 1 (L), 2 (LA), 3 (RGB)
    or 4 (RGBA) channels, as Dynamo's frontend sends them.

    ``resize`` (a ``fastmedia.Resize``) resizes every image on the pool, after EXIF
    orientation, and every sampled video frame, after display rotation; each ``decode*``
    call can pass its own ``resize=`` instead.

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
        audio_limits: AudioLimits | None = None,
        resize: Resize | None = None,
    ) -> None:
        lim = limits or Limits()
        self.limits = lim
        self.audio_limits = audio_limits or AudioLimits()
        self.channels = channels
        self.exif_orientation = exif_orientation
        self.fetcher = fetcher
        self.resize = resize
        self._core = _core.Decoder(
            threads=threads,
            channels=channels,
            exif_orientation=exif_orientation,
            resize=spec(resize),
            **asdict(lim),  # Limits' fields are the core's keyword names
        )
        self._bridge = AsyncBridge(max(4, 2 * self._core.threads))

    @property
    def threads(self) -> int:
        return self._core.threads

    def decode(self, data: Data, resize: Resize | None = None) -> np.ndarray:
        """Decode one image. ``data``: bytes-like, a data URL, or (with a fetcher) a URL.
        ``resize`` replaces the decoder's own for this call."""
        data = fetch_sync(self.fetcher, data, "Decoder")
        s = spec(resize)
        return _as_array(
            metrics.decode_call("decoder", "single", lambda: self._core.decode(data, s))
        )

    def decode_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        resize: Resize | None = None,
    ) -> list:
        """Decode ``items`` in parallel; results in input order.

        Raises the first error (in input order) unless ``return_exceptions``, in which case
        failed slots hold the exception instance, like ``asyncio.gather``.
        """
        core = functools.partial(self._core.decode_batch, resize=spec(resize))
        slots = metrics.decode_call(
            "decoder", "batch", lambda: batch_slots(core, self.fetcher, items)
        )
        return finish_slots(slots, _as_array, return_exceptions)

    async def decode_async(self, data: Data, resize: Resize | None = None) -> np.ndarray:
        """Decode one image without blocking the event loop."""
        s = spec(resize)
        data = await fetch_async(self.fetcher, data, "Decoder")
        return _as_array(await self._bridge.run(self._core.decode, data, s))

    async def decode_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        resize: Resize | None = None,
    ) -> list:
        """``decode_batch`` without blocking the event loop (URLs fetched concurrently)."""
        s = spec(resize)
        return await batch_async(
            self._bridge,
            functools.partial(self._core.decode, resize=s),
            functools.partial(self.decode_batch, resize=resize),
            self.fetcher,
            items,
            _as_array,
            return_exceptions,
        )

    # ------------------------------------------------------------------ audio

    def _audio_call(self, fn, data, sample_rate: int | None, mono: bool):
        return fn(
            self._core,
            data,
            sample_rate=sample_rate,
            mono=mono,
            **asdict(self.audio_limits),  # AudioLimits' fields are the core's keyword names
        )

    def decode_audio(self, data: Data, sample_rate: int | None = None, mono: bool = True) -> Audio:
        """Decode one audio input (WAV/FLAC/MP3/Vorbis/Opus/AAC/AIFF/AC-3, or a video's audio
        track) like ``librosa.load(path, sr=None, mono=True)``: float32 at the native rate,
        channels averaged. ``sample_rate`` resamples (soxr HQ, like ``librosa.resample``);
        ``mono=False`` keeps the channels as ``[C, N]``."""
        data = fetch_sync(self.fetcher, data, "Decoder")
        return Audio._from_core(self._audio_call(_core.decode_audio_with, data, sample_rate, mono))

    def decode_audio_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        sample_rate: int | None = None,
        mono: bool = True,
    ) -> list:
        """``decode_audio`` for many inputs in parallel; results in input order, the first
        error raised unless ``return_exceptions``."""

        def run(batch):
            return self._audio_call(_core.decode_audio_batch_with, batch, sample_rate, mono)

        slots = batch_slots(run, self.fetcher, items)
        return finish_slots(slots, Audio._from_core, return_exceptions)

    async def decode_audio_async(
        self, data: Data, sample_rate: int | None = None, mono: bool = True
    ) -> Audio:
        """``decode_audio`` without blocking the event loop."""
        data = await fetch_async(self.fetcher, data, "Decoder")
        buf = await self._bridge.run(
            lambda: self._audio_call(_core.decode_audio_with, data, sample_rate, mono)
        )
        return Audio._from_core(buf)

    def decode_video(
        self,
        data: Data,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: Resize | None = None,
    ) -> VideoClip:
        """Decode the sampled frames of one video (MP4/MOV, Matroska/WebM, AVI; H.264, HEVC,
        VP8, VP9, AV1, MPEG-4; GIF/WebP/APNG animations) into a ``VideoClip``.

        Only the frames the sampling picks are converted; each from the keyframe before it,
        independent groups in parallel on the pool. See ``fastmedia.video`` for the rules.
        ``resize`` (or the decoder's own) resizes every frame after display rotation to one
        target size computed from the frame size; the metadata then has ``source_size``.
        Raises ``DecodeError`` for corrupt input, ``LimitExceeded`` (before allocating) over
        ``limits``, ``UnsupportedFormat`` naming an unknown codec.
        """
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        data = fetch_sync(self.fetcher, data, "Decoder")
        return _as_clip(self._core.decode_video(data, **kw))

    def decode_video_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: Resize | None = None,
    ) -> list:
        """``decode_video`` over many clips in parallel; results in input order."""
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        slots = batch_slots(lambda xs: self._core.decode_video_batch(xs, **kw), self.fetcher, items)
        return finish_slots(slots, _as_clip, return_exceptions)

    async def decode_video_async(
        self,
        data: Data,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: Resize | None = None,
    ) -> VideoClip:
        """``decode_video`` without blocking the event loop."""
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        data = await fetch_async(self.fetcher, data, "Decoder")
        return _as_clip(await self._bridge.run(lambda: self._core.decode_video(data, **kw)))


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
