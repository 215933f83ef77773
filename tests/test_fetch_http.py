"""Fetcher against a real HTTP server on 127.0.0.1 (aiohttp.web in a thread, random port)."""

from __future__ import annotations

import asyncio
import gzip
import io
import socket
import threading
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from fastmedia import (
    ClosedError,
    DecodeError,
    Decoder,
    Fetcher,
    FetchError,
    FetchTimeout,
    LimitExceeded,
    UrlPolicy,
    UrlRejected,
)
from fastmedia.fetch import ResponseTooLarge
from tests.helpers import wait_until

web = pytest.importorskip("aiohttp.web")

pytestmark = pytest.mark.loopback_only  # the policy is loosened to reach 127.0.0.1

HERE = Path(__file__).resolve().parent
CANDIDATES = [
    HERE / "fixtures" / "jpeg_640x480" / "astronaut.jpg",
    HERE / "fixtures" / "formats" / "rgb_q95.jpg",
    HERE.parents[1] / "shared" / "corpus" / "jpeg_640x480" / "astronaut.jpg",
]


def _image_bytes() -> bytes:
    for p in CANDIDATES:
        if p.is_file():
            return p.read_bytes()
    from PIL import Image  # fixtures missing: make a real JPEG

    rng = np.random.default_rng(5)
    arr = (rng.integers(0, 255, (48, 64, 3))).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, "JPEG", quality=90)
    return buf.getvalue()


IMG = _image_bytes()
PRIV = dict(allow_private=True, allow_ip_literals=True, allow_nondefault_ports=True)


class Server:
    """Serves the test routes; records every request (path, Host) it sees."""

    def __init__(self) -> None:
        self.log: list[tuple[str, str]] = []
        self.last_headers: dict[str, str] = {}
        self.inflight = 0
        self.peak = 0
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def paths(self) -> list[str]:
        return [p for p, _ in self.log]

    def _app(self):
        app = web.Application()
        r = app.router

        @web.middleware
        async def record(request, handler):
            self.log.append((request.path_qs, request.headers.get("Host", "")))
            self.last_headers = dict(request.headers)
            if not request.path.startswith("/paced/"):
                return await handler(request)
            self.inflight += 1
            self.peak = max(self.peak, self.inflight)
            try:
                return await handler(request)
            finally:
                self.inflight -= 1

        app.middlewares.append(record)

        async def img(request):
            return web.Response(body=IMG, content_type="image/jpeg")

        async def chunked(request):
            resp = web.StreamResponse(headers={"Content-Type": "image/jpeg"})
            resp.enable_chunked_encoding()
            await resp.prepare(request)
            for i in range(0, len(IMG), 4096):
                await resp.write(IMG[i : i + 4096])
            await resp.write_eof()
            return resp

        async def chain(request):
            n = int(request.match_info["n"])
            if n == 0:
                return await img(request)
            raise web.HTTPFound(f"/chain/{n - 1}")

        async def to(request):
            code = int(request.query.get("code", "302"))
            return web.Response(status=code, headers={"Location": request.query["u"]})

        async def noloc(request):
            return web.Response(status=302)

        async def status(request):
            return web.Response(status=int(request.match_info["code"]), text="nope")

        async def html(request):
            return web.Response(
                text="<html><body>not an image</body></html>", content_type="text/html"
            )

        async def slow(request):
            resp = web.StreamResponse(headers={"Content-Type": "image/jpeg"})
            resp.content_length = 200
            await resp.prepare(request)
            for _ in range(200):
                await resp.write(b"x")
                await asyncio.sleep(0.1)
            return resp

        async def hang(request):
            await asyncio.sleep(30)
            return await img(request)

        async def big_cl(request):
            # Declares a large body, then sends nothing: only a Content-Length check
            # made before reading can end this quickly (else: a timeout).
            resp = web.StreamResponse(headers={"Content-Type": "image/jpeg"})
            resp.content_length = 10_000_000
            await resp.prepare(request)
            await asyncio.sleep(30)
            return resp

        async def big_chunked(request):
            resp = web.StreamResponse(headers={"Content-Type": "image/jpeg"})
            resp.enable_chunked_encoding()
            await resp.prepare(request)
            for _ in range(100):
                await resp.write(b"\xff" * 10_000)
            await resp.write_eof()
            return resp

        async def gz(request):
            return web.Response(
                body=gzip.compress(IMG),
                headers={"Content-Encoding": "gzip", "Content-Type": "image/jpeg"},
            )

        async def paced(request):
            await asyncio.sleep(0.05)
            return await img(request)

        async def setcookie(request):
            resp = web.Response(body=IMG, content_type="image/jpeg")
            resp.set_cookie("session", "secret")
            return resp

        r.add_get("/img.jpg", img)
        r.add_get("/setcookie", setcookie)
        r.add_get("/chunked.jpg", chunked)
        r.add_get("/chain/{n}", chain)
        r.add_get("/to", to)
        r.add_get("/noloc", noloc)
        r.add_get("/status/{code}", status)
        r.add_get("/page.html", html)
        r.add_get("/slow.jpg", slow)
        r.add_get("/hang.jpg", hang)
        r.add_get("/big_cl.jpg", big_cl)
        r.add_get("/big_chunked.jpg", big_chunked)
        r.add_get("/gzip.jpg", gz)
        r.add_get("/paced/{i}", paced)
        return app

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)

        async def start():
            self._runner = web.AppRunner(
                self._app(), access_log=None, handler_cancellation=True, shutdown_timeout=1.0
            )
            await self._runner.setup()
            site = web.TCPSite(self._runner, "127.0.0.1", 0)
            await site.start()
            self.port = site._server.sockets[0].getsockname()[1]

        self._loop.run_until_complete(start())
        self._started.set()
        self._loop.run_forever()

    def start(self) -> Server:
        self._thread.start()
        self._started.wait(10)
        return self

    def stop(self) -> None:
        async def stop():
            await self._runner.cleanup()

        asyncio.run_coroutine_threadsafe(stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)


