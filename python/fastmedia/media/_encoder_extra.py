"""Encoder streaming (fragmented MP4), audio tracks and animated WebP/GIF: the Python half
of ``rust/src/py/encoder_extra.rs`` (docs/encoding.md). ``Encoder`` in ``encoder.py``
exposes them as ``video_stream``, ``encode_video(audio=...)`` and ``encode_animation``."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from fastmedia import _core
from fastmedia.errors import ConfigError, DecodeError, FastmediaError
from fastmedia.media._frames import prepare

#: Sample rates an audio track may have (Hz): Opus resamples to 48 kHz, AAC keeps its own.
MIN_SAMPLE_RATE = 8_000
MAX_SAMPLE_RATE = 192_000
AUDIO_CODECS = ("opus", "aac")


class VideoStream:
    """A fragmented MP4 (CMAF) written as frames arrive; from ``Encoder.video_stream``.

    ``write(frames)`` encodes a chunk (``[t, H, W, 3]`` in the stream's layout, uint8 or
    float, like ``encode_video``) and returns the bytes ready: the first call also returns
    the header (``ftyp`` + ``moov``), and every call ends with one fragment (``moof`` +
    ``mdat``) holding its frames, so the bytes returned so far always play. ``close()``
    returns the encoder's last frames. A context manager closes the stream on exit.

    Frames of another size are a ``DecodeError`` and leave the stream usable; an error
    inside the encoder ends it (later calls raise ``DecodeError``); ``write`` after
    ``close`` raises ``ClosedError``.
    """

    mime = "video/mp4"

    def __init__(self, core: Any, value_range: tuple[float, float]) -> None:
        self._core = core
        self._value_range = value_range

    def write(self, frames: Any) -> bytes:
        """Encodes ``frames`` and returns the bytes ready (may be empty while an FFmpeg
        encoder fills its look-ahead)."""
        arr, shape = prepare(frames, self._value_range)
        return bytes(self._core.write(arr, shape))

    def close(self) -> bytes:
        """Ends the stream and returns its last bytes (empty when already closed)."""
        return bytes(self._core.close())

    @property
    def info(self) -> dict:
        """``codec``, ``width``, ``height``, ``frames`` written, ``fps``, ``duration``."""
        return dict(self._core.info())

    def __enter__(self) -> VideoStream:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            self.close()
        else:
            with contextlib.suppress(Exception):  # the caller's exception is the one to see
                self.close()


def prepare_audio(audio: Any) -> tuple[np.ndarray, int, int]:
    """``(samples, sample_rate)`` to ``(interleaved float32, channels, rate)``.

    ``samples``: numpy array or CPU torch tensor, ``[n]`` (mono) or ``[n, channels]``;
    float in ``[-1, 1]`` or int16. A ``[channels, n]`` array is refused, not transposed."""
    if not isinstance(audio, (tuple, list)) or len(audio) != 2:
        raise ConfigError("audio must be a (samples, sample_rate) pair")
    samples, rate = audio
    if isinstance(rate, bool) or not isinstance(rate, (int, np.integer)):
        raise ConfigError(f"audio sample_rate must be an int in Hz, not {rate!r}")
    rate = int(rate)
    if not MIN_SAMPLE_RATE <= rate <= MAX_SAMPLE_RATE:
        raise ConfigError(
            f"audio sample_rate must be {MIN_SAMPLE_RATE}..{MAX_SAMPLE_RATE} Hz, not {rate}"
        )
    if hasattr(samples, "detach") and hasattr(samples, "device"):  # a torch tensor
        if samples.device.type != "cpu":
            raise DecodeError(f"audio must be on the CPU, not {samples.device}")
        samples = samples.detach().float().contiguous().numpy()
    arr = np.asarray(samples)
    if arr.dtype == np.int16:
        arr = arr.astype(np.float32) / 32768.0
    elif arr.dtype in (np.float16, np.float32, np.float64):
        arr = arr.astype(np.float32, copy=False)
    else:
        raise DecodeError(f"audio must be float or int16 samples, not {arr.dtype}")
    if arr.ndim == 1:
        channels = 1
    elif arr.ndim == 2 and arr.shape[1] <= 8:
        channels = arr.shape[1]
    elif arr.ndim == 2:
        raise DecodeError(
            f"audio must be [samples, channels], not shape {arr.shape}: transpose a "
            "[channels, samples] array"
        )
    else:
        raise DecodeError(f"audio must be [samples] or [samples, channels], not {arr.shape}")
    if arr.size == 0:
        raise DecodeError("the audio track is empty")
    return np.ascontiguousarray(arr).reshape(-1), channels, rate


def mux_audio(
    core: Any,
    data: bytes,
    info: dict,
    container: str,
    prepared: tuple[np.ndarray, int, int],
    codec: str,
) -> bytes:
    """Adds the prepared track to an encoded clip; updates ``info["audio"]``."""
    samples, channels, rate = prepared
    out = _core.mux_audio(
        core, data, container, float(info["duration"]), samples, channels, rate, codec
    )
    info["audio"] = {
        "codec": codec.lower(),
        "channels": channels,
        "sample_rate": 48_000 if codec.lower() == "opus" else rate,
    }
    return bytes(out)


def audio_codec(name: str) -> str:
    if not isinstance(name, str) or name.lower() not in AUDIO_CODECS:
        raise _core.UnsupportedFormat(f"audio_codec must be 'opus' or 'aac', not {name!r}")
    return name.lower()


Track = tuple[np.ndarray, int, int]


def batch_tracks(audio: Any, n: int, codec: str) -> list[Track | BaseException | None]:
    """``encode_video_batch``'s ``audio``: one prepared track (or ``None``) per clip; a
    track that cannot be prepared is its clip's exception."""
    if audio is None:
        return [None] * n
    if isinstance(audio, (str, bytes, np.ndarray)) or not isinstance(audio, Sequence):
        raise ConfigError(
            "audio for encode_video_batch is a list with one (samples, sample_rate) or None "
            f"per clip, not {type(audio).__name__}"
        )
    if len(audio) != n:
        raise ConfigError(f"audio has {len(audio)} entries for {n} clips: give one per clip")
    if any(a is not None for a in audio):
        audio_codec(codec)
    out: list[Track | BaseException | None] = []
    for a in audio:
        try:
            out.append(None if a is None else prepare_audio(a))
        except FastmediaError as e:
            out.append(e)
    return out


def mux_batch(
    core: Any,
    slots: list,
    tracks: list[Track | BaseException | None],
    container: str,
    codec: str,
) -> list:
    """Adds each clip's track to its encoded slot ``(data, info)``, clips in parallel (the
    muxing runs on the encoder's pool with the GIL released); a failure fills its slot."""
    jobs = [
        i
        for i, (s, t) in enumerate(zip(slots, tracks, strict=True))
        if t is not None and not isinstance(s, BaseException)
    ]

    def one(i: int) -> tuple | BaseException:
        data, info = slots[i]
        try:
            track = tracks[i]
            assert track is not None and not isinstance(track, BaseException)
            return mux_audio(core, data, info, container, track, codec.lower()), info
        except FastmediaError as e:
            return e

    out = list(slots)
    if len(jobs) == 1:
        out[jobs[0]] = one(jobs[0])
    elif jobs:
        with ThreadPoolExecutor(max_workers=min(len(jobs), core.threads)) as ex:
            for i, r in zip(jobs, ex.map(one, jobs), strict=True):
                out[i] = r
    return out
