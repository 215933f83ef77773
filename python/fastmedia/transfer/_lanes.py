"""The lanes of a ``Reader``: the home lane, which READs every transfer (or its first share),
and with ``Reader(threads=N)`` N-1 helper lanes that READ a share of its pieces.

On one host a READ is a copy that UCX runs inside the posting call (CMA: ``process_vm_readv``),
so one agent copies on one core. Each lane is a transfer lane of the Rust core
(``_core.NixlLane``, ``rust/src/nixl/lane.rs``): an agent of its own (no progress thread) with
its own connection to the peer and the reader's pool registered, and a thread that posts, polls
and releases each part without the GIL. Lease notifications have an agent of their own
(``_notifier.Notifier``), so a lane's transfers never wait for the frontend; only a Dynamo
descriptor's notification rides on its READ.

A lane owns its part from submission to completion and reports its end to the part's ticket
(``_core.LaneTicket``) without the GIL: a thread waits on it (``Part.wait``), an event loop
watches it through a waker's fd (``_xfer.lanes_done``).

The Write-mode embedding sender (``embeddings._nixl_write``) uses the same lanes for its
WRITEs (``Part.op``): there too UCX runs each copy inside the post.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from fastmedia.transfer import _nixl


def share_out(
    size: int, load: list[int], min_piece: int, align: int = 4096
) -> list[tuple[int, int]]:
    """Cut ``size`` bytes into ``(lane, nbytes)`` pieces that raise the least-loaded lanes to one
    level (water-filling), in lane order, adding them to ``load``. Pieces are whole ``align``
    units and at least ``min_piece``, except the first, which takes what rounding leaves."""
    order = sorted(range(len(load)), key=load.__getitem__)
    level, k, below = 0.0, 0, 0
    for k in range(1, len(order) + 1):
        below += load[order[k - 1]]
        level = (size + below) / k
        if k == len(order) or level <= load[order[k]]:
            break
    cuts = {i: int(level - load[i]) // align * align for i in order[:k]}
    cuts = {i: n for i, n in cuts.items() if n >= min_piece}
    first = order[0]
    cuts[first] = cuts.get(first, 0) + size - sum(cuts.values())
    pieces = sorted(cuts.items())
    for i, n in pieces:
        load[i] += n
    return pieces


@dataclass
class Part:
    """A lane's share of one transfer: rows of (addr, len, dev) on each side."""

    local: list
    remote: list
    mds: list[str]  # the peer's metadata strings (``descriptor.encode_metadata``'s), one agent's
    mem_type: str
    deadline: float
    op: str = "READ"  # or "WRITE" (local -> remote)
    notif: bytes = b""  # sent to the peer once the transfer is done (none when empty)
    where: str = "a helper lane"  # for error messages
    ticket: Any = None  # the lane's ``LaneTicket``, once submitted
    empty: bool = False  # nothing for a lane: DONE without one
    # memory (addr, len, dev) of ``local_mem`` of this part alone, outside the pool: the lane
    # registers it for the part and deregisters it once the handle is released
    own: list[tuple[int, int, int]] = field(default_factory=list)
    local_mem: str = "DRAM"  # NIXL segment of the ``local`` rows (and ``own``): "VRAM" on a GPU

    @property
    def state(self) -> str:
        """PROC -> DONE | ERR, as the lane reports it."""
        if self.ticket is not None:
            return self.ticket.state()
        return "DONE" if self.empty else "PROC"

    @property
    def holds(self) -> bool:
        """The lane may still write the part's memory: in flight, or ended with its handle
        kept (NIXL would not release it; ``own`` memory stays registered until it does)."""
        if self.ticket is None:
            return False
        return self.ticket.state() == "PROC" or self.ticket.kept()

    @property
    def error(self) -> str:
        return self.ticket.error() if self.ticket is not None else ""

    @property
    def timed_out(self) -> bool:
        """The lane ended it at its deadline."""
        return self.ticket is not None and self.ticket.timed_out()

    def wait(self, timeout: float) -> bool:
        """Up to ``timeout`` s until the lane has ended it (the GIL released); True if so."""
        if self.ticket is not None:
            return self.ticket.wait(timeout)
        return self.empty


