"""The reader's lease check (``lease_check``, docs/interop.md) against real frontend processes over
real NIXL: fastmedia's own Frontend (tests/nixl_peers.py ``fm-frontend``) and the emulator
(``frontend --lease-keys``, whose lease words only change on ``retire``/``release``).

A read whose lease had ended -- by TTL, by ``DecodedMedia.release()``, or by an earlier
reader's notification -- must raise ``TransferError`` and hand nothing out, even when another
image already sits in the reused chunk.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import gc
import json

import numpy as np
import pytest

import fastmedia
from tests.helpers import wait_until
from tests.nixl_peers import FmFrontend, Frontend, pixels

pytestmark = pytest.mark.requires_nixl


def wait_stats(f: FmFrontend, key: str, at_least: int) -> dict:
    """The frontend's stats once ``key`` reached ``at_least`` (notifications trail reads)."""
    s: dict = {}
    wait_until(lambda: s.update(f.stats()) or s[key] >= at_least)
    return s


def pool_in_use(rd: fastmedia.Reader) -> int:
    gc.collect()
    s = rd.stats()
    return s["pool_bytes_in_use"] - s["pool_bytes_quarantined"]


def assert_refused(rd, d, agent: str, match: str = "had ended before the read"):
    """Every public read path refuses ``d``; read_into zero-fills the caller's memory."""
    shape = tuple(d["shape"])
    with pytest.raises(fastmedia.TransferError, match=match) as e:
        rd.read(d)
    assert agent in str(e.value)
    out = np.full(shape, 7, np.uint8)
    with pytest.raises(fastmedia.TransferError, match=match):
        rd.read_into(d, out)
    assert not out.any()
    with pytest.raises(fastmedia.TransferError, match=match):
        asyncio.run(rd.read_async(d))
    out[...] = 7
    with pytest.raises(fastmedia.TransferError, match=match):
        asyncio.run(rd.read_into_async(d, out))
    assert not out.any()


# --------------------------------------------------------------------------- live leases


def test_live_fastmedia_descriptors_are_pixel_exact(reader, fm):
    items = [((37, 53, c), 10 + c) for c in (1, 2, 3, 4)]
    ds = fm.images(items)
    assert all("lease_check" in d for d in ds)
    s0 = fm.stats()
    t0 = reader.stats().get("transfers", 0)
    for d, (shape, seed) in zip(ds[:2], items[:2], strict=True):
        np.testing.assert_array_equal(reader.read(d), pixels(shape, seed))
    out = np.full(items[2][0], 9, np.uint8)
    assert reader.read_into(ds[2], out) is out
    np.testing.assert_array_equal(out, pixels(*items[2]))
    pooled = reader.empty(items[3][0])
    reader.read_into(ds[3], pooled)
    np.testing.assert_array_equal(pooled, pixels(*items[3]))
    assert reader.stats().get("transfers", 0) == t0 + 4  # the lease word rides in the same transfer
    s = wait_stats(fm, "released_by_notification", s0["released_by_notification"] + 4)
    assert s["released_by_notification"] == s0["released_by_notification"] + 4


def test_live_batch_of_64_is_one_transfer(reader, fm):
    items = [((40 + i, 30 + 2 * i, 1 + i % 4), 100 + i) for i in range(62)] + [
        ((1080, 1920, 3), 7),
        ((720, 1280, 4), 8),
    ]
    ds = fm.images(items)
    s0 = fm.stats()
    t0 = reader.stats().get("transfers", 0)
    arrs = reader.read_batch(ds)
    assert reader.stats().get("transfers", 0) == t0 + 1
    for a, (shape, seed) in zip(arrs, items, strict=True):
        np.testing.assert_array_equal(a, pixels(shape, seed))
    s = wait_stats(fm, "released_by_notification", s0["released_by_notification"] + 64)
    assert s["released_by_notification"] == s0["released_by_notification"] + 64


