"""The embedding endpoints' agent, ``_nixl.Endpoint`` over ``_core.NixlEndpoint``: real NIXL
agents of the Rust core in one process. Registered memory is in the metadata a peer loads;
notifications go both ways, in order, and none is lost while a peer is forgotten; a lane
READs what an endpoint registered; a closed endpoint refuses calls with ``ClosedError`` and
frees its name."""

from __future__ import annotations

import time

import numpy as np
import pytest

from fastmedia.errors import ClosedError, ConfigError, NixlError
from fastmedia.transfer import _nixl
from fastmedia.transfer._lanes import Lane, Part
from fastmedia.transfer.descriptor import encode_metadata

pytestmark = pytest.mark.requires_nixl


def _notifs(ep: _nixl.Endpoint, want: int, timeout: float = 30.0) -> dict[str, list[bytes]]:
    """``ep``'s notifications until ``want`` have come (or ``timeout`` s, generous)."""
    got: dict[str, list[bytes]] = {}
    deadline = time.monotonic() + timeout
    while sum(map(len, got.values())) < want and time.monotonic() < deadline:
        for peer, msgs in ep.take_notifs().items():
            got.setdefault(peer, []).extend(msgs)
        time.sleep(0.005)
    return got


@pytest.fixture
def pair():
    a = _nixl.Endpoint(None, 1000, "test-ep-a")
    b = _nixl.Endpoint(None, 1000, "test-ep-b")
    yield a, b
    a.close()
    b.close()


def test_notifications_go_both_ways_in_order(pair) -> None:
    a, b = pair
    assert a.load_remote(b.metadata()) == b.name
    assert b.load_remote(a.metadata()) == a.name
    for i in range(5):
        a.notify(b.name, f"a{i}".encode())
    b.notify(a.name, b"\x00binary\xff")
    assert _notifs(b, 5) == {a.name: [f"a{i}".encode() for i in range(5)]}
    assert _notifs(a, 1) == {b.name: [b"\x00binary\xff"]}
    assert a.take_notifs() == {} and b.take_notifs() == {}


def test_forgetting_a_peer_keeps_the_notifications_it_took_in(pair) -> None:
    """Without a progress thread a notification comes in only while the agent drives UCX, as
    ``forget_remote`` does: what it takes in is handed out by the next ``take_notifs``."""
    a, b = pair
    c = _nixl.Endpoint(None, None, "test-ep-c")
    try:
        c.load_remote(b.metadata())
        a.load_remote(c.metadata())
        a.notify(c.name, b"kept")
        c.forget_remote(b.name)
        for _ in range(200):  # about 1 s of forgetting: a's message comes in meanwhile
            c.forget_remote(a.name)  # not loaded: nothing to forget, UCX still driven
            time.sleep(0.005)
        # (on a loaded host it may come in only now: then this run checks less, never fails)
        assert _notifs(c, 1) == {a.name: [b"kept"]}
    finally:
        c.close()


def test_a_lane_reads_what_an_endpoint_registered(pair) -> None:
    a, _b = pair
    src = np.random.default_rng(3).integers(0, 256, 1 << 20, dtype=np.uint8)
    dst = np.zeros_like(src)
    reg = a.register(src.ctypes.data, src.nbytes)
    lane = Lane(_nixl.default_agent_name("test-ep-lane"))
    try:
        lane.register(dst.ctypes.data, dst.nbytes)
        part = Part(
            local=[(dst.ctypes.data, dst.nbytes, 0)],
            remote=[(src.ctypes.data, src.nbytes, 0)],
            mds=[encode_metadata(a.metadata())],  # lists the registration
            mem_type="DRAM",
            deadline=time.monotonic() + 60,
        )
        lane.submit(part)
        assert part.wait(120) and part.state == "DONE", part.error
        assert np.array_equal(dst, src)
    finally:
        lane.close()
        a.deregister(reg)


def test_a_closed_endpoint_refuses_calls_and_frees_its_name() -> None:
    ep = _nixl.Endpoint(None, 1000, "test-ep-closed")
    with pytest.raises(ConfigError, match="already used"):
        _nixl.Endpoint(ep.name, 1000, "test-ep-closed")
    ep.close()
    ep.close()  # idempotent
    for call in (ep.metadata, ep.take_notifs, lambda: ep.notify("x", b"m")):
        with pytest.raises(ClosedError, match="closed"):
            call()
    with pytest.raises(ClosedError):
        ep.register(4096, 4096)
    ep.forget_remote("x")  # nothing to forget: no error
    again = _nixl.Endpoint(ep.name, 1000, "test-ep-closed")  # the name is free
    again.close()


def test_bad_metadata_is_a_typed_error(pair) -> None:
    a, _b = pair
    with pytest.raises(NixlError):
        a.load_remote(b"not NIXL metadata")
