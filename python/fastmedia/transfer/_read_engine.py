"""The Reader's transfers: one READ per peer, its pixels cut over the lanes (NIXL agents on
threads of the Rust core), the lease words after them; waiting for DONE, timeouts, and
releasing a failed or abandoned transfer without handing out or reusing what it may still
write. Every transfer is the lanes': the home lane READs every destination (the host pool and
the VRAM pool, registered with it; a caller's array or CUDA tensor and reads past
``pool_bytes``, which it registers for their transfer), the helper lanes share what is in the
host pool. A reader whose home lane cannot be made (or cannot register its VRAM pool) fails
its reads with ``NixlError``. Callers wait through ``_read_wait``."""

from __future__ import annotations

import collections
import contextlib
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

from fastmedia.errors import ClosedError, NixlError, TransferError
from fastmedia.transfer._dests import Destinations
from fastmedia.transfer._lanes import Lane, LaneSet
from fastmedia.transfer._notifier import Notices
from fastmedia.transfer._xfer import Op, Xfer, group, lane_part, peer_name, spread, word_rows
from fastmedia.transfer.descriptor import MediaDescriptor


class ReadEngine:
    """Posts, drives and settles the reads of one ``Reader`` on its lanes; thread-safe (one
    lock)."""

    def __init__(
        self,
        name: str,
        free_name: Callable[[], object],
        dests: Destinations,
        lanes: LaneSet,
        timeout_s: float,
        stats: collections.Counter[str],
    ) -> None:
        self.name = name
        self._free_name = free_name  # ``name``'s claim (``_nixl.hold_name``), freed by close
        self.timeout_s = timeout_s
        self.lock = threading.RLock()
        self.lanes = lanes
        self.dests = dests
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

    def _lanes_for(self, x: Xfer) -> list[Lane]:
        """Who READs a share of ``x``: the home lane, and the helpers for host memory (they
        register the host pool only). Raises ``NixlError`` when the home lane could not be
        made, or could not register the VRAM pool."""
        home = self.lanes.home_lane(self.dests.pool)
        if home is None:
            raise NixlError(
                "the reader's home lane (a NIXL agent of the Rust core) could not be made: "
                f"{self.lanes.error}"
            )
        host = x.dests[0].mem == "DRAM"  # one segment per transfer (``group``)
        if not host:
            self.dests.vram_on(home)  # NixlError if it cannot
        self.stats["home_lane_transfers"] += 1
        return [home, *self.lanes.helpers] if host else [home]

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
        spread(x, self._lanes_for(x))
        x.checked = [dt for dt in x.dests if dt.desc.lease_check is not None]
        if x.checked:
            self.dests.alloc_words(x)
            busy = [p for p in x.parts if p.local]
            # Where one part READs every pixel, the words go after them in its list, which
            # transports that run it in order (CMA / shared memory on one host) READ after
            # the pixels; host pixels only: host words cannot share a VRAM list. Otherwise the
            # shares finish in any order: the words are READ in a part of their own once
            # every share is DONE (_post_words).
            if x.dests[0].mem == "DRAM" and len(busy) == 1:
                assert x.words is not None
                wl, wr = word_rows(x, x.words.ctypes.data)
                busy[0].local += wl
                busy[0].remote += wr
                busy[0].own += self.dests.words_span(x)
            else:
                x.words_pending = True
        x.t_post = time.monotonic()
        for part in x.parts:  # every deadline first: a lane starts on a part once submitted
            part.deadline = x.t_post + self.timeout_s
        first = next((p for p in x.parts if p.local), None)
        if first is not None:  # the notification rides on the first part that READs
            first.notif = notif
        for lane, part in zip(x.lanes, x.parts, strict=True):
            if part.local and sync and lane is self.lanes.home:
                x.here = part  # the caller would only wait for it: it runs it (Waiter.sync)
            elif part.local:
                lane.submit(part)
            else:
                part.empty = True

    def _post_words(self, x: Xfer) -> None:
        """Second phase: every share of the pixels is DONE; READ the lease words now, on the
        lane that READ the first share (it has the pool registered and the peer loaded, and
        registers one-off words for the part)."""
        x.words_pending = False
        assert x.words is not None
        local, remote = word_rows(x, x.words.ctypes.data)
        part = lane_part(x, local, remote, x.t_post + self.timeout_s)
        part.own = self.dests.words_span(x)
        x.lanes.append(x.lanes[0])
        x.parts.append(part)
        x.lanes[0].submit(part)

    def _pending(self, x: Xfer) -> bool:
        """True while a share of ``x`` (its words too) is in flight; posts the words once the
        pixels are DONE. Raises TransferError if a share failed."""
        pending = False
        for part in x.parts:
            if part.state == "ERR":
                raise self.error(x, f"{part.error} (in {part.where})")
            pending |= part.state != "DONE"
        if not pending and x.words_pending:
            self._post_words(x)
            return True
        if not pending and x.t_done is None:
            x.t_done = time.monotonic()
        return pending

    def error(self, x: Xfer, what: str) -> TransferError:
        self.stats["transfer_errors"] += 1
        n = len(x.dests)
        return TransferError(
            f"NIXL READ of {n} item{'s' if n != 1 else ''} from remote agent "
            f"{peer_name(x)!r} {what}"
        )

    def poll(self, op: Op) -> bool:
        """True when every transfer of ``op`` is DONE. Raises TransferError (a failed share,
        or ``op``'s deadline passed), cancelling ``op``."""
        with self.lock:
            slow = None
            for x in op.xfers:
                try:
                    if self._pending(x):
                        slow = slow or x
                except TransferError as e:
                    self.fail(op, e)
            if slow is not None and time.monotonic() > op.deadline:
                self.fail(op, self.error(slow, f"timed out after {self.timeout_s:g} s"))
            return slow is None

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
        """Release a failed/abandoned transfer's destinations. A lane's part in flight, or
        whose handle NIXL would not release, could still write: its pool chunks are
        quarantined (never reused), and one-off memory stays alive until the lane lets go."""
        holders = [p for p in x.parts if p.holds]
        self.dests.free_words(x, quarantine=bool(holders), holders=holders)
        self.dests.free(x.dests, failed=True, quarantine=bool(holders), holders=holders)

    def prepare(self) -> None:
        """Make what a first read makes, each an agent of its own (30-100 ms in all): the home
        lane and the notifier."""
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
        self.dests.pool.reserve(sizes)

    def complete(self, op: Op) -> None:
        """A read handed out whole: notify its leases, release its memory."""
        with self.lock:
            for x in op.xfers:
                self.notices.notify(x, self.dests.pool, self.timeout_s)
                self.dests.free_words(x, quarantine=False)
            self.dests.free(op.dests, failed=False)
            self.stats["bytes"] += sum(dt.desc.size for dt in op.dests)

    def peer_stats(self) -> dict[str, int]:
        added, replaced, failed_fast, loaded = self.lanes.peer_counts()
        return {
            "remote_agents": loaded,
            "remote_agents_added": added,
            "remote_agents_replaced": replaced,
            "remote_agents_failed_fast": failed_fast,
        }

    def close(self, flush_s: float) -> None:
        """Release the lanes and memory; notices still in flight get ``flush_s``."""
        with self.lock:
            if self.closed:
                return
            self.closed = True
            self.notices.close(flush_s)
            # first: a lane may still be copying into the pool (a lease notice riding on a
            # lane's READ gets ``flush_s`` too)
            self.lanes.close(flush_s)
            self.dests.close()  # the peers are gone: no READ can land any more
            self._free_name()
