"""Where a read lands: a chunk of the reader's host pool, of its VRAM pool
(``gpu_read="direct"``), the caller's memory (``read_into``), or a one-off buffer when the
pool is full. Memory outside the pools is registered by whoever READs it: the home lane,
for that transfer alone, or the reader's agent (``register_spans``). Failed reads quarantine
their chunks. One-off memory a READ may still write stays alive: until the reader closes
("parked") when NIXL would not release the agent's handle, until the lane lets go ("held")
when a lane's part was still in flight."""

from __future__ import annotations

import collections
import contextlib
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


class Destinations:
    """The reader's destination memory, registered with its ``agent`` (and the host pool
    with its lanes too). Not thread-safe: the reader calls it under its lock."""

    def __init__(
        self,
        agent: Any,
        pool_bytes: int,
        slab_bytes: int,
        lanes: list[Lane],
        cuda: Any,
        gpu_read: str | None,
        stats: collections.Counter[str],
    ) -> None:
        self.agent = agent
        self.pool = DestPool(agent, pool_bytes, min(slab_bytes, pool_bytes), lanes)
        self.vram: DestPool | None = None  # gpu_read="direct": the VRAM pool (vram_pool)
        self._pool_bytes = int(pool_bytes)
        self._cuda = cuda
        self._direct = gpu_read == "direct"
        self._stats = stats
        # (registration, memory) of one-off destinations whose abandoned READ's handle NIXL
        # would not release: a late write may still land, so they stay registered and alive.
        self.parked: list[tuple[Any, Any]] = []
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

    def register_spans(self, x: Xfer) -> None:
        """Register the memory of ``x`` outside the pools with the reader's agent, which READs
        it (no home lane)."""
        for dt in x.dests:
            if dt.span is None or dt.oneoff_reg is not None:
                continue
            if dt.mem == "DRAM":
                dt.oneoff_reg = self.register(*dt.span)
                continue
            try:
                dt.oneoff_reg = _gpu.register_vram(self.agent, dt.out)
            except Exception as e:
                raise NixlError(
                    f"could not register {dt.span[1]} bytes of cuda:{dt.dev}'s memory with "
                    f"NIXL (a UCX without CUDA support?): {e}"
                ) from e

    def vram_pool(self) -> DestPool:
        """gpu_read="direct"'s VRAM pool: one arena of ``pool_bytes``, taken by its first use."""
        if self.vram is None:
            from fastmedia.transfer._vram import VramPool

            assert self._cuda is not None
            self.vram = VramPool(self.agent, self._pool_bytes, self._cuda)
        return self.vram

    def vram_on(self, lane: Lane) -> bool:
        """Register the VRAM pool with ``lane`` (once), so that it READs into it; False if
        that failed (then and from then on the reader's agent READs VRAM)."""
        if self.vram is None or self._stats["vram_lane_errors"]:
            return False
        try:
            self.vram.add_lane(lane)
        except Exception:
            self._stats["vram_lane_errors"] += 1
            return False
        return True

    def pool_of(self, dest: Dest) -> DestPool:
        """The pool of a destination's memory: the VRAM pool for "VRAM", else the host's."""
        return self.vram if dest.mem != "DRAM" and self.vram is not None else self.pool

    def register(self, addr: int, nbytes: int) -> Any:
        try:
            return self.agent.register_memory([(addr, nbytes, 0, "")], "DRAM")
        except Exception as e:
            raise NixlError(f"could not register {nbytes} bytes of destination memory: {e}") from e

    def empty(self, shape: Iterable[int], dtype: Any) -> np.ndarray:
        shape = tuple(int(s) for s in shape)
        dt = np.dtype(dtype)
        block = self.pool.alloc(math.prod(shape) * dt.itemsize)
        if block is None:
            raise MemoryError("reader pool exhausted (pool_bytes)")
        return block.view(shape, dt)

    def alloc_words(self, x: Xfer, agent: bool) -> int:
        """u64 slots for the transfer's lease words, zeroed (0 = "no live lease", so a slot the
        READ never wrote fails closed). Returns their address. Past the pool's cap, a one-off
        buffer, registered with the reader's agent if ``agent`` (else a lane's part owns it:
        ``words_span``)."""
        n = len(x.checked)
        block = self.pool.alloc(8 * n)
        if block is not None:
            x.words_block = block
            x.words = block.view((n,), np.dtype("<u8"))
        else:  # pool at its cap: one-off, like an oversize pixel read
            x.words = np.empty(n, dtype="<u8")
            self._stats["oneoff_registrations"] += 1
            if agent:
                x.words_reg = self.register(x.words.ctypes.data, x.words.nbytes)
        x.words.fill(0)
        return x.words.ctypes.data

    @staticmethod
    def words_span(x: Xfer) -> list[tuple[int, int, int]]:
        """The words' memory, if a lane's part must register it (one-off, not the agent's)."""
        if x.words is None or x.words_block is not None or x.words_reg is not None:
            return []
        return [(x.words.ctypes.data, x.words.nbytes, 0)]

    def free_words(
        self, x: Xfer, quarantine: bool, park: bool = False, holders: list[Part] | None = None
    ) -> None:
        if x.words_reg is not None:
            if park:
                self.park(x.words_reg, x.words)
            else:
                with contextlib.suppress(Exception):
                    self.agent.deregister_memory(x.words_reg)
            x.words_reg = None
        elif holders and x.words is not None and x.words_block is None:
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
        park: bool = False,
        holders: list[Part] | None = None,
    ) -> None:
        """Release ``dests``; ``park``: the agent's handle was not released, ``holders``: lanes'
        parts that may still write their one-off memory."""
        for dest in dests:
            pooled_out = dest.out is not None and dest.span is None  # from Reader.empty()
            mem = dest.oneoff if dest.out is None else dest.out
            if dest.oneoff_reg is not None:
                if park:
                    self.park(dest.oneoff_reg, mem)
                else:
                    with contextlib.suppress(Exception):
                        self.agent.deregister_memory(dest.oneoff_reg)
                dest.oneoff_reg = None
            elif holders and dest.span is not None:
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

    def park(self, reg: Any, mem: Any) -> None:
        """Keep ``mem`` alive, and registered (``reg``, the agent's), until close."""
        self.parked.append((reg, mem))
        self._stats["oneoff_parked"] += 1

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
        """Deregister the pools, and parked memory: call once no READ can land any more."""
        self.pool.close()
        if self.vram is not None:
            self.vram.close()
        for reg, _mem in self.parked:
            with contextlib.suppress(Exception):
                self.agent.deregister_memory(reg)
        self.parked = []
        self.held = []  # the lanes are closed
