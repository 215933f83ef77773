"""``load_audio`` as SGLang 0.5.23's: the same routing of inputs, fastmedia decodes where its
samples are SGLang's.

SGLang decodes containers (MP4, AVI, AMR, Matroska/WebM) with PyAV and other files with
torchcodec, both with FFmpeg's decoders, resampling and downmixing with swresample. fastmedia
resamples with soxr and downmixes otherwise than swresample, so it serves only mono files
already at the requested rate, of the containers measured exact (``FAST_HEADERS``: WAV, FLAC,
MP3, MP4/M4A, Matroska/WebM); every other input goes to SGLang's own ``load_audio``. Ogg stays
SGLang's: torchcodec's Vorbis and Opus samples differ from fastmedia's in float rounding.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote, urlparse

import numpy as np
import pybase64
import sglang.srt.utils.common as common

from fastmedia.errors import DecodeError
from fastmedia.sglang import _shared


def fast_header(data: bytes) -> bool:
    """WAV, FLAC, MP3 (ID3 tag or frame sync), MP4/M4A, Matroska/WebM."""
    return (
        (data[:4] == b"RIFF" and data[8:12] == b"WAVE")
        or data[:4] in (b"fLaC", b"\x1a\x45\xdf\xa3")
        or data[:3] == b"ID3"
        or (len(data) > 1 and data[0] == 0xFF and data[1] & 0xE6 == 0xE2)  # MPEG layer III
        or data[4:8] == b"ftyp"
    )


def _original(*args: Any, **kwargs: Any) -> Any:
    _shared.count("audio", "fallback")
    return _shared.original(common, "load_audio")(*args, **kwargs)


def _bytes_of(audio_file: Any) -> bytes | None:
    """The bytes SGLang's ``load_audio`` would decode; None for URLs and where it fails."""
    try:
        if isinstance(audio_file, bytes):
            return audio_file
        if not isinstance(audio_file, str) or audio_file.startswith(("http://", "https://")):
            return None  # SGLang's own download
        if audio_file.startswith("data:"):
            return pybase64.b64decode(audio_file.split(",")[1], validate=True)
        if audio_file.startswith("file://"):
            audio_file = unquote(urlparse(audio_file).path)
        with open(audio_file, "rb") as f:
            return f.read()
    except Exception:  # SGLang's own call raises its error
        return None


def _fast(data: bytes, sr: int) -> np.ndarray | None:
    """fastmedia's samples where the file is mono at ``sr``, else None."""
    if not fast_header(data):
        return None
    try:
        audio = _shared.decoder().decode_audio(
            # torchcodec's and PyAV's decode: FFmpeg's decoders, the edit list's padding kept
            data,
            mono=False,
            opus_decoder="ffmpeg",
            padding="keep",
        )
    except DecodeError:
        return None
    samples = audio.samples  # 1-D for a mono file, [channels, samples] otherwise
    if audio.sample_rate != sr or samples.ndim != 1 or not samples.size:
        return None
    return np.array(samples, dtype=np.float32)  # writable, as SGLang's


def load_audio(audio_file: Any, sr: int | None = None, mono: bool = True) -> np.ndarray:
    """SGLang's ``load_audio(audio_file, sr=None, mono=True)``: float32 samples at ``sr``
    (16 kHz when None), 1-D when ``mono``."""
    target = 16000 if sr is None else sr
    data = _bytes_of(audio_file) if mono and isinstance(target, int) else None
    samples = _fast(data, target) if data else None
    if samples is None:
        return _original(
            audio_file, sr, mono
        )  # its own input: torchcodec reads paths and bytes differently
    _shared.count("audio", "fastmedia")
    return samples
