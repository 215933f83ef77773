"""Write mode: the receiver offers a buffer, the sender WRITEs the embeddings into it.

Wire format: Dynamo 1.6.1's (``NixlWriteEmbeddingSender`` / ``NixlWriteEmbeddingReceiver``):

1. ``serialized_request`` is ``NixlTransferRequest`` JSON: ``sender_agent_id`` (the sender's
   NIXL agent name), ``agent_metadata`` (base64 of its raw NIXL metadata, or null),
   ``tensor_id`` (the sender's) and ``tensor_size`` (bytes).
2. The receiver sends the sender a NIXL notification, msgpack of
   ``[tensor_id, [addr, size, device_id, "cpu"|"cuda"], receiver_tensor_id, metadata]``
   (``metadata``: the receiver's raw NIXL metadata, or empty bytes when the request had none).
3. The sender WRITEs ``size`` bytes to ``addr`` with the notification ``str(receiver_tensor_id)``;
   the receiver hands the tensor out when that notification arrives.

What fastmedia does differently: both sides copy into / WRITE into one pool registered once
(no 8 GiB ring on the receiver, no registration per send); the sender's awaitable resolves
when its WRITE is DONE and raises ``TransferError`` on ERR or when no handshake came within
``transfer_timeout_s`` (Dynamo resolves it on ERR too); a receive that gets no done
notification within ``timeout_s`` raises ``TransferError`` and its buffer is never reused
(a late WRITE could still land there).

The handshake is the core's (``rust/src/nixl/write.rs``): the receiver's endpoint packs its
offer, and the sender's takes in every offer, starts the WRITE on a lane and sends the done
signal once it is DONE, without the GIL, and ends the sends and receives not done by their
deadlines; Python keeps their futures and the receivers' quarantine.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import math
import secrets
from collections.abc import Mapping
from typing import Any

from fastmedia._internal import config as _config
from fastmedia._internal import gpu as _gpu
from fastmedia._internal.outputs import require_torch
from fastmedia.embeddings._pooled import PooledAgent, flat_tensor, settle
from fastmedia.embeddings._request import (
    TransferRequest,
    TransferRequestError,
    dtype_name,
    parse_request,
)
from fastmedia.embeddings._staging import Staged
from fastmedia.errors import ClosedError, DecodeError, TransferError
from fastmedia.transfer import _vram
from fastmedia.transfer._dest_pool import Block

_MAX_NAME = 256
_MAX_METADATA = 16 << 20


def nixl_transfer_request(raw: Any, nbytes: int) -> tuple[str, bytes | None, int]:
    """Validate ``NixlTransferRequest`` JSON (or dict) against the request's byte size:
    ``(sender_agent_id, raw metadata or None, tensor_id)``. Raises ``TransferRequestError``."""
    if isinstance(raw, (str, bytes, bytearray)):
        try:
            raw = json.loads(raw)
        except (ValueError, RecursionError) as e:  # RecursionError: nested past the stack
            raise TransferRequestError(f"NixlTransferRequest is not JSON: {e}") from e
    keys = {"sender_agent_id", "agent_metadata", "tensor_id", "tensor_size"}
    if not isinstance(raw, Mapping) or set(raw) != keys:
        raise TransferRequestError(
            f"serialized_request must be NixlTransferRequest ({sorted(keys)})"
        )
    sender, md, tid, size = (
        raw[k] for k in ("sender_agent_id", "agent_metadata", "tensor_id", "tensor_size")
    )
    if not isinstance(sender, str) or not 0 < len(sender) <= _MAX_NAME:
        raise TransferRequestError("sender_agent_id must be a non-empty string")
    for what, v in (("tensor_id", tid), ("tensor_size", size)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v >= 1 << 63:
            raise TransferRequestError(f"{what} must be a non-negative integer")
    if size != nbytes:
        raise TransferRequestError(
            f"tensor_size {size} != the bytes of embeddings_shape and dtype ({nbytes})"
        )
    metadata = None
    if md is not None:
        if not isinstance(md, str) or len(md) > _MAX_METADATA:
            raise TransferRequestError("agent_metadata must be base64 text or null")
        try:
            metadata = base64.b64decode(md, validate=True)
        except (binascii.Error, ValueError) as e:
            raise TransferRequestError(f"agent_metadata is not base64: {e}") from e
    return sender, metadata, tid


def new_id(live: Any) -> int:
    """A random 63-bit id, not 0 and not in ``live``: ids go over the wire (the sender's
    ``tensor_id``, the receiver's done signal ``str(id)``), so a peer must not be able to guess
    another's. Dynamo declares them ``int`` and packs them as msgpack integers; 63 bits keep
    them positive in every int64 or uint64 reader."""
    while True:
        i = secrets.randbits(63)
        if i and i not in live:  # 0 is no drain-thread token (``Wake.watch``)
            return i


class _Send:
    __slots__ = ("block", "future", "loop", "nbytes", "staged", "tensor", "ticket")

    def __init__(self, block: Block | None, nbytes: int, loop: Any) -> None:
        self.block: Block | None = block
        self.staged: Staged | None = None  # stage_embeddings: the caller's registered tensor
        self.tensor: Any = None  # ... held until the WRITE is over
        self.nbytes = nbytes
        self.loop = loop
        self.future = loop.create_future()
        self.ticket: Any = None  # the core's: ends once the done signal is sent, or why not


class NixlWriteEmbeddingSender(PooledAgent):
    """WRITEs embeddings into a receiver's buffer (Dynamo's ``NixlWriteEmbeddingSender``).

    ``pool_bytes``: registered memory for embeddings in flight, registered once.
    ``transfer_timeout_s``: a send whose WRITE is not DONE by then (no handshake, or a stuck
    WRITE) fails: its awaitable raises ``TransferError``. ``acquire_timeout_s``: wait for room
    in a full pool before ``PoolExhausted``. ``max_peers``: receivers kept loaded in the agent
    (least recently used beyond it are removed, reloaded from their next handshake). Tensor
    ids are random 63-bit integers, so no peer can guess another's.

    ``lanes`` (default 2, at least 1): the NIXL agents that post the WRITEs
    (``fastmedia.transfer._lanes``), each with its own thread and the pool registered once,
    taken in turn: on one host UCX copies inside the posting call, so concurrent sends copy on
    several cores instead of one after another. A lane WRITEs without a notification; once it
    is DONE, the sender's own agent (the one the receiver knows) sends the receiver its done
    signal (the wire format is unchanged), and an ERR never sends it. A staged tensor is
    registered with one lane (in turn) and WRITten by it.

    ``device``: "cpu" (default), or "cuda:N" for a pool in that GPU's memory (one arena of
    ``pool_bytes``, taken and registered as VRAM at start, with the agent and the lanes: CUDA
    embeddings are copied GPU to GPU and WRITten from there); "auto" picks cuda:0 when usable.
    Raises ``GpuUnavailable`` for a GPU it cannot use.
    """

    def __init__(
        self,
        *,
        pool_bytes: int = 1 << 30,
        transfer_timeout_s: float = 60.0,
        acquire_timeout_s: float = 30.0,
        agent_name: str | None = None,
        progress_delay_us: int = 1000,
        max_peers: int = 256,
        lanes: int = 2,
        device: Any = "cpu",
    ) -> None:
        dev = _gpu.resolve_device(device, "embeddings", type(self).__name__)
        if transfer_timeout_s <= 0:
            raise ValueError("transfer_timeout_s must be > 0")
        _config.threads("lanes", lanes, lo=1, none=False)
        self.transfer_timeout_s = float(transfer_timeout_s)
        if max_peers < 1:
            raise ValueError("max_peers must be >= 1")
        self._sends: dict[int, _Send] = {}
        self._held: list[_Send] = []  # staged sends whose lane handle NIXL kept
        self._next_lane = 0
        super().__init__(
            "embed-write-sender",
            pool_bytes,
            acquire_timeout_s,
            agent_name,
            progress_delay_us,
            lanes,
            dev,
            max_peers=max_peers,
            handshakes="write-sender",
        )
        self._md_b64 = base64.b64encode(self._raw_metadata).decode("ascii")
        self._stats.update({"sends": 0, "written": 0, "failed": 0, "bytes": 0})

    async def send_embeddings(
        self, embeddings: Any, stage_embeddings: bool = False
    ) -> tuple[TransferRequest, asyncio.Future]:
        """Copy ``embeddings`` into the pool; ``(TransferRequest, awaitable)``. The awaitable
        resolves when the WRITE is DONE and raises ``TransferError`` when it fails or times
        out. Unstaged, the tensor is copied into the pool (registered once) and the caller
        may reuse it at once; ``stage_embeddings=True`` (a contiguous tensor; on a GPU it is
        registered as VRAM): no copy, the tensor itself is registered once (cached until it is
        freed) and WRITten from, and must stay unchanged until the awaitable is done."""
        require_torch()
        name = dtype_name(embeddings.dtype)
        shape = [int(s) for s in embeddings.shape]
        nbytes = math.prod(shape) * embeddings.element_size()
        if nbytes == 0:
            raise ValueError("cannot send an empty tensor")
        block, staged = await self._source(embeddings, stage_embeddings)
        send = _Send(block, nbytes, asyncio.get_running_loop())
        if staged is not None:
            send.staged, send.tensor = staged, embeddings
            src, lane = (staged.addr, nbytes, staged.mem, staged.dev), staged.lane
        else:
            assert block is not None
            self._next_lane += 1
            lane = self._lanes[self._next_lane % len(self._lanes)]
            src = (block.addr, nbytes, *_vram.mem_of(self._pool))
        with self._lock:
            if self._closed and staged is not None:
                self._stage.release(staged)  # never sent: the staged tensor's use ends here
            self._check_open()
            tid = new_id(self._sends)
            send.ticket = self._agent.expect_write(tid, *src, lane, self.transfer_timeout_s)
            self._sends[tid] = send
            self._stats["sends"] += 1
            self._stats["bytes"] += nbytes
        self._wake.watch(send.ticket, tid)
        self._wake.set()
        ser = json.dumps(
            {
                "sender_agent_id": self.agent_name,
                "agent_metadata": self._md_b64,
                "tensor_id": tid,
                "tensor_size": nbytes,
            },
            separators=(",", ":"),
        )
        return TransferRequest(shape, name, ser), send.future

    def _pending(self) -> bool:
        return bool(self._sends)

    def _finish(self, tid: int, err: BaseException | None) -> None:
        with self._lock:
            send = self._sends.pop(tid, None)
            if send is None:
                return
            self._stats["written" if err is None else "failed"] += 1
        send.block = None  # the WRITE is over (or never started): the chunk is free
        holds = send.ticket.state() == "PROC" or send.ticket.kept()
        if send.staged is not None and holds:
            with self._lock:  # NIXL kept the lane's handle: the lane may still read the tensor,
                self._held.append(send)  # which stays alive and registered until close
        elif send.staged is not None:
            self._stage.release(send.staged)
            send.staged = send.tensor = None
        with self._lock:
            self._freed.notify_all()
        settle(send.loop, send.future, err)

    def _tick(self, now: float, ended: list[int]) -> float:
        for tid in ended:
            with self._lock:
                send = self._sends.get(tid)
            if send is None:  # 0 (new work), or finished already
                continue
            state = send.ticket.state()
            if state != "PROC":  # the core's deadline included
                err = None if state == "DONE" else TransferError(send.ticket.error())
                self._finish(tid, err)
        return math.inf

    def _fail_all(self) -> None:
        with self._lock:
            tids = list(self._sends)
        for tid in tids:
            self._finish(tid, ClosedError(f"{type(self).__name__} closed first"))
        with self._lock:  # the lanes are closed: nothing reads a held tensor any more
            held, self._held = self._held, []
        for send in held:
            if send.staged is not None:
                self._stage.release(send.staged)
            send.staged = send.tensor = None

    def stats(self) -> dict:
        """Counters: sends, written, failed, bytes, bad handshakes, ``register_memory_calls``
        (1: the pool) and ``lane_register_memory_calls`` (the pool, once per lane), pool bytes
        in use, sends in flight."""
        self._stage.reap()
        bad, _ = self._agent.write_stats()
        with self._lock:
            return {
                **self._base_stats(),
                "bad_handshakes": bad,
                "sends_live": len(self._sends),
                **self._peer_stats(),
            }


class _Recv:
    __slots__ = ("block", "future", "loop", "sender", "ticket")

    def __init__(self, block: Block, sender: str, loop: Any):
        self.block: Block | None = block
        self.sender = sender
        self.loop = loop
        self.future = loop.create_future()
        self.ticket: Any = None  # the core's: ends when the sender's done signal comes


class NixlWriteEmbeddingReceiver(PooledAgent):
    """Offers pool buffers for senders to WRITE into (Dynamo's ``NixlWriteEmbeddingReceiver``).

    ``buffer_size`` (Dynamo's argument) is the pool's size, registered once at start and
    filled by use: nothing like Dynamo's 8 GiB of zeros up front. ``timeout_s``: a receive
    without the sender's done notification by then raises ``TransferError``. ``max_bytes``:
    bigger requests are refused before anything is allocated. ``device="cuda:N"``: the pool
    is an arena of ``buffer_size`` in that GPU's memory (taken and registered as VRAM at
    start), the sender WRITEs straight into it and the tensors handed out are views of it: no
    host bounce; "auto" picks cuda:0 when usable. Raises ``GpuUnavailable`` for a GPU it
    cannot use, ``ConfigError`` for an unknown device. ``max_peers``: senders
    kept loaded in the agent (least recently used beyond it are removed, reloaded from their
    next request's metadata). Tensor ids (the done signals) are random 63-bit integers.
    """

    def __init__(
        self,
        buffer_size: int = 1 << 30,
        *,
        timeout_s: float = 60.0,
        acquire_timeout_s: float = 30.0,
        max_bytes: int | None = None,
        device: Any = "cpu",
        agent_name: str | None = None,
        progress_delay_us: int = 1000,
        max_peers: int = 256,
    ) -> None:
        require_torch()
        dev = _gpu.resolve_device(device, "embeddings", type(self).__name__)
        if timeout_s <= 0:
            raise ValueError("timeout_s must be > 0")
        self.timeout_s = float(timeout_s)
        self.max_bytes = int(max_bytes) if max_bytes is not None else int(buffer_size)
        if max_peers < 1:
            raise ValueError("max_peers must be >= 1")
        self._waiting: dict[int, _Recv] = {}
        self._tensors: dict[int, Any] = {}
        super().__init__(
            "embed-write-receiver",
            buffer_size,
            acquire_timeout_s,
            agent_name,
            progress_delay_us,
            device=dev,
            max_peers=max_peers,
            handshakes="write-receiver",
        )
        self._mem, self._dev_id = _vram.mem_of(self._pool)
        self._stats.update({"receives": 0, "received": 0, "timeouts": 0})

    async def receive_embeddings(
        self, request: Any, receive_timeout: float | None = None
    ) -> tuple[int, Any]:
        """Validate ``request`` (``TransferRequestError`` before anything is allocated), offer
        a buffer, wait for the sender's WRITE; ``(tensor_id, tensor)``. Raises
        ``TransferError`` on timeout (``receive_timeout`` or ``timeout_s``)."""
        p = self._parse(request)
        (block,) = await self._alloc_many([p[0].nbytes])
        return await self._receive(p, block, receive_timeout)

    async def receive_embeddings_batch(
        self, requests: list, receive_timeout: float | None = None
    ) -> list[tuple[int, Any]]:
        """``receive_embeddings`` for several requests (e.g. one prompt's images): every
        request is checked first, then their buffers are taken all at once or not at all (a
        full pool makes the whole batch wait, up to ``acquire_timeout_s``), so batches in
        flight cannot deadlock holding part of their buffers each. Raises the first error;
        nothing of a failed batch is handed out."""
        parsed = [self._parse(r) for r in requests]
        blocks = await self._alloc_many([p[0].nbytes for p in parsed])
        got = await asyncio.gather(
            *(self._receive(p, b, receive_timeout) for p, b in zip(parsed, blocks, strict=True)),
            return_exceptions=True,
        )
        del blocks
        err = next((g for g in got if isinstance(g, BaseException)), None)
        if err is not None:
            for g in got:
                if not isinstance(g, BaseException):
                    self.release_tensor(g[0])
            raise err
        return got  # type: ignore[return-value]

    def _parse(self, request: Any) -> tuple[TransferRequest, str, bytes | None, int]:
        """Checks before anything is allocated; connects to a new sender."""
        req = parse_request(request)
        nbytes = req.nbytes
        sender, metadata, sender_tid = nixl_transfer_request(req.serialized_request, nbytes)
        if nbytes == 0 or nbytes > self.max_bytes:
            raise TransferRequestError(f"embeddings of {nbytes} bytes: must be 1..{self.max_bytes}")
        try:
            gone = self._agent.connect(sender, metadata)  # an offer holds its sender loaded
        except DecodeError as e:
            raise TransferRequestError(f"agent_metadata: {e}") from None
        except Exception as e:
            raise TransferError(f"cannot connect to sender {sender!r}: {e}") from e
        if gone is None:
            raise TransferRequestError(f"no agent_metadata for new sender {sender!r}")
        return req, sender, metadata, sender_tid

    async def _receive(
        self,
        p: tuple[TransferRequest, str, bytes | None, int],
        block: Block,
        receive_timeout: float | None,
    ) -> tuple[int, Any]:
        req, sender, metadata, sender_tid = p
        nbytes = req.nbytes
        loop = asyncio.get_running_loop()
        timeout = self.timeout_s if receive_timeout is None else float(receive_timeout)
        rx = _Recv(block, sender, loop)
        offer = (block.addr, nbytes, self._dev_id, self._mem)
        with self._lock:
            self._check_open()
            rid = new_id(self._waiting.keys() | self._tensors.keys())
            try:
                rx.ticket = self._agent.offer(
                    sender, sender_tid, *offer, rid, bool(metadata), timeout
                )
            except Exception as e:
                raise TransferError(f"cannot send the handshake to sender {sender!r}: {e}") from e
            self._waiting[rid] = rx
            self._stats["receives"] += 1
        self._wake.watch(rx.ticket, rid)
        self._wake.set()
        try:
            await rx.future
        except BaseException:
            with self._lock:
                gone = self._waiting.pop(rid, None)
            if gone is not None:  # cancelled: a WRITE may still land in the buffer
                self._agent.cancel_notif(str(rid))
                self._pool.quarantine(block)
            raise
        import torch

        t = flat_tensor(block, nbytes).view(getattr(torch, req.embedding_dtype_str))
        t = t.view(req.embeddings_shape)
        self._tensors[rid] = t
        return rid, t

    def release_tensor(self, tensor_id: int) -> None:
        """Forget the tensor; its buffer is reused once no view of it is left."""
        self._tensors.pop(tensor_id, None)

    def _pending(self) -> bool:
        return bool(self._waiting)

    def _tick(self, now: float, ended: list[int]) -> float:
        done: list[_Recv] = []
        gone: list[_Recv] = []
        with self._lock:
            for rid in ended:
                rx = self._waiting.get(rid)
                if rx is None:
                    continue
                if rx.ticket.state() == "DONE":  # (closing fails them all elsewhere)
                    del self._waiting[rid]
                    self._stats["received"] += 1
                    rx.block = None  # the receive holds its own reference
                    done.append(rx)
                elif rx.ticket.timed_out():  # the core's deadline
                    del self._waiting[rid]
                    self._stats["timeouts"] += 1
                    gone.append(rx)
        for rx in done:
            settle(rx.loop, rx.future, None)
        for rx in gone:
            if rx.block is not None:  # a late WRITE must never reach a later tensor
                self._pool.quarantine(rx.block)
                rx.block = None
            settle(
                rx.loop,
                rx.future,
                TransferError(f"sender {rx.sender!r} did not WRITE the embeddings in time"),
            )
        return math.inf

    def _fail_all(self) -> None:
        with self._lock:
            waiting = list(self._waiting.values())
            self._waiting.clear()
        for rx in waiting:
            settle(rx.loop, rx.future, ClosedError(f"{type(self).__name__} closed first"))

    def stats(self) -> dict:
        """Counters: receives, received, timeouts, ``register_memory_calls`` (1: the pool),
        pool bytes in use and quarantined, tensors held."""
        with self._lock:
            return {
                **self._base_stats(),
                "tensors_held": len(self._tensors),
                **self._peer_stats(),
            }
