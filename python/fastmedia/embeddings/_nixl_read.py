"""Read mode: the encode worker's sender offers embeddings, the prefill worker READs them.

Wire format: Dynamo 1.6.1's (``NixlReadEmbeddingSender`` / ``NixlReadEmbeddingReceiver`` over
``dynamo.nixl_connect``): ``serialized_request`` is ``RdmaMetadata.model_dump()`` with one
descriptor; the receiver's READ carries (or is followed by) a notification whose text is the
``notification_key``, and the sender counts that as "read".

What fastmedia does differently, behind the same calls:

* **Sender**: one registered pool (``fastmedia.transfer._dest_pool.DestPool``, one slab of
  ``pool_bytes`` registered once at start, pages filled by use), so the agent's metadata never
  changes. ``send_embeddings`` copies the tensor into a chunk (the copy Dynamo's ``clone`` makes
  anyway) and leases it: the receiver's notification frees it; a receiver that never reads
  lets the lease expire after ``lease_ttl_s``, the awaitable raises ``TransferError``, and the
  chunk is reused ``reuse_grace_s`` later. One thread drains notifications while leases are
  live, waiting in the core (``_pooled.PooledAgent._run``); idle, it blocks.
* **Receiver**: fastmedia's ``Reader`` (its pre-registered destination pool, READ engine,
  timeouts and notifications), so no per-receive registration and no up-front buffers. The
  tensor is a view of a pool chunk; the chunk returns to the pool when the last view is gone.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import uuid
from typing import Any

from fastmedia._internal import gpu as _gpu
from fastmedia._internal.outputs import require_torch
from fastmedia.embeddings import _vram_read
from fastmedia.embeddings._pooled import PooledAgent, settle
from fastmedia.embeddings._request import (
    READ_KIND,
    TransferRequest,
    dtype_name,
    parse_request,
    read_descriptor,
)
from fastmedia.embeddings._staging import Staged
from fastmedia.embeddings._vram_read import VramReader
from fastmedia.errors import ClosedError, ConfigError, TransferError
from fastmedia.transfer import _vram
from fastmedia.transfer._dest_pool import Block
from fastmedia.transfer.descriptor import encode_metadata


def _nixl_device(mem: str, dev: int) -> str:
    """nixl_connect's descriptor device string for a NIXL segment: "cpu" or "cuda:N"."""
    return f"cuda:{dev}" if mem == "VRAM" else "cpu"


def _torch_dtype(name: str) -> Any:
    import torch

    return getattr(torch, name)


class _Lease:
    __slots__ = ("block", "future", "key", "loop", "nbytes", "staged", "tensor", "ticket")
    ids = itertools.count(1)  # the drain thread's tokens (``Wake.watch``)

    def __init__(self, block: Block | None, nbytes: int, key: str, loop) -> None:
        self.block: Block | None = block
        self.staged: Staged | None = None  # stage_embeddings: the caller's registered tensor
        self.tensor: Any = None  # ... held until the lease ends
        self.nbytes = nbytes
        self.key = key
        self.loop = loop
        self.future = loop.create_future()
        self.ticket: Any = None  # the core's: ends when a reader's notification names the key,
        # or timed out after lease_ttl_s


