"""Image decoding on fastmedia's own Rust thread pool, with the GIL released."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from fastmedia import _core
from fastmedia._internal import config as _config
from fastmedia._internal import gpu as _gpu
from fastmedia._internal.batch import AsyncBridge, Data, fetch_sync
from fastmedia._internal.outputs import pillow_image
from fastmedia.errors import ClosedError
from fastmedia.media._decode_api import DecodeMethods
from fastmedia.media.audio import Audio, AudioLimits
from fastmedia.media.resize import Resize, spec
from fastmedia.media.video import VideoClip, vllm_metadata

if TYPE_CHECKING:
    import PIL.Image

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

    def __post_init__(self) -> None:
        """Raises ``ConfigError`` naming a field out of range (sizes are ints >= 1)."""
        for name in ("max_width", "max_height"):
            _config.integer(name, getattr(self, name), 1, 2**32 - 1, none=True)
        _config.integer("max_pixels", self.max_pixels, 1, none=True)
        for name in ("max_alloc", "max_encoded_bytes", "max_video_bytes", "max_video_frames"):
            _config.integer(name, getattr(self, name), 1)


Channels = Literal["rgb", "native"]
CHANNELS: tuple[str, ...] = ("rgb", "native")


def _as_array(buf: _core.PixelBuffer) -> np.ndarray:
    # np.asarray keeps `buf` alive as the array's base: no copy, memory recycled on free.
    return np.asarray(buf)


def _as_clip(res: tuple) -> VideoClip:
    buf, meta = res
    return VideoClip(np.asarray(buf), vllm_metadata(meta))


class Decoder(DecodeMethods[np.ndarray, Audio, VideoClip]):
    """Decodes JPEG, PNG, WebP, GIF (first frame), BMP and TIFF into numpy arrays.

    Arrays are HWC ``uint8``, C-contiguous, always 3-dimensional. ``channels="rgb"`` gives the
    pixels of Pillow's ``.convert("RGB")``; ``channels="native"`` keeps 1 (L), 2 (LA), 3 (RGB)
    or 4 (RGBA) channels, as Dynamo's frontend sends them.

    ``resize`` (a ``fastmedia.Resize``) resizes every image on the pool, after EXIF
    orientation, and every sampled video frame, after display rotation; each ``decode*``
    call can pass its own ``resize=`` instead.

    Raises ``DecodeError`` (a ``ValueError``) for bad input, ``LimitExceeded`` for input over
    ``limits``, ``UnsupportedFormat`` for bytes that are not a supported image.

    Options are checked here: ``ConfigError`` names one out of range. ``threads`` (default:
    the usable CPUs) is refused above 4 per usable CPU (at least 64). ``limits`` and
    ``audio_limits`` may be dicts of their fields. ``channels`` defaults to ``"rgb"``.

    ``background`` (an ``(r, g, b)`` of ints 0-255): with ``channels="rgb"``, an image with
    transparency (an alpha channel, a tRNS chunk, a GIF's transparent index) is pasted onto
    this colour the way vLLM's ``fetch_image`` does (Pillow's integer blend, bit-exact);
    vLLM's default is ``(255, 255, 255)``. ``None`` (default): alpha is dropped, as Pillow's
    ``.convert("RGB")`` does. ``channels="native"`` ignores it.

    ``device``: "cpu" (default); "cuda:N" decodes H.264, HEVC, VP9 and AV1 video with NVDEC
    and RGB JPEGs with nvJPEG (the ``nvidia-nvjpeg`` wheel) on that GPU, into host memory
    (within a mean |diff| of 1.5 and 1.0 of the CPU decoders, not bit-exact), and raises
    ``GpuUnavailable`` naming what is missing: at construction (no driver or device, or the
    path not yet verified on a GPU: docs/gpu.md), or per item (no nvJPEG; a codec or profile
    NVDEC does not decode). "auto" uses the GPU where it can and the CPU for the rest. Other
    images, and JPEGs with ``exif_orientation``, ``background`` or native channels, are
    decoded on the CPU.

    The ``decode*`` methods (images, ``_audio``, ``_video``; each single, batch and async)
    are shared with ``Frontend`` (``fastmedia.media._decode_api``).
    """

    _who = "Decoder"
    _metric = "decoder"
    _image = staticmethod(_as_array)
    _audio = Audio._from_core
    _video = staticmethod(_as_clip)
    _audio_one = staticmethod(_core.decode_audio_with)
    _audio_batch = staticmethod(_core.decode_audio_batch_with)

    def __init__(
        self,
        threads: int | None = None,
        channels: Channels | None = None,
        limits: Limits | dict[str, Any] | None = None,
        exif_orientation: bool = False,
        fetcher: Fetcher | None = None,
        audio_limits: AudioLimits | dict[str, Any] | None = None,
        resize: Resize | None = None,
        device: str = "cpu",
        background: tuple[int, int, int] | None = None,
    ) -> None:
        dev = _gpu.resolve_device(device, "decode", "Decoder")
        self.device: str = str(dev)
        # (ordinal, required): "auto" lets a clip NVDEC cannot serve fall back to the CPU.
        gpu = None if dev.kind == "cpu" else (dev.index, _gpu.parse_device(device) is not None)
        if gpu is not None:
            _gpu.load_nvjpeg()  # the core finds it loaded; what is missing shows per JPEG
        _config.threads("threads", threads)
        # None: "rgb", and a Frontend given this decoder keeps its own default ("native").
        self._channels_set = channels is not None
        chosen = (
            "rgb" if channels is None else _config.choice("channels", channels, CHANNELS, fold=True)
        )
        lim = Limits() if limits is None else _config.options("limits", limits, Limits)
        self.limits = lim
        self.audio_limits = (
            AudioLimits()
            if audio_limits is None
            else _config.options("audio_limits", audio_limits, AudioLimits)
        )
        self.channels: str = chosen
        self.exif_orientation = _config.boolean("exif_orientation", exif_orientation)
        self.fetcher = fetcher
        self.resize = resize
        self.background = _config.rgb_colour("background", background)
        self._core = _core.Decoder(
            threads=threads,
            channels=chosen,
            exif_orientation=exif_orientation,
            resize=spec(resize),
            background=self.background,
            gpu=gpu,
            **asdict(lim),  # Limits' fields are the core's keyword names
        )
        self._bridge = AsyncBridge(max(4, 2 * self._core.threads))
        self._closed = False

    @property
    def threads(self) -> int:
        """Worker threads of the decoder's pool."""
        return self._core.threads

    def _check(self) -> None:
        if self._closed:
            raise ClosedError("the Decoder is closed")

    def decode_pil(self, data: Data, resize: Resize | None = None) -> PIL.Image.Image:
        """One image as a ``PIL.Image.Image`` (mode L, LA, RGB or RGBA), its pixels those the
        numpy decode gives, for code that wants Pillow images. The core decodes straight into
        Pillow's own layout (4 bytes a pixel for RGB), which Pillow 11.2+ wraps without a copy:
        the image is read-only, and Pillow copies it on the first in-place edit. Needs Pillow.
        Takes the inputs and raises the errors of the other image decodes; ``max_alloc``
        counts the 4-byte layout."""
        self._check()
        data = fetch_sync(self.fetcher, data, self._who)
        s = spec(resize)
        buf = self._timed("image", "single", lambda: self._core.decode_pillow(data, s))
        return pillow_image(buf)

    def probe_video(self, data: Data) -> dict:
        """The numbers a loader samples a clip against, decoding no frame of a video stream:
        ``total_num_frames``, ``fps`` and ``duration`` as vLLM 0.33's ``get_video_metadata``
        gives them, the display ``width`` and ``height``, ``codec`` and ``bit_depth`` (of the
        source's pixels: 10 for 10-bit H.264/HEVC). A loader passes the
        indices it picks as the video decode's ``indices=``; errors are the video decode's."""
        self._check()
        data = fetch_sync(self.fetcher, data, self._who)
        return self._core.probe_video(data)

    def close(self) -> None:
        """Stop the async bridge threads and close the ``fetcher`` given to this Decoder (its
        connections and loop thread; aiohttp then has no unclosed session to warn about).
        Idempotent; ``decode*`` raises ``ClosedError`` afterwards. Arrays already returned
        stay valid. A Fetcher shared with other objects is closed too: close such a Decoder
        last, or give it no fetcher and pass URLs' bodies."""
        if self._closed:
            return
        self._closed = True
        self._bridge.shutdown()
        if self.fetcher is not None:
            self.fetcher.close()

    async def aclose(self) -> None:
        """``close`` without blocking the calling event loop."""
        if self._closed:
            return
        if self.fetcher is not None:
            await self.fetcher.aclose()
        self.close()

    def __enter__(self) -> Decoder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> Decoder:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


def explicit_channels(decoder: Decoder) -> str | None:
    """The decoder's ``channels`` when its caller chose them, else None (a ``Frontend`` given
    the decoder then keeps its own default)."""
    return decoder.channels if decoder._channels_set else None


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
