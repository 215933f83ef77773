"""The embedding endpoints' agent, ``_nixl.Endpoint`` over ``_core.NixlEndpoint``: real NIXL
agents of the Rust core in one process. Registered memory is in the metadata a peer loads;
notifications go both ways, in order, and none is lost while a peer is forgotten; peers are
loaded by name, bounded by ``max_peers`` (the rules in ``rust/src/nixl/peers.rs``'s tests);
a lane READs what an endpoint registered; a closed endpoint refuses calls with
``ClosedError`` and frees its name."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from fastmedia.errors import ClosedError, ConfigError, DecodeError, NixlError, TransferError
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
    assert a.connect(b.name, b.metadata()) == []
    assert b.connect(a.name, a.metadata()) == []
    for i in range(5):
        a.notify(b.name, f"a{i}".encode())
    b.notify(a.name, b"\x00binary\xff")
    assert _notifs(b, 5) == {a.name: [f"a{i}".encode() for i in range(5)]}
    assert _notifs(a, 1) == {b.name: [b"\x00binary\xff"]}
    assert a.take_notifs() == {} and b.take_notifs() == {}


def test_a_wait_for_notifications_ends_at_the_first_the_waker_or_the_timeout(pair) -> None:
    """``take_notifs(waker, timeout)`` waits in the core, the GIL released: it returns the
    first notification to come, nothing once ``waker`` is readable (its tokens stay for
    ``drain``) or at the timeout, and ``ClosedError`` when the endpoint closes meanwhile
    (which forgets its peers)."""
    from fastmedia import _core

    a, b = pair
    a.connect(b.name, b.metadata())
    b.connect(a.name, a.metadata())
    waker = _core.Waker()
    a.notify(b.name, b"first")
    assert b.take_notifs(waker, 60.0) == {a.name: [b"first"]}
    assert b.take_notifs(waker, 0.05) == {}
    waker.push(7)
    assert b.take_notifs(waker, None) == {}
    assert waker.drain() == [7]
    got: list[BaseException] = []

    def wait() -> None:
        try:
            b.take_notifs(None, None)
        except BaseException as e:
            got.append(e)

    t = threading.Thread(target=wait)
    t.start()
    b.close()
    t.join(60)
    assert not t.is_alive() and isinstance(got[0], ClosedError)
    assert b.peer_stats() == (0, 0)  # its peers went with the agent


def test_forgetting_a_peer_keeps_the_notifications_it_took_in(pair) -> None:
    """Without a progress thread a notification comes in only while the agent drives UCX, as
    ``forget`` does: what it takes in is handed out by the next ``take_notifs``."""
    a, b = pair
    c = _nixl.Endpoint(None, None, "test-ep-c")
    try:
        c.connect(b.name, b.metadata())
        a.connect(c.name, c.metadata())
        a.notify(c.name, b"kept")
        c.forget(b.name)
        for _ in range(200):  # about 1 s of forgetting: a's message comes in meanwhile
            c.forget(a.name)  # not loaded: nothing to forget, UCX still driven
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
    ep.forget("x")  # nothing to forget: no error
    with pytest.raises(ClosedError):
        ep.connect("x")
    again = _nixl.Endpoint(ep.name, 1000, "test-ep-closed")  # the name is free
    again.close()


def test_peers_by_name_typed_refusals_and_the_bound() -> None:
    a = _nixl.Endpoint(None, 1000, "test-ep-bound", max_peers=1, handshakes="write-receiver")
    b = _nixl.Endpoint(None, 1000, "test-ep-b")
    c = _nixl.Endpoint(None, 1000, "test-ep-c")
    try:
        assert a.connect(b.name) is None  # unknown, and no metadata to load it from
        with pytest.raises(DecodeError, match=f'is agent "{c.name}", not "{b.name}"'):
            a.connect(b.name, c.metadata())
        with pytest.raises(TransferError, match="cannot connect"):
            a.connect(b.name, b"not NIXL metadata")
        assert a.peer_stats() == (0, 0)
        assert a.connect(b.name, b.metadata()) == []
        assert a.connect(b.name) == []  # loaded: no metadata needed
        with pytest.raises(TransferError, match="not connected"):
            a.offer(c.name, 7, 0x1000, 64, 0, "DRAM", 42, False)
        a.offer(b.name, 7, 0x1000, 64, 0, "DRAM", 42, False)  # holds b until it ends
        assert a.connect(c.name, c.metadata()) == []  # b stays: an offer waits on it
        assert a.peer_stats() == (2, 0)
        assert a.connect(c.name) == []
        assert a.cancel_notif("42") and not a.cancel_notif("42")
        assert a.connect(c.name) == [b.name]  # over the bound: the least recently used goes
        assert a.peer_stats() == (1, 1)
        with pytest.raises(NixlError):
            a.notify(b.name, b"to a forgotten peer")
        a.notify(c.name, b"still loaded")
        assert _notifs(c, 1) == {a.name: [b"still loaded"]}
    finally:
        for ep in (a, b, c):
            ep.close()


def test_an_endpoint_with_handshakes_takes_its_notifications_in_the_core() -> None:
    """A Read sender's endpoint ends each lease key's ticket when a reader's notification
    carries it (alone, or in a ';'-joined batch), a Write receiver's ends its offer's ticket
    at its sender's done signal only; neither hands a notification to Python."""
    from fastmedia import _core

    rs = _nixl.Endpoint(None, 1000, "test-ep-rs", handshakes="read-sender")
    wr = _nixl.Endpoint(None, 1000, "test-ep-wr", handshakes="write-receiver")
    peer = _nixl.Endpoint(None, 1000, "test-ep-peer")
    other = _nixl.Endpoint(None, 1000, "test-ep-other")
    try:
        for ep in (peer, other):
            for mine in (rs, wr):
                ep.connect(mine.name, mine.metadata())
                mine.connect(ep.name, ep.metadata())
        waker = _core.Waker()
        x, y, z = (rs.expect_notif(f"fm-embed:{k}") for k in "xyz")
        for t in (x, y):
            assert t.watch(waker, 1)
        peer.notify(rs.name, b"fm-embed:x;fm-embed:unknown;fm-embed:y")
        while x.state() == "PROC" or y.state() == "PROC":
            assert rs.take_notifs(waker, 60.0) == {}  # none reaches Python
            waker.drain()
        assert (x.state(), y.state(), z.state()) == ("DONE", "DONE", "PROC")
        assert rs.cancel_notif("fm-embed:z") and not rs.cancel_notif("fm-embed:x")

        offer = wr.offer(peer.name, 7, 0x1000, 64, 0, "DRAM", 42, True)
        assert offer.watch(waker, 2)
        (msg,) = _notifs(peer, 1)[wr.name]
        assert _core.parse_write_offer(msg) == (7, 0x1000, 64, 0, "cpu", 42, wr.metadata())
        other.notify(wr.name, b"42")  # another agent's "done signal": ignored
        peer.notify(wr.name, b"42")
        while offer.state() == "PROC":
            assert wr.take_notifs(waker, 60.0) == {}
        assert waker.drain() == [2] and not wr.cancel_notif("42")
    finally:
        for ep in (rs, wr, peer, other):
            ep.close()
