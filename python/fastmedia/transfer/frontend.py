"""The frontend: decode into NIXL-registered memory and hand out Dynamo descriptors.

Pixels are decoded on fastmedia's Rust pool straight into chunks of one region of
``pool_bytes`` that was reserved and registered with NIXL once, at start (no per-image
registration, no decode-then-copy, and ``nixl_metadata`` never changes; pages are filled as the
pool is used). Every image holds a lease on its chunk until a fastmedia reader's completion
notification (unless ``end_lease_on_read=False``), ``release()``, or ``lease_ttl_s`` ends it;
then the chunk is reused. Memory in flight is bounded by ``pool_bytes``: when the pool is full,
decoding waits up to ``acquire_timeout_s`` and then raises ``PoolExhausted``.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from fastmedia import _core, metrics
from fastmedia._internal import config as _config
from fastmedia._internal import gpu as _gpu
from fastmedia._internal.batch import AsyncBridge
from fastmedia.errors import ClosedError, ConfigError, NixlUnavailable
from fastmedia.media._decode_api import DecodeMethods
from fastmedia.media.audio import descriptor_metadata
from fastmedia.media.decoder import CHANNELS, Channels, Decoder, explicit_channels
from fastmedia.media.resize import spec
from fastmedia.media.video import dynamo_metadata, vllm_metadata
from fastmedia.transfer._nixl import (
    claim_name,
    configure_ucx_env,
    default_agent_name,
    install_hint,
    release_name,
    require_capi,
)

if TYPE_CHECKING:
    from typing_extensions import Buffer  # Media is a buffer (Rust), which 3.10 types cannot say


class DecodedMedia:
    """One decoded image (HWC) or video clip (THWC) living in registered memory.

    ``descriptor`` is the value of ``{"Decoded": ...}`` (docs/interop.md); ``item`` the whole
    item; ``array`` a read-only numpy view of the registered pixels (keeps the chunk alive
    while it exists); ``release()`` ends the lease now (idempotent).
    """

    __slots__ = ("_array", "_descriptor", "_m")

    def __init__(self, media: _core.Media) -> None:
        self._m = media
        self._descriptor: dict | None = None
        self._array: np.ndarray | None = None

    _DTYPE = "UINT8"

    def _metadata(self) -> dict:
        m = self._m
        if m.video is not None:
            return dynamo_metadata(m.video)
        image: dict = {"format": m.format, "color_type": m.color_type, "layout": "HWC"}
        if m.source_size is not None:
            # Resized in the frontend: the size before (Dynamo ignores unknown keys).
            image["source_size"] = list(m.source_size)
        return {"Image": image}

    def _content_hash(self) -> str | None:
        return self._m.content_hash

    @property
    def descriptor(self) -> dict:
        """The ``Decoded`` descriptor (docs/interop.md), built once."""
        if self._descriptor is None:
            m = self._m
            d = {
                "nixl_metadata": m.nixl_metadata,
                "nixl_descriptor": {
                    "addr": m.addr,
                    "size": m.size,
                    "mem_type": "Dram",
                    "device_id": 0,
                },
                "shape": list(m.shape),
                "dtype": self._DTYPE,
                "metadata": self._metadata(),
            }
            content_hash = self._content_hash()
            if content_hash is not None:
                d["content_hash"] = content_hash
            # Extra keys (Dynamo's reader ignores unknown descriptor keys). fastmedia readers
            # send lease_key back as the READ notification, so the lease ends at once, and
            # READ the lease word at lease_check.addr in the same transfer: if it no longer
            # equals lease_check.id the lease had ended and the read fails closed (the chunk
            # is not reused for grace_s after a lease expires).
            d["lease_key"] = m.lease_key
            d["lease_check"] = {"addr": m.check_addr, "id": m.lease_id, "grace_s": m.reuse_grace_s}
            self._descriptor = d
        return self._descriptor

    @property
    def item(self) -> dict:
        """The request item ``{"Decoded": descriptor}``."""
        return {"Decoded": self.descriptor}

    @property
    def array(self) -> np.ndarray:
        """The decoded pixels in registered memory, as a zero-copy numpy view (only while the
        lease lives; the first access after it ended raises ``BufferError``)."""
        if self._array is None:
            # memoryview first: np.asarray would swallow the BufferError raised once the
            # lease has ended and turn it into a 0-d object array.
            self._array = np.asarray(memoryview(cast("Buffer", self._m)))
        return self._array

    @property
    def shape(self) -> tuple[int, ...]:
        """The descriptor's shape: HWC for an image, THWC for a clip, ``[N, C]`` for audio."""
        return tuple(self._m.shape)

    @property
    def metadata(self) -> dict | None:
        """For a clip, vLLM's metadata dict (as ``Reader.read_video`` returns it); else None."""
        v = self._m.video
        return None if v is None else vllm_metadata(v)

    @property
    def lease_key(self) -> str:
        """``"fm1:<agent>:<lease id>"``: a reader's notification sends it back to end the
        lease."""
        return self._m.lease_key

    @property
    def live(self) -> bool:
        """True until the lease ends (a reader's notification, ``release()``, the TTL, or the
        Frontend's ``close()``)."""
        return self._m.live

    def release(self) -> bool:
        """End the lease now; the chunk is reused once no local ``array`` view remains.

        Call it when no reader is still reading (e.g. after the response completed): a READ
        that starts afterwards fails closed (its lease word no longer matches)."""
        return self._m.release()

    def __repr__(self) -> str:
        return f"DecodedMedia(shape={self.shape}, lease={self.lease_key!r}, live={self.live})"