async def test_live_async_reads(reader, fm):
    items = [((20 + i, 24, 3), 300 + i) for i in range(7)]
    ds = fm.images(items)
    one = await reader.read_async(ds[0])
    np.testing.assert_array_equal(one, pixels(*items[0]))
    many = await reader.read_batch_async(ds[1:4])
    concurrent = await asyncio.gather(*(reader.read_async(d) for d in ds[4:6]))
    for a, it in zip(many + concurrent, items[1:6], strict=True):
        np.testing.assert_array_equal(a, pixels(*it))
    out = np.zeros(items[6][0], np.uint8)
    await reader.read_into_async(ds[6], out)
    np.testing.assert_array_equal(out, pixels(*items[6]))


# --------------------------------------------------------------------------- ended leases


def test_reread_after_the_readers_own_notification_is_refused(reader, fm):
    (d,) = fm.images([((16, 16, 3), 1)])
    s0 = fm.stats()
    np.testing.assert_array_equal(reader.read(d), pixels((16, 16, 3), 1))
    s = wait_stats(fm, "released_by_notification", s0["released_by_notification"] + 1)
    assert s["released_by_notification"] == s0["released_by_notification"] + 1
    # The notification ended the lease and freed the chunk at once: a second read must not
    # trust it, whatever the chunk holds now.
    assert_refused(reader, d, fm.name)


def test_read_after_release_is_refused_even_before_reuse(reader, fm):
    """Default reuse grace (5 s): the chunk still holds the pixels, but the lease has ended."""
    (d,) = fm.images([((24, 32, 3), 2)])
    base = pool_in_use(reader)
    assert fm.release([d["lease_key"]]) == [True]
    assert_refused(reader, d, fm.name)
    assert pool_in_use(reader) == base  # refused reads gave their chunks back


def test_read_after_release_and_reuse_is_refused(reader):
    f = FmFrontend()  # its own pool, so the released chunk is the one reused
    try:
        shape = (64, 64, 3)
        (da,) = f.images([(shape, 1)])
        # The caller's release frees the chunk at once (only TTL-ended leases wait out the
        # reuse grace), so the next image lands in it.
        assert f.release([da["lease_key"]]) == [True]
        (db,) = f.images([(shape, 2)])
        assert db["nixl_descriptor"]["addr"] == da["nixl_descriptor"]["addr"], (
            "frontend did not reuse the chunk"
        )
        assert db["lease_check"]["addr"] == da["lease_check"]["addr"]
        base = pool_in_use(reader)
        assert_refused(reader, da, f.name)
        with fastmedia.Reader(verify_hash=True) as rv:  # verify_hash stays an optional extra
            with pytest.raises(fastmedia.TransferError):
                rv.read(da)
        # One stale item refuses the whole batch: nothing of it is handed out.
        with pytest.raises(fastmedia.TransferError, match="had ended"):
            reader.read_batch([db, da])
        assert pool_in_use(reader) == base
        (dc,) = f.images([(shape, 3)])
        np.testing.assert_array_equal(reader.read(dc), pixels(shape, 3))  # the reader goes on
    finally:
        f.close()


def test_refused_item_does_not_end_its_batch_mates(reader, fm):
    """A batch with one ended lease is refused whole, and no notification goes out for it:
    its valid items keep their leases, so a second read_batch of them succeeds."""
    items = [((20, 30, 3), 61), ((20, 30, 3), 62), ((20, 30, 3), 63)]
    ds = fm.images(items)
    assert fm.release([ds[1]["lease_key"]]) == [True]
    s0 = fm.stats()
    with pytest.raises(fastmedia.TransferError, match="had ended"):
        reader.read_batch(ds)
    # Barrier: notifications from one reader arrive in order, so once this read's
    # notification ended its lease, one sent for the refused batch would have arrived too.
    (dz,) = fm.images([((8, 8, 3), 64)])
    np.testing.assert_array_equal(reader.read(dz), pixels((8, 8, 3), 64))
    s = wait_stats(fm, "released_by_notification", s0["released_by_notification"] + 1)
    assert s["released_by_notification"] == s0["released_by_notification"] + 1, s
    arrs = reader.read_batch([ds[0], ds[2]])
    np.testing.assert_array_equal(arrs[0], pixels(*items[0]))
    np.testing.assert_array_equal(arrs[1], pixels(*items[2]))
    s = wait_stats(fm, "released_by_notification", s0["released_by_notification"] + 3)
    assert s["released_by_notification"] == s0["released_by_notification"] + 3, s


