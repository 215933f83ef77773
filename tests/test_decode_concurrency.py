"""GIL release (measured overlap of decodes in two Python threads) and fork safety."""

from __future__ import annotations

import os
import threading
import time

import numpy as np
import pytest

import fastmedia
from tests.helpers import corpus_files, pil_rgb, run_in_child


def _mosaic() -> bytes:
    return corpus_files("jpeg_mosaic_1920x1080")[0].read_bytes()


def _overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> float:
    total = 0.0
    for s1, e1 in a:
        for s2, e2 in b:
            total += max(0.0, min(e1, e2) - max(s1, s2))
    return total


def test_gil_released_two_threads_overlap():
    """Two Python threads each decode 8 1080p JPEGs on a Decoder(threads=2), recording each
    call's start/end. With the GIL held during decode the calls would serialise: no
    overlap, wall time >= the sum of both threads' busy time. Released: the calls overlap
    and the wall time is well under the sum."""
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("needs 2 usable cores to observe parallel decodes")
    d = fastmedia.Decoder(threads=2)
    data = _mosaic()
    want = pil_rgb(data)
    d.decode(data)
    intervals: dict[int, list[tuple[float, float]]] = {0: [], 1: []}
    results: dict[int, np.ndarray] = {}
    barrier = threading.Barrier(2)

    def work(k: int):
        barrier.wait()
        for _ in range(8):
            t0 = time.perf_counter()
            a = d.decode(data)
            intervals[k].append((t0, time.perf_counter()))
        results[k] = a

    threads = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    busy = sum(e - s for iv in intervals.values() for s, e in iv)
    wall = max(e for iv in intervals.values() for _, e in iv) - min(
        s for iv in intervals.values() for s, _ in iv
    )
    ov = _overlap(intervals[0], intervals[1])
    print(
        f"[gil] busy(sum of both threads)={busy * 1e3:.1f} ms wall={wall * 1e3:.1f} ms "
        f"overlap={ov * 1e3:.1f} ms wall/busy={wall / busy:.2f}"
    )
    for a in results.values():
        np.testing.assert_array_equal(a, want)
    assert ov > 0.25 * busy / 2, "decode calls in two threads barely overlap: GIL held?"
    assert wall < 0.85 * busy, "two threads took as long as serial decoding: GIL held?"


def test_gil_released_python_thread_progresses():
    """While one thread decodes a batch, a pure-Python thread keeps running bytecode."""
    d = fastmedia.Decoder(threads=1)
    data = _mosaic()
    d.decode(data)
    count = 0
    done = threading.Event()

    def spin():
        nonlocal count
        while not done.is_set():
            count += 1

    t = threading.Thread(target=spin)
    t.start()
    try:
        t0 = time.perf_counter()
        before = count
        d.decode_batch([data] * 6)
        during = count - before
        dt = time.perf_counter() - t0
    finally:
        done.set()
        t.join()
    print(f"[gil] python thread counted {during} during {dt * 1e3:.1f} ms of decode_batch")
    assert during > 1000


def _fork_and_check(
    d: fastmedia.Decoder, data: bytes, want: np.ndarray, timeout: float = 30.0
) -> str:
    """Fork; the child decodes (single + batch) and reports through a pipe. Returns the
    child's report; kills it and fails if it does not answer within `timeout`."""

    def decode_in_child() -> bytes:
        a = d.decode(data)
        b = d.decode_batch([data, data, b""], return_exceptions=True)
        ok = (
            np.array_equal(a, want)
            and np.array_equal(b[0], want)
            and np.array_equal(b[1], want)
            and isinstance(b[2], fastmedia.DecodeError)
        )
        fresh = fastmedia.Decoder(threads=2).decode(data)
        ok = ok and np.array_equal(fresh, want)
        return b"ok" if ok else b"mismatch"

    msg, status = run_in_child(
        decode_in_child, timeout, "forked child hung (dead pool / inherited lock?)"
    )
    assert os.WIFEXITED(status), status
    return msg


def test_fork_decode_in_child():
    d = fastmedia.Decoder(threads=2)
    data = _mosaic()
    want = d.decode(data).copy()  # parent's pool is up and has run
    np.testing.assert_array_equal(want, pil_rgb(data))
    d.decode_batch([data] * 4)
    assert _fork_and_check(d, data, want) == "ok"
    # The parent still works after the fork, and can fork again.
    np.testing.assert_array_equal(d.decode(data), want)
    assert _fork_and_check(d, data, want) == "ok"


def test_fork_while_parent_is_decoding():
    """Fork while another parent thread is busy decoding (pool workers mid-task, buffer
    cache in use): the child must still decode, not hang on a lock it inherited held."""
    d = fastmedia.Decoder(threads=2)
    data = _mosaic()
    want = d.decode(data).copy()
    stop = threading.Event()

    def busy():
        while not stop.is_set():
            d.decode_batch([data] * 2)

    t = threading.Thread(target=busy)
    t.start()
    try:
        for _ in range(5):
            assert _fork_and_check(d, data, want, timeout=30) == "ok"
    finally:
        stop.set()
        t.join()
