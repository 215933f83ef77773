"""The decoded-media descriptor (the value of ``{"Decoded": ...}``): parsing, validation, encoding.

Follows ``docs/interop.md`` exactly, for descriptors from fastmedia's frontend and from
Dynamo's frontend alike: ``dtype`` "UINT8" or "uint8", ``mem_type`` "Dram"/"Vram" in any case,
``metadata`` null, ``{"Image": ...}`` or ``{"Video": ...}``, HWC or THWC shapes, optional
``content_hash`` and (fastmedia only) ``lease_key`` and ``lease_check``.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from fastmedia import _core
from fastmedia.errors import DescriptorError

# Dynamo's reader maps these dtype strings (media_nixl._TORCH_DTYPES); pixels are uint8.
_DTYPES: dict[str, np.dtype] = {
    "uint8": np.dtype(np.uint8),
    "float32": np.dtype(np.float32),
    "int64": np.dtype(np.int64),
    "float64": np.dtype(np.float64),
}
_MEM_TYPES = {"dram": "DRAM", "vram": "VRAM"}


@dataclass(frozen=True)
class LeaseCheck:
    """fastmedia's ``lease_check``: an 8-byte u64 LE word at ``addr`` (same agent and registered
    memory as the pixels) equals ``id`` while the lease lives. After a lease ends without a
    reader's notification the frontend keeps the chunk unused for ``grace_s`` seconds."""

    addr: int
    id: int
    grace_s: float


@dataclass(frozen=True)
class MediaDescriptor:
    """A validated descriptor. ``nixl_metadata`` is kept as the wire string (the cache key)."""

    nixl_metadata: str
    addr: int
    size: int
    mem_type: str  # "DRAM" | "VRAM" (NIXL's segment names)
    device_id: int
    shape: tuple[int, ...]
    dtype: np.dtype
    metadata: Any
    content_hash: str | None
    lease_key: str | None
    lease_check: LeaseCheck | None = None

    @property
    def nbytes(self) -> int:
        return self.size

    def notification_key(self) -> str:
        """What the READ's notification carries: the lease key, else a random uuid4 (as Dynamo)."""
        return self.lease_key or str(uuid.uuid4())


def _int(value: Any, what: str, minimum: int = 0) -> int:
    # bool is an int subclass; a JSON true is not an address.
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise DescriptorError(f"descriptor {what} must be an integer, got {value!r}")
    v = int(value)
    if v < minimum:
        raise DescriptorError(f"descriptor {what} must be >= {minimum}, got {v}")
    return v


def parse_descriptor(desc: Mapping[str, Any] | MediaDescriptor) -> MediaDescriptor:
    """Validate a descriptor dict (or ``{"Decoded": {...}}``) and return a ``MediaDescriptor``.

    Raises ``DescriptorError`` (a ``DecodeError``/``ValueError``) for anything malformed,
    including ``nixl_descriptor.size != prod(shape) * itemsize``.
    """
    if isinstance(desc, MediaDescriptor):
        return desc
    if not isinstance(desc, Mapping):
        raise DescriptorError(f"descriptor must be a dict, got {type(desc).__name__}")
    if "Decoded" in desc and len(desc) == 1:
        desc = desc["Decoded"]
        if not isinstance(desc, Mapping):
            raise DescriptorError("{'Decoded': ...} must hold a dict")
    md = desc.get("nixl_metadata")
    if not isinstance(md, str) or not md:
        raise DescriptorError("descriptor nixl_metadata must be a non-empty string")
    nd = desc.get("nixl_descriptor")
    if not isinstance(nd, Mapping):
        raise DescriptorError("descriptor nixl_descriptor must be an object")
    addr = _int(nd.get("addr"), "nixl_descriptor.addr", minimum=1)
    if addr >= 1 << 64:
        raise DescriptorError("descriptor nixl_descriptor.addr does not fit in u64")
    size = _int(nd.get("size"), "nixl_descriptor.size")
    mem = nd.get("mem_type", "Dram")
    if not isinstance(mem, str) or mem.lower() not in _MEM_TYPES:
        raise DescriptorError(f"descriptor mem_type must be 'Dram' or 'Vram', got {mem!r}")
    device_id = _int(nd.get("device_id", 0), "nixl_descriptor.device_id")

    shape_raw = desc.get("shape")
    if not isinstance(shape_raw, (list, tuple)) or not shape_raw:
        raise DescriptorError(f"descriptor shape must be a non-empty list, got {shape_raw!r}")
    shape = tuple(_int(d, "shape dimension", minimum=1) for d in shape_raw)
    dtype_raw = desc.get("dtype", "uint8")
    if not isinstance(dtype_raw, str) or dtype_raw.lower() not in _DTYPES:
        raise DescriptorError(f"descriptor dtype {dtype_raw!r} is not supported")
    dtype = _DTYPES[dtype_raw.lower()]
    expected = math.prod(shape) * dtype.itemsize
    if size != expected:
        raise DescriptorError(
            f"descriptor size {size} != prod(shape {list(shape)}) * itemsize {dtype.itemsize}"
            f" = {expected}; refusing to read"
        )
    if addr + size > 1 << 64:
        raise DescriptorError("descriptor address range overflows u64")

    meta = desc.get("metadata")
    if meta is not None and not isinstance(meta, Mapping):
        raise DescriptorError("descriptor metadata must be an object or null")
    ch = desc.get("content_hash")
    # A malformed hash only disables caching (docs/interop.md): drop it, do not fail.
    if not (isinstance(ch, str) and len(ch) == 16 and all(c in "0123456789abcdef" for c in ch)):
        ch = None
    lk = desc.get("lease_key")
    if lk is not None and (not isinstance(lk, str) or not lk or ";" in lk):
        raise DescriptorError("descriptor lease_key must be a non-empty string without ';'")
    lc = _lease_check(desc.get("lease_check")) if "lease_check" in desc else None
    return MediaDescriptor(
        nixl_metadata=md,
        addr=addr,
        size=size,
        mem_type=_MEM_TYPES[mem.lower()],
        device_id=device_id,
        shape=shape,
        dtype=dtype,
        metadata=meta,
        content_hash=ch,
        lease_key=lk,
        lease_check=lc,
    )


