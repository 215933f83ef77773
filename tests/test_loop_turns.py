"""Async reads take the event loop's passes one step at a time (``_xfer.Turns``): the start
and the finish of each read run in a pass of their own, so a server's timers and I/O run
between them, and a read cancelled at any pass leaves nothing behind.

A probe task counts the loop's passes (it yields once per pass); the counts are the clock,
so nothing here depends on how fast the host is. The reads are real NIXL READs from the
frontend emulator's process."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import threading

import numpy as np
import pytest

import fastmedia
from tests.nixl_peers import pixels

pytestmark = pytest.mark.requires_nixl

SHAPE = (120, 160, 3)


class Passes:
    """Counts the loop's passes while running; ``at(name)`` wraps a method of an object to
    record the pass each call ran in."""

    def __init__(self) -> None:
        self.n = 0
        self.seen: dict[str, list[int]] = {}
        self._stop = False

    async def run(self) -> None:
        while not self._stop:
            self.n += 1
            await asyncio.sleep(0)

    def stop(self) -> None:
        self._stop = True

    def at(self, obj: object, name: str) -> None:
        fn = getattr(obj, name)
        calls = self.seen.setdefault(name, [])

        def wrapped(*a, **kw):
            calls.append(self.n)
            return fn(*a, **kw)

        setattr(obj, name, wrapped)


def test_the_steps_of_concurrent_reads_run_one_per_pass(reader, emu):
    """Sixteen reads started by one ``gather``: no two starts, and no two finishes, share a
    pass of the loop. (Before the turns, the sixteen starts ran back to back in one.)"""
    items = [(SHAPE, 40 + i) for i in range(32)]
    ds = emu.images(items)
    pairs = [ds[i : i + 2] for i in range(0, 32, 2)]
    passes = Passes()
    passes.at(reader._engine, "start")
    passes.at(reader._engine, "complete")

    async def main():
        probe = asyncio.create_task(passes.run())
        try:
            return await asyncio.gather(*(reader.read_batch_async(p) for p in pairs))
        finally:
            passes.stop()
            await probe

    try:
        got = asyncio.run(main())
    finally:
        del reader._engine.start, reader._engine.complete  # the class's methods again
    for pair, want in zip(got, [items[i : i + 2] for i in range(0, 32, 2)], strict=True):
        for a, (shape, seed) in zip(pair, want, strict=True):
            np.testing.assert_array_equal(a, pixels(shape, seed))
    for step in ("start", "complete"):
        runs = passes.seen[step]
        assert len(runs) == 16, (step, runs)
        assert len(set(runs)) == 16, f"two {step}s ran in one pass of the loop: {runs}"


def test_a_read_cancelled_at_any_pass_leaves_nothing_behind(reader, emu):
    """Cancel the read after k passes, for every k until one completes: waiting for its first
    turn, in flight, waiting for its turn to finish. The pool ends where it began (chunks of
    an abandoned READ may be quarantined), and the reader reads on."""
    (d,) = emu.images([(SHAPE, 77)])
    gc.collect()
    s0 = reader.stats()

    async def cancel_after(k: int) -> bool:
        """True when the read completed before its cancellation."""
        passes = Passes()
        probe = asyncio.create_task(passes.run())
        task = asyncio.ensure_future(reader.read_batch_async([d]))
        try:
            while passes.n < k and not task.done():
                await asyncio.sleep(0)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            return not task.cancelled()
        finally:
            passes.stop()
            await probe

    k, done = 0, False
    while not done:
        assert k < 10_000, "the read never completed"
        done = asyncio.run(cancel_after(k))
        k += 1
    assert k > 3  # cancelled at least before, during and after the READ
    gc.collect()
    s1 = reader.stats()
    assert (
        s1["pool_bytes_in_use"] - s1["pool_bytes_quarantined"]
        == s0["pool_bytes_in_use"] - s0["pool_bytes_quarantined"]
    )
    (a,) = asyncio.run(reader.read_batch_async([d]))
    np.testing.assert_array_equal(a, pixels(SHAPE, 77))


def test_the_first_async_read_makes_its_agents_off_the_event_loop(emu, monkeypatch):
    """The home lane and the notifier are an agent each (30-100 ms to make): the first async
    read makes them on a worker thread, not on the event loop's, and later reads make none."""
    from fastmedia.transfer import _lanes, _notifier

    made: list[tuple[str, threading.Thread]] = []
    for cls in (_lanes.Lane, _notifier.Notifier):
        real = cls.__init__

        def record(self, name, _real=real):
            made.append((name, threading.current_thread()))
            _real(self, name)

        monkeypatch.setattr(cls, "__init__", record)
    ds = emu.images([((32, 32, 3), 500 + i) for i in range(4)])

    async def main() -> threading.Thread:
        await asyncio.gather(*(rd.read_async(d) for d in ds))
        await rd.read_async(ds[0])
        return threading.current_thread()

    with fastmedia.Reader(timeout_s=20.0) as rd:
        loop_thread = asyncio.run(main())
    names = sorted(n.rsplit("-", 1)[-1] for n, _t in made)
    assert names == ["home", "notify"], made
    assert all(t is not loop_thread for _n, t in made), made


