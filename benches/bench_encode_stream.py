"""Streaming, audio-track and animation benchmarks for fastmedia.Encoder (issue 21), in one
process on the same frames (the corpus's 1080p clip, first frames, resized as in
bench_encode.py).

- Streaming: a model hands its frames over in chunks of ``--chunk``. A batch encode can only
  start after the last frame; ``video_stream`` has encoded every earlier chunk by then. The
  number that matters is the time **from the last frame to the last byte**: the batch
  encode of all frames, against the last ``write`` plus ``close`` of the stream (the earlier
  chunks are written untimed, as they would be while the model still generates). Also: time
  to the first playable bytes, and bytes and PSNR of both (they should match).
- Audio: ``encode_video`` with and without a 48 kHz stereo Opus/AAC track of the clip's
  length (the remux's cost).
- Animations: ``encode_animation`` (WebP q80, GIF) against Pillow's ``save(save_all=True)``
  with the same settings (WebP quality 80 method 4; GIF with Pillow's default quantiser).

    python benches/bench_encode_stream.py [CORPUS] [--repeats 3] [--quick]
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fastmedia
from bench_encode import decode_all, load_frames, psnr
from common import find_corpus, fmt_ratio, load_average, print_table, time_interleaved


def stream_rows(enc, frames: np.ndarray, chunk: int, repeats: int, codec: str) -> list[list]:
    t, h, w, _ = frames.shape
    starts = list(range(0, t, chunk))
    state: dict = {}

    def stream_prefix() -> None:
        s = enc.video_stream(fps=16, codec=codec, width=w, height=h)
        t0 = time.perf_counter()
        parts = [s.write(frames[starts[0] : starts[0] + chunk])]
        state["first"] = time.perf_counter() - t0
        for i in starts[1:-1]:
            parts.append(s.write(frames[i : i + chunk]))
        state["s"], state["parts"] = s, parts

    def stream_tail() -> bytes:
        s, parts = state["s"], state["parts"]
        parts.append(s.write(frames[starts[-1] :]))
        parts.append(s.close())
        return b"".join(parts)

    def batch() -> bytes:
        return enc.encode_video(frames, fps=16, codec=codec).data

    tail_times, firsts = [], []
    for _ in range(repeats + 1):  # the first round warms up
        stream_prefix()
        firsts.append(state["first"])
        t0 = time.perf_counter()
        streamed = stream_tail()
        tail_times.append(time.perf_counter() - t0)
    (tb,) = time_interleaved([batch], repeats=repeats, warmup=1)
    tail = float(np.median(tail_times[1:]))
    first = float(np.median(firsts[1:]))
    whole = batch()
    rows = [
        [
            f"video_stream {codec}, chunks of {chunk}: last write + close",
            f"{tail:.3f}",
            f"{first:.3f}",
            f"{psnr(decode_all(streamed), frames):.2f}",
            f"{len(streamed) / 1e3:.0f}",
            fmt_ratio(tb.median, tail),
        ],
        [
            f"encode_video {codec}, after the last frame",
            f"{tb.median:.3f}",
            f"{tb.median:.3f}",
            f"{psnr(decode_all(whole), frames):.2f}",
            f"{len(whole) / 1e3:.0f}",
            "1.00x",
        ],
    ]
    return rows


def audio_rows(enc, frames: np.ndarray, repeats: int) -> list[list]:
    t = frames.shape[0]
    n = int(48_000 * t / 16)
    rng = np.random.default_rng(0)
    tt = np.arange(n) / 48_000
    samples = np.stack(
        [0.3 * np.sin(2 * np.pi * 440 * tt), 0.3 * np.sin(2 * np.pi * 660 * tt)], -1
    ).astype(np.float32) + rng.normal(0, 0.01, (n, 2)).astype(np.float32)
    fns = [
        lambda: enc.encode_video(frames, fps=16),
        lambda: enc.encode_video(frames, fps=16, audio=(samples, 48_000)),
        lambda: enc.encode_video(frames, fps=16, audio=(samples, 48_000), audio_codec="aac"),
    ]
    names = ["h264, no audio", "h264 + Opus stereo 48 kHz", "h264 + AAC stereo 48 kHz"]
    ts = time_interleaved(fns, repeats=repeats, warmup=1)
    base = ts[0].median
    return [
        [name, f"{x.median:.3f}", f"{x.median_cpu:.3f}", f"{len(fn().data) / 1e3:.0f}",
         f"{x.median - base:+.3f}"]
        for name, x, fn in zip(names, ts, fns, strict=True)
    ]  # fmt: skip


def anim_rows(enc, frames: np.ndarray, repeats: int) -> list[list]:
    from PIL import Image

    imgs = [Image.fromarray(f) for f in frames]

    def pil(fmt: str) -> bytes:
        buf = io.BytesIO()
        kw = {"quality": 80, "method": 4} if fmt == "WEBP" else {}
        imgs[0].save(buf, format=fmt, save_all=True, append_images=imgs[1:], duration=100,
                     loop=0, **kw)  # fmt: skip
        return buf.getvalue()

    fns = [
        lambda: enc.encode_animation(frames, fps=10, format="webp").data,
        lambda: pil("WEBP"),
        lambda: enc.encode_animation(frames, fps=10, format="gif").data,
        lambda: pil("GIF"),
    ]
    names = ["fastmedia WebP q80", "Pillow WebP q80", "fastmedia GIF", "Pillow GIF"]
    ts = time_interleaved(fns, repeats=repeats, warmup=1)
    rows = []
    for i, (name, x, fn) in enumerate(zip(names, ts, fns, strict=True)):
        data = fn()
        with Image.open(io.BytesIO(data)) as im:
            back = []
            for k in range(im.n_frames):
                im.seek(k)
                back.append(np.asarray(im.convert("RGB")))
        peer = ts[i | 1].median
        rows.append([name, f"{x.median:.3f}", f"{x.median_cpu:.3f}",
                     f"{psnr(np.stack(back), frames):.2f}", f"{len(data) / 1e3:.0f}",
                     fmt_ratio(peer, x.median)])  # fmt: skip
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("corpus", nargs="?")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--chunk", type=int, default=8)
    ap.add_argument("--quick", action="store_true", help="81 frames at 832x480 only")
    args = ap.parse_args()
    corpus = find_corpus(args.corpus)
    frames = load_frames(corpus, 81, 832, 480)
    enc = fastmedia.Encoder()
    print(f"# {enc.threads} threads, load average {load_average()}")
    print("\n## Streaming: 81 frames at 832x480, 16 fps")
    print_table(
        ["contender", "last frame -> last byte s", "first bytes s", "PSNR", "KB", "vs batch"],
        stream_rows(enc, frames, args.chunk, args.repeats, "h264"),
    )
    print("\n## Audio track (81 frames at 832x480, 5.06 s of audio)")
    print_table(["contender", "wall s", "cpu s", "KB", "cost of the track s"],
                audio_rows(enc, frames, args.repeats))  # fmt: skip
    small = frames[:24, ::2, ::2].copy() if args.quick else frames[:40, ::2, ::2].copy()
    print(f"\n## Animations: {small.shape[0]} frames at {small.shape[2]}x{small.shape[1]}")
    print_table(["contender", "wall s", "cpu s", "PSNR", "KB", "speed vs Pillow"],
                anim_rows(enc, small, args.repeats))  # fmt: skip


if __name__ == "__main__":
    main()
