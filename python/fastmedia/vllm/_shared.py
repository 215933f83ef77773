"""Process-wide state of the vLLM adapter: the fastmedia decoders (created lazily, shared by
every connector vLLM builds, one per request) and the counters of which path served what."""

from __future__ import annotations

import threading

import vllm.envs as envs

from fastmedia._served import Served
from fastmedia.audio import AudioLimits
from fastmedia.decoder import Decoder, Limits

# Distinct rgba_background_color values served by their own image decoder (each has a pool);
# past this many, a request with yet another colour is decoded the parent's way.
MAX_IMAGE_DECODERS = 8

_lock = threading.Lock()
_image_decoders: dict[tuple[tuple[int, int, int], int | None], Decoder] = {}
_media_decoders: dict[tuple[float, int], Decoder] = {}
_served = Served()
count = _served.count
stats = _served.stats


def image_decoder(background: tuple[int, int, int], max_pixels: int | None) -> Decoder | None:
    """The decoder pasting transparency onto ``background`` and refusing images over
    ``max_pixels`` from the header; None once ``MAX_IMAGE_DECODERS`` exist for other keys."""
    key = (background, max_pixels)
    with _lock:
        dec = _image_decoders.get(key)
        if dec is None and len(_image_decoders) < MAX_IMAGE_DECODERS:
            dec = Decoder(
                channels="rgb",
                exif_orientation=True,
                background=background,
                limits=Limits(max_pixels=max_pixels),
            )
            _image_decoders[key] = dec
        return dec


def media_decoder() -> Decoder:
    """The decoder for video and audio, its audio bounded by vLLM's audio limits
    (``VLLM_MAX_AUDIO_DECODE_DURATION_S``, ``VLLM_MAX_AUDIO_DECODE_BYTES``)."""
    max_duration_s = float(envs.VLLM_MAX_AUDIO_DECODE_DURATION_S)
    max_bytes = int(envs.VLLM_MAX_AUDIO_DECODE_BYTES)
    key = (max_duration_s, max_bytes)
    with _lock:
        dec = _media_decoders.get(key)
        if dec is None:
            dec = Decoder(
                channels="rgb",
                audio_limits=AudioLimits(max_duration_s=max_duration_s, max_bytes=max_bytes),
            )
            _media_decoders[key] = dec
        return dec
