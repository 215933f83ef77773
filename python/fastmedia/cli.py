"""``python -m fastmedia``: the command line.

Subcommands:
  bench [DIR] [options]   side-by-side decode benchmark (benches/bench_decode.py) with a ratio table
  decode FILE... [opts]   decode images, video or audio; print what came out and the time
                          (--json: machine-readable)
  demo [...]              the end-to-end demo: a frontend process decodes, a backend reads over NIXL

A subcommand is a function ``main(argv: list[str]) -> int``. ``SUBCOMMANDS`` maps each name to
``(module, attribute, help)``; the module is imported only when its command runs. To add one,
define ``main(argv)`` in a module and list it here.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

MODES = {1: "L", 2: "LA", 3: "RGB", 4: "RGBA"}


# --------------------------------------------------------------------------- decode

IMAGE_EXT = frozenset({".jpg", ".jpeg", ".png", ".webp", ".gif", ".bmp", ".tif", ".tiff"})
VIDEO_EXT = frozenset({".mp4", ".mov", ".m4v", ".mkv", ".webm", ".avi"})
AUDIO_EXT = frozenset(
    {".wav", ".flac", ".mp3", ".ogg", ".oga", ".opus", ".m4a", ".aac", ".aif", ".aiff", ".ac3"}
)


def media_kind(name: str, forced: str | None = None) -> str:
    """``"image"``, ``"video"`` or ``"audio"``: ``forced`` when given, else from the file's
    extension (an unknown one is tried as an image, which names the format it refuses)."""
    if forced:
        return forced
    ext = Path(name).suffix.lower()
    if ext in VIDEO_EXT:
        return "video"
    if ext in AUDIO_EXT:
        return "audio"
    return "image"


def _timed(fn: Callable[[], Any], repeat: int) -> tuple[Any, float]:
    """Run ``fn`` ``repeat`` times (at least once); its last result and the fastest seconds."""
    best = float("inf")
    out = None
    for _ in range(max(1, repeat)):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return out, best


def _image_record(arr: Any) -> dict[str, Any]:
    h, w, c = arr.shape
    return {"shape": [h, w, c], "mode": MODES.get(c, f"{c}ch")}


def _video_record(clip: Any) -> dict[str, Any]:
    m = clip.metadata
    return {
        "shape": list(clip.frames.shape),
        "frames_sampled": len(m["frames_indices"]),
        "metadata": m,
    }


def _audio_record(au: Any) -> dict[str, Any]:
    m = au.metadata
    return {
        "shape": list(au.samples.shape),
        "codec": m["codec"],
        "duration_s": m["duration"],
        "source_sample_rate": m["source_sample_rate"],
        "sample_rate": au.sample_rate,
        "source_channels": m["source_channels"],
        "channels": 1 if au.samples.ndim == 1 else au.samples.shape[0],
    }


def _text(rec: dict[str, Any]) -> str:
    """One line for a record (the human-readable form of ``--json``'s object)."""
    ms = f"{rec['ms']:8.2f} ms"
    kind = rec["kind"]
    if kind == "image":
        shape = "(" + ", ".join(map(str, rec["shape"])) + ")"
        return f"{shape:<18} {rec['mode']:<4} {ms}"
    if kind == "video":
        m = rec["metadata"]
        _, h, w, _ = rec["shape"]
        return (
            f"video {rec['frames_sampled']} of {m['total_num_frames']} frames sampled "
            f"{m['frames_indices']}, {w}x{h}, {m['fps']:.3f} fps, {m['duration']:.2f} s  {ms}"
        )
    return (
        f"audio {rec['codec']} {rec['duration_s']:.2f} s, "
        f"{rec['source_sample_rate']} Hz -> {rec['sample_rate']} Hz, "
        f"{rec['source_channels']} ch -> {rec['channels']} ch  {ms}"
    )


def decode_main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(
        prog="python -m fastmedia decode",
        description="Decode image, video or audio files with fastmedia and print what came "
        "out and how long it took: images their shape and mode, video the frames sampled and "
        "vLLM's metadata, audio the duration, rates and channels. The kind comes from the "
        "extension unless --as names it.",
    )
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--as", dest="kind", choices=["image", "video", "audio"], default=None)
    p.add_argument("--json", action="store_true", help="print one JSON list of records")
    p.add_argument(
        "--native",
        action="store_true",
        help='images: keep the source channels (channels="native": L, LA, RGB or RGBA)',
    )
    p.add_argument("--exif-orientation", action="store_true", help="images: apply EXIF orientation")
    p.add_argument("--num-frames", type=int, default=32, help="video: frames to sample (32)")
    p.add_argument("--fps", type=float, default=None, help="video: sampling rate cap")
    p.add_argument(
        "--sampling", default="uniform", choices=["uniform", "timestamps", "qwen3_vl", "dynamo"]
    )
    p.add_argument("--sample-rate", type=int, default=None, help="audio: resample to this rate")
    p.add_argument("--keep-channels", action="store_true", help="audio: mono=False")
    p.add_argument("--threads", type=int, default=1, help="decoder threads (default 1)")
    p.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="decode each file this many times, report the fastest (default 1)",
    )
    args = p.parse_args(list(argv))

    import fastmedia

    dec = fastmedia.Decoder(
        threads=args.threads,
        channels="native" if args.native else "rgb",
        exif_orientation=args.exif_orientation,
    )
    calls: dict[str, Callable[[bytes], dict[str, Any]]] = {
        "image": lambda d: _image_record(dec.decode(d)),
        "video": lambda d: _video_record(
            dec.decode_video(d, num_frames=args.num_frames, fps=args.fps, sampling=args.sampling)
        ),
        "audio": lambda d: _audio_record(
            dec.decode_audio(d, sample_rate=args.sample_rate, mono=not args.keep_channels)
        ),
    }
    records: list[dict[str, Any]] = []
    width = max(len(f) for f in args.files)
    for name in args.files:
        kind = media_kind(name, args.kind)
        rec: dict[str, Any] = {"file": name, "kind": kind}
        try:
            data = Path(name).read_bytes()
            body, secs = _timed(functools.partial(calls[kind], data), args.repeat)
            rec.update(body, ms=round(1e3 * secs, 3))
            line = _text(rec)
        except OSError as e:
            rec["error"] = {"type": "OSError", "message": f"cannot read: {e.strerror or e}"}
            line = f"error: cannot read: {e.strerror or e}"
        except fastmedia.FastmediaError as e:
            rec["error"] = {"type": type(e).__name__, "message": str(e)}
            line = f"error: {type(e).__name__}: {e}"
        records.append(rec)
        if not args.json:
            print(f"{name:<{width}}  {line}")
    if args.json:
        print(json.dumps(records))
    return 1 if any("error" in r for r in records) else 0


