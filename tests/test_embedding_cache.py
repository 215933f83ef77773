"""fastmedia.embeddings' cache: LRU order and byte accounting, thread safety, and the
get-or-compute coalescing (exceptions and cancellation reach every waiter). numpy arrays
stand in for tensors (the cache takes either); Dynamo's own unit tests, run against the
same classes with torch, are tests/test_dynamo_*cache*.py."""

import asyncio
import random
import sys
import threading

import numpy as np
import pytest

from fastmedia.embeddings import (
    AsyncEncoderCache,
    CachedEmbedding,
    CacheMutation,
    EmbeddingCache,
    content_key,
)
from fastmedia.errors import ConfigError


def emb(n: int, dtype: str = "float32", fill: int = 0) -> CachedEmbedding:
    return CachedEmbedding(np.full(n, fill, dtype=dtype))


def test_lru_order_and_byte_accounting():
    cache = EmbeddingCache(capacity_bytes=3 * 400)
    for k in "abc":
        cache.set(k, emb(100))
    assert cache.keys() == ["a", "b", "c"]
    cache.get("a")  # a is now the most recent
    assert cache.keys() == ["b", "c", "a"]
    m = cache.set_with_delta("d", emb(200))  # 800 bytes: evicts b, then c
    assert m == CacheMutation(True, ["d"], ["b", "c"])
    assert cache.keys() == ["a", "d"]
    assert cache.stats["current_bytes"] == 1200
    assert cache.stats["evictions"] == 2


def test_overwrite_and_dtype_sizes():
    cache = EmbeddingCache(capacity_bytes=10_000)
    assert cache.set_with_delta("k", emb(100, "float16")) == CacheMutation(True, ["k"], [])
    assert cache.stats["current_bytes"] == 200
    # A replacement is not an addition, and its old bytes go back.
    assert cache.set_with_delta("k", emb(100, "int8", 7)) == CacheMutation(True, [], [])
    assert cache.stats["current_bytes"] == 100
    got = cache.get("k")
    assert got is not None and got.tensor.dtype == np.int8 and got.tensor[0] == 7


def test_too_large_is_refused_and_changes_nothing():
    cache = EmbeddingCache(capacity_bytes=400)
    cache.set("a", emb(100))
    assert cache.set_with_delta("big", emb(101)) == CacheMutation(False, [], [])
    assert cache.keys() == ["a"] and cache.stats["current_bytes"] == 400
    assert not cache.make_room_for("big", 401).admitted


def test_non_contiguous_is_refused():
    cache = EmbeddingCache(capacity_bytes=10_000)
    with pytest.raises(AssertionError, match="contiguous"):
        cache.set("k", CachedEmbedding(np.zeros((10, 20), np.float32).T))


@pytest.mark.parametrize("bad", [-1, 1.5, "10"])
def test_bad_capacity(bad):
    with pytest.raises(ConfigError):
        EmbeddingCache(bad)


def test_device_residency_needs_cuda():
    try:
        import torch
    except ImportError:
        torch = None
    if torch is not None and torch.cuda.is_available():
        cache = EmbeddingCache(1 << 20, device="cuda:0")
        cache.set("k", CachedEmbedding(torch.ones(4)))
        got = cache.get("k")
        assert got is not None and got.tensor.is_cuda
    else:
        with pytest.raises(ConfigError, match="torch"):
            EmbeddingCache(1 << 20, device="cuda:0")
    with pytest.raises(ConfigError):
        EmbeddingCache(1 << 20, device="tpu")


@pytest.mark.parametrize(
    ("value", "key"),
    [
        ({"content_hash": "0123456789abcdef"}, "0123456789abcdef"),
        ("0123456789abcdef", "0123456789abcdef"),
        ({"content_hash": "0123456789ABCDEF"}, None),
        ({"content_hash": "0123456789abcde"}, None),
        ({"content_hash": "+123456789abcdef"}, None),
        ({"content_hash": 12}, None),
        ({}, None),
        (None, None),
    ],
)
def test_content_key(value, key):
    assert content_key(value) == key


def test_thread_safety_under_8_threads():
    """8 threads set/get/make_room_for on 20 keys; afterwards the byte count equals the
    entries' bytes and never passed the capacity."""
    cache = EmbeddingCache(capacity_bytes=10 * 400)
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    over = []
    barrier = threading.Barrier(8)

    def work(seed: int) -> None:
        rng = random.Random(seed)
        barrier.wait()
        for _ in range(3000):
            k = f"k{rng.randrange(20)}"
            op = rng.random()
            if op < 0.5:
                cache.set(k, emb(rng.choice([50, 100, 200])))
            elif op < 0.9:
                cache.get(k)
            else:
                cache.make_room_for(k, 400)
            s = cache.stats
            if s["current_bytes"] > s["capacity_bytes"]:
                over.append(s["current_bytes"])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
    finally:
        sys.setswitchinterval(old)
    assert not any(t.is_alive() for t in threads)
    assert not over
    total = sum(entry.tensor.nbytes for entry, _ in cache._cache.values())
    assert cache.stats["current_bytes"] == total
    assert cache.stats["entries"] == len(cache.keys())


