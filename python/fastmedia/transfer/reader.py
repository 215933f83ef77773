"""Backend readers: pull frontend-decoded pixels over NIXL into numpy, torch or PIL.

Data path: descriptor -> (validated, before any I/O) -> destination chunk from the reader's own
pre-registered pool -> one NIXL READ per remote agent -> wait until DONE -> lease checks ->
the lease keys notified (by a second agent, ``_Notifier``) -> the caller gets a zero-copy
numpy view of the chunk. The chunk returns to
the pool when the last array/tensor/image that views it is garbage collected.

Why views and not fresh arrays: the READ already is the one copy the data needs. A fresh array
per read costs a second full pass over the pixels plus page faults on new memory (measured in
docs/benchmarks.md). The price is memory held while the caller holds arrays; the pool grows up
to ``pool_bytes`` and only then falls back to a one-off registration per read. ``read_into``
reads straight into caller memory (registered for that call, or free of registration when it
comes from ``Reader.empty``).

Fail closed: nothing is handed out before NIXL says DONE. On error/timeout the chunks go back
to the pool (a timed-out chunk is quarantined: a late write can never reach a later image;
so is ``read_into``'s memory from ``Reader.empty``), a one-off registration whose handle NIXL
would not release stays registered and alive until ``close()`` ("parked"), ``read_into``
zero-fills the caller's buffer, and ``TransferError`` names the remote agent.

Lease check (fastmedia frontends, docs/interop.md): a descriptor with ``lease_check`` names an
8-byte lease word next to the pixels (same agent, same registered slab) that equals the lease
id while the lease lives. The word is READ in the same transfer as the pixels (one extra
remote/local pair per descriptor, into an 8-byte slot of the reader's pool), and after DONE the
read fails closed (``TransferError``, nothing handed out) when the word no longer equals the id
-- the lease had ended, the chunk may hold another image -- or when post..DONE took longer than
``grace_s``: the frontend keeps an ended lease's chunk unused for ``grace_s``, so only a
transfer shorter than that is sure to have read the pixels before any reuse. Descriptors
without ``lease_check`` (Dynamo's frontend) are read exactly as before.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import math
import threading
import time
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, overload

import numpy as np

from fastmedia import metrics
from fastmedia._internal import config as _config
from fastmedia._internal import gpu as _gpu
from fastmedia._internal.outputs import OUTPUTS, as_numpy, convert, out_buffer, require_torch, zero
from fastmedia.errors import ClosedError, NixlError, TransferError
from fastmedia.media.audio import check_descriptor, from_channels_last
from fastmedia.media.video import metadata_from_descriptor
from fastmedia.transfer import _nixl
from fastmedia.transfer._dest_pool import Block, DestPool
from fastmedia.transfer._lanes import LAG_BYTES, Lane, Part, share_out
from fastmedia.transfer._remotes import Remote, RemoteAgents
from fastmedia.transfer.descriptor import (
    DescriptorError,
    MediaDescriptor,
    agent_name_from_metadata,
    decode_metadata,
    parse_descriptor,
)

# --------------------------------------------------------------------------- transfers

_MIN_PIECE = 1 << 20  # with threads, items are cut into pieces of at least this size


@dataclass
class _Dest:
    desc: MediaDescriptor
    addr: int
    block: Block | None = None  # pool chunk
    oneoff: np.ndarray | None = None  # one-off registered buffer
    oneoff_reg: Any = None
    out: Any = None  # caller memory (read_into)
    mem: str = "DRAM"  # NIXL segment of ``addr``: "VRAM" for gpu_read="direct"
    dev: int = 0  # its device id (the CUDA ordinal for "VRAM")


@dataclass
class _Xfer:
    mds: list[str]  # the peer's nixl_metadata strings (one agent's), as its descriptors carry them
    dests: list[_Dest]
    remote: Remote | None = None  # the peer on this reader's agent, loaded by its first use
    handle: Any = None
    state: str = "PROC"
    # Lease words (descriptors with lease_check), READ after the pixels in the same transfer.
    checked: list[_Dest] = field(default_factory=list)
    words: np.ndarray | None = None  # u64 slots, one per checked dest (pool chunk or one-off)
    words_block: Block | None = None
    words_reg: Any = None
    t_post: float = 0.0
    t_done: float | None = None
    words_pending: bool = False  # two-phase (threads > 1, VRAM): the words' READ is still to post
    parts: list[Part] = field(default_factory=list)  # the lanes' shares (threads > 1, async)
    lanes: list[Lane] = field(default_factory=list)  # who runs each part
    here: Part | None = None  # the home lane's part, run on a sync caller's thread (_run_here)
    keys: list[str] = field(default_factory=list)  # lease keys, notified after the checks


class _Op:
    def __init__(self, xfers: list[_Xfer], dests: list[_Dest], deadline: float) -> None:
        self.xfers = xfers
        self.dests = dests
        self.deadline = deadline


Output = Literal["numpy", "torch", "pil"]
Descriptor = Mapping[str, Any]


class Reader:
    """Reads frontend-decoded media over NIXL (UCX) into numpy/torch/PIL.

    ``agent_name``: this reader's NIXL agent name (default unique per process and start); a
    live Frontend or Reader of the same name in this process raises ``ConfigError``.
    ``timeout_s``: a READ not DONE by then raises ``TransferError``.
    ``pool_bytes``/``slab_bytes``: registered destination memory, grown slab by slab up to
    ``pool_bytes``; reads beyond it (or larger than one slab) use a one-off registration.
    ``progress_delay_us``: None (default) drives UCX only while waiting, so an idle reader costs
    no CPU; an int starts a UCX progress thread with that delay.
    ``threads``: 0 (default) or 1: one lane READs (``fastmedia.transfer._lanes``: a NIXL agent and a
    thread of the Rust core, idle while no READ is in flight). N > 1: N-1 more lanes; items of
    2 MiB or more are cut into N pieces spread over them, so on one host a read copies on N
    cores. An async caller does not copy: its event loop is woken by the lanes' reports. A sync
    caller runs the first lane's share itself, in the core with the GIL released, then waits
    for the others' reports; it never polls from Python. The first lane is made by the first
    read. Items outside the pool (``read_into`` a caller's array, reads over ``pool_bytes``)
    are READ by this reader's own agent on the caller's thread. Lease words are READ after the
    pixels, in the same transfer when one transfer READs them all, else in a second one.
    ``verify_hash``: check uint8 reads against the descriptor's ``content_hash`` (xxh3 over the
    pixels) and raise ``TransferError`` on mismatch. None (default): only descriptors without
    ``lease_check`` (Dynamo's frontend) are checked. Their memory is freed and reused when the
    request ends, and NIXL still reports DONE for a READ of it, so the hash is their only guard
    against handing out another image's pixels. The cost is one xxh3 pass over the pixels on
    the reader's thread (measured 8.4 GB/s here: 0.74 ms per 1080p RGB image; docs/dynamo.md). Those
    with ``lease_check`` (fastmedia frontends) are already failed closed by the lease word read
    with the pixels. True: check every descriptor; False: none.

    ``device``: "cpu" (default); "cuda:N": ``output="torch"`` returns CUDA tensors on that
    device and ``read_into`` takes a CUDA tensor; ``"numpy"`` and ``"pil"`` outputs stay in host
    memory. Until checked on a GPU (docs/gpu.md), "cuda:N" raises ``GpuUnavailable`` naming what
    is missing; "auto" falls back to "cpu" (``self.device``).
    ``gpu_read`` (CUDA only; checked on any device): "staged": READs land in the host pool and
    are copied to the device on a stream of their own, complete before the call returns (as
    the embedding receiver does where UCX only emulates a READ into VRAM). "direct": READs land
    in a VRAM pool of ``pool_bytes`` (one arena registered with NIXL as "VRAM", taken at the
    first such read) and ``read_into`` READs straight into the caller's CUDA tensor (registered
    for that call); items the arena cannot hold then go staged. "auto" (default): "direct" only
    on a host with an RDMA device (``/sys/class/infiniband``), else "staged" (``self.gpu_read``).

    ``close()`` first waits (up to ``NOTIFY_FLUSH_S``, or ``timeout_s`` if shorter) until the
    lease notifications it sent reached their frontends, so a reader that exits right after
    its last read still ends those leases.

    Raises ``NixlUnavailable`` without NIXL, ``ConfigError`` for an option out of range
    (``threads`` is refused above 4 per usable CPU, at least 64).
    """

    NOTIFY_FLUSH_S = 5.0
    _off_loop = True
    """Pooled reads go to the home lane (False: the caller's thread READs them through this
    reader's Python agent; tests that wrap that agent's methods to kill a peer at an exact
    point set it)."""

    def __init__(
        self,
        agent_name: str | None = None,
        timeout_s: float = 30.0,
        *,
        pool_bytes: int = 1 << 30,
        slab_bytes: int = 64 << 20,
        progress_delay_us: int | None = None,
        verify_hash: bool | None = None,
        threads: int = 0,
        device: str = "cpu",
        gpu_read: str = "auto",
    ) -> None:
        mode = _gpu.choose_read(gpu_read)  # ConfigError before anything else
        dev = _gpu.resolve_device(device, "read", "Reader")
        self.device: str = str(dev)
        self._cuda = dev if dev.kind == "cuda" else None
        self.gpu_read: str | None = mode if self._cuda is not None else None
        self.timeout_s = _config.seconds("timeout_s", timeout_s)
        _config.threads("threads", threads, lo=0, none=False)
        _config.integer("pool_bytes", pool_bytes, 1, 2**62)
        _config.integer("slab_bytes", slab_bytes, 1, 2**62)
        _config.integer("progress_delay_us", progress_delay_us, 0, 10**7, none=True)
        if verify_hash is not None:
            _config.boolean("verify_hash", verify_hash)
        _nixl.require_nixl()
        self.verify_hash = None if verify_hash is None else bool(verify_hash)
        self._threads = int(threads)
        self._agent = _nixl.make_agent(agent_name, progress_delay_us, role="reader")
        self.agent_name: str = self._agent.name
        self._lock = threading.RLock()  # NIXL agents are not thread-safe (sync mode NONE)
        self._lanes = [Lane(f"{self.agent_name}-lane{i}") for i in range(1, self._threads)]
        self._home: Lane | None = None  # the home lane (_home_lane)
        self._pool = DestPool(self._agent, pool_bytes, min(slab_bytes, pool_bytes), self._lanes)
        self._vram: DestPool | None = None  # gpu_read="direct": the VRAM pool (_vram_pool)
        self._pool_bytes = int(pool_bytes)
        self._remotes = RemoteAgents(self._agent)
        self._notifier: _Notifier | None = None  # created by the first lease notification
        self._notifier_failed = False  # ... unless that failed: then _agent notifies
        self._closed = False
        # (registration, memory) of one-off destinations whose abandoned READ's handle NIXL
        # would not release: a late write may still land, so they stay registered and alive.
        self._parked: list[tuple[Any, Any]] = []
        self._stats: collections.Counter[str] = collections.Counter()
        metrics.track_reader(self, self._stats)

    # ------------------------------------------------------------------ public API

    @overload
    def read(self, descriptor: Descriptor, output: Literal["numpy"] = "numpy") -> np.ndarray: ...
    @overload
    def read(self, descriptor: Descriptor, output: Output) -> Any: ...

    def read(self, descriptor: Descriptor, output: Output = "numpy") -> Any:
        """Read one descriptor; returns an HWC/THWC array (or a torch tensor with
        ``output="torch"``, a PIL image, or a list of them for a clip, with ``"pil"``).
        Raises what ``read_batch`` raises."""
        return self.read_batch([descriptor], output=output)[0]

    def read_video(self, descriptor: Mapping[str, Any]) -> tuple[np.ndarray, dict]:
        """Read one video descriptor: ``(frames [T,H,W,C], vLLM's metadata dict)``."""
        return self.read_video_batch([descriptor])[0]

    def read_video_batch(self, descriptors: Sequence[Mapping[str, Any]]) -> list:
        """``read_video`` for many descriptors (one READ per frontend). The metadata comes from
        the descriptor's ``{"Video": ...}`` (fastmedia's or Dynamo's frontend)."""
        descs = [parse_descriptor(d) for d in descriptors]
        metas = [_video_meta(d) for d in descs]  # validated before any transfer
        arrays = self.read_batch(descs)  # type: ignore[arg-type]  # parsed descriptors pass through
        return list(zip(arrays, metas, strict=True))

    @overload
    def read_batch(
        self, descriptors: Sequence[Descriptor], output: Literal["numpy"] = "numpy"
    ) -> list[np.ndarray]: ...
    @overload
    def read_batch(self, descriptors: Sequence[Descriptor], output: Output) -> list[Any]: ...

    def read_batch(self, descriptors: Sequence[Descriptor], output: Output = "numpy") -> list[Any]:
        """Read many descriptors with one NIXL transfer per remote agent; results in order.

        Raises ``DescriptorError`` (before any transfer), ``TransferError`` (nothing from the
        batch is returned then), ``ClosedError`` after ``close()``, ``ValueError`` for an
        unknown ``output`` and ``ImportError`` for ``output="torch"`` without PyTorch.
        """
        t0 = time.perf_counter() if metrics.enabled else 0.0
        try:
            op = self._start([parse_descriptor(d) for d in descriptors], None, output, True)
            self._wait_sync_guarded(op)
            return self._finish(op, output)
        finally:
            if t0:
                metrics.read_done("single" if len(descriptors) == 1 else "batch", t0)

    @overload
    async def read_async(
        self, descriptor: Descriptor, output: Literal["numpy"] = "numpy"
    ) -> np.ndarray: ...
    @overload
    async def read_async(self, descriptor: Descriptor, output: Output) -> Any: ...

    async def read_async(self, descriptor: Descriptor, output: Output = "numpy") -> Any:
        """``read`` without blocking the event loop."""
        return (await self.read_batch_async([descriptor], output=output))[0]

    @overload
    async def read_batch_async(
        self, descriptors: Sequence[Descriptor], output: Literal["numpy"] = "numpy"
    ) -> list[np.ndarray]: ...
    @overload
    async def read_batch_async(
        self, descriptors: Sequence[Descriptor], output: Output
    ) -> list[Any]: ...

    async def read_batch_async(
        self, descriptors: Sequence[Descriptor], output: Output = "numpy"
    ) -> list[Any]:
        """``read_batch`` without blocking the event loop."""
        t0 = time.perf_counter() if metrics.enabled else 0.0
        try:
            op = self._start([parse_descriptor(d) for d in descriptors], None, output)
            await self._wait_async_guarded(op)
            return self._finish(op, output)
        finally:
            if t0:
                metrics.read_done("single" if len(descriptors) == 1 else "batch", t0)

    def read_audio(self, descriptor: Mapping[str, Any]) -> tuple[np.ndarray, int]:
        """Read an audio descriptor; returns ``(samples, sample_rate)`` in librosa's layout
        (float32 ``[N]`` or ``[C, N]``), as the frontend's ``decode_audio`` gave them."""
        return self.read_audio_batch([descriptor])[0]

    def read_audio_batch(self, descriptors: Sequence[Mapping[str, Any]]) -> list:
        """``read_audio`` for many descriptors, one NIXL transfer per remote agent."""
        for d in descriptors:
            check_descriptor(d)
        arrays = self.read_batch(descriptors)
        return [
            from_channels_last(a, d.get("metadata"))
            for a, d in zip(arrays, descriptors, strict=True)
        ]

    async def read_audio_batch_async(self, descriptors: Sequence[Mapping[str, Any]]) -> list:
        """``read_audio_batch`` without blocking the event loop."""
        for d in descriptors:
            check_descriptor(d)
        arrays = await self.read_batch_async(descriptors)
        return [
            from_channels_last(a, d.get("metadata"))
            for a, d in zip(arrays, descriptors, strict=True)
        ]

    def read_into(self, descriptor: Mapping[str, Any], out: Any) -> Any:
        """Read straight into ``out`` (C-contiguous numpy array or CPU tensor with exactly the
        descriptor's byte size). No extra copy. On failure ``out`` is zero-filled and
        ``TransferError`` raised. Returns ``out``. A ``Reader(device="cuda:N")`` also takes a
        contiguous CUDA tensor on its device: READ straight into it (``gpu_read="direct"``) or
        into the host pool, then copied into it (staged)."""
        d, staged = self._into(descriptor, out)
        if staged:
            self._copy_staged(out, self.read(d, output="numpy"))
            return out
        t0 = time.perf_counter() if metrics.enabled else 0.0
        try:
            op = self._start([d], out, "numpy", True)
            self._wait_sync_guarded(op)
            self._finish(op, "numpy")
        finally:
            if t0:
                metrics.read_done("single", t0)
        return out

    async def read_into_async(self, descriptor: Mapping[str, Any], out: Any) -> Any:
        """``read_into`` without blocking the event loop; raises what ``read_into`` raises."""
        d, staged = self._into(descriptor, out)
        if staged:
            self._copy_staged(out, await self.read_async(d, output="numpy"))
            return out
        t0 = time.perf_counter() if metrics.enabled else 0.0
        try:
            op = self._start([d], out, "numpy")
            await self._wait_async_guarded(op)
            self._finish(op, "numpy")
        finally:
            if t0:
                metrics.read_done("single", t0)
        return out

    def _into(self, descriptor: Mapping[str, Any], out: Any) -> tuple[Any, bool]:
        """``read_into``'s descriptor, checked against ``out`` before any transfer, and whether
        it goes through the host pool (a CUDA tensor under ``gpu_read="staged"``)."""
        if self._is_cuda(out):
            return self._sized(descriptor, out), self.gpu_read == "staged"
        d = parse_descriptor(descriptor)
        _addr, nbytes = out_buffer(out)
        if nbytes != d.size:
            raise ValueError(f"read_into: out has {nbytes} bytes, descriptor has {d.size}")
        return d, False

    def _is_cuda(self, out: Any) -> bool:
        if getattr(getattr(out, "device", None), "type", None) != "cuda":
            return False
        if self._cuda is None:
            raise ValueError(
                f"read_into: a CUDA tensor needs Reader(device='cuda:N'), this "
                f"reader is on {self.device}"
            )
        return True

    def _sized(self, descriptor: Mapping[str, Any], out: Any) -> Any:
        """The parsed descriptor, checked against CUDA tensor ``out`` before any transfer."""
        d = parse_descriptor(descriptor)
        _addr, nbytes, index = _gpu.cuda_region(out)
        if nbytes != d.size:
            raise ValueError(f"read_into: out has {nbytes} bytes, descriptor has {d.size}")
        if self._cuda is not None and index != self._cuda.index:
            raise ValueError(f"read_into: out is on cuda:{index}, this reader on {self.device}")
        return d

    @staticmethod
    def _copy_staged(out: Any, host: np.ndarray) -> None:
        import torch

        _gpu.copy_into(out, torch.from_numpy(host))

    def empty(self, shape: Iterable[int], dtype: Any = np.uint8) -> np.ndarray:
        """A pool-backed (already registered) array: ``read_into`` it without registration.
        Raises ``MemoryError`` when the pool is exhausted or the request is larger than a
        slab."""
        self._check_open()
        shape = tuple(int(s) for s in shape)
        dt = np.dtype(dtype)
        with self._lock:
            block = self._pool.alloc(math.prod(shape) * dt.itemsize)
        if block is None:
            raise MemoryError("reader pool exhausted (pool_bytes) or request larger than a slab")
        return block.view(shape, dt)

    def stats(self) -> dict:
        """Counters: reads, bytes, transfers, one-off registrations, errors, pool and peers.
        ``remote_agents`` are the peers this reader's own agent has loaded, and
        ``lane_remote_agents`` those its lanes have; ``remote_agents_added``, ``_replaced``
        (a restarted frontend) and ``_failed_fast`` (reads refused at once because their
        frontend's metadata failed to connect in the last few seconds) count both.
        ``register_memory_calls``: pool slabs, their registrations on the lanes
        (``lane_register_memory_calls``) and one-off registrations."""
        pool = self._pool.usage()
        if self._vram is not None:
            pool |= self._vram.usage("vram_pool_bytes")
        lane_regs = self._pool.lane_registrations()
        pool["lane_register_memory_calls"] = lane_regs
        pool["register_memory_calls"] = (
            self._pool.registrations + lane_regs + self._stats["oneoff_registrations"]
        )
        counts = [lane.peer_stats() for lane in self._all_lanes()]
        added, replaced, failed_fast, loaded = (sum(c[i] for c in counts) for i in range(4))
        return {
            **dict(self._stats),
            **pool,
            "remote_agents": len(self._remotes.by_name),
            "lane_remote_agents": loaded,
            "remote_agents_added": self._remotes.added + added,
            "remote_agents_replaced": self._remotes.replaced + replaced,
            "remote_agents_failed_fast": self._remotes.failed_fast + failed_fast,
        }

    def _all_lanes(self) -> list[Lane]:
        return [*self._lanes, *([self._home] if self._home is not None else [])]

    def close(self) -> None:
        """Release peers and the pool. Arrays already returned stay valid."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._remotes.close()
            if self._notifier is not None:
                self._notifier.close(min(self.timeout_s, Reader.NOTIFY_FLUSH_S))
            for lane in self._all_lanes():
                lane.close()  # first: a lane may still be copying into the pool
            self._pool.close()
            if self._vram is not None:
                self._vram.close()
            for reg, _mem in self._parked:  # the peers are gone: no READ can land any more
                with contextlib.suppress(Exception):
                    self._agent.deregister_memory(reg)
            self._parked = []
            _nixl.release_agent(self._agent)

    def __enter__(self) -> Reader:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ------------------------------------------------------------------ internals

    def _check_open(self) -> None:
        if self._closed:
            raise ClosedError("Reader is closed")

    def _start(
        self, descs: list[MediaDescriptor], out: Any, output: str, sync: bool = False
    ) -> _Op:
        if output not in OUTPUTS:
            raise ValueError(f"output must be one of {OUTPUTS}, got {output!r}")
        if output == "torch":
            require_torch()
        if not descs:
            return _Op([], [], 0.0)
        with self._lock:
            self._check_open()
            dests: list[_Dest] = []
            groups: dict[tuple[str, str, str], _Xfer] = {}
            try:
                for d in descs:
                    dests.append(self._dest(d, out, output))
                for dest in dests:
                    d = dest.desc
                    peer = _peer_of(d.nixl_metadata)
                    if peer is None:
                        decode_metadata(d.nixl_metadata)  # DescriptorError before any transfer
                        peer = d.nixl_metadata  # an agent name in a layout we do not know
                    key = (peer, d.mem_type, dest.mem)  # one agent, one segment each side
                    x = groups.get(key)
                    if x is None:
                        groups[key] = _Xfer([d.nixl_metadata], [dest])
                    else:
                        if d.nixl_metadata not in x.mds:
                            x.mds.append(d.nixl_metadata)
                        x.dests.append(dest)
                xfers = list(groups.values())
                for x in xfers:
                    self._post(x, sync)
            except BaseException:
                grouped: set[int] = set()
                for x in groups.values():
                    grouped.update(id(dt) for dt in x.dests)
                    self._settle(x)
                self._free_dests([dt for dt in dests if id(dt) not in grouped], failed=True)
                raise
            self._stats["reads"] += len(descs)
            self._stats["transfers"] += len(xfers)
            return _Op(xfers, dests, time.monotonic() + self.timeout_s)

    def _dest(self, d: MediaDescriptor, out: Any, output: str) -> _Dest:
        direct = self.gpu_read == "direct"
        if out is not None and direct and self._is_cuda(out):
            addr, nbytes, dev = _gpu.cuda_region(out)
            dest = _Dest(d, addr, out=out, mem="VRAM", dev=dev)
            if not self._vram_pool().contains(addr, nbytes):
                try:
                    dest.oneoff_reg = _gpu.register_vram(self._agent, out)
                except Exception as e:
                    raise NixlError(
                        f"could not register {nbytes} bytes of {self.device}'s memory with "
                        f"NIXL (a UCX without CUDA support?): {e}"
                    ) from e
            return dest
        if direct and output == "torch":
            pool = self._vram_pool()
            vblock = pool.alloc(d.size)
            if vblock is not None:  # else staged, through the host pool
                return _Dest(d, vblock.addr, block=vblock, mem="VRAM", dev=pool.device_id)  # type: ignore[attr-defined]
        if out is not None:
            addr, nbytes = out_buffer(out)
            dest = _Dest(d, addr, out=out)
            if not self._pool.contains(addr, nbytes):
                dest.oneoff_reg = self._register(addr, nbytes)
            return dest
        block = self._pool.alloc(d.size)
        if block is not None:
            return _Dest(d, block.addr, block=block)
        buf = np.empty(d.size, dtype=np.uint8)
        self._stats["oneoff_registrations"] += 1
        return _Dest(
            d, buf.ctypes.data, oneoff=buf, oneoff_reg=self._register(buf.ctypes.data, d.size)
        )

    def _vram_pool(self) -> DestPool:
        """gpu_read="direct"'s VRAM pool: one arena of ``pool_bytes``, taken by its first use."""
        if self._vram is None:
            from fastmedia.transfer._vram import VramPool

            assert self._cuda is not None
            self._vram = VramPool(self._agent, self._pool_bytes, self._cuda)
        return self._vram

    def _pool_of(self, dest: _Dest) -> DestPool:
        """The pool of a destination's memory: the VRAM pool for "VRAM", else the host's."""
        return self._vram if dest.mem != "DRAM" and self._vram is not None else self._pool

    def _register(self, addr: int, nbytes: int) -> Any:
        try:
            return self._agent.register_memory([(addr, nbytes, 0, "")], "DRAM")
        except Exception as e:
            raise NixlError(f"could not register {nbytes} bytes of destination memory: {e}") from e

    def _home_lane(self) -> Lane | None:
        """The home lane, with the host pool registered; None if it cannot be made
        (the caller's thread READs then, on this reader's agent)."""
        if self._home is None and not self._stats["home_lane_errors"]:
            try:
                lane = Lane(f"{self.agent_name}-home")
            except Exception:
                self._stats["home_lane_errors"] += 1
                return None
            try:
                self._pool.add_lane(lane)
            except Exception:
                self._stats["home_lane_errors"] += 1
                lane.close()
                return None
            self._home = lane
        return self._home

    def _lanes_for(self, x: _Xfer) -> list[Lane | None]:
        """Who READs a share of ``x``: None is the caller's thread. The home lane takes the
        caller's share when every destination is in the host pool (registered with the
        lanes), and the caller, sync or async, waits for the lanes' reports instead of
        driving NIXL. This reader's agent then never loads the peer: an agent that loaded a
        peer and never transferred would leave the peer a half-open endpoint, which it fails
        to close (a UCX error line) once this process is gone."""
        if self._off_loop and self._pooled(x):
            home = self._home_lane()
            if home is not None:
                self._stats["home_lane_transfers"] += 1
                return [home, *self._lanes]
        return [None, *self._lanes]

    def _acquire(self, x: _Xfer) -> Remote:
        """The peer of ``x`` on this reader's agent, loaded now (every metadata string of it
        the descriptors carry) if it was not; one reference per transfer."""
        if x.remote is None:
            for md in x.mds:
                remote = self._remotes.acquire(md)
                if x.remote is None:
                    x.remote = remote
                else:
                    self._remotes.release(remote)
        assert x.remote is not None
        return x.remote

    @staticmethod
    def _pooled(x: _Xfer) -> bool:
        return all(
            dt.oneoff_reg is None and dt.oneoff is None and dt.mem == "DRAM" for dt in x.dests
        )

    def _post(self, x: _Xfer, sync: bool = False) -> None:
        x.keys = []
        for dest in x.dests:
            k = dest.desc.lease_key
            if k and k not in x.keys:
                x.keys.append(k)
        # Lease keys go in a notification of their own once every item was checked (_notify):
        # a refused item must not end its batch-mates' leases. Dynamo descriptors (no keys)
        # get a random key with the READ, as Dynamo's reader sends.
        notif = b"" if x.keys else str(uuid.uuid4()).encode()
        lanes = self._lanes_for(x)
        if lanes[0] is None:  # this thread READs a share: before anything is posted
            self._acquire(x)
        local_rows, remote_rows = self._spread(x, lanes)
        x.checked = [dt for dt in x.dests if dt.desc.lease_check is not None]
        if x.checked:
            words_addr = self._alloc_words(x)
            busy = [p for p in x.parts if p.local]
            # Where one transfer READs every pixel, the words go after them in its list, which
            # transports that run it in order (CMA / shared memory on one host) READ after the
            # pixels: this thread's (host pixels only: host words cannot share a VRAM list),
            # or a lane's (words in the pool, which the lanes have registered). Otherwise the
            # shares finish in any order: the words are READ in a second transfer once every
            # share is DONE (_post_words).
            if local_rows and not busy and x.dests[0].mem == "DRAM":
                wl, wr = self._word_rows(x, words_addr)
                local_rows += wl
                remote_rows += wr
            elif not local_rows and len(busy) == 1 and x.words_block is not None:
                wl, wr = self._word_rows(x, words_addr)
                busy[0].local += wl
                busy[0].remote += wr
            else:
                x.words_pending = True
        x.t_post = time.monotonic()
        for part in x.parts:  # first, so the lanes copy while this thread posts its share
            part.deadline = x.t_post + self.timeout_s
        if not local_rows:  # the notification rides on the first part that READs
            first = next((p for p in x.parts if p.local), None)
            if first is not None:
                first.notif = notif
        for lane, part in zip(x.lanes, x.parts, strict=True):
            if part.local and sync and lane is self._home:
                x.here = part  # the caller would only wait for it: it runs it (_run_here)
            elif part.local:
                lane.submit(part)
            else:
                part.state = "DONE"
                part.done.set()
        if local_rows:
            self._submit(x, local_rows, remote_rows, notif, x.dests[0].mem)
        else:  # every row is a lane's
            x.state = "DONE"
            self._pixels_done(x)

    def _spread(self, x: _Xfer, lanes: list[Lane | None]) -> tuple[list, list]:
        """The transfer's pixel rows: the caller's thread's share (``lanes[0]`` None), returned,
        and one ``Part`` per lane in ``x.parts``. Items of 2 MiB or more are cut over the
        threads (whole pages) so that their loads end level, the caller's thread taking
        ``LAG_BYTES`` more (``_lanes.share_out``); smaller items go whole to the least-loaded
        thread. Only memory registered with every lane (the pool) is spread; one-off
        registrations stay with the caller's thread."""
        n_lanes = len(lanes)
        rows: list[tuple[list, list]] = [([], []) for _ in range(n_lanes)]
        load = [0 if lane is None else LAG_BYTES for lane in lanes]
        for dt in x.dests:
            d = dt.desc
            shared = n_lanes > 1 and dt.oneoff_reg is None and dt.oneoff is None
            shared &= dt.mem == "DRAM"  # the lanes register the host pool only
            if shared and d.size >= 2 * _MIN_PIECE:
                pieces = share_out(d.size, load, _MIN_PIECE)
            else:
                i = load.index(min(load)) if shared else 0
                load[i] += d.size
                pieces = [(i, d.size)]
            off = 0
            for i, n in pieces:
                rows[i][0].append((dt.addr + off, n, dt.dev))
                rows[i][1].append((d.addr + off, n, d.device_id))
                off += n
        first = 0 if lanes[0] is not None else 1
        if any(local for local, _ in rows[first:]):
            mem = x.dests[0].desc.mem_type
            x.lanes = [lane for lane in lanes[first:] if lane is not None]
            x.parts = [Part(loc, rem, x.mds, mem, 0.0) for loc, rem in rows[first:]]
            if not first:
                x.parts[0].where = "the reader's home lane"
        return rows[0] if first else ([], [])

    @staticmethod
    def _word_rows(x: _Xfer, words_addr: int) -> tuple[list, list]:
        local = [(words_addr + 8 * i, 8, 0) for i in range(len(x.checked))]
        remote = [
            (dt.desc.lease_check.addr, 8, dt.desc.device_id)  # type: ignore[union-attr]
            for dt in x.checked
        ]
        return local, remote

    def _post_words(self, x: _Xfer) -> None:
        """Second phase: every share of the pixels is DONE; READ the lease words now. Words in
        the pool go to a lane that READ pixels of ``x`` (it has the pool registered and the
        peer loaded); one-off words to this reader's agent."""
        x.words_pending = False
        assert x.words is not None
        local, remote = self._word_rows(x, x.words.ctypes.data)
        if x.words_block is not None and x.lanes:
            part = self._lane_part(x, local, remote, x.t_post + self.timeout_s)
            x.lanes.append(x.lanes[0])
            x.parts.append(part)
            x.lanes[0].submit(part)
            return
        with contextlib.suppress(Exception):
            self._agent.release_xfer_handle(x.handle)
        x.handle, x.t_done = None, None
        self._acquire(x)
        self._submit(x, local, remote, b"")

    def _submit(
        self, x: _Xfer, local_rows: list, remote_rows: list, notif: bytes, local_mem: str = "DRAM"
    ) -> None:
        mem = x.dests[0].desc.mem_type
        local = np.array(local_rows, dtype=np.uint64)
        remote = np.array(remote_rows, dtype=np.uint64)
        try:
            ldl = self._agent.get_xfer_descs(local, local_mem)
            rdl = self._agent.get_xfer_descs(remote, mem)
            name = self._acquire(x).name
            x.handle = self._agent.initialize_xfer("READ", ldl, rdl, name, notif)
            x.state = self._agent.transfer(x.handle)
        except Exception as e:
            x.state = "ERR"
            raise self._error(x, f"failed to start: {e}") from e
        if x.state == "ERR":
            raise self._error(x, "failed to start")
        if x.state == "DONE":
            self._pixels_done(x)

    @staticmethod
    def _lane_part(x: _Xfer, local: list, remote: list, deadline: float) -> Part:
        """One more part of ``x`` for ``x.lanes[0]``, the lane that READ its first share (it
        has the pool registered and the peer loaded)."""
        first = x.parts[0]
        part = Part(local, remote, x.mds, first.mem_type, deadline)
        part.where = first.where
        return part

    def _pixels_done(self, x: _Xfer) -> None:
        """This thread's share is DONE: READ the lease words once the lanes' shares are."""
        if x.words_pending:
            if not self._parts_pending(x):
                self._post_words(x)
        elif x.t_done is None and not self._parts_pending(x):
            x.t_done = time.monotonic()

    def _parts_pending(self, x: _Xfer) -> bool:
        """True while a lane's share is in flight; raises TransferError if one failed."""
        pending = False
        for part in x.parts:
            if part.state == "ERR":
                raise self._error(x, f"{part.error} (in {part.where})")
            pending |= part.state != "DONE"
        return pending

    def _alloc_words(self, x: _Xfer) -> int:
        """Registered u64 slots for the transfer's lease words, zeroed (0 = "no live lease", so
        a slot the READ never wrote fails closed). Returns their address."""
        n = len(x.checked)
        block = self._pool.alloc(8 * n)
        if block is not None:
            x.words_block = block
            x.words = block.view((n,), np.dtype("<u8"))
        else:  # pool at its cap: a one-off registration, like an oversize pixel read
            x.words = np.empty(n, dtype="<u8")
            self._stats["oneoff_registrations"] += 1
            x.words_reg = self._register(x.words.ctypes.data, x.words.nbytes)
        x.words.fill(0)
        return x.words.ctypes.data

    def _free_words(self, x: _Xfer, quarantine: bool, park: bool = False) -> None:
        if x.words_reg is not None:
            if park:
                self._park(x.words_reg, x.words)
            else:
                with contextlib.suppress(Exception):
                    self._agent.deregister_memory(x.words_reg)
            x.words_reg = None
        if x.words_block is not None and quarantine:
            self._pool.quarantine(x.words_block)  # a late 8-byte write must not hit a later read
        x.words = None
        x.words_block = None

    def _check_leases(self, op: _Op) -> None:
        """After DONE, before anything is handed out: every lease word read with the pixels must
        still equal its lease id, and the transfer must have been shorter than grace_s."""
        for x in op.xfers:
            if x.words is None:
                continue
            elapsed = (x.t_done if x.t_done is not None else time.monotonic()) - x.t_post
            words = x.words.tolist()
            for dt, word in zip(x.checked, words, strict=True):
                lc = dt.desc.lease_check
                assert lc is not None
                what = None
                if word != lc.id:
                    what = (
                        f"had ended before the read (lease word {word}, expected {lc.id}); "
                        "the pixels may have been reused by another image"
                    )
                elif elapsed > lc.grace_s:
                    what = (
                        f"cannot be vouched for: the READ took {elapsed:.3f} s, longer than the "
                        f"lease's grace_s={lc.grace_s:g} s, so the lease word and the pixels may "
                        "not be from the same moment"
                    )
                if what is not None:
                    self._stats["lease_check_failures"] += 1
                    self._fail(
                        op,
                        TransferError(
                            f"read from remote agent {self._peer(x)!r} refused: lease "
                            f"{dt.desc.lease_key or lc.id} {what}; nothing was handed out"
                        ),
                    )

    def _error(self, x: _Xfer, what: str) -> TransferError:
        self._stats["transfer_errors"] += 1
        n = len(x.dests)
        return TransferError(
            f"NIXL READ of {n} item{'s' if n != 1 else ''} from remote agent "
            f"{self._peer(x)!r} {what}"
        )

    @staticmethod
    def _peer(x: _Xfer) -> str:
        """The peer's name, also when this reader's agent never loaded it."""
        if x.remote is not None:
            return x.remote.name
        return _peer_of(x.mds[0]) or "?"

    def _poll(self, op: _Op) -> bool:
        """Drive progress once; True when every transfer is DONE. Raises TransferError."""
        with self._lock:
            pending, slow = False, op.xfers[0] if op.xfers else None
            for x in op.xfers:
                if x.state == "PROC":
                    try:
                        x.state = self._agent.check_xfer_state(x.handle)
                    except Exception as e:
                        x.state = "ERR"
                        self._fail(op, self._error(x, f"failed: {e}"))
                    if x.state == "ERR":
                        self._fail(op, self._error(x, "failed (NIXL reported ERR)"))
                parts = False
                if x.state == "DONE":
                    try:
                        self._pixels_done(x)
                        parts = self._parts_pending(x)
                    except TransferError as e:
                        self._fail(op, e)
                if x.state == "PROC" or x.words_pending or parts:
                    pending, slow = True, x
            if pending and slow is not None and time.monotonic() > op.deadline:
                self._fail(op, self._error(slow, f"timed out after {self.timeout_s:g} s"))
            return not pending

    def _fail(self, op: _Op, err: TransferError) -> None:
        self._cancel(op)
        raise err

    def _cancel(self, op: _Op) -> None:
        """Abandon an operation (error, timeout, cancellation): nothing of it is handed out."""
        with self._lock:
            for x in op.xfers:
                self._settle(x)
            op.xfers, op.dests = [], []

    def _settle(self, x: _Xfer) -> None:
        """Release a failed/abandoned transfer and its destinations."""
        # A READ still in flight when abandoned could land late: never reuse its chunks.
        in_flight = x.handle is not None and x.state == "PROC"
        in_flight |= any(p.state == "PROC" for p in x.parts)
        failed = x.state == "ERR" or in_flight
        released = self._release_xfer(x, failed=failed)
        # Pool chunks are quarantined; one-off memory is only safe to deregister and free once
        # NIXL released the handle (cancelling the READ); until then it is parked.
        park = in_flight and not released
        self._free_words(x, quarantine=in_flight, park=park)
        self._free_dests(x.dests, failed=True, quarantine=in_flight, park=park)

    def _park(self, reg: Any, mem: Any) -> None:
        self._parked.append((reg, mem))
        self._stats["oneoff_parked"] += 1

    def _release_xfer(self, x: _Xfer, failed: bool) -> bool:
        """Release the handle and the remote; False when NIXL refused to release the handle."""
        released = True
        if x.handle is not None:
            try:
                self._agent.release_xfer_handle(x.handle)
            except Exception:
                released = False
            x.handle = None
        if x.remote is not None:
            self._remotes.release(x.remote, failed=failed)
            x.remote = None
        return released

    def _free_dests(
        self, dests: list[_Dest], failed: bool, quarantine: bool = False, park: bool = False
    ) -> None:
        for dest in dests:
            pooled_out = dest.out is not None and dest.oneoff_reg is None  # from Reader.empty()
            if dest.oneoff_reg is not None:
                if park:
                    self._park(dest.oneoff_reg, dest.oneoff if dest.out is None else dest.out)
                else:
                    with contextlib.suppress(Exception):
                        self._agent.deregister_memory(dest.oneoff_reg)
                dest.oneoff_reg = None
            if failed:
                if dest.block is not None and quarantine:
                    self._pool_of(dest).quarantine(dest.block)
                if dest.out is not None:
                    if quarantine and pooled_out:
                        # read_into's memory from Reader.empty() is a pool chunk: never reuse it.
                        pool = self._pool_of(dest)
                        owner = pool.owner(dest.addr, dest.desc.size)
                        if owner is not None:
                            pool.quarantine(owner)
                    zero(dest.out)
                dest.block = None
                dest.oneoff = None

    @staticmethod
    def _spin_budget(op: _Op) -> float:
        # On one host (CMA/shared memory) the READ's copy runs inside our progress calls, so
        # spinning is the work itself: spin for about as long as the bytes take at 2 GB/s.
        # Beyond that (small reads waiting for a peer's reply, TCP, RDMA) back off to sleeps.
        return 200e-6 + sum(dt.desc.size for dt in op.dests) / 2e9

    def _wait_sync_guarded(self, op: _Op) -> None:
        try:
            self._wait_sync(op)
        except BaseException:
            self._cancel(op)
            raise

    async def _wait_async_guarded(self, op: _Op) -> None:
        try:
            await self._wait_async(op)
        except BaseException:  # includes asyncio.CancelledError
            self._cancel(op)
            raise

    @staticmethod
    def _lane_parts(op: _Op) -> list[Part]:
        """The lanes' parts still in flight, when nothing else is (then there is nothing to
        drive here: wait for the lanes instead of polling)."""
        if any(x.state == "PROC" for x in op.xfers):
            return []
        return [p for x in op.xfers for p in x.parts if p.state == "PROC"]

    def _run_here(self, op: _Op) -> None:
        """A sync caller runs its home-lane parts itself, outside the reader's lock, with the
        GIL released: what it would otherwise wait for, without the hand-over."""
        for x in op.xfers:
            part, x.here = x.here, None
            if part is not None and self._home is not None:
                self._home.submit(part, here=True)

    def _wait_sync(self, op: _Op) -> None:
        self._run_here(op)
        spin_until = time.monotonic() + self._spin_budget(op)
        delay = 50e-6
        while not self._poll(op):
            parts = self._lane_parts(op)
            if parts:
                parts[0].done.wait(min(max(op.deadline - time.monotonic(), 0.0), 0.1))
            elif time.monotonic() > spin_until:
                time.sleep(delay)
                delay = min(delay * 2, 1e-3)

    async def _wait_async(self, op: _Op) -> None:
        spin_until = time.monotonic() + self._spin_budget(op)
        delay = 50e-6
        while not self._poll(op):
            parts = self._lane_parts(op)
            if parts:
                await self._lanes_done(parts, min(max(op.deadline - time.monotonic(), 0.0), 0.1))
            elif time.monotonic() < spin_until:
                await asyncio.sleep(0)  # let other coroutines run between progress calls
            else:
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1e-3)

    @staticmethod
    async def _lanes_done(parts: list[Part], timeout: float) -> None:
        """Wait until one of ``parts`` ends (the lane wakes the loop) or ``timeout``."""
        loop = asyncio.get_running_loop()
        woken = asyncio.Event()

        def wake() -> None:
            loop.call_soon_threadsafe(woken.set)

        for p in parts:
            p.on_done = wake
        if any(p.done.is_set() for p in parts):  # ended before it saw on_done
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(woken.wait(), timeout)

    def _finish(self, op: _Op, output: str) -> list:
        self._check_leases(op)  # raises (and zero-fills read_into's out) before any hand-out
        arrays = []
        for dest in op.dests:
            d = dest.desc
            if dest.out is not None:
                arrays.append(dest.out)
            elif dest.mem == "VRAM":
                arrays.append(_vram_view(dest.block, d))
            elif dest.block is not None:
                arrays.append(dest.block.view(d.shape, d.dtype))
            else:
                arrays.append(dest.oneoff.view(d.dtype).reshape(d.shape))  # type: ignore[union-attr]
        if self.verify_hash is not False:
            try:
                self._verify(op.dests, arrays)
            except TransferError:
                self._cancel(op)
                raise
        with self._lock:
            for x in op.xfers:
                self._notify(x)
                self._release_xfer(x, failed=False)
                self._free_words(x, quarantine=False)
            self._free_dests(op.dests, failed=False)
            self._stats["bytes"] += sum(dt.desc.size for dt in op.dests)
        out = [
            a if dest.out is not None or dest.mem != "DRAM" else convert(a, output)
            for dest, a in zip(op.dests, arrays, strict=True)
        ]
        if self._cuda is not None and output == "torch":
            # Staged: every host result copied on one stream; each host block goes back to
            # the pool when its host tensor is dropped, here.
            staged = [i for i, dest in enumerate(op.dests) if dest.mem == "DRAM"]
            if staged:
                moved = _gpu.to_device([out[i] for i in staged], self._cuda)
                for i, t in zip(staged, moved, strict=True):
                    out[i] = t
                self._stats["staged_reads"] += len(staged)
        return out

    def _notify(self, x: _Xfer) -> None:
        """Tell the frontend that these items were read and verified: only now, and only for a
        batch that is handed out whole, so a refused or failed batch ends no lease. Sent by
        the notifier agent (see ``_Notifier``); by the reader's own agent if that fails."""
        if not x.keys:
            return
        msg = ";".join(x.keys).encode()
        try:
            if self._notifier is None and not self._notifier_failed:
                self._notifier_failed = True  # one try: an agent that cannot be made stays unmade
                self._notifier = _Notifier(f"{self.agent_name}-notify")
                self._notifier_failed = False
            if self._notifier is not None:
                self._notifier.send(x.dests[0].desc, msg)
                return
        except Exception:
            pass
        self._stats["notify_fallbacks"] += 1
        try:
            if not self._notify_on_lane(x, msg):
                self._agent.send_notif(self._acquire(x).name, msg)
        except Exception:  # the pixels are already good; the lease then ends by TTL
            self._stats["notify_errors"] += 1

    def _notify_on_lane(self, x: _Xfer, msg: bytes) -> bool:
        """Send ``msg`` with a READ of one lease word on the lane that READ ``x``, whose agent
        is connected to the peer (this reader's agent may never have been, and nothing would
        drive its wire-up). Not waited for. False when ``x`` used no lane or has no word."""
        if not x.lanes or not x.checked:
            return False
        block = self._pool.alloc(8)
        if block is None:
            return False
        d = x.checked[0].desc
        assert d.lease_check is not None
        local = [(block.addr, 8, 0)]
        remote = [(d.lease_check.addr, 8, d.device_id)]
        part = self._lane_part(x, local, remote, time.monotonic() + self.timeout_s)
        part.notif = msg
        pool, held = self._pool, [block]

        def done() -> None:  # on the lane's thread: the word's chunk is free again, or never
            if part.state != "DONE":
                pool.quarantine(held[0])
            held.clear()

        part.on_done = done
        x.lanes[0].submit(part)
        return True

    def _verify(self, dests: list[_Dest], arrays: list) -> None:
        from fastmedia.media.decoder import content_hash

        for dest, a in zip(dests, arrays, strict=True):
            d = dest.desc
            if d.content_hash is None or d.dtype != np.uint8:
                continue
            if self.verify_hash is None and d.lease_check is not None:
                continue  # the lease word already vouches for these pixels
            if dest.mem != "DRAM":  # in VRAM: hashed on the host
                import torch

                flat = a.cpu().reshape(-1).view(torch.uint8).numpy()
            else:
                flat = np.asarray(a) if dest.out is None else as_numpy(dest.out)
            got = content_hash(flat.reshape(d.shape))
            if got != d.content_hash:
                for dt in dests:
                    if dt.out is not None:
                        zero(dt.out)
                self._stats["hash_mismatches"] += 1
                raise TransferError(
                    f"pixels read from remote agent {_agent_of(d)!r} do not match content_hash "
                    f"{d.content_hash} (got {got}): the lease ended and the memory was reused"
                )


