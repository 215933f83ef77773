"""Shared helpers for fastmedia's Python benchmarks.

Corpus discovery, batches, median-of-N timing (with minor page-fault counts) and the
ratio table. Standard library only (numpy/Pillow are imported by the benches themselves),
so every bench script can import this module first and fail with a clear message later.
"""

from __future__ import annotations

import gc
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp", ".gif", ".bmp", ".tif", ".tiff"}

# The throughput groups of the full corpus (FASTMEDIA_CORPUS), in report order.
CORPUS_GROUPS = (
    "jpeg_mosaic_1920x1080",
    "jpeg_mosaic_3840x2160",
    "jpeg_1920x1080",
    "png_512x512_rgb",
    "png_512x512_rgba",
    "webp_1024x768_lossy",
)


def find_corpus(path: str | os.PathLike | None = None) -> Path:
    """The folder to benchmark: `path` if given, else ``$FASTMEDIA_CORPUS``, else the small
    tests/fixtures."""
    env = os.environ.get("FASTMEDIA_CORPUS")
    p = Path(path or env or REPO / "tests" / "fixtures").expanduser()
    if not p.is_dir():
        raise SystemExit(f"benchmark folder {p} does not exist or is not a directory")
    return p


def sniff_kind(data: bytes) -> str | None:
    """'jpeg', 'png', 'webp', 'gif', 'bmp', 'tiff' from magic bytes, else None."""
    if data[:3] == b"\xff\xd8\xff":
        return "jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if data[:2] == b"BM":
        return "bmp"
    if data[:4] in (b"II*\x00", b"MM\x00*"):
        return "tiff"
    return None


def _image_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)


def load_groups(
    root: Path, groups: Sequence[str] | None = None
) -> dict[str, list[tuple[str, bytes]]]:
    """Encoded files per benchmark group, as (name, bytes).

    A corpus-shaped folder (sub-folders named like CORPUS_GROUPS) gives one group per
    sub-folder. Any other folder (tests/fixtures, a user's photos) is grouped by format
    from its own files (non-recursive), e.g. "jpeg (fixtures)".
    """
    wanted = list(groups) if groups else list(CORPUS_GROUPS)
    out: dict[str, list[tuple[str, bytes]]] = {}
    subdirs = [root / g for g in wanted if (root / g).is_dir()]
    if subdirs:
        for d in subdirs:
            files = [(p.name, p.read_bytes()) for p in _image_files(d)]
            if files:
                out[d.name] = files
        return out
    by_kind: dict[str, list[tuple[str, bytes]]] = {}
    for p in _image_files(root):
        data = p.read_bytes()
        kind = sniff_kind(data)
        if kind is not None:
            by_kind.setdefault(f"{kind} ({root.name})", []).append((p.name, data))
    return by_kind


def cycle_batch(items: Sequence, n: int) -> list:
    """`n` items taken round-robin from `items`."""
    if not items:
        raise ValueError("cannot build a batch from no items")
    return [items[i % len(items)] for i in range(n)]


def minor_faults() -> int:
    """Minor page faults of this process so far, all threads (Rust pool threads included)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def cpu_seconds() -> float:
    """User + system CPU time of this process so far, all threads, plus its waited-for
    children: a peer that decodes in a subprocess (librosa's audioread runs the ffmpeg CLI for
    AAC) is charged for that work too."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime + c.ru_utime + c.ru_stime


@dataclass
class Timing:
    times: list[float] = field(default_factory=list)
    faults: list[int] = field(default_factory=list)
    # CPU seconds (all threads) per call: unlike wall time, barely moved by other processes
    # competing for the cores, so it still compares decoders on a busy shared machine.
    cpu: list[float] = field(default_factory=list)

    @property
    def median_cpu(self) -> float:
        return statistics.median(self.cpu) if self.cpu else 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def best(self) -> float:
        return min(self.times)

    @property
    def median_faults(self) -> float:
        return statistics.median(self.faults) if self.faults else 0.0

    def spread(self) -> float:
        """(max - min) / median: how noisy the repeats were."""
        return (max(self.times) - min(self.times)) / self.median if self.times else 0.0


