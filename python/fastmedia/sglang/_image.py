"""``load_image`` as SGLang 0.5.23's: the same routing of inputs to bytes, Pillow reads the
header, fastmedia decodes the pixels of what Pillow would open as plain 8-bit RGB.

SGLang returns ``Image.open``'s image as it is: no EXIF rotation, no mode conversion. So only
images Pillow opens in mode ``"RGB"`` without a transparency key are decoded by fastmedia; every
other input (a PIL image, another mode or format, the GPU JPEG path, an error) goes to SGLang's
own ``load_image`` with the same bytes, which returns its image or raises its error.
"""

from __future__ import annotations

from io import BytesIO
from typing import Any
from urllib.parse import unquote, urlparse

import sglang.srt.utils.common as common
from PIL import Image

from fastmedia.errors import DecodeError
from fastmedia.sglang import _shared

# Pillow's names of the formats fastmedia decodes to Pillow's RGB pixels (single frame only).
FAST_FORMATS = frozenset({"JPEG", "PNG", "WEBP", "BMP", "TIFF"})


def _original(*args: Any, **kwargs: Any) -> Any:
    _shared.count("image", "fallback")
    return _shared.original(common, "load_image")(*args, **kwargs)


def _bytes_of(image_file: Any) -> bytes | None:
    """The bytes SGLang's ``_load_image`` would open; None where it fails to get them."""
    if isinstance(image_file, bytes):
        return image_file
    if not isinstance(image_file, str):
        return None
    if image_file.startswith("file://"):
        image_file = unquote(urlparse(image_file).path)
    try:
        return common.get_image_bytes(image_file)
    except Exception:  # SGLang's own call raises its error
        return None


def _fast(data: bytes) -> Image.Image | None:
    """fastmedia's decode of ``data`` where it is Pillow's RGB image, else None."""
    try:
        header = Image.open(BytesIO(data))
    except Exception:
        return None
    if (
        header.format not in FAST_FORMATS
        or header.mode != "RGB"
        or "transparency" in header.info
        or getattr(header, "n_frames", 1) != 1
    ):
        return None
    try:
        image = _shared.decoder().decode_pil(data)
    except DecodeError:
        return None
    if image.size != header.size:
        return None
    image.info.update(header.info)
    return image


def load_image(image_file: Any, gpu_image_decode: Any = True) -> tuple[Any, tuple[int, int] | None]:
    """SGLang's ``load_image(image_file, gpu_image_decode)``: ``(image, None)`` for encoded
    input, the image a ``PIL.Image.Image`` (a CUDA tensor on SGLang's nvJPEG path)."""
    if isinstance(image_file, common.ImageData):
        image_file = image_file.url
    if gpu_image_decode and common.is_cuda():
        return _original(image_file, gpu_image_decode)
    data = _bytes_of(image_file)
    image = _fast(data) if data is not None else None
    if image is None:
        return _original(data if data is not None else image_file, gpu_image_decode)
    _shared.count("image", "fastmedia")
    return image, None
