"""Descriptor parsing/validation and the nixl_metadata encoding (docs/interop.md). No NIXL
needed."""

from __future__ import annotations

import ast
import base64
import copy
import re
import uuid
import zlib
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from fastmedia.transfer import _nixl
from fastmedia.transfer.descriptor import (
    DescriptorError,
    agent_name_from_metadata,
    decode_metadata,
    encode_metadata,
    parse_descriptor,
)

MD = encode_metadata(b"nixlSerDes|Agent" + (7).to_bytes(8, "little") + b"fe-test|Conns...")


def dynamo_descriptor(**over):
    d = {
        "nixl_metadata": MD,
        "nixl_descriptor": {
            "addr": 139872331169792,
            "size": 1125 * 1999 * 3,
            "mem_type": "Dram",
            "device_id": 0,
        },
        "shape": [1125, 1999, 3],
        "dtype": "UINT8",
        "metadata": {"Image": {"format": "Png", "color_type": "Rgb8", "layout": "HWC"}},
        "content_hash": "7a9bbcb11a898630",
    }
    d.update(over)
    return d


@pytest.mark.parametrize("dtype", ["UINT8", "uint8", "Uint8"])
@pytest.mark.parametrize("mem", ["Dram", "DRAM", "dram"])
def test_accepts_dynamo_spellings(dtype, mem):
    d = dynamo_descriptor(dtype=dtype)
    d["nixl_descriptor"]["mem_type"] = mem
    p = parse_descriptor(d)
    assert p.dtype == np.uint8 and p.mem_type == "DRAM"
    assert p.shape == (1125, 1999, 3) and p.size == 1125 * 1999 * 3
    assert p.lease_key is None and p.content_hash == "7a9bbcb11a898630"


def test_accepts_null_image_video_metadata_and_decoded_wrapper():
    assert parse_descriptor(dynamo_descriptor(metadata=None)).metadata is None
    video = {
        "Video": {
            "source_fps": 30.0,
            "source_duration": 1.0,
            "sampled_timestamps": [0.0, 0.5],
            "source_total_frames": 30,
            "frames_indices": [0, 15],
        }
    }
    d = dynamo_descriptor(metadata=video, shape=[2, 4, 5, 3])
    d["nixl_descriptor"]["size"] = 2 * 4 * 5 * 3
    p = parse_descriptor({"Decoded": d})
    assert p.shape == (2, 4, 5, 3) and p.metadata == video
    assert parse_descriptor(dynamo_descriptor(lease_key="fm1:a:1")).lease_key == "fm1:a:1"


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d["nixl_descriptor"].__setitem__("size", d["nixl_descriptor"]["size"] + 1),
        lambda d: d["nixl_descriptor"].__setitem__("size", 0),
        lambda d: d.__setitem__("shape", [1125, 1999, 4]),
        lambda d: d.__setitem__("shape", [1125, 0, 3]),
        lambda d: d.__setitem__("shape", []),
        lambda d: d.__setitem__("dtype", "float16"),
        lambda d: d.__setitem__("dtype", "FLOAT32"),  # size must then be 4 bytes per element
        lambda d: d["nixl_descriptor"].__setitem__("mem_type", "Disk"),
        lambda d: d["nixl_descriptor"].__setitem__("addr", 0),
        lambda d: d["nixl_descriptor"].__setitem__("addr", True),
        lambda d: d["nixl_descriptor"].__setitem__("addr", "0x1000"),
        lambda d: d["nixl_descriptor"].pop("addr"),
        lambda d: d.pop("nixl_descriptor"),
        lambda d: d.__setitem__("nixl_metadata", ""),
        lambda d: d.__setitem__("metadata", "Image"),
        lambda d: d.__setitem__("lease_key", "fm1:a:1;fm1:a:2"),
    ],
)
def test_rejects_inconsistent_descriptors(mutate):
    d = copy.deepcopy(dynamo_descriptor())
    mutate(d)
    with pytest.raises(DescriptorError) as e:
        parse_descriptor(d)
    # typed: a DecodeError, hence a ValueError and a FastmediaError
    assert isinstance(e.value, fastmedia.DecodeError) and isinstance(e.value, ValueError)


GOOD_CHECK = {"addr": 139872331169792 + 1125 * 1999 * 3 + 5, "id": 42, "grace_s": 5.0}
GOOD_CHECK["addr"] += -GOOD_CHECK["addr"] % 8