class DecodedAudio(DecodedMedia):
    """One decoded audio input in registered memory: float32 channels-last ``[N, C]``
    (``DecodedMedia.shape``), ``sample_rate`` in the descriptor's metadata (see
    ``fastmedia.media.audio``). ``DecodedMedia.array`` is the registered ``[N, C]`` view;
    ``samples`` the same memory in librosa's layout (``[N]`` or ``[C, N]``)."""

    __slots__ = ()
    _DTYPE = "FLOAT32"

    def _metadata(self) -> dict:
        return descriptor_metadata(self._m)

    def _content_hash(self) -> str | None:
        return None  # Dynamo defines content_hash for uint8 pixels only

    @property
    def sample_rate(self) -> int:
        """Sample rate of the samples, in Hz."""
        return cast("_core.AudioMedia", self._m).sample_rate

    @property
    def samples(self):
        """librosa's layout: ``[N]`` for one channel, ``[C, N]`` for more (a view)."""
        arr = self.array
        return arr[:, 0] if arr.shape[1] == 1 else arr.T

    def __repr__(self) -> str:
        return (
            f"DecodedAudio(shape={self.shape}, sample_rate={self.sample_rate}, "
            f"lease={self.lease_key!r}, live={self.live})"
        )


def _channels(decoder: Decoder | None, channels: Channels | None) -> str:
    """The Frontend's channels: its own argument, else the decoder's when that was set
    explicitly, else ``"native"`` (Dynamo's). Both set and different: ``ConfigError``."""
    own = None if decoder is None else explicit_channels(decoder)
    if channels is None:
        return own or "native"
    chosen = _config.choice("channels", channels, CHANNELS, fold=True)
    if own is not None and own != chosen:
        raise ConfigError(
            f"Frontend(channels={channels!r}) contradicts its decoder's channels={own!r}: "
            "set channels in one place"
        )
    return chosen


