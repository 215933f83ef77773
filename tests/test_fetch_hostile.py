"""Fetcher against hostile servers: raw sockets on 127.0.0.1 that send what no HTTP library
would (service banners, broken framing, huge lines, odd headers, junk Location headers).

Checks that no response bytes and no URL secrets reach a message, that every redirect target
ends in ``UrlRejected``/``FetchError``, that every Content-Encoding header is checked, and the
body's memory: one buffer per fetch, and a bound on the bytes all fetches hold together.
"""

from __future__ import annotations

import asyncio
import gzip
import socket
import subprocess
import sys
import textwrap
import threading
import traceback
from collections.abc import Callable
from pathlib import Path

import pytest

from fastmedia import ConfigError, Fetcher, FetchError, FetchTimeout, UrlPolicy, UrlRejected
from fastmedia.fetch.fetcher import _ByteBudget
from tests.helpers import wait_until

pytestmark = pytest.mark.loopback_only  # the policy is loosened to reach 127.0.0.1

PRIV = dict(allow_private=True, allow_ip_literals=True, allow_nondefault_ports=True)
SECRET = "SECRET-7f3a9c"  # stands for what an internal service would answer
S = SECRET.encode()


Reply = Callable[[socket.socket, bytes], None]


class RawServer:
    """Accepts connections on 127.0.0.1; for each, reads the request head and lets
    ``reply(conn, request)`` write whatever it likes. Records the request heads."""

    def __init__(self, reply: Reply) -> None:
        self.reply = reply
        self.requests: list[bytes] = []
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def url(self, path: str = "/x.jpg") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def _run(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        with conn:
            conn.settimeout(20)
            head = b""
            try:
                while b"\r\n\r\n" not in head:
                    got = conn.recv(65536)
                    if not got:
                        return
                    head += got
                self.requests.append(head)
                self.reply(conn, head)
            except OSError:
                pass

    def close(self) -> None:
        self.sock.close()


def canned(*parts: bytes, pause: float = 0.05) -> Reply:
    """Send ``parts`` one by one (a short pause between, so they tend to arrive apart)."""

    def reply(conn: socket.socket, _req: bytes) -> None:
        for i, p in enumerate(parts):
            if i:
                threading.Event().wait(pause)
            conn.sendall(p)

    return reply


@pytest.fixture
def raw():
    servers: list[RawServer] = []

    def make(reply: Reply) -> RawServer:
        s = RawServer(reply)
        servers.append(s)
        return s

    yield make
    for s in servers:
        s.close()


@pytest.fixture
def fx():
    f = Fetcher(policy=UrlPolicy(**PRIV), timeout_s=10.0)
    yield f
    f.close()


def _everything_said(exc: BaseException) -> str:
    """The message, the repr and the traceback a server might log or return."""
    return str(exc) + repr(exc) + "".join(traceback.format_exception(exc))


def _assert_clean(exc: BaseException, *secrets: str, limit: int = 600) -> None:
    text = _everything_said(exc)
    for s in (SECRET, *secrets):
        assert s not in text, text[:2000]
    assert len(str(exc)) <= limit, str(exc)[:2000]
    assert str(exc).isascii(), str(exc)


# --- no response bytes in messages ---------------------------------------------------------

H200 = b"HTTP/1.1 200 OK\r\n"

HOSTILE = {
    "ssh_banner": canned(b"SSH-2.0-OpenSSH_9.6 " + S + b"\r\n"),
    "smtp_banner": canned(b"220 mail.internal ESMTP " + S + b"\r\n"),
    "chunk_size_is_body": canned(
        H200 + b"Transfer-Encoding: chunked\r\n\r\n", S + b" internal data\r\n"
    ),
    "chunk_size_is_body_same_packet": canned(
        H200 + b"Transfer-Encoding: chunked\r\n\r\n" + S + b" internal data\r\n"
    ),
    "60kb_no_line_break": canned(S.ljust(60_000, b"A")),
    "8kb_reason_phrase": canned(
        b"HTTP/1.1 404 " + S.ljust(8000, b"R") + b"\r\nContent-Length: 0\r\n\r\n"
    ),
    "8kb_reason_phrase_on_500": canned(
        b"HTTP/1.1 500 " + S + b"\xff\x01" + b"\r\nContent-Length: 0\r\n\r\n"
    ),
    "bad_content_length": canned(H200 + b"Content-Length: " + S + b"\r\n\r\n"),
    "bad_header_line": canned(H200 + S + b"\r\nContent-Length: 1\r\n\r\nx"),
    "huge_header": canned(H200 + b"X-A: " + S.ljust(70_000, b"H") + b"\r\n\r\n"),
    "bad_status_code": canned(b"HTTP/1.1 2" + S + b" OK\r\n\r\n"),
    "cut_short_body": canned(H200 + b"Content-Length: 100000\r\n\r\n" + S),
    "bad_chunk_after_good_one": canned(
        H200 + b"Transfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n", S + b"\r\n"
    ),
    "content_encoding_value": canned(
        H200 + b"Content-Encoding: x" + S.ljust(5000, b"E") + b"\xff\r\nContent-Length: 1\r\n\r\nx"
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_no_response_bytes_in_messages(raw, fx, case):
    srv = raw(HOSTILE[case])
    with pytest.raises(FetchError) as ei:
        fx.fetch_sync(srv.url())
    _assert_clean(ei.value)


def test_status_error_shows_the_standard_phrase(raw, fx):
    srv = raw(canned(b"HTTP/1.1 404 " + S + b"\r\nContent-Length: 0\r\n\r\n"))
    with pytest.raises(FetchError, match="HTTP 404 Not Found") as ei:
        fx.fetch_sync(srv.url())
    assert ei.value.status == 404
    _assert_clean(ei.value)


# --- every redirect target ends in UrlRejected ----------------------------------------------


def _redirect(location: bytes, code: int = 302) -> Reply:
    return canned(
        b"HTTP/1.1 %d Found\r\nLocation: " % code + location + b"\r\nContent-Length: 0\r\n\r\n"
    )


@pytest.mark.parametrize(
    "location",
    [
        b"http://[x]@",  # IndexError inside yarl
        b"http://[x]",
        b"//[::1",
        b"http://a:b@[",
        b"http://\xff\xfe/",
        b"http://" + b"a" * 70_000 + b"/",
        b"ht\x01tp://x/",
        b"http://[::1]:99999/",
        b"http://0x7f.1.2.3.4/",
    ],
)
def test_hostile_location_is_refused(raw, fx, location):
    srv = raw(_redirect(location))
    with pytest.raises(FetchError) as ei:  # UrlRejected, or FetchError for a broken header
        fx.fetch_sync(srv.url())
    _assert_clean(ei.value, "a" * 300)
    assert len(srv.requests) <= fx.max_redirects + 1  # a relative junk path may be followed


# --- cloud metadata stays refused with every option ----------------------------------------


@pytest.mark.parametrize(
    "target",
    [
        "http://[fd00:ec2::254]/latest/meta-data/",
        "http://[fd20:ce::254]/computeMetadata/v1/",
        "http://100.100.100.200/latest/meta-data/",
        "http://168.63.129.16/machine",
        "http://[::ffff:0:a9fe:a9fe]/",  # IPv4-translated 169.254.169.254
        "http://[64:ff9b::6464:64c8]/",  # NAT64 of 100.100.100.200
    ],
)
def test_redirect_to_metadata_refused_with_every_option(raw, fx, target):
    srv = raw(_redirect(target.encode()))
    with pytest.raises(UrlRejected, match="metadata"):
        fx.fetch_sync(srv.url())
    assert len(srv.requests) == 1


# --- no secrets from the URL in messages ---------------------------------------------------


def test_url_secrets_redacted_in_policy_refusals():
    pol = UrlPolicy()
    for url in [
        f"http://user:{SECRET}@localhost/a.jpg",
        f"http://{SECRET}@example.com/a.jpg",
        f"http://localhost/a.jpg?X-Amz-Signature={SECRET}",
        f"https://example.com:8443/a.jpg?token={SECRET}",
        f"ftp://example.com/a.jpg?sig={SECRET}#{SECRET}",
        f"http:u:{SECRET}@example.com/",
        f"http://example.com/a b?{SECRET}",
    ]:
        with pytest.raises(UrlRejected) as ei:
            pol.check(url)
        _assert_clean(ei.value)


def test_url_secrets_redacted_in_fetch_errors(raw, fx):
    q = f"?X-Amz-Signature={SECRET}&X-Amz-Credential={SECRET}"
    srv = raw(canned(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"))
    with pytest.raises(FetchError) as ei:
        fx.fetch_sync(srv.url("/a.jpg" + q))
    assert ei.value.status == 404 and "/a.jpg?<redacted>" in str(ei.value)
    _assert_clean(ei.value)
    assert SECRET.encode() in srv.requests[0]  # the query was sent: only the message hides it

    hang = raw(lambda conn, req: threading.Event().wait(10))  # never answers
    with Fetcher(policy=UrlPolicy(**PRIV), timeout_s=0.5) as f:
        with pytest.raises(FetchTimeout) as ei2:
            f.fetch_sync(hang.url("/a.jpg" + q))
    _assert_clean(ei2.value)


def test_url_secrets_redacted_in_redirect_refusals(raw, fx):
    to = f"http://u:{SECRET}pw@169.254.169.254/latest?token={SECRET}"
    srv = raw(_redirect(to.encode()))
    with pytest.raises(UrlRejected, match="redirect") as ei:
        fx.fetch_sync(srv.url(f"/start?sig={SECRET}"))
    _assert_clean(ei.value)
    to = f"http://u:{SECRET}@127.0.0.1:1/x.jpg"  # refused for its credentials
    srv = raw(_redirect(to.encode()))
    with pytest.raises(UrlRejected, match="credentials") as ei:
        fx.fetch_sync(srv.url())
    _assert_clean(ei.value)


# --- every Content-Encoding header is checked ----------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        [b"Content-Encoding: identity", b"Content-Encoding: gzip"],
        [b"Content-Encoding: gzip", b"Content-Encoding: identity"],
        [b"Content-Encoding: identity, gzip"],
        [b"Content-Encoding: , br"],
        [b"Content-Encoding: IDENTITY", b"content-encoding: deflate"],
    ],
)
def test_every_content_encoding_is_checked(raw, fx, headers):
    body = gzip.compress(b"\xff\xd8\xff" + b"\x00" * 10_000)
    head = H200 + b"".join(h + b"\r\n" for h in headers)
    srv = raw(canned(head + b"Content-Length: %d\r\n\r\n" % len(body) + body))
    with pytest.raises(FetchError, match="Content-Encoding"):
        fx.fetch_sync(srv.url())


def test_identity_encodings_pass(raw, fx):
    head = H200 + b"Content-Encoding: identity\r\nContent-Encoding: Identity, \r\n"
    srv = raw(canned(head + b"Content-Length: 3\r\n\r\nabc"))
    assert fx.fetch_sync(srv.url()) == b"abc"


# --- memory: one buffer per body, a bound on bytes in flight -------------------------------

MIB = 2**20


def _body_server(raw, size: int, framing: str) -> RawServer:
    blob = bytes(range(256)) * (size // 256)

    def reply(conn: socket.socket, _req: bytes) -> None:
        if framing == "length":
            conn.sendall(H200 + b"Content-Length: %d\r\n\r\n" % len(blob))
            conn.sendall(blob)
        elif framing == "chunked":
            conn.sendall(H200 + b"Transfer-Encoding: chunked\r\n\r\n")
            view = memoryview(blob)
            for i in range(0, len(blob), MIB):
                part = view[i : i + MIB]
                conn.sendall(b"%x\r\n" % len(part) + part + b"\r\n")
            conn.sendall(b"0\r\n\r\n")
        else:  # ends when the connection closes
            conn.sendall(H200 + b"Connection: close\r\n\r\n")
            conn.sendall(blob)

    return raw(reply)


_MEM_CHILD = textwrap.dedent(
    """
    import sys, tracemalloc
    from fastmedia import Fetcher, FetchError, UrlPolicy

    def status(key):
        for line in open("/proc/self/status"):
            if line.startswith(key):
                return int(line.split()[1]) * 1024

    url, size = sys.argv[1], int(sys.argv[2])
    pol = UrlPolicy(allow_private=True, allow_ip_literals=True, allow_nondefault_ports=True)
    with Fetcher(policy=pol, max_bytes=2 * size) as f:
        try:  # start the loop thread and the session; nothing listens on port 1
            f.fetch_sync("http://127.0.0.1:1/")
        except FetchError:
            pass
        rss = status("VmRSS:")
        tracemalloc.start()
        body = f.fetch_sync(url)
        _, peak = tracemalloc.get_traced_memory()
        assert len(body) == size
        print(peak, rss, status("VmHWM:"))
    """
)


def _fetch_memory(url: str, size: int) -> tuple[int, int, int]:
    """(peak bytes Python allocated during the fetch, RSS before, peak RSS) in a fresh process."""
    r = subprocess.run(
        [sys.executable, "-c", _MEM_CHILD, url, str(size)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert r.returncode == 0, r.stderr[-3000:]
    peak, rss, hwm = map(int, r.stdout.split())
    return peak, rss, hwm


@pytest.mark.parametrize("framing", ["length", "chunked", "close"])
def test_peak_memory_is_about_one_body(raw, framing):
    # Before: chunks kept, then joined: the fetch allocated twice the body (64 MiB: 128 MiB).
    size = 64 * MIB
    srv = _body_server(raw, size, framing)
    peak, rss, hwm = _fetch_memory(srv.url(), size)
    print(
        f"{framing}: {size // MIB} MiB body: allocated at peak {peak / MIB:.1f} MiB, "
        f"RSS {rss / MIB:.0f} -> peak {hwm / MIB:.0f} MiB"
    )
    # One buffer: the body, aiohttp's read buffers and (no length) bytearray's growth slack.
    assert peak < 1.25 * size, peak / MIB


def test_byte_budget_is_fifo_and_survives_cancellation():
    async def go():
        b = _ByteBudget(100)
        await b.acquire(60)
        order: list[str] = []

        async def take(name: str, n: int) -> None:
            await b.acquire(n)
            order.append(name)

        big = asyncio.ensure_future(take("big", 80))
        small = asyncio.ensure_future(take("small", 10))  # fits, but waits behind "big"
        doomed = asyncio.ensure_future(take("doomed", 100))
        await asyncio.sleep(0)
        assert order == [] and b.free == 40
        doomed.cancel()
        b.release(60)  # 100 free: "big" (80) then "small" (10)
        await asyncio.gather(big, small)
        await asyncio.gather(doomed, return_exceptions=True)
        assert order == ["big", "small"] and b.free == 10
        b.release(90)
        assert b.free == 100 and not b._waiters

    asyncio.run(go())


def test_bytes_in_flight_are_bounded(raw):
    # Two fetches of a body of `size` under a budget of `size`: the second waits for the
    # first to finish before it reserves (and reads) its body.
    size = 4 * MIB
    blob = b"\xab" * size
    go_on = threading.Event()

    def reply(conn: socket.socket, _req: bytes) -> None:
        conn.sendall(H200 + b"Content-Length: %d\r\n\r\n" % size)
        go_on.wait(30)
        conn.sendall(blob)

    srv = raw(reply)
    with Fetcher(policy=UrlPolicy(**PRIV), max_bytes=size, max_bytes_in_flight=size) as f:

        async def both():
            return await asyncio.gather(f.fetch(srv.url("/1")), f.fetch(srv.url("/2")))

        fut = asyncio.run_coroutine_threadsafe(both(), f._ensure_loop())
        assert wait_until(lambda: f._budget is not None and len(f._budget._waiters) == 1, 30)
        assert f._budget.free == 0 and len(srv.requests) == 2
        go_on.set()
        got = fut.result(30)
    assert [bytes(g) for g in got] == [blob, blob]


def test_bytes_in_flight_must_hold_one_body():
    with pytest.raises(ConfigError, match="max_bytes_in_flight"):
        Fetcher(max_bytes=10 * MIB, max_bytes_in_flight=MIB)
    assert Fetcher().max_bytes_in_flight == 2**30


def test_runs_in_a_loopback_only_netns():
    # The marker moved this module into a network namespace with only loopback (unless
    # unshare is unusable here, which the report header says loudly).
    from tests import netns

    if netns.PROBLEM is None:
        assert netns.in_loopback_netns(), socket.if_nameindex()