class NixlReadEmbeddingSender(PooledAgent):
    """Offers embeddings for a receiver to READ (Dynamo's ``NixlReadEmbeddingSender``).

    ``pool_bytes``: registered memory for embeddings in flight (registered once, at start; a
    page costs memory only once used). ``lease_ttl_s``: a send not read by then fails (its
    awaitable raises ``TransferError``) and its chunk is reused after ``reuse_grace_s`` more.
    ``acquire_timeout_s``: how long ``send_embeddings`` waits for room in a full pool before
    raising ``PoolExhausted``. ``progress_delay_us``: the agent's UCX progress thread, which
    serves peers' READs. ``device``: "cpu" (default), or "cuda:N" for a pool in that GPU's
    memory (one arena of ``pool_bytes``, taken and registered as VRAM at start: CUDA
    embeddings are copied GPU to GPU and READ from there); "auto" picks cuda:0 when usable.
    Raises ``NixlUnavailable`` without NIXL, ``GpuUnavailable`` for a GPU it cannot use.
    """

    def __init__(
        self,
        *,
        pool_bytes: int = 1 << 30,
        lease_ttl_s: float = 60.0,
        reuse_grace_s: float = 5.0,
        acquire_timeout_s: float = 30.0,
        agent_name: str | None = None,
        progress_delay_us: int = 1000,
        device: Any = "cpu",
    ) -> None:
        dev = _gpu.resolve_device(device, "embeddings", type(self).__name__)
        if lease_ttl_s <= 0 or reuse_grace_s < 0:
            raise ValueError("lease_ttl_s must be > 0 and reuse_grace_s >= 0")
        self.lease_ttl_s = float(lease_ttl_s)
        self.reuse_grace_s = float(reuse_grace_s)
        self._leases: dict[int, _Lease] = {}  # by token
        self._grace: list[tuple[float, Block]] = []  # expired chunks kept unused until then
        super().__init__(
            "embed-read-sender",
            pool_bytes,
            acquire_timeout_s,
            agent_name,
            progress_delay_us,
            device=dev,
            handshakes="read-sender",
        )
        self._metadata = encode_metadata(self._raw_metadata)  # the pool's (never changes)
        self._md_staged, self._md_version = self._metadata, 0
        self._stats.update({"sends": 0, "read": 0, "expired": 0, "bytes": 0})

    async def send_embeddings(
        self, embeddings: Any, stage_embeddings: bool = False
    ) -> tuple[TransferRequest, asyncio.Future]:
        """Copy ``embeddings`` (a torch tensor, any device) into the registered pool and return
        ``(TransferRequest, awaitable)``. The awaitable resolves when a receiver has read it,
        and raises ``TransferError`` when none did within ``lease_ttl_s`` (or ``ClosedError``
        on ``close``). Unstaged, the tensor is copied into the pool (memory registered once),
        so the caller may reuse it at once. ``stage_embeddings=True`` (a contiguous tensor;
        on a GPU it is registered as VRAM): no copy; the tensor itself is registered, once
        (the registration is cached until the tensor is freed), and must stay unchanged until
        the awaitable is done."""
        require_torch()
        name = dtype_name(embeddings.dtype)
        shape = [int(s) for s in embeddings.shape]
        nbytes = math.prod(shape) * embeddings.element_size()
        if nbytes == 0:
            raise ValueError("cannot send an empty tensor")
        block, staged = await self._source(embeddings, stage_embeddings)
        loop = asyncio.get_running_loop()
        key = f"fm-embed:{uuid.uuid4()}"
        lease = _Lease(block, nbytes, key, loop)
        metadata = self._metadata
        try:
            if staged is not None:
                lease.staged, lease.tensor = staged, embeddings
                metadata = self._staged_metadata()
            with self._lock:
                self._check_open()
                lease.ticket = self._agent.expect_notif(key, self.lease_ttl_s)
                token = next(_Lease.ids)
                self._leases[token] = lease
                self._stats["sends"] += 1
                self._stats["bytes"] += nbytes
        except BaseException:
            self._end(lease)  # never leased: the staged tensor's use ends here
            raise
        self._wake.watch(lease.ticket, token)
        self._wake.set()
        if staged is not None:
            addr, where = staged.addr, _nixl_device(staged.mem, staged.dev)
        else:
            addr, where = block.addr, _nixl_device(*_vram.mem_of(self._pool))  # type: ignore[union-attr]
        rdma = {
            "descriptors": [{"device": where, "ptr": addr, "size": nbytes}],
            "nixl_metadata": metadata,
            "notification_key": key,
            "operation_kind": READ_KIND,
        }
        return TransferRequest(shape, name, rdma), lease.future

    def _staged_metadata(self) -> str:
        """The agent's metadata with the staged registrations in it (a receiver needs their
        keys): fetched again only when a registration came or went."""
        version = self._stage.version
        if self._md_version != version:
            raw = self._agent.metadata()
            self._md_staged, self._md_version = encode_metadata(raw), version
        return self._md_staged

    def _end(self, lease: _Lease) -> None:
        """The lease is over: its chunk or its staged tensor is free."""
        lease.block = None
        if lease.staged is not None:
            self._stage.release(lease.staged)
            lease.staged = lease.tensor = None

    def _pending(self) -> bool:
        return bool(self._leases or self._grace)

    def _tick(self, now: float, ended: list[int]) -> float:
        done: list[_Lease] = []
        gone: list[_Lease] = []
        with self._lock:
            for token in ended:
                lease = self._leases.get(token)
                if lease is None:
                    continue
                if lease.ticket.state() == "DONE":  # a reader's notification named it
                    del self._leases[token]
                    done.append(lease)
                    self._end(lease)  # the chunk goes back to the pool
                    self._stats["read"] += 1
                elif lease.ticket.timed_out():  # the core's deadline
                    del self._leases[token]
                    gone.append(lease)
                    if lease.block is not None:  # a late READ may still come: not reused yet
                        self._grace.append((now + self.reuse_grace_s, lease.block))
                    self._end(lease)
                    self._stats["expired"] += 1
            if done or (self._grace and min(t for t, _ in self._grace) <= now):
                self._grace = [(t, b) for t, b in self._grace if t > now]
                self._freed.notify_all()
            until = min((t for t, _ in self._grace), default=math.inf)
        for lease in done:
            settle(lease.loop, lease.future, None)
        for lease in gone:
            settle(
                lease.loop,
                lease.future,
                TransferError(
                    f"embeddings ({lease.nbytes} bytes) were not read within "
                    f"lease_ttl_s={self.lease_ttl_s:g} s; their memory is freed"
                ),
            )
        return until

    def _fail_all(self) -> None:
        with self._lock:
            leases = list(self._leases.values())
            self._leases.clear()
            self._grace.clear()
        for lease in leases:
            self._end(lease)
            settle(lease.loop, lease.future, ClosedError(f"{type(self).__name__} closed first"))

    def stats(self) -> dict:
        """Counters: sends, sends read, leases expired unread, bytes, waits for a full pool,
        ``register_memory_calls`` (1: the pool), pool bytes in use, live leases."""
        self._stage.reap()
        with self._lock:
            return {**self._base_stats(), "leases_live": len(self._leases)}


