"""The records of a read in flight (``Dest``: one item's destination, ``Xfer``: one transfer
to one peer, ``Op``: one call's transfers) and the pure steps on them: grouping items by
peer, cutting a transfer over the lanes, the lease words' rows."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import weakref
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fastmedia.transfer._lanes import Lane, Part, share_out
from fastmedia.transfer.descriptor import (
    DescriptorError,
    MediaDescriptor,
    agent_name_from_metadata,
    decode_metadata,
)

MIN_PIECE = 1 << 20  # with threads, items are cut into pieces of at least this size


@dataclass
class Dest:
    desc: MediaDescriptor
    addr: int
    block: Any = None  # pool chunk (a Block)
    oneoff: np.ndarray | None = None  # one-off buffer (the pool at its cap)
    # Memory outside the pools (``oneoff``, or ``out``: host or, "VRAM", a CUDA tensor), as
    # (addr, len): the home lane registers it for that transfer alone (``Part.own``).
    span: tuple[int, int] | None = None
    out: Any = None  # caller memory (read_into)
    mem: str = "DRAM"  # NIXL segment of ``addr``: "VRAM" for gpu_read="direct"
    dev: int = 0  # its device id (the CUDA ordinal for "VRAM")


@dataclass
class Xfer:
    mds: list[str]  # the peer's nixl_metadata strings (one agent's), as its descriptors carry them
    dests: list[Dest]
    # Lease words (descriptors with lease_check), READ after the pixels in the same transfer.
    checked: list[Dest] = field(default_factory=list)
    words: np.ndarray | None = None  # u64 slots, one per checked dest (pool chunk or one-off)
    words_block: Any = None
    t_post: float = 0.0
    t_done: float | None = None  # when every share was seen DONE
    words_pending: bool = False  # two-phase (threads > 1, VRAM): the words' READ is still to post
    parts: list[Part] = field(default_factory=list)  # the lanes' shares
    lanes: list[Lane] = field(default_factory=list)  # who runs each part
    here: Part | None = None  # the home lane's part, run on a sync caller's thread
    keys: list[str] = field(default_factory=list)  # lease keys, notified after the checks


class Op:
    def __init__(self, xfers: list[Xfer], dests: list[Dest], deadline: float) -> None:
        self.xfers = xfers
        self.dests = dests
        self.deadline = deadline


@functools.lru_cache(maxsize=1024)
def peer_of(md: str) -> str | None:
    """The agent name inside a ``nixl_metadata`` string (None if it does not decode): what
    groups a batch's descriptors into one transfer per peer."""
    try:
        return agent_name_from_metadata(decode_metadata(md))
    except DescriptorError:
        return None


def peer_name(x: Xfer) -> str:
    return peer_of(x.mds[0]) or "?"


def agent_of(d: MediaDescriptor) -> str:
    return peer_of(d.nixl_metadata) or "?"


def group(dests: list[Dest]) -> list[Xfer]:
    """One transfer per peer and pair of memory segments, in first-seen order. Raises
    ``DescriptorError`` for metadata that does not decode, before any transfer."""
    groups: dict[tuple[str, str, str], Xfer] = {}
    for dest in dests:
        d = dest.desc
        peer = peer_of(d.nixl_metadata)
        if peer is None:
            decode_metadata(d.nixl_metadata)  # DescriptorError before any transfer
            peer = d.nixl_metadata  # an agent name in a layout we do not know
        key = (peer, d.mem_type, dest.mem)  # one agent, one segment each side
        x = groups.get(key)
        if x is None:
            groups[key] = Xfer([d.nixl_metadata], [dest])
        else:
            if d.nixl_metadata not in x.mds:
                x.mds.append(d.nixl_metadata)
            x.dests.append(dest)
    return list(groups.values())


