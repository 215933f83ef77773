"""The Reader's transfers: one READ per peer, its pixels cut over the lanes (NIXL agents on
threads of the Rust core), the lease words after them; waiting for DONE, timeouts, and
releasing a failed or abandoned transfer without handing out or reusing what it may still
write. Every destination goes to the home lane: the host pool and the VRAM pool (registered
with it), a caller's array or CUDA tensor and reads past ``pool_bytes`` (the lane registers
them for their transfer). Only a reader whose home lane could not be made (or could not
register VRAM) READs from its own agent, polled on the caller's thread. Callers wait
through ``_read_wait``."""

from __future__ import annotations

import collections
import contextlib
import threading
import time
import uuid
from typing import Any

import numpy as np

from fastmedia.errors import ClosedError, TransferError
from fastmedia.transfer import _nixl
from fastmedia.transfer._dests import Destinations
from fastmedia.transfer._lanes import Lane, LaneSet
from fastmedia.transfer._notifier import Notices
from fastmedia.transfer._remotes import Remote, RemoteAgents
from fastmedia.transfer._xfer import (
    Op,
    Xfer,
    group,
    lane_part,
    on_gpu,
    on_host,
    peer_name,
    spread,
    word_rows,
)
from fastmedia.transfer.descriptor import MediaDescriptor


