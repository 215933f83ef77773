"""The remote agents an agent has loaded, one cache for every endpoint.

Readers load a peer from a descriptor's metadata string (``acquire``): once per string,
refcounted by transfers in flight, replaced when a frontend with the same name restarts with
new connection info. Write-mode embedding endpoints load a peer by name from the metadata its
handshake or request carries (``touch``, ``load``). Past ``max_peers`` (when set) the least
recently used peers that no transfer uses are removed from the agent; one that comes back is
loaded again from the metadata it sends.

A metadata string that failed to connect (a frontend that died while its descriptors are
still about) is not tried again for ``RETRY_FAILED_S``: each failed attempt costs a file
descriptor inside UCX that ``remove_remote_agent`` does not give back (seen with NIXL's UCX
backend over TCP), so retrying on every read leaked one fd per read. fastmedia's Frontend
sends one metadata string per process; a frontend that builds one per image costs one
attempt per image."""

from __future__ import annotations

import collections
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastmedia.errors import TransferError
from fastmedia.transfer.descriptor import agent_name_from_metadata, decode_metadata


@dataclass
class Remote:
    name: str
    refs: int = 0
    md_strings: set = field(default_factory=set)


class RemoteAgents:
    """Remote agents loaded into ``agent``, by metadata string (``acquire``) or by name
    (``load``), least recently used first. ``max_peers``: at most that many when not busy
    (None: no bound). ``drive``: after removing a peer, run the agent's progress once
    (``get_new_notifs``) so its endpoint's close completes; only for an agent whose
    notifications nobody else reads."""

    MAX_MD = 4096
    RETRY_FAILED_S = 5.0

    def __init__(
        self,
        agent: Any,
        clock: Callable[[], float] = time.monotonic,
        *,
        max_peers: int | None = None,
        drive: bool = True,
    ) -> None:
        if max_peers is not None and max_peers < 1:
            raise ValueError("max_peers must be >= 1")
        self.agent = agent
        self.clock = clock
        self.max_peers = max_peers
        self.drive = drive
        self.by_md: collections.OrderedDict[str, Remote] = collections.OrderedDict()
        self.by_name: collections.OrderedDict[str, Remote] = collections.OrderedDict()
        self.evicted = 0
        # metadata string -> (when its connection failed, the error), oldest first
        self.failed: collections.OrderedDict[str, tuple[float, str]] = collections.OrderedDict()
        self.added = 0
        self.replaced = 0
        self.failed_fast = 0

    def __len__(self) -> int:
        return len(self.by_name)

    def acquire(self, md: str) -> Remote:
        """The peer of metadata string ``md``, loaded if new, its refcount raised; raises
        ``TransferError`` when it cannot connect."""
        r = self.by_md.get(md)
        if r is not None:
            self.by_md.move_to_end(md)
            self._used(r)
            r.refs += 1
            return r
        gone = self.failed.get(md)
        if gone is not None and self.clock() - gone[0] < self.RETRY_FAILED_S:
            self.failed_fast += 1
            raise TransferError(f"{gone[1]} (not retried for {self.RETRY_FAILED_S:g} s)")
        try:
            r = self._add(md)
        except _ConnectFailed as e:
            self.failed[md] = (self.clock(), str(e))
            self.failed.move_to_end(md)
            while len(self.failed) > self.MAX_MD:
                self.failed.popitem(last=False)
            raise TransferError(str(e)) from e.__cause__
        self.failed.pop(md, None)
        return r

    def _add(self, md: str) -> Remote:
        raw = decode_metadata(md)
        hint = agent_name_from_metadata(raw)
        old = self.by_name.get(hint) if hint else None
        try:
            name = add_remote_agent(self.agent, raw)
        except Exception as e:
            if old is None:
                raise _ConnectFailed(
                    f"cannot connect to remote agent {hint!r} "
                    f"(loading its NIXL metadata failed: {e})"
                ) from e
            if old.refs > 0:
                # The known incarnation has READs in flight, so it is alive: do not evict it
                # for a descriptor with other connection info (most likely a stale one).
                raise TransferError(
                    f"remote agent {hint!r} is connected with other metadata and busy; "
                    f"refusing a descriptor from another incarnation ({e})"
                ) from e
            # Same name, new connection info: the frontend restarted. Drop the old peer.
            self._drop(old, force=True)
            self.replaced += 1
            try:
                name = add_remote_agent(self.agent, raw)
            except Exception as e2:
                raise _ConnectFailed(
                    f"cannot connect to remote agent {hint!r} "
                    f"(loading its NIXL metadata failed: {e2})"
                ) from e2
        self.added += 1
        r = self.by_name.get(name)
        if r is None:
            r = self.by_name[name] = Remote(name)
        r.md_strings.add(md)
        self.by_md[md] = r
        while len(self.by_md) > self.MAX_MD:
            k, v = self.by_md.popitem(last=False)
            v.md_strings.discard(k)
        r.refs += 1
        self._used(r)
        self.evict()
        return r

    def touch(self, name: str) -> bool:
        """True (and most recently used now) when peer ``name`` is loaded."""
        r = self.by_name.get(name)
        if r is not None:
            self._used(r)
        return r is not None

    def load(
        self, name: str, raw: bytes, busy: Callable[[str], bool] = lambda _: False
    ) -> list[str]:
        """Load peer ``name`` from its raw metadata; the peers removed to stay within
        ``max_peers`` (see ``evict``). Raises ``WrongPeer`` when ``raw`` is another agent's
        (removed again), and what ``add_remote_agent`` raises."""
        add_remote_agent(self.agent, raw, expect=name)
        self.added += 1
        self._used(self.by_name.setdefault(name, Remote(name)))
        return self.evict(keep=name, busy=busy)

    def evict(self, keep: str = "", busy: Callable[[str], bool] = lambda _: False) -> list[str]:
        """Remove the least recently used peers past ``max_peers``, never ``keep`` nor one with
        transfers in flight (refs, or ``busy(name)``); their names."""
        over = 0 if self.max_peers is None else len(self.by_name) - self.max_peers
        gone: list[str] = []
        for name, r in list(self.by_name.items()):
            if over <= 0:
                break
            if name != keep and r.refs <= 0 and not busy(name):
                self._drop(r, force=True)
                gone.append(name)
                over -= 1
        self.evicted += len(gone)
        return gone

    def _used(self, r: Remote) -> None:
        if self.by_name.get(r.name) is r:
            self.by_name.move_to_end(r.name)

    def release(self, r: Remote, failed: bool = False) -> None:
        r.refs -= 1
        if failed:
            self._drop(r, force=False)

    def _drop(self, r: Remote, force: bool) -> None:
        """Forget a peer (after a failed READ or a restart) so the next descriptor reconnects."""
        for md in list(r.md_strings):
            self.by_md.pop(md, None)
        r.md_strings.clear()
        if self.by_name.get(r.name) is r:
            del self.by_name[r.name]
        if r.refs <= 0 or force:
            with contextlib.suppress(Exception):
                self.agent.remove_remote_agent(r.name)
            # Drive UCX once so the endpoint's close completes now: a reader (without a
            # progress thread) destroyed with the close of a dead peer's endpoint still
            # pending aborts the process (UCX assertion `ucs_arbiter_group_is_empty`).
            if self.drive:
                with contextlib.suppress(Exception):
                    self.agent.get_new_notifs()  # a reader receives no notifications

    def close(self) -> None:
        for r in list(self.by_name.values()):
            r.refs = 0
            self._drop(r, force=True)


def add_remote_agent(agent: Any, md: bytes, expect: str | None = None) -> str:
    """``agent.add_remote_agent(md)``, the name it loaded as ``str``. With ``expect``, a peer
    whose metadata names another agent is removed again and ``WrongPeer`` raised."""
    name = agent.add_remote_agent(md)
    if isinstance(name, bytes):
        name = name.decode()
    if expect is not None and name != expect:
        with contextlib.suppress(Exception):
            agent.remove_remote_agent(name)
        raise WrongPeer(name)
    return str(name)


class WrongPeer(Exception):
    """The metadata a peer sent loads an agent of another name (``name``)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class _ConnectFailed(Exception):
    """``add_remote_agent`` failed: ``acquire`` remembers the metadata, raises TransferError."""
