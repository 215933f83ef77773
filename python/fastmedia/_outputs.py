"""What a read hands out: numpy views, torch tensors or PIL images, and the caller-memory
helpers of ``read_into``."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

OUTPUTS = ("numpy", "torch", "pil")
_PIL_MODES = {1: "L", 2: "LA", 3: "RGB", 4: "RGBA"}


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
