"""fastmedia's SSRF policy in front of vLLM's HTTP transport (``FASTMEDIA_URL_POLICY``): off by
default (vLLM's own rules only), ``strict`` refuses what ``UrlPolicy()`` refuses before any
connection, with the 400 vLLM's own error handler gives a bad URL, and a JSON object of
``UrlPolicy`` options opens what it names. A real HTTP server on 127.0.0.1 counts the
requests that reach it."""

from __future__ import annotations

import http.server
import socket
import threading

import numpy as np
import pytest
from vllm.entrypoints.serve.exception_handling.error_response import create_error_response

from fastmedia.errors import ConfigError, UrlRejected
from fastmedia.vllm import _shared
from tests.vllm import _util

PNG = (_util.FIXTURES / "png_512x512_rgba").glob("*.png").__next__().read_bytes()


@pytest.fixture(autouse=True)
def _fresh_http_session():
    """vLLM keeps one aiohttp session per process, bound to the loop that made it; each test
    here runs in a loop of its own."""
    from vllm.connections import global_http_connection

    global_http_connection._async_client = None
    yield
    global_http_connection._async_client = None


@pytest.fixture
def server():
    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            hits.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(PNG)))
            self.end_headers()
            self.wfile.write(PNG)

        def log_message(self, *args):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/img.png", hits
    srv.shutdown()
    srv.server_close()


def connector():
    return _util.connector_class("fastmedia")()


async def fetch_both(url: str):
    c = connector()
    return c.fetch_image(url), await c.fetch_image_async(url)


async def test_off_by_default_vllms_rules_only(server, monkeypatch):
    url, hits = server
    monkeypatch.delenv(_shared.POLICY_ENV, raising=False)
    assert _shared.url_policy() is None
    got = await fetch_both(url)
    want = _util.connector_class("http")().fetch_image(url)
    for img in got:
        np.testing.assert_array_equal(np.asarray(img), np.asarray(want))
    assert len(hits) == 3


async def test_strict_refuses_before_connecting_with_vllms_400(server, monkeypatch):
    url, hits = server
    monkeypatch.setenv(_shared.POLICY_ENV, "strict")
    c = connector()
    for fetch in (c.fetch_image, c.fetch_image_async, c.fetch_video, c.fetch_audio_async):
        with pytest.raises(UrlRejected, match="non-default port") as info:
            out = fetch(url)
            if hasattr(out, "__await__"):
                await out
        assert create_error_response(info.value).error.code == 400
    with pytest.raises(UrlRejected, match="IP-literal host"):
        c.fetch_image("http://127.0.0.1/img.png")
    with pytest.raises(UrlRejected, match="blocked host name"):
        c.fetch_image("http://localhost/img.png")
    assert hits == []


async def test_strict_checks_the_dns_answers(monkeypatch):
    monkeypatch.setenv(_shared.POLICY_ENV, "strict")
    real = socket.getaddrinfo

    def fake(host, *args, **kwargs):
        if host == "media.example.com":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.1.2.3", 443))]
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    c = connector()
    with pytest.raises(UrlRejected, match="DNS answer refused"):
        c.fetch_image("https://media.example.com/a.png")
    with pytest.raises(UrlRejected, match="DNS answer refused"):
        await c.fetch_image_async("https://media.example.com/a.png")


async def test_json_options_open_what_they_name(server, monkeypatch):
    url, hits = server
    monkeypatch.setenv(
        _shared.POLICY_ENV,
        '{"allow_private": true, "allow_ip_literals": true, "allow_nondefault_ports": true}',
    )
    got = await fetch_both(url)
    assert all(np.asarray(img).shape == (512, 512, 3) for img in got)
    assert len(hits) == 2
    # Data URLs are not fetched: the policy leaves them to vLLM's rules.
    monkeypatch.setenv(_shared.POLICY_ENV, "strict")
    assert np.asarray(connector().fetch_image(_util.data_url(PNG, "image/png"))).shape[2] == 3


@pytest.mark.parametrize("bad", ["yes", "[1]", '{"no_such_option": 1}', "{"])
def test_a_bad_setting_is_a_config_error(monkeypatch, bad):
    monkeypatch.setenv(_shared.POLICY_ENV, bad)
    with pytest.raises(ConfigError, match=_shared.POLICY_ENV):
        _shared.url_policy()