def test_leases_survive_reads_when_end_lease_on_read_is_false(reader):
    """A retried request (Dynamo --migration-limit) reads the same descriptors again, from
    this or another worker: every read succeeds while the lease lives; release() ends it and
    later reads fail closed."""
    f = FmFrontend(end_lease_on_read=False)
    try:
        shape = (40, 50, 3)
        (d,) = f.images([(shape, 71)])
        for _ in range(3):
            np.testing.assert_array_equal(reader.read(d), pixels(shape, 71))
        with fastmedia.Reader() as other:  # the worker the request migrated to
            np.testing.assert_array_equal(other.read_batch([d])[0], pixels(shape, 71))
        s = wait_stats(f, "reads_notified", 4)
        assert s["reads_notified"] == 4 and s["released_by_notification"] == 0, s
        assert s["leases_live"] == 1
        assert f.release([d["lease_key"]]) == [True]
        assert_refused(reader, d, f.name)
    finally:
        f.close()


# --------------------------------------------------------------------------- tampered / checks


def test_tampered_lease_check_is_refused(reader, fm):
    d1, d2 = fm.images([((12, 12, 3), 1), ((12, 12, 3), 2)])
    bad_id = copy.deepcopy(d1)
    bad_id["lease_check"]["id"] += 1000
    with pytest.raises(fastmedia.TransferError, match="had ended"):
        reader.read(bad_id)
    # d2's word is live, but it is not d1's lease
    bad_addr = copy.deepcopy(d1)
    bad_addr["lease_check"]["addr"] = d2["lease_check"]["addr"]
    with pytest.raises(fastmedia.TransferError, match="had ended"):
        reader.read(bad_addr)


def test_tampered_id_retired_lease_and_slow_read_on_the_emulator(reader, emu):
    """The emulator's words never change on notifications: the original descriptor keeps
    reading fine between refusals, so each refusal is the word's (or the clock's) doing."""
    shape = (30, 40, 3)
    d, other = emu.images([(shape, 5), (shape, 6)])
    np.testing.assert_array_equal(reader.read(d), pixels(shape, 5))
    bad = copy.deepcopy(d)
    bad["lease_check"]["id"] += 1
    assert_refused(reader, bad, emu.name)
    np.testing.assert_array_equal(reader.read(d), pixels(shape, 5))
    # post..DONE longer than grace_s: word and pixels may not be from the same moment
    slow = copy.deepcopy(d)
    slow["lease_check"]["grace_s"] = 1e-9
    assert_refused(reader, slow, emu.name, match="grace_s")
    arrs = reader.read_batch([d, other])
    np.testing.assert_array_equal(arrs[1], pixels(shape, 6))
    emu.retire([d["lease_check"]["id"]])
    assert_refused(reader, d, emu.name)
    np.testing.assert_array_equal(reader.read(other), pixels(shape, 6))


