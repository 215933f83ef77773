"""fastmedia.dynamo's ImageLoader/AudioLoader/VideoLoader: Dynamo 1.6.1's behaviour over
fastmedia (images equal to Dynamo's Image.open().convert("RGB"), its error types and statuses,
the LRU with in-flight coalescing), against a local HTTP server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import base64
import io
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np
import pytest
from PIL import Image

from fastmedia.dynamo import AudioLoader, ImageLoader, VideoLoader
from fastmedia.dynamo._compat import HttpStatusError, UrlValidationError, UrlValidationPolicy
from fastmedia.errors import ClosedError
from fastmedia.media.decoder import Decoder
from tests.helpers import encode, photo_rgb

LOCAL = UrlValidationPolicy(allow_http=True, allow_private_ips=True)
pytestmark = pytest.mark.loopback_only  # LOCAL loosens the policy: loopback-only netns
_OPEN: list = []


def opened(loader):
    """A loader closed after the test (its HTTP sessions with it)."""
    _OPEN.append(loader)
    return loader


@pytest.fixture(autouse=True)
def _close_loaders():
    yield
    while _OPEN:
        _OPEN.pop().close()


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
    ld = opened(ImageLoader(url_policy=LOCAL))
    want = dynamo_reference(files[name])
    got = asyncio.run(ld.load_image_batch([{"Url": base + name}, {"Url": data_url(files[name])}]))
    for im in got:
        assert im.mode == "RGB"
        np.testing.assert_array_equal(np.asarray(im), want)


def test_errors_are_dynamo_types_with_client_statuses(server):
    base, _, _, _ = server

    async def status(url: str, policy=LOCAL):
        with pytest.raises((HttpStatusError, ValueError)) as ei:
            await opened(ImageLoader(url_policy=policy)).load_image_batch([{"Url": url}])
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
    ld = opened(ImageLoader(cache_size=2, url_policy=LOCAL))
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
    ld = opened(ImageLoader(url_policy=LOCAL))
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
        opened(AudioLoader(url_policy=LOCAL)).load_audio_batch(
            [{"Url": data_url(wav, "audio/wav")}]
        )
    )
    ref, rsr = librosa.load(io.BytesIO(wav), sr=None)
    assert sr == float(rsr) == 8000.0
    np.testing.assert_allclose(wave, ref, atol=1e-6)
    with pytest.raises(HttpStatusError) as ei:
        asyncio.run(
            opened(AudioLoader(url_policy=LOCAL)).load_audio_batch([{"Url": data_url(b"junk")}])
        )
    assert 400 <= ei.value.status < 500


def wav_bytes(sr: int = 16000) -> bytes:
    import wave

    t = np.arange(sr // 2) / sr
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(sr)
        w.writeframes((0.3 * np.sin(2 * np.pi * 440 * t) * 32767).astype("<i2").tobytes())
    return buf.getvalue()


@pytest.fixture(scope="module")
def clip(tmp_path_factory) -> bytes:
    """A 1 s 64x48 H.264 clip made with the ffmpeg CLI (.ci/setup installs it)."""
    out = tmp_path_factory.mktemp("clip") / "clip.mp4"
    src = "testsrc2=size=64x48:rate=10:duration=1"
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", src, "-pix_fmt", "yuv420p", str(out)],
        check=True,
        timeout=60,
    )
    return out.read_bytes()


@pytest.mark.requires_nixl
def test_decoded_video_and_audio_items_equal_url_items(clip):
    """``Decoded`` video and audio items (a fastmedia Frontend's descriptors, read over NIXL)
    give what the same media as ``Url`` items give: vLLM's frames and metadata, the
    waveform and rate."""
    from fastmedia import Frontend
    from fastmedia.transfer.reader import Reader

    wav = wav_bytes()
    with Frontend(pool_bytes=32 << 20) as fe, Reader() as rd:
        m_video = fe.decode_video(clip, num_frames=4)
        m_audio = fe.decode_audio(wav)
        with (
            VideoLoader(enable_frontend_decoding=True, reader=rd) as vl,
            AudioLoader(enable_frontend_decoding=True, reader=rd) as al,
        ):
            (f1, meta1), (f2, meta2) = asyncio.run(
                vl.load_video_batch(
                    [{"Decoded": m_video.descriptor}, {"Url": data_url(clip, "video/mp4")}],
                    {"num_frames": 4},
                )
            )
            (w1, sr1), (w2, sr2) = asyncio.run(
                al.load_audio_batch(
                    [{"Decoded": m_audio.descriptor}, {"Url": data_url(wav, "audio/wav")}]
                )
            )
    assert f1.shape == (4, 48, 64, 3)
    np.testing.assert_array_equal(f1, f2)
    assert meta1 == meta2
    assert sr1 == sr2 == 16000.0
    np.testing.assert_array_equal(w1, w2)


def test_video_url_items(server, clip):
    base, files, _, _ = server
    files["clip.mp4"] = clip
    files["junk.mp4"] = b"\x00\x00\x00\x18ftypmp42" + b"junk" * 64
    want = Decoder(channels="rgb").decode_video(clip, num_frames=3)
    with VideoLoader(num_frames=3, url_policy=LOCAL) as vl:
        got = asyncio.run(
            vl.load_video_batch([{"Url": base + "clip.mp4"}, {"Url": data_url(clip, "video/mp4")}])
        )
        for frames, meta in got:
            np.testing.assert_array_equal(frames, want.frames)
            assert meta == want.metadata
        for bad in (base + "junk.mp4", base + "missing.mp4"):
            with pytest.raises(HttpStatusError) as ei:
                asyncio.run(vl.load_video_batch([{"Url": bad}]))
            assert 400 <= ei.value.status < 500


def test_close_closes_fetchers_and_own_reader_only(server):
    """``close``/``aclose`` close the HTTP sessions (no "Unclosed client session" at exit)
    and a Reader the loader built, not one passed in; loading afterwards is refused."""
    base, _, _, _ = server
    ld = ImageLoader(url_policy=LOCAL)
    asyncio.run(ld.load_image(base + "rgb.png"))
    fetchers = list(ld._fetchers.values())
    assert fetchers and all(f._session is not None for f in fetchers)
    ld.close()
    assert all(f._closed for f in fetchers)
    with pytest.raises(ClosedError):
        asyncio.run(ld.load_image(base + "rgb.png"))  # even a cached URL
    ld.close()  # idempotent

    async def scoped() -> AudioLoader:
        async with AudioLoader(url_policy=LOCAL) as al:
            await al.load_audio(data_url(wav_bytes(), "audio/wav"))
        return al

    al = asyncio.run(scoped())
    assert al._closed


@pytest.mark.requires_nixl
def test_close_leaves_a_shared_reader_open():
    from fastmedia.transfer.reader import Reader

    with Reader() as rd:
        with ImageLoader(enable_frontend_decoding=True, reader=rd):
            pass
        assert not rd._engine.closed
        own = ImageLoader(enable_frontend_decoding=True)
        own_reader = own._media.reader
        own.close()
        assert own_reader._engine.closed
