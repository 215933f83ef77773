"""``stage_embeddings=True``: the caller's tensor is registered with NIXL once and transferred
in place, instead of being copied into the sender's pool.

Registrations are cached by the tensor's memory (data pointer, bytes): sending the same tensor
(or another view of exactly the same bytes) again registers nothing new. An entry goes away
when the tensor that was registered is freed (``weakref.finalize``) or, past
``max_entries``, least recently used first; an entry is never dropped while a transfer uses it
(each send holds the tensor and a use count until its transfer is over). The deregistration
itself is deferred to the next ``acquire``/``reap`` (a finalizer can run on any thread, in the
middle of any call), and done before anything new is registered, so memory reused at the same
address is never mistaken for the freed tensor's.

Contiguous tensors are staged: CPU tensors registered as "DRAM", CUDA tensors as "VRAM" (on
their GPU); anything else is copied into the pool as usual. Given ``lanes`` (the Write
sender's), a tensor is registered with one of them instead, in turn (a CUDA tensor as VRAM on
its GPU), and its transfers go to that lane: the endpoint's agent never moves it.
"""

from __future__ import annotations

import collections
import threading
import weakref
from typing import Any

from fastmedia.errors import ClosedError, NixlError


class Staged:
    """One cached registration: ``addr``/``nbytes`` of the caller's memory, its NIXL segment
    (``mem``: "DRAM" or "VRAM") and device id, its NIXL handle and how many transfers use it
    now."""

    __slots__ = ("__weakref__", "addr", "dev", "in_use", "key", "lane", "mem", "nbytes", "reg")

    def __init__(
        self, addr: int, nbytes: int, reg: Any, mem: str = "DRAM", dev: int = 0, lane: Any = None
    ) -> None:
        self.addr = addr
        self.lane = lane  # the lane it is registered with (None: the endpoint's agent)
        self.nbytes = nbytes
        self.mem = mem
        self.dev = dev
        self.key = (addr, nbytes)  # CUDA's unified addressing: no host/GPU address is shared
        self.reg = reg
        self.in_use = 0


class StageCache:
    """Registrations of callers' tensors, by (data pointer, bytes); see the module docstring.
    ``version`` changes with each registration or deregistration (the agent's metadata
    changes with them). ``lanes``: where tensors are
    registered instead, in turn (``transfer._lanes.Lane``)."""

    def __init__(
        self,
        agent: Any,
        max_entries: int = 64,
        lanes: list[Any] | None = None,
    ) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be >= 1")
        self._agent = agent
        self._lanes = list(lanes or [])
        self.max_entries = max_entries
        self._lock = threading.RLock()  # a finalizer may run while this thread holds it
        self._entries: collections.OrderedDict[tuple[int, int], Staged] = collections.OrderedDict()
        self._dead: list[tuple[Any, Any]] = []  # (lane or None, registration) to deregister
        self._closed = False
        self.version = 0
        self.registrations = 0
        self.deregistrations = 0
        self.hits = 0

    @staticmethod
    def stageable(tensor: Any) -> bool:
        return tensor.device.type in ("cpu", "cuda") and tensor.is_contiguous()

    @property
    def stale(self) -> bool:
        """Registrations wait for ``reap`` (which ``acquire`` runs first)."""
        return bool(self._dead)

    def hit(self, tensor: Any) -> Staged | None:
        """The tensor's cached registration, its use count raised, or None (``acquire`` it:
        registering may wait on a lane's transfer, so an event loop does it in a thread)."""
        key = (int(tensor.data_ptr()), int(tensor.numel()) * int(tensor.element_size()))
        with self._lock:
            if self._closed:
                raise ClosedError("the sender is closed")
            e = self._entries.get(key)
            if e is not None:
                self._entries.move_to_end(key)
                e.in_use += 1
                self.hits += 1
            return e

    def acquire(self, tensor: Any) -> Staged:
        """The tensor's registration (cached, or made now), its use count raised: pass it to
        ``release`` when the transfer is over. Raises ``NixlError`` if registering fails."""
        addr = int(tensor.data_ptr())
        nbytes = int(tensor.numel()) * int(tensor.element_size())
        cuda = tensor.device.type == "cuda"
        mem, dev = ("VRAM", int(tensor.device.index or 0)) if cuda else ("DRAM", 0)
        key = (addr, nbytes)
        self.reap()
        e = self.hit(tensor)
        if e is not None:
            return e
        lane = self._lanes[self.registrations % len(self._lanes)] if self._lanes else None
        try:
            reg = (lane or self._agent).register(addr, nbytes, mem, dev)
        except Exception as ex:
            raise NixlError(
                f"could not register {nbytes} bytes of the caller's tensor: {ex}"
            ) from ex
        e = Staged(addr, nbytes, reg, mem, dev, lane)
        e.in_use = 1
        with self._lock:
            self.registrations += 1
            self.version += 1
            old = self._entries.pop(key, None)  # another thread staged it meanwhile
            if old is not None and old.in_use == 0:
                self._drop(old)  # (in use: ``release`` deregisters it)
            self._entries[key] = e
            self._evict_over_bound()
        # the registration lives as long as this tensor object (views keep it alive)
        weakref.finalize(tensor, _freed, weakref.ref(self), weakref.ref(e))
        return e

    def release(self, e: Staged) -> None:
        """A transfer that used ``e`` is over."""
        with self._lock:
            e.in_use -= 1
            if e.in_use == 0 and self._entries.get(e.key) is not e:
                self._drop(e)  # dropped while in use: deregister now
            self._evict_over_bound()

    def _evict_over_bound(self) -> None:
        while len(self._entries) > self.max_entries:
            victim = next((k for k, v in self._entries.items() if v.in_use == 0), None)
            if victim is None:
                return  # every entry is in use: over the bound until one is released
            self._drop(self._entries.pop(victim))

    def forget(self, e: Staged) -> None:
        """The tensor behind ``e`` was freed (its finalizer)."""
        with self._lock:
            if self._entries.get(e.key) is e:
                del self._entries[e.key]
                if e.in_use == 0:
                    self._drop(e)

    def _drop(self, e: Staged) -> None:
        """Queue ``e``'s registration for ``reap`` (lock held)."""
        if e.reg is not None:
            self._dead.append((e.lane, e.reg))
            e.reg = None

    def reap(self) -> None:
        """Deregister what is no longer cached (nothing uses it)."""
        with self._lock:
            dead, self._dead = self._dead, []
        for lane, reg in dead:
            (lane or self._agent).deregister(reg)
            with self._lock:
                self.deregistrations += 1
                self.version += 1

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def close(self) -> None:
        """Deregister everything (the transfers are over: the owner failed them first)."""
        with self._lock:
            self._closed = True
            for e in self._entries.values():
                self._drop(e)
            self._entries.clear()
        self.reap()


def _freed(cache_ref: weakref.ref, entry_ref: weakref.ref) -> None:
    cache, e = cache_ref(), entry_ref()
    if cache is not None and e is not None:
        cache.forget(e)
