# Copied from vLLM: https://github.com/vllm-project/vllm
#   tests/multimodal/media/test_connector.py (the version stored at commit 0ab7330c995f)
# SPDX-License-Identifier: Apache-2.0
# (vLLM's licence, as fastmedia's: LICENSES/Apache-2.0.txt)
# SPDX-FileCopyrightText: Copyright contributors to the vLLM project
#
# The offline tests, unchanged but for the connector: `MediaConnector` is, per run, vLLM's
# "http" connector or fastmedia's (the autouse fixture below). Left out: the tests that fetch
# vLLM's assets from S3 (test_fetch_image_http, _base64, _local_files*, test_fetch_video_http*,
# test_allowed_media_domains) and the PlaceholderRange ones (no connector involved). The SSRF
# backslash test serves its own image instead of the asset server's, and expects the error
# vLLM 0.33.0 raises (marked there).
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from io import BytesIO
from tempfile import NamedTemporaryFile

import aiohttp
import numpy as np
import pybase64 as base64
import pytest
import requests
from PIL import Image, ImageChops
from vllm.exceptions import VLLMUnprocessableEntityError
from vllm.multimodal.image import convert_image_mode

from tests.vllm import _util

MediaConnector: type = type(None)  # the class under test, set per run


@pytest.fixture(autouse=True, params=_util.CONNECTORS)
def _connector_under_test(request: pytest.FixtureRequest):
    global MediaConnector
    MediaConnector = _util.connector_class(request.param)
    yield


TEST_IMAGE_ASSETS = ["2560px-Gfp-wisconsin-madison-the-nature-boardwalk.jpg"]


def _image_equals(a: Image.Image, b: Image.Image) -> bool:
    return (np.asarray(a) == np.asarray(convert_image_mode(b, a.mode))).all()


@pytest.mark.asyncio
async def test_fetch_image_keep_original_mode():
    """media_io_kwargs can disable the default RGB conversion."""
    # RGBA image: opaque black pixel on a fully transparent background
    rgba_image = Image.new("RGBA", (4, 4), (0, 0, 0, 0))
    rgba_image.putpixel((2, 2), (0, 0, 0, 255))
    buffer = BytesIO()
    rgba_image.save(buffer, "PNG")
    data_url = f"data:image/png;base64,{base64.b64encode(buffer.getvalue()).decode('utf-8')}"

    # Default behavior: RGBA is composited onto a white background
    default_image = MediaConnector().fetch_image(data_url)
    assert default_image.mode == "RGB"
    assert default_image.getpixel((0, 0)) == (255, 255, 255)
    assert default_image.getpixel((2, 2)) == (0, 0, 0)

    # image_mode=None via media_io_kwargs: original mode is preserved
    connector = MediaConnector(media_io_kwargs={"image": {"image_mode": None}})
    image_sync = connector.fetch_image(data_url)
    image_async = await connector.fetch_image_async(data_url)
    for image in (image_sync, image_async):
        assert image.mode == "RGBA"
        assert image.getpixel((0, 0)) == (0, 0, 0, 0)
        assert image.getpixel((2, 2)) == (0, 0, 0, 255)


@pytest.mark.asyncio
async def test_fetch_image_local_files_relative_allowed_path(tmp_path, monkeypatch):
    media_dir = tmp_path / "media"
    media_dir.mkdir()
    image_path = media_dir / "image.png"
    Image.new("RGB", (1, 1), color=(255, 0, 0)).save(image_path)

    monkeypatch.chdir(tmp_path)
    local_connector = MediaConnector(allowed_local_media_path="media")

    image_sync = local_connector.fetch_image(image_path.as_uri())
    image_async = await local_connector.fetch_image_async(image_path.as_uri())

    assert image_sync.size == (1, 1)
    assert not ImageChops.difference(image_sync, image_async).getbbox()


@pytest.mark.asyncio
async def test_fetch_image_data_url_with_params():
    """RFC 2397 allows parameters between the mediatype and the base64
    marker; they must not be rejected or leak into the media type."""
    connector = MediaConnector()

    image = Image.new("RGB", (4, 4), color=(255, 0, 0))
    with NamedTemporaryFile(suffix=".png") as f:
        image.save(f.name)
        base64_image = base64.b64encode(f.read()).decode("utf-8")

    data_url = f"data:image/png;charset=utf-8;base64,{base64_image}"
    image_sync = connector.fetch_image(data_url)
    image_async = await connector.fetch_image_async(data_url)
    assert _image_equals(image_sync, image_async)


def test_fetch_image_data_url_malformed():
    connector = MediaConnector()

    with pytest.raises(ValueError, match="missing ','"):
        connector.fetch_image("data:image/png;base64")

    with pytest.raises(NotImplementedError, match="base64"):
        connector.fetch_image("data:text/plain,hello")

    # ";base64" requires the ";"; here "base64" is a (bogus) media type.
    with pytest.raises(NotImplementedError, match="base64"):
        connector.fetch_image("data:base64,aGVsbG8=")

    # Strict RFC 2397 grammar: lowercase "base64", no whitespace.
    with pytest.raises(NotImplementedError, match="base64"):
        connector.fetch_image("data:image/png;BASE64,aGVsbG8=")

    with pytest.raises(NotImplementedError, match="base64"):
        connector.fetch_image("data:image/png; base64,aGVsbG8=")


