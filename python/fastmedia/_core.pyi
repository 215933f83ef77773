# Type stubs for the Rust extension module (rust/src/py). Checked against the compiled module
# by tests/test_stubs.py (mypy.stubtest; mypy is a test dependency).

import os
from collections.abc import Callable, Sequence
from typing import Any, final

import numpy as np
from typing_extensions import Buffer

__version__: str
__all__ = [
    "AudioBuffer",
    "AudioMedia",
    "Cancel",
    "ClosedError",
    "ConfigError",
    "DecodeError",
    "Decoder",
    "Encoder",
    "FastmediaError",
    "FetchError",
    "FetchTimeout",
    "Frontend",
    "LaneTicket",
    "LimitExceeded",
    "Media",
    "NixlEndpoint",
    "NixlError",
    "NixlLane",
    "NixlNotifier",
    "NixlUnavailable",
    "PixelBuffer",
    "PoolExhausted",
    "Ranges",
    "TransferError",
    "UnsupportedFormat",
    "UrlRejected",
    "VideoStream",
    "Waker",
    "__version__",
    "content_hash",
    "decode_audio_batch_with",
    "decode_audio_with",
    "decode_nixl_metadata",
    "encode_animation",
    "encode_nixl_metadata",
    "frontend_decode_audio",
    "frontend_decode_audio_batch",
    "has_video_encoder",
    "mux_audio",
    "nixl_agent_name",
    "parse_write_offer",
    "recycle_limit",
    "recycled_bytes",
    "resize_check",
    "resize_target",
    "set_recycle_limit",
    "video_stream",
]

class FastmediaError(Exception): ...
class DecodeError(FastmediaError, ValueError): ...
class LimitExceeded(DecodeError): ...
class UnsupportedFormat(DecodeError): ...
class NixlUnavailable(FastmediaError, RuntimeError): ...
class NixlError(FastmediaError, RuntimeError): ...
class PoolExhausted(FastmediaError, RuntimeError): ...
class TransferError(FastmediaError, RuntimeError): ...
class ClosedError(FastmediaError, RuntimeError): ...
class ConfigError(FastmediaError, ValueError): ...

class FetchError(FastmediaError, OSError):
    status: int | None

class UrlRejected(FetchError, ValueError): ...
class FetchTimeout(FetchError, TimeoutError): ...

_Input = bytes | bytearray | memoryview | str | os.PathLike[str]
# A Resize spec: (max_pixels, min_pixels, factor, size, filter, draft).
_Spec = tuple[int | None, int | None, int, tuple[int, int] | None, str, bool]

@final
class Cancel:
    """A cancellation flag for one call: items (and video groups) not started skip."""

    def __new__(cls) -> Cancel: ...
    def cancel(self) -> None: ...
    @property
    def cancelled(self) -> bool: ...

@final
class PixelBuffer:
    """Decoded pixels owned by Rust; a writable HWC uint8 buffer (buffer protocol)."""

    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def format(self) -> str: ...
    @property
    def color_type(self) -> str: ...
    def __len__(self) -> int: ...
    def __arrow_c_array__(self, requested_schema: object | None = None) -> tuple[Any, Any]: ...

@final
class Decoder:
    def __new__(
        cls,
        threads: int | None = None,
        channels: str = "rgb",
        max_width: int | None = None,
        max_height: int | None = None,
        max_pixels: int | None = None,
        max_alloc: int = ...,
        max_encoded_bytes: int = ...,
        max_video_bytes: int = ...,
        max_video_frames: int = 100000,
        exif_orientation: bool = False,
        resize: _Spec | None = None,
        background: tuple[int, int, int] | None = None,
        gpu: tuple[int, bool] | None = None,
    ) -> Decoder: ...
    @property
    def threads(self) -> int: ...
    def decode(self, data: _Input, resize: _Spec | None = None) -> PixelBuffer: ...
    def decode_pillow(self, data: _Input, resize: _Spec | None = None) -> PixelBuffer: ...
    def decode_batch(
        self, items: Sequence[Any], resize: _Spec | None = None, cancel: Cancel | None = None
    ) -> list[PixelBuffer | BaseException]: ...
    def decode_video(
        self,
        data: _Input,
        num_frames: int | None = None,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: _Spec | None = None,
        cancel: Cancel | None = None,
        indices: Sequence[int] | None = None,
    ) -> tuple[PixelBuffer, dict[str, Any]]: ...
    def probe_video(self, data: _Input) -> dict[str, Any]: ...
    def decode_video_batch(
        self,
        items: Sequence[Any],
        num_frames: int | None = None,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: _Spec | None = None,
        cancel: Cancel | None = None,
    ) -> list[tuple[PixelBuffer, dict[str, Any]] | BaseException]: ...

