"""The checks a read passes after DONE and before anything is handed out: each lease word
read with the pixels still equals its lease id, within ``grace_s``; a Dynamo descriptor's
pixels match its ``content_hash``."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from fastmedia._internal.outputs import as_numpy, zero
from fastmedia.errors import TransferError
from fastmedia.transfer._xfer import Dest, Op, agent_of, peer_name


def lease_failure(op: Op, stats: Any) -> TransferError | None:
    """The first lease the read cannot vouch for, as the error to raise, or None: its word no
    longer equals its lease id, or the transfer took longer than the lease's ``grace_s``."""
    for x in op.xfers:
        if x.words is None:
            continue
        elapsed = (x.t_done if x.t_done is not None else time.monotonic()) - x.t_post
        words = x.words.tolist()
        for dt, word in zip(x.checked, words, strict=True):
            lc = dt.desc.lease_check
            assert lc is not None
            what = None
            if word != lc.id:
                what = (
                    f"had ended before the read (lease word {word}, expected {lc.id}); "
                    "the pixels may have been reused by another image"
                )
            elif elapsed > lc.grace_s:
                what = (
                    f"cannot be vouched for: the READ took {elapsed:.3f} s, longer than the "
                    f"lease's grace_s={lc.grace_s:g} s, so the lease word and the pixels may "
                    "not be from the same moment"
                )
            if what is not None:
                stats["lease_check_failures"] += 1
                return TransferError(
                    f"read from remote agent {peer_name(x)!r} refused: lease "
                    f"{dt.desc.lease_key or lc.id} {what}; nothing was handed out"
                )
    return None


HASH_OFF_LOOP_BYTES = 1 << 20
"""From this many bytes to hash, an async read hashes on a bridge thread (the GIL released),
not on its event loop. Measured 2026-12-06, 2 cores: xxh3 took 0.75 ms for a 1080p pair and
13.5 ms for a 32-frame 1080p video; the hop to the bridge and back 0.1 ms."""


def _to_hash(dests: list[Dest], verify_hash: bool | None) -> list[int]:
    """The items whose uint8 pixels are checked against their ``content_hash``;
    ``verify_hash`` None: only descriptors without ``lease_check`` (a lease word already
    vouches for the others)."""
    if verify_hash is False:
        return []
    return [
        i
        for i, dest in enumerate(dests)
        if dest.desc.content_hash is not None
        and dest.desc.dtype == np.uint8
        and (verify_hash or dest.desc.lease_check is None)
    ]


def _host_pixels(dest: Dest, a: Any) -> np.ndarray:
    """The item's pixels as a host array of its shape (a VRAM item is copied to the host)."""
    if dest.mem != "DRAM":
        import torch

        flat = a.cpu().reshape(-1).view(torch.uint8).numpy()
    else:
        flat = np.asarray(a) if dest.out is None else as_numpy(dest.out)
    return flat.reshape(dest.desc.shape)


async def hashes_off_loop(
    bridge: Any, dests: list[Dest], views: Callable[[], list], verify_hash: bool | None
) -> dict[int, str] | None:
    """The host items' content hashes, computed on ``bridge`` (``AsyncBridge``), when they
    are ``HASH_OFF_LOOP_BYTES`` or more; else None (``verify_hashes`` hashes them). The
    arrays it hashes keep their memory alive, even if the read is cancelled meanwhile."""
    from fastmedia.media.decoder import content_hash

    todo = [i for i in _to_hash(dests, verify_hash) if dests[i].mem == "DRAM"]
    if sum(dests[i].desc.size for i in todo) < HASH_OFF_LOOP_BYTES:
        return None
    arrays = views()
    pixels = {i: _host_pixels(dests[i], arrays[i]) for i in todo}
    return await bridge.run(lambda: {i: content_hash(p) for i, p in pixels.items()})


def verify_hashes(
    dests: list[Dest],
    arrays: list,
    verify_hash: bool | None,
    stats: Any,
    hashes: dict[int, str] | None = None,
) -> None:
    """Raise ``TransferError`` (and zero-fill ``read_into``'s memory) when uint8 pixels do not
    match their descriptor's ``content_hash`` (``_to_hash``); ``hashes``: those computed
    already (``hashes_off_loop``)."""
    from fastmedia.media.decoder import content_hash

    for i in _to_hash(dests, verify_hash):
        d = dests[i].desc
        got = (hashes or {}).get(i)
        if got is None:
            got = content_hash(_host_pixels(dests[i], arrays[i]))
        if got != d.content_hash:
            for dt in dests:
                if dt.out is not None:
                    zero(dt.out)
            stats["hash_mismatches"] += 1
            raise TransferError(
                f"pixels read from remote agent {agent_of(d)!r} do not match content_hash "
                f"{d.content_hash} (got {got}): the lease ended and the memory was reused"
            )
