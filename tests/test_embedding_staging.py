"""``send_embeddings(t, stage_embeddings=True)``: the caller's tensor is registered once and
transferred in place (no copy into the pool); the registration is cached by the tensor's
memory, so sending it again makes no new ``register_memory`` call, and it is dropped when the
tensor is freed or past the cache's bound. Read and Write mode, real NIXL (one process).

Needs torch: ``.ci/test`` runs it in ``.venv-embed``.
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

import pytest
import torch

from fastmedia.embeddings import (
    NixlReadEmbeddingReceiver,
    NixlReadEmbeddingSender,
    NixlWriteEmbeddingReceiver,
    NixlWriteEmbeddingSender,
)
from tests.embed_peer import digest, make_tensor


def _pair(mode: str) -> tuple[Any, Any]:
    if mode == "read":
        return (
            NixlReadEmbeddingSender(pool_bytes=8 << 20),
            NixlReadEmbeddingReceiver(slab_bytes=8 << 20, pool_bytes=8 << 20, timeout_s=30),
        )
    return NixlWriteEmbeddingSender(pool_bytes=8 << 20), NixlWriteEmbeddingReceiver(
        8 << 20, timeout_s=30
    )


async def _send_recv(tx: Any, rx: Any, t: torch.Tensor, stage: bool = True) -> None:
    req, done = await tx.send_embeddings(t, stage_embeddings=stage)
    tid, got = await rx.receive_embeddings(req)
    await asyncio.wait_for(done, 30)
    assert got.dtype == t.dtype and list(got.shape) == list(t.shape)
    assert digest(got) == digest(t)
    rx.release_tensor(tid)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("mode", ["read", "write"])
def test_second_send_of_a_staged_tensor_registers_nothing(mode: str) -> None:
    async def go() -> None:
        tx, rx = _pair(mode)
        with tx, rx:
            base = tx.stats()["register_memory_calls"]  # the pool: 1
            t = make_tensor({"shape": [256, 1024], "dtype": "bfloat16", "seed": 1})
            await _send_recv(tx, rx, t)
            s = tx.stats()
            assert s["register_memory_calls"] == base + 1 and s["staged_registrations"] == 1
            assert s["pool_bytes_in_use"] == 0  # nothing was copied into the pool
            t2 = t.view(torch.float16)  # another view of the same bytes: the same registration
            for x in (t, t, t2):
                await _send_recv(tx, rx, x)
            s = tx.stats()
            assert s["register_memory_calls"] == base + 1, s  # no new register_memory
            assert s["staged_hits"] == 3 and s["staged_sends"] == 4
            # a second tensor (new memory: one more registration; the receiver reconnects
            # with the sender's new metadata in Read mode), then both again: no more
            u = make_tensor({"shape": [64, 512], "dtype": "float32", "seed": 2})
            await _send_recv(tx, rx, u)
            await _send_recv(tx, rx, t)
            await _send_recv(tx, rx, u)
            s = tx.stats()
            assert s["register_memory_calls"] == base + 2 and s["staged_registrations"] == 2
            # freeing the tensors drops their registrations
            del t, t2, u, x
            gc.collect()
            s = tx.stats()
            assert s["staged_registrations"] == 0, s
            assert tx._stage.deregistrations == 2
            assert s["sends"] == 7 and s["pool_bytes_in_use"] == 0

    asyncio.run(go())


@pytest.mark.parametrize("mode", ["read", "write"])
def test_staged_registrations_are_bounded_and_others_are_copied(mode: str) -> None:
    async def go() -> None:
        tx, rx = _pair(mode)
        with tx, rx:
            tx._stage.max_entries = 2
            base = tx.stats()["register_memory_calls"]
            ts = [
                make_tensor({"shape": [100, 10], "dtype": "float16", "seed": i}) for i in range(3)
            ]
            for t in ts:
                await _send_recv(tx, rx, t)
            s = tx.stats()
            assert s["staged_registrations"] == 2 and tx._stage.deregistrations == 1
            assert s["register_memory_calls"] == base + 3
            # not stageable (strided, or unstaged): copied into the pool, nothing registered
            await _send_recv(tx, rx, ts[0].t())
            await _send_recv(tx, rx, ts[1], stage=False)
            s = tx.stats()
            assert s["register_memory_calls"] == base + 3 and s["staged_sends"] == 3

    asyncio.run(go())


def test_write_mode_stages_host_tensors_on_its_lanes_in_turn() -> None:
    """A staged CPU tensor is registered with one lane (the next, tensor by tensor) and
    WRITten by that lane, not registered with the sender's own agent. A tensor whose lane kept
    its handle (NIXL would not release it) stays alive and registered until close."""
    from fastmedia.embeddings._nixl_write import _Send

    async def go() -> None:
        tx, rx = _pair("write")
        with tx, rx:
            regs: list[tuple[int, tuple[int, int]]] = []
            for i, lane in enumerate(tx._lanes):
                real = lane.register
                lane.register = lambda a, n, *seg, i=i, real=real: (
                    regs.append((i, (a, n))) or real(a, n, *seg)
                )
            on_agent: list = []
            real_reg = tx._agent.register
            tx._agent.register = lambda *a: on_agent.append(a) or real_reg(*a)
            t = make_tensor({"shape": [256, 1024], "dtype": "bfloat16", "seed": 1})
            u = make_tensor({"shape": [64, 512], "dtype": "float32", "seed": 2})
            for x in (t, u, t, u):
                await _send_recv(tx, rx, x)
            assert on_agent == []  # the agent, which has no transfer to post, registers none
            key_t, key_u = (t.data_ptr(), 256 * 1024 * 2), (u.data_ptr(), 64 * 512 * 4)
            assert regs == [(0, key_t), (1, key_u)]
            assert tx._stage._entries[key_t].lane is tx._lanes[0]
            assert tx._stage._entries[key_u].lane is tx._lanes[1]
            # a lane that kept its handle: the tensor is held past its free, until close
            staged = tx._stage.acquire(t)
            send = _Send(None, staged.nbytes, asyncio.get_running_loop())
            send.staged, send.tensor, send.ticket = staged, t, _KeptTicket()
            tx._sends[7] = send
            tx._finish(7, None)
            assert tx._held == [send] and staged.in_use == 1
            freed = weakref.ref(t)
            del t, x
            gc.collect()
            assert freed() is not None and tx._stage.deregistrations == 0
        assert tx._stage.deregistrations == 2 and send.tensor is None
        gc.collect()
        assert freed() is None

    asyncio.run(go())


class _KeptTicket:
    def state(self) -> str:
        return "ERR"

    def kept(self) -> bool:
        return True


def test_staged_send_that_nobody_reads_releases_the_tensor() -> None:
    from fastmedia.errors import TransferError

    async def go() -> None:
        with NixlReadEmbeddingSender(pool_bytes=1 << 20, lease_ttl_s=0.3) as tx:
            t = torch.ones(1000, dtype=torch.float16)
            _req, done = await tx.send_embeddings(t, stage_embeddings=True)
            assert tx._stage._entries[(t.data_ptr(), 2000)].in_use == 1
            with pytest.raises(TransferError, match="not read within"):
                await asyncio.wait_for(done, 10)
            assert tx._stage._entries[(t.data_ptr(), 2000)].in_use == 0
            del t
            gc.collect()
            assert tx.stats()["staged_registrations"] == 0

    asyncio.run(go())


@pytest.mark.timeout(300)
@pytest.mark.parametrize("mode", ["read", "write"])
def test_staged_fastmedia_sender_to_dynamo_receiver_cross_process(mode: str) -> None:
    """Staged sends (each tensor registered on its own, so in Read mode each request carries
    new agent metadata) reach Dynamo 1.6.1's receiver bit-exact, in another process."""
    import json

    from tests.test_embedding_transfer import _env, _json, _next, _popen

    cases = [
        {"shape": s, "dtype": d, "seed": i}
        for i, (s, d) in enumerate(
            [([7, 3], "float32"), ([256, 1024], "bfloat16"), ([1], "int8"), ([64, 64], "float16")]
        )
    ]
    env = {**_env(), "EMBED_PEER_STAGE": "1"}
    snd = _popen("send", "fastmedia", mode, json.dumps(cases), env=env)
    try:
        lines = [_next(snd) for _ in cases]
        rcv = _popen("recv", "dynamo", mode)
        out, _ = rcv.communicate("".join(lines), timeout=240)
        got = {r["case"]: r for r in map(json.loads, _json(out))}
        for i, case in enumerate(cases):
            assert "error" not in got[i], got[i]
            assert got[i]["sha256"] == digest(make_tensor(case))
        assert _next(snd, "RESULT").strip() == "RESULT ok"
    finally:
        if snd.poll() is None:
            snd.kill()
        snd.wait()


@pytest.mark.parametrize("mode", ["read", "write"])
def test_staged_send_on_a_closed_sender_is_a_closed_error(mode: str) -> None:
    from fastmedia.errors import ClosedError

    async def go() -> None:
        tx, rx = _pair(mode)
        rx.close()
        tx.close()
        with pytest.raises(ClosedError):
            await tx.send_embeddings(torch.ones(8), stage_embeddings=True)
        assert len(tx._stage) == 0 and tx._stage.registrations == 0

    asyncio.run(go())
