"""The checks a read passes after DONE and before anything is handed out: each lease word
read with the pixels still equals its lease id, within ``grace_s``; a Dynamo descriptor's
pixels match its ``content_hash``."""

from __future__ import annotations

import time
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


def verify_hashes(dests: list[Dest], arrays: list, verify_hash: bool | None, stats: Any) -> None:
    """Raise ``TransferError`` (and zero-fill ``read_into``'s memory) when uint8 pixels do not
    match their descriptor's ``content_hash``; ``verify_hash`` None checks only descriptors
    without ``lease_check``."""
    from fastmedia.media.decoder import content_hash

    for dest, a in zip(dests, arrays, strict=True):
        d = dest.desc
        if d.content_hash is None or d.dtype != np.uint8:
            continue
        if verify_hash is None and d.lease_check is not None:
            continue  # the lease word already vouches for these pixels
        if dest.mem != "DRAM":  # in VRAM: hashed on the host
            import torch

            flat = a.cpu().reshape(-1).view(torch.uint8).numpy()
        else:
            flat = np.asarray(a) if dest.out is None else as_numpy(dest.out)
        got = content_hash(flat.reshape(d.shape))
        if got != d.content_hash:
            for dt in dests:
                if dt.out is not None:
                    zero(dt.out)
            stats["hash_mismatches"] += 1
            raise TransferError(
                f"pixels read from remote agent {agent_of(d)!r} do not match content_hash "
                f"{d.content_hash} (got {got}): the lease ended and the memory was reused"
            )