class NixlReadEmbeddingReceiver:
    """READs embeddings a sender offered (Dynamo's ``NixlReadEmbeddingReceiver``), into views
    of fastmedia's ``Reader`` pool: registered slab by slab (``slab_bytes``) up to
    ``pool_bytes``, never per receive. Dynamo's ``embedding_hidden_size``,
    ``max_item_mm_token`` and ``max_items`` are accepted and unused (nothing is allocated up
    front). ``timeout_s``: a READ not DONE by then raises ``TransferError``. ``max_bytes``: a
    request for more is refused before any transfer. ``device``: "cpu" (default), or
    "cuda:N": the tensors handed out are views of an arena of ``pool_bytes`` in that GPU's
    memory (``_vram_read``: taken and registered as VRAM once, at start); a batch that does
    not fit waits up to ``acquire_timeout_s`` for room, then raises ``PoolExhausted``. "auto"
    picks cuda:0 when usable. ``gpu_read`` (CUDA only): "direct" READs straight into the
    arena, no host bounce; "staged" READs into the host pool and copies each item into the
    arena; "auto" (default) is direct only on a host with an RDMA device
    (``/sys/class/infiniband``), where UCX can READ into GPU memory without emulating it
    (``_vram_read.choose``). Raises ``GpuUnavailable`` for a GPU it cannot use,
    ``ConfigError`` for an unknown device. ``threads``: the Reader's (host READs only): N > 1
    splits large READs over N threads, each with its own NIXL agent (the pool's slabs
    registered once on each), which moves about a fifth more per second where a core is free
    (``benches/bench_embeddings.py``, ``BENCH_FM_THREADS``) and nothing on a busy host; 0
    (default) reads on one.
    """

    def __init__(
        self,
        embedding_hidden_size: int = 8 * 1024,
        max_item_mm_token: int = 1024,
        max_items: int = 1024,
        *,
        pool_bytes: int = 1 << 30,
        slab_bytes: int = 256 << 20,
        timeout_s: float = 30.0,
        max_bytes: int | None = None,
        device: Any = "cpu",
        agent_name: str | None = None,
        acquire_timeout_s: float = 30.0,
        threads: int = 0,
        gpu_read: str = "auto",
    ) -> None:
        require_torch()
        from fastmedia.transfer.reader import Reader

        dev = _gpu.resolve_device(device, "embeddings", type(self).__name__)
        self.gpu_read: str | None = _vram_read.choose(gpu_read) if dev.kind == "cuda" else None
        if threads and self.gpu_read == "direct":
            raise ConfigError("threads applies to host READs, not to gpu_read='direct'")
        self._reader: Reader | None = None
        self._vram: VramReader | None = None
        if dev.kind == "cuda":
            self._vram = VramReader(
                pool_bytes, timeout_s, acquire_timeout_s, agent_name, dev, self.gpu_read == "direct"
            )
        if self.gpu_read != "direct":
            try:
                self._reader = Reader(
                    agent_name if self._vram is None or not agent_name else f"{agent_name}-host",
                    timeout_s,
                    pool_bytes=pool_bytes,
                    slab_bytes=slab_bytes,
                    verify_hash=False,
                    threads=threads,
                )
            except BaseException:
                if self._vram is not None:
                    self._vram.close()
                raise
        self.max_bytes = int(max_bytes) if max_bytes is not None else min(slab_bytes, pool_bytes)
        self.device: str = str(dev)
        self._ids = itertools.count()
        self._tensors: dict[int, Any] = {}

    async def receive_embeddings(self, request: Any) -> tuple[int, Any]:
        """Validate ``request`` (shape, dtype and size, before any transfer; else
        ``TransferRequestError``), READ it, return ``(tensor_id, tensor)``. Raises
        ``TransferError`` when the READ fails or times out (nothing is handed out then)."""
        return (await self.receive_embeddings_batch([request]))[0]

    async def receive_embeddings_batch(self, requests: list) -> list[tuple[int, Any]]:
        """``receive_embeddings`` for several requests: all are checked before any transfer,
        then READ concurrently, one READ each (each sender gets its own notification key: a
        Dynamo sender matches whole keys only); all or nothing is handed out."""
        reqs = [parse_request(r) for r in requests]
        descs = [read_descriptor(req, self.max_bytes) for req in reqs]
        if self._vram is None:
            return self._hand_out(reqs, await self._host_read(descs))
        if self._reader is None:
            return self._hand_out(reqs, await self._vram.read(descs))
        return self._hand_out(reqs, await self._vram.read_staged(descs, self._host_read))

    async def _host_read(self, descs: list) -> list[Any]:
        """READ each descriptor into the host pool (one READ each, concurrently): flat uint8
        tensors viewing it; raises the first error, handing out nothing."""
        assert self._reader is not None
        got = await asyncio.gather(
            *(self._reader.read_batch_async([d]) for d in descs),
            return_exceptions=True,
        )
        err = next((g for g in got if isinstance(g, BaseException)), None)
        if err is not None:
            raise err  # the others' chunks go back to the pool with ``got``
        import torch

        return [torch.from_numpy(g[0]) for g in got]  # type: ignore[index]

    def _hand_out(self, reqs: list[TransferRequest], flats: list[Any]) -> list[tuple[int, Any]]:
        out = []
        for req, flat in zip(reqs, flats, strict=True):
            t = flat.view(_torch_dtype(req.embedding_dtype_str)).view(req.embeddings_shape)
            tid = next(self._ids)
            self._tensors[tid] = t
            out.append((tid, t))
        return out

    def release_tensor(self, tensor_id: int) -> None:
        """Forget the tensor; its pool chunk is reused once no view of it is left."""
        self._tensors.pop(tensor_id, None)

    def stats(self) -> dict:
        """The reader's counters (``oneoff_registrations``: receives that did not fit the pool;
        ``lane_register_memory_calls``: the slabs registered on the lanes (``threads``' helper
        agents, and the home lane, which READs); ``register_memory_calls``: those plus the
        one-offs), plus tensors held."""
        s: dict = {}
        if self._reader is not None:
            s = self._reader.stats()
        if self._vram is not None:  # a staged receiver: the host pool's as host_pool_bytes_*
            host = {f"host_{k}": v for k, v in s.items() if k.startswith("pool_bytes")}
            regs = s.get("register_memory_calls", 0)
            lane_regs = s.get("lane_register_memory_calls", 0)
            s = {**s, **self._vram.stats(), **host}  # the two endpoints' registrations add up
            s["register_memory_calls"] += regs
            s["lane_register_memory_calls"] += lane_regs
        s["tensors_held"] = len(self._tensors)
        return s

    def close(self) -> None:
        """Close the reader; tensors already handed out stay valid."""
        self._tensors.clear()
        if self._vram is not None:
            self._vram.close()
        if self._reader is not None:
            self._reader.close()

    def __enter__(self) -> NixlReadEmbeddingReceiver:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