# --------------------------------------------------------------------------- bench


def _bench_dir() -> Path | None:
    """Where benches/bench_decode.py lives: $FASTMEDIA_BENCHES, the source checkout this
    package runs from (editable install), or ./benches."""
    cands = []
    env = os.environ.get("FASTMEDIA_BENCHES")
    if env:
        cands.append(Path(env))
    cands.append(Path(__file__).resolve().parents[2] / "benches")  # repo/python/fastmedia/cli.py
    cands.append(Path.cwd() / "benches")
    for c in cands:
        if (c / "bench_decode.py").is_file():
            return c
    return None


def bench_main(argv: Sequence[str]) -> int:
    d = _bench_dir()
    if d is None:
        print(
            "python -m fastmedia bench runs benches/bench_decode.py from a source checkout: run it "
            "from the repository root, or set FASTMEDIA_BENCHES=/path/to/fastmedia/benches",
            file=sys.stderr,
        )
        return 2
    if str(d) not in sys.path:
        sys.path.insert(0, str(d))
    import bench_decode  # type: ignore[import-not-found]

    return bench_decode.main(list(argv), prog="python -m fastmedia bench")


# --------------------------------------------------------------------------- dispatch

SUBCOMMANDS: dict[str, tuple[str, str, str]] = {
    "bench": ("fastmedia.cli", "bench_main", "side-by-side decode benchmark with a ratio table"),
    "decode": (
        "fastmedia.cli",
        "decode_main",
        "decode image/video/audio FILE..., print what came out and the time (--json)",
    ),
    "demo": (
        "fastmedia.demo.local",
        "main",
        "end-to-end demo: decode in one process, READ in another",
    ),
}


def _usage() -> str:
    lines = ["usage: python -m fastmedia COMMAND [ARGS...]", "", "commands:"]
    for name, (_, _, help_) in SUBCOMMANDS.items():
        lines.append(f"  {name:<8} {help_}")
    lines.append("")
    lines.append("python -m fastmedia COMMAND --help shows a command's options.")
    return "\n".join(lines)


def _resolve(name: str) -> Callable[[Sequence[str]], int]:
    module, attr, _ = SUBCOMMANDS[name]
    return getattr(importlib.import_module(module), attr)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(_usage())
        return 0
    if argv[0] in ("-V", "--version"):
        import fastmedia

        print(f"fastmedia {fastmedia.__version__}")
        return 0
    name, rest = argv[0], argv[1:]
    if name not in SUBCOMMANDS:
        print(f"unknown command {name!r}\n\n{_usage()}", file=sys.stderr)
        return 2
    rc = _resolve(name)(rest)
    return int(rc or 0)
