"""Decode CPU time of the installed build on the corpus clips and speech files, to compare the
bundled media stack (static FFmpeg 9.0 + dav1d + libsoxr, the default) with a `system-ffmpeg` build.

The two builds cannot share a process (both are ``fastmedia._core``), so run this once per
build and compare the saved JSON; it measures CPU time (``time.process_time``, one decode
thread), which outside load on a shared machine disturbs less than wall time. Median of
``--repeats`` rounds, clips interleaved within a round.

    python benches/bench_media_stack.py --save bundled.json [CORPUS]
    python benches/bench_media_stack.py --save system.json [CORPUS]   # on the other build
    python benches/bench_media_stack.py --compare bundled.json system.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fastmedia
from common import find_corpus

VIDEO = [
    "h264_1080p30_high_20s.mp4",
    "h264_720p30_60s_gop250.mp4",
    "hevc_1080p30_10s.mp4",
    "vp9_720p30_10s.webm",
    "vp8_480p30_10s.webm",
    "av1_720p30_10s.mp4",
    "mpeg4_480p_8s.avi",
]
AUDIO = [
    "speech_5min_44k_stereo.mp3",
    "speech_44k_stereo_aac.m4a",
    "speech_48k_stereo.opus",
    "speech_44k_stereo.flac",
]


def measure(corpus: Path, repeats: int) -> dict[str, float]:
    dec = fastmedia.Decoder(threads=1)
    jobs = {}
    for name in VIDEO:
        data = (corpus / "video" / name).read_bytes()
        jobs[name] = lambda d=data: dec.decode_video(d, num_frames=32)
    for name in AUDIO:
        data = (corpus / "audio" / name).read_bytes()
        jobs[name] = lambda d=data: dec.decode_audio(d, sample_rate=16_000)
    times: dict[str, list[float]] = {k: [] for k in jobs}
    for job in jobs.values():
        job()  # warm up
    for _ in range(repeats):
        for name, job in jobs.items():
            t = time.process_time()
            job()
            times[name].append(time.process_time() - t)
    return {k: statistics.median(v) for k, v in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--save")
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"))
    args = ap.parse_args()
    from common import versions

    print(versions())
    if args.compare:
        a, b = (json.loads(Path(p).read_text()) for p in args.compare)
        print(f"{'file':34} {'A ms':>9} {'B ms':>9}  A/B CPU time")
        for k in a:
            print(f"{k:34} {a[k] * 1e3:9.1f} {b[k] * 1e3:9.1f}  {a[k] / b[k]:.2f}")
        return
    corpus = find_corpus(args.corpus)
    if not (corpus / "video").is_dir():
        raise SystemExit(f"{corpus} has no video/ and audio/: set FASTMEDIA_CORPUS to the corpus")
    res = measure(corpus, args.repeats)
    for k, v in res.items():
        print(f"{k:34} {v * 1e3:9.1f} ms CPU")
    if args.save:
        Path(args.save).write_text(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
