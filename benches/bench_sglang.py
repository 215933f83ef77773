"""SGLang 0.5.23's own media loading path, plain against the fastmedia plugin (issue 35,
docs/sglang.md).

Each side runs in a fresh child process: the plain one as SGLang ships, the other with
``SGLANG_PLUGINS=fastmedia`` and ``load_plugins()``, as a server enables it. Both push the same
items through the media branch of ``BaseMultimodalProcessor._load_single_item`` (copied:
importing that module needs SGLang's model-config stack) on a thread pool of SGLang's default
I/O worker count (``auto_mm_io_worker_num``, 4), at 1, 8 and 32 items in flight:

- images: JPEG data URLs (1-4 per request in SGLang's use; here one item each);
- video: the clip's ``VideoDecoderWrapper``, then the frames SGLang's processors sample
  (``sample_video_frames``, 2 fps, at most 32) read with ``get_frames_at``;
- audio: a data URL, loaded at SGLang's 16 kHz.

Prints, per modality and concurrency, items/s, p50/p99 latency and CPU seconds per item (the
child process's, all threads) for both, and the ratio (plugin / SGLang) with the load average.
``gpu_image_decode`` is off (no GPU here). Run in .venv-vllm:
``.venv-vllm/bin/python benches/bench_sglang.py [--quick]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("FASTMEDIA_CORPUS", ROOT.parent / "shared" / "corpus"))
FIXTURES = ROOT / "tests" / "fixtures"
LEVELS = (1, 8, 32)


def _pick(pattern: str, fallback: str) -> list[Path]:
    found = sorted(CORPUS.glob(pattern)) if CORPUS.is_dir() else []
    return found or sorted(FIXTURES.glob(fallback))


def _made(folder: Path) -> tuple[Path, Path]:
    """Without the corpus: a 720p H.264 clip (fastmedia's encoder) and a 44.1 kHz stereo WAV."""
    import wave

    import numpy as np

    from fastmedia import Encoder

    t = np.arange(90, dtype=np.float32)[:, None, None]
    yy, xx = np.mgrid[0:720, 0:1280].astype(np.float32)
    frames = (128 + 100 * np.sin((xx + 4 * t) / 40) * np.cos((yy - 3 * t) / 30)).astype(np.uint8)
    video = folder / "made_720p.mp4"
    video.write_bytes(Encoder().encode_video(np.repeat(frames[..., None], 3, axis=-1), fps=30).data)
    audio = folder / "made_44k_stereo.wav"
    n = 44100 * 10
    sine = np.sin(2 * np.pi * 440 * np.arange(n) / 44100)
    pcm = (np.stack([sine, np.roll(sine, 7)], 1) * 12000).astype("<i2")
    with wave.open(str(audio), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(44100)
        w.writeframes(pcm.tobytes())
    return video, audio


def inputs(quick: bool, folder: Path) -> dict[str, list[str]]:
    """Paths per modality: photos, one clip, one audio file (the corpus's, else fixtures' and
    made ones)."""
    images = _pick("jpeg_1920x1080/*.jpg", "jpeg_mosaic_1920x1080/*.jpg")[:4]
    images += _pick("jpeg_640x480/*.jpg", "jpeg_640x480/*.jpg")[:4]
    video = _pick("video/h264_720p30_60s_gop250.mp4", "no-such-fixture")[:1]
    audio = _pick("audio/speech_44k_stereo_128k.mp3", "no-such-fixture")[:1]
    if not video or not audio:
        v, a = _made(folder)
        video, audio = video or [v], audio or [a]
    if quick:
        images = images[:2]
    return {
        "image": [str(p) for p in images],
        "video": [str(p) for p in video],
        "audio": [str(p) for p in audio],
    }


CHILD = r"""
import base64, concurrent.futures as cf, json, os, resource, statistics, sys, time
from sglang.srt.plugins import load_plugins
if os.environ.get("SGLANG_PLUGINS"):
    load_plugins()
import sglang.srt.utils.common as common

IO_WORKERS = 4  # BaseMultimodalProcessor.auto_mm_io_worker_num in 0.5.23
spec = json.loads(sys.argv[1])
MIME = {"image": "image/jpeg", "video": "video/mp4"}


def data_url(path, modality):
    raw = open(path, "rb").read()
    mime = MIME.get(modality) or ("audio/wav" if path.endswith(".wav") else "audio/mpeg")
    return f"data:{mime};base64," + base64.b64encode(raw).decode()


def load_single_item(data, modality, audio_sample_rate=16000):
    # The media branch of SGLang 0.5.23's BaseMultimodalProcessor._load_single_item
    # (multimodal/processors/base_processor.py:1031-1047) with gpu_image_decode=False and
    # smart_rgb_conversion=False, its defaults on a CPU. Copied: importing that module needs
    # the model-config stack (dill, ...), none of it media.
    if modality == "image":
        img, _ = common.load_image(data, False)
        if img.mode != "RGB":
            return img.convert("RGB")
        img.load()
        return img
    if modality == "video":
        return common.load_video(data, use_gpu=False)
    return common.load_audio(data, audio_sample_rate)


def work(modality, item):
    out = load_single_item(item, modality)
    if modality == "video":
        idx = common.sample_video_frames(out, desired_fps=2, max_frames=32)
        out = out.get_frames_at(idx)
    return out


result = {"fastmedia": "fastmedia.sglang" in sys.modules}
with cf.ThreadPoolExecutor(IO_WORKERS) as pool:
    for modality, paths in spec["inputs"].items():
        items = [data_url(p, modality) if modality != "video" else open(p, "rb").read()
                 for p in paths]
        work(modality, items[0])  # warm-up: imports, pools
        for level in spec["levels"]:
            n = max(level * spec["rounds"], len(items))
            lat = []
            def one(i):
                t = time.perf_counter()
                work(modality, items[i % len(items)])
                lat.append(time.perf_counter() - t)
            c0 = resource.getrusage(resource.RUSAGE_SELF)
            t0 = time.perf_counter()
            # `level` items in flight at a time, through SGLang's pool.
            for start in range(0, n, level):
                list(pool.map(one, range(start, min(n, start + level))))
            wall = time.perf_counter() - t0
            c1 = resource.getrusage(resource.RUSAGE_SELF)
            cpu = (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)
            lat.sort()
            result[f"{modality}/{level}"] = {
                "items_s": n / wall,
                "p50_ms": 1000 * statistics.median(lat),
                "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))],
                "cpu_ms": 1000 * cpu / n,
            }
print(json.dumps(result))
"""


def run_side(plugin: bool, spec: dict) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "SGLANG_PLUGINS"}
    if plugin:
        env["SGLANG_PLUGINS"] = "fastmedia"
    out = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(spec)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-3000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def table(plain: dict, fast: dict, spec: dict) -> list[str]:
    head = "| case | SGLang items/s | plugin items/s | ratio | p50 ms | p99 ms | CPU ms/item |"
    lines = [head, "|---|---|---|---|---|---|---|"]
    for modality in spec["inputs"]:
        for level in spec["levels"]:
            a, b = plain[f"{modality}/{level}"], fast[f"{modality}/{level}"]
            lines.append(
                f"| {modality}, {level} in flight | {a['items_s']:.1f} | {b['items_s']:.1f} | "
                f"{b['items_s'] / a['items_s']:.2f}x | {a['p50_ms']:.1f} / {b['p50_ms']:.1f} | "
                f"{a['p99_ms']:.1f} / {b['p99_ms']:.1f} | {a['cpu_ms']:.1f} / {b['cpu_ms']:.1f} |"
            )
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="few items, one round (a smoke run)")
    ap.add_argument("--rounds", type=int, default=4, help="items per in-flight slot")
    args = ap.parse_args(argv)
    tmp = tempfile.TemporaryDirectory()
    spec = {
        "inputs": inputs(args.quick, Path(tmp.name)),
        "levels": [1, 8] if args.quick else list(LEVELS),
        "rounds": 1 if args.quick else args.rounds,
    }
    with tmp:
        plain, fast = run_side(False, spec), run_side(True, spec)
    if plain["fastmedia"] or not fast["fastmedia"]:
        raise RuntimeError("the plugin was not loaded on exactly one side")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"bench_sglang: {os.cpu_count()} CPUs, load {load}; inputs {spec['inputs']}")
    print("p50/p99/CPU columns: SGLang / plugin")
    for line in table(plain, fast, spec):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
