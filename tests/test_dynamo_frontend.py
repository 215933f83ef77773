"""fastmedia.dynamo inside a real Dynamo 1.6.1 deployment (issue 19): Dynamo's Rust HTTP
frontend decodes each request's images and hands the worker ``{"Decoded": ...}`` descriptors;
the worker (fastmedia/demo/_worker.py) reads them with ``fastmedia.dynamo.ImageLoader`` and
records what it got. Runs in .venv-dynamo (``.ci/test``); fastmedia/demo/_deploy.py is the
harness (also behind ``python -m fastmedia demo --dynamo``). Everything listens on 127.0.0.1 only.
"""

from __future__ import annotations

import base64
import collections
import contextlib
import io
import os
import shutil
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

pytest.importorskip("dynamo.frontend", reason="needs .venv-dynamo (ai-dynamo 1.6.1)")

from fastmedia.demo._deploy import (
    MODEL,
    STUB_MESSAGE,
    URL_MODEL,
    Answer,
    Deployment,
    DeploymentError,
)
from fastmedia.media.decoder import Decoder, content_hash
from tests.helpers import encode, photo_rgb, wav_bytes

pytestmark = pytest.mark.timeout(600)

TALLY: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
READ_TIMES: list[tuple[int, float]] = []
BAD_STATUS: dict[str, int] = {}  # bad-media case -> the status the client got
STALE_RAW: list[str] = []  # what an unverified read of a stale descriptor gave


def images(seed: int = 3, w: int = 48, h: int = 32) -> dict[str, bytes]:
    rgb = Image.fromarray(photo_rgb(w, h, seed=seed))
    return {
        "rgb.png": encode(rgb, "PNG"),
        "rgba.png": encode(rgb.convert("RGBA"), "PNG"),
        "gray.png": encode(rgb.convert("L"), "PNG"),
        "photo.jpg": encode(rgb, "JPEG", quality=90),
        "photo.webp": encode(rgb, "WEBP", quality=80),
    }


JPEG_FALLBACK = "libturbojpeg could not be loaded"  # in the frontend's log: no libjpeg-turbo
MIME = {"png": "image/png", "jpg": "image/jpeg", "webp": "image/webp"}


def data_url(name: str, data: bytes) -> str:
    mime = MIME.get(name.rsplit(".", 1)[-1], "application/octet-stream")
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


def reference(data: bytes) -> np.ndarray:
    """What Dynamo's ImageLoader returns for these bytes: Image.open(...).convert("RGB")."""
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


def pil_rgb(a: np.ndarray) -> np.ndarray:
    """Dynamo's ImageLoader conversion of a frontend-decoded array."""
    a = a[..., 0] if a.ndim == 3 and a.shape[-1] == 1 else a
    return np.asarray(Image.fromarray(a).convert("RGB"))


def native(data: bytes) -> np.ndarray:
    """The frontend's decoded array: the file's own channels (gray as H x W x 1)."""
    a = np.asarray(Image.open(io.BytesIO(data)))
    return a[..., None] if a.ndim == 2 else a


def mp4_bytes(tmp: Path) -> bytes:
    out = tmp / "clip.mp4"
    subprocess.run(
        [
            *("ffmpeg", "-v", "error", "-y", "-f", "lavfi"),
            *("-i", "testsrc2=size=64x48:rate=10:duration=1"),
            *("-c:v", "libx264", "-pix_fmt", "yuv420p", str(out)),
        ],
        check=True,
        timeout=60,
    )
    return out.read_bytes()


@pytest.fixture(scope="module")
def media(tmp_path_factory):
    """A local HTTP server on 127.0.0.1 with the test media; (base URL, files)."""
    files = dict(images())
    files["trunc.png"] = files["rgb.png"][:100]
    files["junk.mp4"] = b"\x00\x00\x00\x18ftypmp42" + b"junk" * 64
    files["tone.wav"] = wav_bytes()
    if shutil.which("ffmpeg"):
        files["clip.mp4"] = mp4_bytes(tmp_path_factory.mktemp("video"))

    class H(BaseHTTPRequestHandler):
        def do_GET(self):
            body = files.get(self.path.lstrip("/"))
            self.send_response(200 if body is not None else 404)
            self.send_header("Content-Length", str(len(body or b"")))
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *a):
            pass

    srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/", files
    srv.shutdown()
    srv.server_close()
    t.join(10)


