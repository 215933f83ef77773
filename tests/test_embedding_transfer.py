"""Embeddings over NIXL, Read mode: fastmedia's sender and receiver against Dynamo 1.6.1's,
in separate processes over real NIXL (UCX on loopback), bit-exact for every dtype Dynamo
sends; the TransferRequest checks; the faults (a lease that expires, a sender that dies).

Needs torch and the ai-dynamo wheel: ``.ci/test`` runs it in ``.venv-embed``.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from fastmedia.dynamo import NixlReadEmbeddingReceiver, NixlReadEmbeddingSender, TransferRequest
from fastmedia.embeddings import TransferRequestError
from fastmedia.errors import ConfigError, GpuUnavailable, TransferError
from tests.embed_peer import digest, make_tensor

PEER = str(Path(__file__).parent / "embed_peer.py")
ROOT = Path(__file__).resolve().parents[1]
DTYPES = ["float32", "float16", "bfloat16", "int8"]
SMALL_SHAPES = [[1], [7, 3], [256, 1024]]
BIG = {"shape": [4096, 8192], "dtype": "float32", "seed": 99}


def _cases(big: bool) -> list[dict]:
    cases = [
        {"shape": s, "dtype": d, "seed": 10 * i + j}
        for i, d in enumerate(DTYPES)
        for j, s in enumerate(SMALL_SHAPES)
    ]
    return [*cases, BIG] if big else cases


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "python"), env.get("PYTHONPATH", "")])
    return env


def _popen(*args: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, PEER, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env or _env(),
    )


def _next(p: subprocess.Popen, prefix: str = "{") -> str:
    """The peer's next line starting with ``prefix`` (NIXL logs to stdout as well)."""
    while True:
        line = p.stdout.readline()  # type: ignore[union-attr]
        if not line or line.startswith(prefix):
            return line


def _json(out: str) -> list[str]:
    return [x for x in out.splitlines() if x.startswith("{")]


def _run_pair(sender: str, receiver: str, cases: list[dict], mode: str = "read") -> None:
    snd = _popen("send", sender, mode, json.dumps(cases))
    try:
        lines = [_next(snd) for _ in cases]
        assert all(line.startswith("{") for line in lines), lines
        rcv = _popen("recv", receiver, mode)
        out, _ = rcv.communicate("".join(lines), timeout=300)
        assert rcv.returncode == 0
        got = {r["case"]: r for r in map(json.loads, _json(out))}
        for i, case in enumerate(cases):
            r = got[i]
            assert "error" not in r, r
            want = make_tensor(case)
            assert r["shape"] == list(want.shape) and r["dtype"] == case["dtype"]
            assert r["sha256"] == digest(want), f"case {case} not bit-exact"
        result = _next(snd, "RESULT").strip()
        assert result == "RESULT ok", result
        assert snd.wait(timeout=60) == 0
    finally:
        if snd.poll() is None:
            snd.kill()
            snd.wait()


@pytest.mark.timeout(600)
@pytest.mark.parametrize("mode", ["write", "local"])
@pytest.mark.parametrize(
    ("sender", "receiver"),
    [("fastmedia", "dynamo"), ("dynamo", "fastmedia"), ("fastmedia", "fastmedia")],
)
def test_write_and_local_modes_cross_process_bit_exact(
    sender: str, receiver: str, mode: str
) -> None:
    big = mode == "write" and sender != receiver
    _run_pair(sender, receiver, _cases(big), mode)


@pytest.mark.timeout(600)
@pytest.mark.parametrize(
    ("sender", "receiver", "big"),
    [
        ("fastmedia", "dynamo", True),
        ("dynamo", "fastmedia", True),
        ("fastmedia", "fastmedia", False),
    ],
)
def test_read_mode_cross_process_bit_exact(sender: str, receiver: str, big: bool) -> None:
    _run_pair(sender, receiver, _cases(big))


# ------------------------------------------------------------------ TransferRequest


