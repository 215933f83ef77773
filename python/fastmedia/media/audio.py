"""Audio results and the audio descriptor's layout.

Samples follow ``librosa.load``'s layout (what vLLM's ``AudioMediaIO`` hands a model): float32
``[N]`` for one channel, ``[C, N]`` for more. In registered memory (the ``Decoded``
descriptor) they are channels-last, ``shape [N, C]``, ``dtype "FLOAT32"``, with
``metadata["sample_rate"]``: Dynamo's ``AudioLoader`` reads that with ``array[..., :3]`` and
``metadata.get("sample_rate", 16000)``, so it keeps every sample of 1-3 channels, and vLLM's
``normalize_audio`` takes ``[N, C]`` as (time, channels). See docs/interop.md (Audio).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from fastmedia._internal import config as _config
from fastmedia.errors import DescriptorError

#: ``decode_audio``'s ``opus_decoder`` values: ``"librosa"`` (the default) decodes Opus as
#: ``librosa.load`` does, with libopus in Ogg (libsndfile) and FFmpeg's native decoder in
#: WebM/Matroska/MP4 (the ffmpeg CLI fallback); ``"libopus"`` and ``"ffmpeg"`` use one decoder
#: in every container. See docs/audio.md.
OpusDecoderName = Literal["librosa", "libopus", "ffmpeg"]
#: ``decode_audio``'s ``padding`` values: ``"trim"`` (the default) ends AAC (and Opus in MP4)
#: where the container's edit list says; ``"keep"`` keeps the encoder's padding after it.
Padding = Literal["trim", "keep"]
PADDINGS: tuple[str, ...] = ("trim", "keep")
#: ``decode_audio``'s ``resampler`` values: ``"soxr"`` (the default) resamples with soxr HQ and
#: mixes down with numpy's mean (librosa's); ``"swresample"`` does both with FFmpeg's
#: libswresample at its defaults (torchcodec's and PyAV's, so SGLang's ``load_audio``).
ResamplerName = Literal["soxr", "swresample"]
RESAMPLERS: tuple[str, ...] = ("soxr", "swresample")
#: ``decode_audio``'s ``errors`` values: ``"skip"`` (the default) skips a corrupt packet, as
#: the ffmpeg CLI and mpg123 do; ``"raise"`` makes it a ``DecodeError``, as torchcodec does.
AudioErrors = Literal["skip", "raise"]
AUDIO_ERRORS: tuple[str, ...] = ("skip", "raise")


@dataclass(frozen=True)
class AudioLimits:
    """Bounds on one audio input: decoded duration (checked from the header where the
    container states it, enforced while decoding), decoded float32 bytes (all channels,
    before resampling) and encoded input bytes."""

    max_duration_s: float = 3600.0
    max_bytes: int = 1 << 30
    max_encoded_bytes: int = 1 << 30

    def __post_init__(self) -> None:
        """Raises ``ConfigError`` naming a field out of range."""
        _config.seconds("max_duration_s", self.max_duration_s)
        _config.integer("max_bytes", self.max_bytes, 1)
        _config.integer("max_encoded_bytes", self.max_encoded_bytes, 1)


MAX_SAMPLE_RATE = 10_000_000  # as descriptors accept (``0 < sample_rate < 1e7``)


def check_sample_rate(sample_rate: object) -> None:
    """``sample_rate=`` of ``decode_audio*``: None (native) or an int in Hz."""
    _config.integer("sample_rate", sample_rate, 1, MAX_SAMPLE_RATE - 1, none=True)


class Audio:
    """One decoded input: ``samples`` (float32 ``[N]`` or ``[C, N]``, read-only),
    ``sample_rate`` (Hz) and ``metadata`` (codec, source_sample_rate, source_channels,
    duration in seconds)."""

    __slots__ = ("metadata", "sample_rate", "samples")

    def __init__(self, samples: np.ndarray, sample_rate: int, metadata: dict) -> None:
        self.samples = samples
        self.sample_rate = sample_rate
        self.metadata = metadata

    @classmethod
    def _from_core(cls, buf: Any) -> Audio:
        # np.asarray keeps `buf` alive as the array's base: no copy.
        samples = np.asarray(buf)
        return cls(samples, buf.sample_rate, _metadata(buf))

    def __iter__(self):
        """``samples, sample_rate = audio`` like ``librosa.load``'s tuple."""
        return iter((self.samples, self.sample_rate))

    def __repr__(self) -> str:
        return (
            f"Audio(shape={self.samples.shape}, sample_rate={self.sample_rate}, "
            f"codec={self.metadata.get('codec')!r})"
        )


def _metadata(m: Any) -> dict:
    return {
        "codec": m.codec,
        "source_sample_rate": m.source_sample_rate,
        "source_channels": m.source_channels,
        "duration": m.duration,
    }


def descriptor_metadata(m: Any) -> dict:
    """The descriptor's ``metadata`` for an ``AudioMedia``: flat, ``sample_rate`` at the top
    (where Dynamo's AudioLoader looks), layout spelled out."""
    _, c = m.shape
    return {"sample_rate": m.sample_rate, "channels": c, "layout": "NC", **_metadata(m)}


def check_descriptor(desc: Any) -> None:
    """Refuse, before any transfer, a descriptor that cannot be audio: dtype FLOAT32, shape
    ``[N, C]``, a numeric ``metadata["sample_rate"]``."""
    if not isinstance(desc, dict):
        raise DescriptorError("an audio descriptor must be a dict")
    dtype, shape = desc.get("dtype"), desc.get("shape")
    if not isinstance(dtype, str) or dtype.lower() != "float32":
        raise DescriptorError(f"an audio descriptor has dtype FLOAT32, got {dtype!r}")
    if not isinstance(shape, (list, tuple)) or len(shape) != 2:
        raise DescriptorError(f"an audio descriptor has shape [N, C], got {shape!r}")
    _sample_rate(desc.get("metadata"))


def _sample_rate(metadata: Any) -> int:
    sr = metadata.get("sample_rate") if isinstance(metadata, dict) else None
    if isinstance(sr, bool) or not isinstance(sr, (int, float)) or not 0 < sr < 1e7:
        raise DescriptorError(f"audio descriptor metadata needs a sample_rate, got {sr!r}")
    return int(sr)


def from_channels_last(arr: np.ndarray, metadata: Any) -> tuple[np.ndarray, int]:
    """A read ``[N, C]`` float32 array and its descriptor metadata -> ``(samples, sample_rate)``
    in librosa's layout, without copying (``[N]`` reshaped, ``[C, N]`` a transposed view)."""
    if arr.dtype != np.float32 or arr.ndim != 2:
        raise DescriptorError(
            f"an audio descriptor is float32 [N, C], got {arr.dtype} {list(arr.shape)}"
        )
    sr = _sample_rate(metadata)
    samples = arr[:, 0] if arr.shape[1] == 1 else arr.T
    return samples, sr
