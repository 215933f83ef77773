"""SGLang 0.5.23's own media loading, "sglang" vs "fastmedia" (issue 35, docs/sglang.md).

One process, the same data on both sides. The plugin is enabled as a server enables it
(``SGLANG_PLUGINS=fastmedia``, then SGLang's ``load_plugins()``, which applies its REPLACE
hooks); SGLang's own ``load_image``, ``load_audio`` and ``VideoDecoderWrapper`` stay reachable
as the originals the plugin itself falls back to. Each side runs the media branch of
``BaseMultimodalProcessor._load_single_item`` (copied below: importing that module needs the
model-config stack) on a thread pool of SGLang's default I/O worker count
(``auto_mm_io_worker_num``, 4), every request submitting its items to that pool as SGLang's
processor does, with 1, 8 and 32 requests in flight:

- images: requests of 1-4 data URLs (JPEG photos, and the corpus's RGB PNG), converted as
  SGLang converts them (``convert("RGB")`` or a forced ``load()``);
- video: a data URL, its ``VideoDecoderWrapper`` (``load_video``), then the frames SGLang's
  processors sample (``sample_video_frames``, 2 fps, at most 32) read with ``get_frames_at``:
  an 8 s clip, and a 5-minute one with 2 s GOPs (with the corpus);
- audio: a data URL, loaded at SGLang's 16 kHz.

Prints, per workload and side by side: items/s, request latency p50/p99 and CPU seconds per
item (the process's, all threads). ``x`` is the gain: fastmedia / SGLang for items/s, SGLang /
fastmedia for the times (above 1: fastmedia better). Without the corpus, the fixtures' photos
and a made clip and WAV file are used. ``gpu_image_decode`` is off (a CPU path).

Run in .venv-vllm: ``.venv-vllm/bin/python benches/bench_sglang.py [--quick]``.
"""

from __future__ import annotations

import argparse
import base64
import concurrent.futures as cf
import os
import statistics
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import sglang.srt.utils.common as sgl
import sglang.srt.utils.video_decoder as video_decoder
from sglang.srt.plugins import load_plugins

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fastmedia.sglang
from common import cpu_seconds, environment, side_by_side, versions
from fastmedia import Encoder
from fastmedia.sglang import _shared

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
IO_WORKERS = 4  # BaseMultimodalProcessor.auto_mm_io_worker_num in SGLang 0.5.23
COLS = ("items/s", "p50 ms", "p99 ms", "cpu ms/item")


def corpus() -> Path:
    return Path(os.environ.get("FASTMEDIA_CORPUS", ROOT.parent / "shared" / "corpus"))


@dataclass(frozen=True)
class Loaders:
    """One side: the three functions SGLang's processor reaches."""

    load_image: Callable[..., Any]
    load_audio: Callable[..., Any]
    wrapper: type

    def load_video(self, data: str) -> Any:
        # SGLang's load_video for a data URL on the CPU, with this side's wrapper class
        # (sglang.srt.utils.common.load_video builds the module's VideoDecoderWrapper).
        source = sgl._normalize_video_input(data)
        try:
            return self.wrapper(source, device="cpu")
        except Exception as e:
            raise ValueError(f"Could not decode video: {e}") from e

    def load_single_item(self, data: str, modality: str) -> Any:
        # The media branch of SGLang 0.5.23's BaseMultimodalProcessor._load_single_item
        # (multimodal/processors/base_processor.py) with gpu_image_decode=False,
        # smart_rgb_conversion=False and the CPU video device, its defaults on a CPU.
        if modality == "image":
            img, _ = self.load_image(data, False)
            if img.mode != "RGB":
                return img.convert("RGB")
            img.load()
            return img
        if modality == "video":
            video = self.load_video(data)
            # What the video processors then do with it.
            return video.get_frames_at(sgl.sample_video_frames(video, desired_fps=2, max_frames=32))
        return self.load_audio(data, 16000)


def enable_plugin() -> tuple[Loaders, Loaders]:
    """(SGLang's own loaders, the plugin's), the plugin enabled as SGLang's processes enable it
    (tests/sglang/test_plugin.py): its entry point allowed by SGLANG_PLUGINS, load_plugins()."""
    os.environ["SGLANG_PLUGINS"] = "fastmedia"
    load_plugins()
    mods = (sgl, sgl, video_decoder)
    names = ("load_image", "load_audio", "VideoDecoderWrapper")
    own = Loaders(*(_shared.original(m, n) for m, n in zip(mods, names, strict=True)))
    plugin = Loaders(*(getattr(m, n) for m, n in zip(mods, names, strict=True)))
    for n, a, b in zip(names, vars(own).values(), vars(plugin).values(), strict=True):
        if a is b:
            raise RuntimeError(f"the plugin did not replace SGLang's {n}")
    return own, plugin


def _files(pattern: str, fallback: str) -> list[Path]:
    root = corpus()
    found = sorted(root.glob(pattern)) if root.is_dir() else []
    return found or sorted(FIXTURES.glob(fallback))


def _data_url(path: Path, mime: str) -> str:
    return f"data:{mime};base64,{base64.b64encode(path.read_bytes()).decode()}"


