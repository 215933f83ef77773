"""Drop-ins for Dynamo 1.6.1's ``dynamo.common.utils.video_utils`` encoding helpers, and a
builder for the ``data`` entries of its ``NvVideosResponse`` (``VideoData``).

Same signatures and results as Dynamo's (checked against its wheel's code in
tests/test_encode_dynamo.py); the work runs on a shared ``fastmedia.Encoder``.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from fastmedia.errors import FastmediaError
from fastmedia.media.encoder import EncodedVideo, Encoder, has_video_encoder

_lock = threading.Lock()
_encoder: Encoder | None = None


def _shared() -> Encoder:
    global _encoder
    with _lock:
        if _encoder is None:
            _encoder = Encoder()
        return _encoder


def frames_to_numpy(images: list) -> np.ndarray:
    """Dynamo's ``frames_to_numpy``: a list of PIL images or ``(H, W, 3)`` arrays to one
    ``uint8`` array ``(T, H, W, 3)``; non-uint8 arrays convert as
    ``(x * 255.0).round().clip(0, 255)`` (float32/float64 RGB frames on the pool, bit for
    bit the same). Raises ``ValueError`` for no images or frames of different sizes, as
    Dynamo does, and also (a ``DecodeError``) for NaN or infinity, where numpy's cast would
    give an unspecified byte."""
    if not images:
        raise ValueError("No images provided for video encoding")
    enc = _shared()
    frames = []
    for img in images:
        if isinstance(img, np.ndarray):
            arr = img
            if arr.dtype != np.uint8:
                if arr.dtype in (np.float32, np.float64) and arr.ndim == 3 and arr.shape[2] == 3:
                    arr = enc.to_rgb24(arr)
                else:
                    arr = (arr * 255.0).round().clip(0, 255).astype(np.uint8)
        else:
            arr = np.array(img.convert("RGB"))
        frames.append(arr)
    shapes = {f.shape for f in frames}
    if len(shapes) > 1:
        raise ValueError(
            f"Inconsistent frame sizes detected: {shapes}. "
            "All frames must have the same dimensions."
        )
    return np.stack(frames, axis=0)


def _codec(output_format: str) -> str:
    # Dynamo ships VP9 (royalty-free) in both containers: libvpx-vp9, which the bundled build
    # has; where a system FFmpeg lacks it, AV1 (SVT-AV1 or rav1e), royalty-free too.
    if has_video_encoder("vp9"):
        return "vp9"
    return "av1"


def encode_to_video_bytes(
    frames: np.ndarray,
    fps: int = 16,
    output_format: str = "mp4",
) -> bytes:
    """Dynamo's ``encode_to_video_bytes``: ``(T, H, W, 3)`` uint8 frames to MP4 or WebM
    bytes, VP9 as Dynamo (AV1 where this FFmpeg has no VP9 encoder). Any failure
    is a ``RuntimeError`` ("Video encoding to bytes failed: ..."), as in Dynamo."""
    try:
        if output_format not in ("webm", "mp4"):
            raise ValueError(f"No codec specified for response format: {output_format}")
        v = _shared().encode_video(
            frames, fps=fps, codec=_codec(output_format), container=output_format
        )
        return v.data
    except (FastmediaError, ValueError, TypeError) as e:
        raise RuntimeError(f"Video encoding to bytes failed: {e}") from e


def video_data(
    video: EncodedVideo | bytes,
    response_format: str = "b64_json",
    url: str | None = None,
    output_format: str | None = None,
    fps: int | None = None,
    audio_sample_rate: int | None = None,
) -> dict[str, Any]:
    """One entry of ``NvVideosResponse.data`` (Dynamo's ``VideoData`` fields:
    ``output_format``, ``url``, ``b64_json``, ``fps``, ``audio_sample_rate``).
    ``response_format="b64_json"`` base64-encodes the bytes with the GIL released;
    ``"url"`` takes ``url`` (where the caller stored the bytes). ``output_format`` and
    ``fps`` default to the clip's own when ``video`` is an ``EncodedVideo``."""
    if isinstance(video, EncodedVideo):
        output_format = output_format or video.mime.split("/")[-1]
        if fps is None:
            fps = round(video.info["fps"])
        data = video.data
    else:
        data = bytes(video)
    if output_format is None:
        raise ValueError("output_format is required for raw bytes")
    entry: dict[str, Any] = {
        "output_format": output_format,
        "url": None,
        "b64_json": None,
        "fps": fps,
        "audio_sample_rate": audio_sample_rate,
    }
    if response_format == "b64_json":
        entry["b64_json"] = _shared().b64encode(data)
    elif response_format == "url":
        if not url:
            raise ValueError('response_format="url" needs the url the video was stored at')
        entry["url"] = url
    else:
        raise ValueError(f"response_format must be 'b64_json' or 'url', not {response_format!r}")
    return entry
