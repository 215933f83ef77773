"""Resize in the frontend, side by side in one run (prints ratios).

    python benches/bench_resize.py            # full run
    python benches/bench_resize.py --quick    # fewer repetitions

The 4K photo mosaics (../shared/corpus/jpeg_mosaic_3840x2160, else a 4K mosaic built from
tests/fixtures) resized to Qwen2-VL's default budget (``Resize.qwen2_vl()``: 3840x2160 ->
1316x728), in a batch:

1. fastmedia exact (decode + bicubic on the pool) and draft (DCT scaling first) vs the Pillow
   pipeline the processors run (open + ``convert("RGB")`` + ``resize(BICUBIC)``, in a 2-thread
   pool), and vs Pillow using ``draft()`` first.
2. Bytes per descriptor with and without the resize.
3. End to end: Frontend.decode_batch -> descriptors -> Reader.read_batch in another process,
   images/s with resize (exact, draft) against no resize, and against no resize with the
   backend resizing what it read (Pillow BICUBIC, as the model's processor would). On one
   host the READ is a memcpy over loopback, so the 8.7x fewer bytes barely show here.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
os.environ.setdefault("UCX_MEM_EVENTS", "no")

from common import REPO, find_corpus, load_average, print_table, time_interleaved  # noqa: E402


def mosaics() -> list[bytes]:
    root = find_corpus()
    d = root / "jpeg_mosaic_3840x2160"
    if d.is_dir():
        return [p.read_bytes() for p in sorted(d.glob("*.jpg"))]
    # Fresh clone: tile the 1080p fixture mosaics 2x2 into 4K JPEGs (q90, 4:2:0).
    from PIL import Image

    out = []
    for p in sorted((REPO / "tests" / "fixtures" / "jpeg_mosaic_1920x1080").glob("*.jpg")):
        tile = Image.open(p).convert("RGB")
        big = Image.new("RGB", (3840, 2160))
        for x in (0, 1920):
            for y in (0, 1080):
                big.paste(tile, (x, y))
        buf = io.BytesIO()
        big.save(buf, format="JPEG", quality=90)
        out.append(buf.getvalue())
    return out


def reader_child() -> None:
    """Backend process: read each batch of descriptors (one JSON line) with read_batch; with
    ``resize`` [h, w], then resize each the way the model's processor does (Pillow BICUBIC)."""
    import numpy as np
    from PIL import Image

    import fastmedia

    with fastmedia.Reader(timeout_s=60.0) as rd:
        print("ready", flush=True)
        for line in sys.stdin:
            req = json.loads(line)
            if not req:
                break
            arrs = rd.read_batch(req["descs"])
            if req["resize"]:
                h, w = req["resize"]
                arrs = [
                    np.asarray(Image.fromarray(a).resize((w, h), Image.Resampling.BICUBIC))
                    for a in arrs
                ]
            print(json.dumps([list(a.shape) for a in arrs]), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--reader-child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--batch", type=int, default=16)
    args = ap.parse_args()
    if args.reader_child:
        reader_child()
        return
    from common import versions

    print(versions("pillow"))

    import numpy as np
    from PIL import Image

    import fastmedia
    from fastmedia import Resize

    reps = 3 if args.quick else 5
    files = mosaics()
    batch = [files[i % len(files)] for i in range(args.batch)]
    exact, draft = Resize.qwen2_vl(), Resize.qwen2_vl(draft=True)
    th, tw = exact.target_size(2160, 3840)
    print(
        f"fastmedia {fastmedia.__version__}  cores {os.cpu_count()}  load {load_average()}  "
        f"batch {len(batch)} x 4K -> {tw}x{th} (Resize.qwen2_vl())"
    )

    # -- 1. decode + resize, 2 threads each
    dec = fastmedia.Decoder(threads=2)
    pool = ThreadPoolExecutor(2)

    def pil_exact(data: bytes) -> np.ndarray:
        im = Image.open(io.BytesIO(data)).convert("RGB")
        h, w = exact.target_size(im.height, im.width)
        return np.asarray(im.resize((w, h), Image.Resampling.BICUBIC))

    def pil_draft(data: bytes) -> np.ndarray:
        im = Image.open(io.BytesIO(data))
        h, w = exact.target_size(im.height, im.width)
        im.draft("RGB", (w, h))
        return np.asarray(im.convert("RGB").resize((w, h), Image.Resampling.BICUBIC))

    runs = {
        "fastmedia exact": lambda: dec.decode_batch(batch, resize=exact),
        "fastmedia draft": lambda: dec.decode_batch(batch, resize=draft),
        "Pillow convert+resize (2 threads)": lambda: list(pool.map(pil_exact, batch)),
        "Pillow draft+convert+resize (2 threads)": lambda: list(pool.map(pil_draft, batch)),
        "fastmedia decode only (no resize)": lambda: dec.decode_batch(batch),
    }
    timings = dict(zip(runs, time_interleaved(list(runs.values()), repeats=reps), strict=True))
    # Wall-time ratios, and CPU-time ratios (all threads of this process), which a busy
    # shared machine moves much less.
    pil = timings["Pillow convert+resize (2 threads)"]
    pil_d = timings["Pillow draft+convert+resize (2 threads)"]
    rows = []
    for name, t in timings.items():
        rows.append(
            [name, f"{len(batch) / t.median:.1f}", f"{t.median_cpu / len(batch) * 1e3:.1f}",
             f"{pil.median / t.median:.2f}x", f"{pil.median_cpu / t.median_cpu:.2f}x",
             f"{pil_d.median / t.median:.2f}x", f"{pil_d.median_cpu / t.median_cpu:.2f}x"]
        )  # fmt: skip
    print()
    print_table(
        ["4K -> Qwen2-VL budget", "images/s", "CPU ms/img", "vs Pillow", "(CPU)",
         "vs Pillow draft()", "(CPU)"],
        rows,
    )  # fmt: skip

    # -- 2. bytes per descriptor
    full = 2160 * 3840 * 3
    small = th * tw * 3
    print(
        f"\nbytes per descriptor: {full:,} full size vs {small:,} resized: "
        f"{full / small:.2f}x fewer bytes over NIXL"
    )

    # -- 3. end to end: Frontend + Reader in another process
    child = subprocess.Popen(
        [sys.executable, __file__, "--reader-child"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None and child.stdout is not None
    while child.stdout.readline().strip() != "ready":
        pass
    fe = fastmedia.Frontend(decoder=dec, pool_bytes=1 << 30)

    def e2e(resize: Resize, backend_resize: bool = False) -> None:
        ms = fe.decode_batch(batch, resize=resize)
        req = {"descs": [m.descriptor for m in ms], "resize": [th, tw] if backend_resize else None}
        child.stdin.write(json.dumps(req) + "\n")
        child.stdin.flush()
        shapes = json.loads(child.stdout.readline())
        assert shapes == [[th, tw, 3] if backend_resize else list(m.shape) for m in ms]
        for m in ms:  # the notification normally ends them; do not wait on it
            m.release()

    try:
        none, backend, ex, dr = time_interleaved(
            [
                lambda: e2e(Resize()),
                lambda: e2e(Resize(), backend_resize=True),
                lambda: e2e(exact),
                lambda: e2e(draft),
            ],
            repeats=max(2, reps - 2),
        )
    finally:
        child.stdin.write("[]\n")
        child.stdin.flush()
        child.wait(timeout=60)
        fe.close()
    n = len(batch)
    print()
    print_table(
        ["end to end (Frontend -> Reader process)", "images/s", "vs no resize",
         "frontend CPU ms/img"],
        [
            ["no resize (25 MB/image)", f"{n / none.median:.1f}", "1.00x",
             f"{none.median_cpu / n * 1e3:.1f}"],
            ["no resize, backend resizes (Pillow BICUBIC)", f"{n / backend.median:.1f}",
             f"{none.median / backend.median:.2f}x", f"{backend.median_cpu / n * 1e3:.1f}"],
            [f"Resize.qwen2_vl() ({small / 1e6:.1f} MB/image)", f"{n / ex.median:.1f}",
             f"{none.median / ex.median:.2f}x", f"{ex.median_cpu / n * 1e3:.1f}"],
            ["Resize.qwen2_vl(draft=True)", f"{n / dr.median:.1f}",
             f"{none.median / dr.median:.2f}x", f"{dr.median_cpu / n * 1e3:.1f}"],
        ],
    )  # fmt: skip


if __name__ == "__main__":
    main()
