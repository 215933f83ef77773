"""Reader over UCX/TCP: a stalled frontend times out, and two "hosts" (network namespaces
joined by a veth pair) exchange pixels and the lease notification.

Reader and frontend both run as child processes here, because UCX_TLS must be set before UCX
loads in a process.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import uuid

import pytest

from tests.nixl_peers import Frontend, ReaderProc

pytestmark = pytest.mark.requires_nixl

TCP = {"UCX_TLS": "tcp"}


def test_stalled_frontend_over_tcp_times_out_with_transfer_error():
    fe = Frontend(lease_keys=True, env=TCP)
    rp = ReaderProc(env=TCP, timeout=3.0)
    try:
        ds = fe.images([((256, 256, 3), 1)])
        assert rp.read(ds, [1])["ok"] == [True]  # works over TCP first
        ds2 = fe.images([((720, 1280, 3), 2)])
        os.kill(fe.pid, signal.SIGSTOP)  # alive but silent: the READ can never complete
        try:
            r = rp.read(ds2, [2], timeout=60)
        finally:
            os.kill(fe.pid, signal.SIGCONT)
        assert r.get("error") == "TransferError", r
        assert fe.name in r["message"] and "timed out" in r["message"]
        # the reader is still usable afterwards
        assert rp.read(fe.images([((64, 64, 3), 3)]), [3])["ok"] == [True]
    finally:
        rp.close()
        fe.close()


def _netns_problem() -> str | None:
    if shutil.which("ip") is None:
        return "iproute2 ('ip') is not installed (apt-get install -y iproute2)"
    if os.geteuid() != 0:
        return "creating network namespaces needs root (CAP_SYS_ADMIN/CAP_NET_ADMIN)"
    probe = f"fmprobe{os.getpid()}"
    r = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if r.returncode != 0:
        return f"'ip netns add' failed here: {r.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


NETNS_PROBLEM = _netns_problem()
if NETNS_PROBLEM:
    print(
        f"\n!!!!! TWO-HOST (netns + veth) READER TEST WILL BE SKIPPED: {NETNS_PROBLEM} !!!!!",
        file=sys.stderr,
    )


@pytest.fixture
def two_hosts():
    tag = uuid.uuid4().hex[:6]
    a, b = f"fma{tag}", f"fmb{tag}"
    va, vb = f"fva{tag}", f"fvb{tag}"
    subnet = 10 + int(tag[:2], 16) % 200

    def ip(*args):
        subprocess.run(["ip", *args], check=True, capture_output=True)

    try:
        ip("netns", "add", a)
        ip("netns", "add", b)
        ip("link", "add", va, "type", "veth", "peer", "name", vb)
        ip("link", "set", va, "netns", a)
        ip("link", "set", vb, "netns", b)
        for ns, dev, host in ((a, va, 1), (b, vb, 2)):
            ip("-n", ns, "link", "set", dev, "name", "fmeth0")
            ip("-n", ns, "addr", "add", f"10.{subnet}.77.{host}/24", "dev", "fmeth0")
            ip("-n", ns, "link", "set", "fmeth0", "up")
            ip("-n", ns, "link", "set", "lo", "up")
        yield a, b, f"10.{subnet}.77.1", f"10.{subnet}.77.2"
    finally:
        subprocess.run(["ip", "netns", "del", a], capture_output=True)
        subprocess.run(["ip", "netns", "del", b], capture_output=True)


@pytest.mark.skipif(
    NETNS_PROBLEM is not None, reason=f"TWO-HOST TEST CANNOT RUN HERE: {NETNS_PROBLEM}"
)
def test_two_hosts_over_veth_tcp(two_hosts):
    ns_a, ns_b, ip_a, ip_b = two_hosts
    env = {"UCX_TLS": "tcp", "UCX_NET_DEVICES": "fmeth0"}
    fe = Frontend(lease_keys=True, env=env, prefix_cmd=["ip", "netns", "exec", ns_a])
    rp = ReaderProc(env=env, prefix_cmd=["ip", "netns", "exec", ns_b], timeout=20.0)
    try:
        items = [((1080, 1920, 3), 1), ((480, 640, 1), 2), ((100, 100, 4), 3), ((3, 64, 64, 3), 4)]
        ds = fe.images(items)
        r = rp.read(ds, [k for _, k in items])
        assert r.get("ok") == [True] * len(items), r
        # The notification trails the read: wait for it (up to 60 s), not 50 quick polls.
        assert fe.wait_notifs(1, timeout=60.0) == [";".join(d["lease_key"] for d in ds)]
        # the reader really is on another "host": it cannot reach the frontend's loopback
        probe = subprocess.run(
            ["ip", "netns", "exec", ns_b, "ip", "-o", "addr"], capture_output=True, text=True
        )
        assert ip_b in probe.stdout and ip_a not in probe.stdout
    finally:
        rp.close()
        fe.close()
