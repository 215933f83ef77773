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
from typing import Any, ClassVar, Generic, Literal, TypeVar, overload

from fastmedia import _core, metrics
from fastmedia._internal import config as _config
from fastmedia._internal.batch import (
    AsyncBridge,
    Data,
    batch_async,
    batch_slots,
    fetch_async,
    fetch_sync,
    finish_slots,
)
from fastmedia.media.audio import (
    AUDIO_ERRORS,
    PADDINGS,
    RESAMPLERS,
    AudioErrors,
    AudioLimits,
    OpusDecoderName,
    Padding,
    ResamplerName,
    check_sample_rate,
)
from fastmedia.media.resize import Resize, spec
from fastmedia.media.video import frame_indices, video_kwargs

Sampling = Literal["uniform", "timestamps", "qwen3_vl", "qwen2_vl", "dynamo"]

ImageT = TypeVar("ImageT")
AudioT = TypeVar("AudioT")
VideoT = TypeVar("VideoT")


class DecodeBase:
    """What the method families share: the subclass's names, fetching, batching, async."""

    # Set by the subclass: its name in errors and its metrics component.
    _who: ClassVar[str]
    _metric: ClassVar[str]

    # Set by the subclass's __init__.
    _core: Any
    _bridge: AsyncBridge
    fetcher: Any

    def _check(self) -> None:
        """Raise when the object can no longer decode (a closed ``Frontend``)."""

    def _timed(self, kind: str, op: str, call: Callable[[], Any]) -> Any:
        """Run ``call`` (one core result, or a batch's list) counted in the metrics."""
        return metrics.decode_call(self._metric, kind, op, call)

    def _batch(
        self, kind: str, core_batch: Callable[..., Any], wrap: Callable[[Any], Any]
    ) -> Callable[..., list]:
        """The sync batch of ``kind``: ``run(items, return_exceptions, cancel=None)``."""

        def run(items: Sequence[Data], return_exceptions: bool, cancel: Any = None) -> list:
            def core(xs: list) -> list:
                return core_batch(xs, cancel=cancel)

            slots = self._timed(kind, "batch", lambda: batch_slots(core, self.fetcher, items))
            return finish_slots(slots, wrap, return_exceptions)

        return run

    async def _single_async(self, kind: str, call: Callable[[Any, Any], Any], data: Data) -> Any:
        """One input off the event loop: fetched, then ``call(body, cancel)`` on the pool."""
        data = await fetch_async(self.fetcher, data, self._who)
        cancel = _core.Cancel()
        return await self._bridge.run(
            lambda: self._timed(kind, "single", lambda: call(data, cancel)), cancel=cancel
        )

    async def _batch_async(
        self,
        kind: str,
        core_one: Callable[[Any, Any], Any],
        core_batch: Callable[..., Any],
        wrap: Callable[[Any], Any],
        items: Sequence[Data],
        return_exceptions: bool,
    ) -> list:
        def one(body: Any, cancel: Any) -> Any:
            return self._timed(kind, "single", lambda: core_one(body, cancel))

        return await batch_async(
            self._bridge,
            one,
            self._batch(kind, core_batch, wrap),
            self.fetcher,
            items,
            wrap,
            return_exceptions,
        )


