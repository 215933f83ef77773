"""Backend readers: pull frontend-decoded pixels over NIXL into numpy, torch or PIL.

Data path: descriptor -> (validated, before any I/O) -> destination chunk from the reader's own
pre-registered pool -> one NIXL READ per remote agent -> wait until DONE -> lease checks ->
the lease keys notified (by a second agent, ``_notifier.Notifier``) -> the caller gets a zero-copy
numpy view of the chunk. The chunk returns to
the pool when the last array/tensor/image that views it is garbage collected.

Why views and not fresh arrays: the READ already is the one copy the data needs. A fresh array
per read costs a second full pass over the pixels plus page faults on new memory (measured in
docs/benchmarks.md). The price is memory held while the caller holds arrays; the pool grows up
to ``pool_bytes`` and only then falls back to a one-off registration per read. ``read_into``
reads straight into caller memory (registered for that transfer, or free of registration when
it comes from ``Reader.empty``).

Fail closed: nothing is handed out before NIXL says DONE. On error/timeout the chunks go back
to the pool (a timed-out chunk is quarantined: a late write can never reach a later image;
so is ``read_into``'s memory from ``Reader.empty``), one-off memory a READ may still write stays
alive until it cannot (``transfer/_dests.py``), ``read_into`` zero-fills the caller's buffer,
and ``TransferError`` names the remote agent.

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

import collections
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, overload

import numpy as np

from fastmedia import metrics
from fastmedia._internal import config as _config
from fastmedia._internal import gpu as _gpu
from fastmedia._internal.batch import AsyncBridge
from fastmedia._internal.exit import close_at_exit
from fastmedia._internal.gpu import Device
from fastmedia._internal.outputs import OUTPUTS, convert, out_buffer, require_torch
from fastmedia.errors import DescriptorError
from fastmedia.media.audio import check_descriptor, from_channels_last
from fastmedia.media.video import metadata_from_descriptor
from fastmedia.transfer import _nixl
from fastmedia.transfer._checks import hashes_off_loop, lease_failure, verify_hashes
from fastmedia.transfer._dests import Destinations
from fastmedia.transfer._lanes import LaneSet
from fastmedia.transfer._read_engine import ReadEngine
from fastmedia.transfer._read_wait import Waiter
from fastmedia.transfer._xfer import Op
from fastmedia.transfer.descriptor import MediaDescriptor, parse_descriptor

Output = Literal["numpy", "torch", "pil"]
Descriptor = Mapping[str, Any]


class Reader:
    """Reads frontend-decoded media over NIXL (UCX) into numpy/torch/PIL.

    ``agent_name``: this reader's name, and its lanes' NIXL agents' prefix (default unique per
    process and start); a live Frontend or Reader of the same name in this process raises
    ``ConfigError``.
    ``timeout_s``: a READ not DONE by then raises ``TransferError``.
    ``pool_bytes``/``slab_bytes``: registered destination memory, grown slab by slab (off
    the event loop for async reads) up to ``pool_bytes`` (an item larger than a slab, a
    video, gets a slab of its size); reads beyond it use a one-off registration.
    ``progress_delay_us``: accepted for compatibility; it has no effect (the lanes' agents
    make UCX progress while they wait, with no progress thread).
    ``threads``: 0 (default) or 1: one lane READs (``fastmedia.transfer._lanes``: a NIXL agent and a
    thread of the Rust core, idle while no READ is in flight). N > 1: N-1 more lanes; items of
    2 MiB or more are cut into N pieces spread over them, so on one host a read copies on N
    cores. An async caller does not copy: its event loop is woken by the lanes' reports. A sync
    caller runs the first lane's share itself, in the core with the GIL released, then waits
    for the others' reports; it never polls from Python. The first lane is made by the first
    read. Memory outside the pool (``read_into`` a caller's array or CUDA tensor, reads over
    ``pool_bytes``) is the first lane's too: it registers it for that transfer. Lease words are
    READ after the pixels, in the same transfer when one transfer READs them all, else in a
    second one.
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
    its last read still ends those leases. A reader still open at interpreter exit is closed
    then, before finalization.

    Raises ``NixlUnavailable`` without NIXL, ``ConfigError`` for an option out of range
    (``threads`` is refused above 4 per usable CPU, at least 64).
    """

    NOTIFY_FLUSH_S = 5.0

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
        self._stats: collections.Counter[str] = collections.Counter()
        _nixl.configure_ucx_env()
        self.agent_name: str
        self.agent_name, free_name = _nixl.own_name(self, agent_name, "reader")
        try:
            lanes = LaneSet(self.agent_name, max(int(threads) - 1, 0), self._stats)
        except BaseException:
            free_name()
            raise
        dests = Destinations(
            pool_bytes, slab_bytes, lanes.helpers, self._cuda, self.gpu_read, self._stats
        )
        self._engine = ReadEngine(self.agent_name, free_name, dests, lanes, self.timeout_s,
                                  self._stats)  # fmt: skip
        self._wait = Waiter(self._engine)
        self._bridge = AsyncBridge(2)  # large content hashes of async reads
        metrics.track_reader(self, self._stats)
        close_at_exit(self)

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
            self._wait.sync(op)
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
            return await self._wait.run(
                lambda room: self._start(
                    [parse_descriptor(d) for d in descriptors], None, output, room=room
                ),
                lambda op, hashes: self._finish(op, output, hashes),
                self._hashes_async,
            )
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
        d, staged = _into(descriptor, out, self._cuda, self.gpu_read)
        if staged:
            _copy_staged(out, self.read(d, output="numpy"))
            return out
        t0 = time.perf_counter() if metrics.enabled else 0.0
        try:
            op = self._start([d], out, "numpy", True)
            self._wait.sync(op)
            self._finish(op, "numpy")
        finally:
            if t0:
                metrics.read_done("single", t0)
        return out

    async def read_into_async(self, descriptor: Mapping[str, Any], out: Any) -> Any:
        """``read_into`` without blocking the event loop; raises what ``read_into`` raises."""
        d, staged = _into(descriptor, out, self._cuda, self.gpu_read)
        if staged:
            _copy_staged(out, await self.read_async(d, output="numpy"))
            return out
        t0 = time.perf_counter() if metrics.enabled else 0.0
        try:
            await self._wait.run(
                lambda room: self._start([d], out, "numpy", room=room),
                lambda op, hashes: self._finish(op, "numpy", hashes),
                self._hashes_async,
            )
        finally:
            if t0:
                metrics.read_done("single", t0)
        return out

    def empty(self, shape: Iterable[int], dtype: Any = np.uint8) -> np.ndarray:
        """A pool-backed (already registered) array: ``read_into`` it without registration.
        Raises ``MemoryError`` when the pool has no room for it (``pool_bytes``)."""
        with self._engine.lock:
            self._engine.check_open()
            return self._engine.dests.empty(shape, dtype)

    def stats(self) -> dict:
        """Counters: reads, bytes, transfers, one-off registrations, errors, pool and peers.
        ``remote_agents`` are the peers its lanes have loaded now; ``remote_agents_added``,
        ``_replaced`` (a restarted frontend) and ``_failed_fast`` (reads refused at once
        because their frontend's metadata failed to connect in the last few seconds).
        ``register_memory_calls``: pool slabs, their registrations on the lanes
        (``lane_register_memory_calls``) and one-off registrations."""
        with self._engine.lock:
            usage = self._engine.dests.usage()
        return {**dict(self._stats), **usage, **self._engine.peer_stats()}

    def close(self) -> None:
        """Release peers and the pool. Arrays already returned stay valid."""
        self._engine.close(min(self.timeout_s, Reader.NOTIFY_FLUSH_S))
        self._bridge.shutdown()

    def __enter__(self) -> Reader:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ------------------------------------------------------------------ internals

    def _start(self, descs: list[MediaDescriptor], out: Any, output: str,
               sync: bool = False, room: str = "grow") -> Op:  # fmt: skip
        if output not in OUTPUTS:
            raise ValueError(f"output must be one of {OUTPUTS}, got {output!r}")
        if output == "torch":
            require_torch()
        self._engine.check_room(descs, out, output, room)
        return self._engine.start(descs, out, output, sync)

    async def _hashes_async(self, op: Op) -> dict[int, str] | None:
        """An async read's content hashes, off its event loop when they are large."""
        return await hashes_off_loop(self._bridge, op.dests, lambda: _views(op), self.verify_hash)

    def _finish(self, op: Op, output: str, hashes: dict[int, str] | None = None) -> list:
        """Check what ``op`` read and hand it out as ``output``; nothing of it on failure."""
        err = lease_failure(op, self._stats)
        if err is not None:
            self._engine.fail(op, err)  # zero-fills read_into's out before it raises
        arrays = _views(op)
        try:
            verify_hashes(op.dests, arrays, self.verify_hash, self._stats, hashes)
        except Exception:
            self._engine.cancel(op)
            raise
        self._engine.complete(op)
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


def _into(descriptor: Mapping[str, Any], out: Any, cuda: Device | None, gpu_read: str | None
          ) -> tuple[Any, bool]:  # fmt: skip
    """``read_into``'s descriptor, checked against ``out`` before any transfer, and whether
    it goes through the host pool (a CUDA tensor under ``gpu_read="staged"``)."""
    on_cuda = _gpu.on_cuda(out)
    if on_cuda and cuda is None:
        raise ValueError(
            "read_into: a CUDA tensor needs Reader(device='cuda:N'), this reader is on cpu"
        )
    d = parse_descriptor(descriptor)
    if on_cuda:
        _addr, nbytes, index = _gpu.cuda_region(out)
    else:
        (_addr, nbytes), index = out_buffer(out), None
    if nbytes != d.size:
        raise ValueError(f"read_into: out has {nbytes} bytes, descriptor has {d.size}")
    if cuda is not None and on_cuda and index != cuda.index:
        raise ValueError(f"read_into: out is on cuda:{index}, this reader on {cuda}")
    return d, on_cuda and gpu_read == "staged"


def _copy_staged(out: Any, host: np.ndarray) -> None:
    import torch

    _gpu.copy_into(out, torch.from_numpy(host))


def _views(op: Op) -> list:
    """What ``op`` read: the caller's ``out``, or views of the memory it landed in."""
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
    return arrays


def _video_meta(d: MediaDescriptor) -> dict:
    if len(d.shape) != 4:
        raise DescriptorError(f"a video descriptor has shape [T,H,W,C], got {list(d.shape)}")
    return metadata_from_descriptor(d.metadata, d.shape[0])


def _vram_view(block: Any, d: MediaDescriptor) -> Any:
    """A CUDA tensor of the descriptor's shape and dtype over a VRAM pool chunk (keeps it)."""
    import torch

    dtype = torch.from_numpy(np.empty(0, dtype=d.dtype)).dtype
    return block.tensor(d.size).view(dtype).reshape(d.shape)