def test_lease_check_parsed_and_absent_means_none():
    p = parse_descriptor(dynamo_descriptor(lease_key="fm1:a:42", lease_check=dict(GOOD_CHECK)))
    assert p.lease_check is not None
    assert (p.lease_check.addr, p.lease_check.id, p.lease_check.grace_s) == (
        GOOD_CHECK["addr"],
        42,
        5.0,
    )
    no_grace = {k: v for k, v in GOOD_CHECK.items() if k != "grace_s"}
    assert parse_descriptor(dynamo_descriptor(lease_check=no_grace)).lease_check.grace_s == 5.0
    assert (
        parse_descriptor(
            dynamo_descriptor(lease_check=dict(GOOD_CHECK, grace_s=1))
        ).lease_check.grace_s
        == 1.0
    )
    assert parse_descriptor(dynamo_descriptor()).lease_check is None  # Dynamo: no check
    # rdma_metadata stays exactly nixl_connect's shape (its pydantic model forbids extra keys)
    r = fastmedia.rdma_metadata(
        dynamo_descriptor(lease_key="fm1:a:42", lease_check=dict(GOOD_CHECK))
    )
    assert set(r) == {"descriptors", "nixl_metadata", "notification_key", "operation_kind"}


MALFORMED_LEASE_CHECKS = [
    None,
    [GOOD_CHECK["addr"], 42, 5.0],
    "addr=1",
    dict(GOOD_CHECK, addr=0),
    dict(GOOD_CHECK, addr=GOOD_CHECK["addr"] + 4),  # not 8-aligned
    dict(GOOD_CHECK, addr=GOOD_CHECK["addr"] + 1),
    dict(GOOD_CHECK, addr=-8),
    dict(GOOD_CHECK, addr=1 << 64),
    dict(GOOD_CHECK, addr=str(GOOD_CHECK["addr"])),
    dict(GOOD_CHECK, addr=float(GOOD_CHECK["addr"])),
    dict(GOOD_CHECK, addr=True),
    {k: v for k, v in GOOD_CHECK.items() if k != "addr"},
    dict(GOOD_CHECK, id=0),  # 0 is what an ended lease's word holds
    dict(GOOD_CHECK, id=-1),
    dict(GOOD_CHECK, id=1 << 64),
    dict(GOOD_CHECK, id=42.0),
    dict(GOOD_CHECK, id="42"),
    dict(GOOD_CHECK, id=True),
    {k: v for k, v in GOOD_CHECK.items() if k != "id"},
    dict(GOOD_CHECK, grace_s=0),
    dict(GOOD_CHECK, grace_s=-1.0),
    dict(GOOD_CHECK, grace_s=float("nan")),
    dict(GOOD_CHECK, grace_s=float("inf")),
    dict(GOOD_CHECK, grace_s=10**400),  # float() overflows: once an OverflowError escaped
    dict(GOOD_CHECK, grace_s="5"),
    dict(GOOD_CHECK, grace_s=None),
    dict(GOOD_CHECK, grace_s=True),
]


@pytest.mark.parametrize("bad", MALFORMED_LEASE_CHECKS, ids=range(len(MALFORMED_LEASE_CHECKS)))
def test_rejects_malformed_lease_check(bad):
    with pytest.raises(DescriptorError, match="lease_check"):
        parse_descriptor(dynamo_descriptor(lease_key="fm1:a:42", lease_check=bad))


def test_size_mismatch_message_names_the_numbers():
    d = dynamo_descriptor()
    d["nixl_descriptor"]["size"] = 10
    with pytest.raises(DescriptorError, match=r"size 10 != prod"):
        parse_descriptor(d)


@pytest.mark.parametrize("bad", ["7A9BBCB11A898630", "7a9b", "zzzzzzzzzzzzzzzz", 12345, None])
def test_malformed_content_hash_only_disables_caching(bad):
    assert parse_descriptor(dynamo_descriptor(content_hash=bad)).content_hash is None


