"""Where a read lands: a chunk of the reader's host pool, of its VRAM pool
(``gpu_read="direct"``), the caller's memory (``read_into``), or a one-off buffer when the
pool is full. Memory outside the pools is registered by the home lane, for the transfer that
READs it alone. Failed reads quarantine their chunks. One-off memory a READ may still write
stays alive until the lane lets go ("held"): its part in flight, or its handle kept."""

from __future__ import annotations

import collections
import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from fastmedia._internal import gpu as _gpu
from fastmedia._internal.outputs import out_buffer, zero
from fastmedia.errors import NixlError
from fastmedia.transfer._dest_pool import DestPool, NeedRoom
from fastmedia.transfer._lanes import Lane, Part
from fastmedia.transfer._xfer import Dest, Xfer
from fastmedia.transfer.descriptor import MediaDescriptor

_VRAM_LANE = "the reader's home lane could not register its VRAM pool with NIXL"


class Destinations:
    """The reader's destination memory: its pools, registered with its lanes. Not
    thread-safe: the reader calls it under its lock."""

    def __init__(
        self,
        pool_bytes: int,
        slab_bytes: int,
        lanes: list[Lane],
        cuda: Any,
        gpu_read: str | None,
        stats: collections.Counter[str],
    ) -> None:
        self.pool = DestPool(None, pool_bytes, min(slab_bytes, pool_bytes), lanes)
        self.vram: DestPool | None = None  # gpu_read="direct": the VRAM pool (vram_pool)
        self._pool_bytes = int(pool_bytes)
        self._cuda = cuda
        self._direct = gpu_read == "direct"
        self._stats = stats
        # (parts, memory): one-off memory of abandoned reads that lanes' parts may still write
        # (in flight, or a handle kept), alive until none of them does (``reap``).
        self.held: list[tuple[list[Part], Any]] = []

    def dest(self, d: MediaDescriptor, out: Any, output: str) -> Dest:
        """The destination of one item: ``out`` (registered for this call unless it is pool
        memory), a VRAM or host pool chunk, else a one-off registered buffer."""
        if out is not None and self._direct and _gpu.on_cuda(out):
            addr, nbytes, dev = _gpu.cuda_region(out)
            dest = Dest(d, addr, out=out, mem="VRAM", dev=dev)
            if not self.vram_pool().contains(addr, nbytes):
                dest.span = (addr, nbytes)
            return dest
        if self._direct and output == "torch":
            pool = self.vram_pool()
            vblock = pool.alloc(d.size)
            if vblock is not None:  # else staged, through the host pool
                return Dest(d, vblock.addr, block=vblock, mem="VRAM", dev=pool.device_id)
        if out is not None:
            addr, nbytes = out_buffer(out)
            dest = Dest(d, addr, out=out)
            if not self.pool.contains(addr, nbytes):
                dest.span = (addr, nbytes)
            return dest
        block = self.pool.alloc(d.size)
        if block is not None:
            return Dest(d, block.addr, block=block)
        buf = np.empty(d.size, dtype=np.uint8)
        self._stats["oneoff_registrations"] += 1
        return Dest(d, buf.ctypes.data, oneoff=buf, span=(buf.ctypes.data, d.size))

    def check_room(self, descs: list[MediaDescriptor], out: Any, output: str, wait: bool) -> None:
        """Raise ``NeedRoom`` when the items of ``descs`` bound for the host pool would grow it,
        or, ``wait``, when any is (others are growing it)."""
        if out is not None or (self._direct and output == "torch"):
            return  # into ``out``; the VRAM pool (one arena)
        sizes = [d.size for d in descs]
        if sizes and (wait or self.pool.must_grow(sizes)):
            raise NeedRoom(sizes)

    def vram_pool(self) -> DestPool:
        """gpu_read="direct"'s VRAM pool: one arena of ``pool_bytes``, taken by its first use."""
        if self.vram is None:
            from fastmedia.transfer._vram import VramPool

            assert self._cuda is not None
            self.vram = VramPool(None, self._pool_bytes, self._cuda)
        return self.vram

    def vram_on(self, lane: Lane) -> None:
        """Register the VRAM pool (if it was taken) with ``lane``, once, so that it READs into
        it; ``NixlError`` if that fails (counted in ``vram_lane_errors``; not tried again)."""
        if self.vram is None:
            return
        if self._stats["vram_lane_errors"]:
            raise NixlError(_VRAM_LANE)
        try:
            self.vram.add_lane(lane)
        except Exception as e:
            self._stats["vram_lane_errors"] += 1
            raise NixlError(f"{_VRAM_LANE}: {e}") from e

    def pool_of(self, dest: Dest) -> DestPool:
        """The pool of a destination's memory: the VRAM pool for "VRAM", else the host's."""
        return self.vram if dest.mem != "DRAM" and self.vram is not None else self.pool

    def empty(self, shape: Iterable[int], dtype: Any) -> np.ndarray:
        shape = tuple(int(s) for s in shape)
        dt = np.dtype(dtype)
        block = self.pool.alloc(math.prod(shape) * dt.itemsize)
        if block is None:
            raise MemoryError("reader pool exhausted (pool_bytes)")
        return block.view(shape, dt)

    def alloc_words(self, x: Xfer) -> None:
        """u64 slots for the transfer's lease words (``x.words``), zeroed (0 = "no live
        lease", so a slot the READ never wrote fails closed). Past the pool's cap, a one-off
        buffer, which the lane's part registers (``words_span``)."""
        n = len(x.checked)
        block = self.pool.alloc(8 * n)
        if block is not None:
            x.words_block = block
            x.words = block.view((n,), np.dtype("<u8"))
        else:  # pool at its cap: one-off, like an oversize pixel read
            x.words = np.empty(n, dtype="<u8")
            self._stats["oneoff_registrations"] += 1
        x.words.fill(0)

    @staticmethod
    def words_span(x: Xfer) -> list[tuple[int, int, int]]:
        """The words' memory, if a lane's part must register it (one-off)."""
        if x.words is None or x.words_block is not None:
            return []
        return [(x.words.ctypes.data, x.words.nbytes, 0)]

    def free_words(self, x: Xfer, quarantine: bool, holders: list[Part] | None = None) -> None:
        if holders and x.words is not None and x.words_block is None:
            self.hold(holders, x.words)
        if x.words_block is not None and quarantine:
            self.pool.quarantine(x.words_block)  # a late 8-byte write must not hit a later read
        x.words = None
        x.words_block = None

    def free(
        self,
        dests: list[Dest],
        failed: bool,
        quarantine: bool = False,
        holders: list[Part] | None = None,
    ) -> None:
        """Release ``dests``; ``holders``: lanes' parts that may still write their one-off
        memory."""
        for dest in dests:
            pooled_out = dest.out is not None and dest.span is None  # from Reader.empty()
            mem = dest.oneoff if dest.out is None else dest.out
            if holders and dest.span is not None:
                self.hold(holders, mem)
            if failed:
                if dest.block is not None and quarantine:
                    self.pool_of(dest).quarantine(dest.block)
                if dest.out is not None:
                    if quarantine and pooled_out:
                        # read_into's memory from Reader.empty() is a pool chunk: never reuse it.
                        pool = self.pool_of(dest)
                        owner = pool.owner(dest.addr, dest.desc.size)
                        if owner is not None:
                            pool.quarantine(owner)
                    zero(dest.out)
                dest.block = None
                dest.oneoff = None

    def hold(self, holders: list[Part], mem: Any) -> None:
        """Keep ``mem`` alive until no part of ``holders`` may write it (the lane deregisters
        it itself)."""
        self.held.append((holders, mem))
        self._stats["oneoff_held"] += 1

    def reap(self) -> None:
        """Let go of held memory no lane may write any more."""
        if self.held:
            self.held = [(parts, m) for parts, m in self.held if any(p.holds for p in parts)]

    def usage(self) -> dict[str, int]:
        """The pools' bytes, and ``register_memory_calls``: pool slabs, their registrations
        on the lanes (``lane_register_memory_calls``) and one-off registrations."""
        out = self.pool.usage()
        if self.vram is not None:
            out |= self.vram.usage("vram_pool_bytes")
        lane_regs = self.pool.lane_registrations()
        if self.vram is not None:
            lane_regs += self.vram.lane_registrations()
        out["lane_register_memory_calls"] = lane_regs
        out["register_memory_calls"] = (
            self.pool.registrations + lane_regs + self._stats["oneoff_registrations"]
        )
        return out

    def close(self) -> None:
        """Deregister the pools: call once no READ can land any more."""
        self.pool.close()
        if self.vram is not None:
            self.vram.close()
        self.held = []  # the lanes are closed