def _request(**over) -> dict:
    rdma = {
        "descriptors": [{"device": "cpu", "ptr": 4096, "size": 24}],
        "nixl_metadata": "b64:" + "eJwrSS0uAQAEXQHB",  # zlib("test")
        "notification_key": "k",
        "operation_kind": 1,
    }
    rdma.update(over.pop("rdma", {}))
    req = {"embeddings_shape": [2, 3], "embedding_dtype_str": "float32", "serialized_request": rdma}
    req.update(over)
    return req


def test_request_round_trips_through_dynamos_models() -> None:
    from dynamo.common.multimodal.embedding_transfer import TransferRequest as DynReq
    from dynamo.nixl_connect import RdmaMetadata

    ours = TransferRequest([2, 3], "bfloat16", _request()["serialized_request"])
    theirs = DynReq.model_validate_json(ours.model_dump_json())
    RdmaMetadata.model_validate(theirs.serialized_request)  # extra="forbid": exact keys
    assert TransferRequest.model_validate(theirs) == ours
    assert TransferRequest.model_validate(theirs.model_dump()) == ours
    assert TransferRequest.model_validate(ours.model_dump_json()) == ours


def test_dynamo_dropin_senders_return_dynamos_request_class(tmp_path: Path) -> None:
    from typing import Optional

    from dynamo.common.multimodal.embedding_transfer import TransferRequest as DynReq
    from pydantic import BaseModel

    import fastmedia.dynamo as fd

    class Group(BaseModel):  # as vllm/multimodal_utils/protocol.py declares it
        serialized_request: Optional[DynReq] = None  # noqa: UP045

    async def go() -> None:
        senders = [
            fd.NixlReadEmbeddingSender(pool_bytes=1 << 20),
            fd.NixlWriteEmbeddingSender(pool_bytes=1 << 20),
            fd.LocalEmbeddingSender(directory=str(tmp_path)),
        ]
        for tx in senders:
            req, _done = await tx.send_embeddings(torch.ones(3, dtype=torch.bfloat16))
            assert type(req) is DynReq
            assert Group(serialized_request=req).serialized_request == req
            tx.close()

    asyncio.run(go())


@pytest.mark.parametrize(
    ("over", "what"),
    [
        ({"embeddings_shape": [2, 4]}, "size"),  # 32 bytes wanted, 24 offered
        ({"embeddings_shape": [-2, -3]}, "non-negative"),
        ({"embeddings_shape": [True, 3]}, "non-negative"),
        ({"embeddings_shape": "2,3"}, "list"),
        ({"embedding_dtype_str": "float64"}, "not one of"),
        ({"embedding_dtype_str": "torch.complex64"}, "not one of"),
        ({"rdma": {"nixl_metadata": "b64:!!garbage!!"}}, "does not decode"),
        ({"rdma": {"nixl_metadata": "b64:" + "A" * 40}}, "does not decode"),
        ({"rdma": {"operation_kind": 2}}, "READ"),
        ({"rdma": {"descriptors": []}}, "exactly one"),
        ({"rdma": {"descriptors": [{"device": "cpu", "ptr": 0, "size": 24}]}}, "ptr"),
        ({"rdma": {"descriptors": [{"device": "tpu", "ptr": 8, "size": 24}]}}, "cpu or cuda"),
        ({"rdma": {"notification_key": ""}}, "notification_key"),
        ({"serialized_request": "not rdma"}, "RdmaMetadata"),
    ],
)
def test_forged_requests_fail_before_any_transfer(over: dict, what: str) -> None:
    with NixlReadEmbeddingReceiver(timeout_s=5.0) as rx:
        with pytest.raises(TransferRequestError, match=what):
            asyncio.run(rx.receive_embeddings(_request(**over)))
        s = rx.stats()
        assert s.get("transfers", 0) == 0 and s["pool_bytes_total"] == 0