class ImageMethods(DecodeBase, Generic[ImageT]):
    """``decode``: single, batch and async."""

    _image: Callable[[Any], ImageT]  # wraps a core result (set by the subclass)

    def decode(self, data: Data, resize: Resize | None = None) -> ImageT:
        """Decode one image: a numpy array from a ``Decoder``, a ``DecodedMedia`` in registered
        memory from a ``Frontend``. ``data``: bytes-like, a data URL, a ``pathlib.Path`` (or
        any ``os.PathLike``: the file is read, within ``max_encoded_bytes``), or (with a
        fetcher) an http(s) URL; any other str raises ``DecodeError``. ``resize`` replaces the
        decoder's own for this call.

        Raises ``DecodeError``/``LimitExceeded``/``UnsupportedFormat`` for bad input,
        ``FetchError`` (and subclasses) for a URL, ``ConfigError`` for a bad ``resize``;
        a ``Frontend`` also ``PoolExhausted`` and ``ClosedError``."""
        self._check()
        data = fetch_sync(self.fetcher, data, self._who)
        s = spec(resize)
        return self._image(self._timed("image", "single", lambda: self._core.decode(data, s)))

    @overload
    def decode_batch(
        self,
        items: Sequence[Data],
        return_exceptions: Literal[False] = False,
        resize: Resize | None = None,
    ) -> list[ImageT]: ...
    @overload
    def decode_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool,
        resize: Resize | None = None,
    ) -> list[ImageT | BaseException]: ...

    def decode_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        resize: Resize | None = None,
    ) -> list[Any]:
        """Decode ``items`` in parallel; results in input order.

        Raises the first error (in input order) unless ``return_exceptions``, in which case
        failed slots hold the exception instance, like ``asyncio.gather``. When it raises, a
        ``Frontend`` first releases the leases the other items took (the caller never gets
        them). Raises what ``decode`` raises.
        """
        self._check()
        core = functools.partial(self._core.decode_batch, resize=spec(resize))
        return self._batch("image", core, self._image)(items, return_exceptions)

    async def decode_async(self, data: Data, resize: Resize | None = None) -> ImageT:
        """Decode one image without blocking the event loop (a ``Frontend`` waits for pool
        room off the loop). Cancelled (or timed out in ``asyncio.wait_for``), it takes no
        lease: a decode already running finishes and its lease is released before
        ``CancelledError`` propagates. Raises what ``decode`` raises."""
        self._check()
        s = spec(resize)
        return self._image(
            await self._single_async("image", lambda d, _c: self._core.decode(d, s), data)
        )

    @overload
    async def decode_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: Literal[False] = False,
        resize: Resize | None = None,
    ) -> list[ImageT]: ...
    @overload
    async def decode_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: bool,
        resize: Resize | None = None,
    ) -> list[ImageT | BaseException]: ...

    async def decode_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        resize: Resize | None = None,
    ) -> list[Any]:
        """``decode_batch`` without blocking the event loop; URLs are fetched concurrently and
        each is decoded as soon as its body arrives. Cancelled (or timed out), items not yet
        started are skipped, those running finish, and every lease taken is released before
        ``CancelledError`` propagates (docs/frontend-and-reader.md, Cancellation)."""
        self._check()
        s = spec(resize)
        return await self._batch_async(
            "image",
            lambda d, _c: self._core.decode(d, s),
            functools.partial(self._core.decode_batch, resize=s),
            self._image,
            items,
            return_exceptions,
        )