def test_malformed_lease_check_rejected_before_any_transfer(reader, emu):
    d = emu.image((10, 10, 3), seed=3)
    before = reader.stats()
    lc = d["lease_check"]
    for bad_lc in (
        None,
        "x",
        {**lc, "addr": 0},
        {**lc, "addr": lc["addr"] + 4},
        {**lc, "id": 0},
        {**lc, "id": "1"},
        {**lc, "grace_s": 0},
        {**lc, "grace_s": -1},
        {"addr": lc["addr"]},
    ):
        bad = {**d, "lease_check": bad_lc}
        with pytest.raises(fastmedia.DescriptorError, match="lease_check"):
            reader.read(bad)
        with pytest.raises(fastmedia.DescriptorError):
            reader.read_batch([d, bad])  # one bad item: nothing of the batch is read
        out = np.full((10, 10, 3), 7, np.uint8)
        with pytest.raises(fastmedia.DescriptorError):
            reader.read_into(bad, out)
        with pytest.raises(fastmedia.DescriptorError):
            asyncio.run(reader.read_async(bad))
    after = reader.stats()
    assert after.get("transfers", 0) == before.get("transfers", 0) and after.get(
        "reads", 0
    ) == before.get("reads", 0)
    # The frontend saw no READ of d: a good read afterwards notifies, nothing names d.
    ok = emu.image((4, 4, 1), seed=4)
    reader.read(ok)
    assert emu.notifs_for([d["lease_key"], ok["lease_key"]]) == [ok["lease_key"]]


def test_dynamo_descriptors_unaffected(reader, dyn):
    import uuid

    items = [((20 + i, 16, 1 + i % 4), 40 + i) for i in range(6)]
    ds = dyn.images(items)
    assert all("lease_check" not in d and "lease_key" not in d for d in ds)
    failures = reader.stats().get("lease_check_failures", 0)
    for a, it in zip(reader.read_batch(ds), items, strict=True):
        np.testing.assert_array_equal(a, pixels(*it))
    np.testing.assert_array_equal(reader.read(ds[0]), pixels(*items[0]))  # re-reads work as before
    notifs = dyn.wait_notifs(2)  # this module's dyn has served no other reads
    assert len(notifs) == 2
    for n in notifs:
        uuid.UUID(n)
    assert reader.stats().get("lease_check_failures", 0) == failures


def test_threaded_reader_reads_pieces_and_words_after_them(fm):
    """Reader(threads=2): each large item is split between the caller's thread and a helper
    lane (an agent and a thread of its own), and the lease words are READ in a second
    transfer; pixels stay exact, and an ended lease still fails closed without ending its
    batch-mates'."""
    items = [((1080, 1920, 3), 91), ((20, 30, 3), 92), ((20, 30, 3), 93)]
    ds = fm.images(items)
    with fastmedia.Reader(threads=2, timeout_s=20.0) as rd:
        assert fm.release([ds[2]["lease_key"]]) == [True]
        with pytest.raises(fastmedia.TransferError, match="had ended"):
            rd.read_batch(ds)
        assert_refused(rd, ds[2], fm.name)
        arrs = rd.read_batch(ds[:2])
        for a, it in zip(arrs, items[:2], strict=True):
            np.testing.assert_array_equal(a, pixels(*it))


def test_read_after_a_notification_needs_no_progress_from_the_frontend(reader):
    """A lease notification leaves the next READ free of any round trip to the frontend.
    NIXL flushes the endpoint at the end of each transfer, and UCX flushes a TCP endpoint
    that carried an active message (a notification) by waiting for the peer's ACK: sent on
    the reader's own agent, every read after one waited for the frontend to run UCX
    progress. With the notifier agent, reads succeed while the frontend is stopped
    (SIGSTOP: CMA still reads its memory), and the notifications arrive once it runs."""
    import os
    import signal

    f = Frontend(lease_keys=True)
    try:
        ds = f.images([((16, 16, 3), 300 + i) for i in range(4)])
        keys = [d["lease_key"] for d in ds]
        for d in ds[:2]:  # connects both agents while the frontend runs
            reader.read(d)
        assert f.notifs_for(keys[:2], count=2)
        os.kill(f.pid, signal.SIGSTOP)
        try:
            for i in (2, 3):
                np.testing.assert_array_equal(reader.read(ds[i]), pixels((16, 16, 3), 300 + i))
        finally:
            os.kill(f.pid, signal.SIGCONT)
        assert sorted(f.notifs_for(keys[2:], count=2)) == sorted(keys[2:])
        assert reader.stats().get("notify_fallbacks", 0) == 0
    finally:
        f.close()


