"""Images for ``FastmediaMediaConnector``: the parent fetches the bytes, Pillow reads only the
header (vLLM's format allow-list, pixel limit and decoded budget, in the parent's worker
thread), fastmedia decodes the pixels on its pool with the GIL released.

What fastmedia does not decode, or refuses, is decoded by vLLM's own ``ImageMediaIO``, so the
connector accepts what ``"http"`` accepts and fails with its errors.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

import pybase64
import vllm.envs as envs
from PIL import Image
from vllm.multimodal.image import _has_transparency, open_image
from vllm.multimodal.media.base import MediaIO, MediaWithBytes
from vllm.multimodal.media.image import ImageMediaIO

from fastmedia.errors import DecodeError
from fastmedia.vllm import _shared

# Pillow's names of the formats fastmedia decodes (MPO: a camera JPEG with a second picture;
# Pillow, like fastmedia, returns the first).
FAST_FORMATS = frozenset({"JPEG", "MPO", "PNG", "WEBP", "GIF", "BMP", "TIFF"})


@dataclass(frozen=True)
class ImageJob:
    """One image's bytes and what the header said about it."""

    data: bytes
    fast: bool  # False: decode with vLLM's ImageMediaIO
    charged: bool  # the request's decoded budget was charged already
    io_config: dict[str, Any] | None  # as the parent's MediaWithBytes.io_config


def _failed(exc: BaseException) -> ValueError:
    # The parent's wording, which vLLM's handler answers with a 400.
    return ValueError(f"Failed to load image: {exc}")


def prepare(image_io: ImageMediaIO, data: bytes) -> ImageJob:
    """Header checks in the parent's order: open (format allow-list), pixel limit, budget."""
    if image_io.image_mode != "RGB":
        return ImageJob(data, False, False, None)
    try:
        image = open_image(BytesIO(data))
    except (OSError, Image.UnidentifiedImageError, SyntaxError) as e:
        raise _failed(e) from e
    except Image.DecompressionBombError as e:
        # vLLM lets this escape (a 500); it is the client's image: refuse it as bad input.
        raise _failed(e) from e
    if image.format not in FAST_FORMATS:
        return ImageJob(data, False, False, None)
    w, h = image.size
    max_pixels = envs.VLLM_MAX_IMAGE_PIXELS
    if max_pixels > 0 and w * h > max_pixels:
        raise ValueError(
            f"Image dimensions {w}x{h} ({w * h} pixels) exceed "
            f"the maximum of {max_pixels} pixels. Set "
            f"VLLM_MAX_IMAGE_PIXELS to increase this limit."
        )
    if image_io.decoded_budget is not None:
        image_io.decoded_budget.charge(w * h * 4)
    # The parent records its settings when convert_image_mode made a new image: a mode other
    # than RGB, or transparency pasted onto the background.
    converted = image.mode != "RGB" or _has_transparency(image)
    io_config = (
        {"image_mode": image_io.image_mode, "rgba_background_color": image_io.rgba_background_color}
        if converted
        else None
    )
    return ImageJob(data, True, True, io_config)


class ImageBytesIO(MediaIO[ImageJob]):
    """A ``MediaIO`` for the parent's ``load_from_url``: it returns the bytes and their header
    checks instead of an image, so every URL rule stays the parent's."""

    def __init__(self, image_io: ImageMediaIO) -> None:
        super().__init__()
        self.image_io = image_io

    def get_max_bytes(self) -> int | None:
        return self.image_io.get_max_bytes()

    def load_bytes(self, data: bytes) -> ImageJob:
        return prepare(self.image_io, data)

    def load_base64(self, media_type: str, data: str) -> ImageJob:
        return self.load_bytes(pybase64.b64decode(data, validate=True))

    def load_file(self, filepath: Path) -> ImageJob:
        return self.load_bytes(filepath.read_bytes())


def decoder_for(image_io: ImageMediaIO):
    """The shared decoder for this request's background colour and vLLM's pixel limit."""
    max_pixels = envs.VLLM_MAX_IMAGE_PIXELS
    return _shared.image_decoder(
        tuple(image_io.rgba_background_color), max_pixels if max_pixels > 0 else None
    )


def fallback(image_io: ImageMediaIO, job: ImageJob) -> MediaWithBytes[Image.Image]:
    """vLLM's own decode of ``job`` (its budget not charged twice)."""
    _shared.count("image", "fallback")
    if job.charged:
        image_io = copy.copy(image_io)
        image_io.decoded_budget = None
    return image_io.load_bytes(job.data)


def decode(image_io: ImageMediaIO, job: ImageJob) -> MediaWithBytes[Image.Image]:
    """Decode ``job`` in this thread (fastmedia's pool does the work, the GIL released)."""
    dec = decoder_for(image_io) if job.fast else None
    if dec is None:
        return fallback(image_io, job)
    try:
        image = dec.decode_pil(job.data)
    except DecodeError:  # unsupported, over a fastmedia bound, or corrupt: vLLM's verdict
        return fallback(image_io, job)
    _shared.count("image", "fastmedia")
    return MediaWithBytes(image, job.data, job.io_config)


async def decode_async(image_io: ImageMediaIO, job: ImageJob, run: Any) -> Any:
    """``decode`` without blocking the event loop: on the parent's thread pool
    (``run(fn, *args)``), where fastmedia's decode releases the GIL."""
    return await run(decode, image_io, job)
