"""Encoding generated media: frames a model emits to PNG/JPEG/WebP images and MP4/WebM
video, on fastmedia's own Rust thread pool with the GIL released (docs/encoding.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from fastmedia import _core
from fastmedia._internal.batch import AsyncBridge, finish_slots
from fastmedia.errors import DecodeError
from fastmedia.media import _encoder_extra as _extra
from fastmedia.media._frames import float_range, prepare


@dataclass(frozen=True)
class EncodeLimits:
    """Bounds checked before encoding: each frame's size (``max_width``, ``max_height``,
    ``max_pixels``), a clip's frame count and its RGB24 bytes (``T * H * W * 3``; an audio
    track's float samples, cut or padded to the clip's duration, count against
    ``max_video_bytes`` too), and the encoded output (``max_output_bytes``: an encode that
    passes it stops with ``LimitExceeded``)."""

    max_width: int | None = None
    max_height: int | None = None
    max_pixels: int | None = None
    max_video_bytes: int = 2**30
    max_video_frames: int = 100_000
    max_output_bytes: int = 256 * 2**20


class _Encoded:
    """``b64``/``data_url`` of an encoded result (``data``, ``mime``, ``_encoder``)."""

    data: bytes
    mime: str
    _encoder: Any

    def b64(self) -> str:
        """The bytes as standard base64, computed with the GIL released."""
        return _b64(self._encoder, self.data)

    def data_url(self) -> str:
        """``data:<mime>;base64,...``."""
        return f"data:{self.mime};base64,{self.b64()}"


@dataclass(frozen=True)
class EncodedImage(_Encoded):
    """An encoded image: ``data`` (bytes), ``mime``, ``width``, ``height``."""

    data: bytes
    mime: str
    width: int
    height: int
    _encoder: Any = None


@dataclass(frozen=True)
class EncodedVideo(_Encoded):
    """An encoded clip: ``data`` (bytes), ``mime`` (``video/mp4`` or ``video/webm``) and
    ``info`` (``codec``, ``width``, ``height``, ``frames``, ``fps``, ``duration`` in s)."""

    data: bytes
    mime: str
    info: dict
    _encoder: Any = None


def _b64(core, data: bytes) -> str:
    if core is None:
        import base64

        return base64.b64encode(data).decode("ascii")
    return core.b64encode(data)


def _quality(q: int | None) -> int | None:
    if q is not None and not (isinstance(q, int) and 0 <= q <= 100):
        raise _core.ConfigError(f"quality must be an int in 0..100 or None, not {q!r}")
    return q


def _wrap_video(enc: Encoder):
    def wrap(res: tuple) -> EncodedVideo:
        data, info = res
        return EncodedVideo(data, info.pop("mime"), info, enc._core)

    return wrap


def _wrap_image(enc: Encoder, fmt: str):
    mime = {"png": "image/png", "jpeg": "image/jpeg", "jpg": "image/jpeg", "webp": "image/webp"}

    def wrap(res: tuple) -> EncodedImage:
        data, w, h = res
        return EncodedImage(
            data, mime.get(fmt.lower(), "application/octet-stream"), w, h, enc._core
        )

    return wrap


class Encoder:
    """Encodes frames into images (PNG, JPEG, WebP) and clips (MP4, WebM) on its own
    bounded thread pool, with the GIL released.

    Frames are numpy arrays, CPU torch tensors (zero-copy where contiguous) or PIL images
    (lists of them for a clip), ``uint8`` or float. Layouts are named, never guessed:
    images ``"HWC"`` (default) or ``"CHW"``; clips ``"THWC"`` (default), ``"TCHW"`` or
    ``"BCTHW"`` (``B`` = 1). Float frames in ``value_range`` ``(0, 1)`` (default) or
    ``(-1, 1)`` convert exactly as Dynamo's ``frames_to_numpy``:
    ``(x * 255).round().clip(0, 255)``.

    Raises ``DecodeError`` for bad frames (rank, shape, dtype, NaN/inf, none, mixed sizes),
    ``LimitExceeded`` over ``limits``, ``UnsupportedFormat`` for a codec or container this
    build lacks, ``ConfigError`` for bad options. Callers must not write to an array while
    it is being encoded (it is read in place).
    """

    def __init__(self, threads: int | None = None, limits: EncodeLimits | None = None) -> None:
        self.limits = limits or EncodeLimits()
        self._core = _core.Encoder(threads=threads, **asdict(self.limits))
        self._bridge = AsyncBridge(max(4, 2 * self._core.threads))

    @property
    def threads(self) -> int:
        """Worker threads of the encoder's pool."""
        return self._core.threads

    # -- images ------------------------------------------------------------------------

    def encode_image(
        self,
        image: Any,
        format: str = "png",
        quality: int | None = None,
        layout: str = "HWC",
        value_range: tuple[float, float] = (0.0, 1.0),
    ) -> EncodedImage:
        """One image to ``format`` (``"png"``, ``"jpeg"``, ``"webp"``). ``quality`` is
        0-100 for JPEG (default 75) and WebP (default 80; 100 is lossless); PNG is lossless
        and takes ``None``. A uint8 ``HWC`` image of up to 1920x1080 pixels is encoded on the
        calling thread with the GIL released (no hand-off to the pool; docs/encoding.md),
        larger or converted ones on the pool."""
        arr, shape = prepare(image, value_range)
        res = self._core.encode_image(
            arr, shape, layout, float_range(value_range), format, _quality(quality)
        )
        return _wrap_image(self, format)(res)

    def encode_image_batch(
        self,
        images: Sequence[Any],
        format: str = "png",
        quality: int | None = None,
        layout: str = "HWC",
        value_range: tuple[float, float] = (0.0, 1.0),
        return_exceptions: bool = False,
    ) -> list:
        """Many images in parallel; results in input order. With ``return_exceptions`` a
        failed item's slot holds its exception instead of raising the first."""
        slots: list = []
        items = []
        for img in images:
            try:
                items.append(prepare(img, value_range))
                slots.append(None)
            except DecodeError as e:
                slots.append(e)
        done = iter(
            self._core.encode_image_batch(
                items, layout, float_range(value_range), format, _quality(quality)
            )
        )
        slots = [next(done) if s is None else s for s in slots]
        return finish_slots(slots, _wrap_image(self, format), return_exceptions)

    async def encode_image_async(self, image: Any, **kw: Any) -> EncodedImage:
        """``encode_image`` for coroutines: the event loop keeps running meanwhile."""
        return await self._bridge.run(lambda: self.encode_image(image, **kw))

    # -- video -------------------------------------------------------------------------

    def encode_video(
        self,
        frames: Any,
        fps: float = 16,
        codec: str = "h264",
        container: str = "mp4",
        quality: int | None = None,
        layout: str = "THWC",
        value_range: tuple[float, float] = (0.0, 1.0),
        audio: Any = None,
        audio_codec: str = "opus",
    ) -> EncodedVideo:
        """One clip. ``codec``: ``"h264"`` (OpenH264, built in, needs even sizes), ``"av1"``
        (royalty-free, any size from 16x16: SVT-AV1 where the linked FFmpeg has it and the
        sides are even and at least 64, else rav1e), ``"rav1e"`` (built in) or an encoder of
        the linked FFmpeg (``"vp9"``, ``"libsvtav1"``, ``"libx264"``, ``"h264_nvenc"``, ...;
        see ``has_video_encoder``).
        ``container``: ``"mp4"`` (moov first) or ``"webm"`` (VP8, VP9, AV1). ``quality``: 0
        (smallest) to 100 (best), mapped onto the codec's quantiser (docs/encoding.md);
        ``None`` is the codec's calibrated default. Frames are encoded at their exact size,
        never resized.

        Raises ``DecodeError`` for bad frames (rank, dtype, NaN/inf, sizes that differ, none),
        ``LimitExceeded`` over ``limits``, ``UnsupportedFormat`` for a codec this build lacks,
        a container that cannot hold it, or odd sizes where the codec needs even ones,
        ``ConfigError`` for a bad option.

        ``audio=(samples, sample_rate)`` adds a track: ``samples`` ``[n]`` or
        ``[n, channels]`` (mono or stereo), float in [-1, 1] or int16; ``audio_codec``
        ``"opus"`` (WebM and MP4) or ``"aac"`` (MP4). It is cut or padded with silence to the
        video's duration (docs/encoding.md). Animated WebP/GIF: ``encode_animation``."""
        if isinstance(container, str) and container.lower() in ("webp", "gif"):
            raise _core.UnsupportedFormat(
                f"animated {container} is written by Encoder.encode_animation(format=...)"
            )
        track = None
        if audio is not None:
            acodec = _extra.audio_codec(audio_codec)
            track = _extra.prepare_audio(audio)
        arr, shape = prepare(frames, value_range)
        data, info = self._core.encode_video(
            arr,
            shape,
            layout,
            float_range(value_range),
            float(fps),
            codec,
            container,
            _quality(quality),
        )
        if track is not None:
            data = _extra.mux_audio(self._core, data, info, container, track, acodec)
        return _wrap_video(self)((data, info))

    def encode_video_batch(
        self,
        clips: Sequence[Any],
        fps: float = 16,
        codec: str = "h264",
        container: str = "mp4",
        quality: int | None = None,
        layout: str = "THWC",
        value_range: tuple[float, float] = (0.0, 1.0),
        return_exceptions: bool = False,
        audio: Sequence[Any] | None = None,
        audio_codec: str = "opus",
    ) -> list[EncodedVideo]:
        """Many clips in parallel, one pool thread each; results in input order.

        ``audio``: ``None``, or one entry per clip, each ``None`` (no track) or
        ``(samples, sample_rate)`` as ``encode_video`` takes it, all in ``audio_codec``;
        the tracks are encoded and muxed on the pool too. A list of another length is a
        ``ConfigError``; a bad track fails its own clip (its slot with
        ``return_exceptions``)."""
        clips = list(clips)
        tracks = _extra.batch_tracks(audio, len(clips), audio_codec)
        slots: list = []
        items = []
        for c, tr in zip(clips, tracks, strict=True):
            if isinstance(tr, BaseException):
                slots.append(tr)
                continue
            try:
                items.append(prepare(c, value_range))
                slots.append(None)
            except DecodeError as e:
                slots.append(e)
        done = iter(
            self._core.encode_video_batch(
                items,
                layout,
                float_range(value_range),
                float(fps),
                codec,
                container,
                _quality(quality),
            )
        )
        slots = [next(done) if s is None else s for s in slots]
        if audio is not None:
            slots = _extra.mux_batch(self._core, slots, tracks, container, audio_codec)
        return finish_slots(slots, _wrap_video(self), return_exceptions)

    async def encode_video_async(self, frames: Any, **kw: Any) -> EncodedVideo:
        """``encode_video`` for coroutines: the event loop keeps running meanwhile."""
        return await self._bridge.run(lambda: self.encode_video(frames, **kw))

    def video_stream(
        self,
        fps: float = 16,
        codec: str = "h264",
        width: int = 0,
        height: int = 0,
        quality: int | None = None,
        layout: str = "THWC",
        value_range: tuple[float, float] = (0.0, 1.0),
    ) -> _extra.VideoStream:
        """A fragmented MP4 (CMAF) of ``width x height`` frames written as they arrive:
        ``s.write(frames) -> bytes`` returns playable fragments, ``s.close() -> bytes`` the
        rest (``VideoStream``). Codecs and ``quality`` as ``encode_video``.

        Raises ``UnsupportedFormat`` for a codec this build lacks or a size it cannot code,
        ``LimitExceeded`` for a frame size over ``limits``, ``DecodeError`` for a zero size,
        ``ConfigError`` for a bad option."""
        core = _core.video_stream(
            self._core,
            int(width),
            int(height),
            float(fps),
            codec,
            _quality(quality),
            layout,
            float_range(value_range),
        )
        return _extra.VideoStream(core, float_range(value_range))

    def encode_animation(
        self,
        frames: Any,
        fps: float = 16,
        format: str = "webp",
        quality: int | None = None,
        loop: int = 0,
        layout: str = "THWC",
        value_range: tuple[float, float] = (0.0, 1.0),
    ) -> EncodedVideo:
        """A short clip as an animated image: ``format`` ``"webp"`` (libwebp's
        WebPAnimEncoder; ``quality`` 0-100, default 80, 100 lossless) or ``"gif"`` (256
        colours per frame, ``quality`` must be ``None``, ``fps`` at most 50). ``loop``: 0
        repeats forever. Returns an ``EncodedVideo`` whose ``mime`` is ``image/webp`` or
        ``image/gif``.

        Raises ``DecodeError`` for bad frames, ``LimitExceeded`` over ``limits``,
        ``UnsupportedFormat`` for another ``format``, ``ConfigError`` for a bad option
        (``fps``, ``quality``, ``loop``)."""
        if isinstance(loop, bool) or not isinstance(loop, int) or not 0 <= loop <= 65535:
            raise _core.ConfigError(f"loop must be an int in 0..65535, not {loop!r}")
        arr, shape = prepare(frames, value_range)
        data = self._core_anim(arr, shape, layout, value_range, fps, format, quality, loop)
        t, h, w = _anim_dims(shape, layout)
        fmt = format.lower()
        info = {
            "codec": fmt,
            "width": w,
            "height": h,
            "frames": t,
            "fps": float(fps),
            "duration": t / float(fps),
        }
        return EncodedVideo(data, f"image/{fmt}", info, self._core)

    def _core_anim(self, arr, shape, layout, value_range, fps, format, quality, loop) -> bytes:
        return bytes(
            _core.encode_animation(
                self._core,
                arr,
                shape,
                layout,
                float_range(value_range),
                float(fps),
                format,
                _quality(quality),
                loop,
            )
        )

    async def encode_animation_async(self, frames: Any, **kw: Any) -> EncodedVideo:
        """``encode_animation`` for coroutines."""
        return await self._bridge.run(lambda: self.encode_animation(frames, **kw))

    def to_rgb24(
        self,
        frames: Any,
        layout: str = "THWC",
        value_range: tuple[float, float] = (0.0, 1.0),
    ) -> np.ndarray:
        """``frames`` converted as ``encode_video`` converts them, returned instead of
        encoded: packed RGB24 ``uint8`` ``[T, H, W, 3]`` (``[H, W, 3]`` for one ``[H, W, C]``
        frame), on the pool with the GIL released. Floats map ``value_range`` onto 0..255,
        rounded half to even and clipped: for (0, 1), numpy's
        ``(x * 255.0).round().clip(0, 255)`` bit for bit. Raises ``DecodeError`` for bad frames (NaN
        or infinity among them) and ``LimitExceeded`` past ``limits.max_video_bytes``, before
        allocating."""
        arr, given = prepare(frames, value_range)
        lay = layout.upper()
        single = len(given) == 3 and lay == "THWC"
        shape = [1, *given] if single else given
        if len(shape) != (5 if lay == "BCTHW" else 4):
            raise DecodeError(f"frames of shape {given} are not {layout}")
        t, h, w = _anim_dims(shape, layout)
        if t * h * w * 3 > self.limits.max_video_bytes:
            raise _core.LimitExceeded(
                f"{t}x{h}x{w} RGB24 frames are {t * h * w * 3} bytes, over "
                f"max_video_bytes={self.limits.max_video_bytes}"
            )
        out = np.empty((t, h, w, 3), np.uint8)
        self._core.frames_into(arr, shape, out.reshape(-1), layout, float_range(value_range))
        return out[0] if single else out

    def b64encode(self, data: bytes) -> str:
        """Standard base64 of ``data`` on the pool, GIL released."""
        return self._core.b64encode(data)

    def close(self) -> None:
        """Stop the async bridge threads (the pool goes with the object)."""
        self._bridge.shutdown()


def _anim_dims(shape: list[int], layout: str) -> tuple[int, int, int]:
    """``(frames, height, width)`` of a shape the core accepted in ``layout``."""
    lay = layout.upper()
    if lay == "TCHW":
        return shape[0], shape[2], shape[3]
    if lay == "BCTHW":
        return shape[2], shape[3], shape[4]
    return shape[0], shape[1], shape[2]


def has_video_encoder(codec: str) -> bool:
    """Whether ``Encoder.encode_video`` can use ``codec`` in this build (``"h264"``,
    ``"av1"`` and ``"rav1e"`` always; FFmpeg's encoders, ``"vp9"`` and ``"libsvtav1"``
    among them, where the linked FFmpeg has them, as the bundled build does)."""
    return bool(_core.has_video_encoder(codec))