def test_oversize_request_is_refused_before_allocation() -> None:
    n = 1 << 20
    req = _request(
        embeddings_shape=[n], rdma={"descriptors": [{"device": "cpu", "ptr": 4096, "size": 4 * n}]}
    )
    with NixlReadEmbeddingReceiver(timeout_s=5.0, max_bytes=n) as rx:
        with pytest.raises(TransferRequestError, match="max_bytes"):
            asyncio.run(rx.receive_embeddings(req))
        assert rx.stats()["pool_bytes_total"] == 0


# ------------------------------------------------------------------ one process, both sides


def test_in_process_pair_registers_once_and_reuses_memory() -> None:
    async def go() -> None:
        with (
            NixlReadEmbeddingSender(pool_bytes=64 << 20) as tx,
            NixlReadEmbeddingReceiver(slab_bytes=32 << 20, pool_bytes=64 << 20) as rx,
        ):
            for i in range(20):
                t = make_tensor({"shape": [64, 1024], "dtype": DTYPES[i % 4], "seed": i})
                req, done = await tx.send_embeddings(t)
                t_orig = t.clone()
                t.zero_()  # the sender copied: the caller's tensor is free at once
                tid, got = await rx.receive_embeddings(req)
                assert got.dtype == t_orig.dtype and torch.equal(
                    got.view(torch.uint8), t_orig.view(torch.uint8)
                )
                await asyncio.wait_for(done, 10)
                rx.release_tensor(tid)
                del got
            st, sr = tx.stats(), rx.stats()
            assert st["register_memory_calls"] == 1 and st["read"] == 20
            assert st["pool_bytes_in_use"] == 0 and st["leases_live"] == 0
            # one slab, registered with the reader's home lane (its async calls' lane)
            assert sr["register_memory_calls"] == 1 and sr["pool_bytes_in_use"] == 0

    asyncio.run(go())


def test_unread_send_expires_raises_and_frees_its_memory() -> None:
    async def go() -> None:
        with NixlReadEmbeddingSender(pool_bytes=1 << 20, lease_ttl_s=0.3, reuse_grace_s=0.1) as tx:
            _req, done = await tx.send_embeddings(torch.ones(1000, dtype=torch.float16))
            assert tx.stats()["pool_bytes_in_use"] > 0
            with pytest.raises(TransferError, match="not read within"):
                await asyncio.wait_for(done, 10)
            # after the grace the chunk is free again
            for _ in range(100):
                if tx.stats()["pool_bytes_in_use"] == 0:
                    break
                await asyncio.sleep(0.05)
            s = tx.stats()
            assert s["pool_bytes_in_use"] == 0 and s["expired"] == 1 and s["read"] == 0

    asyncio.run(go())


def test_full_pool_waits_then_raises_pool_exhausted() -> None:
    from fastmedia.errors import PoolExhausted

    async def go() -> None:
        with NixlReadEmbeddingSender(pool_bytes=1 << 20, acquire_timeout_s=0.2) as tx:
            await tx.send_embeddings(torch.zeros(200_000, dtype=torch.float32))  # 800 kB held
            with pytest.raises(PoolExhausted):
                await tx.send_embeddings(torch.zeros(100_000, dtype=torch.float32))
            with pytest.raises(PoolExhausted):  # can never fit
                await tx.send_embeddings(torch.zeros(1 << 20, dtype=torch.float32))

    asyncio.run(go())


def test_close_fails_pending_sends() -> None:
    from fastmedia.errors import ClosedError

    async def go() -> None:
        tx = NixlReadEmbeddingSender(pool_bytes=1 << 20)
        _req, done = await tx.send_embeddings(torch.ones(10, dtype=torch.int8))
        tx.close()
        with pytest.raises(ClosedError):
            await asyncio.wait_for(done, 10)

    asyncio.run(go())


# ------------------------------------------------------------------ faults across processes