@pytest.mark.asyncio
async def test_fetch_image_error_conversion():
    connector = MediaConnector()
    broken_img = "data:image/png;base64,aGVsbG9fdmxsbV9jb21tdW5pdHkK"

    # PIL.UnidentifiedImageError should be converted to ValueError
    with pytest.raises(ValueError):
        await connector.fetch_image_async(broken_img)

    with pytest.raises(ValueError):
        connector.fetch_image(broken_img)


class _AssetHandler(BaseHTTPRequestHandler):
    """Serves one JPEG at /<TEST_IMAGE_ASSETS[0]>, 404 elsewhere (vLLM's asset server's
    behaviour for these tests)."""

    payload = b""

    def do_GET(self):
        if self.path != f"/{TEST_IMAGE_ASSETS[0]}":
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(len(self.payload)))
        self.end_headers()
        self.wfile.write(self.payload)

    def log_message(self, *args):
        pass


@pytest.fixture
def local_asset_server():
    buf = BytesIO()
    Image.new("RGB", (16, 16), (0, 128, 255)).save(buf, "JPEG")
    _AssetHandler.payload = buf.getvalue()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _AssetHandler)
    server.port = server.server_port
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()


# (One loop for the module: vLLM's global HTTP connection keeps its aiohttp session, which
# belongs to the loop that made it.)
@pytest.mark.asyncio(loop_scope="module")
async def test_ssrf_bypass_backslash_in_url(local_asset_server):
    """Verify that backslash-@ URL parsing confusion cannot bypass the
    allowed_media_domains check (GHSA-v359-jj2v-j536).

    urllib3.parse_url() and aiohttp/yarl disagree on how to parse a
    backslash before ``@``.  urllib3 treats ``\\`` as part of the path
    (encoding it as ``%5C``), while yarl treats it as a userinfo
    separator, changing the effective host.  The fix normalises the URL
    through urllib3 *before* handing it to aiohttp so both layers agree.
    """
    port = local_asset_server.port
    asset = TEST_IMAGE_ASSETS[0]

    # Craft the bypass payload: urllib3 sees host=127.0.0.1, but an
    # un-patched aiohttp would see host=example.com.
    bypass_url = f"http://127.0.0.1:{port}\\@example.com/{asset}"

    connector = MediaConnector(
        allowed_media_domains=["127.0.0.1"],
    )

    # After the fix the request is made to 127.0.0.1 (the local asset
    # server) using the normalised URL.  The normalised path will be
    # /%5C@example.com/<asset> which won't match any file the server
    # knows about, so we expect an HTTP error — but crucially NOT a
    # successful fetch from example.com.
    # (vLLM 0.33.0 wraps the 404 as VLLMUnprocessableEntityError, a 422; this copy's
    # original expected the transport's requests.HTTPError / aiohttp.ClientResponseError.)
    with pytest.raises(VLLMUnprocessableEntityError, match="HTTP 404") as info:
        connector.fetch_image(bypass_url)
    assert isinstance(info.value.__cause__, requests.exceptions.HTTPError)

    with pytest.raises(VLLMUnprocessableEntityError, match="HTTP 404") as info:
        await connector.fetch_image_async(bypass_url)
    assert isinstance(info.value.__cause__, aiohttp.ClientResponseError)


@pytest.mark.asyncio
async def test_ssrf_bypass_backslash_disallowed_domain():
    """The reverse direction: even when the *attacker-controlled* host
    appears in the urllib3-parsed hostname position the allowlist must
    still block it.
    """
    # urllib3.parse_url sees host=example.com which is NOT in the
    # allowlist, so this must be rejected before any request is made.
    bypass_url = "https://example.com\\@safe.example.org/image.png"

    connector = MediaConnector(
        allowed_media_domains=["safe.example.org"],
    )

    with pytest.raises(ValueError, match="allowed domains"):
        connector.fetch_image(bypass_url)

    with pytest.raises(ValueError, match="allowed domains"):
        await connector.fetch_image_async(bypass_url)


def _make_cached_connector(cache_dir, *, max_mb=10, ttl_hours=24):
    """Create a MediaConnector with caching enabled via monkeypatched internals.

    We bypass __init__'s env-var path and wire up the cache fields directly
    so tests don't depend on environment variables. URLs in these tests are
    only used as cache keys (hashed to derive filenames); no HTTP requests
    are made.
    """
    connector = MediaConnector()
    connector._media_cache_dir = cache_dir
    connector._media_cache_max_bytes = max_mb * 1024 * 1024
    connector._media_cache_ttl_secs = ttl_hours * 3600
    return connector


def test_cache_put_and_get(tmp_path):
    """Basic round-trip: put bytes, get them back."""
    connector = _make_cached_connector(str(tmp_path))
    url = "https://example.com/image.png"
    data = b"fake-image-bytes"

    connector._put_cached_bytes(url, data)
    cached = connector._get_cached_bytes(url)
    assert cached == data


@pytest.mark.asyncio
async def test_cached_bytes_are_decoded(tmp_path):
    """(fastmedia's addition) A cached URL is decoded from the cache, not fetched: the
    parent's media cache serves both connectors."""
    connector = _make_cached_connector(str(tmp_path))
    url = "https://example.invalid/cached.png"
    buf = BytesIO()
    Image.new("RGB", (3, 2), (1, 2, 3)).save(buf, "PNG")
    connector._put_cached_bytes(url, buf.getvalue())
    for image in (connector.fetch_image(url), await connector.fetch_image_async(url)):
        assert image.size == (3, 2)
        assert image.getpixel((0, 0)) == (1, 2, 3)
