"""The main job, end to end: a frontend process decodes real photographs into
NIXL-registered memory and a backend process reads every image over NIXL (UCX on loopback),
verifies it against a local decode of the same file, and both print throughput.

    python -m fastmedia demo [--corpus DIR] [--items N] [--batch N] [--verbose]
    python -m fastmedia demo --dynamo [...]   (the same photos through a real Dynamo frontend)

It decodes ``--items`` images (300 by default, cycling over the files) after one warm-up batch
that is not timed, prints the backend's read rate next to Pillow decoding the same files in
the backend (the work a ``Decoded`` descriptor saves it), and ends with one summary table.
NIXL's INFO log lines are silenced unless ``--verbose``.

Images come from ``--corpus``, else the folder named by ``FASTMEDIA_CORPUS``, else the few
sample photos shipped inside the package (so the demo runs from ``pip install`` alone).

Video clips (``video/`` of the corpus; else two small clips made with the ffmpeg CLI when it
is installed) go through the same path: ``Frontend.decode_video_batch`` samples 16 frames of
each into one registered chunk, the backend reads them with ``Reader.read_video_batch`` and
checks frames and vLLM metadata against a local ``Decoder.decode_video``.

The frontend sends each batch's descriptors (the exact ``{"Decoded": ...}`` items a Dynamo
backend would get) through a pipe and goes on decoding the next batch; the backend reads each
batch with one NIXL transfer, whose notification frees the frontend's chunks at once.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from fastmedia.demo.corpus import corpus_files, default_corpus

if TYPE_CHECKING:
    from fastmedia.media.decoder import Channels

VIDEO_EXT = {".mp4", ".mkv", ".webm", ".avi", ".mov"}
VIDEO_FRAMES = 16
VIDEO_ROUNDS = 3  # passes over the clips


def video_files(root: Path, scratch: Path) -> list[Path]:
    """The corpus's clips, else two small ones made with the ffmpeg CLI (none without it)."""
    vdir = root / "video"
    if vdir.is_dir():
        return sorted(p for p in vdir.iterdir() if p.suffix.lower() in VIDEO_EXT)
    import shutil
    import subprocess

    if shutil.which("ffmpeg") is None:
        return []
    out = []
    for name, codec in (("demo_h264.mp4", "libx264"), ("demo_vp9.webm", "libvpx-vp9")):
        p = scratch / name
        src = "testsrc2=size=640x360:rate=30:duration=4"
        cmd = ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", src, "-c:v", codec, str(p)]
        if subprocess.run(cmd, timeout=120).returncode == 0:
            out.append(p)
    return out


def pillow_seconds(counts: dict[str, int], channels: str) -> float | None:
    """What the backend would spend decoding the same images with Pillow (``open`` +
    ``convert`` + ``numpy``, the best of 3 per file, times its count); None without Pillow."""
    try:
        import numpy as np
        from PIL import Image
    except ImportError:
        return None
    import io

    total = 0.0
    for path, k in counts.items():
        data = Path(path).read_bytes()
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            im = Image.open(io.BytesIO(data))
            np.asarray(im.convert("RGB") if channels == "rgb" else im)
            best = min(best, time.perf_counter() - t0)
        total += best * k
    return total


def progress(total: int, unit: str, verbose: bool):
    """A tqdm bar on stderr when tqdm is installed (the bench extra), else a no-op."""
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:

        class _Null:
            def update(self, _n: int) -> None:
                pass

            def close(self) -> None:
                pass

        return _Null()
    return tqdm(total=total, unit=unit, leave=False, mininterval=0.5, delay=1.0)


