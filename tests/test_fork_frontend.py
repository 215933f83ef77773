"""Issue 25 item 7: a forked child never hangs in a Frontend's close() or drop, even when the
fork lands while the parent's drain thread holds the pool's locks (it polls every 1 ms while
leases are live)."""

from __future__ import annotations

import io
import os

import numpy as np
import pytest
from PIL import Image

import fastmedia
from tests.helpers import run_in_child

pytestmark = pytest.mark.requires_nixl


def _child_exits(action: str, timeout: float = 10.0) -> None:
    def touch_inherited_frontend() -> bytes:
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
        return b"ok"

    msg, status = run_in_child(
        touch_inherited_frontend, timeout, f"forked child hung in {action} (an inherited lock)"
    )
    assert msg == "ok"
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status


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