class Frontend(DecodeMethods[DecodedMedia, DecodedAudio, DecodedMedia]):
    """Decodes media into NIXL-registered memory; see the module docstring.

    ``decoder`` supplies threads, limits, EXIF handling and ``resize`` (a default
    ``Decoder()`` if None); resized images' descriptors carry the resized shape and
    ``metadata["Image"]["source_size"]`` ([height, width] before the resize);
    ``channels`` defaults to the decoder's when it was given one (``Decoder(channels=...)``),
    else ``"native"`` like Dynamo's frontend; set in both and different is a ``ConfigError``.
    ``agent_name`` defaults to a name unique per process and start (pid and a random part).
    Names must be unique across every replica that talks to the same readers; a second live
    Frontend or Reader of the same name in one process raises ``ConfigError``. A chunk whose
    lease expired (``lease_ttl_s``) is reused only after ``reuse_grace_s``, so a READ in flight
    at that moment cannot see another image's pixels; readers check the lease word for the
    rest. ``DecodedMedia.release()`` frees at once: call it when no reader is still reading
    (reads that start later fail closed).

    ``end_lease_on_read``: True (default) ends a lease when a fastmedia reader's notification
    names it, so the chunk is reused at once: best when each descriptor is read exactly once.
    False: reads never end leases, only ``release()`` or ``lease_ttl_s`` do, and any number of
    reads succeed while the lease lives -- choose it when a request may be retried on another
    worker with the same descriptors (Dynamo's ``--migration-limit``), and call ``release()``
    when the response completes (else chunks stay held until the TTL, and the pool fills).

    ``progress_delay_us`` is the UCX progress thread's sleep (0 would spin a core; 1000 like
    Dynamo). ``fetcher`` lets ``decode*`` take http(s) URLs. ``device``: "cpu" (default);
    "cuda:N" raises ``GpuUnavailable`` naming what is missing (GPU decode into registered VRAM
    is not built yet: docs/gpu.md); "auto" falls back to "cpu".

    The ``decode*`` methods (images, ``_audio``, ``_video``; each single, batch and async)
    are ``Decoder``'s (``fastmedia.media._decode_api``), into registered memory; they raise
    ``ClosedError`` once the Frontend is closed.

    Raises ``NixlUnavailable`` when NIXL is not installed, ``ConfigError`` for an option out
    of range (it names the option, its value and the accepted range), ``NixlError`` when the
    agent or the registration fails.
    """

    _who = "Frontend"
    _metric = "frontend"
    _image = DecodedMedia
    _audio = DecodedAudio
    _video = DecodedMedia
    _audio_one = staticmethod(_core.frontend_decode_audio)
    _audio_batch = staticmethod(_core.frontend_decode_audio_batch)

    def __init__(
        self,
        decoder: Decoder | None = None,
        pool_bytes: int = 1 << 30,
        lease_ttl_s: float = 120.0,
        acquire_timeout_s: float = 30.0,
        channels: Channels | None = None,
        agent_name: str | None = None,
        *,
        reuse_grace_s: float = 5.0,
        end_lease_on_read: bool = True,
        progress_delay_us: int = 1000,
        content_hash: bool = True,
        fetcher: Any = None,
        device: str = "cpu",
    ) -> None:
        self.device: str = str(_gpu.resolve_device(device, "decode", "Frontend"))
        dec = decoder or Decoder()
        chosen = _channels(decoder, channels)
        if dec.background is not None and chosen == "rgb":
            raise ConfigError(
                "Frontend does not composite onto a decoder's background: use a Decoder, "
                "or channels='native'"
            )
        _config.integer("pool_bytes", pool_bytes, 1, 2**62)
        _config.seconds("lease_ttl_s", lease_ttl_s)
        _config.seconds("acquire_timeout_s", acquire_timeout_s, positive=False)
        _config.seconds("reuse_grace_s", reuse_grace_s)
        _config.integer("progress_delay_us", progress_delay_us, 0, 10**7)
        _config.boolean("end_lease_on_read", end_lease_on_read)
        _config.boolean("content_hash", content_hash)
        capi = require_capi()
        configure_ucx_env()
        self.fetcher = fetcher if fetcher is not None else dec.fetcher
        self.audio_limits = dec.audio_limits
        name = agent_name or default_agent_name("frontend")
        self._name_claim = (name, claim_name(name))  # ConfigError if a live agent has it
        try:
            self._core = _core.Frontend(
                capi_path=capi,
                agent_name=name,
                pool_bytes=pool_bytes,
                lease_ttl_s=lease_ttl_s,
                acquire_timeout_s=acquire_timeout_s,
                reuse_grace_s=reuse_grace_s,
                end_lease_on_read=end_lease_on_read,
                progress_delay_us=progress_delay_us,
                threads=dec.threads,
                channels=chosen,
                exif_orientation=dec.exif_orientation,
                content_hash=content_hash,
                resize=spec(dec.resize),
                **asdict(dec.limits),  # Limits' fields are the core's keyword names
            )
        except NixlUnavailable as e:  # the core's message cannot know this machine's wheel
            release_name(*self._name_claim)
            raise NixlUnavailable(f"{e}; install NIXL with: {install_hint()}") from e
        except BaseException:
            release_name(*self._name_claim)
            raise
        self._closed = False
        self._pid = os.getpid()
        self._bridge = AsyncBridge(max(4, 2 * self._core.threads))
        metrics.track_frontend(self)

    @property
    def agent_name(self) -> str:
        """This frontend's NIXL agent name."""
        return self._core.agent_name

    @property
    def nixl_metadata(self) -> str:
        """The agent's metadata as sent in descriptors. A capability: whoever holds it can
        READ the whole pool (docs/interop.md, threat model). Raises ``ClosedError`` after
        ``close()``, ``NixlError`` when NIXL cannot build it."""
        return self._core.nixl_metadata()

    def _check(self) -> None:
        if self._closed:
            raise ClosedError("the Frontend is closed")

    def stats(self) -> dict:
        """Pool bytes (limit / registered / in use / filled), live leases, releases by
        notification / TTL / caller, notifications drained, lease keys named by reads, chunk
        reuse and metadata builds (1: the registration never changes)."""
        return dict(self._core.stats())

    def poll(self) -> int:
        """Drain notifications and expire leases now (a background thread also does this).
        Returns the number of notifications drained; 0 once closed. Raises ``NixlError``
        when NIXL's notification call fails."""
        return self._core.poll()

    def close(self) -> None:
        """Deregister the pool and destroy the NIXL agent. Every lease ends (``live`` is False:
        no reader can reach the memory any more); local ``array`` views stay valid. Idempotent;
        ``decode*`` raises ``ClosedError`` afterwards."""
        if self._pid != os.getpid():
            # A forked child: the parent's threads may hold any lock here; touch none.
            self._closed = True
            return
        if not self._closed:
            self._closed = True
            self._bridge.shutdown()
            metrics.frontend_closed(self, self._core.stats())
            self._core.close()
            release_name(*self._name_claim)

    def __enter__(self) -> Frontend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()
