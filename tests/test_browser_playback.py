"""The clips fastmedia.Encoder writes play in a real browser (issue 21): headless Chromium
(Debian's ``chromium``, which .ci/setup installs) loads a page from a loopback HTTP server
with one ``<video>`` per clip. The page reads ``videoWidth``/``videoHeight``/``duration``,
seeks to a middle frame, draws the video to a canvas and POSTs everything back as PNG; the
test waits for that POST (an event, not a sleep) and compares the pixels with the source
by PSNR.

Debian's chromium 156 plays H.264 here; a build without the proprietary codecs must refuse
that clip as unsupported (``canPlayType`` empty, media error 4), and the H.264 check is
then skipped with that reason. AV1 (SVT-AV1 in MP4 and WebM, rav1e in MP4 and at an odd
size) and VP9 (WebM and MP4) must play.
"""

from __future__ import annotations

import base64
import http.server
import io
import json
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from fastmedia import Encoder, has_video_encoder

from .test_encode import clip, psnr

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="needs Debian's chromium (installed by .ci/setup)"
)

FPS = 16
# (name, codec, container, frames, height, width, MIME type with codecs for canPlayType)
CLIPS = [
    ("h264_mp4", "h264", "mp4", 12, 96, 128, 'video/mp4; codecs="avc1.42E01E"'),
    ("av1_mp4", "av1", "mp4", 12, 96, 128, 'video/mp4; codecs="av01.0.04M.08"'),
    ("av1_webm", "av1", "webm", 12, 96, 128, 'video/webm; codecs="av01.0.04M.08"'),
    ("av1_odd_mp4", "av1", "mp4", 12, 35, 51, 'video/mp4; codecs="av01.0.04M.08"'),
    ("rav1e_mp4", "rav1e", "mp4", 12, 96, 128, 'video/mp4; codecs="av01.0.04M.08"'),
    ("vp9_webm", "vp9", "webm", 12, 96, 128, 'video/webm; codecs="vp9"'),
    ("vp9_mp4", "vp9", "mp4", 12, 96, 128, 'video/mp4; codecs="vp09.00.10.08"'),
]
# The frame the page seeks to (the middle of its display interval).
SEEK_FRAME = 7
# 4:2:0, the codec and the browser's own YUV->RGB conversion: default quality keeps this.
PSNR_FLOOR = 30.0

PAGE = """<!doctype html><html><body><script>
const clips = %s;
async function one(c) {
  const r = {name: c.name, canPlay: document.createElement("video").canPlayType(c.type)};
  const v = document.createElement("video");
  // A blob: http.server answers no Range requests, and without them Chromium cannot seek.
  const blob = await (await fetch(c.url)).blob();
  v.muted = true; v.preload = "auto"; v.src = URL.createObjectURL(blob);
  document.body.appendChild(v);
  const ok = await new Promise(res => {
    v.onloadeddata = () => res(true);
    v.onerror = () => res(false);
  });
  if (!ok) { r.error = v.error ? v.error.code : -1; return r; }
  r.width = v.videoWidth; r.height = v.videoHeight; r.duration = v.duration;
  // Drawn once a frame is presented after the seek ('seeked' may come first); the callback
  // is registered first, so that presentation cannot be missed. Registered after 'seeked',
  // it never fired here.
  const shown = new Promise(res => v.requestVideoFrameCallback((n, m) => res(m.mediaTime)));
  await new Promise(res => { v.onseeked = res; v.currentTime = c.seek; });
  r.mediaTime = await shown;
  r.currentTime = v.currentTime;
  const cv = document.createElement("canvas");
  cv.width = v.videoWidth; cv.height = v.videoHeight;
  cv.getContext("2d").drawImage(v, 0, 0);
  r.png = cv.toDataURL("image/png");
  return r;
}
(async () => {
  const out = [];
  for (const c of clips) {
    try { out.push(await one(c)); } catch (e) { out.push({name: c.name, exc: String(e)}); }
  }
  await fetch("/results", {method: "POST", body: JSON.stringify(out)});
})();
</script></body></html>"""


