"""The NIXL peers a Write-mode endpoint has loaded (``add_remote_agent``), bounded: every
request can name a new sender (or every handshake a new receiver), and each loaded peer holds
its metadata and connections in the agent. Past ``max_peers`` the least recently used peer
that no transfer in flight uses is removed from the agent (``remove_remote_agent``); if it
comes back, it is loaded again from the metadata it sends."""

from __future__ import annotations

import collections
from collections.abc import Callable
from typing import Any

from fastmedia.transfer._remotes import add_remote_agent


class KnownPeers:
    """Peer names, least recently used first, at most ``max_peers`` of them when not busy."""

    def __init__(self, max_peers: int = 256) -> None:
        if max_peers < 1:
            raise ValueError("max_peers must be >= 1")
        self.max_peers = int(max_peers)
        self._names: collections.OrderedDict[str, None] = collections.OrderedDict()
        self.evicted = 0

    def touch(self, name: str) -> bool:
        """True (and most recently used now) when ``name`` is loaded."""
        if name in self._names:
            self._names.move_to_end(name)
            return True
        return False

    def add(self, name: str, busy: Callable[[str], bool]) -> list[str]:
        """Record ``name`` as loaded; the peers to remove from the agent to stay within
        ``max_peers`` (least recently used first; never ``name`` nor a ``busy`` one)."""
        self._names[name] = None
        self._names.move_to_end(name)
        gone: list[str] = []
        over = len(self._names) - self.max_peers
        if over > 0:
            for old in list(self._names):
                if over <= 0:
                    break
                if old != name and not busy(old):
                    del self._names[old]
                    gone.append(old)
                    over -= 1
        self.evicted += len(gone)
        return gone

    def load(self, agent: Any, name: str, md: bytes, busy: Callable[[str], bool]) -> list[str]:
        """Load peer ``name`` into ``agent`` from its metadata ``md`` and record it; the peers
        to remove from the agent, as ``add``. Raises ``WrongPeer`` when ``md`` is another
        agent's (removed again), and what ``add_remote_agent`` raises."""
        add_remote_agent(agent, md, expect=name)
        return self.add(name, busy)

    def discard(self, name: str) -> None:
        self._names.pop(name, None)

    def __len__(self) -> int:
        return len(self._names)
