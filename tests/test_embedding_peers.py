"""Write mode against hostile or numerous peers (real NIXL, one process): tensor ids are random
63-bit integers (a peer that guesses ids gets nothing: its handshakes are counted as bad and
the send still goes to its real receiver), and the peers an endpoint keeps loaded in its agent
are bounded (``max_peers``, least recently used first; an evicted peer comes back by its
metadata).

Needs torch: ``.ci/test`` runs it in ``.venv-embed``.
"""

from __future__ import annotations

import asyncio
import base64
import json

import msgpack
import pytest
import torch

from fastmedia.embeddings import NixlWriteEmbeddingReceiver, NixlWriteEmbeddingSender
from fastmedia.transfer import _nixl
from tests.embed_peer import digest, make_tensor


def test_write_tensor_ids_are_random_63_bit() -> None:
    async def go() -> None:
        with (
            NixlWriteEmbeddingSender(pool_bytes=1 << 20) as tx,
            NixlWriteEmbeddingReceiver(1 << 20, timeout_s=30) as rx,
        ):
            tids, rids = [], []
            for i in range(40):
                t = torch.full((8,), i, dtype=torch.int8)
                req, done = await tx.send_embeddings(t)
                tids.append(json.loads(req.serialized_request)["tensor_id"])
                rid, got = await rx.receive_embeddings(req)
                await asyncio.wait_for(done, 10)
                assert torch.equal(got, t)
                rids.append(rid)
                rx.release_tensor(rid)
            for ids in (tids, rids):
                assert len(set(ids)) == len(ids) and all(0 <= x < 1 << 63 for x in ids)
                # not a counter: 40 draws of 63 bits are all far above 40 and unordered
                assert min(ids) > 1 << 32 and ids != sorted(ids)

    asyncio.run(go())


def test_guessed_tensor_ids_get_nothing() -> None:
    """A peer that knows the sender's name and metadata (say, an earlier receiver) sends
    handshakes for ids 0..63 offering its own memory: none names a live send, so the sender
    WRITEs nothing to it and the real receiver still gets the embeddings."""

    async def go() -> None:
        with (
            NixlWriteEmbeddingSender(pool_bytes=1 << 20, transfer_timeout_s=30) as tx,
            NixlWriteEmbeddingReceiver(1 << 20, timeout_s=30) as rx,
        ):
            t = make_tensor({"shape": [16, 16], "dtype": "float32", "seed": 5})
            req, done = await tx.send_embeddings(t)
            ntr = json.loads(req.serialized_request)
            thief = _nixl.Endpoint(None, 1000, "thief")
            buf = torch.zeros(1024, dtype=torch.uint8)
            thief.register(buf.data_ptr(), 1024)
            thief.connect(ntr["sender_agent_id"], base64.b64decode(ntr["agent_metadata"]))
            md = thief.metadata()
            for guess in range(64):
                hs = [guess, [buf.data_ptr(), 1024, 0, "cpu"], guess, md]
                thief.notify(ntr["sender_agent_id"], msgpack.packb(hs, use_bin_type=True))
            for _ in range(500):  # the drain thread counts each guess
                if tx.stats()["bad_handshakes"] >= 64:
                    break
                await asyncio.sleep(0.01)
            assert tx.stats()["bad_handshakes"] == 64 and tx.stats()["sends_live"] == 1
            _rid, got = await rx.receive_embeddings(req)
            await asyncio.wait_for(done, 10)
            assert digest(got) == digest(t)
            assert not buf.any()  # nothing was written to the thief
            assert tx.stats()["peers_known"] == 1  # only the real receiver was loaded

    asyncio.run(go())


@pytest.mark.timeout(120)
def test_known_peers_are_bounded_both_ways() -> None:
    async def go() -> None:
        senders = [NixlWriteEmbeddingSender(pool_bytes=1 << 20, max_peers=2) for _ in range(4)]
        receivers = [
            NixlWriteEmbeddingReceiver(1 << 20, timeout_s=30, max_peers=2) for _ in range(3)
        ]
        try:

            async def one(tx: NixlWriteEmbeddingSender, rx: NixlWriteEmbeddingReceiver) -> None:
                t = make_tensor({"shape": [32], "dtype": "bfloat16", "seed": id(tx) % 1000})
                req, done = await tx.send_embeddings(t)
                # Both ends at once, so that a failure shows what each side saw.
                got, sent = await asyncio.gather(
                    rx.receive_embeddings(req), asyncio.wait_for(done, 40), return_exceptions=True
                )
                if isinstance(got, BaseException) or isinstance(sent, BaseException):
                    pair = (senders.index(tx), receivers.index(rx))
                    raise AssertionError(
                        f"sender {pair[0]} -> receiver {pair[1]}: receive {got!r}, send "
                        f"{sent!r}; sender {tx.stats()}; receiver {rx.stats()}"
                    )
                rid, tensor = got
                assert digest(tensor) == digest(t)
                rx.release_tensor(rid)

            for tx in senders:  # receiver 0 hears from 4 senders, keeps 2
                await one(tx, receivers[0])
            s = receivers[0].stats()
            assert s["peers_known"] == 2 and s["peers_evicted"] == 2
            for rx in receivers:  # sender 0 writes to 3 receivers, keeps 2
                await one(senders[0], rx)
            s = senders[0].stats()
            assert s["peers_known"] == 2 and s["peers_evicted"] == 1
            # evicted peers come back from their metadata, both ways
            await one(senders[0], receivers[0])
            await one(senders[1], receivers[0])
            assert receivers[0].stats()["peers_known"] == 2
            assert all(x.stats()["register_memory_calls"] == 1 for x in senders + receivers)
        finally:
            for x in senders + receivers:
                x.close()

    asyncio.run(go())