class _Notifier:
    """A second NIXL agent that sends the lease-key notifications, so the reader's own agent
    never sends an active message.

    Why: NIXL ends every transfer with a flush of the UCX endpoint, and UCX's TCP transport
    (which carries notifications: NIXL's endpoints use peer error handling, which rules out
    shared memory) flushes an endpoint that has sent an active message by sending a
    zero-length PUT and waiting for the peer's ACK. A notification sent on the reader's own
    endpoint therefore made the next READ wait until the frontend's process ran its UCX
    progress (0.5-1 ms with a polling frontend), even though the pixels were already copied.
    The notifier's own endpoint is never flushed. Its progress thread is event-driven (it
    sleeps in poll() on the worker's fd, with a 100 ms timeout), so an idle reader stays idle
    and a notification goes out as soon as its connection is up.

    ``send_notif`` does not track its message: one still queued (e.g. behind the endpoint's
    wire-up) when the endpoint closes is lost. So the notifier's thread follows each
    notification at once with a tracked 8-byte READ from the same peer (a "probe"; one in
    flight per peer, posted off the caller's thread: posting costs ~40 us). It completes only
    after NIXL's endpoint flush, i.e. after the notifications before it reached the peer.
    ``close()`` only waits for the probes still in flight and posts nothing, so it never
    READs from a peer that has already left (NIXL logs such a post at error level).
    """

    PROGRESS_DELAY_US = 100_000

    def __init__(self, name: str) -> None:
        self.agent = _nixl.make_agent(name, self.PROGRESS_DELAY_US, role="reader-notify")
        self.remotes = RemoteAgents(self.agent)
        self._probe = np.zeros(8, dtype=np.uint8)  # the probes' destination (never read)
        self._probe_reg = self.agent.register_memory([(self._probe.ctypes.data, 8, 0, "")], "DRAM")
        self._cv = threading.Condition()  # guards the agent and the state below
        self._seq = 0  # notifications sent
        # remote name -> (a descriptor of it, seq of its last notification): notified peers
        # whose last notification no probe has confirmed yet
        self._peers: dict[str, tuple[MediaDescriptor, int]] = {}
        self._probes: dict[str, tuple[int, Any]] = {}  # remote name -> (seq, handle) in flight
        self._stop = False
        self._thread = threading.Thread(target=self._run, name=f"fastmedia-{name}", daemon=True)
        self._thread.start()

    def send(self, desc: MediaDescriptor, msg: bytes) -> None:
        with self._cv:
            r = self.remotes.acquire(desc.nixl_metadata)
            try:
                self.agent.send_notif(r.name, msg)
            except Exception:
                self.remotes.release(r, failed=True)
                raise
            self.remotes.release(r)
            if desc.size > 0:
                self._seq += 1
                self._peers[r.name] = (desc, self._seq)
                self._cv.notify_all()

    def pending(self) -> int:
        """Notified peers whose last notification is not confirmed yet."""
        with self._cv:
            return len(self._peers)

    def _run(self) -> None:
        delay = 20e-6
        with self._cv:
            while not self._stop:
                self._reap()
                for name, (d, seq) in list(self._peers.items()):
                    if name not in self._probes:
                        self._post(name, d, seq)
                if self._probes:
                    self._cv.wait(delay)
                    delay = min(delay * 2, 1e-3)
                else:
                    self._cv.notify_all()  # flush() waits for this
                    self._cv.wait()
                    delay = 20e-6

    def _post(self, name: str, d: MediaDescriptor, seq: int) -> None:
        n = min(8, d.size)  # within the item: inside the peer's registered region
        h = None
        try:
            ldl = self.agent.get_xfer_descs(
                np.array([(self._probe.ctypes.data, n, 0)], dtype=np.uint64), "DRAM"
            )
            rdl = self.agent.get_xfer_descs(
                np.array([(d.addr, n, d.device_id)], dtype=np.uint64), d.mem_type
            )
            h = self.agent.initialize_xfer("READ", ldl, rdl, name, b"")
            state = self.agent.transfer(h)
        except Exception:
            state = "ERR"
        if state == "PROC" and h is not None:
            self._probes[name] = (seq, h)
            return
        if h is not None:
            with contextlib.suppress(Exception):
                self.agent.release_xfer_handle(h)
        self._settled(name, seq, state == "DONE")

    def _settled(self, name: str, seq: int, done: bool) -> None:
        """A probe ended: DONE confirms the peer's notifications up to ``seq``; ERR gives the
        peer up until its next notification (its leases end by TTL)."""
        peer = self._peers.get(name)
        if peer is not None and (not done or peer[1] <= seq):
            del self._peers[name]

    def _reap(self) -> None:
        for name, (seq, h) in list(self._probes.items()):
            try:
                state = self.agent.check_xfer_state(h)
            except Exception:
                state = "ERR"
            if state == "PROC":
                continue
            del self._probes[name]
            with contextlib.suppress(Exception):
                self.agent.release_xfer_handle(h)
            self._settled(name, seq, state == "DONE")

    def flush(self, timeout_s: float) -> None:
        """Wait (up to ``timeout_s``) until every notification sent reached its peer, then
        stop the thread; a dead or too slow peer is given up on (those leases end by TTL)."""
        deadline = time.monotonic() + timeout_s
        with self._cv:
            while self._peers and (left := deadline - time.monotonic()) > 0:
                self._cv.wait(left)
            self._stop = True
            self._cv.notify_all()
        self._thread.join()
        for _seq, h in self._probes.values():  # too slow: given up (cancelled)
            with contextlib.suppress(Exception):
                self.agent.release_xfer_handle(h)
        self._probes.clear()
        self._peers.clear()

    def close(self, flush_s: float) -> None:
        self.flush(flush_s)
        self.remotes.close()
        with contextlib.suppress(Exception):
            self.agent.deregister_memory(self._probe_reg)
        _nixl.release_agent(self.agent)


@functools.lru_cache(maxsize=1024)
def _peer_of(md: str) -> str | None:
    """The agent name inside a ``nixl_metadata`` string (None if it does not decode): what
    groups a batch's descriptors into one transfer per peer."""
    try:
        return agent_name_from_metadata(decode_metadata(md))
    except DescriptorError:
        return None


def _video_meta(d: MediaDescriptor) -> dict:
    if len(d.shape) != 4:
        raise DescriptorError(f"a video descriptor has shape [T,H,W,C], got {list(d.shape)}")
    return metadata_from_descriptor(d.metadata, d.shape[0])


def _vram_view(block: Any, d: MediaDescriptor) -> Any:
    """A CUDA tensor of the descriptor's shape and dtype over a VRAM pool chunk (keeps it)."""
    import torch

    dtype = torch.from_numpy(np.empty(0, dtype=d.dtype)).dtype
    return block.tensor(d.size).view(dtype).reshape(d.shape)


def _agent_of(d: MediaDescriptor) -> str:
    try:
        return agent_name_from_metadata(decode_metadata(d.nixl_metadata)) or "?"
    except DescriptorError:
        return "?"