@pytest.mark.timeout(120)
def test_sender_killed_before_the_read_fails_the_receiver_fast() -> None:
    case = {"shape": [512, 1024], "dtype": "bfloat16", "seed": 1}
    snd = _popen("send", "fastmedia", "read", json.dumps([case]))
    try:
        line = json.loads(_next(snd))
    finally:
        snd.send_signal(signal.SIGKILL)
        snd.wait()
    with NixlReadEmbeddingReceiver(timeout_s=10.0) as rx:
        with pytest.raises(TransferError):
            asyncio.run(rx.receive_embeddings(line["request"]))
        assert rx.stats()["tensors_held"] == 0


@pytest.mark.timeout(120)
def test_send_that_nobody_reads_fails_after_its_ttl_in_another_process() -> None:
    env = _env()
    env["EMBED_PEER_TTL_S"] = "1"
    env["EMBED_PEER_WAIT_S"] = "30"
    snd = _popen(
        "send",
        "fastmedia",
        "read",
        json.dumps([{"shape": [4], "dtype": "int8", "seed": 3}]),
        env=env,
    )
    out, _ = snd.communicate(timeout=60)
    result = [x for x in out.splitlines() if x.startswith("RESULT")][-1]
    assert result.startswith("RESULT TransferError") and "not read within" in result, result


# ------------------------------------------------------------------ Write mode


def _write_request(**over) -> dict:
    import base64

    ntr = {"sender_agent_id": "s", "agent_metadata": None, "tensor_id": 0, "tensor_size": 24}
    ntr.update(over.pop("ntr", {}))
    if "agent_metadata" in over:
        ntr["agent_metadata"] = base64.b64encode(over.pop("agent_metadata")).decode()
    req = {
        "embeddings_shape": [2, 3],
        "embedding_dtype_str": "float32",
        "serialized_request": json.dumps(ntr),
    }
    req.update(over)
    return req


@pytest.mark.parametrize(
    ("over", "what"),
    [
        ({"ntr": {"tensor_size": 25}}, "tensor_size"),
        ({"ntr": {"tensor_id": -1}}, "non-negative"),
        ({"ntr": {"sender_agent_id": ""}}, "sender_agent_id"),
        ({"ntr": {"agent_metadata": "%%%"}}, "base64"),
        ({"serialized_request": "{not json"}, "not JSON"),
        ({"ntr": {}}, "no agent_metadata"),  # unknown sender without metadata
        ({"embedding_dtype_str": "uint8"}, "not one of"),
    ],
)
def test_forged_write_requests_fail_before_allocation(over: dict, what: str) -> None:
    from fastmedia.embeddings import NixlWriteEmbeddingReceiver

    async def go() -> None:
        with NixlWriteEmbeddingReceiver(1 << 20, timeout_s=5.0) as rx:
            with pytest.raises(TransferRequestError, match=what):
                await rx.receive_embeddings(_write_request(**over))
            s = rx.stats()
            assert s["pool_bytes_in_use"] == 0 and s["receives"] == 0

    asyncio.run(go())


def test_write_receive_that_never_gets_written_times_out_and_quarantines() -> None:
    from fastmedia.embeddings import NixlWriteEmbeddingReceiver, NixlWriteEmbeddingSender

    async def go() -> None:
        # A live sender (so the handshake has somewhere to go) asked for a send it never made:
        # it drops the handshake, and the WRITE never comes.
        tx = NixlWriteEmbeddingSender(pool_bytes=1 << 20)
        req, done = await tx.send_embeddings(torch.ones(6, dtype=torch.float32))
        asked = req.model_dump()
        ser = json.loads(asked["serialized_request"])
        ser["tensor_id"] += 1_000_000
        asked["serialized_request"] = json.dumps(ser)
        with NixlWriteEmbeddingReceiver(1 << 20, timeout_s=0.5) as rx:
            with pytest.raises(TransferError, match="did not WRITE"):
                await rx.receive_embeddings(asked)
            s = rx.stats()
            assert s["timeouts"] == 1 and s["pool_bytes_quarantined"] == 4096
            assert s["register_memory_calls"] == 1
        tx.close()
        with pytest.raises(ClosedError):
            await done

    from fastmedia.errors import ClosedError

    asyncio.run(go())