class AudioMethods(DecodeBase, Generic[AudioT]):
    """``decode_audio``: single, batch and async."""

    # Set by the subclass: the wrapper of a core result, and the core functions that decode
    # audio (one input, a batch); by its __init__: the limits.
    _audio: Callable[[Any], AudioT]
    _audio_one: Callable[..., Any]
    _audio_batch: Callable[..., Any]
    audio_limits: AudioLimits

    def _audio_kw(
        self,
        sample_rate: int | None,
        mono: bool,
        opus_decoder: str,
        padding: str,
        resampler: str,
        errors: str,
    ) -> dict:
        check_sample_rate(sample_rate)
        return {
            "sample_rate": sample_rate,
            "mono": mono,
            "opus_decoder": opus_decoder,
            "padding": _config.choice("padding", padding, PADDINGS),
            "resampler": _config.choice("resampler", resampler, RESAMPLERS),
            "errors": _config.choice("errors", errors, AUDIO_ERRORS),
            **asdict(self.audio_limits),  # AudioLimits' fields are the core's keyword names
        }

    def decode_audio(
        self,
        data: Data,
        sample_rate: int | None = None,
        mono: bool = True,
        opus_decoder: OpusDecoderName = "librosa",
        padding: Padding = "trim",
        resampler: ResamplerName = "soxr",
        errors: AudioErrors = "skip",
    ) -> AudioT:
        """Decode one audio input (WAV/FLAC/MP3/Vorbis/Opus/AAC/AIFF/AC-3, or a video's audio
        track) like ``librosa.load(path, sr=None, mono=True)``: float32 at the native rate,
        channels averaged. ``sample_rate`` resamples (soxr HQ, like ``librosa.resample``);
        ``mono=False`` keeps the channels. ``opus_decoder`` picks the Opus decoder:
        ``"librosa"`` (libopus for Ogg, FFmpeg's native decoder for WebM/Matroska/MP4, as
        ``librosa.load`` does), ``"libopus"`` or ``"ffmpeg"`` in every container.
        ``padding="keep"`` keeps the encoder's padding at the end of AAC (and Opus in MP4)
        that the edit list cuts, as FFmpeg's decoders alone return it: with
        ``opus_decoder="ffmpeg"``, what torchcodec and so vLLM 0.33's ``AudioMediaIO`` return
        (docs/audio.md). ``resampler="swresample"`` resamples and mixes down with FFmpeg's
        libswresample, as torchcodec and PyAV do (SGLang's ``load_audio``);
        ``errors="raise"`` refuses a file with a corrupt packet, as torchcodec does, where the
        default skips it. A
        ``Decoder`` returns ``Audio`` (``[N]`` or ``[C, N]``), a ``Frontend``
        ``DecodedAudio`` in registered memory (channels-last ``[N, C]``). Raises what
        ``decode`` raises."""
        self._check()
        kw = self._audio_kw(sample_rate, mono, opus_decoder, padding, resampler, errors)
        data = fetch_sync(self.fetcher, data, self._who)
        return self._audio(
            self._timed("audio", "single", lambda: self._audio_one(self._core, data, **kw))
        )

    @overload
    def decode_audio_batch(
        self,
        items: Sequence[Data],
        return_exceptions: Literal[False] = False,
        sample_rate: int | None = None,
        mono: bool = True,
        opus_decoder: OpusDecoderName = "librosa",
        padding: Padding = "trim",
        resampler: ResamplerName = "soxr",
        errors: AudioErrors = "skip",
    ) -> list[AudioT]: ...
    @overload
    def decode_audio_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool,
        sample_rate: int | None = None,
        mono: bool = True,
        opus_decoder: OpusDecoderName = "librosa",
        padding: Padding = "trim",
        resampler: ResamplerName = "soxr",
        errors: AudioErrors = "skip",
    ) -> list[AudioT | BaseException]: ...

    def decode_audio_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        sample_rate: int | None = None,
        mono: bool = True,
        opus_decoder: OpusDecoderName = "librosa",
        padding: Padding = "trim",
        resampler: ResamplerName = "soxr",
        errors: AudioErrors = "skip",
    ) -> list[Any]:
        """``decode_audio`` for many inputs in parallel; results in input order, the first
        error raised unless ``return_exceptions`` (as ``decode_batch``)."""
        self._check()
        core = functools.partial(
            self._audio_batch,
            self._core,
            **self._audio_kw(sample_rate, mono, opus_decoder, padding, resampler, errors),
        )
        return self._batch("audio", core, self._audio)(items, return_exceptions)

    async def decode_audio_async(
        self,
        data: Data,
        sample_rate: int | None = None,
        mono: bool = True,
        opus_decoder: OpusDecoderName = "librosa",
        padding: Padding = "trim",
        resampler: ResamplerName = "soxr",
        errors: AudioErrors = "skip",
    ) -> AudioT:
        """``decode_audio`` without blocking the event loop (cancellation as
        ``decode_async``)."""
        self._check()
        kw = self._audio_kw(sample_rate, mono, opus_decoder, padding, resampler, errors)
        return self._audio(
            await self._single_async(
                "audio", lambda d, _c: self._audio_one(self._core, d, **kw), data
            )
        )

    @overload
    async def decode_audio_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: Literal[False] = False,
        sample_rate: int | None = None,
        mono: bool = True,
        opus_decoder: OpusDecoderName = "librosa",
        padding: Padding = "trim",
        resampler: ResamplerName = "soxr",
        errors: AudioErrors = "skip",
    ) -> list[AudioT]: ...
    @overload
    async def decode_audio_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: bool,
        sample_rate: int | None = None,
        mono: bool = True,
        opus_decoder: OpusDecoderName = "librosa",
        padding: Padding = "trim",
        resampler: ResamplerName = "soxr",
        errors: AudioErrors = "skip",
    ) -> list[AudioT | BaseException]: ...

    async def decode_audio_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        sample_rate: int | None = None,
        mono: bool = True,
        opus_decoder: OpusDecoderName = "librosa",
        padding: Padding = "trim",
        resampler: ResamplerName = "soxr",
        errors: AudioErrors = "skip",
    ) -> list[Any]:
        """``decode_audio_batch`` without blocking the event loop (cancellation as
        ``decode_batch_async``)."""
        self._check()
        kw = self._audio_kw(sample_rate, mono, opus_decoder, padding, resampler, errors)
        return await self._batch_async(
            "audio",
            lambda d, _c: self._audio_one(self._core, d, **kw),
            functools.partial(self._audio_batch, self._core, **kw),
            self._audio,
            items,
            return_exceptions,
        )


