"""What the NIXL embedding endpoints that own memory share: an agent with a UCX progress
thread (``_nixl.Endpoint``, the Rust core's: peers READ from or WRITE into its memory), one
``DestPool`` slab of ``pool_bytes`` registered once at start (so the agent's metadata never
changes; pages cost memory only once used), the cache of staged caller tensors
(``_staging``: these do change the metadata), and one thread that drains notifications while
work is pending (waiting in the core, the GIL released) and blocks while idle. With
``lanes`` (the Write sender), helper agents of ``fastmedia.transfer._lanes``, each with its
own thread, have the pool registered too (and staged tensors, each with one lane), so
transfers can be posted from several threads at once. With ``device="cuda:N"`` the pool is
a VRAM arena instead (``_vram.VramPool``), registered as VRAM with the agent and the lanes
alike."""

from __future__ import annotations

import asyncio
import contextlib
import math
import threading
import time
from typing import Any

import numpy as np

from fastmedia._internal.exit import close_at_exit
from fastmedia._internal.gpu import Device
from fastmedia.embeddings._staging import StageCache, Staged
from fastmedia.errors import ClosedError, FastmediaError, PoolExhausted
from fastmedia.transfer import _nixl
from fastmedia.transfer._dest_pool import Block
from fastmedia.transfer._lanes import Lane, Wake
from fastmedia.transfer._vram import VramBlock, pool_for

_CPU = Device("cpu")
_COPY_OFF_LOOP = 4 << 20  # tensors this large are copied in a worker thread


def flat_tensor(block: Block, nbytes: int) -> Any:
    """A uint8 torch tensor over the first ``nbytes`` of a pool chunk (keeps it alive): a CUDA
    tensor for a VRAM chunk."""
    if isinstance(block, VramBlock):
        return block.tensor(nbytes)
    import torch

    return torch.from_numpy(block.view((nbytes,), np.dtype(np.uint8)))


async def copy_in(block: Block, embeddings: Any) -> None:
    """Copy a tensor (any device, any strides) into a pool chunk."""
    nbytes = math.prod(embeddings.shape) * embeddings.element_size()
    dst = flat_tensor(block, nbytes).view(embeddings.dtype).view(embeddings.shape)
    if dst.device.type == "cuda":
        # queued on the caller's stream (after whatever made ``embeddings``); the chunk is
        # offered to a peer only once that stream has run it
        await synchronized(dst.copy_(embeddings))
    elif nbytes >= _COPY_OFF_LOOP:
        await asyncio.to_thread(dst.copy_, embeddings)
    else:
        dst.copy_(embeddings)


async def synchronized(tensor: Any) -> None:
    """Wait (off the event loop) until the work queued so far on the calling thread's current
    CUDA stream for ``tensor``'s device is done: NIXL reads the memory outside torch's streams."""
    import torch

    stream = torch.cuda.current_stream(tensor.device)
    await asyncio.to_thread(stream.synchronize)


def settle(loop: Any, future: Any, err: BaseException | None) -> None:
    """Resolve (``err`` None) or fail an asyncio future from any thread."""

    def done() -> None:
        if not future.done():
            if err is None:
                future.set_result(None)
            else:
                future.set_exception(err)

    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody awaits any more
        loop.call_soon_threadsafe(done)


