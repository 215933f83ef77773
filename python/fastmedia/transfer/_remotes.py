"""The remote agents a Write-mode embedding endpoint's agent has loaded, by name.

An endpoint loads a peer from the metadata its handshake or request carries (``touch``,
``load``). Past ``max_peers`` the least recently used peers that no transfer uses are removed
from the agent; one that comes back is loaded again from the metadata it sends. (Lanes keep
their peers in the engine: ``rust/src/nixl/peers.rs``, which also holds back a metadata
string that failed to connect: each failed attempt costs a file descriptor inside UCX that
forgetting the peer does not give back, seen with NIXL's UCX backend over TCP.)"""

from __future__ import annotations

import collections
from collections.abc import Callable
from typing import Any


class RemoteAgents:
    """Remote agents loaded into ``agent`` (an ``_nixl.Endpoint``) by name, least recently
    used first; at most ``max_peers`` when not busy."""

    def __init__(self, agent: Any, *, max_peers: int) -> None:
        if max_peers < 1:
            raise ValueError("max_peers must be >= 1")
        self.agent = agent
        self.max_peers = max_peers
        self.by_name: collections.OrderedDict[str, None] = collections.OrderedDict()
        self.evicted = 0

    def __len__(self) -> int:
        return len(self.by_name)

    def touch(self, name: str) -> bool:
        """True (and most recently used now) when peer ``name`` is loaded."""
        if name in self.by_name:
            self.by_name.move_to_end(name)
            return True
        return False

    def load(
        self, name: str, raw: bytes, busy: Callable[[str], bool] = lambda _: False
    ) -> list[str]:
        """Load peer ``name`` from its raw metadata; the peers removed to stay within
        ``max_peers``, never ``name`` nor one that is ``busy(name)``. Raises ``WrongPeer``
        when ``raw`` is another agent's (forgotten again), and what ``load_remote`` raises."""
        loaded = self.agent.load_remote(raw)
        if loaded != name:
            self.agent.forget_remote(loaded)
            raise WrongPeer(loaded)
        self.by_name[name] = None
        self.by_name.move_to_end(name)
        over = len(self.by_name) - self.max_peers
        gone: list[str] = []
        for old in list(self.by_name):
            if len(gone) >= over:
                break
            if old != name and not busy(old):
                del self.by_name[old]
                self.agent.forget_remote(old)
                gone.append(old)
        self.evicted += len(gone)
        return gone


class WrongPeer(Exception):
    """The metadata a peer sent loads an agent of another name (``name``)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name