def test_metadata_b64_zlib_roundtrip_and_legacy_hex():
    raw = b"nixlSerDes|Agent" + bytes(range(256)) * 4
    s = encode_metadata(raw)
    assert s.startswith("b64:")
    # docs/interop.md: base64 of a zlib stream, which Dynamo's reader inflates with zlib.
    assert zlib.decompress(base64.b64decode(s[4:], validate=True)) == raw
    assert decode_metadata(s) == raw
    assert decode_metadata(zlib.compress(raw).hex()) == raw  # legacy: no prefix means hex
    for bad in [
        "b64:!!!",
        "b64:" + base64.b64encode(b"not zlib").decode(),
        "xyz",
        "b64:" + base64.b64encode(zlib.compress(raw))[:-8].decode(),
    ]:
        with pytest.raises(DescriptorError):
            decode_metadata(bad)


def test_agent_name_from_metadata():
    assert agent_name_from_metadata(decode_metadata(MD)) == "fe-test"
    assert agent_name_from_metadata(b"something else") is None
    assert (
        agent_name_from_metadata(b"nixlSerDes|Agent" + (999).to_bytes(8, "little") + b"x") is None
    )


def test_rdma_metadata_shape_matches_nixl_connect():
    r = fastmedia.rdma_metadata(dynamo_descriptor())
    assert set(r) == {"descriptors", "nixl_metadata", "notification_key", "operation_kind"}
    assert r["descriptors"] == [{"device": "cpu", "ptr": 139872331169792, "size": 1125 * 1999 * 3}]
    assert r["nixl_metadata"] == MD and r["operation_kind"] == 1
    uuid.UUID(r["notification_key"])  # Dynamo descriptor: a random uuid4
    assert fastmedia.rdma_metadata(dynamo_descriptor())["notification_key"] != r["notification_key"]
    assert (
        fastmedia.rdma_metadata(dynamo_descriptor(lease_key="fm1:fe:9"))["notification_key"]
        == "fm1:fe:9"
    )
    v = dynamo_descriptor()
    v["nixl_descriptor"].update(mem_type="Vram", device_id=3)
    assert fastmedia.rdma_metadata(v)["descriptors"][0]["device"] == "cuda:3"


def test_nixl_helpers():
    assert isinstance(_nixl.nixl_available(), bool)
    if not _nixl.nixl_available():
        with pytest.raises(fastmedia.NixlUnavailable, match=re.escape(_nixl.install_hint())):
            _nixl.require_nixl()
        with pytest.raises(fastmedia.NixlUnavailable):
            fastmedia.Reader()
    else:
        _nixl.require_nixl()
        lib = _nixl.find_capi_library()
        assert lib is not None and lib.endswith(".so") and "libnixl_capi" in lib


def test_nixl_pin_is_one_constant():
    """pyproject's extras and the docs' install commands (README.md, docs/*.md) cannot read
    Python: they must match ``_nixl.NIXL_VERSION``."""
    repo = Path(__file__).resolve().parents[1]
    docs = [repo / "README.md", *sorted((repo / "docs").glob("*.md"))]
    text = "\n".join(p.read_text() for p in docs)
    pins = re.findall(r"\bnixl(?:-cu\d+)?==([0-9][0-9.]*)", text)
    assert pins and set(pins) == {_nixl.NIXL_VERSION}, pins
    text = (repo / "pyproject.toml").read_text()
    extra = re.search(r"^nixl = (\[.*\])$", text, re.MULTILINE)  # tomllib is 3.11+
    assert extra is not None
    assert ast.literal_eval(extra.group(1)) == list(_nixl.NIXL_REQUIREMENTS)
    cu13 = re.search(r"^nixl-cu13 = (\[.*\])$", text, re.MULTILINE)
    assert cu13 is not None
    v = _nixl.NIXL_VERSION
    assert ast.literal_eval(cu13.group(1)) == [f"nixl=={v}", f"nixl-cu13=={v}"]
    assert f"pip install --no-deps nixl=={v} {_nixl.backend_package()}=={v}" == _nixl.INSTALL_HINT


def test_reader_without_nixl_raises_nixl_unavailable_in_a_clean_process():
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['nixl'] = None; sys.modules['nixl._api'] = None\n"
        "import fastmedia\n"
        "from fastmedia.transfer import _nixl\n"
        "assert not _nixl.nixl_available()\n"
        "try:\n"
        "    fastmedia.Reader()\n"
        "except fastmedia.NixlUnavailable as e:\n"
        "    assert _nixl.install_hint() in str(e), e\n"
        "    print('OK')\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.stdout.strip().endswith("OK"), r.stdout + r.stderr
