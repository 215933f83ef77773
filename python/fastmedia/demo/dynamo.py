"""``python -m fastmedia demo --dynamo``: the demo through a real Dynamo 1.6.1 deployment.

Dynamo's Rust HTTP frontend (``python -m dynamo.frontend``, on 127.0.0.1) decodes the images of
OpenAI chat requests and hands a worker ``{"Decoded": ...}`` descriptors; the worker reads them
with ``fastmedia.dynamo.ImageLoader`` over NIXL. The demo sends the photos (as data: and
http URLs from a local server), checks every image the worker read against the frontend's
``content_hash`` and a local Pillow decode, sends a video and an audio URL (they reach the
worker as Url items), and prints one table with the worker's read latency.

    python -m fastmedia demo --dynamo [--corpus DIR] [--items N] [--per-request N]
        [--concurrency N]

Needs ai-dynamo 1.6.1 (docs/dynamo.md). When this interpreter lacks it, the demo re-runs
itself in ``$FASTMEDIA_DYNAMO_PYTHON``, else in a ``.venv-dynamo`` of the current folder or
of the source checkout (``.ci/setup`` makes one), else says how to install it.
"""

from __future__ import annotations

import argparse
import base64
import importlib.util
import io
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import numpy as np

from fastmedia.demo._deploy import PACKAGE_ROOT, URL_MODEL, Deployment, DeploymentError
from fastmedia.demo.corpus import corpus_files, default_corpus

DYNAMO_IMAGE_EXT = {".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png"}
DYNAMO_IMAGE_EXT[".webp"] = "image/webp"
INSTALL = """\
pip install ai-dynamo-runtime==1.6.1
pip install --no-deps ai-dynamo==1.6.1
pip install aiohttp msgspec prometheus-client pyzmq tqdm zstandard packaging pyyaml \\
    transformers certifi numpy pillow
pip install --no-deps nixl==1.5.1 nixl-cu12==1.5.1"""


def have_dynamo() -> bool:
    try:
        return importlib.util.find_spec("dynamo.frontend") is not None
    except ImportError:
        return False


def dynamo_python() -> str | None:
    """An interpreter with Dynamo: ``$FASTMEDIA_DYNAMO_PYTHON``, else a ``.venv-dynamo`` here
    or next to the source checkout this fastmedia is imported from."""
    env = os.environ.get("FASTMEDIA_DYNAMO_PYTHON")
    if env:
        return env if Path(env).is_file() else None
    for root in (Path.cwd(), PACKAGE_ROOT.parent):
        py = root / ".venv-dynamo" / "bin" / "python"
        if py.is_file():
            return str(py)
    return None