class ReadEngine:
    """Posts, drives and settles the reads of one ``Reader``; thread-safe (one lock: NIXL
    agents are not thread-safe in sync mode NONE)."""

    off_loop = True
    """Pooled reads go to the home lane (False: the caller's thread READs them through the
    reader's Python agent; tests that wrap that agent's methods to kill a peer at an exact
    point set it)."""

    def __init__(
        self,
        agent: Any,
        dests: Destinations,
        lanes: LaneSet,
        timeout_s: float,
        stats: collections.Counter[str],
    ) -> None:
        self.agent = agent
        self.name: str = agent.name
        self.timeout_s = timeout_s
        self.lock = threading.RLock()
        self.lanes = lanes
        self.dests = dests
        self.remotes = RemoteAgents(agent)
        self.notices = Notices(f"{self.name}-notify", stats)
        self.stats = stats
        self.closed = False

    def check_open(self) -> None:
        if self.closed:
            raise ClosedError("Reader is closed")

    def start(self, descs: list[MediaDescriptor], out: Any, output: str, sync: bool) -> Op:
        """Post the reads of ``descs`` (into ``out`` for ``read_into``). ``sync``: the caller
        waits with ``Waiter.sync``, which runs the home lane's share itself (``Xfer.here``)."""
        if not descs:
            return Op([], [], 0.0)
        with self.lock:
            self.check_open()
            self.dests.reap()
            dests = []
            xfers: list[Xfer] = []
            try:
                for d in descs:
                    dests.append(self.dests.dest(d, out, output))
                xfers = group(dests)
                for x in xfers:
                    self._post(x, sync)
            except BaseException:
                grouped: set[int] = set()
                for x in xfers:
                    grouped.update(id(dt) for dt in x.dests)
                    self._settle(x)
                self.dests.free([dt for dt in dests if id(dt) not in grouped], failed=True)
                raise
            self.stats["reads"] += len(descs)
            self.stats["transfers"] += len(xfers)
            return Op(xfers, dests, time.monotonic() + self.timeout_s)

    def _lanes_for(self, x: Xfer) -> list[Lane | None]:
        """Who READs a share of ``x``: None is the caller's thread. The home lane takes the
        caller's share when every destination is host memory (the pool, registered with the
        lanes, or memory it registers for the transfer) or GPU memory (the VRAM pool,
        registered with the home lane by its first such transfer, or a caller's tensor, which
        it registers for the transfer), and the caller, sync or async,
        waits for the lanes' reports instead of driving NIXL. The reader's agent then never
        loads the peer: an agent that loaded a peer and never transferred would leave the
        peer a half-open endpoint, which it fails to close (a UCX error line) once this
        process is gone."""
        host = on_host(x)
        if self.off_loop and (host or on_gpu(x)):
            home = self.lanes.home_lane(self.dests.pool)
            if home is not None and (host or self.dests.vram_on(home)):
                self.stats["home_lane_transfers"] += 1
                # VRAM is the home lane's alone: the helpers register the host pool only
                return [home, *self.lanes.helpers] if host else [home]
        return [None, *self.lanes.helpers]

    def acquire(self, x: Xfer) -> Remote:
        """The peer of ``x`` on the reader's agent, loaded now (every metadata string of it
        the descriptors carry) if it was not; one reference per transfer."""
        if x.remote is None:
            for md in x.mds:
                remote = self.remotes.acquire(md)
                if x.remote is None:
                    x.remote = remote
                else:
                    self.remotes.release(remote)
        assert x.remote is not None
        return x.remote

    def _post(self, x: Xfer, sync: bool) -> None:
        x.keys = []
        for dest in x.dests:
            k = dest.desc.lease_key
            if k and k not in x.keys:
                x.keys.append(k)
        # Lease keys go in a notice of their own once every item was checked (Notices): a
        # refused item must not end its batch-mates' leases. Dynamo descriptors (no keys)
        # get a random key with the READ, as Dynamo's reader sends.
        notif = b"" if x.keys else str(uuid.uuid4()).encode()
        lanes = self._lanes_for(x)
        here = lanes[0] is None  # this thread READs a share
        if here:  # before anything is posted
            self.dests.register_spans(x)
            self.acquire(x)
        local_rows, remote_rows = spread(x, lanes)
        x.checked = [dt for dt in x.dests if dt.desc.lease_check is not None]
        if x.checked:
            words_addr = self.dests.alloc_words(x, agent=here)
            busy = [p for p in x.parts if p.local]
            # Where one transfer READs every pixel, the words go after them in its list, which
            # transports that run it in order (CMA / shared memory on one host) READ after the
            # pixels: this thread's, or a lane's (words in the pool, which the lanes have
            # registered); host pixels only: host words cannot share a VRAM list. Otherwise
            # the shares finish in any order: the words are READ in a second transfer once
            # every share is DONE (_post_words).
            host = x.dests[0].mem == "DRAM"
            if local_rows and not busy and host:
                wl, wr = word_rows(x, words_addr)
                local_rows += wl
                remote_rows += wr
            elif host and not local_rows and len(busy) == 1 and x.words_reg is None:
                wl, wr = word_rows(x, words_addr)
                busy[0].local += wl
                busy[0].remote += wr
                busy[0].own += self.dests.words_span(x)
            else:
                x.words_pending = True
        x.t_post = time.monotonic()
        for part in x.parts:  # first, so the lanes copy while this thread posts its share
            part.deadline = x.t_post + self.timeout_s
        if not local_rows:  # the notification rides on the first part that READs
            first = next((p for p in x.parts if p.local), None)
            if first is not None:
                first.notif = notif
        for lane, part in zip(x.lanes, x.parts, strict=True):
            if part.local and sync and lane is self.lanes.home:
                x.here = part  # the caller would only wait for it: it runs it (Waiter.sync)
            elif part.local:
                lane.submit(part)
            else:
                part.empty = True
        if local_rows:
            self._submit(x, local_rows, remote_rows, notif, x.dests[0].mem)
        else:  # every row is a lane's
            x.state = "DONE"
            self._pixels_done(x)

    def _post_words(self, x: Xfer) -> None:
        """Second phase: every share of the pixels is DONE; READ the lease words now: by a lane
        that READ pixels of ``x`` (it has the pool registered and the peer loaded, and
        registers one-off words for the part), unless the reader's agent registered them."""
        x.words_pending = False
        assert x.words is not None
        local, remote = word_rows(x, x.words.ctypes.data)
        if x.words_reg is None and x.lanes:
            part = lane_part(x, local, remote, x.t_post + self.timeout_s)
            part.own = self.dests.words_span(x)
            x.lanes.append(x.lanes[0])
            x.parts.append(part)
            x.lanes[0].submit(part)
            return
        with contextlib.suppress(Exception):
            self.agent.release_xfer_handle(x.handle)
        x.handle, x.t_done = None, None
        self.acquire(x)
        self._submit(x, local, remote, b"")

    def _submit(
        self, x: Xfer, local_rows: list, remote_rows: list, notif: bytes, local_mem: str = "DRAM"
    ) -> None:
        mem = x.dests[0].desc.mem_type
        local = np.array(local_rows, dtype=np.uint64)
        remote = np.array(remote_rows, dtype=np.uint64)
        try:
            ldl = self.agent.get_xfer_descs(local, local_mem)
            rdl = self.agent.get_xfer_descs(remote, mem)
            name = self.acquire(x).name
            x.handle = self.agent.initialize_xfer("READ", ldl, rdl, name, notif)
            x.state = self.agent.transfer(x.handle)
        except Exception as e:
            x.state = "ERR"
            raise self.error(x, f"failed to start: {e}") from e
        if x.state == "ERR":
            raise self.error(x, "failed to start")
        if x.state == "DONE":
            self._pixels_done(x)

    def _pixels_done(self, x: Xfer) -> None:
        """This thread's share is DONE: READ the lease words once the lanes' shares are."""
        if x.words_pending:
            if not self._parts_pending(x):
                self._post_words(x)
        elif x.t_done is None and not self._parts_pending(x):
            x.t_done = time.monotonic()

    def _parts_pending(self, x: Xfer) -> bool:
        """True while a lane's share is in flight; raises TransferError if one failed."""
        pending = False
        for part in x.parts:
            if part.state == "ERR":
                raise self.error(x, f"{part.error} (in {part.where})")
            pending |= part.state != "DONE"
        return pending

    def error(self, x: Xfer, what: str) -> TransferError:
        self.stats["transfer_errors"] += 1
        n = len(x.dests)
        return TransferError(
            f"NIXL READ of {n} item{'s' if n != 1 else ''} from remote agent "
            f"{peer_name(x)!r} {what}"
        )

    def poll(self, op: Op) -> bool:
        """Drive the reader's agent once; True when every transfer of ``op`` is DONE (its
        lanes' shares too). Raises TransferError."""
        with self.lock:
            pending, slow = False, op.xfers[0] if op.xfers else None
            for x in op.xfers:
                if x.state == "PROC":
                    try:
                        x.state = self.agent.check_xfer_state(x.handle)
                    except Exception as e:
                        x.state = "ERR"
                        self.fail(op, self.error(x, f"failed: {e}"))
                    if x.state == "ERR":
                        self.fail(op, self.error(x, "failed (NIXL reported ERR)"))
                parts = False
                if x.state == "DONE":
                    try:
                        self._pixels_done(x)
                        parts = self._parts_pending(x)
                    except TransferError as e:
                        self.fail(op, e)
                if x.state == "PROC" or x.words_pending or parts:
                    pending, slow = True, x
            if pending and slow is not None and time.monotonic() > op.deadline:
                self.fail(op, self.error(slow, f"timed out after {self.timeout_s:g} s"))
            return not pending

    def fail(self, op: Op, err: TransferError) -> None:
        self.cancel(op)
        raise err

    def cancel(self, op: Op) -> None:
        """Abandon an operation (error, timeout, cancellation): nothing of it is handed out."""
        with self.lock:
            for x in op.xfers:
                self._settle(x)
            op.xfers, op.dests = [], []

    def _settle(self, x: Xfer) -> None:
        """Release a failed/abandoned transfer and its destinations."""
        # A READ still in flight when abandoned could land late: never reuse its chunks.
        in_flight = x.handle is not None and x.state == "PROC"
        in_flight |= any(p.state == "PROC" for p in x.parts)
        failed = x.state == "ERR" or in_flight
        released = self._release_xfer(x, failed=failed)
        # Pool chunks are quarantined; one-off memory is only safe to deregister and free once
        # NIXL released the handle (cancelling the READ); until then it is parked. A lane's
        # part in flight (or whose handle it kept) holds its memory until the lane lets go.
        park = in_flight and not released
        holders = [p for p in x.parts if p.own and p.holds]
        self.dests.free_words(x, quarantine=in_flight, park=park, holders=holders)
        self.dests.free(x.dests, failed=True, quarantine=in_flight, park=park, holders=holders)

    def _release_xfer(self, x: Xfer, failed: bool) -> bool:
        """Release the handle and the remote; False when NIXL refused to release the handle."""
        released = True
        if x.handle is not None:
            try:
                self.agent.release_xfer_handle(x.handle)
            except Exception:
                released = False
            x.handle = None
        if x.remote is not None:
            self.remotes.release(x.remote, failed=failed)
            x.remote = None
        return released

    def prepare(self) -> None:
        """Make what a first read makes, each an agent of its own (30-100 ms in all): the home
        lane and the notifier."""
        if self.off_loop:
            self.lanes.prepare()
        with contextlib.suppress(Exception):  # the first notice falls back, as it would
            self.notices.prepare()

    def check_room(self, descs: list[MediaDescriptor], out: Any, output: str, room: str) -> None:
        """Before an async read's ``start``: raise ``NeedRoom`` when it would grow the host
        pool (``room`` "check"), or would take room in it at all ("wait": others wait for it
        to grow). "grow": nothing (``start`` grows the pool if it must)."""
        if room != "grow":
            self.dests.check_room(descs, out, output, wait=room == "wait")

    def reserve(self, sizes: list[int]) -> None:
        """Grow the host pool for items of ``sizes`` now, on this thread (a slab costs about
        9 ms per 64 MiB to fault in): async reads call it off their event loop."""
        self.dests.pool.reserve(sizes, self.lock)

    def complete(self, op: Op) -> None:
        """A read handed out whole: notify its leases, release its transfers and memory."""
        with self.lock:
            for x in op.xfers:
                self.notices.notify(x, self.dests.pool, self.timeout_s, self._fallback(x))
                self._release_xfer(x, failed=False)
                self.dests.free_words(x, quarantine=False)
            self.dests.free(op.dests, failed=False)
            self.stats["bytes"] += sum(dt.desc.size for dt in op.dests)

    def _fallback(self, x: Xfer) -> Any:
        def send(msg: bytes) -> None:
            self.agent.send_notif(self.acquire(x).name, msg)

        return send

    def peer_stats(self) -> dict[str, int]:
        added, replaced, failed_fast, loaded = self.lanes.peer_counts()
        return {
            "remote_agents": len(self.remotes.by_name),
            "lane_remote_agents": loaded,
            "remote_agents_added": self.remotes.added + added,
            "remote_agents_replaced": self.remotes.replaced + replaced,
            "remote_agents_failed_fast": self.remotes.failed_fast + failed_fast,
        }

    def close(self, flush_s: float) -> None:
        """Release peers, lanes and memory; notices still in flight get ``flush_s``."""
        with self.lock:
            if self.closed:
                return
            self.closed = True
            self.remotes.close()
            self.notices.close(flush_s)
            # first: a lane may still be copying into the pool (a lease notice riding on a
            # lane's READ gets ``flush_s`` too)
            self.lanes.close(flush_s)
            self.dests.close()  # the peers are gone: no READ can land any more
            _nixl.release_agent(self.agent)