def time_median(
    fn: Callable[[], object],
    repeats: int = 5,
    warmup: int = 1,
    keep: bool = False,
    on_repeat: Callable[[], None] | None = None,
) -> Timing:
    """Run `fn` `warmup` times untimed, then `repeats` times timed.

    The result of each call is dropped after the clock stops (so freeing output memory is not
    charged to anyone), unless `keep` is true. GC is disabled while timing.
    """
    t = Timing()
    kept = []
    for _ in range(warmup):
        res = fn()
        del res
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            c0 = cpu_seconds()
            f0 = minor_faults()
            t0 = time.perf_counter()
            res = fn()
            t1 = time.perf_counter()
            f1 = minor_faults()
            t.cpu.append(cpu_seconds() - c0)
            t.times.append(t1 - t0)
            t.faults.append(f1 - f0)
            if keep:
                kept.append(res)
            del res
            if on_repeat is not None:
                on_repeat()
    finally:
        if gc_was:
            gc.enable()
    del kept
    return t


def time_once(fn: Callable[[], object]) -> tuple[float, int, float]:
    """Wall seconds, minor page faults and CPU seconds of one call; the result is dropped
    after the clock stops."""
    c0 = cpu_seconds()
    f0 = minor_faults()
    t0 = time.perf_counter()
    res = fn()
    t1 = time.perf_counter()
    f1 = minor_faults()
    c1 = cpu_seconds()
    del res
    return t1 - t0, f1 - f0, c1 - c0


def time_interleaved(
    fns: Sequence[Callable[[], object]],
    repeats: int = 5,
    warmup: int = 1,
    on_call: Callable[[int], None] | None = None,
) -> list[Timing]:
    """Time several contenders round-robin: repeat r runs every fn once, in turn.

    On a shared machine a burst of outside load then hits every contender alike instead of
    whichever happened to run during it, so ratios stay meaningful. GC is off while timing.
    """
    out = [Timing() for _ in fns]
    for _ in range(warmup):
        for fn in fns:
            res = fn()
            del res
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            for i, fn in enumerate(fns):
                dt, df, dc = time_once(fn)
                out[i].times.append(dt)
                out[i].faults.append(df)
                out[i].cpu.append(dc)
                if on_call is not None:
                    on_call(i)
    finally:
        if gc_was:
            gc.enable()
    return out


async def loop_lags(work: Callable[[], Awaitable[object]]) -> list[float]:
    """How late (s) a ticker that asks this event loop for 1 ms sleeps wakes, while ``work()``
    runs: an asyncio server's loop lag."""
    import asyncio

    out: list[float] = []
    done = asyncio.Event()

    async def tick() -> None:
        while not done.is_set():
            t = time.perf_counter()
            await asyncio.sleep(0.001)
            out.append(time.perf_counter() - t - 0.001)

    ticker = asyncio.create_task(tick())
    try:
        await work()
    finally:
        done.set()
        await ticker
    return out


def load_average() -> float | None:
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def fmt_ratio(num: float | None, den: float | None) -> str:
    if not num or not den:
        return "-"
    return f"{num / den:.2f}x"


def print_table(headers: Sequence[str], rows: Iterable[Sequence[object]], file=None) -> None:
    """A plain aligned text table (first column left-aligned, the rest right-aligned)."""
    file = file or sys.stdout
    rows = [["-" if c is None else str(c) for c in r] for r in rows]
    widths = [len(h) for h in headers]
    for r in rows:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(c))

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(cells)
        )

    print(line(list(headers)), file=file)
    print("  ".join("-" * w for w in widths), file=file)
    for r in rows:
        print(line(r), file=file)


def progress(total: int, desc: str, enabled: bool = True):
    """A tqdm bar on stderr, or a no-op stand-in when tqdm is missing or disabled."""
    if enabled:
        try:
            from tqdm import tqdm

            return tqdm(total=total, desc=desc, unit="run", file=sys.stderr, leave=False)
        except ImportError:
            pass

    class _Null:
        def update(self, n: int = 1) -> None:
            pass

        def set_postfix_str(self, s: str) -> None:
            pass

        def close(self) -> None:
            pass

    return _Null()