async def test_coalescing_under_100_tasks():
    acache = AsyncEncoderCache(EmbeddingCache(1 << 20))
    calls = 0
    release = asyncio.Event()

    async def compute():
        nonlocal calls
        calls += 1
        await release.wait()
        return emb(10, fill=3)

    tasks = [asyncio.create_task(acache.get_or_compute("k", compute)) for _ in range(100)]
    await asyncio.sleep(0)
    assert acache.stats["in_flight"] == 1
    release.set()
    results = await asyncio.wait_for(asyncio.gather(*tasks), 30)
    assert calls == 1
    assert all(r is results[0] for r in results)
    assert acache.stats["in_flight"] == 0 and acache.get("k") is results[0]


async def test_exception_reaches_every_waiter_and_nothing_is_cached():
    acache = AsyncEncoderCache(EmbeddingCache(1 << 20))
    release = asyncio.Event()

    async def compute():
        await release.wait()
        raise KeyError("encoder failed")

    tasks = [asyncio.create_task(acache.get_or_compute("k", compute)) for _ in range(10)]
    await asyncio.sleep(0)
    release.set()
    results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 30)
    assert all(isinstance(r, KeyError) for r in results)
    assert acache.get("k") is None and acache.stats["in_flight"] == 0


async def test_cancelled_leader_does_not_strand_waiters():
    """The first caller (whose call started the computation) is cancelled: the others
    still get the result, from the one computation."""
    acache = AsyncEncoderCache(EmbeddingCache(1 << 20))
    started = asyncio.Event()
    release = asyncio.Event()
    calls = 0

    async def compute():
        nonlocal calls
        calls += 1
        started.set()
        await release.wait()
        return emb(10, fill=5)

    leader = asyncio.create_task(acache.get_or_compute("k", compute))
    await started.wait()
    waiters = [asyncio.create_task(acache.get_or_compute("k", compute)) for _ in range(5)]
    await asyncio.sleep(0)
    leader.cancel()
    with pytest.raises(asyncio.CancelledError):
        await leader
    release.set()
    results = await asyncio.wait_for(asyncio.gather(*waiters), 30)
    assert calls == 1 and all(r.tensor[0] == 5 for r in results)


async def test_all_waiters_cancelled_cancels_the_computation():
    acache = AsyncEncoderCache(EmbeddingCache(1 << 20))
    started = asyncio.Event()
    cancelled = asyncio.Event()

    async def stuck():
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.set()
            raise
        raise AssertionError("unreachable")

    tasks = [asyncio.create_task(acache.get_or_compute("k", stuck)) for _ in range(3)]
    await started.wait()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.wait_for(cancelled.wait(), 30)
    assert acache.stats["in_flight"] == 0

    async def works():
        return emb(4, fill=1)

    got = await asyncio.wait_for(acache.get_or_compute("k", works), 30)
    assert got.tensor[0] == 1


async def test_computation_cancelled_from_inside_reaches_waiters():
    """compute_fn itself ends in CancelledError: every waiter gets CancelledError rather
    than hanging, and the key can be computed again."""
    acache = AsyncEncoderCache(EmbeddingCache(1 << 20))

    async def cancels():
        raise asyncio.CancelledError

    tasks = [asyncio.create_task(acache.get_or_compute("k", cancels)) for _ in range(4)]
    results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 30)
    assert all(isinstance(r, asyncio.CancelledError) for r in results)
    assert acache.stats["in_flight"] == 0


def test_coalescing_across_event_loops_in_threads():
    """Two threads, each with its own event loop, miss on one key: one computation."""
    acache = AsyncEncoderCache(EmbeddingCache(1 << 20))
    calls = 0
    entered = threading.Event()
    release = threading.Event()
    results: list = []

    async def compute():
        nonlocal calls
        calls += 1
        entered.set()
        await asyncio.get_running_loop().run_in_executor(None, release.wait, 60)
        return emb(4, fill=9)

    def run() -> None:
        results.append(asyncio.run(acache.get_or_compute("k", compute)))

    t1 = threading.Thread(target=run)
    t1.start()
    assert entered.wait(60)
    t2 = threading.Thread(target=run)
    t2.start()
    for _ in range(6000):  # t2 joins the flight promptly; bounded at 60 s
        if acache._in_flight["k"].waiters >= 2:
            break
        t1.join(0.01)
    release.set()
    t1.join(60)
    t2.join(60)
    assert calls == 1 and len(results) == 2 and all(r.tensor[0] == 9 for r in results)
