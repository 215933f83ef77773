"""Embedding transfers whose peer dies at an exact point of the protocol, over real NIXL
between processes: a sender killed while its READ or WRITE is in flight, a receiver killed
after its handshake (Write) or in the middle of its READ (Read). The survivor must raise a
typed ``TransferError`` within its timeout, hold no tensor, and get its registered memory
back (or quarantine it, when a late transfer could still land in it); nothing hangs.

The kill points are exact, not timed: ``tests/embed_peer.py``'s ``EMBED_PEER_DIE`` makes a
peer SIGKILL itself right after its lane posts a transfer (or its agent sends a handshake),
and the in-process receiver below kills its sender from its own lane's post hook.

Needs torch: ``.ci/test`` runs it in ``.venv-embed``.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from typing import Any

import pytest

from fastmedia.embeddings import (
    NixlReadEmbeddingReceiver,
    NixlReadEmbeddingSender,
    NixlWriteEmbeddingReceiver,
    NixlWriteEmbeddingSender,
)
from fastmedia.errors import TransferError
from tests.embed_peer import make_tensor
from tests.test_embedding_transfer import _env, _next, _popen

# 128 MiB: far longer on the wire than the call that posts it, so the kill lands mid-transfer
# (each test checks the transfer was still in flight, "PROC", when the peer died). Over shared
# memory / CMA, UCX may complete a transfer inside the call that posts it; over TCP the call
# returns with it in flight: the peer whose transfer is cut runs with UCX_TLS=tcp.
TCP = {"UCX_TLS": "tcp"}
BIG = {"shape": [4096, 8192], "dtype": "float32", "seed": 7}


def _dying_env(method: str) -> dict:
    env = _env()
    env["EMBED_PEER_DIE"] = method
    return env


def _rest(p: Any) -> str:
    out, _ = p.communicate(timeout=60)
    return out


async def _drained(endpoint: Any, key: str = "pool_bytes_in_use", within_s: float = 30) -> dict:
    """The endpoint's stats once ``key`` is 0 (a freed chunk returns from the drain thread)."""
    deadline = time.monotonic() + within_s
    while True:
        s = endpoint.stats()
        if s[key] == 0 or time.monotonic() > deadline:
            return s
        await asyncio.sleep(0.02)


@pytest.mark.timeout(180)
def test_read_sender_killed_while_its_read_is_in_flight() -> None:
    snd = _popen("send", "fastmedia", "read", json.dumps([BIG]), env={**_env(), **TCP})
    try:
        req = json.loads(_next(snd))["request"]
        rx = NixlReadEmbeddingReceiver(timeout_s=10.0, slab_bytes=256 << 20, pool_bytes=256 << 20)
        states: list[str] = []

        def kill_at_post(state: str) -> None:
            states.append(state)
            if len(states) == 1:  # the READ is posted: the sender dies under it
                os.kill(snd.pid, signal.SIGKILL)

        rx._reader._engine.lanes.on_post(kill_at_post)  # on the lane's thread, after its post
        with rx:
            t0 = time.monotonic()
            with pytest.raises(TransferError):
                asyncio.run(asyncio.wait_for(rx.receive_embeddings(req), 60))
            assert time.monotonic() - t0 < 10.0 + 5.0  # within the receiver's timeout
            assert states[0] == "PROC", states  # the READ was in flight when the sender died
            s = rx.stats()
            assert s["tensors_held"] == 0
            # nothing held but chunks a late transfer could reach (quarantined); no new
            # registration was made for the failed read: the one slab, on the home lane that
            # READ it
            assert s["pool_bytes_in_use"] == s["pool_bytes_quarantined"]
            assert s["lane_register_memory_calls"] == s["register_memory_calls"] == 1
    finally:
        if snd.poll() is None:
            snd.kill()
        snd.wait()
    assert snd.returncode == -signal.SIGKILL


