"""A Dynamo-style backend reader in its own process (INTEROP.md §4, as dynamo.nixl_connect
and media_nixl.py do it): from each descriptor it takes only nixl_metadata, nixl_descriptor,
shape and dtype, builds the strict RdmaMetadata, reads into a fresh array with a random
notification key, and keeps ``array[..., :3]``; other descriptor keys are ignored.
Writes the arrays to an .npz file (argv[1]); descriptors are JSON on stdin."""

import base64
import json
import sys
import uuid
import zlib

import numpy as np

RDMA_KEYS = {"descriptors", "nixl_metadata", "notification_key", "operation_kind"}
DESC_KEYS = {"device", "ptr", "size"}


def rdma_metadata(desc: dict) -> dict:
    nd = desc["nixl_descriptor"]
    md = {
        "descriptors": [{"device": "cpu", "ptr": nd["addr"], "size": nd["size"]}],
        "nixl_metadata": desc["nixl_metadata"],
        "notification_key": str(uuid.uuid4()),
        "operation_kind": 1,
    }
    # pydantic extra="forbid": exactly these keys.
    assert set(md) == RDMA_KEYS and all(set(d) == DESC_KEYS for d in md["descriptors"])
    assert md["descriptors"][0]["ptr"] != 0
    return md


def main() -> None:
    from fastmedia.transfer import _nixl

    _nixl.configure_ucx_env()
    from nixl._api import nixl_agent, nixl_agent_config

    descs = json.load(sys.stdin)
    # the nixl wheel's agent, as Dynamo reads; no progress thread (it would spin a core)
    cfg = nixl_agent_config(enable_prog_thread=False, backends=["UCX"])
    agent = nixl_agent(_nixl.default_agent_name("dynamo-reader"), cfg)
    out = []
    for desc in descs:
        rdma = rdma_metadata(desc)
        dtype = np.dtype(desc["dtype"].lower())
        md = rdma["nixl_metadata"]
        packed = base64.b64decode(md[4:]) if md.startswith("b64:") else bytes.fromhex(md)
        raw = zlib.decompress(packed)
        name = agent.add_remote_agent(raw)
        dst = np.empty(desc["shape"], dtype=dtype)
        assert dst.nbytes == rdma["descriptors"][0]["size"]
        reg = agent.register_memory([(dst.ctypes.data, dst.nbytes, 0, "")], "DRAM")
        local = agent.get_xfer_descs([(dst.ctypes.data, dst.nbytes, 0)], "DRAM")
        d0 = rdma["descriptors"][0]
        remote = agent.get_xfer_descs([(d0["ptr"], d0["size"], 0)], "DRAM")
        h = agent.initialize_xfer("READ", local, remote, name, rdma["notification_key"].encode())
        state = agent.transfer(h)
        while state == "PROC":
            state = agent.check_xfer_state(h)
        assert state == "DONE", state
        agent.release_xfer_handle(h)
        agent.deregister_memory(reg)
        agent.remove_remote_agent(name)
        out.append(np.ascontiguousarray(dst[..., :3]))
    np.savez(sys.argv[1], *out)
    print(f"read {len(out)} images")


if __name__ == "__main__":
    main()
