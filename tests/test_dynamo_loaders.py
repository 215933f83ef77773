"""fastmedia.dynamo's ImageLoader/AudioLoader/VideoLoader: Dynamo 1.6.1's behaviour over
fastmedia (images equal to Dynamo's Image.open().convert("RGB"), its error types and statuses,
the LRU with in-flight coalescing), against a local HTTP server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import base64
import io
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np
import pytest
from PIL import Image

from fastmedia.dynamo import AudioLoader, ImageLoader
from fastmedia.dynamo._compat import HttpStatusError, UrlValidationError, UrlValidationPolicy
from tests.helpers import encode, photo_rgb

LOCAL = UrlValidationPolicy(allow_http=True, allow_private_ips=True)
pytestmark = pytest.mark.loopback_only  # LOCAL loosens the policy: loopback-only netns


def images() -> dict[str, bytes]:
    rgb = Image.fromarray(photo_rgb(48, 32, seed=3))
    return {
        "rgb.png": encode(rgb, "PNG"),
        "rgba.png": encode(rgb.convert("RGBA"), "PNG"),
        "gray.png": encode(rgb.convert("L"), "PNG"),
        "photo.jpg": encode(rgb, "JPEG", quality=90),
        "photo.webp": encode(rgb, "WEBP", quality=80),
    }


def dynamo_reference(data: bytes) -> np.ndarray:
    """What Dynamo's ImageLoader._open_image_sync returns."""
    im = Image.open(io.BytesIO(data), formats=["JPEG", "PNG", "WEBP"])
    return np.asarray(im.convert("RGB"))


@pytest.fixture(scope="module")
def server():
    files = dict(images(), **{"anim.gif": encode(Image.new("RGB", (4, 4)), "GIF")})
    files["trunc.png"] = files["rgb.png"][:200]
    hits: dict[str, int] = {}
    gate = threading.Event()
    gate.set()

    class H(BaseHTTPRequestHandler):
        def do_GET(self):
            name = self.path.lstrip("/")
            hits[name] = hits.get(name, 0) + 1
            gate.wait(30)
            body = files.get(name)
            self.send_response(200 if body is not None else 404)
            self.send_header("Content-Length", str(len(body or b"")))
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *a):
            pass

    srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    base = f"http://127.0.0.1:{srv.server_address[1]}/"
    yield base, files, hits, gate
    srv.shutdown()
    srv.server_close()
    t.join(10)


def data_url(data: bytes, mime: str = "image/png") -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


@pytest.mark.parametrize("name", sorted(images()))
def test_images_equal_dynamo_decode(server, name):
    base, files, _, _ = server
    ld = ImageLoader(url_policy=LOCAL)
    want = dynamo_reference(files[name])
    got = asyncio.run(ld.load_image_batch([{"Url": base + name}, {"Url": data_url(files[name])}]))
    for im in got:
        assert im.mode == "RGB"
        np.testing.assert_array_equal(np.asarray(im), want)


def test_errors_are_dynamo_types_with_client_statuses(server):
    base, _, _, _ = server

    async def status(url: str, policy=LOCAL):
        with pytest.raises((HttpStatusError, ValueError)) as ei:
            await ImageLoader(url_policy=policy).load_image_batch([{"Url": url}])
        return getattr(ei.value, "status", 400), type(ei.value)

    async def go():
        assert await status(base + "anim.gif") == (415, HttpStatusError)
        assert (await status(base + "trunc.png"))[0] == 400
        assert await status(base + "missing.png") == (404, HttpStatusError)
        # Dynamo's default policy (DYN_MM_ALLOW_INTERNAL unset): no http, no loopback.
        assert (await status(base + "rgb.png", UrlValidationPolicy()))[1] is UrlValidationError
        assert (await status("https://127.0.0.1/x.png", UrlValidationPolicy()))[
            1
        ] is UrlValidationError
        assert (await status("data:text/plain;base64,aGk="))[0] == 400
        assert (await status("file:///etc/passwd"))[0] == 400

    asyncio.run(go())


def test_lru_coalesces_concurrent_loads_and_caches(server):
    base, _, hits, gate = server
    ld = ImageLoader(cache_size=2, url_policy=LOCAL)
    url = base + "photo.jpg"

    async def go():
        gate.clear()  # the first fetch waits at the server while the others join it
        tasks = [asyncio.ensure_future(ld.load_image(url)) for _ in range(8)]
        await asyncio.sleep(0)
        gate.set()
        got = await asyncio.gather(*tasks)
        assert all(im is got[0] for im in got)
        assert await ld.load_image(url + "#frag") is got[0]  # fragment not in the key
        return got

    before = hits.get("photo.jpg", 0)
    asyncio.run(go())
    assert hits["photo.jpg"] - before == 1
    assert ld.cache_entries == 1


def test_uuid_only_slots(server):
    base, _, _, _ = server
    ld = ImageLoader(url_policy=LOCAL)
    items = [{"UuidOnly": "abc"}, {"Url": base + "rgb.png"}]
    with pytest.raises(ValueError, match="preserve_uuid_slots"):
        asyncio.run(ld.load_image_batch(items))
    out = asyncio.run(ld.load_image_batch(items, preserve_uuid_slots=True))
    assert out[0] is None and out[1].size == (48, 32)
    with pytest.raises(ValueError, match="enable_frontend_decoding"):
        asyncio.run(ld.load_image_batch([{"Decoded": {}}]))


def test_audio_url_is_librosa_native_rate(tmp_path):
    sf = pytest.importorskip("soundfile")
    librosa = pytest.importorskip("librosa")
    t = np.arange(8000) / 8000.0
    buf = io.BytesIO()
    sf.write(buf, (0.3 * np.sin(2 * np.pi * 440 * t)).astype(np.float32), 8000, format="WAV")
    wav = buf.getvalue()
    ((wave, sr),) = asyncio.run(
        AudioLoader(url_policy=LOCAL).load_audio_batch([{"Url": data_url(wav, "audio/wav")}])
    )
    ref, rsr = librosa.load(io.BytesIO(wav), sr=None)
    assert sr == float(rsr) == 8000.0
    np.testing.assert_allclose(wave, ref, atol=1e-6)
    with pytest.raises(HttpStatusError) as ei:
        asyncio.run(AudioLoader(url_policy=LOCAL).load_audio_batch([{"Url": data_url(b"junk")}]))
    assert 400 <= ei.value.status < 500