class PooledAgent:
    """Base of the senders, the Write receiver and ``VramReader``: subclasses implement
    ``_pending`` and ``_tick`` (both called from the drain thread) and ``_fail_all``.
    ``agent=False`` (``VramReader``, whose lane does all its work): no agent; its pool is
    registered with its lanes only. ``handshakes`` (``_nixl.Endpoint``'s): the agent's core
    takes every notification in and ends the tickets they are for."""

    _who = "embedding endpoint"

    def __init__(
        self,
        role: str,
        pool_bytes: int,
        acquire_timeout_s: float,
        agent_name: str | None,
        progress_delay_us: int,
        lanes: int = 0,
        device: Device = _CPU,
        agent: bool = True,
        max_peers: int = 256,
        handshakes: str | None = None,
    ) -> None:
        if pool_bytes < 4096 or acquire_timeout_s < 0:
            raise ValueError("pool_bytes must be >= 4096 and acquire_timeout_s >= 0")
        self._agent: Any = None  # an _nixl.Endpoint, unless agent=False
        self._free_name: Any = None  # without an agent: frees its name (close or collection)
        if agent:
            self._agent = _nixl.Endpoint(agent_name, progress_delay_us, role, max_peers, handshakes)
            self.agent_name: str = self._agent.name
        else:  # no peer knows it (VramReader): its lanes do its work, named after it
            _nixl.require_nixl()
            self.agent_name, self._free_name = _nixl.own_name(self, agent_name, role)
        self.acquire_timeout_s = float(acquire_timeout_s)
        self.device: str = str(device)
        self._lanes: list[Lane] = []
        try:
            for i in range(lanes):
                self._lanes.append(Lane(f"{self.agent_name}-lane{i}"))
            self._pool = pool_for(self._agent, pool_bytes, device, self._lanes)
            self._pool.grow_all()  # registered with every lane as well
        except BaseException:
            for lane in self._lanes:
                lane.close()
            if self._agent is not None:
                self._agent.close()
            if self._free_name is not None:
                self._free_name()
            raise
        # lists the registration
        self._raw_metadata: bytes = self._agent.metadata() if self._agent else b""
        self._lock = threading.Lock()  # the endpoint's state
        self._freed = threading.Condition(self._lock)
        self._wake = Wake()  # new work, or a lane job's end
        self._closed = False
        self._stats: dict[str, int] = {"pool_waits": 0, "staged_sends": 0}
        self._stage = StageCache(self._agent, lanes=self._lanes)
        self._thread = threading.Thread(target=self._run, name=f"fastmedia-{role}", daemon=True)
        self._thread.start()
        close_at_exit(self)

    # --- subclass hooks (drain thread)
    def _pending(self) -> bool:
        raise NotImplementedError

    def _tick(self, now: float, ended: list[int]) -> float:
        """Settle what is due at ``now`` and the work whose tickets ``ended`` (the tokens their
        ``Wake.watch`` gave; 0: none); returns the next deadline (``math.inf``: none)."""
        raise NotImplementedError

    def _fail_all(self) -> None:
        raise NotImplementedError

    # ---
    def _check_open(self) -> None:
        if self._closed:
            raise ClosedError(f"{type(self).__name__} is closed")

    async def _alloc(self, nbytes: int) -> Block:
        """One chunk of the pool (see ``_alloc_many``)."""
        return (await self._alloc_many([nbytes]))[0]

    async def _alloc_many(self, sizes: list[int]) -> list[Block]:
        """Chunks for all ``sizes`` at once or none: waits up to ``acquire_timeout_s`` for room
        for the whole set, then raises ``PoolExhausted`` (at once when it can never fit)."""
        deadline = time.monotonic() + self.acquire_timeout_s
        waited = False
        while True:
            with self._lock:
                self._check_open()
                blocks: list[Block] = []
                for n in sizes:
                    b = self._pool.alloc(n)
                    if b is None:
                        break
                    blocks.append(b)
                else:
                    return blocks
                blocks.clear()  # all or none: the chunks taken go back to the pool
            if sum(-(-n // 4096) * 4096 for n in sizes) > self._pool.slab_bytes:
                raise PoolExhausted(f"{sum(sizes)} bytes exceed {type(self).__name__}'s pool_bytes")
            left = deadline - time.monotonic()
            if left <= 0:
                raise PoolExhausted(
                    f"{type(self).__name__}'s pool stayed full for {self.acquire_timeout_s:g} s "
                    f"({sum(sizes)} bytes wanted)"
                )
            if not waited:
                waited = True
                with self._lock:
                    self._stats["pool_waits"] += 1
            await asyncio.to_thread(self._wait_freed, min(left, 0.5))

    async def _source(self, embeddings: Any, stage: bool) -> tuple[Block | None, Staged | None]:
        """Where a send's bytes are: the caller's own registered memory (``stage``, a
        contiguous tensor: registered once, cached; a CUDA tensor as VRAM) or a pool chunk
        they were copied to."""
        if stage and StageCache.stageable(embeddings):
            if embeddings.device.type == "cuda":
                await synchronized(embeddings)  # whatever writes it is done before a peer reads
            # registering and reaping go off the loop (a lane's may wait on a transfer)
            staged = None if self._stage.stale else self._stage.hit(embeddings)
            if staged is None:
                staged = await asyncio.to_thread(self._stage.acquire, embeddings)
            with self._lock:
                self._stats["staged_sends"] += 1
            return None, staged
        block = await self._alloc(embeddings.numel() * embeddings.element_size())
        await copy_in(block, embeddings)
        return block, None

    def _wait_freed(self, timeout: float) -> None:
        with self._freed:
            self._freed.wait(timeout)

    def _run(self) -> None:
        """The drain thread: blocks (the GIL released) until new work, a ticket's end (a lane
        job's, or a notification the core took in) or the next deadline ``_tick`` gave; the
        core asks the agent for notifications while work is pending."""
        waker, until = self._wake.waker, math.inf
        while True:
            with self._lock:
                if self._closed:
                    return
                idle = not self._pending()
            wait = None if idle or until == math.inf else max(until - time.monotonic(), 0.0)
            try:
                if self._agent is None or idle:
                    waker.wait(wait)
                else:  # the core takes every notification in and ends its ticket
                    self._agent.take_notifs(waker, wait)
            except FastmediaError:  # closed (the next pass returns), or NIXL failed: look again
                waker.wait(1e-3)
            until = self._tick(time.monotonic(), waker.drain())

    def _peer_stats(self) -> dict:
        loaded, evicted = self._agent.peer_stats()
        return {"peers_known": loaded, "peers_evicted": evicted}

    def _base_stats(self) -> dict:
        return {
            **self._stats,
            "register_memory_calls": self._pool.registrations + self._stage.registrations,
            "lane_register_memory_calls": self._pool.lane_registrations(),
            "staged_registrations": len(self._stage),
            "staged_hits": self._stage.hits,
            **self._pool.usage(),
        }

    def close(self) -> None:
        """Fail what is pending (``ClosedError``; the lanes stop their transfers in flight)
        and deregister the pool."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._freed.notify_all()
        self._wake.set()
        self._thread.join(timeout=10.0)
        for lane in self._lanes:  # first: a lane may still be copying from the pool
            lane.close()
        self._fail_all()
        self._stage.close()
        self._pool.close()
        if self._agent is not None:
            self._agent.close()
        if self._free_name is not None:
            self._free_name()

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