def environment() -> dict:
    """Machine facts recorded next to every result."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "usable_cores": cores,
        "page_size": resource.getpagesize(),
    }


def versions(*dists: str) -> str:
    """One line naming fastmedia's and each peer's installed version (a newer Pillow moves the
    ratios), printed above every bench table; a peer that is not installed says so."""
    from importlib import metadata

    parts = []
    for d in ("fastmedia", *dists):
        try:
            parts.append(f"{d} {metadata.version(d)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{d} (not installed)")
    return "versions: " + ", ".join(parts)


def wheel_agent(role: str, progress: bool = False):
    """A plain ``nixl._api.nixl_agent`` (the nixl wheel's Python agent, as Dynamo uses it) with
    the UCX backend and no progress thread unless ``progress`` (its owner polls its
    transfers): the peers and floors the benches measure fastmedia against."""
    from fastmedia.transfer import _nixl

    _nixl.require_nixl()
    _nixl.configure_ucx_env()  # before the wheel loads UCX
    from nixl import _api

    cfg = _api.nixl_agent_config(enable_prog_thread=progress, backends=["UCX"])
    return _api.nixl_agent(_nixl.default_agent_name(role), cfg)


def spawn_peer(script: str, *args: str) -> subprocess.Popen:
    """``script --peer *args`` in a child process with this checkout's ``python/`` first on its
    path, its stdin and stdout piped as text (the two-process benches' plumbing)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "python"), env.get("PYTHONPATH", "")])
    return subprocess.Popen(
        [sys.executable, script, "--peer", *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip


def peer_json(p: subprocess.Popen) -> dict:
    """The peer's next JSON line (other lines, e.g. a library's logging, are skipped); raises
    ``RuntimeError`` when it exited instead."""
    while True:
        line = p.stdout.readline()  # type: ignore[union-attr]
        if not line:
            raise RuntimeError(f"peer exited ({p.wait()})")
        if line.startswith("{"):
            return json.loads(line)


def _serve_files(folder: Path) -> None:
    """Child process of ``FileServer``: serve ``folder``, print the port, run until stdin
    closes."""
    import asyncio

    from aiohttp import web

    files = sorted(p.read_bytes() for p in folder.iterdir() if p.is_file())

    async def img(request: web.Request) -> web.Response:
        return web.Response(body=files[int(request.match_info["i"]) % len(files)])

    async def main() -> None:
        app = web.Application()
        app.router.add_get("/img/{i}", img)
        app.router.add_static("/files/", folder)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        # A store's backlog: with Python's default of 5, concurrent connections beyond it
        # lose their SYN and retry a second later, which the bench would time.
        site = web.TCPSite(runner, "127.0.0.1", 0, backlog=1024)
        await site.start()
        print(site._server.sockets[0].getsockname()[1], flush=True)  # type: ignore[union-attr]
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
        await runner.cleanup()

    asyncio.run(main())


class FileServer:
    """A local HTTP server (aiohttp, HTTP/1.1 keep-alive) in a child process, like a remote
    media store: its CPU is not the measured process's, and it takes no GIL from it.
    ``url(path)`` serves a file under ``folder``; ``urls(n)`` gives n URLs cycling over the
    folder's files (each URL distinct, so no cache can serve a repeat)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--serve-files", str(self.folder)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        self.port = int(self.proc.stdout.readline())  # type: ignore[union-attr]

    def url(self, path: Path) -> str:
        return f"http://127.0.0.1:{self.port}/files/{Path(path).relative_to(self.folder)}"

    def urls(self, n: int) -> list[str]:
        return [f"http://127.0.0.1:{self.port}/img/{i}" for i in range(n)]

    def close(self) -> None:
        self.proc.stdin.close()  # type: ignore[union-attr]
        self.proc.wait(10)


def side_by_side(a: dict, b: dict, cols: Sequence[str], width: int = 9) -> str:
    """One table row's cells for two sides measured alike: ``a``, ``b`` and the gain of ``b``
    over ``a`` per column (``b / a`` for ``items/s``, ``a / b`` for times and costs)."""
    cells = []
    for c in cols:
        x, y = a[c], b[c]
        gain = (y / x if c == "items/s" else x / y) if x and y else float("nan")
        cells.append(f"{x:>{width}.1f} {y:>9.1f} {gain:>5.2f}x")
    return "  ".join(cells)


if __name__ == "__main__" and sys.argv[1:2] == ["--serve-files"]:
    _serve_files(Path(sys.argv[2]))