def spread(x: Xfer, lanes: list[Lane]) -> None:
    """The transfer's pixel rows, one ``Part`` per lane in ``x.parts``. Items of 2 MiB or more
    are cut over the lanes (whole pages) so that their loads end level
    (``_lanes.share_out``); smaller items go whole to the least-loaded lane. Only memory
    registered with every lane (the host pool) is spread; memory outside it stays with the
    home lane (``lanes[0]``), which registers it for this part alone (``Part.own``)."""
    n_lanes = len(lanes)
    rows: list[tuple[list, list]] = [([], []) for _ in range(n_lanes)]
    own: list[tuple[int, int, int]] = []
    load = [0] * n_lanes
    for dt in x.dests:
        d = dt.desc
        if dt.span is not None:
            own.append((*dt.span, dt.dev))
        shared = n_lanes > 1 and in_pool(dt)
        if shared and d.size >= 2 * MIN_PIECE:
            pieces = share_out(d.size, load, MIN_PIECE)
        else:
            i = load.index(min(load)) if shared else 0
            load[i] += d.size
            pieces = [(i, d.size)]
        off = 0
        for i, n in pieces:
            rows[i][0].append((dt.addr + off, n, dt.dev))
            rows[i][1].append((d.addr + off, n, d.device_id))
            off += n
    mem = x.dests[0].desc.mem_type
    seg = x.dests[0].mem  # one segment per transfer (``group``)
    x.lanes = list(lanes)
    x.parts = [Part(loc, rem, x.mds, mem, 0.0, local_mem=seg) for loc, rem in rows]
    x.parts[0].where = "the reader's home lane"
    x.parts[0].own = own


def in_pool(dt: Dest) -> bool:
    """``dt`` is in the host pool (registered with every lane)."""
    return dt.span is None and dt.mem == "DRAM"


def word_rows(x: Xfer, words_addr: int) -> tuple[list, list]:
    """The lease words' local and remote rows."""
    local = [(words_addr + 8 * i, 8, 0) for i in range(len(x.checked))]
    remote = [
        (dt.desc.lease_check.addr, 8, dt.desc.device_id)  # type: ignore[union-attr]
        for dt in x.checked
    ]
    return local, remote


def lane_part(x: Xfer, local: list, remote: list, deadline: float) -> Part:
    """One more part of ``x`` for ``x.lanes[0]``, the lane that READ its first share (it has
    the pool registered and the peer loaded)."""
    first = x.parts[0]
    part = Part(local, remote, x.mds, first.mem_type, deadline)
    part.where = first.where
    return part


def lane_parts(op: Op) -> list[Part]:
    """The lanes' parts of ``op`` still in flight."""
    return [p for x in op.xfers for p in x.parts if p.state == "PROC"]


async def lanes_done(parts: list[Part], timeout: float) -> None:
    """Wait until one of ``parts`` ends or ``timeout``: the lane pushes this wait's token to
    the loop's waker, whose fd the loop watches (no thread takes the GIL to wake it)."""
    waker = LoopWaker.of(asyncio.get_running_loop())
    token, woken = waker.expect()
    try:
        for p in parts:
            if p.ticket is not None and not p.ticket.watch(waker.core, token):
                return  # ended already
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(woken.wait(), timeout)
    finally:
        waker.forget(token)


class Turns:
    """Passes of one event loop, taken one at a time by the synchronous steps of async reads
    (a read's start, its finish): each step runs in a pass of its own, with the loop's timers
    and I/O between two steps. Without them, the 32 reads of one ``gather`` ran their starts
    back to back in one pass and held the loop for all of them. First come, first served."""

    def __init__(self) -> None:
        self._lock = asyncio.Lock()

    async def take(self) -> None:
        """Wait for a turn, then hold it over one pass of the loop: steps that arrive in the
        meantime queue behind it. Nothing is held when cancelled."""
        await self._lock.acquire()
        try:
            await asyncio.sleep(0)
        except BaseException:
            self._lock.release()
            raise

    def give(self) -> None:
        self._lock.release()


class LoopWaker:
    """One event loop's ``_core.Waker``: its fd is watched by the loop (``add_reader``), and
    each token it drains sets the event of the wait that gave it. Also the loop's ``Turns``."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        from fastmedia import _core

        self.core = _core.Waker()
        self.turns = Turns()
        self._waits: dict[int, asyncio.Event] = {}
        self._tokens = itertools.count()
        loop.add_reader(self.core.fileno(), self._ready)

    @classmethod
    def of(cls, loop: asyncio.AbstractEventLoop) -> LoopWaker:
        waker = _WAKERS.get(loop)
        if waker is None:
            waker = _WAKERS[loop] = cls(loop)
        return waker

    def expect(self) -> tuple[int, asyncio.Event]:
        token = next(self._tokens)
        self._waits[token] = ev = asyncio.Event()
        return token, ev

    def forget(self, token: int) -> None:
        self._waits.pop(token, None)

    def _ready(self) -> None:
        for token in self.core.drain():
            ev = self._waits.get(token)
            if ev is not None:
                ev.set()


_WAKERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, LoopWaker] = (
    weakref.WeakKeyDictionary()
)
