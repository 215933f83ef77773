"""A clean close prints no NIXL/UCX error or warning line (issue 32 item 3).

Each side runs in a process of its own (``_PEER`` below, JSON lines on stdin/stdout) with its
stderr in a file, so the C++ logs NIXL and UCX write to fd 2 are caught. The pairs: fastmedia's
Frontend and Reader, and the Read-mode embedding sender and receiver (those need torch: run in
``.venv-embed``). Each pair transfers real data, waits until the notification reached the
frontend/sender and the reader's notifier confirmed it (conditions, no sleeps), then closes in
both orders. A peer killed with SIGKILL must still be logged: that case proves the check can
fail.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.requires_nixl

ROOT = Path(__file__).resolve().parent.parent

# glog lines of NIXL (E/W/F + MMDD) and UCX's own log lines at ERROR or WARN
BAD = re.compile(r"^[EWF]\d{4} |\bUCX\s+(ERROR|WARN)")

_PEER = r"""
import asyncio, io, json, os, sys, time
import numpy as np
import fastmedia

role = sys.argv[1]

def say(obj):
    sys.stdout.write("@@" + json.dumps(obj) + "\n")
    sys.stdout.flush()

def until(cond, what):
    deadline = time.monotonic() + 30.0
    while not cond():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.001)

def notifier_idle(rd):
    n = rd._engine.notices.notifier
    return n is not None and n.pending() == 0

async def main():
    loop = asyncio.get_running_loop()
    obj, futs = None, []
    if role == "frontend":
        from PIL import Image
        obj = fastmedia.Frontend()
        items = []
        for v in (7, 9):
            buf = io.BytesIO()
            Image.fromarray(np.full((64, 64, 3), v, np.uint8)).save(buf, "PNG")
            items.append(obj.decode(buf.getvalue()))
        say({"descs": [m.descriptor for m in items]})
    elif role == "reader":
        obj = fastmedia.Reader(timeout_s=10.0)
    elif role == "embed-send":
        import torch
        from fastmedia.dynamo import NixlReadEmbeddingSender
        obj = NixlReadEmbeddingSender(pool_bytes=16 << 20)
        req, fut = await obj.send_embeddings(torch.arange(4096, dtype=torch.float32))
        futs.append(fut)
        say({"request": req.model_dump()})
    elif role == "embed-recv":
        from fastmedia.dynamo import NixlReadEmbeddingReceiver
        obj = NixlReadEmbeddingReceiver(pool_bytes=16 << 20, slab_bytes=16 << 20)
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            return
        cmd = json.loads(line)
        op = cmd["op"]
        try:
            if op == "read":
                say({"sum": int(np.asarray(obj.read(cmd["desc"])).sum())})
            elif op == "read_async":  # READ on the async calls' lane
                arr = await obj.read_async(cmd["desc"])
                say({"sum": int(np.asarray(arr).sum()), "lane": obj.stats()["home_lane_transfers"]})
            elif op == "recv":
                _tid, t = await obj.receive_embeddings(cmd["request"])
                say({"sum": float(t.sum())})
            elif op == "wait_read" and role == "frontend":
                until(lambda: obj.stats()["released_by_notification"] >= 1, "no notification")
                say({"ok": True})
            elif op == "wait_read":
                await asyncio.wait_for(asyncio.gather(*futs), 30.0)
                say({"ok": True})
            elif op == "wait_confirmed":
                rd = obj if role == "reader" else obj._reader
                until(lambda: notifier_idle(rd), "notification not confirmed")
                say({"ok": True})
            elif op == "close":
                obj.close()
                say({"closed": True})
                return
        except Exception as e:
            say({"error": f"{type(e).__name__}: {e}"})