@final
class Media:
    """One image in registered memory, holding its lease; a read-only buffer while live."""

    @property
    def addr(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def video(self) -> dict[str, Any] | None: ...
    @property
    def format(self) -> str: ...
    @property
    def color_type(self) -> str: ...
    @property
    def content_hash(self) -> str | None: ...
    @property
    def nixl_metadata(self) -> str: ...
    @property
    def lease_key(self) -> str: ...
    @property
    def lease_id(self) -> int: ...
    @property
    def check_addr(self) -> int: ...
    @property
    def reuse_grace_s(self) -> float: ...
    @property
    def live(self) -> bool: ...
    @property
    def source_size(self) -> tuple[int, int] | None: ...
    def release(self) -> bool: ...

@final
class NixlLane:
    """A transfer lane: an agent of its own and a thread that runs its transfers, GIL-free."""

    def __new__(cls, name: str, capi_path: str | None = None) -> NixlLane: ...
    def register(self, addr: int, nbytes: int, mem: str = ..., dev: int = ...) -> None: ...
    def deregister(self, addr: int, nbytes: int, mem: str = ..., dev: int = ...) -> None: ...
    def submit(
        self,
        op: str,
        local: Sequence[Sequence[int]],
        remote: Sequence[Sequence[int]],
        remote_mem: str,
        peer_mds: Sequence[str],
        timeout_s: float,
        notif: bytes = ...,
        here: bool = ...,
        own: list[tuple[int, int, int]] = ...,
        local_mem: str = ...,
    ) -> LaneTicket: ...
    def on_post(self, callback: Callable[[str], object] | None) -> None: ...
    def peer_stats(self) -> tuple[int, int, int, int]: ...
    def close(self, grace_s: float = ...) -> None: ...

@final
class NixlEndpoint:
    """An embedding endpoint's agent: memory peers transfer to or from, and notifications."""

    def __new__(
        cls,
        name: str,
        progress_delay_us: int | None,
        capi_path: str | None = None,
        max_peers: int = 256,
        handshakes: str | None = None,
    ) -> NixlEndpoint: ...
    @property
    def name(self) -> str: ...
    def register(self, addr: int, nbytes: int, mem: str = ..., dev: int = ...) -> None: ...
    def deregister(self, addr: int, nbytes: int, mem: str = ..., dev: int = ...) -> None: ...
    def metadata(self) -> bytes: ...
    def connect(self, peer: str, md: bytes | None = None) -> list[str] | None: ...
    def forget(self, peer: str) -> None: ...
    def peer_stats(self) -> tuple[int, int]: ...
    def notify(self, peer: str, msg: bytes) -> None: ...
    def offer(
        self,
        peer: str,
        tensor_id: int,
        addr: int,
        size: int,
        dev: int,
        mem: str,
        done_id: int,
        with_md: bool,
        timeout_s: float | None = None,
    ) -> LaneTicket: ...
    def expect_notif(self, key: str, timeout_s: float | None = None) -> LaneTicket: ...
    def cancel_notif(self, key: str) -> bool: ...
    def expect_write(
        self,
        tensor_id: int,
        addr: int,
        nbytes: int,
        mem: str,
        dev: int,
        lane: NixlLane,
        timeout_s: float,
    ) -> LaneTicket: ...
    def write_stats(self) -> tuple[int, int]: ...
    def take_notifs(
        self, waker: Waker | None = None, timeout_s: float | None = ...
    ) -> list[tuple[str, bytes]]: ...
    def close(self) -> None: ...

@final
class NixlNotifier:
    """A reader's lease notifications on an agent of their own; its thread confirms each with
    a probe READ, GIL-free."""

    def __new__(cls, name: str, capi_path: str | None = None) -> NixlNotifier: ...
    def send(
        self, md: str, msg: bytes, probe: tuple[int, int, int] | None = None, mem: str = "DRAM"
    ) -> None: ...
    def pending(self) -> int: ...
    def stats(self) -> tuple[int, int, int]: ...
    def close(self, flush_s: float) -> None: ...

@final
class LaneTicket:
    """A lane job's end, set by the lane's thread without the GIL."""

    def state(self) -> str: ...
    def error(self) -> str: ...
    def timed_out(self) -> bool: ...
    def kept(self) -> bool: ...
    def wait(self, timeout_s: float) -> bool: ...
    def watch(self, waker: Waker, token: int) -> bool: ...

@final
class Waker:
    """An fd an event loop watches; readable once a watched ticket has ended (or a token
    was pushed)."""

    def __new__(cls) -> Waker: ...
    def fileno(self) -> int: ...
    def drain(self) -> list[int]: ...
    def push(self, token: int) -> None: ...
    def wait(self, timeout_s: float | None = None) -> bool: ...

@final
class Ranges:
    """First-fit offsets in ``[0, len)``, coalesced on release, lowest first."""

    def __new__(cls, len: int) -> Ranges: ...
    def alloc(self, need: int) -> int | None: ...
    def release(self, off: int, len: int) -> None: ...
    def free(self) -> list[tuple[int, int]]: ...

@final
class Frontend:
    def __new__(
        cls,
        *,
        capi_path: str | None = None,
        agent_name: str,
        pool_bytes: int = ...,
        lease_ttl_s: float = 120.0,
        acquire_timeout_s: float = 30.0,
        reuse_grace_s: float = 5.0,
        end_lease_on_read: bool = True,
        progress_delay_us: int = 1000,
        threads: int | None = None,
        channels: str = "native",
        max_width: int | None = None,
        max_height: int | None = None,
        max_pixels: int | None = None,
        max_alloc: int = ...,
        max_encoded_bytes: int = ...,
        max_video_bytes: int = ...,
        max_video_frames: int = 100000,
        exif_orientation: bool = False,
        content_hash: bool = True,
        resize: _Spec | None = None,
    ) -> Frontend: ...
    @property
    def agent_name(self) -> str: ...
    @property
    def threads(self) -> int: ...
    def nixl_metadata(self) -> str: ...
    def decode(self, data: _Input, resize: _Spec | None = None) -> Media: ...
    def decode_batch(
        self, items: Sequence[Any], resize: _Spec | None = None, cancel: Cancel | None = None
    ) -> list[Media | BaseException]: ...
    def decode_video(
        self,
        data: _Input,
        num_frames: int | None = None,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: _Spec | None = None,
        cancel: Cancel | None = None,
        indices: Sequence[int] | None = None,
    ) -> Media: ...
    def decode_video_batch(
        self,
        items: Sequence[Any],
        num_frames: int | None = None,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: _Spec | None = None,
        cancel: Cancel | None = None,
    ) -> list[Media | BaseException]: ...
    def poll(self) -> int: ...
    def advance_clock(self, seconds: float) -> int: ...
    def stats(self) -> dict[str, int]: ...
    def close(self) -> None: ...

def encode_nixl_metadata(md: bytes) -> str: ...
def decode_nixl_metadata(text: str) -> bytes: ...
def nixl_agent_name(md: bytes) -> str | None: ...
def parse_write_offer(msg: bytes) -> tuple[int, int, int, int, str, int, bytes] | None: ...
def content_hash(shape: Sequence[int], data: Buffer | np.ndarray) -> str: ...
def recycled_bytes() -> int: ...
def set_recycle_limit(bytes: int | None = None) -> None: ...
def recycle_limit() -> int: ...

# Audio (the `ffmpeg` feature, on by default).
@final
class AudioBuffer:
    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def sample_rate(self) -> int: ...
    @property
    def codec(self) -> str: ...
    @property
    def source_sample_rate(self) -> int: ...
    @property
    def source_channels(self) -> int: ...
    @property
    def duration(self) -> float: ...

@final
class AudioMedia:
    @property
    def addr(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def shape(self) -> tuple[int, int]: ...
    @property
    def sample_rate(self) -> int: ...
    @property
    def codec(self) -> str: ...
    @property
    def source_sample_rate(self) -> int: ...
    @property
    def source_channels(self) -> int: ...
    @property
    def duration(self) -> float: ...
    @property
    def nixl_metadata(self) -> str: ...
    @property
    def lease_key(self) -> str: ...
    @property
    def lease_id(self) -> int: ...
    @property
    def check_addr(self) -> int: ...
    @property
    def reuse_grace_s(self) -> float: ...
    @property
    def live(self) -> bool: ...
    def release(self) -> bool: ...

def decode_audio_with(
    decoder: Decoder,
    data: _Input,
    sample_rate: int | None = None,
    mono: bool = True,
    opus_decoder: str = "librosa",
    padding: str = "trim",
    resampler: str = "soxr",
    errors: str = "skip",
    max_duration_s: float = 3600.0,
    max_bytes: int = ...,
    max_encoded_bytes: int = ...,
) -> AudioBuffer: ...
def decode_audio_batch_with(
    decoder: Decoder,
    items: Sequence[Any],
    sample_rate: int | None = None,
    mono: bool = True,
    opus_decoder: str = "librosa",
    padding: str = "trim",
    resampler: str = "soxr",
    errors: str = "skip",
    max_duration_s: float = 3600.0,
    max_bytes: int = ...,
    max_encoded_bytes: int = ...,
    cancel: Cancel | None = None,
) -> list[AudioBuffer | BaseException]: ...
def frontend_decode_audio(
    frontend: Frontend,
    data: _Input,
    sample_rate: int | None = None,
    mono: bool = True,
    opus_decoder: str = "librosa",
    padding: str = "trim",
    resampler: str = "soxr",
    errors: str = "skip",
    max_duration_s: float = 3600.0,
    max_bytes: int = ...,
    max_encoded_bytes: int = ...,
) -> AudioMedia: ...
def frontend_decode_audio_batch(
    frontend: Frontend,
    items: Sequence[Any],
    sample_rate: int | None = None,
    mono: bool = True,
    opus_decoder: str = "librosa",
    padding: str = "trim",
    resampler: str = "soxr",
    errors: str = "skip",
    max_duration_s: float = 3600.0,
    max_bytes: int = ...,
    max_encoded_bytes: int = ...,
    cancel: Cancel | None = None,
) -> list[AudioMedia | BaseException]: ...
def resize_check(spec: _Spec) -> None: ...
def resize_target(spec: _Spec, height: int, width: int) -> tuple[int, int]: ...

# --- encoding (rust/src/py/encoder.rs) ---
@final
class Encoder:
    def __new__(
        cls,
        threads: int | None = None,
        max_width: int | None = None,
        max_height: int | None = None,
        max_pixels: int | None = None,
        max_video_bytes: int = ...,
        max_video_frames: int = 100000,
        max_output_bytes: int = ...,
    ) -> Encoder: ...
    @property
    def threads(self) -> int: ...
    def encode_image(
        self,
        array: np.ndarray,
        shape: Sequence[int],
        layout: str = "HWC",
        value_range: tuple[float, float] = ...,
        format: str = "png",
        quality: int | None = None,
    ) -> tuple[bytes, int, int]: ...
    def encode_image_batch(
        self,
        items: Sequence[tuple[np.ndarray, Sequence[int]]],
        layout: str = "HWC",
        value_range: tuple[float, float] = ...,
        format: str = "png",
        quality: int | None = None,
    ) -> list: ...
    def encode_video(
        self,
        array: np.ndarray,
        shape: Sequence[int],
        layout: str = "THWC",
        value_range: tuple[float, float] = ...,
        fps: float = 16.0,
        codec: str = "h264",
        container: str = "mp4",
        quality: int | None = None,
    ) -> tuple[bytes, dict]: ...
    def encode_video_batch(
        self,
        items: Sequence[tuple[np.ndarray, Sequence[int]]],
        layout: str = "THWC",
        value_range: tuple[float, float] = ...,
        fps: float = 16.0,
        codec: str = "h264",
        container: str = "mp4",
        quality: int | None = None,
    ) -> list: ...
    def frames_into(
        self,
        array: np.ndarray,
        shape: Sequence[int],
        out: np.ndarray,
        layout: str = "THWC",
        value_range: tuple[float, float] = ...,
    ) -> None: ...
    def b64encode(self, data: Buffer) -> str: ...

def has_video_encoder(name: str) -> bool: ...

# --- streaming, audio tracks, animations (rust/src/py/encoder_extra.rs) ---
@final
class VideoStream:
    def write(self, array: np.ndarray, shape: Sequence[int]) -> bytes: ...
    def close(self) -> bytes: ...
    def info(self) -> dict: ...

def video_stream(
    encoder: Encoder,
    width: int,
    height: int,
    fps: float = 16.0,
    codec: str = "h264",
    quality: int | None = None,
    layout: str = "THWC",
    value_range: tuple[float, float] = ...,
) -> VideoStream: ...
def encode_animation(
    encoder: Encoder,
    array: np.ndarray,
    shape: Sequence[int],
    layout: str = "THWC",
    value_range: tuple[float, float] = ...,
    fps: float = 16.0,
    format: str = "webp",
    quality: int | None = None,
    loops: int = 0,
) -> bytes: ...
def mux_audio(
    encoder: Encoder,
    video: bytes,
    container: str,
    duration: float,
    samples: np.ndarray,
    channels: int,
    sample_rate: int,
    codec: str = "opus",
) -> bytes: ...
