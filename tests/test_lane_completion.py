"""A lane reports a job's end without the GIL: to its ``LaneTicket`` (threads wait on it) and,
through a ``Waker``'s fd, to the event loop that awaits it (``_xfer.lanes_done``).

The reads are real NIXL READs from the frontend emulator's process, on the reader's home lane.
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import threading
import time

import numpy as np
import pytest

from fastmedia import _core
from fastmedia.transfer._lanes import Wake
from fastmedia.transfer._xfer import LoopWaker, lane_parts, lanes_done
from fastmedia.transfer.descriptor import parse_descriptor

pytestmark = pytest.mark.requires_nixl

SHAPE = (256, 320, 3)


def _lane_read(reader, emu, seed: int):
    """Start an async-style read (its parts go to the home lane) and return (op, parts)."""
    (d,) = emu.images([(SHAPE, seed)])
    op = reader._start([parse_descriptor(d)], None, "numpy")
    parts = [p for x in op.xfers for p in x.parts if p.ticket is not None]
    assert parts, "the read went to no lane"
    return op, parts


def _finish(reader, op):
    reader._wait.sync(op)
    return reader._finish(op, "numpy")[0]


def test_a_lane_ends_its_job_while_this_thread_holds_the_gil(reader, emu):
    """With a switch interval of an hour, this thread keeps the GIL while it spins; the part
    still ends. A lane that needed the GIL to report would leave it in flight to the end."""
    op, parts = _lane_read(reader, emu, 3)
    old = sys.getswitchinterval()
    sys.setswitchinterval(3600.0)
    try:
        deadline = time.monotonic() + 60.0
        while any(p.state == "PROC" for p in parts) and time.monotonic() < deadline:
            pass
        states = [p.state for p in parts]
    finally:
        sys.setswitchinterval(old)
    assert states == ["DONE"] * len(parts)
    out = _finish(reader, op)
    assert out.shape == SHAPE


def test_the_loop_is_woken_through_the_wakers_fd(reader, emu):
    """``lanes_done`` returns when the lane ends the part, long before its 60 s timeout."""

    async def main():
        loop = asyncio.get_running_loop()
        waker = LoopWaker.of(loop)
        assert LoopWaker.of(loop) is waker  # one per loop
        op, parts = _lane_read(reader, emu, 5)
        t0 = time.monotonic()
        while lane_parts(op) or any(p.state == "PROC" for p in parts):
            await lanes_done(parts, 60.0)
            assert time.monotonic() - t0 < 30.0, "woken by the timeout, not the lane"
        assert waker._waits == {}  # every wait forgot its token
        return op

    out = _finish(reader, asyncio.run(main()))
    assert np.asarray(out).shape == SHAPE


def test_a_ticket_that_already_ended_is_not_watched(reader, emu):
    op, parts = _lane_read(reader, emu, 7)
    assert all(p.ticket.wait(60.0) for p in parts)
    waker = _core.Waker()
    assert not parts[0].ticket.watch(waker, 1)
    assert waker.drain() == []
    _finish(reader, op)


def test_a_waker_per_loop_leaves_no_fd_behind(reader, emu):
    """Each event loop gets its own waker (a socket pair); a closed, collected loop's goes."""
    ds = [parse_descriptor(d) for d in emu.images([(SHAPE, 11 + i) for i in range(2)])]

    async def read():
        return await reader.read_batch_async(ds)

    def fds() -> int:
        return len(os.listdir("/proc/self/fd"))

    asyncio.run(read())
    gc.collect()
    before = fds()
    for _ in range(20):
        assert len(asyncio.run(read())) == 2
    gc.collect()
    assert fds() == before


def test_a_wake_is_an_event_set_by_threads_and_by_lane_parts(reader, emu):
    """``_lanes.Wake`` (the embedding endpoints' drain thread waits on it): set by a thread,
    cleared by ``wait``, and set by the end of a lane part it watches, without the GIL, with
    the part's token."""
    wake = Wake()
    assert wake.wait(0.0) == []
    wake.set()
    wake.set()
    assert wake.wait(0.0) == [0, 0] and wake.wait(0.0) == []  # one wait clears both sets
    t = threading.Timer(0.05, wake.set)
    t.start()
    assert wake.wait(60.0) == [0]
    t.join()
    op, parts = _lane_read(reader, emu, 13)
    old = sys.getswitchinterval()
    sys.setswitchinterval(3600.0)  # this thread keeps the GIL while the lane ends the part
    try:
        for i, p in enumerate(parts):
            wake.watch(p.ticket, 7 + i)
        deadline = time.monotonic() + 60.0
        while any(p.state == "PROC" for p in parts) and time.monotonic() < deadline:
            pass
    finally:
        sys.setswitchinterval(old)
    # The ticket publishes its outcome, then pushes to its watchers: the spin above can see
    # DONE a moment before the push, so wait for them (they come, or the test fails at 60 s).
    want, got = {7 + i for i in range(len(parts))}, set()
    while got != want:
        tokens = wake.wait(60.0)
        assert tokens, f"the lane's end did not set the wake (tokens {got} of {want})"
        got.update(tokens)
    _finish(reader, op)
    wake.watch(None, 3)  # no ticket (a part never submitted): set at once
    assert wake.wait(0.0) == [3]
