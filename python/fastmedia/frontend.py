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
import functools
from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from fastmedia import _core, metrics
from fastmedia._batch import (
    AsyncBridge,
    Data,
    batch_async,
    batch_slots,
    fetch_async,
    fetch_sync,
    finish_slots,
)
from fastmedia._nixl import (
    configure_ucx_env,
    default_agent_name,
    find_capi_library,
    install_hint,
)
from fastmedia.audio import descriptor_metadata
from fastmedia.decoder import Decoder
from fastmedia.errors import ClosedError, NixlUnavailable
from fastmedia.resize import Resize, spec
from fastmedia.video import dynamo_metadata, video_kwargs, vllm_metadata

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

    @property
    def descriptor(self) -> dict:
        if self._descriptor is None:
            m = self._m
            image: dict = {"format": m.format, "color_type": m.color_type, "layout": "HWC"}
            if m.source_size is not None:
                # Resized in the frontend: the size before (Dynamo ignores unknown keys).
                image["source_size"] = list(m.source_size)
            d = {
                "nixl_metadata": m.nixl_metadata,
                "nixl_descriptor": {
                    "addr": m.addr,
                    "size": m.size,
                    "mem_type": "Dram",
                    "device_id": 0,
                },
                "shape": list(m.shape),
                "dtype": "UINT8",
                "metadata": (dynamo_metadata(m.video) if m.video is not None else {"Image": image}),
            }
            if m.content_hash is not None:
                d["content_hash"] = m.content_hash
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
        return {"Decoded": self.descriptor}

    @property
    def array(self) -> np.ndarray:
        if self._array is None:
            # memoryview first: np.asarray would swallow the BufferError raised once the
            # lease has ended and turn it into a 0-d object array.
            self._array = np.asarray(memoryview(cast("Buffer", self._m)))
        return self._array

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self._m.shape)

    @property
    def metadata(self) -> dict | None:
        """For a clip, vLLM's metadata dict (as ``Reader.read_video`` returns it); else None."""
        v = self._m.video
        return None if v is None else vllm_metadata(v)

    @property
    def lease_key(self) -> str:
        return self._m.lease_key

    @property
    def live(self) -> bool:
        """True until the lease ends (notification, release or TTL)."""
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
    (``shape``), ``sample_rate`` in the descriptor's metadata (see ``fastmedia.audio``).
    ``array`` is the registered ``[N, C]`` view; ``samples`` the same memory in librosa's
    layout (``[N]`` or ``[C, N]``)."""

    __slots__ = ()

    @property
    def descriptor(self) -> dict:
        if self._descriptor is None:
            m = self._m
            self._descriptor = {
                "nixl_metadata": m.nixl_metadata,
                "nixl_descriptor": {
                    "addr": m.addr,
                    "size": m.size,
                    "mem_type": "Dram",
                    "device_id": 0,
                },
                "shape": list(m.shape),
                "dtype": "FLOAT32",
                "metadata": descriptor_metadata(m),
                # No content_hash: Dynamo defines it for uint8 pixels only.
                "lease_key": m.lease_key,
                "lease_check": {"addr": m.check_addr, "id": m.lease_id, "grace_s": m.reuse_grace_s},
            }
        return self._descriptor

    @property
    def sample_rate(self) -> int:
        return cast("_core.AudioMedia", self._m).sample_rate

    @property
    def samples(self):
        arr = self.array
        return arr[:, 0] if arr.shape[1] == 1 else arr.T

    def __repr__(self) -> str:
        return (
            f"DecodedAudio(shape={self.shape}, sample_rate={self.sample_rate}, "
            f"lease={self.lease_key!r}, live={self.live})"
        )


class Frontend:
    """Decodes media into NIXL-registered memory; see the module docstring.

    ``decoder`` supplies threads, limits, EXIF handling and ``resize`` (a default
    ``Decoder()`` if None); resized images' descriptors carry the resized shape and
    ``metadata["Image"]["source_size"]`` ([height, width] before the resize);
    ``channels`` defaults to ``"native"`` like Dynamo's frontend. ``agent_name`` defaults to a
    unique name per process. A chunk whose lease expired (``lease_ttl_s``) is reused only after
    ``reuse_grace_s``, so a READ in flight at that moment cannot see another image's pixels;
    readers check the lease word for the rest. ``DecodedMedia.release()`` frees at once: call
    it when no reader is still reading (reads that start later fail closed).

    ``end_lease_on_read``: True (default) ends a lease when a fastmedia reader's notification
    names it, so the chunk is reused at once: best when each descriptor is read exactly once.
    False: reads never end leases, only ``release()`` or ``lease_ttl_s`` do, and any number of
    reads succeed while the lease lives -- choose it when a request may be retried on another
    worker with the same descriptors (Dynamo's ``--migration-limit``), and call ``release()``
    when the response completes (else chunks stay held until the TTL, and the pool fills).

    ``progress_delay_us`` is the UCX progress thread's sleep (0 would spin a core; 1000 like
    Dynamo). ``fetcher`` lets ``decode*`` take http(s) URLs.

    Raises ``NixlUnavailable`` when NIXL is not installed.
    """

    def __init__(
        self,
        decoder: Decoder | None = None,
        pool_bytes: int = 1 << 30,
        lease_ttl_s: float = 120.0,
        acquire_timeout_s: float = 30.0,
        channels: str = "native",
        agent_name: str | None = None,
        *,
        reuse_grace_s: float = 5.0,
        end_lease_on_read: bool = True,
        progress_delay_us: int = 1000,
        content_hash: bool = True,
        fetcher: Any = None,
    ) -> None:
        dec = decoder or Decoder()
        capi = find_capi_library()
        if capi is None:
            raise NixlUnavailable(
                "NIXL's C API (libnixl_capi.so) was not found; install NIXL with: " + install_hint()
            )
        configure_ucx_env()
        self.fetcher = fetcher if fetcher is not None else dec.fetcher
        self.audio_limits = dec.audio_limits
        try:
            self._core = _core.Frontend(
                capi_path=capi,
                agent_name=agent_name or default_agent_name("frontend"),
                pool_bytes=pool_bytes,
                lease_ttl_s=lease_ttl_s,
                acquire_timeout_s=acquire_timeout_s,
                reuse_grace_s=reuse_grace_s,
                end_lease_on_read=end_lease_on_read,
                progress_delay_us=progress_delay_us,
                threads=dec.threads,
                channels=channels,
                exif_orientation=dec.exif_orientation,
                content_hash=content_hash,
                resize=spec(dec.resize),
                **asdict(dec.limits),  # Limits' fields are the core's keyword names
            )
        except NixlUnavailable as e:  # the core's message cannot know this machine's wheel
            raise NixlUnavailable(f"{e}; install NIXL with: {install_hint()}") from e
        self._closed = False
        self._bridge = AsyncBridge(max(4, 2 * self._core.threads))
        metrics.track_frontend(self)

    @property
    def agent_name(self) -> str:
        return self._core.agent_name

    @property
    def nixl_metadata(self) -> str:
        return self._core.nixl_metadata()

    def _check(self) -> None:
        if self._closed:
            raise ClosedError("the Frontend is closed")

    def decode(self, data: Data, resize: Resize | None = None) -> DecodedMedia:
        """Decode one image into registered memory (``resize`` replaces the decoder's)."""
        self._check()
        data = fetch_sync(self.fetcher, data, "Frontend")
        s = spec(resize)
        return DecodedMedia(
            metrics.decode_call("frontend", "single", lambda: self._core.decode(data, s))
        )

    def decode_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        resize: Resize | None = None,
    ) -> list:
        """Decode ``items`` in parallel, in input order; raises the first error unless
        ``return_exceptions`` (then failed slots hold the exception)."""
        self._check()
        # Leases already taken by other items stay valid when an error is raised
        # (TTL or the caller ends them).
        core = functools.partial(self._core.decode_batch, resize=spec(resize))
        slots = metrics.decode_call(
            "frontend", "batch", lambda: batch_slots(core, self.fetcher, items)
        )
        return finish_slots(slots, DecodedMedia, return_exceptions)

    async def decode_async(self, data: Data, resize: Resize | None = None) -> DecodedMedia:
        """Decode one image without blocking the event loop (waits for pool room off-loop)."""
        self._check()
        s = spec(resize)
        data = await fetch_async(self.fetcher, data, "Frontend")
        return DecodedMedia(await self._bridge.run(self._core.decode, data, s))

    async def decode_batch_async(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        resize: Resize | None = None,
    ) -> list:
        """``decode_batch`` without blocking the event loop; each URL is decoded into the
        pool as soon as its body arrives."""
        self._check()
        s = spec(resize)
        return await batch_async(
            self._bridge,
            functools.partial(self._core.decode, resize=s),
            functools.partial(self.decode_batch, resize=resize),
            self.fetcher,
            items,
            DecodedMedia,
            return_exceptions,
        )

    # ------------------------------------------------------------------ audio

    def _audio_call(self, fn, data, sample_rate: int | None, mono: bool):
        return fn(
            self._core,
            data,
            sample_rate=sample_rate,
            mono=mono,
            **asdict(self.audio_limits),  # AudioLimits' fields are the core's keyword names
        )

    def decode_audio(
        self, data: Data, sample_rate: int | None = None, mono: bool = True
    ) -> DecodedAudio:
        """``Decoder.decode_audio`` into registered memory (channels-last ``[N, C]``)."""
        self._check()
        data = fetch_sync(self.fetcher, data, "Frontend")
        return DecodedAudio(self._audio_call(_core.frontend_decode_audio, data, sample_rate, mono))

    def decode_audio_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        sample_rate: int | None = None,
        mono: bool = True,
    ) -> list:
        """``decode_audio`` for many inputs in parallel, in input order."""
        self._check()

        def run(batch):
            return self._audio_call(_core.frontend_decode_audio_batch, batch, sample_rate, mono)

        slots = batch_slots(run, self.fetcher, items)
        return finish_slots(slots, DecodedAudio, return_exceptions)

    async def decode_audio_async(
        self, data: Data, sample_rate: int | None = None, mono: bool = True
    ) -> DecodedAudio:
        """``decode_audio`` without blocking the event loop."""
        self._check()
        data = await fetch_async(self.fetcher, data, "Frontend")
        m = await self._bridge.run(
            lambda: self._audio_call(_core.frontend_decode_audio, data, sample_rate, mono)
        )
        return DecodedAudio(m)

    def decode_video(
        self,
        data: Data,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: Resize | None = None,
    ) -> DecodedMedia:
        """Decode a clip's sampled frames straight into one registered chunk; the descriptor
        has shape ``[T, H, W, 3]`` and ``metadata {"Video": {...}}`` (see ``Decoder.decode_video``).
        ``resize`` replaces the decoder's; a resized clip's shape is the resized size and its
        ``metadata["Video"]["source_size"]`` the [height, width] before.
        """
        self._check()
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        data = fetch_sync(self.fetcher, data, "Frontend")
        return DecodedMedia(self._core.decode_video(data, **kw))

    def decode_video_batch(
        self,
        items: Sequence[Data],
        return_exceptions: bool = False,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: Resize | None = None,
    ) -> list:
        """``decode_video`` over many clips in parallel, in input order."""
        self._check()
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        slots = batch_slots(lambda xs: self._core.decode_video_batch(xs, **kw), self.fetcher, items)
        return finish_slots(slots, DecodedMedia, return_exceptions)

    async def decode_video_async(
        self,
        data: Data,
        num_frames: int | None = 32,
        fps: float | None = None,
        max_frames: int | None = None,
        sampling: str = "uniform",
        resize: Resize | None = None,
    ) -> DecodedMedia:
        """``decode_video`` without blocking the event loop."""
        self._check()
        kw = video_kwargs(num_frames, fps, max_frames, sampling, resize)
        data = await fetch_async(self.fetcher, data, "Frontend")
        return DecodedMedia(await self._bridge.run(lambda: self._core.decode_video(data, **kw)))

    def stats(self) -> dict:
        """Pool bytes (limit / registered / in use / filled), live leases, releases by
        notification / TTL / caller, notifications drained, lease keys named by reads, chunk
        reuse and metadata builds (1: the registration never changes)."""
        return dict(self._core.stats())

    def poll(self) -> int:
        """Drain notifications and expire leases now (a background thread also does this)."""
        return self._core.poll()

    def close(self) -> None:
        """Deregister the pool and destroy the NIXL agent. Local ``array`` views stay valid."""
        if not self._closed:
            self._closed = True
            self._bridge.shutdown()
            metrics.frontend_closed(self, self._core.stats())
            self._core.close()

    def __enter__(self) -> Frontend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()
