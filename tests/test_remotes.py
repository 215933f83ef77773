"""The one peer cache (``transfer._remotes.RemoteAgents``): readers load peers from
descriptor metadata strings (refcounted), Write-mode endpoints by name; past ``max_peers``
the least recently used idle ones leave the agent. A fake agent records what is loaded."""

from __future__ import annotations

import pytest

from fastmedia.transfer._remotes import RemoteAgents, WrongPeer
from fastmedia.transfer.descriptor import encode_metadata


class FakeAgent:
    """Loads ``b"name:..."`` metadata as agent ``name``."""

    def __init__(self) -> None:
        self.loaded: set[str] = set()
        self.progressed = 0

    def add_remote_agent(self, md: bytes) -> bytes:
        name = md.split(b":")[0]
        self.loaded.add(name.decode())
        return name

    def remove_remote_agent(self, name: str) -> None:
        self.loaded.discard(name)

    def get_new_notifs(self) -> dict:
        self.progressed += 1
        return {}


def test_peers_by_name_are_bounded_least_recently_used_first_and_busy_ones_stay() -> None:
    agent = FakeAgent()
    peers = RemoteAgents(agent, max_peers=2, drive=False)
    assert peers.load("p1", b"p1:x") == [] and peers.load("p2", b"p2:x") == []
    assert peers.touch("p1") and not peers.touch("p9")  # p2 is now the least recent
    assert peers.load("p3", b"p3:x") == ["p2"]
    assert agent.loaded == {"p1", "p3"} and len(peers) == 2 and peers.evicted == 1
    assert peers.load("p4", b"p4:x", busy=lambda n: n == "p1") == ["p3"]
    assert agent.loaded == {"p1", "p4"}
    assert agent.progressed == 0  # drive=False: the endpoint's notifications are not read here
    with pytest.raises(WrongPeer):
        peers.load("p5", b"other:x")
    assert "other" not in agent.loaded and not peers.touch("p5")


def test_a_peer_with_reads_in_flight_is_not_evicted_until_released() -> None:
    agent = FakeAgent()
    peers = RemoteAgents(agent, max_peers=1)
    md = encode_metadata(b"f1:x")
    held = peers.acquire(md)
    assert peers.acquire(md) is held and held.refs == 2  # once per metadata string
    assert peers.load("p2", b"p2:x") == []  # one over the bound: f1 is in use
    assert agent.loaded == {"f1", "p2"}
    peers.release(held)
    peers.release(held)
    assert peers.evict() == ["f1"] and agent.loaded == {"p2"}
    assert agent.progressed == 1  # drive=True (a reader's): the close is driven at once
    assert peers.acquire(md).name == "f1"  # it comes back from its metadata
    assert agent.loaded == {"f1"}  # and p2, idle and least recent, made room


def test_without_a_bound_readers_keep_every_peer() -> None:
    agent = FakeAgent()
    peers = RemoteAgents(agent)
    for i in range(50):
        peers.release(peers.acquire(encode_metadata(f"f{i}:x".encode())))
    assert len(agent.loaded) == 50 and peers.evicted == 0
