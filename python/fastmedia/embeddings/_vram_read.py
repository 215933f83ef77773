"""The Read receiver's GPU path (``NixlReadEmbeddingReceiver(device="cuda:N")``): READs land
straight in a VRAM pool (``_vram.VramPool``, registered once at start), no host bounce; or,
``gpu_read="staged"`` (the default on a host without an RDMA device, see ``choose``), the
receiver's host ``Reader`` READs and each item is copied into its VRAM chunk.

The pool is the embedding endpoints' (``_pooled.PooledAgent``: chunks taken all at once or not
at all, waiting for room), without an agent: registered as VRAM with one lane
(``transfer._lanes``) only, which posts every READ, polls it and times it out on its own
thread, as it does the Reader's. One READ per request, with the request's notification key
(what a Dynamo or fastmedia sender counts as "read"). A READ that errors or is not DONE within
``timeout_s`` raises ``TransferError``; its chunk is quarantined when it may still land (the
lane kept its handle): never reused."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastmedia._internal import gpu as _gpu
from fastmedia._internal.gpu import Device
from fastmedia.embeddings._pooled import PooledAgent, flat_tensor, settle
from fastmedia.errors import ClosedError, TransferError
from fastmedia.transfer._dest_pool import Block
from fastmedia.transfer._lanes import Part
from fastmedia.transfer.descriptor import MediaDescriptor

# ``gpu_read=``'s choice and the staged copy are the Reader's (``Reader(device="cuda:N")``).
RDMA_SYSFS = _gpu.RDMA_SYSFS
choose = _gpu.choose_read
copy_all = _gpu.copy_all


class _Read:
    __slots__ = ("block", "future", "loop", "nbytes", "part")

    def __init__(self, block: Block, nbytes: int, loop: Any) -> None:
        self.block: Block | None = block
        self.nbytes = nbytes
        self.loop = loop
        self.future = loop.create_future()
        self.part: Part | None = None


class VramReader(PooledAgent):
    """READs request descriptors into chunks of a VRAM pool; ``read`` returns flat uint8 CUDA
    tensors (views of the pool)."""

    _who = "NixlReadEmbeddingReceiver"

    def __init__(
        self,
        pool_bytes: int,
        timeout_s: float,
        acquire_timeout_s: float,
        agent_name: str | None,
        device: Device,
        direct: bool = True,
    ) -> None:
        self.timeout_s = float(timeout_s)
        self._reads: dict[int, _Read] = {}
        self._next = 0
        # No agent: direct, the arena is registered with the lane that READs; staged
        # (``read_staged`` only), NIXL never sees it (the host Reader READs, torch copies).
        super().__init__("embed-read-receiver", pool_bytes, acquire_timeout_s, agent_name, 1000,
                         lanes=int(direct), device=device, agent=False)  # fmt: skip
        self._stats.update(
            {"reads": 0, "read": 0, "failed": 0, "timeouts": 0, "bytes": 0, "staged_reads": 0}
        )

    async def read(self, descs: list[MediaDescriptor]) -> list[Any]:
        """(``direct``) READ every descriptor (their chunks taken all at once or not at all)
        and return their flat CUDA tensors; raises the first error, handing out nothing then."""
        blocks = await self._alloc_many([d.size for d in descs])
        loop = asyncio.get_running_loop()
        deadline = time.monotonic() + self.timeout_s
        reads = [_Read(b, d.size, loop) for d, b in zip(descs, blocks, strict=True)]
        for d, r in zip(descs, reads, strict=True):
            self._post(d, r, deadline)
        self._wake.set()
        got = await asyncio.gather(*(r.future for r in reads), return_exceptions=True)
        err = next((g for g in got if isinstance(g, BaseException)), None)
        if err is not None:
            blocks.clear()  # READs that are over: their chunks go back to the pool now
            raise err
        return [flat_tensor(b, d.size) for d, b in zip(descs, blocks, strict=True)]

    async def read_staged(
        self,
        descs: list[MediaDescriptor],
        host_read: Callable[[list[MediaDescriptor]], Awaitable[list[Any]]],
    ) -> list[Any]:
        """The staged path: VRAM chunks for every descriptor (all at once or none), then
        ``host_read`` (the receiver's host ``Reader``) READs them into host memory, and each
        item is copied into its chunk. Raises what ``host_read`` raises, handing out nothing;
        the host chunks go back to their pool once copied."""
        blocks = await self._alloc_many([d.size for d in descs])
        try:
            # The thread takes the host arrays out of `box`: passed as arguments, the executor's
            # work item would keep them (and their pool chunks) alive until after this
            # coroutine resumed.
            box = [await host_read(descs)]
            outs = [flat_tensor(b, d.size) for d, b in zip(descs, blocks, strict=True)]
            await asyncio.to_thread(lambda: copy_all(outs, box.pop()))
        except BaseException:
            blocks.clear()  # nothing landed in them: back to the pool
            raise
        with self._lock:
            self._stats["staged_reads"] += len(descs)
            self._stats["bytes"] += sum(d.size for d in descs)
        return outs

    def _post(self, d: MediaDescriptor, r: _Read, deadline: float) -> None:
        """Hand one READ to the lane; if that fails, its future fails at once."""
        assert r.block is not None
        r.part = Part(
            [(r.block.addr, d.size, self._pool.device_id)],
            [(d.addr, d.size, d.device_id)],
            [d.nixl_metadata],
            d.mem_type,
            deadline,
            notif=(d.lease_key or "").encode(),
            local_mem="VRAM",
        )
        with self._lock:
            closed = self._closed
            if not closed:
                self._next += 1
                rid = self._next
                self._reads[rid] = r
                self._stats["reads"] += 1
        if closed:
            r.block = None
            settle(r.loop, r.future, ClosedError(f"{self._who} is closed"))
            return
        try:
            self._lanes[0].submit(r.part)
        except Exception as e:
            with self._lock:
                gone = self._reads.pop(rid, None)
            if gone is not None:  # (else closing settled it)
                self._end(r)
                settle(r.loop, r.future, TransferError(f"NIXL READ failed to start: {e}"))
            return
        self._wake.watch(r.part.ticket, rid)

    def _end(self, r: _Read) -> None:
        """The READ is over: quarantine its chunk when it may still land (the lane kept it)."""
        if r.block is not None and r.part is not None and r.part.holds:
            self._pool.quarantine(r.block)
        r.block = None

    # --- PooledAgent hooks (drain thread)
    def _pending(self) -> bool:
        return bool(self._reads)

    def _tick(self, now: float, ended: list[int]) -> float:
        for rid in ended:
            with self._lock:
                r = self._reads.get(rid)
            if r is None:
                continue
            assert r.part is not None
            state = r.part.state
            if state == "PROC":
                continue  # the lane times it out (its deadline) and wakes the drain thread
            err: TransferError | None = None
            timed_out = r.part.timed_out
            if timed_out:
                err = TransferError(
                    f"NIXL READ of {r.nbytes} bytes into VRAM timed out after {self.timeout_s:g} s"
                )
            elif state != "DONE":
                err = TransferError(f"NIXL READ of {r.nbytes} bytes into VRAM {r.part.error}")
            with self._lock:
                if self._reads.pop(rid, None) is None:
                    continue
                key = "read" if err is None else "timeouts" if timed_out else "failed"
                self._stats[key] += 1
                self._stats["bytes"] += r.nbytes if err is None else 0
            self._end(r)
            settle(r.loop, r.future, err)
        return math.inf

    def _fail_all(self) -> None:
        with self._lock:
            reads = list(self._reads.values())
            self._reads.clear()
        for r in reads:
            self._end(r)
            settle(r.loop, r.future, ClosedError(f"{self._who} closed first"))

    def stats(self) -> dict:
        """The endpoints' counters; ``register_memory_calls`` counts the lane's, as the
        Reader's do (it has no agent)."""
        with self._lock:
            s = {**self._base_stats(), "reads_live": len(self._reads)}
        s["register_memory_calls"] += s["lane_register_memory_calls"]
        s["remote_agents"] = sum(lane.peer_stats()[3] for lane in self._lanes)
        return s