asyncio.run(main())
"""


class Peer:
    def __init__(self, role: str, tmp: Path) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "python"), env.get("PYTHONPATH", "")])
        self.role = role
        self.err = tmp / f"{role}.stderr"
        self.other: list[str] = []  # stdout lines not of the protocol (UCX logs to stdout)
        with open(self.err, "wb") as err:  # the child's fd 2: NIXL's and UCX's C++ logs
            self.proc = subprocess.Popen(
                [sys.executable, "-c", _PEER, role],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
                text=True,
                env=env,
            )

    def line(self) -> dict:
        assert self.proc.stdout is not None
        while True:
            out = self.proc.stdout.readline()
            assert out, f"{self.role} exited: {self.err.read_text()}"
            if out.startswith("@@"):
                return json.loads(out[2:])
            self.other.append(out.rstrip("\n"))

    def request(self, op: str, **kw: object) -> dict:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"op": op, **kw}) + "\n")
        self.proc.stdin.flush()
        return self.line()

    def ask(self, op: str, **kw: object) -> dict:
        got = self.request(op, **kw)
        assert "error" not in got, f"{self.role}: {got['error']}"
        return got

    def close(self) -> None:
        assert self.ask("close") == {"closed": True}
        assert self.proc.wait(timeout=60) == 0, self.err.read_text()

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=60)

    def bad_lines(self) -> list[str]:
        if self.proc.stdout is not None and self.proc.poll() is not None:
            self.other += self.proc.stdout.read().splitlines()  # what it printed last
        lines = self.err.read_text().splitlines() + self.other
        return [ln for ln in lines if BAD.search(ln)]


def _frontend_pair(tmp: Path, read: str = "read") -> tuple[Peer, Peer, dict]:
    fe = Peer("frontend", tmp)
    descs = fe.line()["descs"]
    rd = Peer("reader", tmp)
    got = rd.ask(read, desc=descs[0])
    assert got["sum"] == 64 * 64 * 3 * 7
    assert got.get("lane", 1) == 1  # read_async: READ on the async calls' lane
    return fe, rd, descs[1]


def _embedding_pair(tmp: Path) -> tuple[Peer, Peer]:
    pytest.importorskip("torch")
    tx = Peer("embed-send", tmp)
    request = tx.line()["request"]
    rx = Peer("embed-recv", tmp)
    assert rx.ask("recv", request=request)["sum"] == sum(range(4096))
    return tx, rx


@pytest.mark.parametrize("read", ["read", "read_async"])
@pytest.mark.parametrize("first", ["frontend", "reader"])
def test_frontend_and_reader_close_without_error_lines(tmp_path, first, read):
    fe, rd, _ = _frontend_pair(tmp_path, read)
    try:
        fe.ask("wait_read")  # the lease ended by the reader's notification
        rd.ask("wait_confirmed")  # ... and the reader's notifier knows it arrived
        for p in (fe, rd) if first == "frontend" else (rd, fe):
            p.close()
    finally:
        for p in (fe, rd):
            if p.proc.poll() is None:
                p.kill()
    assert fe.bad_lines() == [] and rd.bad_lines() == []


@pytest.mark.parametrize("first", ["sender", "receiver"])
def test_embedding_read_pair_closes_without_error_lines(tmp_path, first):
    tx, rx = _embedding_pair(tmp_path)
    try:
        tx.ask("wait_read")
        rx.ask("wait_confirmed")
        for p in (tx, rx) if first == "sender" else (rx, tx):
            p.close()
    finally:
        for p in (tx, rx):
            if p.proc.poll() is None:
                p.kill()
    assert tx.bad_lines() == [] and rx.bad_lines() == []


def test_a_killed_frontend_is_still_logged(tmp_path):
    """The check can fail: a frontend SIGKILLed while a lease of it is live makes the
    reader's next READ fail, and NIXL logs that."""
    fe, rd, live = _frontend_pair(tmp_path)
    try:
        fe.kill()
        assert fe.proc.returncode == -signal.SIGKILL
        assert "TransferError" in rd.request("read", desc=live).get("error", "")
        rd.close()
    finally:
        for p in (fe, rd):
            if p.proc.poll() is None:
                p.kill()
    assert rd.bad_lines() != []


def test_each_notification_is_confirmed_by_a_tracked_read_before_close(emu):
    """NIXL does not track a notification, so the notifier's thread follows each one with a
    tracked READ from the same peer (NIXL flushes the endpoint first) without waiting for
    ``close()``: the notification is confirmed while the reader is open."""
    import numpy as np

    import fastmedia
    from tests.helpers import wait_until
    from tests.nixl_peers import pixels

    rd = fastmedia.Reader(timeout_s=20.0)
    try:
        d, *_ = emu.images([((8, 8, 3), 41)])
        np.testing.assert_array_equal(rd.read(d), pixels((8, 8, 3), 41))
        notifier = rd._engine.notices.notifier
        assert notifier is not None
        wait_until(lambda: notifier.pending() == 0)  # confirmed by the probe, before close
        assert notifier.stats() == (1, 1, 0)  # sent, confirmed, given up
    finally:
        rd.close()
    assert emu.notifs_for([d["lease_key"]]) == [d["lease_key"]]
