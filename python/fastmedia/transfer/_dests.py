"""Where a read lands: a chunk of the reader's host pool, of its VRAM pool
(``gpu_read="direct"``), the caller's memory (``read_into``), or a one-off registration when
the pool is full. Failed reads quarantine their chunks; one-off memory whose READ NIXL would
not cancel is parked, registered and alive, until the reader closes."""

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
from fastmedia.transfer._dest_pool import DestPool
from fastmedia.transfer._lanes import Lane
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

    def dest(self, d: MediaDescriptor, out: Any, output: str) -> Dest:
        """The destination of one item: ``out`` (registered for this call unless it is pool
        memory), a VRAM or host pool chunk, else a one-off registered buffer."""
        if out is not None and self._direct and _gpu.on_cuda(out):
            addr, nbytes, dev = _gpu.cuda_region(out)
            dest = Dest(d, addr, out=out, mem="VRAM", dev=dev)
            if not self.vram_pool().contains(addr, nbytes):
                try:
                    dest.oneoff_reg = _gpu.register_vram(self.agent, out)
                except Exception as e:
                    raise NixlError(
                        f"could not register {nbytes} bytes of cuda:{dev}'s memory with "
                        f"NIXL (a UCX without CUDA support?): {e}"
                    ) from e
            return dest
        if self._direct and output == "torch":
            pool = self.vram_pool()
            vblock = pool.alloc(d.size)
            if vblock is not None:  # else staged, through the host pool
                return Dest(d, vblock.addr, block=vblock, mem="VRAM", dev=pool.device_id)  # type: ignore[attr-defined]
        if out is not None:
            addr, nbytes = out_buffer(out)
            dest = Dest(d, addr, out=out)
            if not self.pool.contains(addr, nbytes):
                dest.oneoff_reg = self.register(addr, nbytes)
            return dest
        block = self.pool.alloc(d.size)
        if block is not None:
            return Dest(d, block.addr, block=block)
        buf = np.empty(d.size, dtype=np.uint8)
        self._stats["oneoff_registrations"] += 1
        return Dest(
            d, buf.ctypes.data, oneoff=buf, oneoff_reg=self.register(buf.ctypes.data, d.size)
        )

    def vram_pool(self) -> DestPool:
        """gpu_read="direct"'s VRAM pool: one arena of ``pool_bytes``, taken by its first use."""
        if self.vram is None:
            from fastmedia.transfer._vram import VramPool

            assert self._cuda is not None
            self.vram = VramPool(self.agent, self._pool_bytes, self._cuda)
        return self.vram

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

    def alloc_words(self, x: Xfer) -> int:
        """Registered u64 slots for the transfer's lease words, zeroed (0 = "no live lease", so
        a slot the READ never wrote fails closed). Returns their address."""
        n = len(x.checked)
        block = self.pool.alloc(8 * n)
        if block is not None:
            x.words_block = block
            x.words = block.view((n,), np.dtype("<u8"))
        else:  # pool at its cap: a one-off registration, like an oversize pixel read
            x.words = np.empty(n, dtype="<u8")
            self._stats["oneoff_registrations"] += 1
            x.words_reg = self.register(x.words.ctypes.data, x.words.nbytes)
        x.words.fill(0)
        return x.words.ctypes.data

    def free_words(self, x: Xfer, quarantine: bool, park: bool = False) -> None:
        if x.words_reg is not None:
            if park:
                self.park(x.words_reg, x.words)
            else:
                with contextlib.suppress(Exception):
                    self.agent.deregister_memory(x.words_reg)
            x.words_reg = None
        if x.words_block is not None and quarantine:
            self.pool.quarantine(x.words_block)  # a late 8-byte write must not hit a later read
        x.words = None
        x.words_block = None

    def free(
        self, dests: list[Dest], failed: bool, quarantine: bool = False, park: bool = False
    ) -> None:
        for dest in dests:
            pooled_out = dest.out is not None and dest.oneoff_reg is None  # from Reader.empty()
            if dest.oneoff_reg is not None:
                if park:
                    self.park(dest.oneoff_reg, dest.oneoff if dest.out is None else dest.out)
                else:
                    with contextlib.suppress(Exception):
                        self.agent.deregister_memory(dest.oneoff_reg)
                dest.oneoff_reg = None
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
        self.parked.append((reg, mem))
        self._stats["oneoff_parked"] += 1

    def usage(self) -> dict[str, int]:
        """The pools' bytes, and ``register_memory_calls``: pool slabs, their registrations
        on the lanes (``lane_register_memory_calls``) and one-off registrations."""
        out = self.pool.usage()
        if self.vram is not None:
            out |= self.vram.usage("vram_pool_bytes")
        lane_regs = self.pool.lane_registrations()
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
