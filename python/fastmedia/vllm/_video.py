"""Video loaders: vLLM's own loader classes, their frames decoded by fastmedia.

vLLM 0.33's loaders share one flow (``vllm.multimodal.video_decoders.decode_video``): source
metadata, ``cls._prepare_source``, ``cls.compute_frames_index_to_sample``, ``cls.read_frames``,
then ``cls.create_hf_metadata`` in the loader's ``load_bytes``. A fastmedia loader is a subclass
of one of them marked ``_fastmedia``; for such a class, and the OpenCV codec, the flow takes
the source metadata from ``Decoder.probe_video`` and decodes exactly the indices vLLM's own
sampling code computed with ``Decoder.decode_video(indices=...)``. Everything after (padding,
metadata, the decoded budget) is the loader's own code.

The flow is reached through the name ``decode_video`` in ``vllm.multimodal.video``, where every
loader looks it up; ``install`` puts a dispatcher there that sends classes without the mark
(all of vLLM's registered loaders, so the ``"http"`` connector) to vLLM's function unchanged.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

import vllm.multimodal.video as vllm_video
from vllm.multimodal.video import VIDEO_LOADER_REGISTRY, VideoBackend, VideoLoader
from vllm.multimodal.video_decoders import (
    VideoSourceMetadata,
    VideoTargetMetadata,
    check_frame_pixel_limit,
)

from fastmedia.errors import DecodeError
from fastmedia.vllm import _shared

logger = logging.getLogger(__name__)

# Loaders kept on vLLM's own decode: Molmo2 samples through its own entry
# (load_bytes_opencv) with its own kwargs; the GPU codecs decode on the device.
CUSTOM_FLOW = frozenset({"molmo2", "pynvvideocodec", "deepstream"})

_subclasses: dict[str, type[VideoLoader]] = {}

_original: Any = None  # vLLM's decode_video, once install() put the dispatcher there


def decode_fastmedia(
    loader_cls: type[VideoLoader],
    data: bytes,
    target: VideoTargetMetadata,
    sampling_kwargs: dict[str, Any],
) -> tuple[Any, VideoSourceMetadata, list[int], list[int]] | None:
    """``decode_opencv``'s contract, with fastmedia: (frames, source, frame_idx, valid);
    None where fastmedia's pixels would not be OpenCV's."""
    dec = _shared.media_decoder()
    probe = dec.probe_video(data)
    if probe["bit_depth"] not in (8, 10) or probe["codec"] == "webp":
        # Pixels not measured against OpenCV's (other depths), or not decoded as OpenCV
        # decodes them: "webp" is animated WebP through libwebp's decoder, where the linked
        # FFmpeg lacks "webp_anim" (a system FFmpeg): vLLM decodes.
        return None
    check_frame_pixel_limit(int(probe["width"]), int(probe["height"]))
    source = loader_cls._prepare_source(
        VideoSourceMetadata(
            int(probe["total_num_frames"]), float(probe["fps"]), float(probe["duration"])
        )
    )
    frame_idx = loader_cls.compute_frames_index_to_sample(
        source=source, target=target, **sampling_kwargs
    )
    # OpenCV's loop reads each wanted index once, in order (read_frames takes a set).
    wanted = sorted(set(frame_idx))
    clip = dec.decode_video(data, indices=wanted)
    valid = [int(i) for i in clip.metadata["frames_indices"]]
    if len(valid) < len(wanted):
        logger.warning(
            "fastmedia video loading: expected %d frames but got %d.", len(wanted), len(valid)
        )
    return clip.frames, source, frame_idx, valid


def _dispatch(
    backend: str,
    loader_cls: Any,
    data: bytes,
    target: VideoTargetMetadata,
    sampling_kwargs: dict[str, Any],
    backend_kwargs: dict[str, Any],
    *,
    frame_recovery: bool,
) -> Any:
    if backend == "opencv" and not frame_recovery and getattr(loader_cls, "_fastmedia", False):
        try:
            out = decode_fastmedia(loader_cls, data, target, sampling_kwargs)
        except DecodeError as exc:  # unsupported, over a bound, or corrupt: OpenCV's verdict
            logger.debug("fastmedia video decode fell back to OpenCV: %s", exc)
        else:
            if out is not None:
                _shared.count("video", "fastmedia")
                return out
    if getattr(loader_cls, "_fastmedia", False):
        _shared.count("video", "fallback")
    return _original(
        backend,
        loader_cls,
        data,
        target,
        sampling_kwargs,
        backend_kwargs,
        frame_recovery=frame_recovery,
    )


def install() -> None:
    """Put the dispatcher in front of vLLM's ``decode_video`` (idempotent)."""
    global _original
    if vllm_video.decode_video is _dispatch:
        return
    _original = vllm_video.decode_video
    vllm_video.decode_video = _dispatch


def eligible(name: str, cls: Any) -> bool:
    """Whether loader ``name`` follows the shared flow with OpenCV's frame reading."""
    return (
        name not in CUSTOM_FLOW
        and not VIDEO_LOADER_REGISTRY.backend_requires_gpu(name)
        and isinstance(cls, type)
        and issubclass(cls, VideoLoader)
        # read_frames not overridden (a classmethod: compare the functions)
        and getattr(getattr(cls, "read_frames", None), "__func__", None)
        is VideoLoader.read_frames.__func__
    )


def fastmedia_loader(name: str, kwargs: dict[str, Any]) -> type[VideoLoader] | None:
    """The fastmedia subclass of vLLM's loader ``name``, or None where vLLM's own must load
    (a custom flow, another codec through ``backend=``, ``frame_recovery=True``)."""
    if kwargs.get("backend", "opencv") != "opencv" or kwargs.get("frame_recovery"):
        return None
    cls = VIDEO_LOADER_REGISTRY.name2class.get(name)
    if cls is None or getattr(cls, "_fastmedia", False):
        return cls
    if not eligible(name, cls):
        return None
    sub = _subclasses.get(name)
    if sub is None:
        sub = type(f"Fastmedia{cls.__name__}", (cls,), {"_fastmedia": True})
        _subclasses[name] = sub
    return sub


class FastmediaVideoBackend(VideoBackend):
    """vLLM's uniform ``"opencv"`` loader, its frames decoded by fastmedia: registered in
    ``VIDEO_LOADER_REGISTRY`` as ``"fastmedia"`` (``VLLM_VIDEO_LOADER_BACKEND=fastmedia``)."""

    _fastmedia: ClassVar[bool] = True


def register_loader() -> None:
    if VIDEO_LOADER_REGISTRY.name2class.get("fastmedia") is not FastmediaVideoBackend:
        VIDEO_LOADER_REGISTRY.register("fastmedia")(FastmediaVideoBackend)