def main(argv: list[str]) -> int:
    if not have_dynamo():
        py = dynamo_python()
        if py is None or os.environ.get("_FASTMEDIA_DYNAMO_DEMO_CHILD") == "1":
            where = f" ({py} lacks it too)" if py else ""
            print(
                "demo --dynamo: Dynamo 1.6.1 is not installed in this interpreter"
                f"{where}. Make a venv for it (docs/dynamo.md):\n{INSTALL}\n"
                "then run the demo with that venv's python, or point FASTMEDIA_DYNAMO_PYTHON "
                "at it (a source checkout's .ci/setup makes .venv-dynamo).",
                file=sys.stderr,
            )
            return 2
        env = dict(os.environ, _FASTMEDIA_DYNAMO_DEMO_CHILD="1")
        env["PYTHONPATH"] = os.pathsep.join(
            [str(PACKAGE_ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
        )
        print(f"demo --dynamo: running in {py}", flush=True)
        return subprocess.call([py, "-m", "fastmedia", "demo", "--dynamo", *argv], env=env)
    return run(argv)


def parse(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m fastmedia demo --dynamo")
    ap.add_argument("--corpus", type=Path, default=None, help="folder of JPEG/PNG/WebP images")
    ap.add_argument("--items", type=int, default=64, help="images to send (cycling the files)")
    ap.add_argument("--per-request", type=int, default=4, help="images per chat request")
    ap.add_argument("--concurrency", type=int, default=8, help="requests in flight")
    args = ap.parse_args(argv)
    args.corpus = args.corpus or default_corpus()
    return args


class _Files:
    """A local HTTP server on 127.0.0.1 for the media URLs."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

        class H(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = files.get(self.path.lstrip("/"))
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Length", str(len(body or b"")))
                self.end_headers()
                self.wfile.write(body or b"")

            def log_message(self, *a: Any) -> None:
                pass

        self.srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.base = f"http://127.0.0.1:{self.srv.server_address[1]}/"
        self.thread = threading.Thread(target=self.srv.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.srv.shutdown()
        self.srv.server_close()
        self.thread.join(10)


def _pillow(data: bytes) -> np.ndarray:
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


def _media(scratch: Path) -> dict[str, bytes]:
    """A 1 s clip (ffmpeg CLI, when installed) and a 0.5 s 16 kHz tone."""
    import wave

    out: dict[str, bytes] = {}
    t = np.arange(8000) / 16000
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes((0.3 * np.sin(2 * np.pi * 440 * t) * 32767).astype("<i2").tobytes())
    out["tone.wav"] = buf.getvalue()
    if shutil.which("ffmpeg"):
        clip = scratch / "clip.mp4"
        src = "testsrc2=size=160x120:rate=10:duration=2"
        cmd = ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", src, "-pix_fmt", "yuv420p"]
        subprocess.run([*cmd, str(clip)], check=True, timeout=120)
        out["clip.mp4"] = clip.read_bytes()
    return out


def run(argv: list[str]) -> int:
    from fastmedia.media.decoder import Decoder

    args = parse(argv)
    paths = [p for p in corpus_files(args.corpus) if p.suffix.lower() in DYNAMO_IMAGE_EXT]
    if not paths:
        print(f"demo --dynamo: no JPEG/PNG/WebP images in {args.corpus}", file=sys.stderr)
        return 2
    datas = {p.name: p.read_bytes() for p in paths}
    names = [paths[i % len(paths)].name for i in range(args.items)]
    scratch = Path(tempfile.mkdtemp(prefix="fastmedia-dynamo-demo-"))
    files = _Files({**datas, **_media(scratch)})
    t0 = time.perf_counter()
    try:
        dep = Deployment(scratch / "deploy").start()
    except DeploymentError as e:
        files.close()
        print(f"demo --dynamo: {e}", file=sys.stderr)
        return 1
    print(
        f"demo --dynamo: Dynamo frontend on {dep.base}, worker ready in "
        f"{time.perf_counter() - t0:.1f} s; {len(names)} images from {args.corpus} in "
        f"requests of {args.per_request}, {args.concurrency} in flight"
    )
    statuses: dict[int, int] = {}
    exact = equal = 0
    differ: dict[str, int] = {}  # file -> max |frontend - Pillow|
    failures: list[str] = []
    read_s: list[tuple[int, float]] = []

    def part(i: int, name: str) -> dict:
        ext = Path(name).suffix.lower()
        url = files.base + name
        if i % 2 == 0:
            url = f"data:{DYNAMO_IMAGE_EXT[ext]};base64,{base64.b64encode(datas[name]).decode()}"
        return {"type": "image_url", "image_url": {"url": url}}

    groups = [names[i : i + args.per_request] for i in range(0, len(names), args.per_request)]
    try:
        w0 = time.perf_counter()
        with ThreadPoolExecutor(args.concurrency) as ex:
            answers = list(
                ex.map(
                    lambda g: dep.request([part(i, n) for i, n in enumerate(g)]),
                    groups,
                )
            )
        wall = time.perf_counter() - w0
        for group, a in zip(groups, answers, strict=True):
            statuses[a.status] = statuses.get(a.status, 0) + 1
            rec = a.record or {}
            if a.status != 200 or "error" in rec:
                failures.append(f"{group}: {a.status} {rec.get('error') or a.body}")
                continue
            if "read_s" in rec:
                read_s.append((rec["read_index"], rec["read_s"]))
            for k, name in enumerate(group):
                raw, desc = rec["raw"][k], rec["descriptors"][k]
                if raw["content_hash"] == desc["content_hash"]:
                    exact += 1
                else:
                    failures.append(f"{name}: read {raw['content_hash']} != {desc}")
                got, want = a.array(f"image{k}"), _pillow(datas[name])
                if got.shape != want.shape:
                    failures.append(f"{name}: shape {got.shape} != Pillow {want.shape}")
                    continue
                d = int(np.abs(got.astype(np.int16) - want.astype(np.int16)).max())
                equal += d == 0
                if d:
                    differ[name] = max(differ.get(name, 0), d)
        # Latency without queueing: one single-image request at a time.
        solo: list[float] = []
        for i, name in enumerate(names[: min(16, len(names))]):
            a = dep.request([part(i, name)])
            if a.status == 200 and a.record and "read_s" in a.record:
                solo.append(a.record["read_s"])
        av = _video_audio(dep, files, Decoder(channels="rgb"), failures)
        jpeg_fallback = "libturbojpeg could not be loaded" in dep.log("frontend")
    finally:
        dep.stop()
        files.close()
        shutil.rmtree(scratch, ignore_errors=True)
    print()
    print(f"{'requests sent':<34}{len(groups):>8}   statuses: {statuses}")
    print(f"{'images read by the worker':<34}{len(names):>8}   ({wall:.2f} s end to end)")
    print(f"{'  = frontend content_hash (exact)':<34}{exact:>8}")
    why = ""
    if differ:
        why = "   differ: " + ", ".join(f"{n} (max |diff| {d})" for n, d in sorted(differ.items()))
        if jpeg_fallback:
            why += "; no libturbojpeg for Dynamo's frontend (install libturbojpeg0)"
    print(f"{'  = Pillow decode, pixel for pixel':<34}{equal:>8}{why}")
    if av:
        print(f"{'video + audio Url items':<34}{av:>8}   (equal to a local fastmedia decode)")
    first = [t for i, t in read_s if i == 0]
    rest = sorted(t for i, t in read_s if i > 0)
    if first:
        print(f"{'worker: first NIXL read':<34}{first[0] * 1e3:>8.1f} ms (agent + UCX connect)")
    for label, ts in (("under load", rest), ("one request at a time", sorted(solo))):
        if ts:
            med, p90 = ts[len(ts) // 2], ts[int(len(ts) * 0.9)]
            print(
                f"{'worker: reads, ' + label:<34}{med * 1e3:>8.2f} ms median, "
                f"p90 {p90 * 1e3:.2f} ms (n={len(ts)}; one load_image_batch per request)"
            )
    for f in failures[:10]:
        print(f"FAILED: {f}", file=sys.stderr)
    return 1 if failures else 0


def _video_audio(dep: Deployment, files: _Files, dec: Any, failures: list[str]) -> int:
    """The clip and the tone through the model without a frontend decoder (Url items)."""
    parts = [{"type": "audio_url", "audio_url": {"url": files.base + "tone.wav"}}]
    if shutil.which("ffmpeg"):
        parts.append({"type": "video_url", "video_url": {"url": files.base + "clip.mp4"}})
    a = dep.request(parts, model=URL_MODEL)
    if a.status != 200 or a.record is None or "error" in a.record:
        failures.append(f"video/audio: {a.status} {(a.record or {}).get('error') or a.body}")
        return 0
    ok = 0
    tone = dec.decode_audio(files.files["tone.wav"])
    if np.array_equal(a.array("audio0"), tone.samples):
        ok += 1
    else:
        failures.append("audio Url item differs from a local decode")
    if len(parts) > 1:
        clip = dec.decode_video(files.files["clip.mp4"], num_frames=4)
        if np.array_equal(a.array("video0"), clip.frames):
            ok += 1
        else:
            failures.append("video Url item differs from a local decode")
    return ok