def test_write_receive_from_a_closed_sender_fails_at_once() -> None:
    """A closed sender's agent is gone: the receiver cannot load it, and says so without
    waiting for its timeout; its chunk goes back to the pool."""
    from fastmedia.embeddings import NixlWriteEmbeddingReceiver, NixlWriteEmbeddingSender
    from fastmedia.errors import ClosedError

    async def go() -> None:
        tx = NixlWriteEmbeddingSender(pool_bytes=1 << 20)
        req, done = await tx.send_embeddings(torch.ones(6, dtype=torch.float32))
        tx.close()
        with pytest.raises(ClosedError):
            await done
        with NixlWriteEmbeddingReceiver(1 << 20, timeout_s=60) as rx:
            with pytest.raises(TransferError, match="cannot connect to sender"):
                await asyncio.wait_for(rx.receive_embeddings(req.model_dump()), 30)
            s = rx.stats()
            assert s["timeouts"] == 0 and s["pool_bytes_in_use"] == 0

    asyncio.run(go())


def test_write_send_without_handshake_fails_after_its_timeout() -> None:
    from fastmedia.embeddings import NixlWriteEmbeddingSender

    async def go() -> None:
        with NixlWriteEmbeddingSender(pool_bytes=1 << 20, transfer_timeout_s=0.3) as tx:
            _req, done = await tx.send_embeddings(torch.ones(6, dtype=torch.bfloat16))
            with pytest.raises(TransferError, match="no receiver handshake"):
                await asyncio.wait_for(done, 10)
            s = tx.stats()
            assert s["failed"] == 1 and s["pool_bytes_in_use"] == 0

    asyncio.run(go())


def test_write_in_process_pair_reuses_memory() -> None:
    from fastmedia.embeddings import NixlWriteEmbeddingReceiver, NixlWriteEmbeddingSender

    async def go() -> None:
        with (
            NixlWriteEmbeddingSender(pool_bytes=16 << 20) as tx,
            NixlWriteEmbeddingReceiver(16 << 20, timeout_s=30) as rx,
        ):
            for i in range(12):
                t = make_tensor({"shape": [64, 1024], "dtype": DTYPES[i % 4], "seed": i})
                req, done = await tx.send_embeddings(t)
                tid, got = await rx.receive_embeddings(req)
                await asyncio.wait_for(done, 10)
                assert digest(got) == digest(t)
                rx.release_tensor(tid)
                del got
            st, sr = tx.stats(), rx.stats()
            assert st["register_memory_calls"] == 1 and sr["register_memory_calls"] == 1
            assert st["lane_register_memory_calls"] == 2  # the pool, once per lane (default 2)
            assert st["written"] == 12 and st["pool_bytes_in_use"] == 0
            assert sr["received"] == 12 and sr["pool_bytes_in_use"] == 0

    asyncio.run(go())


# ------------------------------------------------------------------ Local mode


def test_local_files_are_removed_on_ttl_even_if_never_released(tmp_path: Path) -> None:
    from fastmedia.embeddings import LocalEmbeddingReceiver, LocalEmbeddingSender

    async def go() -> None:
        tx = LocalEmbeddingSender(ttl_s=0.5, directory=str(tmp_path))
        rx = LocalEmbeddingReceiver(directory=str(tmp_path))
        t = make_tensor({"shape": [5, 7], "dtype": "bfloat16", "seed": 1})
        req, done = await tx.send_embeddings(t)
        await done
        path = req.serialized_request
        assert os.path.exists(path)
        _tid, got = await rx.receive_embeddings(req.model_dump())  # never released
        assert digest(got) == digest(t)
        for _ in range(100):
            if not os.path.exists(path):
                break
            await asyncio.sleep(0.05)
        assert not os.path.exists(path)
        with pytest.raises(TransferError):  # gone: a typed error, not FileNotFoundError
            await rx.receive_embeddings(req)
        tx.close()

    asyncio.run(go())