def _made(folder: Path) -> tuple[Path, Path]:
    """Without the corpus: an 8 s 640x360 H.264 clip (fastmedia's encoder) and a 10 s 44.1 kHz
    stereo WAV."""
    t = np.arange(240, dtype=np.float32)[:, None, None]
    yy, xx = np.mgrid[0:360, 0:640].astype(np.float32)
    luma = 128 + 100 * np.sin((xx + 4 * t) / 40) * np.cos((yy - 3 * t) / 30)
    frames = np.repeat(luma.astype(np.uint8)[..., None], 3, axis=-1)
    video = folder / "made_640x360_8s.mp4"
    video.write_bytes(Encoder().encode_video(frames, fps=30).data)
    audio = folder / "made_44k_stereo.wav"
    sine = np.sin(2 * np.pi * 440 * np.arange(44100 * 10) / 44100)
    pcm = (np.stack([sine, np.roll(sine, 7)], 1) * 12000).astype("<i2")
    with wave.open(str(audio), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(44100)
        w.writeframes(pcm.tobytes())
    return video, audio


def _image_requests(n: int) -> list[list[tuple[str, str]]]:
    """n requests of 1-4 images each (as bench_vllm.py)."""
    photos = _files("jpeg_1920x1080/*.jpg", "jpeg_*/*.jpg")[:8]
    pngs = _files("formats/rgb.png", "no-such-fixture")
    data = [_data_url(p, "image/jpeg") for p in photos] + [_data_url(p, "image/png") for p in pngs]
    return [[("image", data[(i + j) % len(data)]) for j in range(1 + i % 4)] for i in range(n)]


def _clip_requests(modality: str, paths: list[Path], n: int) -> list[list[tuple[str, str]]]:
    mime = {".mp3": "audio/mpeg", ".flac": "audio/flac", ".wav": "audio/wav"}
    urls = [_data_url(p, mime.get(p.suffix, "video/mp4")) for p in paths]
    return [[(modality, urls[i % len(urls)])] for i in range(n)] if urls else []


def _run(
    side: Loaders, pool: cf.Executor, requests: list[list[tuple[str, str]]], concurrency: int
) -> dict[str, float]:
    """``concurrency`` requests in flight, each submitting its items to SGLang's I/O pool and
    waiting for them all."""
    lat: list[float] = []
    lock = threading.Lock()

    def one(content: list[tuple[str, str]]) -> int:
        t = time.perf_counter()
        futures = [pool.submit(side.load_single_item, d, m) for m, d in content]
        for f in futures:
            f.result()
        with lock:
            lat.append(time.perf_counter() - t)
        return len(content)

    with cf.ThreadPoolExecutor(concurrency) as clients:
        c0 = cpu_seconds()
        t0 = time.perf_counter()
        items = sum(clients.map(one, requests))
        wall = time.perf_counter() - t0
        cpu = cpu_seconds() - c0
    q = statistics.quantiles(lat, n=100) if len(lat) > 1 else [lat[0]] * 99
    return {
        "items/s": items / wall,
        "p50 ms": 1e3 * statistics.median(lat),
        "p99 ms": 1e3 * q[98],
        "cpu ms/item": 1e3 * cpu / items,
    }


def _measure(
    side: Loaders, pool: cf.Executor, requests: list[list[tuple[str, str]]], concurrency: int
) -> dict[str, float]:
    _run(side, pool, requests[: max(2, concurrency)], concurrency)  # warm-up
    return _run(side, pool, requests, concurrency)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer requests (a smoke run)")
    ap.add_argument("--concurrency", type=int, nargs="*", default=[1, 8, 32])
    args = ap.parse_args(argv)
    own, plugin = enable_plugin()
    scale = 1 if args.quick else 4
    root = corpus()
    with tempfile.TemporaryDirectory() as tmp:
        videos = _files("video/h264_1366x768_baseline_8s.mp4", "no-such-fixture")
        # 5 minutes, 2 s GOPs (corpus only): sampling skips most of the decoding.
        long_videos = _files("video/h264_480p30_300s_gop60.mp4", "no-such-fixture")
        audios = [
            p
            for suffix in ("wav", "flac", "mp3")
            for p in _files(f"audio/speech_*.{suffix}", "no-such-fixture")[:1]
        ]
        if not videos or not audios:
            made_video, made_audio = _made(Path(tmp))
            videos, audios = videos or [made_video], audios or [made_audio]
        workloads: list[tuple[str, Callable[[int], list[list[tuple[str, str]]]]]] = [
            ("images", lambda n: _image_requests(16 * n)),
            ("video", lambda n: _clip_requests("video", videos, 4 * n)),
            ("video, 5 min", lambda n: _clip_requests("video", long_videos, n)),
            ("audio (16 kHz)", lambda n: _clip_requests("audio", audios, 8 * n)),
        ]
        print(f"SGLang 0.5.23 _load_single_item on {IO_WORKERS} I/O workers, plain vs plugin")
        print(versions("sglang", "torchcodec", "pillow"))
        print(f"corpus: {root if root.is_dir() else FIXTURES}; video: {[p.name for p in videos]}")
        print(f"audio: {[p.name for p in audios]}")
        print(
            "cores: {}; load average before: {:.2f} {:.2f} {:.2f}".format(
                environment()["usable_cores"], *os.getloadavg()
            )
        )
        print(f"{'workload':<20}{'conc':>5}  " + "  ".join(f"{c:>25}" for c in COLS))
        print(f"{'':<25}  " + "  ".join(f"{'sglang':>8} {'fastmedia':>9} {'x':>6}" for _ in COLS))
        with cf.ThreadPoolExecutor(IO_WORKERS) as pool:
            for label, make in workloads:
                requests = make(scale)
                if not requests:
                    print(f"{label:<20} skipped: no media for it (set FASTMEDIA_CORPUS)")
                    continue
                for conc in args.concurrency:
                    a_row = _measure(own, pool, requests, conc)
                    b_row = _measure(plugin, pool, requests, conc)
                    print(f"{label:<20}{conc:>5}  " + side_by_side(a_row, b_row, COLS, 8))
    print(f"fastmedia.sglang paths: {fastmedia.sglang.stats()}")
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
