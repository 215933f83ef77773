"""The ``decode*`` method families that ``Decoder`` and ``Frontend`` share.

Both run the same calls on their core object (a ``_core.Decoder`` or a ``_core.Frontend``)
with the same fetching, batching and async plumbing; they differ only in what wraps a core
result (a numpy array, or ``DecodedMedia`` in registered memory), which core functions decode
audio, and the component name their metrics carry. A subclass sets those as class attributes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any, ClassVar, Generic, TypeVar

from fastmedia import metrics
from fastmedia._batch import (
    AsyncBridge,
    Data,
    batch_async,
    batch_slots,
    fetch_async,
    fetch_sync,
    finish_slots,
)
from fastmedia.audio import AudioLimits, OpusDecoderName
from fastmedia.resize import Resize, spec
from fastmedia.video import video_kwargs

ImageT = TypeVar("ImageT")
AudioT = TypeVar("AudioT")
VideoT = TypeVar("VideoT")


class DecodeMethods(Generic[ImageT, AudioT, VideoT]):
    """``decode``, ``decode_audio`` and ``decode_video``, each single, batch and async."""

    # Set by the subclass: its name in errors, its metrics component, the wrappers of core
    # results, and the core functions that decode audio (one input, a batch).
    _who: ClassVar[str]
    _metric: ClassVar[str]
    _image: Callable[[Any], ImageT]
    _audio: Callable[[Any], AudioT]
    _video: Callable[[Any], VideoT]
    _audio_one: Callable[..., Any]
    _audio_batch: Callable[..., Any]

    # Set by the subclass's __init__.
    _core: Any
    _bridge: AsyncBridge
    fetcher: Any
    audio_limits: AudioLimits

    def _check(self) -> None:
        """Raise when the object can no longer decode (a closed ``Frontend``)."""

    # ------------------------------------------------------------------ images

    def decode(self, data: Data, resize: Resize | None = None) -> ImageT:
        """Decode one image: a numpy array from a ``Decoder``, a ``DecodedMedia`` in registered
        memory from a ``Frontend``. ``data``: bytes-like, a data URL, or (with a fetcher) a
        URL. ``resize`` replaces the decoder's own for this call."""
        self._check()
        data = fetch_sync(self.fetcher, data, self._who)
        s = spec(resize)
        return self._image(
            metrics.decode_call(self._metric, "single", lambda: self._core.decode(data, s))
        )

    def decode_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        resize: Resize | None = None,
    ) -> list:
        """Decode ``items`` in parallel; results in input order.

        Raises the first error (in input order) unless ``return_exceptions``, in which case
        failed slots hold the exception instance, like ``asyncio.gather``. A ``Frontend``'s
        leases already taken by other items stay valid when an error is raised (its TTL or
        the caller ends them).
        """
        self._check()
        core = functools.partial(self._core.decode_batch, resize=spec(resize))
        slots = metrics.decode_call(
            self._metric, "batch", lambda: batch_slots(core, self.fetcher, items)
        )
        return finish_slots(slots, self._image, return_exceptions)

    async def decode_async(self, data: Data, resize: Resize | None = None) -> ImageT:
        """Decode one image without blocking the event loop (a ``Frontend`` waits for pool
        room off the loop)."""
        self._check()
        s = spec(resize)
        data = await fetch_async(self.fetcher, data, self._who)
        return self._image(await self._bridge.run(self._core.decode, data, s))

    async def decode_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        resize: Resize | None = None,
    ) -> list:
        """``decode_batch`` without blocking the event loop; URLs are fetched concurrently and
        each is decoded as soon as its body arrives."""
        self._check()
        s = spec(resize)
        return await batch_async(
            self._bridge,
            functools.partial(self._core.decode, resize=s),
            functools.partial(self.decode_batch, resize=resize),
            self.fetcher,
            items,
            self._image,
            return_exceptions,
        )

    # ------------------------------------------------------------------ audio

    def _audio_call(self, fn, data, sample_rate: int | None, mono: bool, opus_decoder: str):
        return fn(
            self._core,
            data,
            sample_rate=sample_rate,
            mono=mono,
            opus_decoder=opus_decoder,
            **asdict(self.audio_limits),  # AudioLimits' fields are the core's keyword names
        )

    def decode_audio(
        self,
        data: Data,
        sample_rate: int | None = None,
        mono: bool = True,
        opus_decoder: OpusDecoderName = "librosa",
    ) -> AudioT:
        """Decode one audio input (WAV/FLAC/MP3/Vorbis/Opus/AAC/AIFF/AC-3, or a video's audio
        track) like ``librosa.load(path, sr=None, mono=True)``: float32 at the native rate,
        channels averaged. ``sample_rate`` resamples (soxr HQ, like ``librosa.resample``);
        ``mono=False`` keeps the channels. ``opus_decoder`` picks the Opus decoder:
        ``"librosa"`` (libopus for Ogg, FFmpeg's native decoder for WebM/Matroska/MP4, as
        ``librosa.load`` does), ``"libopus"`` or ``"ffmpeg"`` in every container. A
        ``Decoder`` returns ``Audio`` (``[N]`` or ``[C, N]``), a ``Frontend``
        ``DecodedAudio`` in registered memory (channels-last ``[N, C]``)."""
        self._check()
        data = fetch_sync(self.fetcher, data, self._who)
        return self._audio(self._audio_call(self._audio_one, data, sample_rate, mono, opus_decoder))

    def decode_audio_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        sample_rate: int | None = None,
        mono: bool = True,
        opus_decoder: OpusDecoderName = "librosa",
    ) -> list:
        """``decode_audio`` for many inputs in parallel; results in input order, the first
        error raised unless ``return_exceptions``."""
        self._check()

        def run(batch):
            return self._audio_call(self._audio_batch, batch, sample_rate, mono, opus_decoder)

        slots = batch_slots(run, self.fetcher, items)
        return finish_slots(slots, self._audio, return_exceptions)

    async def decode_audio_async(
        self,
        data: Data,
        sample_rate: int | None = None,
        mono: bool = True,
        opus_decoder: OpusDecoderName = "librosa",
    ) -> AudioT:
        """``decode_audio`` without blocking the event loop."""
        self._check()
        data = await fetch_async(self.fetcher, data, self._who)
        res = await self._bridge.run(
            lambda: self._audio_call(self._audio_one, data, sample_rate, mono, opus_decoder)
        )
        return self._audio(res)

    # ------------------------------------------------------------------ video

    def decode_video(
        self,
        data: Data,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: Resize | None = None,
    ) -> VideoT:
        """Decode the sampled frames of one video (MP4/MOV, Matroska/WebM, AVI; H.264, HEVC,
        VP8, VP9, AV1, MPEG-4; GIF/WebP/APNG animations): a ``VideoClip`` from a ``Decoder``;
        from a ``Frontend``, a ``DecodedMedia`` in one registered chunk whose descriptor has
        shape ``[T, H, W, 3]`` and ``metadata {"Video": {...}}``.

        Only the frames the sampling picks are converted; each from the keyframe before it,
        independent groups in parallel on the pool. See ``fastmedia.video`` for the rules.
        ``resize`` (or the decoder's own) resizes every frame after display rotation to one
        target size computed from the frame size; the metadata then has ``source_size`` (the
        [height, width] before).
        Raises ``DecodeError`` for corrupt input, ``LimitExceeded`` (before allocating) over
        ``limits``, ``UnsupportedFormat`` naming an unknown codec.
        """
        self._check()
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        data = fetch_sync(self.fetcher, data, self._who)
        return self._video(self._core.decode_video(data, **kw))

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
        self._check()
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        slots = batch_slots(lambda xs: self._core.decode_video_batch(xs, **kw), self.fetcher, items)
        return finish_slots(slots, self._video, return_exceptions)

    async def decode_video_async(
        self,
        data: Data,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: Resize | None = None,
    ) -> VideoT:
        """``decode_video`` without blocking the event loop."""
        self._check()
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        data = await fetch_async(self.fetcher, data, self._who)
        return self._video(await self._bridge.run(lambda: self._core.decode_video(data, **kw)))