@pytest.fixture(scope="module")
def dep(tmp_path_factory, request):
    d = Deployment(tmp_path_factory.mktemp("dynamo")).start()
    yield d
    alive = d.alive()
    d.stop()
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    with capture.global_and_fixture_disabled() if capture else contextlib.nullcontext():
        print("\n" + "\n".join(summary_lines()), flush=True)
    assert alive, "a deployment process died during the tests" + d.logs_text()


def summary_lines() -> list[str]:
    lines = ["fastmedia.dynamo in a real Dynamo 1.6.1 deployment:"]
    lines.append(f"{'test':<34}{'requests':>9}{'items exact':>13}  errors by status")
    for name, c in TALLY.items():
        errs = ", ".join(
            f"{k[4:]}: {v}" for k, v in sorted(c.items()) if k.startswith("http") and k != "http200"
        )
        if c["TransferError"]:
            errs = f"TransferError (worker): {c['TransferError']}" + (f", {errs}" if errs else "")
        lines.append(f"{name:<34}{c['sent']:>9}{c['exact']:>13}  {errs or '-'}")
    if BAD_STATUS:
        lines.append("bad media: " + ", ".join(f"{k} {v}" for k, v in BAD_STATUS.items()))
    for r in STALE_RAW:
        lines.append(f"stale descriptor read unverified (Reader(verify_hash=False)): {r}")
    if READ_TIMES:
        first = [t for i, t in READ_TIMES if i == 0]
        rest = sorted(t for i, t in READ_TIMES if i > 0)
        if first:
            lines.append(f"worker: first Decoded read {first[0] * 1e3:.1f} ms")
        if rest:
            med, p90 = rest[len(rest) // 2], rest[int(len(rest) * 0.9)]
            lines.append(
                f"worker: steady-state reads (n={len(rest)}): median {med * 1e3:.2f} ms, "
                f"p90 {p90 * 1e3:.2f} ms, max {rest[-1] * 1e3:.2f} ms"
            )
    return lines


def send(
    dep: Deployment, tally: str, parts: list[dict], words: str = "describe", model: str = MODEL
) -> Answer:
    s = dep.request(parts, words, model)
    TALLY[tally]["sent"] += 1
    TALLY[tally][f"http{s.status}"] += 1
    if s.record is not None and "read_s" in s.record:
        READ_TIMES.append((s.record["read_index"], s.record["read_s"]))
    return s


def image_part(url: str) -> dict:
    return {"type": "image_url", "image_url": {"url": url}}


def check_images(s: Answer, datas: list[bytes]) -> int:
    """The worker read every image as ``Decoded``: the pixels the frontend decoded (its
    ``content_hash``), equal to Pillow's decode of the file, and the loader's PIL image is
    Dynamo's RGB conversion of them. Returns the number checked."""
    assert s.status == 200, s.body
    rec = s.record
    assert rec is not None and "error" not in rec, rec and rec.get("error")
    assert rec["variants"] == ["Decoded"] * len(datas), rec["variants"]
    for k, (desc, raw, data) in enumerate(zip(rec["descriptors"], rec["raw"], datas, strict=True)):
        assert raw["content_hash"] == desc["content_hash"], (raw, desc)
        got, pixels = s.array(f"image{k}"), s.array(f"raw{k}")
        np.testing.assert_array_equal(got, pil_rgb(pixels))
        want = native(data)
        assert pixels.shape == want.shape
        if data.startswith(b"\xff\xd8") and JPEG_FALLBACK in s.dep.log("frontend"):
            # Without libturbojpeg Dynamo's frontend decodes JPEG with the image crate:
            # other pixels than Pillow's libjpeg-turbo (.ci/setup installs libturbojpeg0).
            diff = np.abs(pixels.astype(np.int16) - want.astype(np.int16))
            assert diff.mean() < 2.0, (diff.mean(), diff.max())
            continue
        np.testing.assert_array_equal(pixels, want)
        np.testing.assert_array_equal(got, reference(data))
        assert desc["content_hash"] == content_hash(want)
    return len(datas)


@pytest.mark.parametrize("name", sorted(images()))
def test_data_and_http_url_images_read_exact(dep, media, name):
    base, files = media
    parts = [image_part(data_url(name, files[name])), image_part(base + name)]
    s = send(dep, "data: + http URL images", parts)
    TALLY["data: + http URL images"]["exact"] += check_images(s, [files[name]] * 2)


def test_several_images_per_request_in_order(dep, media):
    base, files = media
    names = sorted(images())
    parts = [
        image_part(base + n) if i % 2 else image_part(data_url(n, files[n]))
        for i, n in enumerate(names)
    ]
    s = send(dep, "5 images per request", parts)
    TALLY["5 images per request"]["exact"] += check_images(s, [files[n] for n in names])


def test_concurrent_requests_all_exact(dep, media):
    n = 24
    names = ["rgb.png", "photo.webp", "rgba.png", "photo.jpg"]
    datas = [(names[i % 4], images(seed=100 + i, w=40 + i, h=30)[names[i % 4]]) for i in range(n)]
    with ThreadPoolExecutor(n) as ex:
        sent = list(
            ex.map(lambda nd: send(dep, "24 concurrent", [image_part(data_url(*nd))]), datas)
        )
    for s, (_, data) in zip(sent, datas, strict=True):
        TALLY["24 concurrent"]["exact"] += check_images(s, [data])


@pytest.mark.skipif(not shutil.which("ffmpeg"), reason="the ffmpeg CLI makes the clip")
def test_video_audio_and_image_urls_reach_the_loaders(dep, media):
    """Dynamo 1.6.1's frontend decodes images only (and a model registered with a media
    decoder gets a 500 for video or audio: the PyPI wheel lacks media-ffmpeg), so video and
    audio go to a model without one: every item reaches the worker as a Url, which
    fastmedia.dynamo's loaders fetch and decode."""
    base, files = media
    parts = [
        image_part(data_url("rgb.png", files["rgb.png"])),
        {"type": "video_url", "video_url": {"url": base + "clip.mp4"}},
        {"type": "audio_url", "audio_url": {"url": base + "tone.wav"}},
    ]
    s = send(dep, "Url items: image, video, audio", parts, model=URL_MODEL)
    assert s.status == 200, s.body
    rec = s.record
    assert "error" not in rec, rec.get("error")
    assert (rec["variants"], rec["variants_videos"], rec["variants_audios"]) == (
        ["Url"],
        ["Url"],
        ["Url"],
    )
    np.testing.assert_array_equal(s.array("image0"), reference(files["rgb.png"]))
    dec = Decoder(channels="rgb")
    clip = dec.decode_video(files["clip.mp4"], num_frames=4)
    assert clip.frames.shape[0] == 4
    np.testing.assert_array_equal(s.array("video0"), clip.frames)
    audio = dec.decode_audio(files["tone.wav"])
    assert rec["audios"][0]["sr"] == float(audio.sample_rate) == 16000.0
    np.testing.assert_array_equal(s.array("audio0"), audio.samples)
    TALLY["Url items: image, video, audio"]["exact"] += 3


def test_bad_media_gets_4xx_and_the_worker_keeps_serving(dep, media):
    base, files = media
    bad = {
        "corrupt data: image": [image_part(data_url("x.png", files["trunc.png"]))],
        "truncated http image": [image_part(base + "trunc.png")],
        "missing http image": [image_part(base + "missing.png")],
        "not an image": [image_part(data_url("x.png", b"hello"))],
    }
    url_model = {  # these reach the worker, whose loaders raise Dynamo's error types
        "junk video URL": [{"type": "video_url", "video_url": {"url": base + "junk.mp4"}}],
        "missing audio URL": [{"type": "audio_url", "audio_url": {"url": base + "nope.wav"}}],
        "junk audio URL": [{"type": "audio_url", "audio_url": {"url": base + "junk.mp4"}}],
        "corrupt data: image (worker)": [image_part(data_url("x.png", files["trunc.png"]))],
    }
    for what, parts in [*bad.items(), *url_model.items()]:
        model = URL_MODEL if what in url_model else MODEL
        s = send(dep, "bad media, then good", parts, model=model)
        assert 400 <= s.status < 500, f"{what}: {s.status} {s.body}"
        BAD_STATUS[what] = s.status
        s = send(dep, "bad media, then good", [image_part(base + "rgb.png")])
        TALLY["bad media, then good"]["exact"] += check_images(s, [files["rgb.png"]])
    assert dep.alive()


def test_descriptor_read_after_its_request_ended_is_a_transfer_error(dep, media):
    """Dynamo's frontend frees a request's images when it ends and reuses the memory; a
    saved descriptor read later must fail (content_hash), never give another image's
    pixels."""
    a = images(seed=7)["rgb.png"]
    s = send(dep, "stale descriptor", [image_part(data_url("a.png", a))], "save")
    TALLY["stale descriptor"]["exact"] += check_images(s, [a])
    for seed in range(8, 12):  # the same size: the frontend's allocator reuses A's memory
        b = images(seed=seed)["rgb.png"]
        s = send(dep, "stale descriptor", [image_part(data_url("b.png", b))])
        TALLY["stale descriptor"]["exact"] += check_images(s, [b])
    mismatches = s.record["reader"].get("hash_mismatches", 0)
    s = send(dep, "stale descriptor", [], "stale")
    assert s.status == 200, s.body
    assert s.record["reader"].get("hash_mismatches", 0) == mismatches + 1
    err = s.record.get("error")
    assert err is not None, f"a stale read returned pixels: {s.record.get('images')}"
    assert err["type"] == "TransferError" and err["module"].startswith("fastmedia"), err
    TALLY["stale descriptor"]["TransferError"] += 1
    # The danger is real: the same read unverified (a plain NIXL READ) completed and handed
    # out other pixels than the descriptor's.
    (raw,) = s.record["unverified"]
    want_hash = content_hash(native(a))
    assert "error" in raw or raw["content_hash"] != want_hash, raw
    STALE_RAW.append(raw.get("error") or "other pixels, no error")
    s = send(dep, "stale descriptor", [image_part(data_url("a.png", a))])  # still serving
    TALLY["stale descriptor"]["exact"] += check_images(s, [a])


def test_stub_mode_is_reported_not_hung(tmp_path, monkeypatch):
    """Without nixl-cu12's libraries the frontend runs in NIXL stub mode and the model never
    appears: the harness says so instead of waiting."""
    monkeypatch.setenv("FASTMEDIA_TEST_NIXL_STUB", "1")
    d = Deployment(tmp_path)
    with pytest.raises(DeploymentError) as ei:
        d.start(timeout_s=90)
    assert STUB_MESSAGE in str(ei.value), str(ei.value)[-3000:]
    assert not any(p.poll() is None for p in d.procs.values())
    assert os.path.isdir(tmp_path)


def test_demo_dynamo_runs_the_real_frontend_path(tmp_path):
    """``python -m fastmedia demo --dynamo``: the packaged photos through Dynamo's frontend,
    every read exact (content_hash), video and audio Url items equal a local decode."""
    env = dict(os.environ)
    env.pop("FASTMEDIA_CORPUS", None)
    r = subprocess.run(
        [sys.executable, "-m", "fastmedia", "demo", "--dynamo", "--items", "8"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, (r.stdout, r.stderr)
    assert "= frontend content_hash (exact)        8" in r.stdout, r.stdout
    assert "video + audio Url items                  2" in r.stdout, r.stdout
