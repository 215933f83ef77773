"""Audio for ``FastmediaMediaConnector``: what vLLM 0.33's ``AudioMediaIO`` returns (torchcodec,
i.e. FFmpeg's decoders: float32 mono at the native rate), decoded by fastmedia.

fastmedia decodes with FFmpeg's decoders (Opus too) and keeps the padding after an MP4 edit
list, as torchcodec does. Kept on vLLM's own path: an explicit ``audio_backend``, and whatever
fastmedia refuses (vLLM then raises its own error, e.g. for its duration and size limits).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

import numpy as np
import pybase64
import vllm.envs as envs
from vllm.exceptions import VLLMValidationError
from vllm.multimodal.media.audio import AudioMediaIO
from vllm.multimodal.media.base import MediaIO
from vllm.utils.mem_constants import MiB_bytes

from fastmedia.errors import DecodeError
from fastmedia.media.audio import OpusDecoderName, Padding
from fastmedia.vllm import _shared


class _Torchcodec(TypedDict):
    opus_decoder: OpusDecoderName
    padding: Padding


# torchcodec's decode: FFmpeg's decoders (its Opus decoder too), the padding after the edit
# list kept.
_TORCHCODEC: _Torchcodec = {"opus_decoder": "ffmpeg", "padding": "keep"}


@dataclass(frozen=True)
class AudioJob:
    data: bytes
    fast: bool  # False: decode with vLLM's AudioMediaIO


class AudioBytesIO(MediaIO[AudioJob]):
    """A ``MediaIO`` for the parent's ``load_from_url``: the bytes after the parent's size
    checks (``VLLM_MAX_AUDIO_CLIP_FILESIZE_MB``), not yet decoded."""

    def __init__(self, audio_io: AudioMediaIO) -> None:
        super().__init__()
        self.audio_io = audio_io

    def get_max_bytes(self) -> int:
        return self.audio_io.get_max_bytes()

    def load_bytes(self, data: bytes) -> AudioJob:
        self.audio_io._validate_encoded_size(len(data))
        fast = self.audio_io.audio_backend in (None, "auto")
        return AudioJob(data, fast)

    def load_base64(self, media_type: str, data: str) -> AudioJob:
        max_encoded_chars = 4 * ((self.get_max_bytes() + 2) // 3)
        if len(data) > max_encoded_chars:
            raise VLLMValidationError(
                "Maximum file size exceeded",
                parameter="audio_filesize_mb",
                value=(len(data) * 3 / 4) / MiB_bytes,
            )
        return self.load_bytes(pybase64.b64decode(data, validate=True))

    def load_file(self, filepath: Path) -> AudioJob:
        self.audio_io._validate_encoded_size(filepath.stat().st_size)
        return self.load_bytes(filepath.read_bytes())


def fallback(audio_io: AudioMediaIO, job: AudioJob) -> tuple[np.ndarray, float]:
    _shared.count("audio", "fallback")
    return audio_io.load_bytes(job.data)


def _result(audio: Any) -> tuple[np.ndarray, float]:
    _shared.count("audio", "fastmedia")
    # A writable array, as vLLM's decoders return.
    return np.array(audio.samples, dtype=np.float32), audio.sample_rate


def decode(audio_io: AudioMediaIO, job: AudioJob) -> tuple[np.ndarray, float]:
    """Decode ``job`` in this thread (the work on fastmedia's pool, the GIL released)."""
    if not job.fast:
        return fallback(audio_io, job)
    budget = audio_io.decoded_budget
    reserved = budget.reserve(envs.VLLM_MAX_AUDIO_DECODE_BYTES) if budget is not None else 0
    decoded = 0
    try:
        try:
            audio = _shared.media_decoder().decode_audio(job.data, **_TORCHCODEC)
        except DecodeError:  # refused or corrupt: vLLM's own verdict and message
            audio = None
        if audio is not None and (budget is None or audio.samples.nbytes <= reserved):
            decoded = audio.samples.nbytes
            return _result(audio)
    finally:
        if budget is not None:
            budget.settle(reserved, decoded)
    return fallback(audio_io, job)


async def decode_async(audio_io: AudioMediaIO, job: AudioJob, run: Any) -> Any:
    """``decode`` without blocking the event loop (budget waits run on the parent's pool)."""
    if not job.fast or audio_io.decoded_budget is not None:
        return await run(decode, audio_io, job)
    try:
        audio = await _shared.media_decoder().decode_audio_async(job.data, **_TORCHCODEC)
    except DecodeError:
        return await run(fallback, audio_io, job)
    return _result(audio)
