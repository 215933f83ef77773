"""A program that exits without closing its Reader does not abort (``_internal.exit``).

Left to finalization, the reader's notifier thread could be inside a NIXL call when the
interpreter ended it, and the process aborted ("terminate called without an active
exception"), about 1 run in 20 on a loaded machine. The check here does not wait for that
race: an ``atexit`` handler registered before fastmedia is imported runs after fastmedia's, and
reports whether the reader was closed and its threads had stopped by then.
"""

from __future__ import annotations

import gc
import json
import subprocess
import sys

import pytest

from fastmedia._internal import exit as _exit

_CHILD = r"""
import atexit, json, threading

state = {}

def notifier_threads():  # a Rust thread, found by its OS name (which UCX's threads inherit)
    import glob
    names = [open(comm).read().strip() for comm in glob.glob("/proc/self/task/*/comm")]
    return names.count("fastmedia-notif")

def report():  # registered first, so it runs after fastmedia's own handler
    threads = [t.name for t in threading.enumerate() if t.name.startswith("fastmedia-reader")]
    state["alive_at_exit"] = threads
    state["closed_at_exit"] = state.pop("rd")._engine.closed
    print("@@" + json.dumps(state), flush=True)

atexit.register(report)

import io
import numpy as np
from PIL import Image
import fastmedia

buf = io.BytesIO()
Image.fromarray(np.full((32, 48, 3), 77, np.uint8)).save(buf, "PNG")
fe = fastmedia.Frontend(pool_bytes=8 << 20)
rd = fastmedia.Reader()
m = fe.decode(buf.getvalue())
assert int(rd.read(m.descriptor).mean()) == 77
state["notifier_running"] = notifier_threads() >= 1
state["rd"] = rd
"""


@pytest.mark.requires_nixl
def test_an_unclosed_reader_is_closed_at_exit_before_finalization():
    r = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    line = next(x for x in r.stdout.splitlines() if x.startswith("@@"))
    state = json.loads(line[2:])
    assert state["notifier_running"]  # the thread that raced finalization was there
    assert state["closed_at_exit"]
    assert state["alive_at_exit"] == []


class _Closable:
    def __init__(self, log: list, name: str, fail: bool = False) -> None:
        self.log, self.name, self.fail = log, name, fail

    def close(self) -> None:
        self.log.append(self.name)
        if self.fail:
            raise RuntimeError("close failed")


def test_close_all_closes_the_live_ones_newest_first_past_a_failure():
    log: list[str] = []
    a, b, c = _Closable(log, "a"), _Closable(log, "b", fail=True), _Closable(log, "c")
    gone = _Closable(log, "gone")
    for obj in (a, gone, b, c):
        _exit.close_at_exit(obj)
    del gone
    gc.collect()
    _exit.close_all()
    assert log == ["c", "b", "a"]  # held weakly: a collected object is not kept nor closed
    _exit.close_all()
    assert log == ["c", "b", "a"]  # once only
