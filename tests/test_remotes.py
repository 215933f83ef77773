"""The Write-mode endpoints' peer cache (``transfer._remotes.RemoteAgents``): peers loaded by
name; past ``max_peers`` the least recently used idle ones leave the agent. A fake agent
records what is loaded."""

from __future__ import annotations

import pytest

from fastmedia.transfer._remotes import RemoteAgents, WrongPeer


class FakeAgent:
    """Loads ``b"name:..."`` metadata as agent ``name``."""

    def __init__(self) -> None:
        self.loaded: set[str] = set()

    def load_remote(self, md: bytes) -> str:
        name = md.split(b":")[0].decode()
        self.loaded.add(name)
        return name

    def forget_remote(self, name: str) -> None:
        self.loaded.discard(name)


def test_peers_by_name_are_bounded_least_recently_used_first_and_busy_ones_stay() -> None:
    agent = FakeAgent()
    peers = RemoteAgents(agent, max_peers=2)
    assert peers.load("p1", b"p1:x") == [] and peers.load("p2", b"p2:x") == []
    assert peers.touch("p1") and not peers.touch("p9")  # p2 is now the least recent
    assert peers.load("p3", b"p3:x") == ["p2"]
    assert agent.loaded == {"p1", "p3"} and len(peers) == 2 and peers.evicted == 1
    assert peers.load("p4", b"p4:x", busy=lambda n: n == "p1") == ["p3"]
    assert agent.loaded == {"p1", "p4"}
    with pytest.raises(WrongPeer):
        peers.load("p5", b"other:x")
    assert "other" not in agent.loaded and not peers.touch("p5")


def test_every_peer_busy_leaves_the_cache_over_its_bound_until_one_is_not() -> None:
    agent = FakeAgent()
    peers = RemoteAgents(agent, max_peers=1)
    peers.load("p1", b"p1:x")
    assert peers.load("p2", b"p2:x", busy=lambda n: True) == []
    assert len(peers) == 2 and agent.loaded == {"p1", "p2"}
    assert peers.load("p3", b"p3:x") == ["p1", "p2"]  # the oldest first
    assert agent.loaded == {"p3"} and peers.evicted == 2


def test_max_peers_must_be_positive() -> None:
    with pytest.raises(ValueError, match="max_peers"):
        RemoteAgents(FakeAgent(), max_peers=0)