def test_threaded_reader_fails_closed_when_a_helper_lane_fails(emu):
    """Reader(threads=2) cuts a large item in two: the caller's thread READs the first half,
    a helper lane the second. When only the lane's READ fails (here: a descriptor that
    claims 1200 rows where the emulator registered 1080, so the first half lies within the
    frontend's registration and only the second half does not), the read fails closed like
    any other: TransferError, nothing handed out, read_into's buffer zero-filled, and the
    reader keeps working."""
    shape = (1080, 1920, 3)
    d = copy.deepcopy(emu.image(shape, 95))
    d["shape"] = [1200, shape[1], shape[2]]
    d["nixl_descriptor"]["size"] = 1200 * shape[1] * shape[2]
    with fastmedia.Reader(threads=2, timeout_s=20.0) as rd:
        with pytest.raises(fastmedia.TransferError, match="helper lane"):
            rd.read(d)
        out = rd.empty(d["shape"])
        out[...] = 7
        with pytest.raises(fastmedia.TransferError, match="helper lane"):
            rd.read_into(d, out)
        assert not out.any()
        with pytest.raises(fastmedia.TransferError, match="helper lane"):
            asyncio.run(rd.read_async(d))
        assert rd.stats()["transfer_errors"] == 3
        good = emu.image(shape, 96)
        np.testing.assert_array_equal(rd.read(good), pixels(shape, 96))
        np.testing.assert_array_equal(asyncio.run(rd.read_async(good)), pixels(shape, 96))


def test_lease_notification_falls_back_to_the_home_lane(emu, monkeypatch):
    """If the notifier agent cannot send (here: made to fail), the home lane, which READ the
    pixels, sends the lease keys instead with a READ of a lease word, so the lease still ends
    by notification, not by TTL."""
    from fastmedia.transfer import _notifier as notifier_mod

    def broken(self, md, msg):
        raise RuntimeError("notifier down")

    monkeypatch.setattr(notifier_mod.Notifier, "send", broken)
    d = emu.image((16, 16, 3), 311)
    with fastmedia.Reader(timeout_s=20.0) as rd:
        np.testing.assert_array_equal(rd.read(d), pixels((16, 16, 3), 311))
        assert rd.stats()["notify_fallbacks"] == 1
        assert rd.stats()["home_lane_transfers"] == 1
        assert rd.stats().get("notify_errors", 0) == 0
    assert emu.notifs_for([d["lease_key"]]) == [d["lease_key"]]


def lane_threads() -> int:
    """The helper lanes' threads alive in this process (Rust threads, by their OS name)."""
    import glob

    n = 0
    for comm in glob.glob("/proc/self/task/*/comm"):
        with contextlib.suppress(OSError), open(comm) as f:
            n += f.read().strip() == "fastmedia-lane"
    return n


def test_closed_threaded_readers_leave_no_threads_or_fds(fm):
    """Reader(threads=2) with its helper lane and notifier: after close (and the reader's
    collection), the lane's thread has ended and file descriptors do not grow per reader."""
    import os
    import threading

    shape = (1080, 1920, 3)
    ds = fm.images([(shape, 320 + i) for i in range(8)])
    gc.collect()
    others = lane_threads()  # lanes of earlier tests' readers not yet collected

    def one(i: int) -> None:
        rd = fastmedia.Reader(threads=2, timeout_s=20.0)
        try:
            np.testing.assert_array_equal(rd.read(ds[i]), pixels(shape, 320 + i))
            # the helper lane, and the home lane the first read made
            assert lane_threads() == others + 2
            assert rd.stats()["home_lane_transfers"] == 1
            np.testing.assert_array_equal(
                asyncio.run(rd.read_async(ds[4 + i])), pixels(shape, 324 + i)
            )
            assert lane_threads() == others + 2
            assert rd.stats()["home_lane_transfers"] == 2
        finally:
            rd.close()
        del rd
        gc.collect()

    one(0)
    fds, threads = len(os.listdir("/proc/self/fd")), threading.active_count()
    for i in (1, 2, 3):
        one(i)
    assert threading.active_count() <= threads
    assert lane_threads() == others
    assert len(os.listdir("/proc/self/fd")) <= fds + 2