def test_local_receiver_refuses_foreign_paths_and_mismatches(tmp_path: Path) -> None:
    from fastmedia.embeddings import LocalEmbeddingReceiver, LocalEmbeddingSender

    async def go() -> None:
        victim = tmp_path / "keep.txt"
        victim.write_text("x")
        rx = LocalEmbeddingReceiver(directory=str(tmp_path))
        for path in (
            str(victim),
            "/etc/passwd",
            str(tmp_path / "sub" / "encoder_cache.a.safetensors"),
        ):
            req = {
                "embeddings_shape": [1],
                "embedding_dtype_str": "int8",
                "serialized_request": path,
            }
            with pytest.raises(TransferRequestError, match="refusing"):
                await rx.receive_embeddings(req)
        assert victim.exists()
        tx = LocalEmbeddingSender(directory=str(tmp_path))
        req, _ = await tx.send_embeddings(torch.ones(4, dtype=torch.int8))
        forged = {**req.model_dump(), "embeddings_shape": [2, 2], "embedding_dtype_str": "int8"}
        with pytest.raises(TransferRequestError, match="holds"):
            await rx.receive_embeddings(forged)
        tx.close()
        assert not os.path.exists(req.serialized_request)  # close removes pending files

    asyncio.run(go())


def test_write_to_memory_the_receiver_never_registered_fails_the_send() -> None:
    """A handshake naming memory outside the receiver's registrations (a forged or broken
    receiver): the WRITE cannot start, and the send raises instead of resolving (Dynamo's
    sender resolves its future on ERR as well)."""
    import msgpack

    from fastmedia.embeddings import NixlWriteEmbeddingSender
    from fastmedia.transfer import _nixl

    async def go() -> None:
        with NixlWriteEmbeddingSender(pool_bytes=1 << 20, transfer_timeout_s=10.0) as tx:
            req, done = await tx.send_embeddings(torch.ones(6, dtype=torch.float32))
            ntr = json.loads(req.serialized_request)
            fake = _nixl.Endpoint(None, 1000, "fake-receiver")
            import base64

            try:
                fake.connect(ntr["sender_agent_id"], base64.b64decode(ntr["agent_metadata"]))
                hs = [ntr["tensor_id"], [4096, 24, 0, "cpu"], 0, fake.metadata()]
                fake.notify(ntr["sender_agent_id"], msgpack.packb(hs, use_bin_type=True))
                with pytest.raises(TransferError, match="NIXL WRITE"):
                    await asyncio.wait_for(done, 20)
                s = tx.stats()
                assert s["failed"] == 1 and s["written"] == 0 and s["pool_bytes_in_use"] == 0
            finally:
                fake.close()

    asyncio.run(go())


@pytest.mark.timeout(120)
def test_write_sender_killed_before_the_write_fails_the_receiver_in_time() -> None:
    from fastmedia.embeddings import NixlWriteEmbeddingReceiver

    case = {"shape": [256, 1024], "dtype": "float16", "seed": 2}
    snd = _popen("send", "fastmedia", "write", json.dumps([case]))
    try:
        line = json.loads(_next(snd))
    finally:
        snd.send_signal(signal.SIGKILL)
        snd.wait()

    async def go() -> None:
        with NixlWriteEmbeddingReceiver(16 << 20, timeout_s=2.0) as rx:
            with pytest.raises(TransferError):
                await asyncio.wait_for(rx.receive_embeddings(line["request"]), 30)
            s = rx.stats()
            # nothing held but a buffer a late WRITE could still reach (quarantined for good)
            assert s["tensors_held"] == 0 and s["pool_bytes_in_use"] == s["pool_bytes_quarantined"]

    asyncio.run(go())


