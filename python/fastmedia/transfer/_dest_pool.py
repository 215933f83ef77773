"""Registered memory shared by the reader and the embedding transfers: large slabs
registered with NIXL once, sub-allocated first-fit, grown up to a cap. READs land in its
chunks (the reader, ``NixlReadEmbeddingReceiver``), or peers READ from them
(``NixlReadEmbeddingSender``); a chunk returns to the pool when the last array viewing it
is garbage collected. The first fit is the engine's allocator (``_core.Ranges``), the one
the Frontend's registered pool uses."""

from __future__ import annotations

import collections
import contextlib
import mmap
import os
import threading
import weakref
from collections.abc import Sequence
from typing import Any

import numpy as np

from fastmedia import _core

ALIGN = 4096
_HUGE = os.environ.get("FASTMEDIA_READER_HUGEPAGES", "1") != "0"


class NeedRoom(Exception):
    """A read would have to grow the pool; ``sizes``: the bytes of its items bound for it."""

    def __init__(self, sizes: Sequence[int]) -> None:
        super().__init__("the pool must grow")
        self.sizes = list(sizes)


class Slab:
    __slots__ = ("addr", "buf", "lane_regs", "ranges", "reg", "size")

    def __init__(self, buf: np.ndarray, reg: Any) -> None:
        self.buf = buf
        self.addr = buf.ctypes.data
        self.size = buf.nbytes
        self.reg = reg  # the agent's registration (None: the pool has no agent)
        self.lane_regs: list[tuple[Any, Any]] = []  # (lane, registration) per lane
        self.ranges = _core.Ranges(buf.nbytes)  # the free offsets