@pytest.fixture(scope="module")
def server():
    s = Server().start()
    yield s
    s.stop()


@pytest.fixture
def fx():
    f = Fetcher(policy=UrlPolicy(**PRIV), timeout_s=10.0)
    yield f
    f.close()


@pytest.fixture
def listener():
    """A listening socket that nobody should connect to; tells whether anyone did."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(8)
    s.setblocking(False)

    def connected() -> bool:
        try:
            c, _ = s.accept()
        except BlockingIOError:
            return False
        c.close()
        return True

    yield s.getsockname()[1], connected
    s.close()


# --- reaching the server -----------------------------------------------------------------


def test_fetch_sync_returns_the_bytes(server, fx):
    assert fx.fetch_sync(server.url("/img.jpg")) == IMG
    assert fx.fetch_sync(server.url("/chunked.jpg")) == IMG


async def test_fetch_async_and_from_a_running_loop(server, fx):
    assert await fx.fetch(server.url("/img.jpg")) == IMG
    # fetch_sync from inside a running loop's thread: runs on the Fetcher's own loop.
    assert fx.fetch_sync(server.url("/img.jpg")) == IMG


def test_fetch_from_two_event_loops(server, fx):
    # One Fetcher serves callers on different loops (its session lives on its own loop).
    for _ in range(2):
        assert asyncio.run(fx.fetch(server.url("/img.jpg"))) == IMG


def test_default_policy_refuses_loopback_without_connecting(listener):
    port, connected = listener
    with Fetcher() as f:
        for url in [
            f"http://127.0.0.1:{port}/img.jpg",
            "http://127.0.0.1/",
            f"http://localhost:{port}/",
            f"http://[::1]:{port}/",
            f"http://2130706433:{port}/",
        ]:
            with pytest.raises(UrlRejected):
                f.fetch_sync(url)
    assert not connected()


def test_allow_private_still_needs_literals_and_ports(server, listener):
    port, connected = listener
    with Fetcher(policy=UrlPolicy(allow_private=True, allow_nondefault_ports=True)) as f:
        with pytest.raises(UrlRejected, match="IP-literal"):
            f.fetch_sync(f"http://127.0.0.1:{port}/")
    with Fetcher(policy=UrlPolicy(allow_private=True, allow_ip_literals=True)) as f:
        with pytest.raises(UrlRejected, match="port"):
            f.fetch_sync(f"http://127.0.0.1:{port}/")
    assert not connected()


def test_numeric_spelling_reaches_canonical_address(server):
    # 0x7f.1 is 127.0.0.1 to inet_aton; with allow_private the fetch goes to the checked,
    # canonical address.
    with Fetcher(policy=UrlPolicy(**PRIV)) as f:
        assert f.fetch_sync(f"http://0x7f.1:{server.port}/img.jpg") == IMG


# --- redirects -----------------------------------------------------------------------------


class EntryOnly(UrlPolicy):
    """The test server's /to and /chain routes may be fetched; every other URL (each
    redirect target) is judged by the real default policy."""

    def __init__(self, port: int) -> None:
        super().__init__()
        self._entry = UrlPolicy(**PRIV)
        self._prefixes = (f"http://127.0.0.1:{port}/to?", f"http://127.0.0.1:{port}/chain/")

    def check_fetch(self, url):
        if isinstance(url, str) and url.startswith(self._prefixes):
            return self._entry.check_fetch(url)
        return super().check_fetch(url)


@pytest.mark.parametrize(
    "target",
    [
        "http://127.0.0.1:{port}/img.jpg",
        "http://127.0.0.1/img.jpg",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]:{port}/img.jpg",
        "http://[::ffff:127.0.0.1]:{port}/img.jpg",
        "http://2130706433:{port}/img.jpg",
        "http://0x7f.1:{port}/img.jpg",
        "http://localhost:{port}/img.jpg",
        "http://metadata.google.internal/",
        "file:///etc/passwd",
        "data:image/png;base64,iVBORw0KGgo=",
        "http://user:pw@example.com/img.jpg",
    ],
)
def test_every_redirect_hop_is_rechecked(server, target):
    loc = target.format(port=server.port)
    with Fetcher(policy=EntryOnly(server.port)) as f:
        before = len(server.log)
        with pytest.raises(UrlRejected, match="redirect"):
            f.fetch_sync(server.url("/to?" + _q(loc)))
    # The first hop was made; the refused target (this same server, for some) was not.
    new = server.paths()[before:]
    assert len(new) == 1 and new[0].startswith("/to?"), new


def _q(u: str) -> str:
    from urllib.parse import quote

    return "u=" + quote(u, safe="")


@pytest.mark.parametrize("code", [301, 302, 303, 307, 308])
def test_allowed_redirect_is_followed(server, fx, code):
    loc = server.url("/img.jpg")
    assert fx.fetch_sync(server.url(f"/to?code={code}&" + _q(loc))) == IMG


def test_relative_redirect(server, fx):
    assert fx.fetch_sync(server.url("/to?u=img.jpg")) == IMG


def test_redirect_to_metadata_refused_even_with_allow_private(server, fx):
    with pytest.raises(UrlRejected, match=r"169\.254"):
        fx.fetch_sync(server.url("/to?" + _q("http://169.254.169.254/")))
    with pytest.raises(UrlRejected, match="credentials"):
        fx.fetch_sync(server.url("/to?" + _q(f"http://u:p@127.0.0.1:{server.port}/img.jpg")))


@pytest.mark.parametrize("max_redirects", [0, 1, 3])
def test_exactly_max_redirects_hops(server, max_redirects):
    with Fetcher(policy=UrlPolicy(**PRIV), max_redirects=max_redirects) as f:
        assert f.fetch_sync(server.url(f"/chain/{max_redirects}")) == IMG
        before = len(server.log)
        with pytest.raises(FetchError, match="max_redirects") as ei:
            f.fetch_sync(server.url(f"/chain/{max_redirects + 1}"))
    assert ei.value.status == 302
    assert not isinstance(ei.value, UrlRejected)
    # Hops /chain/N+1 .. /chain/1 were requested; /chain/0 (one hop too many) was not.
    assert server.paths()[before:] == [f"/chain/{n}" for n in range(max_redirects + 1, 0, -1)]


def test_default_is_three_redirects(server, fx):
    assert fx.max_redirects == 3
    assert fx.fetch_sync(server.url("/chain/3")) == IMG
    with pytest.raises(FetchError, match="max_redirects"):
        fx.fetch_sync(server.url("/chain/4"))


def test_redirect_without_location(server, fx):
    with pytest.raises(FetchError) as ei:
        fx.fetch_sync(server.url("/noloc"))
    assert ei.value.status == 302


# --- status, size, time --------------------------------------------------------------------


@pytest.mark.parametrize("code", [400, 403, 404, 410, 500, 502, 503])
def test_http_status_errors_carry_status(server, fx, code):
    with pytest.raises(FetchError) as ei:
        fx.fetch_sync(server.url(f"/status/{code}"))
    assert ei.value.status == code
    assert type(ei.value) is FetchError  # not UrlRejected / FetchTimeout


def test_content_length_is_checked_before_reading(server):
    with Fetcher(policy=UrlPolicy(**PRIV), max_bytes=1_000_000, timeout_s=20) as f:
        with pytest.raises(ResponseTooLarge, match="Content-Length") as ei:
            f.fetch_sync(server.url("/big_cl.jpg"))
    assert isinstance(ei.value, FetchError) and isinstance(ei.value, LimitExceeded)


def test_streamed_body_is_cut_at_max_bytes(server):
    with Fetcher(policy=UrlPolicy(**PRIV), max_bytes=100_000) as f:
        with pytest.raises(ResponseTooLarge, match="no Content-Length"):
            f.fetch_sync(server.url("/big_chunked.jpg"))
        # The same cap on a body with Content-Length.
    with Fetcher(policy=UrlPolicy(**PRIV), max_bytes=len(IMG) - 1) as f:
        with pytest.raises(ResponseTooLarge):
            f.fetch_sync(server.url("/img.jpg"))
        with pytest.raises(ResponseTooLarge):
            f.fetch_sync(server.url("/chunked.jpg"))
    with Fetcher(policy=UrlPolicy(**PRIV), max_bytes=len(IMG)) as f:
        assert f.fetch_sync(server.url("/img.jpg")) == IMG
        assert f.fetch_sync(server.url("/chunked.jpg")) == IMG


def test_slow_body_ends_at_total_timeout(server):
    with Fetcher(policy=UrlPolicy(**PRIV), timeout_s=1.0) as f:
        with pytest.raises(FetchTimeout):
            f.fetch_sync(server.url("/slow.jpg"))
        with pytest.raises(FetchTimeout) as ei:
            f.fetch_sync(server.url("/hang.jpg"))
    assert isinstance(ei.value, TimeoutError) and isinstance(ei.value, FetchError)


def test_compressed_body_refused(server, fx):
    with pytest.raises(FetchError, match="Content-Encoding"):
        fx.fetch_sync(server.url("/gzip.jpg"))


def test_request_headers(server):
    with Fetcher(policy=UrlPolicy(**PRIV), user_agent="probe/1") as f:
        f.fetch_sync(server.url("/img.jpg"))
    h = server.last_headers
    assert h["User-Agent"] == "probe/1"
    assert h["Accept-Encoding"] == "identity"  # no compressed bodies, so no bombs
    assert h["Host"] == f"127.0.0.1:{server.port}"
    assert "Cookie" not in h and "Authorization" not in h
    with Fetcher(policy=UrlPolicy(**PRIV)) as f:
        f.fetch_sync(server.url("/img.jpg"))
    assert server.last_headers["User-Agent"].startswith("fastmedia/")


def test_no_cookies_carried_between_requests(server, fx):
    assert fx.fetch_sync(server.url("/setcookie")) == IMG
    fx.fetch_sync(server.url("/img.jpg"))
    assert "Cookie" not in server.last_headers


def test_max_concurrency_bounds_inflight(server):
    with Fetcher(policy=UrlPolicy(**PRIV), max_concurrency=2) as f:
        server.peak = 0
        out = f.fetch_many_sync([server.url(f"/paced/{i}") for i in range(8)])
    assert out == [IMG] * 8
    assert 1 <= server.peak <= 2


# --- proxies -------------------------------------------------------------------------------


@pytest.fixture
def proxy_env(monkeypatch):
    proxy = Server().start()
    for k in ["NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy"]:
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("HTTP_PROXY", proxy.url(""))
    monkeypatch.setenv("http_proxy", proxy.url(""))
    yield proxy
    proxy.stop()


def test_env_proxy_ignored_by_default(server, proxy_env):
    with Fetcher(policy=UrlPolicy(**PRIV)) as f:
        assert f.fetch_sync(server.url("/img.jpg")) == IMG
    assert proxy_env.log == []


def test_env_proxy_used_when_asked(server, proxy_env):
    with Fetcher(policy=UrlPolicy(**PRIV), use_env_proxy=True) as f:
        assert f.fetch_sync(server.url("/img.jpg")) == IMG
    assert len(proxy_env.log) == 1  # the "proxy" (a copy of the server) got the request


# --- DNS: answers checked and pinned ------------------------------------------------------


class TableResolver:
    def __init__(self, table):
        self.table = table
        self.calls: list[str] = []

    async def resolve(self, host, port=0, family=socket.AF_INET):
        self.calls.append(host)
        return [
            {
                "hostname": host,
                "host": ip,
                "port": port,
                "family": socket.AF_INET,
                "proto": 0,
                "flags": 0,
            }
            for ip in self.table[host]
        ]

    async def close(self):
        pass


def test_connection_goes_to_the_checked_answer(server):
    # "images.test" exists in no DNS: success proves the connection used the answer the
    # policy checked, not a second lookup.
    res = TableResolver({"images.test": ["127.0.0.1"]})
    pol = UrlPolicy(allow_private=True, allow_nondefault_ports=True)
    with Fetcher(policy=pol, resolver=res) as f:
        assert f.fetch_sync(f"http://images.test:{server.port}/img.jpg") == IMG
    assert res.calls == ["images.test"]
    assert server.log[-1] == ("/img.jpg", f"images.test:{server.port}")


def test_name_resolving_to_loopback_is_refused(server):
    res = TableResolver({"rebind.test": ["127.0.0.1"], "mixed.test": ["8.8.8.8", "127.0.0.1"]})
    pol = UrlPolicy(allow_nondefault_ports=True)
    before = len(server.log)
    with Fetcher(policy=pol, resolver=res) as f:
        for name in ["rebind.test", "mixed.test"]:
            with pytest.raises(UrlRejected, match="refused address"):
                f.fetch_sync(f"http://{name}:{server.port}/img.jpg")
    assert len(server.log) == before


def test_redirect_to_a_name_that_resolves_to_loopback(server):
    res = TableResolver({"rebind.test": ["127.0.0.1"]})
    with Fetcher(policy=EntryOnly(server.port), resolver=res) as f:
        # EntryOnly: default rules for the target, so the port must be default: use :80.
        with pytest.raises(UrlRejected, match="refused address"):
            f.fetch_sync(server.url("/to?" + _q("http://rebind.test/img.jpg")))
    assert res.calls == ["rebind.test"]


# --- fetch_many and the Decoder -------------------------------------------------------------


def test_fetch_many_in_place(server, fx):
    data_url = "data:image/png;base64,AAAA"
    items = [
        server.url("/img.jpg"),
        b"raw",
        data_url,
        server.url("/status/404"),
        "http://localhost/x.jpg",
    ]
    out = fx.fetch_many_sync(items)
    assert out[0] == IMG and out[1] == b"raw" and out[2] == data_url
    assert isinstance(out[3], FetchError) and out[3].status == 404
    assert isinstance(out[4], UrlRejected)
    assert asyncio.run(fx.fetch_many(items))[0] == IMG


def test_decoder_fetches_and_decodes(server, fx):
    dec = Decoder(fetcher=fx)
    ref = dec.decode(IMG)
    got = dec.decode(server.url("/img.jpg"))
    assert got.shape == ref.shape and np.array_equal(got, ref)
    assert np.array_equal(asyncio.run(dec.decode_async(server.url("/chunked.jpg"))), ref)


def test_wrong_content_is_a_decode_error(server, fx):
    dec = Decoder(fetcher=fx)
    with pytest.raises(DecodeError):
        dec.decode(server.url("/page.html"))
    with pytest.raises(DecodeError):
        asyncio.run(dec.decode_async(server.url("/page.html")))


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_decode_batch_slots(server, fx, mode):
    dec = Decoder(fetcher=fx)
    ref = dec.decode(IMG)
    items = [
        server.url("/img.jpg"),
        server.url("/status/404"),
        IMG,
        server.url("/page.html"),
        server.url("/status/503"),
        "http://169.254.169.254/",
        server.url("/chunked.jpg"),
    ]

    def run(items, **kw):
        if mode == "sync":
            return dec.decode_batch(items, **kw)
        return asyncio.run(dec.decode_batch_async(items, **kw))

    out = run(items, return_exceptions=True)
    assert np.array_equal(out[0], ref) and np.array_equal(out[2], ref)
    assert np.array_equal(out[6], ref)
    assert isinstance(out[1], FetchError) and out[1].status == 404
    assert isinstance(out[3], DecodeError)
    assert isinstance(out[4], FetchError) and out[4].status == 503
    assert isinstance(out[5], UrlRejected)
    # Without return_exceptions: the first failure in input order is raised.
    with pytest.raises(FetchError) as ei:
        run(items)
    assert ei.value.status == 404
    with pytest.raises(DecodeError):
        run([IMG, server.url("/page.html"), server.url("/status/500")])
    with pytest.raises(UrlRejected):
        run([server.url("/img.jpg"), "http://localhost/", server.url("/page.html")])


def test_decoder_without_fetcher_refuses_urls(server):
    with pytest.raises(DecodeError, match="fetcher"):
        Decoder().decode(server.url("/img.jpg"))


# --- lifecycle -------------------------------------------------------------------------------


def test_closed_fetcher(server):
    f = Fetcher(policy=UrlPolicy(**PRIV))
    assert f.fetch_sync(server.url("/img.jpg")) == IMG
    f.close()
    f.close()
    with pytest.raises(ClosedError):
        f.fetch_sync(server.url("/img.jpg"))
    with pytest.raises(ClosedError):
        asyncio.run(f.fetch(server.url("/img.jpg")))


async def test_aclose_and_async_context(server):
    async with Fetcher(policy=UrlPolicy(**PRIV)) as f:
        assert await f.fetch(server.url("/img.jpg")) == IMG
    with pytest.raises(ClosedError):
        await f.fetch(server.url("/img.jpg"))


def test_exports():
    assert fastmedia.Fetcher is Fetcher and fastmedia.UrlPolicy is UrlPolicy
    assert "Fetcher" in fastmedia.__all__ and "UrlPolicy" in fastmedia.__all__


@pytest.mark.timeout(60)
def test_fetcher_survives_fork(server):
    import os

    f = Fetcher(policy=UrlPolicy(**PRIV))
    assert f.fetch_sync(server.url("/img.jpg")) == IMG  # loop thread started in the parent
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: the loop thread does not exist here; a fetch must still work
        code = 1
        try:
            code = 0 if f.fetch_sync(server.url("/img.jpg")) == IMG else 2
            f.close()
        finally:
            os.write(w, bytes([code]))
            os._exit(code)
    os.close(w)
    got = os.read(r, 1)
    os.waitpid(pid, 0)
    assert got == b"\x00"
    assert f.fetch_sync(server.url("/img.jpg")) == IMG  # the parent's fetcher is unharmed
    f.close()


def test_close_with_fetches_in_flight(server):
    import concurrent.futures

    f = Fetcher(policy=UrlPolicy(**PRIV), timeout_s=20)
    before = len(server.log)
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        fut = ex.submit(f.fetch_sync, server.url("/hang.jpg"))
        # Bounded: a fetch that died before reaching the server fails here, not at pytest's
        # 300 s timeout.
        arrived = wait_until(lambda: "/hang.jpg" in server.paths()[before:] or fut.done())
        assert arrived and not fut.done(), fut.exception() if fut.done() else "never arrived"
        f.close()
        with pytest.raises(concurrent.futures.CancelledError):
            fut.result(10)