def _lease_check(raw: Any) -> LeaseCheck:
    """Validate ``lease_check``. Present but malformed is an error, never "no check": a reader
    that silently skipped it would hand out pixels it cannot vouch for."""
    if not isinstance(raw, Mapping):
        raise DescriptorError(f"descriptor lease_check must be an object, got {raw!r}")
    addr = _int(raw.get("addr"), "lease_check.addr", minimum=1)
    if addr % 8 or addr + 8 > 1 << 64:
        raise DescriptorError(
            f"descriptor lease_check.addr {addr:#x} must be 8-aligned and fit in u64"
        )
    # 0 is what an ended lease's word holds: an id of 0 would vouch for an ended lease.
    lid = _int(raw.get("id"), "lease_check.id", minimum=1)
    if lid >= 1 << 64:
        raise DescriptorError("descriptor lease_check.id does not fit in u64")
    g = raw.get("grace_s", 5.0)
    if isinstance(g, bool) or not isinstance(g, (int, float, np.integer, np.floating)):
        raise DescriptorError(f"descriptor lease_check.grace_s must be a number, got {g!r}")
    try:
        grace = float(g)
    except OverflowError:  # an int past float's range (e.g. 10**400): not finite either
        grace = math.inf
    if not (math.isfinite(grace) and grace > 0):
        shown = f"{g!r}" if len(f"{g!r}") <= 40 else f"{type(g).__name__} out of range"
        raise DescriptorError(f"descriptor lease_check.grace_s must be finite and > 0, got {shown}")
    return LeaseCheck(addr=addr, id=lid, grace_s=grace)


def encode_metadata(agent_metadata: bytes) -> str:
    """``"b64:" + base64(zlib(agent_metadata, level 6))`` (docs/interop.md), by the core's
    codec, the one the Frontend's own metadata is written with."""
    return _core.encode_nixl_metadata(agent_metadata)


def decode_metadata(text: str) -> bytes:
    """Inverse of :func:`encode_metadata`; a string without the ``b64:`` prefix is legacy hex.

    Raises ``DescriptorError`` for bad base64/hex, a blob that does not decompress or is cut
    short, or one over 16 MiB decompressed.
    """
    if not isinstance(text, str):
        raise DescriptorError("nixl_metadata must be a string")
    try:
        return _core.decode_nixl_metadata(text)
    except ValueError as e:
        raise DescriptorError(str(e)) from None


def agent_name_from_metadata(agent_metadata: bytes) -> str | None:
    """The agent name inside NIXL's serialized metadata, or None if the layout is unknown.

    NIXL 1.x serializes as ``b"nixlSerDes|Agent" + u64 LE length + name + b"|..."``.
    Used to notice a restarted frontend (same name, new connection info) before NIXL refuses
    to load its metadata.
    """
    return _core.nixl_agent_name(agent_metadata)


def rdma_metadata(descriptor: Mapping[str, Any] | MediaDescriptor) -> dict:
    """The descriptor as Dynamo's ``nixl_connect.RdmaMetadata`` (no extra keys: it forbids them).

    ``notification_key`` is the fastmedia lease key, or a random uuid4 for Dynamo descriptors.
    """
    d = parse_descriptor(descriptor)
    device = "cpu" if d.mem_type == "DRAM" else f"cuda:{d.device_id}"
    return {
        "descriptors": [{"device": device, "ptr": d.addr, "size": d.size}],
        "nixl_metadata": d.nixl_metadata,
        "notification_key": d.notification_key(),
        "operation_kind": 1,
    }
