"""Bounded fuzzing of the embeddings wire-format parsers (``.ci/fuzz`` target ``embeddings_py``):
``TransferRequest`` (``parse_request``), the Read-mode ``RdmaMetadata`` check
(``read_descriptor``), Write mode's ``NixlTransferRequest`` (``nixl_transfer_request``) and the
receiver's msgpack handshake (the Rust core's ``parse_write_offer``), fed by hypothesis: raw
text and bytes, arbitrary JSON / msgpack values, and valid requests with one field (or one
nested field) replaced by anything. Any exception other than ``TransferRequestError`` (the
handshake: any exception at all) is a finding, and so is an accepted input that breaks the
invariants (sizes equal to the shape's bytes, within ``max_bytes``, addresses within u64).

The request parsers are Python (one copy of the logic, the one the endpoints run), so this uses
hypothesis (already a test dependency; structure-aware generation reaches deep into nested
JSON and msgpack, where byte mutation mostly makes invalid JSON) rather than cargo-fuzz.

    .venv/bin/python fuzz/python/fuzz_embeddings.py --seconds 30 --seed 1
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
from typing import Any

import msgpack
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from fastmedia._core import parse_write_offer
from fastmedia.embeddings._nixl_write import nixl_transfer_request
from fastmedia.embeddings._request import (
    DTYPE_ITEMSIZE,
    TransferRequestError,
    parse_request,
    read_descriptor,
)

MAX_BYTES = 1 << 30
U64 = 1 << 64

ints = st.one_of(
    st.integers(-3, 70000),
    st.sampled_from([0, 1, 24, 4096, (1 << 31) - 1, 1 << 32, (1 << 63) - 1, 1 << 63, U64 - 1, U64]),
    st.integers(),
)
scalars = st.one_of(
    st.none(), st.booleans(), ints, st.floats(), st.text(max_size=40), st.binary(max_size=40)
)
json_scalars = st.one_of(
    st.none(), st.booleans(), ints, st.floats(allow_nan=False), st.text(max_size=40)
)
json_values = st.recursive(
    json_scalars,
    lambda kids: st.one_of(
        st.lists(kids, max_size=6), st.dictionaries(st.text(max_size=20), kids, max_size=6)
    ),
    max_leaves=30,
)
any_values = st.recursive(
    scalars,
    lambda kids: st.one_of(st.lists(kids, max_size=6), st.dictionaries(scalars, kids, max_size=6)),
    max_leaves=30,
)


def _rdma(size: int = 24) -> dict:
    return {
        "descriptors": [{"device": "cpu", "ptr": 4096, "size": size}],
        "nixl_metadata": "b64:" + "eJwrSS0uAQAEXQHB",  # zlib("test")
        "notification_key": "k",
        "operation_kind": 1,
    }


def _ntr(size: int = 24) -> dict:
    md = base64.b64encode(b"metadata").decode()
    return {"sender_agent_id": "s", "agent_metadata": md, "tensor_id": 7, "tensor_size": size}


def _request(serialized: Any) -> dict:
    return {
        "embeddings_shape": [2, 3],
        "embedding_dtype_str": "float32",
        "serialized_request": serialized,
    }


# Paths into a valid request where a value can be replaced.
READ_PATHS = [
    ("embeddings_shape",),
    ("embedding_dtype_str",),
    ("serialized_request",),
    ("serialized_request", "descriptors"),
    ("serialized_request", "descriptors", 0),
    ("serialized_request", "descriptors", 0, "ptr"),
    ("serialized_request", "descriptors", 0, "size"),
    ("serialized_request", "descriptors", 0, "device"),
    ("serialized_request", "nixl_metadata"),
    ("serialized_request", "notification_key"),
    ("serialized_request", "operation_kind"),
]
NTR_KEYS = ["sender_agent_id", "agent_metadata", "tensor_id", "tensor_size"]


def _replace(obj: Any, path: tuple, value: Any) -> Any:
    for k in path[:-1]:
        obj = obj[k]
    obj[path[-1]] = value


def _check_read(raw: Any) -> None:
    try:
        req = parse_request(raw)
        d = read_descriptor(req, MAX_BYTES)
    except TransferRequestError:
        return
    # accepted: the invariants the receiver relies on before it allocates and READs
    assert req.embedding_dtype_str in DTYPE_ITEMSIZE
    assert all(isinstance(x, int) and x >= 0 for x in req.embeddings_shape)
    assert d.size == req.nbytes and 0 < d.size <= MAX_BYTES
    assert d.addr > 0 and d.addr + d.size <= U64
    assert d.mem_type in ("DRAM", "VRAM")


def _check_write(raw: Any, nbytes: int) -> None:
    try:
        sender, md, tid = nixl_transfer_request(raw, nbytes)
    except TransferRequestError:
        return
    assert isinstance(sender, str) and 0 < len(sender) <= 256
    assert md is None or isinstance(md, bytes)
    assert isinstance(tid, int) and 0 <= tid < 1 << 63


def _check_handshake(msg: Any) -> None:
    if not isinstance(msg, (bytes, bytearray)):
        return  # NIXL notifications are bytes
    hs = parse_write_offer(msg)  # never raises
    if hs is not None:
        tid, addr, size, dev, mem, done_id, md = hs
        assert all(isinstance(v, int) and 0 <= v < U64 for v in (tid, addr, size, dev, done_id))
        assert mem in ("cpu", "cuda") and isinstance(md, bytes)


@st.composite
def read_inputs(draw: Any) -> Any:
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return draw(st.one_of(st.text(max_size=400), st.binary(max_size=400)))
    if kind == 1:
        return draw(json_values)
    req = _request(_rdma(draw(st.sampled_from([24, 0, 1, 23, 25]))))
    path = draw(st.sampled_from(READ_PATHS))
    _replace(req, path, draw(any_values if kind == 2 else json_values))
    if kind == 4:  # as JSON text, the way it may arrive
        try:
            return json.dumps(req)
        except (TypeError, ValueError):
            return req
    return req


@st.composite
def write_inputs(draw: Any) -> tuple[Any, int]:
    nbytes = draw(st.sampled_from([24, 0, 1 << 40]))
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.one_of(st.text(max_size=400), st.binary(max_size=400))), nbytes
    if kind == 1:
        return draw(json_values), nbytes
    ntr = _ntr(24)
    ntr[draw(st.sampled_from(NTR_KEYS))] = draw(any_values if kind == 2 else json_values)
    if kind == 3:
        try:
            return json.dumps(ntr), nbytes
        except (TypeError, ValueError):
            return ntr, nbytes
    return ntr, nbytes


@st.composite
def handshakes(draw: Any) -> Any:
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return draw(st.one_of(st.binary(max_size=400), any_values))
    hs: list = [7, [4096, 24, 0, "cpu"], 9, b"md"]
    i = draw(st.integers(0, 7))
    value = draw(any_values)
    if i < 4:
        hs[i] = value
    else:
        hs[1][i - 4] = value
    try:
        return msgpack.packb(hs, use_bin_type=True)
    except (TypeError, ValueError, OverflowError):
        return bytes(draw(st.binary(max_size=64)))


def _nested(depth: int) -> list[Any]:
    """Inputs no generator reaches: nesting far past the interpreter's recursion limit."""
    deep = "[" * depth + "]" * depth
    return [deep, '{"embeddings_shape": ' + deep + "}", deep.encode()]


def run(seconds: float, seed_value: int) -> int:
    for raw in _nested(200_000):
        _check_read(raw)
        _check_write(raw, 24)
        _check_handshake(raw)
    _check_handshake(b"\x91" * 200_000)  # msgpack nesting

    examples = 0
    deadline = time.monotonic() + seconds
    round_ = 0
    while time.monotonic() < deadline:
        cfg = settings(
            max_examples=300,
            deadline=None,
            database=None,
            derandomize=False,
            suppress_health_check=list(HealthCheck),
        )

        @cfg
        @given(read_inputs(), write_inputs(), handshakes())
        def one(r: Any, w: tuple[Any, int], h: Any) -> None:
            nonlocal examples
            examples += 1
            _check_read(r)
            _check_write(*w)
            _check_handshake(h)

        if seed_value:
            seed(seed_value * 100_003 + round_)(one)
        one()
        round_ += 1
    print(f"embeddings_py: {examples} inputs in {seconds:g} s, no finding")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--seed", type=int, default=1, help="0: a random seed each round")
    a = ap.parse_args()
    return run(a.seconds, a.seed)


if __name__ == "__main__":
    sys.exit(main())
