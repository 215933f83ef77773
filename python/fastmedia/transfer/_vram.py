"""Embeddings in GPU memory: the ``device=`` argument of the NIXL embedding endpoints and the
pool they use for ``device="cuda:N"``.

``VramPool`` is fastmedia's ``DestPool`` (first-fit chunks, leases, quarantine, all or none)
over one ``torch.empty(pool_bytes, dtype=uint8, device="cuda:N")`` arena, registered once as
"VRAM" with the endpoint's agent (``_nixl.Endpoint``) and with its lanes (the Write sender's,
which WRITE from it).
Chunks are handed out as CUDA tensors that view the arena (``__cuda_array_interface__``): torch
keeps the chunk's owner alive with the view, so a chunk goes back to the pool when its last
view is gone, as on the CPU. Unlike the host pool, the arena takes its GPU memory at start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fastmedia import _core
from fastmedia._internal import gpu as _gpu
from fastmedia._internal.gpu import Device
from fastmedia.errors import ConfigError, NixlError
from fastmedia.transfer._dest_pool import Block, DestPool, Slab


def torch_arena(nbytes: int, device: Device) -> Any:
    """``nbytes`` of GPU memory as one contiguous uint8 CUDA tensor. Raises ``ConfigError``
    when the device has not that much free, before allocating."""
    import torch

    free, _total = torch.cuda.mem_get_info(device.index)
    if nbytes > free:
        raise ConfigError(
            f"pool of {nbytes} bytes on {device}: only {free} bytes of its memory are free"
        )
    return torch.empty(nbytes, dtype=torch.uint8, device=str(device))


class VramSlab(Slab):
    """A slab over a CUDA tensor (``buf``) instead of host memory."""

    def __init__(self, arena: Any, reg: Any) -> None:
        addr, nbytes, dev = _gpu.cuda_region(arena)
        self.buf = arena  # keeps the GPU memory alive while any chunk's view is
        self.addr = addr
        self.size = nbytes
        self.reg = reg
        self.lane_regs = []
        self.ranges = _core.Ranges(nbytes)
        self.device_id = dev


class VramBlock(Block):
    """A chunk of a ``VramPool``: ``tensor`` hands out CUDA views whose owner is this block."""

    __slots__ = ("__cuda_array_interface__",)

    def view(self, shape: tuple[int, ...], dtype: Any) -> Any:
        raise TypeError("a VRAM chunk has no host view: use tensor()")

    def tensor(self, nbytes: int) -> Any:
        """A uint8 CUDA tensor over the chunk's first ``nbytes`` (keeps the chunk leased)."""
        import torch

        self.__cuda_array_interface__ = {
            "shape": (nbytes,),
            "typestr": "|u1",
            "data": (self.addr, False),
            "strides": None,
            "version": 2,  # no "stream": NIXL's writes are complete when it reports them
        }
        return torch.as_tensor(self)


class VramPool(DestPool):
    """One registered CUDA arena of ``pool_bytes`` (see the module docstring). ``arena``
    makes the memory (tests pass a fake; default ``torch_arena``)."""

    block_cls = VramBlock
    slab_cls = VramSlab
    mem_type = "VRAM"

    def __init__(
        self,
        agent: Any,
        pool_bytes: int,
        device: Device,
        arena: Callable[[int, Device], Any] | None = None,
        lanes: Sequence[Any] = (),
    ) -> None:
        super().__init__(agent, pool_bytes, pool_bytes, lanes, prefault=False)
        self.device = device
        self.device_id = device.index
        self._arena = arena or torch_arena

    def _memory(self, size: int) -> Any:
        return self._arena(size, self.device)

    def _registered(self, t: Any) -> Slab:
        try:
            return super()._registered(t)  # the Reader's has no agent: its home lane has it
        except Exception as e:
            raise NixlError(
                f"could not register {t.nbytes} bytes of {self.device}'s memory with "
                f"NIXL (a UCX without CUDA support?): {e}"
            ) from e


def pool_for(agent: Any, pool_bytes: int, device: Device, lanes: list) -> DestPool:
    """The pool of an embedding endpoint: host memory filled by use, or a VRAM arena; either
    is registered with ``lanes`` too."""
    if device.kind == "cuda":
        return VramPool(agent, pool_bytes, device, lanes=lanes)
    return DestPool(agent, pool_bytes, pool_bytes, lanes, prefault=False)


def mem_of(pool: DestPool) -> tuple[str, int]:
    """(NIXL segment, device id) of a pool's chunks."""
    return pool.mem_type, pool.device_id
