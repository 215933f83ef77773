"""Video clips: the sampled frames as one ``[T, H, W, 3]`` uint8 RGB array plus the metadata
vLLM's video processors and Dynamo's backend expect.

Sampling (``sampling=``): ``"uniform"`` (default) is vLLM's default OpenCV loader index for
index (``num_frames``, then ``fps`` capping the count); ``"qwen3_vl"`` and ``"qwen2_vl"`` are
vLLM 0.33's Qwen3-VL and Qwen2-VL loaders (``fps`` 2 by default, at most 30; 4 to 768 frames;
Qwen2-VL's an even count, indices as transformers' float32 ``torch.arange``). ``"dynamo"`` is
Dynamo's current frontend (``fps`` xor ``num_frames``, ``max_frames`` a cap but not with
``num_frames``; indices ``round(linspace(0, total - 1, n))`` with halves rounded up, over the
stream header's frame count, rate and duration, which the metadata then reports; more frames
than the clip holds is an error); ``"timestamps"`` is Dynamo's earlier frontend (``fps`` xor
``num_frames``, ``max_frames`` a cap, on OpenCV's numbers; the first frame at or after each
time of ``linspace(0, duration - 1/fps - 1 ms, n)``). Pass ``num_frames=None`` with ``fps`` for the
Dynamo rules.

Counts as vLLM: ``num_frames`` None, 0 or negative sets no count (every frame); over the clip's
length, every frame; with ``fps``, the smaller count. A non-finite ``fps``, and what Dynamo's
rules refuse (``fps`` with ``num_frames``), raise ``ConfigError``. Still images (JPEG, BMP,
TIFF, PNG, still WebP) are one-frame clips of the image decoder's RGB pixels (docs/video.md).

``indices=`` decodes exactly the frames a caller computed (a vLLM or SGLang loader, say) in
place of any rule: strictly increasing, those past the real end dropped as vLLM's OpenCV loop
drops them. ``Decoder.probe_video`` gives the numbers such a caller samples against (vLLM
0.33's ``total_num_frames``, ``fps``, ``duration``) without decoding a frame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from fastmedia.errors import ConfigError, DescriptorError
from fastmedia.media.resize import Resize, spec

SAMPLINGS = ("uniform", "timestamps", "qwen3_vl", "qwen2_vl", "dynamo")


@dataclass(frozen=True)
class VideoClip:
    """``frames``: ``[T, H, W, 3]`` uint8 RGB, display orientation applied.
    ``metadata``: vLLM's dict (``total_num_frames``, ``fps``, ``duration``,
    ``frames_indices``, ``video_backend="fastmedia"``, ``do_sample_frames``)."""

    frames: np.ndarray
    metadata: dict

    def __iter__(self):  # frames, metadata = clip
        return iter((self.frames, self.metadata))


def video_kwargs(num_frames, fps, max_frames, sampling, resize: Resize | None = None) -> dict:
    """Validate the sampling and resize arguments once, in Python, with clear messages."""
    if sampling not in SAMPLINGS:
        raise ConfigError(f"sampling={sampling!r} is not accepted: one of {', '.join(SAMPLINGS)}")
    for name, v in (("num_frames", num_frames), ("max_frames", max_frames)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise TypeError(f"{name} must be an int or None, got {v!r}")
    if fps is not None:
        fps = float(fps)
    return {
        "num_frames": num_frames,
        "fps": fps,
        "max_frames": max_frames,
        "sampling": sampling,
        "resize": spec(resize),
    }


def frame_indices(indices: Sequence[int] | None) -> list[int] | None:
    """Explicit frame indices as a list of ints (numpy's too); ``TypeError`` for anything
    else, a bool included. The core refuses an empty, negative or unsorted list
    (``ConfigError``) before decoding."""
    if indices is None:
        return None
    for i in indices:
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
            raise TypeError(f"frame indices must be ints, got {i!r}")
    return [int(i) for i in indices]


def vllm_metadata(core: Mapping[str, Any]) -> dict:
    """vLLM's metadata dict from the core's (``VideoLoader.create_hf_metadata``):
    ``do_sample_frames`` is True only when every frame of the clip was returned."""
    idx = list(core["frames_indices"])
    total = int(core["total_num_frames"])
    return {
        "total_num_frames": total,
        "fps": float(core["fps"]),
        "duration": float(core["duration"]),
        "video_backend": "fastmedia",
        "frames_indices": idx,
        "do_sample_frames": len(idx) == total,
    }


def dynamo_metadata(core: Mapping[str, Any]) -> dict:
    """The descriptor's ``{"Video": {...}}`` (INTEROP.md): ``sampled_timestamps[i] *
    source_fps`` rounds to ``frames_indices[i]``, as Dynamo's ``_normalize_frontend_metadata``
    needs; with OpenCV's numbers ``source_duration * source_fps`` rounds to
    ``source_total_frames`` (``sampling="dynamo"`` sends the stream header's, as Dynamo)."""
    v = {
        "source_fps": float(core["fps"]),
        "source_duration": float(core["duration"]),
        "sampled_timestamps": [float(t) for t in core["timestamps"]],
        "source_total_frames": int(core["total_num_frames"]),
        "frames_indices": [int(i) for i in core["frames_indices"]],
    }
    if core.get("source_size") is not None:
        # Resized in the frontend: [height, width] before (Dynamo ignores unknown keys).
        v["source_size"] = [int(x) for x in core["source_size"]]
    return {"Video": v}


def metadata_from_descriptor(meta: Any, frames: int) -> dict:
    """vLLM's dict from a descriptor's metadata: fastmedia's and Dynamo's ``{"Video": ...}``
    (indices taken as sent, or rebuilt from timestamps as Dynamo does), or a dict that already
    is vLLM's."""
    if isinstance(meta, Mapping) and "frames_indices" in meta and "Video" not in meta:
        return dict(meta)
    v = meta.get("Video") if isinstance(meta, Mapping) else None
    if not isinstance(v, Mapping):
        raise DescriptorError("a video descriptor needs metadata {'Video': {...}}")
    try:
        fps = float(v["source_fps"])
        duration = float(v["source_duration"])
        ts = [float(t) for t in v["sampled_timestamps"]]
    except (KeyError, TypeError, ValueError) as e:
        raise DescriptorError(f"video metadata is malformed: {e}") from e
    if len(ts) != frames:
        raise DescriptorError(f"video metadata has {len(ts)} timestamps for {frames} frames")
    idx = v.get("frames_indices")
    if not isinstance(idx, list) or len(idx) != frames:
        idx = [max(0, round(t * fps)) for t in ts]
    total = v.get("source_total_frames")
    if not isinstance(total, int) or isinstance(total, bool):
        total = max(frames, round(duration * fps))
    return vllm_metadata(
        {"frames_indices": idx, "total_num_frames": total, "fps": fps, "duration": duration}
    )
