"""The lease notifications of a Reader: the keys of the items it read and checked, sent to
their frontend once the whole batch is handed out (``Notices``), by an agent of their own
(``Notifier``)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from fastmedia.transfer import _nixl
from fastmedia.transfer._dest_pool import Block, DestPool
from fastmedia.transfer._lanes import Part
from fastmedia.transfer._remotes import RemoteAgents
from fastmedia.transfer._xfer import Xfer, lane_part
from fastmedia.transfer.descriptor import MediaDescriptor


class Notices:
    """Sends a transfer's lease keys: by the ``Notifier`` agent, made by the first notice;
    if that cannot be made or fails, with a READ of one lease word on the lane that READ the
    transfer, else by the reader's own agent (``fallback``)."""

    def __init__(self, name: str, stats: Any) -> None:
        self.name = name
        self.notifier: Notifier | None = None
        self._failed = False  # the notifier could not be made: the fallbacks notify
        self._stats = stats
        self._words: list[tuple[Part, Block]] = []  # lane READs of a lease word in flight

    def notify(
        self, x: Xfer, pool: DestPool, timeout_s: float, fallback: Callable[[bytes], None]
    ) -> None:
        """Tell the frontend that these items were read and verified: only now, and only for
        a batch that is handed out whole, so a refused or failed batch ends no lease."""
        if not x.keys:
            return
        msg = ";".join(x.keys).encode()
        try:
            if self.notifier is None and not self._failed:
                self._failed = True  # one try: an agent that cannot be made stays unmade
                self.notifier = Notifier(self.name)
                self._failed = False
            if self.notifier is not None:
                self.notifier.send(x.dests[0].desc, msg)
                return
        except Exception:
            pass
        self._stats["notify_fallbacks"] += 1
        try:
            if not self._on_lane(x, msg, pool, timeout_s):
                fallback(msg)
        except Exception:  # the pixels are already good; the lease then ends by TTL
            self._stats["notify_errors"] += 1

    def _on_lane(self, x: Xfer, msg: bytes, pool: DestPool, timeout_s: float) -> bool:
        """Send ``msg`` with a READ of one lease word on the lane that READ ``x``, whose agent
        is connected to the peer (the reader's agent may never have been, and nothing would
        drive its wire-up). Not waited for: the word's chunk is held until the READ has
        ended, then freed, or quarantined if it failed. False when ``x`` used no lane or has
        no word."""
        self._reap(pool)
        if not x.lanes or not x.checked:
            return False
        block = pool.alloc(8)
        if block is None:
            return False
        d = x.checked[0].desc
        assert d.lease_check is not None
        local = [(block.addr, 8, 0)]
        remote = [(d.lease_check.addr, 8, d.device_id)]
        part = lane_part(x, local, remote, time.monotonic() + timeout_s)
        part.notif = msg
        x.lanes[0].submit(part)
        self._words.append((part, block))
        return True

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
        if self.notifier is not None:
            self.notifier.close(flush_s)