@pytest.mark.timeout(180)
def test_write_sender_killed_while_its_write_is_in_flight() -> None:
    env = {**_dying_env("transfer"), **TCP}
    snd = _popen("send", "fastmedia", "write", json.dumps([BIG]), env=env)
    try:
        req = json.loads(_next(snd))["request"]

        async def go() -> dict:
            with NixlWriteEmbeddingReceiver(256 << 20, timeout_s=5.0) as rx:
                t0 = time.monotonic()
                with pytest.raises(TransferError, match="did not WRITE"):
                    await asyncio.wait_for(rx.receive_embeddings(req), 60)
                assert time.monotonic() - t0 < 5.0 + 5.0
                return rx.stats()

        s = asyncio.run(go())
        out = _rest(snd)
    finally:
        if snd.poll() is None:
            snd.kill()
        snd.wait()
    assert "DYING transfer PROC" in out, out  # the sender died with its WRITE in flight
    assert snd.returncode == -signal.SIGKILL
    assert s["tensors_held"] == 0 and s["timeouts"] == 1
    # the buffer the dead sender was writing is quarantined (a late WRITE must not reach a
    # later tensor), nothing else is held, and nothing was registered per receive
    assert s["pool_bytes_in_use"] == s["pool_bytes_quarantined"] > 0
    assert s["register_memory_calls"] == 1


@pytest.mark.timeout(180)
def test_write_receiver_killed_after_its_handshake() -> None:
    async def go() -> tuple[dict, str, int]:
        with NixlWriteEmbeddingSender(pool_bytes=256 << 20, transfer_timeout_s=5.0) as tx:
            req, done = await tx.send_embeddings(make_tensor(BIG))
            rcv = _popen("recv", "fastmedia", "write", env=_dying_env("offer"))
            try:
                line = json.dumps({"case": 0, "request": req.model_dump()}) + "\n"
                out = await asyncio.to_thread(rcv.communicate, line, 60)
                assert "DYING offer ok" in out[0], out  # handshake sent, then killed
                t0 = time.monotonic()
                with pytest.raises(TransferError):
                    await asyncio.wait_for(done, 60)
                assert time.monotonic() - t0 < 5.0 + 5.0
            finally:
                if rcv.poll() is None:
                    rcv.kill()
                rcv.wait()
            return await _drained(tx), out[0], rcv.returncode

    s, _out, rc = asyncio.run(go())
    assert rc == -signal.SIGKILL
    assert s["failed"] == 1 and s["written"] == 0 and s["sends_live"] == 0
    assert s["pool_bytes_in_use"] == 0 and s["register_memory_calls"] == 1


@pytest.mark.timeout(180)
def test_read_receiver_killed_while_its_read_is_in_flight() -> None:
    async def go() -> tuple[dict, str, int]:
        with NixlReadEmbeddingSender(
            pool_bytes=256 << 20, lease_ttl_s=3.0, reuse_grace_s=0.2
        ) as tx:
            req, done = await tx.send_embeddings(make_tensor(BIG))
            rcv = _popen("recv", "fastmedia", "read", env={**_dying_env("transfer"), **TCP})
            try:
                line = json.dumps({"case": 0, "request": req.model_dump()}) + "\n"
                out = await asyncio.to_thread(rcv.communicate, line, 60)
                assert "DYING transfer PROC" in out[0], out  # killed with its READ in flight
                with pytest.raises(TransferError, match="not read within"):
                    await asyncio.wait_for(done, 60)
            finally:
                if rcv.poll() is None:
                    rcv.kill()
                rcv.wait()
            s = await _drained(tx)  # the chunk is reused once reuse_grace_s has passed
            assert tx.stats()["leases_live"] == 0
            return s, out[0], rcv.returncode

    s, _out, rc = asyncio.run(go())
    assert rc == -signal.SIGKILL
    assert s["expired"] == 1 and s["read"] == 0
    assert s["pool_bytes_in_use"] == 0 and s["register_memory_calls"] == 1
