"""Decode CPU time of two builds of fastmedia side by side: e.g. the `abi3-py311` extension
(the wheel's, docs/build.md) against a version-specific `cp311` one.

Two builds cannot share a process (both are ``fastmedia._core``), so each round runs one child
process per build, alternating A, B, A, B, ... Each child decodes the same inputs with one
decode thread and reports CPU time per call (``time.process_time``, which outside load on a
shared machine disturbs less than wall time); the table gives the median over rounds and the
ratio B / A (below 1: B uses less CPU). Small inputs weigh the Python glue most, which is where
the limited API could cost something.

    python benches/bench_builds.py A_DIR B_DIR [--corpus DIR] [--rounds 7]

A_DIR and B_DIR each hold a ``fastmedia`` package with its ``_core`` extension (a copy of
``python/`` after a build, or an unpacked wheel).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REPO, find_corpus

FORMATS = REPO / "tests/fixtures/formats"

CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import fastmedia
groups = json.loads(sys.argv[2])
dec = fastmedia.Decoder(threads=1)
out = {"_core": fastmedia._core.__file__.rsplit("/", 1)[-1]}
for name, (paths, calls) in groups.items():
    datas = [open(p, "rb").read() for p in paths]
    for d in datas:  # warm-up: first-touch pages, pools, lazy inits
        dec.decode(d)
    t0 = time.process_time()
    for i in range(calls):
        dec.decode(datas[i % len(datas)])
    out[name] = (time.process_time() - t0) / calls
    t0 = time.process_time()
    for _ in range(max(1, calls // len(datas))):
        dec.decode_batch(datas)
    out[name + " (batch)"] = (time.process_time() - t0) / (max(1, calls // len(datas)) * len(datas))
print(json.dumps(out))
"""


def groups(corpus: Path) -> dict[str, tuple[list[str], int]]:
    """Name -> (files, calls per round): tiny images (the glue's share is largest) and JPEGs."""
    g: dict[str, tuple[list[str], int]] = {
        "tiny PNG/JPEG (fixtures)": (
            [str(FORMATS / n) for n in ("gray.png", "rgba.png", "gray.jpg")],
            2000,
        )
    }
    for name, calls in (("jpeg_640x480", 200), ("jpeg_1920x1080", 60)):
        files = sorted(str(p) for p in (corpus / name).glob("*.jpg"))
        if files:
            g[name] = (files, calls)
    return g


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--corpus")
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    spec = json.dumps(groups(find_corpus(args.corpus)))
    runs: dict[str, list[dict[str, float]]] = {"a": [], "b": []}
    cores = {}
    for _ in range(args.rounds):
        for key in ("a", "b"):
            out = subprocess.run(
                [sys.executable, "-I", "-c", CHILD, str(Path(getattr(args, key)).resolve()), spec],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            res = json.loads(out)
            cores[key] = res.pop("_core")
            runs[key].append(res)
    print(f"A: {args.a} ({cores['a']})\nB: {args.b} ({cores['b']})")
    print(f"CPU time per decode, median of {args.rounds} alternating rounds")
    print(f"{'input':<38} {'A us':>9} {'B us':>9} {'B/A':>6}")
    for name in runs["a"][0]:
        a = statistics.median(r[name] for r in runs["a"]) * 1e6
        b = statistics.median(r[name] for r in runs["b"]) * 1e6
        print(f"{name:<38} {a:9.1f} {b:9.1f} {b / a:6.3f}")


if __name__ == "__main__":
    main()