class Notifier:
    """A second NIXL agent that sends the lease-key notifications, so the reader's own agent
    never sends an active message.

    Why: NIXL ends every transfer with a flush of the UCX endpoint, and UCX's TCP transport
    (which carries notifications: NIXL's endpoints use peer error handling, which rules out
    shared memory) flushes an endpoint that has sent an active message by sending a
    zero-length PUT and waiting for the peer's ACK. A notification sent on the reader's own
    endpoint therefore made the next READ wait until the frontend's process ran its UCX
    progress (0.5-1 ms with a polling frontend), even though the pixels were already copied.
    The notifier's own endpoint is never flushed. Its progress thread is event-driven (it
    sleeps in poll() on the worker's fd, with a 100 ms timeout), so an idle reader stays idle
    and a notification goes out as soon as its connection is up.

    ``send_notif`` does not track its message: one still queued (e.g. behind the endpoint's
    wire-up) when the endpoint closes is lost. So the notifier's thread follows each
    notification at once with a tracked 8-byte READ from the same peer (a "probe"; one in
    flight per peer, posted off the caller's thread: posting costs ~40 us). It completes only
    after NIXL's endpoint flush, i.e. after the notifications before it reached the peer.
    ``close()`` only waits for the probes still in flight and posts nothing, so it never
    READs from a peer that has already left (NIXL logs such a post at error level).
    """

    PROGRESS_DELAY_US = 100_000

    def __init__(self, name: str) -> None:
        self.agent = _nixl.make_agent(name, self.PROGRESS_DELAY_US, role="reader-notify")
        self.remotes = RemoteAgents(self.agent)
        self._probe = np.zeros(8, dtype=np.uint8)  # the probes' destination (never read)
        self._probe_reg = self.agent.register_memory([(self._probe.ctypes.data, 8, 0, "")], "DRAM")
        self._cv = threading.Condition()  # guards the agent and the state below
        self._seq = 0  # notifications sent
        # remote name -> (a descriptor of it, seq of its last notification): notified peers
        # whose last notification no probe has confirmed yet
        self._peers: dict[str, tuple[MediaDescriptor, int]] = {}
        self._probes: dict[str, tuple[int, Any]] = {}  # remote name -> (seq, handle) in flight
        self._stop = False
        self._thread = threading.Thread(target=self._run, name=f"fastmedia-{name}", daemon=True)
        self._thread.start()

    def send(self, desc: MediaDescriptor, msg: bytes) -> None:
        with self._cv:
            r = self.remotes.acquire(desc.nixl_metadata)
            try:
                self.agent.send_notif(r.name, msg)
            except Exception:
                self.remotes.release(r, failed=True)
                raise
            self.remotes.release(r)
            if desc.size > 0:
                self._seq += 1
                self._peers[r.name] = (desc, self._seq)
                self._cv.notify_all()

    def pending(self) -> int:
        """Notified peers whose last notification is not confirmed yet."""
        with self._cv:
            return len(self._peers)

    def _run(self) -> None:
        delay = 20e-6
        with self._cv:
            while not self._stop:
                self._reap()
                for name, (d, seq) in list(self._peers.items()):
                    if name not in self._probes:
                        self._post(name, d, seq)
                if self._probes:
                    self._cv.wait(delay)
                    delay = min(delay * 2, 1e-3)
                else:
                    self._cv.notify_all()  # flush() waits for this
                    self._cv.wait()
                    delay = 20e-6

    def _post(self, name: str, d: MediaDescriptor, seq: int) -> None:
        n = min(8, d.size)  # within the item: inside the peer's registered region
        h = None
        try:
            ldl = self.agent.get_xfer_descs(
                np.array([(self._probe.ctypes.data, n, 0)], dtype=np.uint64), "DRAM"
            )
            rdl = self.agent.get_xfer_descs(
                np.array([(d.addr, n, d.device_id)], dtype=np.uint64), d.mem_type
            )
            h = self.agent.initialize_xfer("READ", ldl, rdl, name, b"")
            state = self.agent.transfer(h)
        except Exception:
            state = "ERR"
        if state == "PROC" and h is not None:
            self._probes[name] = (seq, h)
            return
        if h is not None:
            with contextlib.suppress(Exception):
                self.agent.release_xfer_handle(h)
        self._settled(name, seq, state == "DONE")

    def _settled(self, name: str, seq: int, done: bool) -> None:
        """A probe ended: DONE confirms the peer's notifications up to ``seq``; ERR gives the
        peer up until its next notification (its leases end by TTL)."""
        peer = self._peers.get(name)
        if peer is not None and (not done or peer[1] <= seq):
            del self._peers[name]

    def _reap(self) -> None:
        for name, (seq, h) in list(self._probes.items()):
            try:
                state = self.agent.check_xfer_state(h)
            except Exception:
                state = "ERR"
            if state == "PROC":
                continue
            del self._probes[name]
            with contextlib.suppress(Exception):
                self.agent.release_xfer_handle(h)
            self._settled(name, seq, state == "DONE")

    def flush(self, timeout_s: float) -> None:
        """Wait (up to ``timeout_s``) until every notification sent reached its peer, then
        stop the thread; a dead or too slow peer is given up on (those leases end by TTL)."""
        deadline = time.monotonic() + timeout_s
        with self._cv:
            while self._peers and (left := deadline - time.monotonic()) > 0:
                self._cv.wait(left)
            self._stop = True
            self._cv.notify_all()
        self._thread.join()
        for _seq, h in self._probes.values():  # too slow: given up (cancelled)
            with contextlib.suppress(Exception):
                self.agent.release_xfer_handle(h)
        self._probes.clear()
        self._peers.clear()

    def close(self, flush_s: float) -> None:
        self.flush(flush_s)
        self.remotes.close()
        with contextlib.suppress(Exception):
            self.agent.deregister_memory(self._probe_reg)
        _nixl.release_agent(self.agent)
