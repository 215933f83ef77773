"""Issue 25 item 7: a forked child never hangs in a Frontend's close() or drop, even when the
fork lands while the parent's drain thread holds the pool's locks (it polls every 1 ms while
leases are live)."""

from __future__ import annotations

import io
import os
import select
import signal

import numpy as np
import pytest
from PIL import Image

import fastmedia

pytestmark = pytest.mark.requires_nixl


def _child_exits(action: str, timeout: float = 10.0) -> None:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: touch the inherited Frontend, then report
        code = 1
        try:
            os.close(r)
            fe, media = _STATE
            if action == "close":
                fe.close()
            elif action == "release":
                media[0].release()
                assert not media[0].live
                fe.stats()
                fe.close()
            else:  # drop everything
                _STATE.clear()
                del fe, media
            os.write(w, b"ok")
            code = 0
        finally:
            os._exit(code)
    os.close(w)
    try:
        ready, _, _ = select.select([r], [], [], timeout)
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"forked child hung in {action} for {timeout}s (an inherited lock)")
        assert os.read(r, 10) == b"ok"
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    finally:
        os.close(r)


_STATE: list = []


def test_100_forks_under_load_none_hangs():
    fe = fastmedia.Frontend(pool_bytes=64 << 20)
    img = np.zeros((8, 8, 3), np.uint8)
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, format="PNG")
    media = [fe.decode(buf.getvalue()) for _ in range(1000)]
    assert fe.stats()["leases_live"] == 1000  # the drain thread polls every 1 ms now
    _STATE[:] = [fe, media]
    try:
        for i in range(100):
            _child_exits(("close", "release", "drop")[i % 3])
        assert fe.stats()["leases_live"] == 1000  # the children ended none of the parent's
    finally:
        _STATE.clear()
        fe.close()