def test_write_batches_take_their_buffers_all_or_nothing() -> None:
    """Two concurrent batches of two 384 KiB items share a 1 MiB pool: each batch gets both
    its buffers or waits; a batch that can never fit is refused at once; a batch with a bad
    request takes nothing."""
    from fastmedia.embeddings import NixlWriteEmbeddingReceiver, NixlWriteEmbeddingSender
    from fastmedia.errors import PoolExhausted

    async def go() -> None:
        with (
            NixlWriteEmbeddingSender(pool_bytes=4 << 20) as tx,
            NixlWriteEmbeddingReceiver(1 << 20, timeout_s=30, acquire_timeout_s=20) as rx,
        ):
            ts = [
                make_tensor({"shape": [96, 1024], "dtype": "float32", "seed": i}) for i in range(4)
            ]
            reqs = [(await tx.send_embeddings(t))[0] for t in ts]

            async def take(idx: list[int]) -> None:
                got = await rx.receive_embeddings_batch([reqs[i] for i in idx])
                for i, (tid, t) in zip(idx, got, strict=True):
                    assert digest(t) == digest(ts[i])
                    rx.release_tensor(tid)
                del got, t

            await asyncio.wait_for(asyncio.gather(take([0, 1]), take([2, 3])), 60)
            assert rx.stats()["pool_bytes_in_use"] == 0
            with pytest.raises(PoolExhausted):  # three never fit: refused at once
                await rx.receive_embeddings_batch(reqs[:3])
            with pytest.raises(TransferRequestError):  # one bad request: nothing is taken
                await rx.receive_embeddings_batch(
                    [reqs[0], {**reqs[1].model_dump(), "embeddings_shape": [1]}]
                )
            assert rx.stats()["pool_bytes_in_use"] == 0

    asyncio.run(go())


def test_read_batch_is_checked_whole_before_any_transfer() -> None:
    async def go() -> None:
        with (
            NixlReadEmbeddingSender(pool_bytes=8 << 20) as tx,
            NixlReadEmbeddingReceiver(slab_bytes=8 << 20, pool_bytes=8 << 20) as rx,
        ):
            ts = [
                make_tensor({"shape": [7, 300], "dtype": d, "seed": i})
                for i, d in enumerate(DTYPES)
            ]
            reqs = [(await tx.send_embeddings(t))[0] for t in ts]
            bad = {**reqs[1].model_dump(), "embedding_dtype_str": "float64"}
            with pytest.raises(TransferRequestError):
                await rx.receive_embeddings_batch([reqs[0], bad])
            assert rx.stats().get("transfers", 0) == 0
            got = await rx.receive_embeddings_batch(reqs)
            assert [digest(t) for _, t in got] == [digest(t) for t in ts]

    asyncio.run(go())


def test_read_receiver_threads_split_reads_bit_exact_and_register_per_slab() -> None:
    """threads=2: concurrent READs split over the reader's helper lane, bit-exact; the lane
    registers each pool slab once (never per receive)."""

    async def go() -> None:
        with (
            NixlReadEmbeddingSender(pool_bytes=64 << 20) as tx,
            NixlReadEmbeddingReceiver(slab_bytes=32 << 20, pool_bytes=64 << 20, threads=2) as rx,
        ):
            for rnd in range(3):
                ts = [
                    make_tensor({"shape": [512, 1024 + 64 * i], "dtype": DTYPES[i % 4],
                                 "seed": 10 * rnd + i})
                    for i in range(6)
                ]  # fmt: skip
                sent = await asyncio.gather(*(tx.send_embeddings(t) for t in ts))
                got = await asyncio.gather(*(rx.receive_embeddings(r) for r, _ in sent))
                await asyncio.wait_for(asyncio.gather(*(d for _, d in sent)), 30)
                for t, (tid, g) in zip(ts, got, strict=True):
                    assert digest(g) == digest(t)
                    rx.release_tensor(tid)
                del got, g  # the last views: their chunks go back to the pool
            sr = rx.stats()
            slabs = len(rx._reader._engine.dests.pool.slabs)
            # each slab on the helper lane and the async calls' lane
            assert 1 <= slabs <= 2 and sr["lane_register_memory_calls"] == 2 * slabs
            assert sr["register_memory_calls"] == 2 * slabs and sr["pool_bytes_in_use"] == 0

    asyncio.run(go())