def backend(conn, channels: Channels) -> None:
    """Backend process: read each batch over NIXL, verify, acknowledge."""
    import numpy as np

    import fastmedia

    reader = fastmedia.Reader(timeout_s=30.0)
    local = fastmedia.Decoder(channels=channels)
    reference: dict[str, np.ndarray] = {}
    n = nbytes = videos = vbytes = 0
    busy = vbusy = 0.0
    counts: dict[str, int] = {}
    cpu0 = time.process_time()
    try:
        while True:
            msg = conn.recv()
            if msg is None:
                break
            kind, paths, items = msg
            t0 = time.perf_counter()
            if kind == "warmup":  # read and checked, not counted
                arrays = reader.read_batch([it["Decoded"] for it in items])
                for path, arr in zip(paths, arrays, strict=True):
                    if not np.array_equal(arr, local.decode(Path(path).read_bytes())):
                        conn.send(("error", f"pixels differ for {path}"))
                        return
                conn.send(("ack", len(items)))
                continue
            if kind == "video":
                clips = reader.read_video_batch([it["Decoded"] for it in items])
                vbusy += time.perf_counter() - t0
                for path, (frames, meta) in zip(paths, clips, strict=True):
                    clip = local.decode_video(Path(path).read_bytes(), num_frames=VIDEO_FRAMES)
                    if not np.array_equal(frames, clip.frames) or meta != clip.metadata:
                        conn.send(("error", f"video frames or metadata differ for {path}"))
                        return
                    videos += 1
                    vbytes += frames.nbytes
                conn.send(("ack", len(clips)))
                continue
            arrays = reader.read_batch([it["Decoded"] for it in items])
            busy += time.perf_counter() - t0
            for path, arr in zip(paths, arrays, strict=True):
                want = reference.get(path)
                if want is None:
                    want = reference[path] = local.decode(Path(path).read_bytes())
                if not np.array_equal(arr, want):
                    conn.send(("error", f"pixels differ for {path}"))
                    return
                n += 1
                nbytes += arr.nbytes
                counts[path] = counts.get(path, 0) + 1
            conn.send(("ack", len(arrays)))
        conn.send(
            (
                "done",
                {
                    "images": n,
                    "videos": videos,
                    "bytes": nbytes,
                    "read_s": busy,
                    "video_bytes": vbytes,
                    "video_read_s": vbusy,
                    "pillow_s": pillow_seconds(counts, channels),
                    "cpu_s": time.process_time() - cpu0,
                    "reader": reader.stats(),
                },
            )
        )
    except Exception as e:  # report, never hang the frontend
        conn.send(("error", f"{type(e).__name__}: {e}"))
    finally:
        reader.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m fastmedia demo", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument(
        "--corpus",
        type=Path,
        default=None,
        help="folder of images (default: $FASTMEDIA_CORPUS, else the packaged samples)",
    )
    ap.add_argument(
        "--items", type=int, default=300, help="images to decode and read (cycling the files)"
    )
    ap.add_argument("--rounds", type=int, default=None, help="passes over the corpus instead")
    ap.add_argument("--verbose", action="store_true", help="keep NIXL's INFO log lines")
    ap.add_argument("--batch", type=int, default=16, help="images per request batch")
    ap.add_argument("--channels", default="native", choices=["native", "rgb"])
    ap.add_argument("--pool-mb", type=int, default=512, help="registered pool size (MiB)")
    ap.add_argument(
        "--dynamo",
        action="store_true",
        help="through a real Dynamo 1.6.1 frontend and a fastmedia.dynamo worker instead "
        "(its own options: --dynamo --help)",
    )
    argv = sys.argv[1:] if argv is None else list(argv)
    if "--dynamo" in argv:
        from fastmedia.demo.dynamo import main as dynamo_demo

        return dynamo_demo([a for a in argv if a != "--dynamo"])
    args = ap.parse_args(argv)
    if args.verbose:  # NIXL's own INFO lines (fastmedia keeps them quiet otherwise), here and
        os.environ.setdefault("FASTMEDIA_NIXL_LOGS", "1")  # in the backend process

    import fastmedia
    from fastmedia.transfer._nixl import find_capi_library, install_hint, nixl_available

    root = args.corpus or default_corpus()
    files = corpus_files(root) if root.is_dir() else []
    if not files:
        print(f"demo: no images in {root}; pass --corpus DIR", file=sys.stderr)
        return 2
    if not nixl_available() or not find_capi_library():
        print(f"demo: NIXL is not installed; install it with `{install_hint()}`", file=sys.stderr)
        return 2
    datas = {str(p): p.read_bytes() for p in files}
    # CMYK JPEGs are converted, other files decode as they are; skip anything undecodable.
    probe = fastmedia.Decoder(channels=args.channels).decode_batch(
        list(datas.values()), return_exceptions=True
    )
    paths = [p for p, r in zip(datas, probe, strict=True) if not isinstance(r, BaseException)]
    count = args.rounds * len(paths) if args.rounds is not None else args.items
    work = [paths[i % len(paths)] for i in range(count)] if paths else []
    batches = [work[i : i + args.batch] for i in range(0, len(work), args.batch)]
    warmup = paths[: args.batch]
    print(
        f"demo: {len(paths)} images from {root}, {len(work)} decodes in "
        f"{len(batches)} batches of <= {args.batch} after one warm-up batch"
    )

    import tempfile

    scratch = tempfile.TemporaryDirectory(prefix="fastmedia-demo-")
    vpaths = [str(p) for p in video_files(root, Path(scratch.name))]
    print(f"demo: {len(vpaths)} video clips, {VIDEO_FRAMES} sampled frames each")

    ctx = mp.get_context("spawn")
    parent, child = ctx.Pipe()
    proc = ctx.Process(target=backend, args=(child, args.channels), daemon=True)
    proc.start()
    fe = fastmedia.Frontend(pool_bytes=args.pool_mb << 20, channels=args.channels)
    try:
        if warmup:  # first decodes, first READ and the reader's first connect: not timed
            parent.send(
                ("warmup", warmup, [m.item for m in fe.decode_batch([datas[p] for p in warmup])])
            )
            kind, val = parent.recv()
            if kind == "error":
                raise RuntimeError(f"backend: {val}")
        bar = progress(len(work), "img", args.verbose)
        t0 = time.perf_counter()
        cpu0 = time.process_time()
        decode_s = 0.0
        in_flight = 0
        decoded_bytes = 0
        for batch in batches:
            d0 = time.perf_counter()
            media = fe.decode_batch([datas[p] for p in batch])
            decode_s += time.perf_counter() - d0
            decoded_bytes += sum(m.descriptor["nixl_descriptor"]["size"] for m in media)
            parent.send(("image", batch, [m.item for m in media]))
            in_flight += 1
            while parent.poll():  # collect acks without waiting
                kind, val = parent.recv()
                if kind == "error":
                    raise RuntimeError(f"backend: {val}")
                in_flight -= 1
                bar.update(val)
        while in_flight:
            kind, val = parent.recv()
            if kind == "error":
                raise RuntimeError(f"backend: {val}")
            in_flight -= 1
            bar.update(val)
        bar.close()
        wall = time.perf_counter() - t0
        video_frames = 0
        vwork = [p for _ in range(VIDEO_ROUNDS) for p in vpaths]
        vbar = progress(len(vwork), "clip", args.verbose)
        for i in range(0, len(vwork), 4):
            group = vwork[i : i + 4]
            clips = fe.decode_video_batch(
                [Path(p).read_bytes() for p in group], num_frames=VIDEO_FRAMES
            )
            video_frames += sum(m.shape[0] for m in clips)
            parent.send(("video", group, [m.item for m in clips]))
            kind, val = parent.recv()
            if kind == "error":
                raise RuntimeError(f"backend: {val}")
            vbar.update(len(group))
        vbar.close()
        fe_cpu = time.process_time() - cpu0
        parent.send(None)
        kind, back = parent.recv()
        if kind != "done":
            raise RuntimeError(f"backend: {back}")
        deadline = (
            time.monotonic() + 60
        )  # notifications trail the reads; this only bounds a failure
        while fe.stats()["leases_live"] and time.monotonic() < deadline:
            time.sleep(0.01)
        stats = fe.stats()
    finally:
        fe.close()
        proc.join(timeout=10)
        scratch.cleanup()
    n, v = back["images"], back["videos"]
    mb_total = decoded_bytes / 1e6
    read_s, pil_s = back["read_s"], back["pillow_s"]
    print()
    print(
        f"frontend: decode+register {len(work) / decode_s:7.1f} images/s "
        f"{mb_total / decode_s:7.1f} MB/s (CPU {fe_cpu:.2f} s)"
    )
    print(
        f"backend:  NIXL read       {n / read_s:7.1f} images/s "
        f"{back['bytes'] / 1e6 / read_s:7.1f} MB/s (CPU {back['cpu_s']:.2f} s incl. verification)"
    )
    if pil_s:
        print(
            f"          Pillow decoding the same images in the backend: {n / pil_s:7.1f} "
            f"images/s; the NIXL read is {pil_s / read_s:.1f}x faster"
        )
    else:
        print("          (install Pillow to compare with decoding in the backend)")
    print(f"end to end: {n / wall:7.1f} images/s ({wall:.2f} s, warm-up excluded)")
    if args.verbose:
        keys = ("pool_bytes_in_use", "leases_total", "released_by_notification")
        print("frontend pool:", json.dumps({k: stats[k] for k in (*keys, "released_by_ttl")}))
    vread = back["video_read_s"]
    vmbs = f"{back['video_bytes'] / 1e6 / vread:.1f}" if v and vread else "-"
    rows = [
        ("images", f"{len(work)}", f"{n}/{len(work)}", f"{back['bytes'] / 1e6 / read_s:.1f}"),
        ("video", f"{len(vwork)} ({video_frames} frames)", f"{v}/{len(vwork)}", vmbs),
    ]
    print()
    print(f"{'':8} {'count':>18} {'pixel-exact':>12} {'NIXL MB/s':>10} {'leases left':>12}")
    for name, cnt, exact, mbs in rows:
        print(f"{name:8} {cnt:>18} {exact:>12} {mbs:>10} {stats['leases_live']:>12}")
    ok = n == len(work) and v == len(vwork) and stats["leases_live"] == 0
    if not ok:
        print("demo: FAILED (items missing or leases still live)", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
