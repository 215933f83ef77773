"""Side-by-side decode throughput: fastmedia vs Pillow, simplejpeg, OpenCV, imagecodecs.

Run:  python benches/bench_decode.py [DIR] [--json out.json]
  or: python -m fastmedia bench [DIR] [--json out.json]

DIR defaults to $FASTMEDIA_CORPUS when set, else tests/fixtures (a small copy).
For each group (corpus sub-folder, or format in a flat folder) a batch of --batch images
(files cycled) is decoded by every applicable decoder, each in one process, one after the
other: a warm-up pass, then the median of --repeats timed passes. Every peer runs in a
ThreadPoolExecutor of --threads workers (they release the GIL); fastmedia uses its own
Rust pool via Decoder.decode_batch. Output memory is freed after the clock stops, for
everyone, so fastmedia's recycler sees the buffers of the previous pass.

A second section measures the page-fault share of fastmedia's decode time: the same
single-threaded decode loop with every output kept alive (fresh memory, first-touch page
faults) and with every output dropped at once (the recycled buffer is reused, no faults).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import io
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common

try:
    import numpy as np
except ImportError:  # pragma: no cover - the package itself needs numpy
    raise SystemExit("the decode benchmark needs numpy") from None

import contextlib

import fastmedia

Batch = Sequence[bytes]
DecodeFn = Callable[[Batch], list]


# --------------------------------------------------------------------------- decoders


def _peer_modules() -> dict[str, object]:
    """The peers that import here; missing ones are reported and skipped."""
    mods: dict[str, object] = {}
    for name in ("PIL.Image", "simplejpeg", "cv2", "imagecodecs"):
        try:
            mods[name] = __import__(name, fromlist=["_"])
        except ImportError:
            mods[name] = None
    return mods


def _versions(mods: dict[str, object]) -> dict[str, str | None]:
    out: dict[str, str | None] = {"fastmedia": getattr(fastmedia, "__version__", "?")}
    pil = mods.get("PIL.Image")
    if pil is not None:
        import PIL

        out["Pillow"] = PIL.__version__
    for key, mod in (("simplejpeg", mods.get("simplejpeg")), ("cv2", mods.get("cv2"))):
        out[key] = getattr(mod, "__version__", None) if mod is not None else None
    ic = mods.get("imagecodecs")
    if ic is not None:
        out["imagecodecs"] = ic.__version__
        for fn in ("spng_version", "png_version", "webp_version"):
            with contextlib.suppress(Exception):
                out[fn] = getattr(ic, fn)()
    return out


def _pool_map(ex: concurrent.futures.Executor, fn: Callable[[bytes], object]) -> DecodeFn:
    return lambda batch: list(ex.map(fn, batch))


def decoders_for(
    kind: str, threads: int, mods: dict[str, object], ex: concurrent.futures.Executor
) -> list[tuple[str, int, DecodeFn]]:
    """(label, threads, fn) for every decoder that handles `kind` here."""
    fm_n = fastmedia.Decoder(threads=threads)
    fm_1 = fastmedia.Decoder(threads=1)
    out: list[tuple[str, int, DecodeFn]] = [
        ("fastmedia", threads, lambda b: fm_n.decode_batch(b)),
        ("fastmedia", 1, lambda b: fm_1.decode_batch(b)),
    ]
    pil = mods.get("PIL.Image")
    if pil is not None:

        def pil_decode(data: bytes, _img=pil) -> np.ndarray:
            with _img.open(io.BytesIO(data)) as im:
                return np.asarray(im.convert("RGB"))

        out.append(("Pillow", threads, _pool_map(ex, pil_decode)))
    sj = mods.get("simplejpeg")
    if sj is not None and kind == "jpeg":
        # Library defaults: fastdct=False, fastupsample=False, i.e. ISLOW IDCT and fancy
        # upsampling, the same settings fastmedia's libjpeg-turbo path uses.
        out.append(("simplejpeg", threads, _pool_map(ex, lambda d, _sj=sj: _sj.decode_jpeg(d))))
    cv2 = mods.get("cv2")
    if cv2 is not None:
        # BGR (and alpha dropped): a different layout, fine for timing.
        flag = cv2.IMREAD_COLOR

        def cv_decode(data: bytes, _cv=cv2) -> np.ndarray:
            return _cv.imdecode(np.frombuffer(data, np.uint8), flag)

        out.append(("cv2", threads, _pool_map(ex, cv_decode)))
    ic = mods.get("imagecodecs")
    if ic is not None:
        fn = None
        if kind == "png":
            if getattr(getattr(ic, "SPNG", None), "available", False):
                fn, label = ic.spng_decode, "imagecodecs[spng]"
            elif getattr(getattr(ic, "PNG", None), "available", False):
                fn, label = ic.png_decode, "imagecodecs[png]"
        elif kind == "webp" and getattr(getattr(ic, "WEBP", None), "available", False):
            fn, label = ic.webp_decode, "imagecodecs[webp]"
        if fn is not None:
            out.append((label, threads, _pool_map(ex, fn)))
    return out


def _pixels(data: bytes) -> int:
    """Output pixels of one encoded image (header only when Pillow is present)."""
    try:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as im:
            w, h = im.size
            return w * h
    except ImportError:
        a = fastmedia.Decoder(threads=1).decode(data)
        return a.shape[0] * a.shape[1]


# --------------------------------------------------------------------------- throughput


def run_throughput(
    groups: dict[str, list[tuple[str, bytes]]],
    batch_size: int,
    repeats: int,
    threads: int,
    show_progress: bool,
) -> list[dict]:
    """Per group, every decoder timed round-robin (see common.time_interleaved)."""
    mods = _peer_modules()
    missing = [k for k, v in mods.items() if v is None]
    if missing:
        print(f"note: not installed, skipped: {', '.join(missing)}", file=sys.stderr)
    results: list[dict] = []
    plan = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=threads) as ex:
        for group, files in groups.items():
            kind = common.sniff_kind(files[0][1]) or "?"
            batch = common.cycle_batch([d for _, d in files], batch_size)
            mpix = sum(_pixels(d) for d in batch) / 1e6
            decs = []
            for label, nthreads, fn in decoders_for(kind, threads, mods, ex):
                try:  # a peer that cannot decode every file of the group is left out
                    fn([d for _, d in files])
                except Exception as e:
                    print(
                        f"{label} cannot decode {group}: {type(e).__name__}: {e}", file=sys.stderr
                    )
                    continue
                decs.append((label, nthreads, fn))
            plan.append((group, kind, batch, mpix, decs))
        bar = common.progress(
            sum((repeats + 1) * len(p[4]) for p in plan), "decode bench", show_progress
        )
        try:
            for group, kind, batch, mpix, decs in plan:
                bar.set_postfix_str(group)
                fns = [lambda fn=fn, batch=batch: fn(batch) for _, _, fn in decs]
                for fn in fns:  # warm-up, counted on the bar
                    fn()
                    bar.update()
                timings = common.time_interleaved(
                    fns, repeats=repeats, warmup=0, on_call=lambda i: bar.update()
                )
                for (label, nthreads, _), t in zip(decs, timings, strict=True):
                    results.append(
                        {
                            "group": group,
                            "kind": kind,
                            "decoder": label,
                            "threads": nthreads,
                            "images": len(batch),
                            "megapixels": mpix,
                            "times_s": t.times,
                            "median_s": t.median,
                            "mp_per_s": mpix / t.median,
                            "best_mp_per_s": mpix / t.best,
                            "ms_per_image": 1e3 * t.median / len(batch),
                            "minor_faults_per_image": t.median_faults / len(batch),
                            "cpu_ms_per_image": 1e3 * t.median_cpu / len(batch),
                            "mp_per_cpu_s": mpix / t.median_cpu if t.median_cpu > 0 else None,
                            "spread": t.spread(),
                        }
                    )
        finally:
            bar.close()
    return results


def ratios(results: list[dict], threads: int) -> list[dict]:
    out = []
    for group in dict.fromkeys(r["group"] for r in results):
        rs = [r for r in results if r["group"] == group]

        def mps(label: str, n: int = threads, rs: list[dict] = rs) -> float | None:
            for r in rs:
                if r["decoder"] == label and r["threads"] == n:
                    return r["mp_per_s"]
            return None

        fm = mps("fastmedia")
        ic = next((r["mp_per_s"] for r in rs if r["decoder"].startswith("imagecodecs")), None)
        row = {
            "group": group,
            "fastmedia_mp_s": fm,
            "vs_pillow": fm / mps("Pillow") if fm and mps("Pillow") else None,
            "vs_simplejpeg": fm / mps("simplejpeg") if fm and mps("simplejpeg") else None,
            "vs_cv2": fm / mps("cv2") if fm and mps("cv2") else None,
            "vs_imagecodecs": fm / ic if fm and ic else None,
            "scaling": fm / mps("fastmedia", 1) if fm and mps("fastmedia", 1) else None,
        }
        out.append(row)
    return out


def print_throughput(
    results: list[dict], rat: list[dict], threads: int, batch: int, repeats: int
) -> None:
    print(
        f"\nDecode throughput: batch of {batch}, median of {repeats} (after 1 warm-up, decoders "
        f"interleaved), peers in a {threads}-thread ThreadPoolExecutor. spread = (max-min)/median; "
        f"CPU ms/img = user+sys CPU of all threads per image (robust to other load)"
    )
    common.print_table(
        [
            "group",
            "decoder",
            "threads",
            "MP/s",
            "best MP/s",
            "ms/img",
            "CPU ms/img",
            "faults/img",
            "spread",
        ],
        [
            [
                r["group"],
                r["decoder"],
                r["threads"],
                f"{r['mp_per_s']:.0f}",
                f"{r['best_mp_per_s']:.0f}",
                f"{r['ms_per_image']:.2f}",
                f"{r['cpu_ms_per_image']:.2f}",
                f"{r['minor_faults_per_image']:.0f}",
                f"{100 * r['spread']:.0f}%",
            ]
            for r in results
        ],
    )
    print(
        f"\nRatios (fastmedia {threads} threads over each peer at {threads} threads; "
        f"scaling = fastmedia {threads} threads / 1 thread)"
    )

    def f(x: float | None) -> str:
        return "-" if x is None else f"{x:.2f}x"

    common.print_table(
        [
            "group",
            "fastmedia MP/s",
            "/Pillow",
            "/simplejpeg",
            "/cv2",
            "/imagecodecs",
            f"{threads}t/1t",
        ],
        [
            [
                r["group"],
                f"{r['fastmedia_mp_s']:.0f}" if r["fastmedia_mp_s"] else "-",
                f(r["vs_pillow"]),
                f(r["vs_simplejpeg"]),
                f(r["vs_cv2"]),
                f(r["vs_imagecodecs"]),
                f(r["scaling"]),
            ]
            for r in rat
        ],
    )


# The README's names for the corpus groups.
GROUP_TITLES = {
    "jpeg_mosaic_1920x1080": "JPEG 1080p photo mosaic",
    "jpeg_mosaic_3840x2160": "JPEG 4K photo mosaic",
    "jpeg_1920x1080": "JPEG 1080p (smooth)",
    "png_512x512_rgb": "PNG 512x512 RGB",
    "png_512x512_rgba": "PNG 512x512 RGBA (to RGB)",
    "webp_1024x768_lossy": "WebP 1024x768 lossy",
}
BEGIN, END = "<!-- bench:decode -->", "<!-- /bench:decode -->"


def markdown_table(rat: list[dict], threads: int, batch: int, env: dict, load: tuple) -> str:
    """The README's decode table, with when, where and against which versions it was made."""
    import datetime

    def f(x: float | None) -> str:
        return "-" if x is None else f"{x:.2f}x"

    peers = common.versions("pillow", "simplejpeg", "opencv-python-headless", "imagecodecs")
    lines = [
        f"`python -m fastmedia bench` (batch of {batch}, {threads} threads, peers in a "
        f"{threads}-thread pool), {datetime.date.today().isoformat()}, "
        f"{env['usable_cores']} cores, {env['platform']}, load {load[0]:.2f}/{load[1]:.2f} "
        f"before/after; {peers}:",
        "",
        "| corpus group | fastmedia MP/s | vs Pillow | vs simplejpeg (libjpeg-turbo) | vs OpenCV "
        f"| vs imagecodecs (libspng/libwebp) | 1 -> {threads} threads |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rat:
        mps = f"{r['fastmedia_mp_s']:.0f}" if r["fastmedia_mp_s"] else "-"
        cells = [r["vs_pillow"], r["vs_simplejpeg"], r["vs_cv2"], r["vs_imagecodecs"]]
        row = [GROUP_TITLES.get(r["group"], r["group"]), mps, *map(f, cells), f(r["scaling"])]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def write_markdown(path: Path, table: str) -> None:
    """A file holding BEGIN/END markers (the README) gets the table between them; any other
    path gets the table alone."""
    text = path.read_text() if path.is_file() else ""
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        path.write_text(f"{head}{BEGIN}\n{table}{END}{tail}")
    else:
        path.write_text(table)


# --------------------------------------------------------------------------- page faults


def _set_numpy_hugepages(on: bool) -> bool | None:
    """numpy madvise()s large arrays MADV_HUGEPAGE (THP "madvise" mode): toggle it.
    Returns the previous setting, None when this numpy has no switch."""
    fn = getattr(
        getattr(getattr(np, "_core", None), "multiarray", None), "_set_madvise_hugepage", None
    )
    if fn is None:
        fn = getattr(
            getattr(getattr(np, "core", None), "multiarray", None), "_set_madvise_hugepage", None
        )
    return None if fn is None else fn(on)


def _fresh_touch_cost(nbytes: int, repeats: int, hugepages: bool) -> dict:
    """First-touch cost of fresh memory vs rewriting resident memory, numpy only. Every fresh
    array is kept until the end so that the allocator cannot hand back touched pages."""
    page = common.environment()["page_size"]
    prev = _set_numpy_hugepages(hugepages)
    try:
        reused = np.empty(nbytes, np.uint8)
        reused.fill(1)
        keep, fresh_t, reuse_t, faults = [], [], [], []
        for _ in range(repeats):
            a = np.empty(nbytes, np.uint8)
            f0 = common.minor_faults()
            t0 = time.perf_counter()
            a.fill(2)
            t1 = time.perf_counter()
            faults.append(common.minor_faults() - f0)
            keep.append(a)
            t2 = time.perf_counter()
            reused.fill(3)
            t3 = time.perf_counter()
            fresh_t.append(t1 - t0)
            reuse_t.append(t3 - t2)
        del keep
    finally:
        if prev is not None:
            _set_numpy_hugepages(prev)
    fr, ru = statistics.median(fresh_t), statistics.median(reuse_t)
    return {
        "bytes": nbytes,
        "hugepages": hugepages,
        "fresh_ms": 1e3 * fr,
        "reused_ms": 1e3 * ru,
        "faults": statistics.median(faults),
        "us_per_fresh_4k_page": 1e6 * (fr - ru) / (nbytes / page),
    }


def run_faults(
    files: list[tuple[str, bytes]], mode: str, n: int, repeats: int, threads: int
) -> dict:
    """fastmedia's per-image time with fresh output memory vs recycled buffers.

    Run in a fresh process per mode (see faults_in_child): glibc has no freed memory to hand
    out again, so kept outputs really need new pages.
    fresh:    every decoded array is kept alive, so each decode needs new pages. The recycler
              (256 MiB cap) is drained first by holding enough arrays, so these are fresh.
    recycled: arrays are dropped after each pass; the recycler hands them back, resident.
    mode "loop": Decoder(threads=1).decode in a loop; "batch": Decoder(threads).decode_batch.
    """
    page = common.environment()["page_size"]
    data = common.cycle_batch([d for _, d in files], n)
    nthreads = 1 if mode == "loop" else threads
    dec = fastmedia.Decoder(threads=nthreads)
    out: dict = {"mode": mode, "threads": nthreads, "images": n}
    if mode == "loop":
        # Before any decode: a clean heap, so np.empty gets untouched pages.
        probe = fastmedia.Decoder(threads=1).decode(data[0])
        nbytes = probe.nbytes
        del probe
        out["numpy_first_touch"] = [
            _fresh_touch_cost(nbytes, repeats, hugepages=False),
            _fresh_touch_cost(nbytes, repeats, hugepages=True),
        ]

    def run() -> list:
        if mode == "loop":
            return [dec.decode(d) for d in data]
        return dec.decode_batch(data)

    first = dec.decode(data[0])
    nbytes = first.nbytes
    del first
    out["output_bytes"] = nbytes
    out["output_pages"] = nbytes / page
    # Recycled: outputs dropped after each pass; the recycler holds them for the next.
    recycled = common.time_median(run, repeats=repeats, warmup=2)
    # Fresh: hold enough arrays that the recycler has nothing of this size, then keep every
    # pass's outputs alive until all repeats are done.
    drain = (256 << 20) // max(nbytes, 1) + 2
    hold = [dec.decode(data[i % len(data)]) for i in range(drain)]
    fresh = common.time_median(run, repeats=repeats, warmup=0, keep=True)
    del hold
    t_rec, t_fresh = recycled.median / n, fresh.median / n
    out.update(
        recycled_ms_per_image=1e3 * t_rec,
        fresh_ms_per_image=1e3 * t_fresh,
        recycled_faults_per_image=recycled.median_faults / n,
        fresh_faults_per_image=fresh.median_faults / n,
        fault_share_of_fresh=(t_fresh - t_rec) / t_fresh if t_fresh > 0 else None,
        us_per_fresh_4k_page=1e6 * (t_fresh - t_rec) / (nbytes / page),
    )
    return out


def faults_in_child(root: Path, group: str, repeats: int, threads: int) -> dict:
    """run_faults, each mode in a fresh interpreter, so earlier benchmarks' freed memory (which
    glibc keeps and hands out again, already resident) cannot hide the first-touch cost."""
    res: dict = {"group": group}
    for mode in ("loop", "batch"):
        cmd = [
            sys.executable,
            str(Path(__file__).resolve()),
            str(root),
            "--groups",
            group,
            "--repeats",
            str(repeats),
            "--threads",
            str(threads),
            "--_faults-child",
            mode,
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise SystemExit(
                f"page-fault study ({mode}) failed ({proc.returncode}):\n{proc.stderr}"
            )
        res[mode] = json.loads(proc.stdout.strip().splitlines()[-1])
    return res


def print_faults(r: dict) -> None:
    loop = r["loop"]
    print(
        f"\nPage faults of fresh output memory: fastmedia, {r['group']}, {loop['images']} images, "
        f"output {loop['output_bytes'] / 2**20:.1f} MiB ({loop['output_pages']:.0f} pages) each, "
        f"fresh process per row pair"
    )
    rows = []
    for mode in ("loop", "batch"):
        v = r[mode]
        what = (
            "decode() loop, 1 thread" if mode == "loop" else f"decode_batch, {v['threads']} threads"
        )
        share = v["fault_share_of_fresh"]
        rows.append(
            [
                f"{what}: fresh (kept)",
                f"{v['fresh_ms_per_image']:.2f}",
                f"{v['fresh_faults_per_image']:.0f}",
                "" if share is None else f"{100 * share:.0f}%",
                f"{v['us_per_fresh_4k_page']:.2f}",
            ]
        )
        rows.append(
            [
                f"{what}: recycled (dropped)",
                f"{v['recycled_ms_per_image']:.2f}",
                f"{v['recycled_faults_per_image']:.0f}",
                "",
                "",
            ]
        )
    common.print_table(["fastmedia", "ms/img", "faults/img", "fault share", "us/4K page"], rows)
    for nt in loop["numpy_first_touch"]:
        print(
            f"numpy baseline ({'MADV_HUGEPAGE' if nt['hugepages'] else '4 KiB pages'}), "
            f"{nt['bytes'] / 2**20:.1f} MiB fill: fresh {nt['fresh_ms']:.2f} ms "
            f"({nt['faults']:.0f} faults) vs resident {nt['reused_ms']:.2f} ms = "
            f"{nt['us_per_fresh_4k_page']:.2f} us per fresh 4 KiB of memory"
        )


# --------------------------------------------------------------------------- main


def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog,
        description="Decode throughput of fastmedia against Pillow, simplejpeg, OpenCV and "
        "imagecodecs, side by side, with a ratio table.",
    )
    p.add_argument(
        "dir", nargs="?", help="folder of images (default: $FASTMEDIA_CORPUS, else tests/fixtures)"
    )
    p.add_argument("--batch", type=int, default=64, help="images per batch (default 64)")
    p.add_argument(
        "--repeats", type=int, default=5, help="timed passes, median reported (default 5)"
    )
    p.add_argument(
        "--threads",
        type=int,
        default=2,
        help="threads for fastmedia and each peer pool (default 2)",
    )
    p.add_argument(
        "--groups",
        nargs="+",
        metavar="GROUP",
        help="corpus sub-folders to run (default: the six throughput groups)",
    )
    p.add_argument("--json", metavar="PATH", help="also write every measurement to this JSON file")
    p.add_argument(
        "--markdown",
        metavar="PATH",
        type=Path,
        help="write the ratio table as Markdown: between the <!-- bench:decode --> markers of "
        "a file that has them (README.md), else the whole file",
    )
    p.add_argument("--no-faults", action="store_true", help="skip the page-fault section")
    p.add_argument("--faults-only", action="store_true", help="run only the page-fault section")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--_faults-child", choices=("loop", "batch"), help=argparse.SUPPRESS)
    return p


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    args = build_parser(prog).parse_args(argv)
    if args.repeats < 1 or args.batch < 1 or args.threads < 1:
        raise SystemExit("--batch, --repeats and --threads must be at least 1")
    root = common.find_corpus(args.dir)
    groups = common.load_groups(root, args.groups)
    if not groups:
        raise SystemExit(f"no decodable images found in {root}")
    if args._faults_child:
        _group, files = next(iter(groups.items()))
        print(
            json.dumps(
                run_faults(
                    files, args._faults_child, n=32, repeats=args.repeats, threads=args.threads
                )
            )
        )
        return 0
    print(common.versions("pillow", "simplejpeg", "opencv-python-headless", "imagecodecs"))
    env = common.environment()
    print(f"corpus: {root}  ({', '.join(f'{g}: {len(f)} files' for g, f in groups.items())})")
    print(
        f"fastmedia {fastmedia.__version__} from {Path(fastmedia.__file__).parent}; "
        f"{env['usable_cores']} usable cores; python {env['python']}"
    )
    if env["usable_cores"] < args.threads:
        print(
            f"warning: {args.threads} threads on {env['usable_cores']} cores: scaling is capped",
            file=sys.stderr,
        )
    report: dict = {
        "command": [sys.executable, *sys.argv],
        "corpus": str(root),
        "env": env,
        "config": {"batch": args.batch, "repeats": args.repeats, "threads": args.threads},
    }
    mods = _peer_modules()
    report["versions"] = _versions(mods)
    report["load_before"] = common.load_average()

    if not args.faults_only:
        results = run_throughput(
            groups, args.batch, args.repeats, args.threads, not args.no_progress
        )
        rat = ratios(results, args.threads)
        print_throughput(results, rat, args.threads, args.batch, args.repeats)
        report["results"], report["ratios"] = results, rat

    if not args.no_faults:
        jpeg_groups = [g for g, f in groups.items() if common.sniff_kind(f[0][1]) == "jpeg"]
        fgroup = next((g for g in ("jpeg_mosaic_1920x1080", *jpeg_groups) if g in groups), None)
        fgroup = fgroup or next(iter(groups))
        faults = faults_in_child(root, fgroup, args.repeats, args.threads)
        print_faults(faults)
        report["faults"] = faults

    report["load_after"] = common.load_average()
    lb, la = report["load_before"], report["load_after"]
    if lb is not None and la is not None:
        print(
            f"\n1-minute load average before/after: {lb:.2f}/{la:.2f} on "
            f"{env['usable_cores']} cores (includes this run's own threads; much above "
            f"{args.threads} means other work competed)"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
        print(f"\nwrote {args.json}")
    if args.markdown and "ratios" in report and lb is not None and la is not None:
        table = markdown_table(report["ratios"], args.threads, args.batch, env, (lb, la))
        write_markdown(args.markdown, table)
        print(f"\nwrote the Markdown table to {args.markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
