"""The lease notifications of a Reader: the keys of the items it read and checked, sent to
their frontend once the whole batch is handed out (``Notices``), by an agent of their own
(``Notifier``)."""

from __future__ import annotations

import threading
import time
from typing import Any

from fastmedia.transfer import _nixl
from fastmedia.transfer._dest_pool import Block, DestPool
from fastmedia.transfer._lanes import Part
from fastmedia.transfer._xfer import Xfer, lane_part
from fastmedia.transfer.descriptor import MediaDescriptor


class Notices:
    """Sends a transfer's lease keys: by the ``Notifier`` agent, made by the first notice;
    if that cannot be made or fails, with a READ of 8 bytes (a lease word, else the first
    item's) on the lane that READ the transfer."""

    def __init__(self, name: str, stats: Any) -> None:
        self.name = name
        self.notifier: Notifier | None = None
        self._failed = False  # the notifier could not be made: the fallbacks notify
        self._stats = stats
        self._words: list[tuple[Part, Block]] = []  # lane READs of a lease word in flight
        self._making = threading.Lock()  # the notifier is made once, by one thread
        self._closed = False

    def prepare(self) -> None:
        """Make the notifier now (tens of ms; once: one that cannot be made is not tried
        again): an async reader does it off its event loop. Thread-safe."""
        with self._making:
            if self.notifier is None and not self._failed and not self._closed:
                self._failed = True
                self.notifier = Notifier(self.name)
                self._failed = False

    def notify(self, x: Xfer, pool: DestPool, timeout_s: float) -> None:
        """Tell the frontend that these items were read and verified: only now, and only for
        a batch that is handed out whole, so a refused or failed batch ends no lease."""
        if not x.keys:
            return
        msg = ";".join(x.keys).encode()
        try:
            if self.notifier is None:
                self.prepare()
            if self.notifier is not None:
                self.notifier.send(x.dests[0].desc, msg)
                return
        except Exception:
            pass
        self._stats["notify_fallbacks"] += 1
        try:
            self._on_lane(x, msg, pool, timeout_s)
        except Exception:  # the pixels are already good; the lease then ends by TTL
            self._stats["notify_errors"] += 1

    def _on_lane(self, x: Xfer, msg: bytes, pool: DestPool, timeout_s: float) -> None:
        """Send ``msg`` with a READ of 8 bytes on the lane that READ ``x``, whose agent is
        connected to the peer: a lease word, or the first bytes of an item without one. Not
        waited for: the chunk READ into is held until the READ has ended, then freed, or
        quarantined if it failed. Raises if nothing can be READ."""
        self._reap(pool)
        if x.checked:
            d = x.checked[0].desc
            assert d.lease_check is not None
            remote = [(d.lease_check.addr, 8, d.device_id)]
        else:
            d = next(dt.desc for dt in x.dests if dt.desc.size)  # StopIteration: all empty
            remote = [(d.addr, min(8, d.size), d.device_id)]
        block = pool.alloc(8)
        if block is None:
            raise MemoryError("reader pool exhausted (pool_bytes)")
        local = [(block.addr, remote[0][1], 0)]
        part = lane_part(x, local, remote, time.monotonic() + timeout_s)
        part.notif = msg
        x.lanes[0].submit(part)
        self._words.append((part, block))

    def _reap(self, pool: DestPool) -> None:
        """Let go of the word chunks whose READ has ended (a failed one never returns)."""
        live = []
        for part, block in self._words:
            state = part.state
            if state == "PROC":
                live.append((part, block))
            elif state != "DONE":
                pool.quarantine(block)
        self._words = live

    def close(self, flush_s: float) -> None:
        with self._making:  # none is made after this
            self._closed = True
        if self.notifier is not None:
            self.notifier.close(flush_s)


class Notifier:
    """The lease notifications' own NIXL agent, so the agents that READ never send an active
    message (which would make their next READ wait for the frontend): ``_core.NixlNotifier``
    (``rust/src/nixl/notify.rs`` says why, and how its thread confirms each notification
    with a probe READ without the GIL)."""

    def __init__(self, name: str) -> None:
        from fastmedia import _core

        self._core, claim = _nixl.core_agent(name, _core.NixlNotifier)
        self._free_name = _nixl.hold_name(self, name, claim)

    def send(self, desc: MediaDescriptor, msg: bytes) -> None:
        """Queue ``msg`` for the frontend of ``desc`` (the notifier's thread sends it); the
        item's first bytes (none when it is empty) are the probe. Raises once closed."""
        probe = (desc.addr, desc.size, desc.device_id)
        self._core.send(desc.nixl_metadata, msg, probe, desc.mem_type)

    def pending(self) -> int:
        """Notified peers whose last notification is not confirmed yet."""
        return self._core.pending()

    def stats(self) -> tuple[int, int, int]:
        """(sent, confirmed, given_up): notifications, and probes that confirmed or failed."""
        return self._core.stats()

    def close(self, flush_s: float) -> None:
        """Wait up to ``flush_s`` until every notification reached its peer (a dead or too
        slow peer is given up on: those leases end by TTL), then release the agent."""
        self._core.close(flush_s)
        self._free_name()
