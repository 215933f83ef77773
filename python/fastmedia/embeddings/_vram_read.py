"""The Read receiver's GPU path (``NixlReadEmbeddingReceiver(device="cuda:N")``): READs land
straight in a VRAM pool (``_vram.VramPool``, registered once at start), no host bounce; or,
``gpu_read="staged"`` (the default on a host without an RDMA device, see ``choose``), the
receiver's host ``Reader`` READs and each item is copied into its VRAM chunk.

fastmedia's ``Reader`` reads into host memory only, so this is a small READ engine on the
embedding endpoints' base (``_pooled.PooledAgent``: its drain thread polls the READs with
backoff while any is in flight) and the Reader's remote-agent cache (``_remotes``). One READ
per request, with the request's notification key (what a Dynamo or fastmedia sender counts as
"read"). A READ that errors or is not DONE within ``timeout_s`` raises ``TransferError``; its
chunk is quarantined when it may still land (never reused)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastmedia._internal import gpu as _gpu
from fastmedia._internal.gpu import Device
from fastmedia.embeddings._pooled import PooledAgent, flat_tensor, settle
from fastmedia.errors import ClosedError, TransferError
from fastmedia.transfer._dest_pool import Block
from fastmedia.transfer._remotes import Remote, RemoteAgents
from fastmedia.transfer.descriptor import MediaDescriptor

# ``gpu_read=``'s choice and the staged copy are the Reader's (``Reader(device="cuda:N")``).
RDMA_SYSFS = _gpu.RDMA_SYSFS
choose = _gpu.choose_read
copy_all = _gpu.copy_all


class _Read:
    __slots__ = ("block", "deadline", "future", "handle", "loop", "nbytes", "remote")

    def __init__(self, block: Block, nbytes: int, deadline: float, loop: Any) -> None:
        self.block: Block | None = block
        self.nbytes = nbytes
        self.deadline = deadline
        self.loop = loop
        self.future = loop.create_future()
        self.handle: Any = None
        self.remote: Remote | None = None


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
    ) -> None:
        self.timeout_s = float(timeout_s)
        self._reads: dict[int, _Read] = {}
        self._next = 0
        super().__init__("embed-read-receiver", pool_bytes, acquire_timeout_s, agent_name, 1000,
                         device=device)  # fmt: skip
        self._remotes = RemoteAgents(self._agent)
        self._stats.update(
            {"reads": 0, "read": 0, "failed": 0, "timeouts": 0, "bytes": 0, "staged_reads": 0}
        )

    async def read(self, descs: list[MediaDescriptor]) -> list[Any]:
        """READ every descriptor (their chunks taken all at once or not at all) and return
        their flat CUDA tensors; raises the first error, handing out nothing then."""
        blocks = await self._alloc_many([d.size for d in descs])
        loop = asyncio.get_running_loop()
        reads = [
            _Read(b, d.size, time.monotonic() + self.timeout_s, loop)
            for d, b in zip(descs, blocks, strict=True)
        ]
        for d, r in zip(descs, reads, strict=True):
            self._post(d, r)
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

    def _post(self, d: MediaDescriptor, r: _Read) -> None:
        """Start one READ; on failure its future fails at once (and its chunk is quarantined
        when the READ may have started)."""
        block = r.block
        assert block is not None
        mem, dev = "VRAM", self._pool.device_id
        try:
            with self._agent_lock:
                self._check_open()
                r.remote = self._remotes.acquire(d.nixl_metadata)
                local = self._agent.get_xfer_descs([(block.addr, d.size, dev)], mem)
                remote = self._agent.get_xfer_descs([(d.addr, d.size, d.device_id)], d.mem_type)
                notif = (d.lease_key or "").encode()
                r.handle = self._agent.initialize_xfer("READ", local, remote, r.remote.name, notif)
                state = self._agent.transfer(r.handle)
            if state == "ERR":
                raise TransferError("failed to start (NIXL reported ERR)")
        except Exception as e:
            self._end(r, failed=True, in_flight=r.handle is not None)
            err = e if isinstance(e, (TransferError, ClosedError)) else None
            settle(r.loop, r.future, err or TransferError(f"NIXL READ failed to start: {e}"))
            return
        with self._lock:
            self._next += 1
            self._reads[self._next] = r
            self._stats["reads"] += 1

    def _end(self, r: _Read, failed: bool, in_flight: bool) -> None:
        """Release the READ's handle and remote; quarantine its chunk when it may still land."""
        with self._agent_lock:
            if r.handle is not None:
                try:
                    self._agent.release_xfer_handle(r.handle)
                except Exception:
                    in_flight = True  # NIXL kept it: the READ may still land
                r.handle = None
            if r.remote is not None:
                self._remotes.release(r.remote, failed=failed)
                r.remote = None
        if in_flight and r.block is not None:
            self._pool.quarantine(r.block)
        r.block = None

    # --- PooledAgent hooks (drain thread)
    def _pending(self) -> bool:
        return bool(self._reads)

    def _on_notifs(self, notifs: dict) -> bool:
        return False  # a reader is sent no notifications

    def _tick(self, now: float) -> bool:
        with self._lock:
            items = list(self._reads.items())
        busy = False
        for rid, r in items:
            try:
                with self._agent_lock:
                    state = self._agent.check_xfer_state(r.handle)
            except Exception:
                state = "ERR"
            err: TransferError | None = None
            if state == "DONE":
                busy = True
            elif state == "ERR":
                err = TransferError(f"NIXL READ of {r.nbytes} bytes into VRAM failed")
            elif now >= r.deadline:
                err = TransferError(
                    f"NIXL READ of {r.nbytes} bytes into VRAM timed out after {self.timeout_s:g} s"
                )
            else:
                continue
            with self._lock:
                if self._reads.pop(rid, None) is None:
                    continue
                key = "read" if err is None else "timeouts" if state != "ERR" else "failed"
                self._stats[key] += 1
                self._stats["bytes"] += r.nbytes if err is None else 0
            self._end(r, failed=err is not None, in_flight=err is not None and state != "ERR")
            settle(r.loop, r.future, err)
        return busy

    def _fail_all(self) -> None:
        with self._lock:
            reads = list(self._reads.values())
            self._reads.clear()
        for r in reads:
            self._end(r, failed=True, in_flight=True)
            settle(r.loop, r.future, ClosedError(f"{self._who} closed first"))

    def stats(self) -> dict:
        with self._lock:
            s = {**self._base_stats(), "reads_live": len(self._reads)}
        s["remote_agents"] = len(self._remotes.by_name)
        return s

    def close(self) -> None:
        super().close()
        with self._agent_lock:
            self._remotes.close()