def test_read_receiver_threads_are_for_host_pools_only() -> None:
    with pytest.raises((ConfigError, GpuUnavailable)):
        NixlReadEmbeddingReceiver(device="cuda:0", threads=2)


def test_write_sender_needs_a_lane() -> None:
    from fastmedia.embeddings import NixlWriteEmbeddingSender

    with pytest.raises(ConfigError, match="lanes"):
        NixlWriteEmbeddingSender(lanes=0)


@pytest.mark.parametrize("lanes", [1, 3])
def test_write_concurrent_sends_over_lanes_are_bit_exact(lanes: int) -> None:
    """Concurrent WRITEs spread over the sender's lanes."""
    from fastmedia.embeddings import NixlWriteEmbeddingReceiver, NixlWriteEmbeddingSender

    async def go() -> None:
        with (
            NixlWriteEmbeddingSender(pool_bytes=32 << 20, lanes=lanes) as tx,
            NixlWriteEmbeddingReceiver(32 << 20, timeout_s=30) as rx,
        ):
            ts = [
                make_tensor({"shape": [256, 512 + 64 * i], "dtype": DTYPES[i % 4], "seed": i})
                for i in range(16)
            ]
            sent = await asyncio.gather(*(tx.send_embeddings(t) for t in ts))
            got = await rx.receive_embeddings_batch([req for req, _ in sent])
            await asyncio.wait_for(asyncio.gather(*(done for _, done in sent)), 30)
            for t, (tid, g) in zip(ts, got, strict=True):
                assert digest(g) == digest(t)
                rx.release_tensor(tid)
            del got
            st = tx.stats()
            assert st["written"] == 16 and st["failed"] == 0 and st["pool_bytes_in_use"] == 0
            assert st["register_memory_calls"] == 1 and st["lane_register_memory_calls"] == lanes

    asyncio.run(go())


def test_write_lane_err_fails_the_send_and_sends_no_done_signal() -> None:
    """A handshake offering memory the receiver never registered: the lane's WRITE fails, the
    send raises TransferError, and the receiver never gets the done signal (fail closed)."""
    import base64

    import msgpack
    import numpy as np

    from fastmedia.embeddings import NixlWriteEmbeddingSender
    from fastmedia.transfer import _nixl

    async def go() -> None:
        # with a progress thread, so that its notification goes out without polling
        forged = _nixl.Endpoint(None, 1000, "test-forged-receiver")
        buf = np.zeros(4096, dtype=np.uint8)  # never registered
        try:
            with NixlWriteEmbeddingSender(pool_bytes=1 << 20, transfer_timeout_s=10) as tx:
                req, done = await tx.send_embeddings(torch.ones(1024, dtype=torch.float32))
                nt = json.loads(req.serialized_request)
                forged.connect(nt["sender_agent_id"], base64.b64decode(nt["agent_metadata"]))
                hs = [nt["tensor_id"], [buf.ctypes.data, 4096, 0, "cpu"], 777]
                hs.append(forged.metadata())
                forged.notify(nt["sender_agent_id"], msgpack.packb(hs, use_bin_type=True))
                with pytest.raises(TransferError, match="in a lane"):
                    await asyncio.wait_for(done, 30)
                s = tx.stats()
                assert s["failed"] == 1 and s["written"] == 0 and s["pool_bytes_in_use"] == 0
                notifs = forged.take_notifs()
                assert b"777" not in [m for ms in notifs.values() for m in ms]
        finally:
            forged.close()

    asyncio.run(go())