class Wake:
    """``threading.Event``'s ``set`` and ``wait`` over a ``_core.Waker``'s fd: a thread sets
    it, and so does the end of a lane job it ``watch``es, from the lane's thread without the
    GIL, handing over the job's token. ``wait`` clears it."""

    def __init__(self) -> None:
        from fastmedia import _core

        self.waker = _core.Waker()

    def set(self) -> None:
        self.waker.push(0)

    def watch(self, ticket: Any, token: int) -> None:
        """Be set, with ``token`` (not 0, which ``set`` gives), when the job of ``ticket`` (a
        ``_core.LaneTicket``; None: none) ends (now, if it has)."""
        if ticket is None or not ticket.watch(self.waker, token):
            self.waker.push(token)

    def wait(self, timeout: float | None = None) -> list[int]:
        """Up to ``timeout`` s (None: no bound) until set, the GIL released: the tokens handed
        over since the last wait (0 for each ``set``), none if it was not set."""
        if not self.waker.wait(timeout):
            return []
        return [int(t) for t in self.waker.drain()]


class Lane(_nixl.Registrar):
    def __init__(self, name: str) -> None:
        from fastmedia import _core

        super().__init__(name, _core.NixlLane)

    def submit(self, part: Part, here: bool = False) -> None:
        """Queue ``part`` for the lane's thread; ``here``: run it on this thread instead (the
        GIL released), after any part the lane's thread is running, returning when done."""
        part.ticket = self._core.submit(
            part.op,
            part.local,
            part.remote,
            part.mem_type,
            part.mds,
            part.deadline - time.monotonic(),
            part.notif,
            here,
            part.own,
            part.local_mem,
        )

    def on_post(self, callback: Any) -> None:
        """Fault tests: ``callback(state)`` right after each transfer is posted ("PROC" in
        flight, or "DONE"), on the posting thread; None removes it (``NixlLane.on_post``)."""
        self._core.on_post(callback)

    def peer_stats(self) -> tuple[int, int, int, int]:
        """The lane's peer cache as of its last job: (added, replaced, failed_fast, loaded)."""
        return self._core.peer_stats()

    def close(self, grace_s: float = 0.0) -> None:
        """Run queued parts for up to ``grace_s`` more, then stop the one in flight and fail
        the rest (their tickets say so)."""
        self._core.close(grace_s)
        self._free_name()


class LaneSet:
    """A reader's lanes: ``helpers`` made at once (``threads`` - 1), and the home lane, made
    by the first read that can use it (or ahead of it, ``prepare``), with the host pool
    registered there."""

    def __init__(self, name: str, helpers: int, stats: Any) -> None:
        self.name = name
        self.helpers = [Lane(f"{name}-lane{i}") for i in range(1, helpers + 1)]
        self.home: Lane | None = None
        self._made: Lane | None = None  # made by ``prepare``, not yet the home lane
        self._making = threading.Lock()  # one home lane's agent made at a time
        self._closed = False
        self._stats = stats
        self.error = ""  # why the home lane could not be made, last time

    def prepare(self) -> None:
        """Make the home lane's agent now (30-100 ms): an async reader does it off its event
        loop before its first read. Thread-safe."""
        with self._making:
            if self.home is None and self._made is None and not self._closed:
                self._made = self._make()

    def _make(self) -> Lane | None:
        if self._closed:
            return None
        try:
            return Lane(f"{self.name}-home")
        except Exception as e:
            self._failed(e)
            return None

    def _failed(self, e: Exception) -> None:
        self._stats["home_lane_errors"] += 1
        self.error = f"{type(e).__name__}: {e}"

    def home_lane(self, pool: Any) -> Lane | None:
        """The home lane (the caller holds the reader's lock); None if it cannot be made
        (counted in ``home_lane_errors``, why in ``error``; the next read tries again)."""
        if self.home is None:
            with self._making:
                lane, self._made = self._made or self._make(), None
            if lane is None:
                return None
            try:
                pool.add_lane(lane)
            except Exception as e:
                self._failed(e)
                lane.close()
                return None
            self.home = lane
        return self.home

    def on_post(self, callback: Any) -> None:
        """``Lane.on_post`` on every lane, the home lane made now if it was not."""
        self.prepare()
        for lane in self.all():
            lane.on_post(callback)

    def all(self) -> list[Lane]:
        made = [lane for lane in (self.home, self._made) if lane is not None]
        return [*self.helpers, *made]

    def peer_counts(self) -> list[int]:
        """The lanes' peer caches summed: added, replaced, failed_fast, loaded."""
        counts = [lane.peer_stats() for lane in self.all()]
        return [sum(c[i] for c in counts) for i in range(4)]

    def close(self, grace_s: float = 0.0) -> None:
        with self._making:  # none is made after this
            self._closed = True
        for lane in self.all():
            lane.close(grace_s)
