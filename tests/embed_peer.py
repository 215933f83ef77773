"""One side of an embedding transfer, in a process of its own (tests/test_embedding_transfer.py).

``embed_peer.py send {dynamo|fastmedia} {read|write|local} CASES_JSON``: makes each case's
tensor (``make_tensor``), sends it, prints one JSON line per case (``{"case": i, "request":
TransferRequest dump}``), then awaits every send and prints ``RESULT ok`` or
``RESULT <error type>: <message>``. Dynamo's senders get ``stage_embeddings=True``, so that
their awaitables wait for the transfer (unstaged, Dynamo's Write sender resolves at once).

``embed_peer.py recv {dynamo|fastmedia} {read|write|local}``: for each request line on stdin,
receives it and prints ``{"case": i, "sha256": ..., "shape": [...], "dtype": "..."}`` (or
``"error"``).

``EMBED_PEER_STAGE=1``: fastmedia's senders stage too (``stage_embeddings=True``).

``EMBED_PEER_DIE=<method>`` (fastmedia's endpoints only): the process SIGKILLs itself at an
exact point of the protocol, without sleeps, printing ``DYING <method> <result>`` first:
``transfer``, right after one of its lanes posted a READ or WRITE (the lane's hook,
``NixlLane.on_post``; result "PROC" while in flight); ``offer``, right after its NIXL
agent (``_nixl.Endpoint``) sent the Write receiver's handshake.

Dynamo's classes come from the ai-dynamo 1.6.1 wheel (``.venv-embed``), fastmedia's from
``fastmedia.dynamo`` under the same names.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import signal
import sys
from typing import Any

import torch


def make_tensor(case: dict) -> torch.Tensor:
    """The case's tensor: seeded, so both processes and the test make the same bytes."""
    g = torch.Generator().manual_seed(int(case["seed"]))
    shape, dtype = case["shape"], getattr(torch, case["dtype"])
    if dtype == torch.int8:
        return torch.randint(-128, 128, shape, generator=g, dtype=torch.int8)
    return (torch.randn(shape, generator=g, dtype=torch.float32) * 100).to(dtype)


def digest(t: torch.Tensor) -> str:
    return hashlib.sha256(t.contiguous().view(torch.uint8).numpy().tobytes()).hexdigest()


def _classes(impl: str):
    if impl == "dynamo":
        from dynamo.common.multimodal import embedding_transfer as m
    else:
        import fastmedia.dynamo as m
    return m


def _emit(obj: dict | str) -> None:
    sys.stdout.write((obj if isinstance(obj, str) else json.dumps(obj)) + "\n")
    sys.stdout.flush()


def _die_after(endpoint: Any) -> None:
    """``EMBED_PEER_DIE``: the process dies right after the endpoint posts a transfer (on its
    lanes: ``transfer``) or its agent's ``<method>`` returns."""
    method = os.environ.get("EMBED_PEER_DIE")
    if not method:
        return

    def die(result: str) -> None:
        _emit(f"DYING {method} {result}")
        os.kill(os.getpid(), signal.SIGKILL)

    if method == "transfer":  # the lanes post every READ (a Read receiver's) and WRITE
        reader = getattr(endpoint, "_reader", None)
        for lanes in [reader._engine.lanes] if reader is not None else endpoint._lanes:
            lanes.on_post(die)
        return
    real = getattr(endpoint._agent, method)

    def dying(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)
        die(result if isinstance(result, str) else "ok")
        return result

    setattr(endpoint._agent, method, dying)


MODES = {
    "read": ("NixlReadEmbeddingSender", "NixlReadEmbeddingReceiver"),
    "write": ("NixlWriteEmbeddingSender", "NixlWriteEmbeddingReceiver"),
    "local": ("LocalEmbeddingSender", "LocalEmbeddingReceiver"),
}


async def send(impl: str, mode: str, cases: list[dict]) -> None:
    m = _classes(impl)
    kwargs: dict = {}
    ttl = float(os.environ.get("EMBED_PEER_TTL_S", "60"))
    if impl == "fastmedia" and mode == "read":
        kwargs = {"lease_ttl_s": ttl}
    elif impl == "fastmedia" and mode == "write":
        kwargs = {"transfer_timeout_s": ttl}
    elif impl == "fastmedia":
        kwargs = {"ttl_s": ttl}
    sender = getattr(m, MODES[mode][0])(**kwargs)
    _die_after(sender)
    waits, keep = [], []
    for i, case in enumerate(cases):
        t = make_tensor(case)
        keep.append(t)  # staged tensors must outlive their transfer
        stage = impl == "dynamo" or os.environ.get("EMBED_PEER_STAGE") == "1"
        req, done = await sender.send_embeddings(t, stage_embeddings=stage)
        waits.append(done)
        _emit({"case": i, "request": req.model_dump()})
    timeout = float(os.environ.get("EMBED_PEER_WAIT_S", "120"))
    try:
        await asyncio.wait_for(asyncio.gather(*waits), timeout)
        _emit("RESULT ok")
    except Exception as e:
        _emit(f"RESULT {type(e).__name__}: {e}")


async def recv(impl: str, mode: str) -> None:
    m = _classes(impl)
    cls = getattr(m, MODES[mode][1])
    if mode == "read" and impl == "dynamo":
        receiver = cls(max_items=0)  # as Dynamo's handlers build it
    elif mode == "read":
        receiver = cls(timeout_s=30.0)
    elif mode == "write":
        receiver = cls(buffer_size=512 << 20)  # Dynamo's default is an 8 GiB ring
    else:
        receiver = cls()
    _die_after(receiver)
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        try:
            req = m.TransferRequest(**msg["request"]) if impl == "dynamo" else msg["request"]
            tid, t = await receiver.receive_embeddings(req)
            out = {"sha256": digest(t), "shape": list(t.shape), "dtype": str(t.dtype)[6:]}
            receiver.release_tensor(tid)
        except Exception as e:
            out = {"error": f"{type(e).__name__}: {e}"}
        _emit({"case": msg["case"], **out})
    if hasattr(receiver, "close"):
        receiver.close()  # fastmedia's: flushes the notifications still queued to senders


def main() -> None:
    role, impl, mode = sys.argv[1], sys.argv[2], sys.argv[3]
    if role == "send":
        asyncio.run(send(impl, mode, json.loads(sys.argv[4])))
    else:
        asyncio.run(recv(impl, mode))
    sys.stdout.flush()
    os._exit(0)  # skip interpreter teardown of NIXL/UCX objects: the test only needs the output


if __name__ == "__main__":
    main()
