"""``load_audio`` as SGLang 0.5.23's: the same routing of inputs, fastmedia decodes where its
samples are SGLang's.

SGLang decodes containers (MP4, AVI, AMR, Matroska/WebM) with PyAV, skipping packets that fail,
and other files with torchcodec, which refuses a corrupt packet (SGLang then reads the file with
soundfile and torchaudio); both decode with FFmpeg's decoders and resample and mix down with
swresample at its defaults. fastmedia does the same with ``resampler="swresample"``, strict
(``errors="raise"``) where SGLang uses torchcodec, so that a file torchcodec refuses goes to
SGLang's own fallback. It serves the containers measured exact (``fast_header``: WAV, FLAC,
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


def _container(data: bytes) -> bool:
    """What SGLang sends to PyAV (``is_audio_container``): MP4, AVI, AMR, Matroska/WebM."""
    return (
        data[4:8] == b"ftyp"
        or (data[:4] == b"RIFF" and data[8:12] == b"AVI ")
        or data.startswith((b"#!AMR\n", b"#!AMR-WB\n", b"\x1a\x45\xdf\xa3"))
    )


def _fast(data: bytes, sr: int, mono: bool) -> np.ndarray | None:
    """fastmedia's samples for SGLang's ``load_audio(data, sr, mono)``, or None."""
    if not fast_header(data):
        return None
    try:
        audio = _shared.decoder().decode_audio(
            # FFmpeg's decoders, the edit list's padding kept, swresample: torchcodec's and
            # PyAV's output
            data,
            sample_rate=sr,
            mono=mono,
            opus_decoder="ffmpeg",
            padding="keep",
            resampler="swresample",
            errors="skip" if _container(data) else "raise",
        )
    except DecodeError:
        return None
    samples = audio.samples  # [N] when mono, else [channels, N]
    if not samples.size or samples.ndim != (1 if mono else 2):
        return None
    # Writable, as SGLang's; channels last when not mono.
    return np.array(samples if mono else samples.T, dtype=np.float32)


def load_audio(audio_file: Any, sr: int | None = None, mono: bool = True) -> np.ndarray:
    """SGLang's ``load_audio(audio_file, sr=None, mono=True)``: float32 samples at ``sr``
    (16 kHz when None), 1-D when ``mono``."""
    target = 16000 if sr is None else sr
    data = _bytes_of(audio_file) if isinstance(target, int) and 0 < target <= 768_000 else None
    samples = _fast(data, target, bool(mono)) if data else None
    if samples is None:
        return _original(
            audio_file, sr, mono
        )  # its own input: torchcodec reads paths and bytes differently
    _shared.count("audio", "fastmedia")
    return samples
