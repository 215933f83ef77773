"""How a caller waits for its reads (``ReadEngine``'s operations): a thread runs the home
lane's share of a sync read itself and waits on the helper lanes' tickets; an async read takes
its own turns of the event loop and is woken by the lanes' ends through the loop's waker."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from fastmedia.transfer._dest_pool import NeedRoom
from fastmedia.transfer._read_engine import ReadEngine
from fastmedia.transfer._xfer import LoopWaker, Op, lane_parts, lanes_done

T = TypeVar("T")


def _until(op: Op) -> float:
    """How long to wait for a lane's part before looking again: up to the deadline, at most
    0.1 s (a part that ends between two looks is seen at the next)."""
    return min(max(op.deadline - time.monotonic(), 0.0), 0.1)


class Waiter:
    """Waits for the operations of one ``ReadEngine``."""

    def __init__(self, engine: ReadEngine) -> None:
        self.engine = engine
        self.prepared = False  # ``prepare`` has run
        self.ahead: list[int] = []  # item sizes of async reads waiting for the pool to grow
        self._reserving = threading.Lock()  # one thread grows the pool at a time

    def sync(self, op: Op) -> None:
        """Until every transfer of ``op`` is DONE; cancels it on any error."""
        try:
            self._run_here(op)
            while not self.engine.poll(op):
                for part in lane_parts(op)[:1]:
                    part.wait(_until(op))
        except BaseException:
            self.engine.cancel(op)
            raise

    async def wait(self, op: Op) -> None:
        """``sync`` on an event loop; cancelling the task cancels ``op``."""
        try:
            while not self.engine.poll(op):
                parts = lane_parts(op)
                if parts:
                    await lanes_done(parts, _until(op))
        except BaseException:  # includes asyncio.CancelledError
            self.engine.cancel(op)
            raise

    async def run(
        self,
        start: Callable[[str], Op],
        finish: Callable[[Op, Any], T],
        check: Callable[[Op], Awaitable[Any]],
    ) -> T:
        """An async read: ``start(room)`` posts it (``room`` as ``ReadEngine.check_room``
        takes it), wait, ``check`` it (off the loop), ``finish`` it with what ``check`` gave;
        the two synchronous steps each in a turn of the loop (``Turns``). Cancelled or failed
        before ``finish``: the read is cancelled (``finish`` settles it itself)."""
        if not self.prepared:
            await asyncio.to_thread(self.prepare, False)
        turns = LoopWaker.of(asyncio.get_running_loop()).turns
        op = await self._start(turns, start)
        try:
            await self.wait(op)
            checked = await check(op)
            await turns.take()
        except BaseException:
            self.engine.cancel(op)
            raise
        try:
            return finish(op, checked)
        finally:
            turns.give()

    async def _start(self, turns: Any, start: Callable[[str], Op]) -> Op:
        """``start`` in a turn of its own. A read the host pool has no room for gives the turn
        back, has the room made off the loop, and starts in a later turn; so do reads that
        come while others wait for room, so none takes room made for another."""
        await turns.take()
        try:
            return start("wait" if self.ahead else "check")
        except NeedRoom as e:
            need = e.sizes
            self.ahead += need  # before the turn goes: later starts wait behind it
        finally:
            turns.give()
        try:
            await asyncio.to_thread(self.prepare, True)
            await turns.take()
            try:
                return start("grow")  # (grows here only past what the others left)
            finally:
                turns.give()
        finally:
            for n in need:
                self.ahead.remove(n)

    def prepare(self, grow: bool) -> None:
        """Make what a first read makes (``ReadEngine.prepare``) and, ``grow``, the pool's room
        for the reads ahead: async reads call it off their event loop."""
        if not self.prepared:
            self.engine.prepare()
            self.prepared = True
        if grow:
            with self._reserving:  # each sees what the one before it made
                self.engine.reserve(list(self.ahead))

    def _run_here(self, op: Op) -> None:
        """A sync caller runs its home-lane parts itself, outside the lock, with the GIL
        released: what it would otherwise wait for, without the hand-over."""
        home = self.engine.lanes.home
        for x in op.xfers:
            part, x.here = x.here, None
            if part is not None and home is not None:
                home.submit(part, here=True)
