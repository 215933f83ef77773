"""``python -m fastmedia``: the command line.

Subcommands:
  bench [DIR] [options]   side-by-side decode benchmark (benches/bench_decode.py) with a ratio table
  decode FILE... [opts]   decode files, print shape, mode and milliseconds per file
  demo [...]              the end-to-end demo: a frontend process decodes, a backend reads over NIXL

A subcommand is a function ``main(argv: list[str]) -> int``. ``SUBCOMMANDS`` maps each name to
``(module, attribute, help)``; the module is imported only when its command runs. To add one,
define ``main(argv)`` in a module and list it here.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

MODES = {1: "L", 2: "LA", 3: "RGB", 4: "RGBA"}


# --------------------------------------------------------------------------- decode


def decode_main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(
        prog="python -m fastmedia decode",
        description="Decode image files with fastmedia; print shape, mode and time per file.",
    )
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument(
        "--native",
        action="store_true",
        help='keep the source channels (channels="native": L, LA, RGB or RGBA)',
    )
    p.add_argument("--exif-orientation", action="store_true", help="apply EXIF orientation")
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
    failures = 0
    width = max(len(f) for f in args.files)
    for name in args.files:
        try:
            data = Path(name).read_bytes()
        except OSError as e:
            print(f"{name:<{width}}  error: cannot read: {e.strerror or e}")
            failures += 1
            continue
        best = float("inf")
        try:
            for _ in range(max(1, args.repeat)):
                t0 = time.perf_counter()
                arr = dec.decode(data)
                dt = time.perf_counter() - t0
                best = min(best, dt)
        except fastmedia.FastmediaError as e:
            print(f"{name:<{width}}  error: {type(e).__name__}: {e}")
            failures += 1
            continue
        h, w, c = arr.shape
        mode = MODES.get(c, f"{c}ch")
        shape = f"({h}, {w}, {c})"
        print(f"{name:<{width}}  {shape:<18} {mode:<4} {1e3 * best:8.2f} ms")
    return 1 if failures else 0


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
        "decode FILE..., print shape, mode and milliseconds",
    ),
    "demo": ("fastmedia.demo", "main", "end-to-end demo: decode in one process, READ in another"),
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
