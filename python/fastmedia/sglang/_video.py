"""``VideoDecoderWrapper`` as SGLang 0.5.23's: a subclass of SGLang's class whose frames are
decoded by fastmedia.

SGLang's own ``__init__`` runs first (torchcodec's decoder, its errors), so ``len``,
``avg_fps``, ``frame_shape`` and the GPU path are torchcodec's. fastmedia then decodes the
frames where ``probe_video`` agrees with torchcodec's metadata (frame count, size) on an 8-bit
stream of a codec measured bit-exact (``FAST_CODECS``); otherwise, on CUDA and for indices out
of range, every call is SGLang's.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import sglang.srt.utils.video_decoder as video_decoder

from fastmedia.errors import DecodeError
from fastmedia.sglang import _shared

# Codecs whose frames fastmedia decodes bit-exact to torchcodec's on the test clips. Not:
# MPEG-4 Part 2 (1 level off in places), GIF/APNG/WebP (frame compositing differs or torchcodec
# fails).
FAST_CODECS = frozenset({"h264", "hevc", "av1", "vp8", "vp9"})

_classes: dict[type, type] = {}


def _read(source: Any) -> bytes | None:
    if isinstance(source, bytes):
        return source
    if isinstance(source, str) and os.path.isfile(source):
        with open(source, "rb") as f:
            return f.read()
    return None


def wrapper_class() -> type:
    """The fastmedia subclass of SGLang's ``VideoDecoderWrapper`` (one per process)."""
    base = _shared.original(video_decoder, "VideoDecoderWrapper")
    cls = _classes.get(base)
    if cls is None:
        cls = type("VideoDecoderWrapper", (_FastFrames, base), {"_fastmedia_base": base})
        cls.__module__ = __name__
        _classes[base] = cls
    return cls


class _FastFrames:
    """The methods overriding SGLang's; ``self._fm`` is the clip's bytes, or None."""

    def __init__(self, source: Any, device: str = "cpu", num_decode_threads: int = 0) -> None:
        super().__init__(source, device, num_decode_threads)  # type: ignore[call-arg]
        self._fm: bytes | None = None
        decoder: Any = getattr(self, "_decoder", None)
        cuda = getattr(self, "_tc_kwargs", {}).get("device") == "cuda"
        if decoder is None or video_decoder._BACKEND != "torchcodec" or cuda:
            return
        data = _read(source)
        if data is None:
            return
        try:
            probe = _shared.decoder().probe_video(data)
        except DecodeError:
            return
        meta = decoder.metadata
        if (
            probe["bit_depth"] == 8
            and probe["codec"] in FAST_CODECS
            and probe["total_num_frames"] == len(decoder)
            and (probe["height"], probe["width"]) == (meta.height, meta.width)
        ):
            self._fm = data

    def _frames(self, indices: Any) -> np.ndarray | None:
        """fastmedia's frames at ``indices`` (in that order), or None: SGLang's then."""
        if self._fm is None:
            return None
        n = len(self)  # type: ignore[arg-type]
        try:
            given = list(indices)
            idx = [int(i) for i in given]
        except (TypeError, ValueError):
            return None
        if not idx or any(i < 0 or i >= n or i != j for i, j in zip(idx, given, strict=True)):
            return None
        wanted = sorted(set(idx))
        try:
            clip = _shared.decoder().decode_video(self._fm, indices=wanted)
        except DecodeError:
            return None
        if [int(i) for i in clip.metadata["frames_indices"]] != wanted:
            return None
        frames = clip.frames
        if idx != wanted:
            frames = frames[np.searchsorted(wanted, idx)]
        return frames

    def _served(self, frames: np.ndarray | None) -> bool:
        _shared.count("video", "fallback" if frames is None else "fastmedia")
        return frames is not None

    def __getitem__(self, idx: Any) -> Any:
        frames = self._frames([idx]) if isinstance(idx, (int, np.integer)) else None
        if self._served(frames) and frames is not None:
            return frames[0]
        return super().__getitem__(idx)  # type: ignore[misc]

    def get_frames_at(self, indices: list) -> Any:
        frames = self._frames(indices)
        if self._served(frames):
            return frames
        return super().get_frames_at(indices)  # type: ignore[misc]

    def get_frames_as_tensor(self, indices: list) -> Any:
        frames = self._frames(indices)
        if not self._served(frames) or frames is None:
            return super().get_frames_as_tensor(indices)  # type: ignore[misc]
        import torch

        out = torch.from_numpy(frames)
        return out if video_decoder._is_cpu_engine() else out.pin_memory()

    def close(self) -> None:
        self._fm = None
        super().close()  # type: ignore[misc]
