"""Property tests of the embedding transfers' parsers of untrusted input (no NIXL, no torch):
TransferRequest and its Read-mode RdmaMetadata, Write mode's NixlTransferRequest JSON and
msgpack handshake (the Rust core's parser, checked against msgpack's reading). Whatever
arrives, the parsers return a consistent result or raise TransferRequestError; a request that
passes always has size == prod(shape) * itemsize."""

from __future__ import annotations

import base64
import json
import math
import zlib

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastmedia._core import parse_write_offer
from fastmedia.embeddings import TransferRequest, TransferRequestError
from fastmedia.embeddings._nixl_write import nixl_transfer_request
from fastmedia.embeddings._request import DTYPE_ITEMSIZE, parse_request, read_descriptor

MD = "b64:" + base64.b64encode(zlib.compress(b"nixl agent metadata")).decode()
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
ints = st.one_of(st.integers(-5, 70), st.integers(-(1 << 70), 1 << 70), st.booleans())
mp_ints = st.one_of(st.integers(-5, 70), st.integers(-(1 << 63), (1 << 64) - 1), st.booleans())
dtypes = st.sampled_from([*DTYPE_ITEMSIZE, "torch.float32", "float64", "uint8", "", "INT8"])


@st.composite
def read_requests(draw) -> dict:
    shape = draw(st.lists(ints, max_size=4) | json_values)
    rdma = {
        "descriptors": draw(
            st.lists(
                st.fixed_dictionaries(
                    {
                        "device": st.sampled_from(["cpu", "cuda", "cuda:1", "cuda:x", "tpu"]),
                        "ptr": ints,
                        "size": ints,
                    }
                ),
                max_size=2,
            )
            | json_values
        ),
        "nixl_metadata": draw(st.sampled_from([MD, "b64:!!", "", "abcd", "b64:" + "A" * 12])),
        "notification_key": draw(st.sampled_from(["k", "", "a;b", 5])),
        "operation_kind": draw(st.sampled_from([1, 2, True, "1"])),
    }
    if draw(st.booleans()):
        rdma[draw(st.text(max_size=4))] = draw(json_values)
    return {
        "embeddings_shape": shape,
        "embedding_dtype_str": draw(dtypes | json_values),
        "serialized_request": rdma if draw(st.integers(0, 9)) else draw(json_values),
    }


@settings(max_examples=400, deadline=None)
@given(read_requests(), st.integers(1, 1 << 40))
def test_read_requests_parse_consistently_or_raise_typed(raw: dict, max_bytes: int) -> None:
    try:
        req = parse_request(json.dumps(raw) if isinstance(raw, dict) else raw)
        d = read_descriptor(req, max_bytes)
    except TransferRequestError:
        return
    itemsize = DTYPE_ITEMSIZE[req.embedding_dtype_str]
    assert d.size == math.prod(req.embeddings_shape) * itemsize <= max_bytes
    assert d.size >= 1 and d.addr >= 1 and d.addr + d.size <= 1 << 64
    assert d.lease_key and ";" not in d.lease_key
    assert TransferRequest.model_validate(req.model_dump_json()) == req


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(
        {
            "sender_agent_id": st.text(max_size=5) | json_values,
            "agent_metadata": st.none()
            | st.just(base64.b64encode(b"md").decode())
            | st.text(max_size=6),
            "tensor_id": ints,
            "tensor_size": ints,
        }
    )
    | json_values,
    st.integers(0, 64),
    st.booleans(),
)
def test_nixl_transfer_requests_parse_or_raise_typed(raw, nbytes: int, as_json: bool) -> None:
    try:
        sender, md, tid = nixl_transfer_request(json.dumps(raw) if as_json else raw, nbytes)
    except TransferRequestError:
        return
    assert isinstance(sender, str) and sender and tid >= 0
    assert md is None or isinstance(md, bytes)
    assert raw["tensor_size"] == nbytes


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.binary(max_size=64),
        st.builds(
            lambda *a: msgpack.packb(list(a), use_bin_type=True),
            mp_ints,
            st.lists(mp_ints | st.sampled_from(["cpu", "cuda", "x"]), max_size=5),
            mp_ints,
            st.binary(max_size=8) | st.text(max_size=3),
        ),
    )
)
def test_handshakes_parse_as_msgpack_reads_them_or_are_ignored(msg: bytes) -> None:
    """The core's parser takes exactly what msgpack reads as the handshake's shape."""
    assert parse_write_offer(msg) == msgpack_handshake(msg)


def msgpack_handshake(msg: bytes) -> tuple | None:
    """The handshake as msgpack reads it: ``[tensor_id, [addr, size, device_id, mem],
    done_id, metadata]`` with unsigned 64-bit numbers, "cpu" or "cuda", bytes; else None."""
    try:
        tid, target, done_id, md = msgpack.unpackb(msg, raw=False)
        addr, size, dev, mem = target
    except Exception:  # not msgpack, or not that shape
        return None
    nums = (tid, addr, size, dev, done_id)
    if not all(type(v) is int and 0 <= v < 1 << 64 for v in nums) or not isinstance(md, bytes):
        return None
    return (*nums[:4], mem, done_id, md) if mem in ("cpu", "cuda") else None


def test_a_dynamo_handshake_parses() -> None:
    # what Dynamo's NixlWriteEmbeddingReceiver sends (msgspec.msgpack.encode of a tuple)
    msg = msgpack.packb((7, (140000000000, 4096, 0, "cpu"), 3, b"meta"), use_bin_type=True)
    assert parse_write_offer(msg) == (7, 140000000000, 4096, 0, "cpu", 3, b"meta")


def test_json_nested_past_the_stack_is_a_typed_error() -> None:
    """Found by fuzz/python/fuzz_embeddings.py: ``json.loads`` raised RecursionError."""
    deep = "[" * 200_000 + "]" * 200_000
    for raw in (deep, deep.encode(), '{"embeddings_shape": ' + deep + "}"):
        with pytest.raises(TransferRequestError, match="not JSON"):
            parse_request(raw)
        with pytest.raises(TransferRequestError, match="not JSON"):
            nixl_transfer_request(raw, 24)
    assert parse_write_offer(b"\x91" * 200_000) is None