def _serve(root: Path, got: dict, done: threading.Event) -> http.server.ThreadingHTTPServer:
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **kw):
            super().__init__(*a, directory=str(root), **kw)

        def do_POST(self):  # http.server's naming
            n = int(self.headers["Content-Length"])
            got["results"] = json.loads(self.rfile.read(n))
            self.send_response(204)
            self.end_headers()
            done.set()

        def log_message(self, *a):
            pass

    http.server.SimpleHTTPRequestHandler.extensions_map.update(
        {".mp4": "video/mp4", ".webm": "video/webm"}
    )
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


@pytest.fixture(scope="module")
def played():
    """Encodes every clip, plays them all in one headless Chromium page; returns
    ``{name: (source frames, page result)}``."""
    enc = Encoder(threads=2)
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        sources, specs = {}, []
        for name, codec, container, t, h, w, mime in CLIPS:
            if not has_video_encoder(codec):
                continue
            frames = clip(t, h, w, seed=len(sources))
            v = enc.encode_video(frames, fps=FPS, codec=codec, container=container)
            (root / f"{name}.{container}").write_bytes(v.data)
            sources[name] = frames
            seek = (SEEK_FRAME + 0.5) / FPS
            specs.append(
                {
                    "name": name,
                    "url": f"/{name}.{container}",
                    "type": mime,
                    "seek": seek,
                }
            )
        (root / "index.html").write_text(PAGE % json.dumps(specs))
        got: dict = {}
        done = threading.Event()
        srv = _serve(root, got, done)
        profile = tempfile.mkdtemp(prefix="fastmedia-chromium-")
        args = [
            CHROMIUM,
            "--headless",
            "--no-sandbox",  # root in CI containers
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--mute-audio",
            f"--user-data-dir={profile}",
            f"http://127.0.0.1:{srv.server_address[1]}/index.html",
        ]
        env = dict(os.environ, HOME=profile)
        proc = subprocess.Popen(
            args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True
        )
        try:
            # Generous: a cold Chromium start on a loaded 2-core machine.
            finished = done.wait(90)
        finally:
            proc.kill()
            _, err = proc.communicate(timeout=60)
            srv.shutdown()
            srv.server_close()
            shutil.rmtree(profile, ignore_errors=True)
            enc.close()
        assert finished, f"Chromium posted no results; stderr tail:\n{err[-3000:]}"
    results = {r["name"]: r for r in got["results"]}
    return {n: (sources[n], results[n]) for n in sources}


def _png(data_url: str) -> np.ndarray:
    raw = base64.b64decode(data_url.split(",", 1)[1])
    return np.asarray(Image.open(io.BytesIO(raw)).convert("RGB"))


@pytest.mark.parametrize("name", [c[0] for c in CLIPS])
def test_clip_plays_in_chromium(played, name):
    if name not in played:
        assert not has_video_encoder(name.split("_")[0])
        pytest.skip(f"this build has no {name.split('_')[0]} encoder")
    frames, r = played[name]
    assert "exc" not in r, r["exc"]
    if name.startswith("h264") and r["canPlay"] == "":
        # Debian's chromium has no proprietary codecs: it must refuse the clip cleanly
        # (MEDIA_ERR_SRC_NOT_SUPPORTED), not show garbage.
        assert r.get("error") == 4, r
        pytest.skip("this Chromium plays no H.264 (built without proprietary codecs)")
    assert r["canPlay"] in ("probably", "maybe"), r
    assert "error" not in r, f"media error {r.get('error')}"
    t, h, w = frames.shape[:3]
    assert (r["width"], r["height"]) == (w, h)
    assert abs(r["duration"] - t / FPS) < 0.5 / FPS
    shown = _png(r["png"])
    assert shown.shape == (h, w, 3)
    assert abs(r["currentTime"] - (SEEK_FRAME + 0.5) / FPS) < 1e-3, r["currentTime"]
    # The sought frame, not a neighbour: closer to frame SEEK_FRAME than to any other.
    scores = [psnr(shown, f) for f in frames]
    assert int(np.argmax(scores)) == SEEK_FRAME, scores
    assert scores[SEEK_FRAME] > PSNR_FLOOR, scores