def test_async_reads_grow_the_pool_off_the_event_loop(emu, monkeypatch):
    """A slab is faulted in and registered (about 9 ms per 64 MiB) by a worker thread before
    the async read that needs it starts: the event loop's thread makes none, later reads that
    fit make none, and concurrent reads never grow the pool past ``pool_bytes``."""
    from fastmedia.transfer import _dest_pool

    made: list[tuple[int, threading.Thread]] = []
    real = _dest_pool._slab_memory

    def record(size, prefault=True):
        made.append((size, threading.current_thread()))
        return real(size, prefault)

    monkeypatch.setattr(_dest_pool, "_slab_memory", record)
    shape = (256, 256, 3)  # 192 KiB: four to a 1 MiB slab
    ds = emu.images([(shape, 600 + i) for i in range(24)])

    async def main(batches) -> threading.Thread:
        for batch in batches:
            got = await asyncio.gather(*(rd.read_batch_async(b) for b in batch))
            for b, arrays in zip(batch, got, strict=True):
                for d, a in zip(b, arrays, strict=True):
                    np.testing.assert_array_equal(a, pixels(shape, ds.index(d) + 600))
        return threading.current_thread()

    with fastmedia.Reader(timeout_s=20.0, pool_bytes=4 << 20, slab_bytes=1 << 20) as rd:
        loop_thread = asyncio.run(main([[ds[0:2], ds[2:4]]]))
        assert made and all(t is not loop_thread for _s, t in made), made
        n = len(made)
        asyncio.run(main([[ds[4:6], ds[6:8]]]))  # fits what was made
        assert len(made) == n, made
        # 24 items at once need 4.5 MiB: the pool stops at its cap, the rest are one-offs
        loop_thread = asyncio.run(main([[ds[i : i + 3] for i in range(0, 24, 3)]]))
        assert all(t is not loop_thread for _s, t in made), made
        s = rd.stats()
        assert s["pool_bytes_total"] == sum(size for size, _t in made) == 4 << 20, s


def test_reserve_makes_what_is_missing_up_to_the_cap():
    """``DestPool.reserve`` plans slabs for what the free room cannot take: never past
    ``pool_bytes`` (an item past it is left to a one-off, a smaller one still gets room),
    nothing once the pool is closed, and a lane added while a slab is made registers it."""
    from fastmedia.transfer._dest_pool import DestPool

    class Lane:
        def __init__(self):
            self.regs = []

        def register(self, addr, n, mem="DRAM", dev=0):
            self.regs.append((addr, n, mem, dev))
            return self.regs[-1]

        def deregister(self, reg):
            self.regs.remove(reg)

    mib = 1 << 20
    pool = DestPool(Lane(), 5 * mib, 2 * mib)
    assert pool.must_grow([mib])
    pool.reserve([mib, mib, 3 * mib])  # 3 MiB: two slabs' worth (4), one 1 MiB beside it
    assert [s.size for s in pool.slabs] == [4 * mib] and pool.growing == 0
    assert not pool.must_grow([mib, 3 * mib])
    small = DestPool(Lane(), 3 * mib, 2 * mib)
    small.reserve([4 * mib, mib])
    assert [s.size for s in small.slabs] == [2 * mib]
    assert not small.must_grow([4 * mib])  # past the cap: nothing to grow
    early, late = Lane(), Lane()
    pool = DestPool(Lane(), 4 * mib, 2 * mib, [early])
    real = pool._memory

    def memory(size):  # the home lane arrives while the slab is being made
        pool.add_lane(late)
        return real(size)

    pool._memory = memory
    pool.reserve([mib])
    (slab,) = pool.slabs
    assert early.regs == late.regs == [(slab.addr, slab.size, "DRAM", 0)]
    pool.close()
    pool.reserve([3 * mib])
    assert pool.slabs == [] and pool.total == 0 and early.regs == late.regs == []


def test_a_lane_that_refuses_a_slab_keeps_none():
    """``DestPool.add_lane`` is all or none: a lane that refuses the second slab is left with
    no registration of the first and is not the pool's; a slab ``reserve`` made that such a
    lane refuses is deregistered everywhere, not adopted."""
    from fastmedia.transfer._dest_pool import DestPool

    class Lane:
        def __init__(self, refuse_after: int = 1 << 30):
            self.regs: list = []
            self.left = refuse_after

        def register(self, addr, n, mem="DRAM", dev=0):
            if self.left == 0:
                raise RuntimeError("NIXL_ERR_BACKEND")
            self.left -= 1
            self.regs.append((addr, n, mem, dev))
            return self.regs[-1]

        def deregister(self, reg):
            self.regs.remove(reg)

    mib = 1 << 20
    early = Lane()
    pool = DestPool(None, 4 * mib, mib, [early])
    pool.grow_all()
    assert len(pool.slabs) == 4 and len(early.regs) == 4
    refusing = Lane(refuse_after=1)
    with pytest.raises(RuntimeError, match="NIXL_ERR_BACKEND"):
        pool.add_lane(refusing)
    assert refusing.regs == [] and pool.lanes == [early]
    assert all([held for held, _ in s.lane_regs] == [early] for s in pool.slabs)
    pool.close()
    assert early.regs == []

    late = Lane(refuse_after=0)

    class Arriving(Lane):
        def register(self, addr, n, mem="DRAM", dev=0):
            pool.add_lane(late)  # a lane arrives once the slab is made, and refuses it
            return super().register(addr, n, mem, dev)

    first = Arriving()
    pool = DestPool(None, 2 * mib, mib, [first])
    pool.reserve([mib])
    assert pool.lanes == [first, late]
    assert pool.slabs == [] and pool.total == 0 and first.regs == [] and late.regs == []
    pool.close()
