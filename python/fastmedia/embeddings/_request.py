"""``TransferRequest``: what an encode worker hands a prefill worker, in Dynamo 1.6.1's layout
(``embeddings_shape``, ``embedding_dtype_str``, ``serialized_request``), and its checks.

Everything a receiver acts on is validated here, before any memory is taken or any transfer
starts: the dtype is one Dynamo sends, the shape is non-negative integers, and the bytes the
shape and dtype need equal the bytes the sender's descriptor offers. Dynamo's receivers map
an unknown dtype string to float32 and never compare sizes; fastmedia's refuse both.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fastmedia.transfer.descriptor import DescriptorError, MediaDescriptor, decode_metadata

# Dynamo's dtype strings (``torch_dtype_to_string``: ``str(dtype)`` without ``torch.``) and
# their item sizes: the dtypes an encoder's embeddings come in.
DTYPE_ITEMSIZE: dict[str, int] = {"float32": 4, "float16": 2, "bfloat16": 2, "int8": 1}
MAX_DIMS = 8
_RDMA_KEYS = {"descriptors", "nixl_metadata", "notification_key", "operation_kind"}
_SERIALIZED_DESCRIPTOR_KEYS = {"device", "ptr", "size"}
READ_KIND = 1  # nixl_connect.OperationKind.READ


class TransferRequestError(DescriptorError):
    """A ``TransferRequest`` is malformed or inconsistent (unknown dtype, negative shape,
    size mismatch, bad metadata). Raised before any memory is taken or transfer started; a
    ``DescriptorError``, so a ``ValueError``."""


@dataclass(frozen=True)
class TransferRequest:
    """Dynamo 1.6.1's ``TransferRequest`` (a pydantic model there), with its three fields.

    ``model_dump()`` / ``model_dump_json()`` give what Dynamo's ``TransferRequest`` validates;
    ``TransferRequest.model_validate(x)`` accepts Dynamo's object, a dict or this class.
    ``serialized_request`` is ``nixl_connect.RdmaMetadata.model_dump()`` in Read mode.
    """

    embeddings_shape: list[int]
    embedding_dtype_str: str
    serialized_request: Any

    def model_dump(self) -> dict:
        """The fields as a dict (what ``pydantic``'s ``model_dump`` gives)."""
        return {
            "embeddings_shape": list(self.embeddings_shape),
            "embedding_dtype_str": self.embedding_dtype_str,
            "serialized_request": self.serialized_request,
        }

    def model_dump_json(self) -> str:
        """The fields as JSON (Dynamo's ``TransferRequest.model_validate_json`` reads it)."""
        import json

        return json.dumps(self.model_dump(), separators=(",", ":"))

    @classmethod
    def model_validate(cls, obj: Any) -> TransferRequest:
        """Accept Dynamo's pydantic ``TransferRequest``, a dict, JSON text or this class; check
        the dtype and shape (not the payload: the receiver does that). Raises
        ``TransferRequestError``."""
        return parse_request(obj)

    @property
    def nbytes(self) -> int:
        """``prod(embeddings_shape) * itemsize``."""
        return math.prod(self.embeddings_shape) * DTYPE_ITEMSIZE[self.embedding_dtype_str]


def dtype_name(dtype: Any) -> str:
    """Dynamo's string for a torch dtype (``torch.bfloat16`` -> ``"bfloat16"``); raises
    ``TransferRequestError`` for a dtype outside float32/float16/bfloat16/int8."""
    name = str(dtype).removeprefix("torch.")
    if name not in DTYPE_ITEMSIZE:
        raise TransferRequestError(
            f"embedding dtype {name!r} is not one of {sorted(DTYPE_ITEMSIZE)}"
        )
    return name


def parse_request(obj: Any) -> TransferRequest:
    """Validate ``obj`` (Dynamo's object, a dict, JSON text/bytes, or a ``TransferRequest``)."""
    if isinstance(obj, (str, bytes, bytearray)):
        import json

        try:
            obj = json.loads(obj)
        except (ValueError, RecursionError) as e:  # RecursionError: nested past the stack
            raise TransferRequestError(f"TransferRequest is not JSON: {e}") from e
    if isinstance(obj, Mapping):
        get = obj.get
    elif all(hasattr(obj, k) for k in ("embeddings_shape", "embedding_dtype_str")):

        def get(k: str, default: Any = None) -> Any:
            return getattr(obj, k, default)

    else:
        raise TransferRequestError(
            f"TransferRequest must be a dict or Dynamo's TransferRequest, got {type(obj).__name__}"
        )
    shape_raw = get("embeddings_shape")
    if not isinstance(shape_raw, (list, tuple)) or len(shape_raw) > MAX_DIMS:
        raise TransferRequestError(
            f"embeddings_shape must be a list of at most {MAX_DIMS} integers, got {shape_raw!r}"
        )
    shape = []
    for d in shape_raw:
        if isinstance(d, bool) or not isinstance(d, int) or d < 0:
            raise TransferRequestError(
                f"embeddings_shape must hold non-negative integers, got {list(shape_raw)!r}"
            )
        shape.append(int(d))
    dt = get("embedding_dtype_str")
    if not isinstance(dt, str):
        raise TransferRequestError(f"embedding_dtype_str must be a string, got {dt!r}")
    return TransferRequest(shape, dtype_name(dt), get("serialized_request"))


def read_descriptor(req: TransferRequest, max_bytes: int) -> MediaDescriptor:
    """The Read-mode request as a descriptor fastmedia's reader READs: ``serialized_request`` must
    be ``RdmaMetadata.model_dump()`` (READ, one descriptor) whose size equals the shape's
    bytes, at most ``max_bytes``. Raises ``TransferRequestError``."""
    rdma = req.serialized_request
    if not isinstance(rdma, Mapping) or set(rdma) != _RDMA_KEYS:
        raise TransferRequestError(
            "serialized_request must be nixl_connect RdmaMetadata (keys "
            f"{sorted(_RDMA_KEYS)}), got {_shown(rdma)}"
        )
    if rdma["operation_kind"] != READ_KIND or isinstance(rdma["operation_kind"], bool):
        raise TransferRequestError(
            f"serialized_request.operation_kind must be {READ_KIND} (READ), "
            f"got {rdma['operation_kind']!r}"
        )
    descs = rdma["descriptors"]
    if not isinstance(descs, list) or len(descs) != 1:
        raise TransferRequestError("serialized_request must hold exactly one descriptor")
    d0 = descs[0]
    if not isinstance(d0, Mapping) or not set(d0) <= _SERIALIZED_DESCRIPTOR_KEYS:
        raise TransferRequestError(f"bad serialized descriptor {_shown(d0)}")
    ptr, size, device = d0.get("ptr", 0), d0.get("size", 0), d0.get("device", "cpu")
    for what, v in (("ptr", ptr), ("size", size)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1 or v >= 1 << 64:
            raise TransferRequestError(f"serialized descriptor {what} must be in [1, 2**64)")
    if ptr + size > 1 << 64:
        raise TransferRequestError("serialized descriptor address range overflows u64")
    mem_type, device_id = _device(device)
    need = req.nbytes
    if size != need:
        raise TransferRequestError(
            f"descriptor size {size} != prod(embeddings_shape {req.embeddings_shape}) * "
            f"itemsize of {req.embedding_dtype_str} = {need}; refusing to read"
        )
    if size > max_bytes:
        raise TransferRequestError(f"embeddings of {size} bytes exceed max_bytes={max_bytes}")
    key = rdma["notification_key"]
    if not isinstance(key, str) or not key or ";" in key or len(key) > 256:
        raise TransferRequestError("notification_key must be a non-empty string without ';'")
    md = rdma["nixl_metadata"]
    if not isinstance(md, str) or not md:
        raise TransferRequestError("nixl_metadata must be a non-empty string")
    try:
        decode_metadata(md)
    except DescriptorError as e:
        raise TransferRequestError(str(e)) from e
    import numpy as np

    return MediaDescriptor(
        nixl_metadata=md,
        addr=ptr,
        size=size,
        mem_type=mem_type,
        device_id=device_id,
        shape=(size,),
        dtype=np.dtype(np.uint8),
        metadata=None,
        content_hash=None,
        lease_key=key,
    )


def _device(device: Any) -> tuple[str, int]:
    """nixl_connect's device string (``cpu``, ``cuda``, ``cuda:N``) -> (NIXL segment, id)."""
    if device == "cpu":
        return "DRAM", 0
    if isinstance(device, str) and device.startswith("cuda"):
        rest = device[4:]
        if rest == "":
            return "VRAM", 0
        if rest.startswith(":") and rest[1:].isdigit() and len(rest) <= 6:
            return "VRAM", int(rest[1:])
    raise TransferRequestError(
        f"serialized descriptor device must be cpu or cuda:N, got {device!r}"
    )


def _shown(v: Any) -> str:
    s = repr(v)
    return s if len(s) <= 120 else s[:117] + "..."
