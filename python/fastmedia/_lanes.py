"""Helper lanes of ``Reader(threads=N)``: N-1 extra NIXL agents, each driven by a thread of
its own, that READ a share of a transfer's pieces while the caller's thread READs the rest.

On one host a READ is a copy that UCX runs inside the posting call (CMA: ``process_vm_readv``),
so one agent copies on one core. Each lane is a separate agent (one UCX worker, no progress
thread) with its own connection to the frontend and the reader's pool registered, so the
copies run in parallel: NIXL releases the GIL while it posts. A lane never sends a
notification, so its transfers never wait for the frontend (see ``reader._Notifier``).

A lane owns its part from submission to completion: it connects, posts, polls, releases the
handle and sets ``Part.state``; the reader only reads that state (or waits on ``done``).

The Write-mode embedding sender (``embeddings._nixl_write``) uses the same lanes for its
WRITEs (``Part.op``): there too UCX runs each copy inside ``transfer()``.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fastmedia import _nixl
from fastmedia._remotes import RemoteAgents

LAG_BYTES = 512 << 10
"""A lane starts its READ ~0.05-0.1 ms after the caller's thread posts (a wake-up, the GIL, its
own descriptor lists), and two copies share the memory bus: measured on a 6 MB read, a head
start of 0.5-1 MiB for the caller's thread levels their ends. Items are cut to match."""


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
    md: str  # the peer's metadata, as ``descriptor.encode_metadata`` writes it
    mem_type: str
    deadline: float
    op: str = "READ"  # or "WRITE" (local -> remote)
    on_done: Callable[[], None] | None = None  # called by the lane after ``done`` is set
    state: str = "PROC"  # PROC -> DONE | ERR, set by the lane
    error: str = ""
    done: threading.Event = field(default_factory=threading.Event)


class Lane:
    def __init__(self, name: str, role: str = "reader-lane") -> None:
        self.agent = _nixl.make_agent(name, role=role)
        self.remotes = RemoteAgents(self.agent)
        self._jobs: queue.SimpleQueue[Part | None] = queue.SimpleQueue()
        self._lock = threading.Lock()  # the agent is used by this lane's thread, and by close
        self._thread = threading.Thread(target=self._run, name=f"fastmedia-{name}", daemon=True)
        self._thread.start()

    def submit(self, part: Part) -> None:
        self._jobs.put(part)

    def register(self, addr: int, nbytes: int) -> Any:
        with self._lock:
            return self.agent.register_memory([(addr, nbytes, 0, "")], "DRAM")

    def deregister(self, reg: Any) -> None:
        with self._lock, contextlib.suppress(Exception):
            self.agent.deregister_memory(reg)

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(timeout=30.0)
        with self._lock:
            self.remotes.close()
        _nixl.release_agent(self.agent)

    def _run(self) -> None:
        while True:
            part = self._jobs.get()
            if part is None:
                return
            with self._lock:
                try:
                    part.state, part.error = self._read(part)
                except Exception as e:  # never let the lane die: the reader waits on it
                    part.state, part.error = "ERR", f"failed: {e}"
            part.done.set()
            if part.on_done is not None:
                with contextlib.suppress(Exception):
                    part.on_done()

    def _read(self, part: Part) -> tuple[str, str]:
        try:
            r = self.remotes.acquire(part.md)
        except Exception as e:
            return "ERR", str(e)
        state = "ERR"
        try:
            state, error = read_and_wait(
                self.agent, part.local, part.remote, part.mem_type, r.name, part.deadline, part.op
            )
            return state, error
        finally:
            self.remotes.release(r, failed=state != "DONE")


def read_and_wait(
    agent: Any,
    local: list,
    remote: list,
    mem_type: str,
    remote_name: str,
    deadline: float,
    op: str = "READ",
) -> tuple[str, str]:
    """One READ of ``remote`` rows into ``local`` rows (addr, len, dev) (``op="WRITE"``: the
    other way), without a notification, polled with backoff until DONE, ERR or ``deadline``;
    the handle is always released. Returns (state, error)."""
    h = None
    try:
        ldl = agent.get_xfer_descs(np.array(local, dtype=np.uint64), "DRAM")
        rdl = agent.get_xfer_descs(np.array(remote, dtype=np.uint64), mem_type)
        h = agent.initialize_xfer(op, ldl, rdl, remote_name, b"")
        state = agent.transfer(h)
        delay = 20e-6
        while state == "PROC":
            if time.monotonic() > deadline:
                return "ERR", "timed out"
            time.sleep(delay)
            delay = min(delay * 2, 1e-3)
            state = agent.check_xfer_state(h)
        return state, "" if state == "DONE" else "failed (NIXL reported ERR)"
    except Exception as e:
        return "ERR", f"failed: {e}"
    finally:
        if h is not None:
            with contextlib.suppress(Exception):
                agent.release_xfer_handle(h)
