"""vLLM's own request path, "http" vs "fastmedia" (issue 33, docs/vllm.md).

OpenAI chat requests with 1-4 image URLs (data URLs and a local HTTP server in its own
process), a video (an 8 s clip, and a 5-minute one) or an audio clip, parsed by vLLM 0.33's
``parse_chat_messages_async`` as its server does, at concurrency 1, 8 and 32 in one event
loop. Prints, per connector side by side: items/s,
request latency p50/p99, CPU seconds per item (the process's, all threads), and the event
loop's lag p99 (a 5 ms ticker's overshoot). Then each clip's decode floor (``decode_floor``).

vLLM's HF processor is not involved (it needs a model): the tracker below accepts every item
and returns the fetched media, which is all of the media path (fetch, decode, budget).

Run in .venv-vllm: ``.venv-vllm/bin/python benches/bench_vllm.py [--quick]``.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import bisect
import io
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import vllm.renderers.chat_utils.chat_message as chat_message
from vllm.renderers.chat_utils.item_tracker import AsyncMultiModalItemTracker

import fastmedia.vllm

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import FileServer, side_by_side

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("FASTMEDIA_CORPUS", ROOT.parent / "shared" / "corpus"))
FIXTURES = ROOT / "tests" / "fixtures"


class _Tracker(AsyncMultiModalItemTracker):
    """vLLM's async tracker without a model: every item is accepted (no HF processor's
    limits) and returned as fetched."""

    def _validate_add(self, modality: str) -> tuple[str, str, bool, int]:
        n = len(self._items_by_modality[modality]) + 1
        return modality, modality, False, n

    @property
    def mm_processor(self) -> Any:
        return object()  # resolve_items needs one; only embedding inputs would use it

    @property
    def model_cls(self) -> Any:
        return SimpleNamespace(get_placeholder_str=lambda modality, i: f"<{modality}{i}>")

    @property
    def video_processor_name(self) -> str | None:
        return None


MODEL_CONFIG = SimpleNamespace(
    multimodal_config=None,
    allowed_local_media_path="",
    allowed_media_domains=None,
    hf_config=SimpleNamespace(),
    is_multimodal_model=True,
    enable_prompt_embeds=False,
)


def _files(pattern: str, fallback: str) -> list[Path]:
    found = sorted(CORPUS.glob(pattern)) if CORPUS.is_dir() else []
    return found or sorted(FIXTURES.glob(fallback))


def _data_url(path: Path, mime: str) -> str:
    return f"data:{mime};base64,{base64.b64encode(path.read_bytes()).decode()}"


def _image_requests(server: FileServer, n: int) -> list[list[dict]]:
    """n requests of 1-4 images each, half by data URL, half from the HTTP server."""
    photos = _files("jpeg_1920x1080/*.jpg", "jpeg_*/*.jpg")[:8] + _files(
        "formats/rgb*.png", "png_512x512_rgba/*.png"
    )
    data = [_data_url(p, "image/jpeg") for p in photos]
    reqs = []
    for i in range(n):
        k = 1 + i % 4
        picks = [(i + j) % len(photos) for j in range(k)]
        urls = [data[m] if (i + j) % 2 else server.url(photos[m]) for j, m in enumerate(picks)]
        reqs.append([{"type": "image_url", "image_url": {"url": u}} for u in urls])
    return reqs


def _clip_requests(kind: str, paths: list[Path], n: int) -> list[list[dict]]:
    key = "video_url" if kind == "video" else "audio_url"
    urls = [_data_url(p, f"{kind}/mp4") for p in paths]
    return [[{"type": key, key: {"url": urls[i % len(urls)]}}] for i in range(n)] if urls else []


async def _parse(content: list[dict]) -> int:
    messages = [{"role": "user", "content": [{"type": "text", "text": "?"}, *content]}]
    _, mm_data, _ = await chat_message.parse_chat_messages_async(
        messages,  # type: ignore[arg-type]
        MODEL_CONFIG,  # type: ignore[arg-type]
        "openai",
    )
    assert mm_data is not None
    return sum(len(v) if isinstance(v, list) else 1 for v in mm_data.values())


async def _lag_probe(stop: asyncio.Event, lags: list[float]) -> None:
    while not stop.is_set():
        t = time.perf_counter()
        await asyncio.sleep(0.005)
        lags.append(time.perf_counter() - t - 0.005)


async def _run(requests: list[list[dict]], concurrency: int) -> dict[str, float]:
    sem = asyncio.Semaphore(concurrency)
    lat: list[float] = []
    items = 0

    async def one(content: list[dict]) -> None:
        nonlocal items
        async with sem:
            t = time.perf_counter()
            n = await _parse(content)  # (not `items += await ...`: that reads items first)
            items += n
            lat.append(time.perf_counter() - t)

    lags: list[float] = []
    stop = asyncio.Event()
    probe = asyncio.create_task(_lag_probe(stop, lags))
    cpu0 = resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    await asyncio.gather(*(one(c) for c in requests))
    wall = time.perf_counter() - t0
    cpu1 = resource.getrusage(resource.RUSAGE_SELF)
    stop.set()
    await probe
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    q = statistics.quantiles(lat, n=100) if len(lat) > 1 else [lat[0]] * 99
    lq = statistics.quantiles(lags, n=100) if len(lags) > 1 else [0.0] * 99
    return {
        "items/s": items / wall,
        "p50 ms": 1e3 * statistics.median(lat),
        "p99 ms": 1e3 * q[98],
        "cpu ms/item": 1e3 * cpu / items,
        "loop lag p99 ms": 1e3 * lq[98],
    }


async def _measure(name: str, requests: list[list[dict]], concurrency: int) -> dict[str, float]:
    os.environ["VLLM_MEDIA_CONNECTOR"] = name
    await _run(requests[: max(2, concurrency)], concurrency)  # warm-up
    return await _run(requests, concurrency)


def gop_ends(data: bytes, indices: list[int]) -> list[int]:
    """The last of ``indices`` in each GOP they fall in (PyAV's keyframe flags, frames in
    presentation order). Decoding just those frames decodes every frame the sample needs
    (each target's GOP up to it) and converts one a GOP."""
    import av

    with av.open(io.BytesIO(data)) as c:
        s = c.streams.video[0]
        pkts = sorted((p.pts, p.is_keyframe) for p in c.demux(s) if p.pts is not None)
    keys = [i for i, (_, key) in enumerate(pkts) if key]
    last: dict[int, int] = {}
    for i in indices:
        gop = bisect.bisect_right(keys, i) - 1
        last[gop] = max(last.get(gop, i), i)
    return sorted(last.values())


def decode_floor(videos: list[Path], reps: int) -> None:
    """CPU per clip in this process: vLLM's ``opencv`` loader and fastmedia at 32 frames, and
    fastmedia decoding only the last sampled frame of each GOP (``gop_ends``), which decodes
    every frame the sample needs and converts one a GOP. vLLM / that floor bounds the gain of
    any exact decoder when every core is busy (concurrency 8 and 32)."""
    from vllm.multimodal.video import VIDEO_LOADER_REGISTRY

    loader = VIDEO_LOADER_REGISTRY.load("opencv")
    dec = fastmedia.Decoder()

    def cpu_ms(f: Callable[[], object]) -> float:
        f()  # warm
        xs = []
        for _ in range(reps):
            c0 = time.process_time()
            f()
            xs.append((time.process_time() - c0) * 1e3)
        return statistics.median(xs)

    print("\nvideo decode floor (CPU ms per clip; 32 frames):")
    for path in videos:
        data = path.read_bytes()
        sample = dec.decode_video(data, num_frames=32).metadata["frames_indices"]
        ends = gop_ends(data, sample)
        vllm_ms = cpu_ms(lambda d=data: loader.load_bytes(d, num_frames=32))
        fm_ms = cpu_ms(lambda d=data: dec.decode_video(d, num_frames=32))
        floor_ms = cpu_ms(lambda d=data, i=ends: dec.decode_video(d, indices=i))
        gain, most = vllm_ms / fm_ms, vllm_ms / floor_ms
        print(f"  {path.name}: vLLM opencv {vllm_ms:.0f}, fastmedia {fm_ms:.0f} ({gain:.2f}x), "
              f"floor {floor_ms:.0f} over {len(ends)} GOPs (at most {most:.2f}x)")  # fmt: skip


def main() -> None:
    # One event loop for the whole run: vLLM's HTTP client session is bound to the loop.
    asyncio.run(_main())


async def _main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer requests (a smoke run)")
    ap.add_argument("--concurrency", type=int, nargs="*", default=[1, 8, 32])
    args = ap.parse_args()
    fastmedia.vllm.register()
    chat_message.AsyncMultiModalItemTracker = _Tracker  # type: ignore[misc]
    scale = 1 if args.quick else 4
    server = FileServer(CORPUS if CORPUS.is_dir() else FIXTURES)
    # (tests/fixtures has no playable clip or sound: those workloads need the corpus)
    videos = sorted(CORPUS.glob("video/h264_1366x768_baseline_8s.mp4"))
    # A 5-minute clip with 2 s GOPs: what a video model is usually sent, where sampling skips
    # most of the decoding (fewer requests: vLLM's loader takes seconds of CPU on one).
    long_videos = sorted(CORPUS.glob("video/h264_480p30_300s_gop60.mp4"))
    audios = sorted(p for p in CORPUS.glob("audio/*") if p.suffix in {".wav", ".flac", ".mp3"})[:3]
    workloads: list[tuple[str, Callable[[int], list[list[dict]]]]] = [
        ("images", lambda n: _image_requests(server, 16 * n)),
        ("video (32 frames)", lambda n: _clip_requests("video", videos, 4 * n)),
        ("video, 5 min", lambda n: _clip_requests("video", long_videos, n)),
        ("audio", lambda n: _clip_requests("audio", audios, 8 * n)),
    ]
    cols = ("items/s", "p50 ms", "p99 ms", "cpu ms/item", "loop lag p99 ms")
    print(f"vLLM 0.33 parse_chat_messages_async; corpus: {server.folder}")
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(f"{'workload':<20}{'conc':>5}  " + "  ".join(f"{c:>27}" for c in cols))
    print(f"{'':<25}  " + "  ".join(f"{'http':>9} {'fastmedia':>9} {'x':>6}" for _ in cols))
    for label, make in workloads:
        requests = make(scale)
        if not requests:
            print(f"{label:<20} skipped: no media for it (set FASTMEDIA_CORPUS)")
            continue
        for conc in args.concurrency:
            http = await _measure("http", requests, conc)
            fast = await _measure("fastmedia", requests, conc)
            print(f"{label:<20}{conc:>5}  " + side_by_side(http, fast, cols))
    decode_floor(videos + long_videos, 3 if args.quick else 7)
    print(f"fastmedia.vllm paths: {fastmedia.vllm.stats()}")
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    server.close()


if __name__ == "__main__":
    main()