class Block:
    """Owner of one pool chunk. Arrays handed out are views whose ``.base`` is this object;
    when the last one dies, the chunk is queued for reuse (lock-free: ``__del__`` may run
    from the garbage collector inside any thread, even one holding the pool lock)."""

    __slots__ = ("__array_interface__", "__weakref__", "off", "pending", "size", "slab")

    def __init__(self, slab: Slab, off: int, size: int, pending: collections.deque) -> None:
        self.slab = slab
        self.off = off
        self.size = size
        self.pending: collections.deque | None = pending  # None: quarantined, never reused

    @property
    def addr(self) -> int:
        return self.slab.addr + self.off

    def view(self, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
        self.__array_interface__ = {
            "shape": tuple(shape),
            "typestr": dtype.str,
            "data": (self.addr, False),
            "version": 3,
        }
        return np.asarray(self)

    def __del__(self) -> None:
        if self.pending is not None:
            self.pending.append((self.slab, self.off, self.size))


def _slab_memory(nbytes: int, prefault: bool = True) -> np.ndarray:
    """Page-aligned anonymous memory for one slab, faulted in up front unless ``prefault`` is
    False (then pages are filled by the first write, and cost no memory before). Transparent
    huge pages are advised (FASTMEDIA_READER_HUGEPAGES=0 to skip); on this 2-core host they made
    no measurable difference because the frontend's 4 KiB source pages dominate the copy."""
    try:
        m = mmap.mmap(-1, nbytes, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        if _HUGE and hasattr(mmap, "MADV_HUGEPAGE"):
            with contextlib.suppress(OSError):
                m.madvise(mmap.MADV_HUGEPAGE)
        buf = np.frombuffer(m, dtype=np.uint8)  # keeps the mapping alive
    except (OSError, ValueError):
        buf = np.empty(nbytes, dtype=np.uint8)
    if prefault:
        buf.fill(0)  # fault the pages in now, not during the first READ
    return buf


class DestPool:
    """Large slabs registered with NIXL once, sub-allocated first-fit, grown up to a cap.
    Host memory ("DRAM"); ``fastmedia.transfer._vram.VramPool`` is the same pool over a
    CUDA arena ("VRAM"). Each slab is registered with ``agent`` (an embedding endpoint's,
    whose peers transfer from it; None for the Reader's) and with every lane."""

    block_cls: type[Block] = Block  # what ``alloc`` hands out
    slab_cls: type[Slab] = Slab  # a slab over what ``_memory`` makes
    mem_type = "DRAM"  # NIXL segment of the slabs ("VRAM" on device ``device_id``)
    device_id = 0

    def __init__(
        self,
        agent: Any,
        pool_bytes: int,
        slab_bytes: int,
        lanes: Sequence[Any] = (),
        *,
        prefault: bool = True,
    ) -> None:
        self.agent = agent
        self.prefault = prefault
        self.registrations = 0  # register_memory calls on ``agent`` (one per slab; None: none)
        self.lanes = list(lanes)  # Reader(threads=N)'s helper lanes: each slab registered there too
        self.pool_bytes = int(pool_bytes)
        self.slab_bytes = int(slab_bytes)
        self.slabs: list[Slab] = []
        self.pending: collections.deque = collections.deque()
        self.in_use = 0
        self.quarantined = 0
        self.growing = 0  # bytes of slabs ``reserve`` is making
        self.closed = False
        self.lock = threading.Lock()
        # Blocks handed out and still alive, by address: read_into's caller memory may be one
        # (Reader.empty), and a failed READ into it must quarantine it (owner()).
        self.live: weakref.WeakValueDictionary[int, Block] = weakref.WeakValueDictionary()

    @property
    def total(self) -> int:
        return sum(s.size for s in self.slabs)

    def usage(self, prefix: str = "pool_bytes") -> dict[str, int]:
        """``{prefix}_total``, ``_in_use`` and ``_quarantined``, freed chunks counted back."""
        with self.lock:
            self._drain()
            return {
                f"{prefix}_total": self.total,
                f"{prefix}_in_use": self.in_use,
                f"{prefix}_quarantined": self.quarantined,
            }

    def lane_registrations(self) -> int:
        """Slab registrations on the lanes (each slab once per lane)."""
        with self.lock:
            return sum(len(slab.lane_regs) for slab in self.slabs)

    def _drain(self) -> None:
        while self.pending:
            slab, off, size = self.pending.popleft()
            self.in_use -= size
            slab.ranges.release(off, size)

    def _size_for(self, need: int) -> int | None:
        """The size of a new slab with room for ``need`` bytes: ``slab_bytes``, or for a bigger
        item whole slabs' worth (room for smaller items beside it), else just the item; None
        past the cap (slabs ``reserve`` is making count)."""
        whole = -(-need // self.slab_bytes) * self.slab_bytes
        room = self.pool_bytes - self.total - self.growing
        if whole <= room:
            return whole
        if self.slab_bytes < need <= room:
            return need
        return None

    def _grow(self, need: int) -> Slab | None:
        """A new slab with room for ``need`` bytes (lock held), or None past the cap."""
        size = self._size_for(need)
        if size is None:
            return None
        slab = self._make(size)
        self.registrations += self.agent is not None
        self.slabs.append(slab)
        return slab

    def _make(self, size: int) -> Slab:
        """A slab of ``size`` bytes registered with the agent and the lanes."""
        slab = self._registered(self._memory(size))
        try:
            for lane in list(self.lanes):
                self._register_on(lane, slab)
        except Exception:
            self._deregister(slab)
            raise
        return slab

    def must_grow(self, sizes: Sequence[int]) -> bool:
        """Whether the pool would grow to take every one of ``sizes`` at once (placed
        first-fit, as ``alloc`` would; not past its cap). Cheap: an event loop asks."""
        with self.lock:
            self._drain()
            left = self._unplaced(sizes)
            return any(self._size_for(n) is not None for n in left)

    def _unplaced(self, sizes: Sequence[int]) -> list[int]:
        """The chunk sizes of ``sizes`` the free room cannot take at once (lock held)."""
        taken, left = [], []
        for n in sizes:
            need = max(ALIGN, -(-n // ALIGN) * ALIGN)
            for slab in self.slabs:
                off = slab.ranges.alloc(need)
                if off is not None:
                    taken.append((slab, off, need))
                    break
            else:
                left.append(need)
        for slab, off, need in taken:
            slab.ranges.release(off, need)
        return left

    def reserve(self, sizes: Sequence[int]) -> None:
        """Make, on this thread, the slabs ``sizes`` need beyond the free room (up to the cap):
        an async read calls it off its event loop before its start. The pool lock is not held
        while a slab is faulted in and registered, so reads go on meanwhile. Others may take
        the new room first: their starts then grow the pool, as they would have. A slab that
        cannot be made is left to the start (which raises)."""
        with self.lock:
            if self.closed:
                return
            self._drain()
            plan: list[list[int]] = []  # [size, room left] per slab to make
            for need in sorted(self._unplaced(sizes), reverse=True):
                spot = next((p for p in plan if p[1] >= need), None)
                if spot is not None:
                    spot[1] -= need
                    continue
                size = self._size_for(need)
                if size is None:
                    continue  # past the cap: a one-off (a smaller item may still fit)
                self.growing += size
                plan.append([size, size - need])
        for size, _ in plan:
            try:
                slab: Slab | None = self._make(size)
            except Exception:
                slab = None
            with self.lock:
                self.growing -= size
                adopted = slab is not None and self._adopt(slab)
            if slab is not None and not adopted:  # closed meanwhile
                self._deregister(slab)

    def _adopt(self, slab: Slab) -> bool:
        """Add a slab ``reserve`` made, registered with lanes added meanwhile (the home lane);
        False once the pool is closed, or if such a lane refuses it: the caller deregisters it
        (lock held)."""
        if self.closed:
            return False
        try:
            for lane in self.lanes:
                if all(lane is not held for held, _ in slab.lane_regs):
                    self._register_on(lane, slab)
        except Exception:
            return False  # a reservation is best effort: a read grows the pool itself
        self.registrations += self.agent is not None
        self.slabs.append(slab)
        return True

    def add_lane(self, lane: Any) -> None:
        """Register every slab with a lane made after the pool (the Reader's home lane), all
        or none: on an error those it took are deregistered and it raises. Nothing if the lane
        has them."""
        with self.lock:
            if any(lane is known for known in self.lanes):
                return
            try:
                for slab in self.slabs:
                    self._register_on(lane, slab)
            except Exception:
                for slab in self.slabs:
                    self._deregister_from(lane, slab)
                raise
            self.lanes.append(lane)

    def _register_on(self, lane: Any, slab: Slab) -> None:
        slab.lane_regs.append((lane, self._register_with(lane, slab)))

    def _register_with(self, registrar: Any, slab: Slab) -> Any:
        """Register ``slab`` with a lane or the agent (both ``_nixl.Registrar``s)."""
        return registrar.register(slab.addr, slab.size, self.mem_type, self.device_id)

    @staticmethod
    def _deregister_from(lane: Any, slab: Slab) -> None:
        """Undo ``_register_on(lane, slab)``, if it was done."""
        for held, reg in [r for r in slab.lane_regs if r[0] is lane]:
            lane.deregister(reg)
            slab.lane_regs.remove((held, reg))

    def _memory(self, size: int) -> Any:
        """The memory of a slab of ``size`` bytes (``VramPool``: a CUDA arena)."""
        return _slab_memory(size, self.prefault)

    def _registered(self, buf: Any) -> Slab:
        """``buf`` as a slab registered with the agent (if the pool has one)."""
        slab = self.slab_cls(buf, None)
        if self.agent is not None:
            slab.reg = self._register_with(self.agent, slab)
        return slab

    def grow_all(self) -> None:
        """Register every slab now (up to ``pool_bytes``), so that the agent's metadata, which
        lists its registrations, never changes afterwards (what a memory owner needs)."""
        with self.lock:
            while self._grow(self.slab_bytes) is not None:
                pass

    def alloc(self, nbytes: int) -> Block | None:
        """A chunk of at least ``nbytes``, or None (the pool at its cap). An item bigger than
        ``slab_bytes`` (a video) gets a slab of its own size when none has room: in the pool,
        it is READ by the lanes like any other."""
        need = max(ALIGN, -(-nbytes // ALIGN) * ALIGN)
        if need > self.pool_bytes:
            return None
        with self.lock:
            self._drain()
            for slab in self.slabs:
                off = slab.ranges.alloc(need)
                if off is not None:
                    self.in_use += need
                    return self._handed(self.block_cls(slab, off, need, self.pending))
            fresh = self._grow(need)
            if fresh is None:
                return None
            off = fresh.ranges.alloc(need)
            assert off == 0  # a fresh slab is all free, and need <= its size
            self.in_use += need
            return self._handed(self.block_cls(fresh, off, need, self.pending))

    def _handed(self, block: Block) -> Block:
        self.live[block.addr] = block
        return block

    def owner(self, addr: int, nbytes: int) -> Block | None:
        """The live block holding ``[addr, addr + nbytes)``, if the pool handed it out."""
        with self.lock:
            blocks = list(self.live.values())
        return next(
            (b for b in blocks if b.addr <= addr and addr + nbytes <= b.addr + b.size), None
        )

    def quarantine(self, block: Block) -> None:
        """Never reuse this chunk: a cancelled READ might still land in it."""
        with self.lock:
            if block.pending is None:
                return  # already quarantined
            block.pending = None
            self.quarantined += block.size

    def _deregister(self, slab: Slab) -> None:
        if slab.reg is not None:
            self.agent.deregister(slab.reg)
        for lane, reg in slab.lane_regs:
            lane.deregister(reg)
        slab.lane_regs = []

    def contains(self, addr: int, nbytes: int) -> bool:
        return any(s.addr <= addr and addr + nbytes <= s.addr + s.size for s in self.slabs)

    def close(self) -> None:
        with self.lock:
            self.closed = True
            for s in self.slabs:
                self._deregister(s)
            # Live arrays keep their slab's memory alive (plain memory now, no longer registered).
            self.slabs = []
