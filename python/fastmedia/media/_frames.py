"""Frames a caller hands the encoder (numpy arrays, torch tensors, PIL images, or lists
of them) as the flat C-contiguous arrays the core takes."""

from __future__ import annotations

from typing import Any

import numpy as np

from fastmedia.errors import DecodeError


def _is_pil(x: Any) -> bool:
    return hasattr(x, "convert") and hasattr(x, "mode") and hasattr(x, "size")


def _to_numpy(x: Any) -> np.ndarray:
    """numpy arrays as they are, CPU torch tensors without a copy where contiguous."""
    if isinstance(x, np.ndarray):
        return x
    if hasattr(x, "detach") and hasattr(x, "device"):  # a torch tensor
        if x.device.type != "cpu":
            raise DecodeError(f"frames must be on the CPU, not {x.device}: call .cpu() first")
        t = x.detach()
        if str(t.dtype) == "torch.bfloat16":  # numpy has no bfloat16
            t = t.float()
        return t.contiguous().numpy()
    if _is_pil(x):
        return np.asarray(x.convert("RGB"))
    if isinstance(x, (list, tuple)):
        if not x:
            raise DecodeError("no frames to encode")
        items = [_to_numpy(f) for f in x]
        shapes = {a.shape for a in items}
        if len(shapes) > 1:
            raise DecodeError(f"frames of different sizes: {sorted(shapes)}")
        dtypes = {a.dtype for a in items}
        if len(dtypes) > 1:
            raise DecodeError(f"frames of different dtypes: {sorted(map(str, dtypes))}")
        return np.stack(items)
    raise DecodeError(
        f"cannot encode a {type(x).__name__}: pass a numpy array, torch tensor or PIL image(s)"
    )


def prepare(x: Any, value_range: tuple[float, float]) -> tuple[np.ndarray, list[int]]:
    """A C-contiguous uint8/float32/float64 array and its shape, for the core."""
    arr = _to_numpy(x)
    if arr.dtype == np.float16:
        # Computed in half precision, as numpy (and so Dynamo's frames_to_numpy) does.
        if not np.isfinite(arr).all():
            raise DecodeError("frames hold NaN or infinity")
        if float_range(value_range) == (-1.0, 1.0):
            arr = (arr + 1) / 2
        arr = (arr * 255.0).round().clip(0, 255).astype(np.uint8)
    elif arr.dtype not in (np.uint8, np.float32, np.float64):
        raise DecodeError(f"frames must be uint8, float16, float32 or float64, not {arr.dtype}")
    arr = np.ascontiguousarray(arr)
    return arr.reshape(-1), list(arr.shape)


def float_range(value_range: tuple[float, float]) -> tuple[float, float]:
    lo, hi = value_range
    return (float(lo), float(hi))