class VideoMethods(DecodeBase, Generic[VideoT]):
    """``decode_video``: single, batch and async."""

    _video: Callable[[Any], VideoT]  # wraps a core result (set by the subclass)

    def decode_video(
        self,
        data: Data,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: Sampling = "uniform",
        resize: Resize | None = None,
        indices: Sequence[int] | None = None,
    ) -> VideoT:
        """Decode the sampled frames of one video (MP4/MOV, Matroska/WebM, AVI; H.264, HEVC,
        VP8, VP9, AV1, MPEG-4; GIF/WebP/APNG animations): a ``VideoClip`` from a ``Decoder``;
        from a ``Frontend``, a ``DecodedMedia`` in one registered chunk whose descriptor has
        shape ``[T, H, W, 3]`` and ``metadata {"Video": {...}}``.

        Only the frames the sampling picks are converted; each from the keyframe before it,
        independent groups in parallel on the pool. See ``fastmedia.media.video`` for the rules.
        ``resize`` (or the decoder's own) resizes every frame after display rotation to one
        target size computed from the frame size; the metadata then has ``source_size`` (the
        [height, width] before).
        Raises ``DecodeError`` for corrupt input, ``LimitExceeded`` (before allocating) over
        ``limits``, ``UnsupportedFormat`` naming an unknown codec, ``ConfigError`` for bad
        sampling arguments, ``FetchError`` for a URL; a ``Frontend`` also ``PoolExhausted``
        and ``ClosedError``.

        ``indices`` (strictly increasing ints) decodes exactly those frames instead of the
        sampling rule's, each from the keyframe before it; indices past the clip's real end
        are dropped, as vLLM's OpenCV loop drops them.
        """
        self._check()
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        kw["indices"] = frame_indices(indices)
        data = fetch_sync(self.fetcher, data, self._who)
        return self._video(
            self._timed("video", "single", lambda: self._core.decode_video(data, **kw))
        )

    @overload
    def decode_video_batch(
        self,
        items: Sequence[Data],
        return_exceptions: Literal[False] = False,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: Sampling = "uniform",
        resize: Resize | None = None,
    ) -> list[VideoT]: ...
    @overload
    def decode_video_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: Sampling = "uniform",
        resize: Resize | None = None,
    ) -> list[VideoT | BaseException]: ...

    def decode_video_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: Sampling = "uniform",
        resize: Resize | None = None,
    ) -> list[Any]:
        """``decode_video`` over many clips in parallel; results in input order, the first
        error raised unless ``return_exceptions`` (as ``decode_batch``)."""
        self._check()
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        core = functools.partial(self._core.decode_video_batch, **kw)
        return self._batch("video", core, self._video)(items, return_exceptions)

    async def decode_video_async(
        self,
        data: Data,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: Sampling = "uniform",
        resize: Resize | None = None,
        indices: Sequence[int] | None = None,
    ) -> VideoT:
        """``decode_video`` without blocking the event loop. Cancelled (or timed out), a
        clip being decoded stops before its next decode group and nothing stays leased."""
        self._check()
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        kw["indices"] = frame_indices(indices)
        return self._video(
            await self._single_async(
                "video", lambda d, c: self._core.decode_video(d, cancel=c, **kw), data
            )
        )

    @overload
    async def decode_video_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: Literal[False] = False,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: Sampling = "uniform",
        resize: Resize | None = None,
    ) -> list[VideoT]: ...
    @overload
    async def decode_video_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: bool,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: Sampling = "uniform",
        resize: Resize | None = None,
    ) -> list[VideoT | BaseException]: ...

    async def decode_video_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: Sampling = "uniform",
        resize: Resize | None = None,
    ) -> list[Any]:
        """``decode_video_batch`` without blocking the event loop (cancellation as
        ``decode_batch_async``; a clip being decoded also stops before its next group)."""
        self._check()
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        return await self._batch_async(
            "video",
            lambda d, c: self._core.decode_video(d, cancel=c, **kw),
            functools.partial(self._core.decode_video_batch, **kw),
            self._video,
            items,
            return_exceptions,
        )


class DecodeMethods(ImageMethods[ImageT], AudioMethods[AudioT], VideoMethods[VideoT]):
    """``decode``, ``decode_audio`` and ``decode_video``, each single, batch and async."""