def test_a_notifier_that_cannot_be_made_is_tried_once(emu, monkeypatch):
    """Making the notifier agent costs tens of ms: when it fails, the reader's own agent
    notifies from then on, and the reader does not try again on every read."""
    from fastmedia.transfer import _notifier as notifier_mod

    made = []

    def broken(self, name):
        made.append(name)
        raise fastmedia.NixlError("no agent today")

    monkeypatch.setattr(notifier_mod.Notifier, "__init__", broken)
    ds = emu.images([((16, 16, 3), 330 + i) for i in range(2)])
    with fastmedia.Reader(timeout_s=20.0) as rd:
        for i, d in enumerate(ds):
            np.testing.assert_array_equal(rd.read(d), pixels((16, 16, 3), 330 + i))
        assert rd.stats()["notify_fallbacks"] == 2
    assert len(made) == 1
    keys = [d["lease_key"] for d in ds]
    assert sorted(emu.notifs_for(keys, count=2)) == sorted(keys)


_CLOSING_READER = r"""
import json, sys
import fastmedia
fastmedia.Reader.NOTIFY_FLUSH_S = 120.0  # the bound only matters for a failing run
def say(s):
    print("@@" + s, flush=True)
refused, live = json.loads(sys.stdin.readline())
rd = fastmedia.Reader(timeout_s=120.0)
try:
    rd.read(refused)  # connects the reader's agent; a refused read notifies nobody
except fastmedia.TransferError:
    pass
say("connected")
sys.stdin.readline()  # the frontend is stopped now
rd.read(live)  # CMA reads a stopped process; its notification waits for the wire-up
say("closing")
rd.close()
say("closed")
"""


def test_a_reader_that_closes_and_exits_while_its_frontend_is_stopped_still_ends_the_lease():
    """A backend process that reads and exits at once: the notifier first contacts the
    frontend while it is stopped, and the reader closes and exits before it runs again. The
    lease must still end once the frontend runs. (The notifier follows each notification with
    a tracked READ, because ``send_notif`` does not track its message, and ``close()`` waits
    for it; here the kernel's socket buffer already carries it, so this test also passes
    without that READ.)"""
    import os
    import signal
    import subprocess
    import sys

    f = Frontend(lease_keys=True)
    p = None
    try:
        refused, live = f.images([((16, 16, 3), 500), ((16, 16, 3), 501)])
        f.retire([refused["lease_check"]["id"]])
        p = subprocess.Popen(
            [sys.executable, "-c", _CLOSING_READER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert p.stdin is not None and p.stdout is not None

        def said() -> str:
            for line in p.stdout:
                if line.startswith("@@"):
                    return line[2:].strip()
            return "EOF"

        p.stdin.write(json.dumps([refused, live]) + "\n")
        p.stdin.flush()
        assert said() == "connected"
        os.kill(f.pid, signal.SIGSTOP)
        try:
            p.stdin.write("go\n")
            p.stdin.flush()
            assert said() == "closing"
        finally:
            os.kill(f.pid, signal.SIGCONT)
        assert said() == "closed"
        assert p.wait(timeout=120) == 0
        assert f.notifs_for([live["lease_key"]]) == [live["lease_key"]]
    finally:
        if p is not None and p.poll() is None:
            p.kill()
        f.close()
