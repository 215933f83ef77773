"""What a read hands out: numpy views, torch tensors or PIL images, and the caller-memory
helpers of ``read_into``."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

OUTPUTS = ("numpy", "torch", "pil")
_PIL_MODES = {1: "L", 2: "LA", 3: "RGB", 4: "RGBA"}
# A Pillow-layout buffer's mode (by its colour type), and where its bands are (for Pillow
# before 11.2, which has no ``Image.fromarrow``).
_PILLOW_LAYOUT = {
    "L8": ("L", [0]),
    "La8": ("LA", [0, 3]),
    "Rgb8": ("RGB", [0, 1, 2]),
    "Rgba8": ("RGBA", [0, 1, 2, 3]),
}


def out_buffer(out: Any) -> tuple[int, int]:
    """(address, nbytes) of a C-contiguous writable numpy array or CPU torch tensor."""
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(out, torch.Tensor):
        if out.device.type != "cpu" or not out.is_contiguous():
            raise ValueError("read_into needs a contiguous CPU tensor")
        return out.data_ptr(), out.numel() * out.element_size()
    if not isinstance(out, np.ndarray):
        raise TypeError(f"read_into needs a numpy array or torch tensor, got {type(out).__name__}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("read_into needs a C-contiguous, writable array")
    return out.ctypes.data, out.nbytes


def to_pil(arr: np.ndarray):
    from PIL import Image

    if arr.dtype != np.uint8:
        raise ValueError(f"output='pil' needs uint8 pixels, got {arr.dtype}")
    if arr.ndim == 4:  # THWC video: one image per frame
        return [to_pil(f) for f in arr]
    if arr.ndim == 2:
        arr = arr[:, :, None]
    if arr.ndim != 3 or arr.shape[2] not in _PIL_MODES:
        raise ValueError(f"output='pil' needs HWC with 1-4 channels, got shape {arr.shape}")
    c = arr.shape[2]
    if c == 1:
        arr = arr[:, :, 0]
    mode = _PIL_MODES[c]
    img = Image.fromarray(np.ascontiguousarray(arr))
    if img.mode != mode:  # Pillow infers these modes from the shape; be explicit if it did not
        img = img.convert(mode)
    return img


def pillow_image(buf: Any) -> Any:
    """A ``PixelBuffer`` in Pillow's layout (``_core.Decoder.decode_pillow``) as a PIL image
    over the same memory (``Image.fromarrow``: read-only, Pillow copies on the first in-place
    edit); a copy on Pillow older than 11.2."""
    from PIL import Image

    h, w, _ = buf.shape
    mode, bands = _PILLOW_LAYOUT[buf.color_type]
    fromarrow = getattr(Image, "fromarrow", None)
    if fromarrow is not None:
        return fromarrow(buf, mode, (w, h))
    arr = np.asarray(buf)[:, :, bands]
    return Image.fromarray(arr[:, :, 0] if mode == "L" else arr, mode)


def as_numpy(out: Any) -> np.ndarray:
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(out, torch.Tensor):
        return out.numpy().view(np.uint8).reshape(-1)
    return out.view(np.uint8).reshape(-1)


def zero(out: Any) -> None:
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(out, torch.Tensor):
        out.zero_()
    else:
        out[...] = 0


def require_torch():
    try:
        import torch
    except ImportError as e:
        raise ImportError(
            "output='torch' needs PyTorch, which is not installed (pip install torch); "
            "use output='numpy' or 'pil'"
        ) from e
    return torch


def convert(arr: np.ndarray, output: str):
    if output == "numpy":
        return arr
    if output == "torch":
        return require_torch().from_numpy(arr)  # zero-copy; keeps the pool chunk alive
    return to_pil(arr)
