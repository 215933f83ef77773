"""Soak: one Frontend process, several Reader processes, faults on a schedule, every item checked.

    python benches/soak.py --quick            # ~2,000 items (CI, from .ci/test)
    python benches/soak.py --items 20000      # the long run

The orchestrator (this process) feeds a stream of mixed inputs (photos of every format, data
URLs, audio, video clips, a share of malformed files and media) to a Frontend process, hands
the descriptors it returns to reader processes (``Reader.read_batch`` over NIXL;
``read_video_batch`` for clips) and checks each item's outcome against the one expected from
decoding the same input in-process with ``Decoder``: the pixels read back must hash (xxh3,
``content_hash``) to the expected value, or the item must fail with a typed ``FastmediaError``
that its input or an injected fault explains. Faults, scheduled by progress:

- SIGKILL a reader in the middle of a batch, restart it, re-send what it had not reported;
- SIGKILL the frontend while readers hold its descriptors, restart it under the same agent
  name, re-send what it had not decoded (reads of the dead frontend's memory must fail typed);
- let leases expire (a reader sleeps past ``lease_ttl_s``: the read must fail closed);
- exhaust the pool (a burst larger than ``pool_bytes``: ``PoolExhausted`` for the overflow);
- release early (``DecodedMedia.release()`` before the read: the read must fail closed);
- a cancelling client: every ``CANCEL_EVERY`` batches the frontend starts async decodes of
  each medium (``decode*_batch_async``, ``decode_async``) and gives up on them (``cancel()``,
  ``asyncio.wait_for`` timeouts) at varying points; every lease those calls took and did not
  hand over must already be released when the cancellation returns (``leases_leaked``).

At the end the frontend must hold 0 live leases and 0 pool bytes; RSS and open file descriptors
of every process, from warm-up to the end, must stay flat (< 64 MiB, < 16 fds; each process
measures itself after each batch, a reader less its registered destination pool, which grows
slab by slab up to a fixed cap; a process killed on schedule counts up to its last batch).
Prints a table, then one line ``items N ok N typed_errors N lost 0 corrupt 0 rss_growth_mb X
fd_growth Y leases_live 0 leases_leaked 0``; exits 1 when any check fails (a process that does
not exit 0 at the end fails it too).

Then the embeddings stream (``benches/soak_embeddings.py``: NIXL Read and Write senders and
receivers between two processes, with kills, the same summary line), in the venv with torch
(``$FASTMEDIA_EMBED_PYTHON`` or ``.venv-embed``; without one it says it was skipped).

Audio (``Frontend.decode_audio_batch``, float32) is verified by the hash of its bytes; video
(``Frontend.decode_video_batch``, ``VIDEO_FRAMES`` sampled frames) by the hash of its frames
and of the vLLM metadata the reader rebuilds from the descriptor. Clips: a few made with the
ffmpeg CLI at start (plus truncated and bit-flipped copies), and ``video/`` and
``malformed_media/`` of ``$FASTMEDIA_CORPUS`` (else ``../shared/corpus``) when present.
"""

from __future__ import annotations

import argparse
import base64
import collections
import multiprocessing as mp
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"
SHARED = (
    Path(os.environ["FASTMEDIA_CORPUS"])
    if os.environ.get("FASTMEDIA_CORPUS")
    else REPO.parent / "shared" / "corpus"
)
IMAGE_DIRS = ("formats", "jpeg_640x480", "png_512x512_rgba", "webp_1024x768_lossy")
LARGE_DIRS = ("jpeg_mosaic_1920x1080",)  # the pool-exhaustion burst
MIB = 1 << 20

# Frontend configuration: a short TTL and grace so expiry and the end-of-run drain are quick.
LEASE_TTL_S = 6.0
REUSE_GRACE_S = 0.5
ACQUIRE_TIMEOUT_S = 0.25
POOL_BYTES = 160 * MIB
READ_TIMEOUT_S = 5.0
# max_video_bytes: 4 frames of 1080p fit; the corpus's 8192x4320 bomb fails before decoding.
LIMITS = {"max_alloc": 64 * MIB, "max_encoded_bytes": 8 * MIB, "max_video_bytes": 48 * MIB}
VIDEO_FRAMES = 4  # frames sampled per clip (uniform), in the frontend and the expectation
FE_BATCH = 16
READ_BATCH = 8
RSS_LIMIT_MB = 64
POOL_NOTE = {"frontend": "", "reader": ", less its registered pool"}
FD_LIMIT = 16
CANCEL_EVERY = 8  # frontend batches between two rounds of the cancelling client


@dataclass
class Inp:
    name: str
    kind: str  # "image", "dataurl", "malformed", "large", "audio(_bad)", "video(_bad)"
    payload: bytes | str
    expect: tuple[str, str]  # ("ok", content_hash) or ("err", exception class name)


def _files(dirs, root: Path) -> list[Path]:
    out = []
    for d in dirs:
        p = root / d
        if p.is_dir():
            out += sorted(f for f in p.iterdir() if f.is_file())
    return out


def _inputs() -> list[Inp]:
    """Every input once, with the outcome the in-process Decoder gives for it."""
    import fastmedia

    root = SHARED if (SHARED / "formats").is_dir() else FIXTURES
    dec = fastmedia.Decoder(threads=1, channels="native", limits=fastmedia.Limits(**LIMITS))
    raw: list[tuple[str, str, bytes | str]] = []
    for f in _files(IMAGE_DIRS, root):
        raw.append((f"{f.parent.name}/{f.name}", "image", f.read_bytes()))
        if f.stat().st_size <= 64 << 10:
            url = "data:image/x;base64," + base64.b64encode(f.read_bytes()).decode()
            raw.append((f"dataurl:{f.name}", "dataurl", url))
    for f in _files(("malformed",), root):
        data = f.read_bytes()
        raw.append(
            (f"malformed/{f.name}", "malformed", data.decode() if f.suffix == ".txt" else data)
        )
    for f in _files(LARGE_DIRS, root):
        raw.append((f"{f.parent.name}/{f.name}", "large", f.read_bytes()))
    raw += _audio_inputs(root)
    raw += _video_inputs(SHARED)
    out = []
    for name, kind, payload in raw:
        try:
            if kind.startswith("audio"):
                expect = ("ok", _digest(dec.decode_audio(payload).samples))
            elif kind.startswith("video"):
                frames, meta = dec.decode_video(payload, num_frames=VIDEO_FRAMES)
                expect = ("ok", _video_digest(frames, meta))
            else:
                expect = ("ok", _digest(dec.decode(payload)))
        except fastmedia.FastmediaError as e:
            expect = ("err", type(e).__name__)
        out.append(Inp(name, kind, payload, expect))
    return out


def _audio_inputs(root: Path) -> list[tuple[str, str, bytes | str]]:
    """Speech clips (``audio/`` of the shared corpus, else a generated WAV) and broken audio."""
    import io
    import wave

    import numpy as np

    raw: list[tuple[str, str, bytes | str]] = []
    for f in _files(("audio",), root):
        if f.stat().st_size <= 1 << 20:
            raw.append((f"audio/{f.name}", "audio", f.read_bytes()))
    if not raw:
        t = np.arange(16000) / 16000.0
        b = io.BytesIO()
        with wave.open(b, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(16000)
            w.writeframes((np.sin(2 * np.pi * 440 * t) * 9000).astype("<i2").tobytes())
        raw.append(("generated tone.wav", "audio", b.getvalue()))
        raw.append(("generated truncated.wav", "audio_bad", b.getvalue()[:30]))
    for f in _files(("malformed_media",), root):
        if f.suffix in (".wav", ".mp3"):
            raw.append((f"malformed_media/{f.name}", "audio_bad", f.read_bytes()))
    return raw


# Small clips of three codecs/containers (testsrc2 moves every frame: sampled frames differ).
GENERATED_CLIPS = {
    "h264.mp4": [
        *("-c:v", "libx264", "-bf", "2", "-g", "15", "-pix_fmt", "yuv420p"),
        *("-movflags", "+faststart"),  # the index first: the broken copies below keep it
    ],
    "vp9.webm": ["-c:v", "libvpx-vp9", "-g", "20", "-deadline", "realtime", "-cpu-used", "8"],
    "mpeg4.avi": ["-c:v", "mpeg4", "-q:v", "3", "-g", "12"],
    "anim.gif": ["-loop", "0"],
}


def _video_inputs(corpus: Path) -> list[tuple[str, str, bytes | str]]:
    """Clips made with the ffmpeg CLI (and truncated, header-only and bit-flipped copies of
    one), plus the corpus's ``video/`` and broken ``malformed_media/`` clips when present."""
    raw: list[tuple[str, str, bytes | str]] = []
    if shutil.which("ffmpeg"):
        with tempfile.TemporaryDirectory(prefix="soak-video-") as tmp:
            for name, args in GENERATED_CLIPS.items():
                src = "testsrc2=size=160x120:rate=25:duration=2"
                p = Path(tmp) / name
                cmd = ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", src, *args, str(p)]
                subprocess.run(cmd, check=True, timeout=120)
                raw.append((f"generated {name}", "video", p.read_bytes()))
        clip = bytes(raw[0][2])
        flipped = bytearray(clip)
        rng = random.Random(1)
        for _ in range(40):  # in the packets, past the index
            flipped[rng.randrange(len(clip) // 4, len(clip))] ^= 1 << rng.randrange(8)
        raw.append(("generated h264 truncated.mp4", "video_bad", clip[: len(clip) // 2]))
        raw.append(("generated h264 header-only.mp4", "video_bad", clip[:3000]))
        raw.append(("generated h264 bitflips.mp4", "video_bad", bytes(flipped)))
    for f in _files(("video",), corpus):
        raw.append((f"video/{f.name}", "video", f.read_bytes()))
    for f in _files(("malformed_media",), corpus):
        if f.suffix not in (".wav", ".mp3"):
            raw.append((f"malformed_media/{f.name}", "video_bad", f.read_bytes()))
    if not raw:
        raise SystemExit("soak: video inputs need the ffmpeg CLI or a corpus with video/")
    return raw


def _video_digest(frames, meta: dict) -> str:
    """Hash of a clip's frames and of its vLLM metadata."""
    import json

    import numpy as np

    m = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), np.uint8)
    return f"{_digest(frames)}/{_digest(m)}"


def _digest(a) -> str:
    """content_hash of an image, or of the raw bytes of anything else (float32 audio)."""
    import numpy as np

    import fastmedia

    a = np.ascontiguousarray(a)
    if a.dtype == np.uint8:
        return fastmedia.content_hash(a)
    return fastmedia.content_hash(a.reshape(-1).view(np.uint8))


# --------------------------------------------------------------------------- child processes


def frontend_main(conn: Connection, payloads: list, media: list, agent_name: str) -> None:
    import functools

    import fastmedia

    dec = fastmedia.Decoder(threads=2, limits=fastmedia.Limits(**LIMITS))
    fe = fastmedia.Frontend(
        decoder=dec,
        pool_bytes=POOL_BYTES,
        lease_ttl_s=LEASE_TTL_S,
        reuse_grace_s=REUSE_GRACE_S,
        acquire_timeout_s=ACQUIRE_TIMEOUT_S,
        agent_name=agent_name,
    )
    calls = {
        "image": fe.decode_batch,
        "audio": fe.decode_audio_batch,
        "video": functools.partial(fe.decode_video_batch, num_frames=VIDEO_FRAMES),
    }
    conn.send(("ready", os.getpid()))
    while True:
        msg = conn.recv()
        if msg[0] == "decode":
            _, batch_id, batch = msg
            # Each medium goes to its own batch call; results keep the batch's order.
            res: list = [None] * len(batch)
            for m, call in calls.items():
                idx = [i for i, (_, j, _) in enumerate(batch) if media[j] == m]
                if idx:
                    got = call([payloads[batch[i][1]] for i in idx], return_exceptions=True)
                    for i, r in zip(idx, got, strict=True):
                        res[i] = r
            out = []
            for (item, _, flag), r in zip(batch, res, strict=True):
                if isinstance(r, BaseException):
                    out.append((item, None, _err_name(r)))
                else:
                    desc = r.descriptor
                    if flag == "early":
                        r.release()
                    out.append((item, desc, None))
            conn.send(("decoded", batch_id, out, _usage()))
        elif msg[0] == "cancel":
            _, seed, idx = msg
            inputs = {m: [payloads[i] for i in ix] for m, ix in idx.items()}
            conn.send(("cancelled", *cancel_round(fe, inputs, seed)))
        elif msg[0] == "stats":
            fe.poll()
            conn.send(("stats", fe.stats(), _usage()))
        else:
            fe.close()
            conn.send(("bye",))
            return


def cancel_round(fe, inputs: dict[str, list], seed: int) -> tuple[int, int]:
    """The cancelling client: each medium's async batch, and one async single decode, given
    up on at a point that varies with ``seed`` (``task.cancel()`` or an ``asyncio.wait_for``
    timeout). Returns (calls given up on, leases leaked): leases the pool handed out during a
    call, less those released again by the time its cancellation returned (a call that
    finished first is released here, by its caller)."""
    import asyncio
    import functools

    rng = random.Random(seed)
    batch = {
        "image": fe.decode_batch_async,
        "audio": fe.decode_audio_batch_async,
        "video": functools.partial(fe.decode_video_batch_async, num_frames=VIDEO_FRAMES),
    }

    async def run() -> tuple[int, int]:
        n = leaked = 0
        for kind, items in inputs.items():
            if not items:
                continue
            makers = [lambda f=batch[kind], xs=items: f(xs, return_exceptions=True)]
            if kind == "image":
                makers.append(lambda x=items[0]: fe.decode_async(x))
            for make in makers:
                s0 = fe.stats()
                delay = rng.choice((0.0, 0.001, 0.003, 0.01))
                try:
                    if rng.random() < 0.5:
                        task = asyncio.ensure_future(make())
                        await asyncio.sleep(delay)
                        task.cancel()
                        got = await task
                    else:
                        got = await asyncio.wait_for(make(), timeout=delay)
                except (asyncio.CancelledError, asyncio.TimeoutError):
                    n += 1
                except fastmedia_error():
                    pass
                else:  # finished first: handed to us, so ours to release
                    for m in got if isinstance(got, list) else [got]:
                        if not isinstance(m, BaseException):
                            m.release()
                s1 = fe.stats()
                taken = s1["leases_total"] - s0["leases_total"]
                leaked += taken - (s1["released_by_caller"] - s0["released_by_caller"])
        return n, leaked

    return asyncio.run(run())


def fastmedia_error() -> type[BaseException]:
    import fastmedia

    return fastmedia.FastmediaError


def reader_main(conn: Connection) -> None:
    import fastmedia

    rd = fastmedia.Reader(timeout_s=READ_TIMEOUT_S, pool_bytes=64 * MIB, slab_bytes=16 * MIB)
    conn.send(("ready", os.getpid()))
    while True:
        msg = conn.recv()
        if msg[0] != "read":
            rd.close()
            conn.send(("bye",))
            return
        _, batch_id, entries, delay = msg
        conn.send(("start", batch_id))
        if delay:
            time.sleep(delay)
        # Clips through read_video_batch (frames and metadata), the rest in one read_batch.
        clips = [e for e in entries if "Video" in (e[1].get("metadata") or {})]
        rest = [e for e in entries if "Video" not in (e[1].get("metadata") or {})]
        out: list = []
        for group, video in ((rest, False), (clips, True)):
            if not group:
                continue
            try:
                if video:
                    got = rd.read_video_batch([d for _, d in group])
                    hashes = [_video_digest(f, m) for f, m in got]
                else:
                    hashes = [_digest(a) for a in rd.read_batch([d for _, d in group])]
                out += [(it, h, None) for (it, _), h in zip(group, hashes, strict=True)]
            except BaseException as e:  # reported, classified by the orchestrator
                out += [(it, None, _err_name(e)) for it, _ in group]
        got = None  # the arrays go back to the pool before the RSS is measured
        # Less the registered destination pool, which grows slab by slab to its cap.
        conn.send(("done", batch_id, out, _usage(rd.stats()["pool_bytes_total"])))


def _err_name(e: BaseException) -> str:
    import fastmedia

    name = type(e).__name__
    if not isinstance(e, fastmedia.FastmediaError):
        return f"UNTYPED {name}: {e}"
    return f"{name}: {str(e)[:200]}"


# --------------------------------------------------------------------------- orchestrator


@dataclass
class Proc:
    role: str
    proc: mp.process.BaseProcess
    conn: Connection
    pid: int = 0
    born: float = field(default_factory=time.monotonic)
    busy: tuple | None = None  # reader: (batch_id, entries, flag); frontend: {batch_id: batch}
    kill_at: float | None = None
    batches: int = 0
    rss0: int | None = None
    fd0: int | None = None
    rss: int = 0
    fds: int = 0


def _spread(n: int, k: int) -> list[int]:
    """k points spread evenly over (0, n), in order."""
    return [n * (i + 1) // (k + 1) for i in range(k)]


def _usage(less: int = 0) -> tuple[int, int]:
    """This process's RSS (less ``less`` bytes) and open fds, measured between batches."""
    with open("/proc/self/status") as f:
        rss = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS:"))
    return rss - less, len(os.listdir("/proc/self/fd"))


class Soak:
    def __init__(self, items: int, readers: int, seed: int) -> None:
        self.ctx = mp.get_context("spawn")
        self.rng = random.Random(seed)
        self.inputs = _inputs()
        self.n = items
        self.n_readers = readers
        self.agent = f"soak-fe-{os.getpid()}"
        by_kind = collections.defaultdict(list)
        for i, inp in enumerate(self.inputs):
            by_kind[inp.kind].append(i)
        self.by_kind = by_kind
        self.outcome: dict[int, tuple[str, str]] = {}
        self.dups = 0
        self.counts: collections.Counter = collections.Counter()
        self.wrong: list[str] = []
        self.item_input: dict[int, int] = {}
        self.item_flag: dict[int, str] = {}
        self.item_fe_gen: dict[int, int] = {}
        self.fe_gen = 0
        self.faults: collections.Counter = collections.Counter()
        self.peak: dict[str, tuple[int, int]] = {}
        self.resent: set[int] = set()
        self.decoded_at: dict[int, float] = {}
        self.warm = False
        self.sent_at: dict[int, float] = {}
        self.leases_leaked = 0

    # ---- the stream: (item, input index, flag) in batches, faults placed by progress
    def _plan(self) -> list[list[tuple[int, int, str]]]:
        rng, n, k = self.rng, self.n, self.by_kind
        mix = ["image"] * 14 + ["dataurl"] * 3 + ["malformed"] * 2 + ["large"]
        mix += ["audio"] * 2 + ["audio_bad"] + ["video"] * 2 + ["video_bad"]
        batches, item = [], 0
        # The first burst comes before warm-up ends (0.25), so the pool is fully touched then.
        bursts = max(2, n // 2500)
        burst_at = {int(n * 0.1)} | {int(n * (0.25 + 0.7 * i / bursts)) for i in range(1, bursts)}
        expire_at = set(_spread(n, max(3, n // 700)))
        while item < n:
            if any(item <= b < item + FE_BATCH for b in burst_at) and k["large"]:
                # More megapixels than the pool holds, in one decode_batch: the overflow waits
                # acquire_timeout_s, then PoolExhausted.
                size = max(1, min(n - item, 40))
                batches.append([(item + j, rng.choice(k["large"]), "burst") for j in range(size)])
                self.faults["pool exhaustion bursts"] += 1
                item += size
                continue
            flag = "expire" if any(item <= e < item + FE_BATCH for e in expire_at) else ""
            size = min(n - item, FE_BATCH)
            b = []
            for j in range(size):
                kind = rng.choice(mix)
                while not k[kind]:
                    kind = "image"
                f = flag or ("early" if rng.random() < 0.01 else "")
                b.append((item + j, rng.choice(k[kind]), f))
            batches.append(b)
            item += size
        return batches

    # ---- processes
    def _spawn(self, role: str) -> Proc:
        parent, child = self.ctx.Pipe()
        if role == "frontend":
            payloads = [inp.payload for inp in self.inputs]
            media = [inp.kind.split("_")[0] for inp in self.inputs]
            media = [m if m in ("audio", "video") else "image" for m in media]
            p = self.ctx.Process(target=frontend_main, args=(child, payloads, media, self.agent))
        else:
            p = self.ctx.Process(target=reader_main, args=(child,))
        p.start()
        child.close()
        msg = parent.recv()
        assert msg[0] == "ready", msg
        return Proc(role, p, parent, pid=msg[1], busy={} if role == "frontend" else None)

    def _kill(self, p: Proc) -> list:
        """SIGKILL, then collect whatever it had already sent."""
        os.kill(p.pid, signal.SIGKILL)
        p.proc.join(10)
        msgs = []
        while True:
            try:
                if not p.conn.poll():
                    break
                msgs.append(p.conn.recv())
            except (EOFError, OSError):
                break
        p.conn.close()
        return msgs

    def _usage(self, p: Proc, usage: tuple[int, int]) -> None:
        """A process's own report, sent after each batch (so a process killed on schedule
        counts up to its last batch, not the half-done one)."""
        p.rss, p.fds = usage
        # Warm: past the first quarter of the run and this process's first 20 batches
        # (the frontend's pool is filled by then).
        if self.warm and p.rss0 is None and p.batches >= 20:
            p.rss0, p.fd0 = p.rss, p.fds

    def _growth(self, p: Proc) -> None:
        if p.rss0 is None:
            return
        g = ((p.rss - p.rss0) / MIB, p.fds - p.fd0)
        old = self.peak.get(p.role, (-1e9, -(10**9)))
        self.peak[p.role] = (max(old[0], g[0]), max(old[1], g[1]))

    # ---- outcomes
    def _record(self, item: int, got_hash: str | None, err: str | None) -> None:
        if item in self.outcome:
            self.dups += 1
            self.wrong.append(f"item {item}: second outcome {got_hash or err}")
            return
        inp = self.inputs[self.item_input[item]]
        flag = self.item_flag[item]
        if err is None:
            ok = inp.expect == ("ok", got_hash)
            self.outcome[item] = ("ok", "read back bit-exact") if ok else ("corrupt", "hash")
            if not ok:
                self.wrong.append(f"item {item} {inp.name}: hash {got_hash} expected {inp.expect}")
            else:
                self.counts[f"ok: {inp.kind}"] += 1
            if ok and flag in ("early", "expire"):
                # Correct pixels, but the lease had ended: fail-closed should have refused.
                self.counts[f"{flag}_read_ok"] += 1
            return
        err, _, why = err.partition(": ")
        explained = (
            err == inp.expect[1]
            or err == "PoolExhausted"
            or err in ("TransferError", "NixlError")  # reads: killed frontend, expiry, release
        )
        if err.startswith("UNTYPED") or not explained:
            self.outcome[item] = ("corrupt", err)
            self.wrong.append(
                f"item {item} {inp.name} ({flag}): unexplained {err}, expected {inp.expect}"
            )
        else:
            self.outcome[item] = ("typed", err)
            cause = flag
            if self.item_fe_gen.get(item, self.fe_gen) < self.fe_gen:
                cause = "dead frontend"
            elif item in self.resent:
                cause = "re-sent after reader kill"
            elif self.sent_at.get(item, 0) - self.decoded_at.get(item, 0) > LEASE_TTL_S:
                cause = "queued past TTL"
            self.counts[f"typed {err}" + (f" ({cause})" if cause else "")] += 1
            if os.environ.get("SOAK_VERBOSE"):
                print(f"item {item} {inp.name} {flag}: {err}: {why}", file=sys.stderr)

    def run(self) -> int:
        t0 = time.monotonic()
        plan = self._plan()
        total = sum(len(b) for b in plan)
        for b in plan:
            for item, idx, flag in b:
                self.item_input[item] = idx
                self.item_flag[item] = flag
        fe = self._spawn("frontend")
        readers = [self._spawn("reader") for _ in range(self.n_readers)]
        todo = collections.deque(plan)  # frontend batches not yet sent
        ready: dict[str, collections.deque] = collections.defaultdict(collections.deque)
        next_batch = 0
        reader_kills = _spread(total, max(3, total // 700))
        fe_kills = _spread(total, max(1, total // 5000))
        warm_at = int(total * 0.25)
        done_fe = 0

        while len(self.outcome) < total:
            now = time.monotonic()
            if now - t0 > 1800:
                break
            progress = len(self.outcome)
            self.warm = progress >= warm_at

            # frontend: at most two batches in flight, and not while readers lag far behind
            backlog = sum(len(q) for q in ready.values())
            while todo and len(fe.busy) < 2 and backlog < 4 * READ_BATCH * self.n_readers:
                b = todo.popleft()
                fe.busy[next_batch] = b
                fe.conn.send(("decode", next_batch, b))
                next_batch += 1
                if next_batch % CANCEL_EVERY == 0:
                    self._send_cancel(fe, next_batch)

            # frontend kill: while readers hold its descriptors and it is decoding
            holding = any(r.busy for r in readers) or backlog
            if fe_kills and progress >= fe_kills[0] and ((holding and fe.busy) or fe_kills[0] < 0):
                for msg in self._kill(fe):
                    if msg[0] == "decoded":
                        self._decoded(fe, msg, ready)
                for b in fe.busy.values():  # never decoded: send again to the new frontend
                    todo.appendleft(b)
                self._growth(fe)
                fe = self._spawn("frontend")
                self.fe_gen += 1
                if fe_kills.pop(0) >= 0:
                    self.faults["frontend SIGKILL with descriptors out + restart"] += 1

            # readers: one batch each; expiring and early-released items travel apart
            for r in readers:
                if r.busy is None:
                    flag = next((f for f in ("expire", "early", "") if ready[f]), None)
                    if flag is None:
                        continue
                    q = ready[flag]
                    entries = [q.popleft() for _ in range(min(len(q), READ_BATCH))]
                    delay = LEASE_TTL_S + 1.0 if flag == "expire" else 0.0
                    if reader_kills and progress >= reader_kills[0] and not flag:
                        reader_kills.pop(0)
                        delay = 0.05
                        r.kill_at = -1.0  # set when the reader says it started
                    r.busy = (next_batch, entries, flag)
                    self.sent_at.update((it, now) for it, _ in entries)
                    r.conn.send(("read", next_batch, entries, delay))
                    next_batch += 1

            conns = [fe.conn] + [r.conn for r in readers]
            timeout = 0.05
            for r in readers:
                if r.kill_at is not None and r.kill_at > 0:
                    timeout = max(0.0, min(timeout, r.kill_at - time.monotonic()))
            for c in wait(conns, timeout=timeout):
                if c is fe.conn:
                    try:
                        msg = fe.conn.recv()
                    except (EOFError, OSError):
                        self.faults["UNEXPECTED frontend death"] += 1
                        fe_kills.insert(0, -1)  # restart it through the kill path
                        continue
                    if msg[0] == "decoded":
                        self._decoded(fe, msg, ready)
                        done_fe += 1
                    elif msg[0] == "cancelled":
                        self.faults["cancelling client: calls given up on"] += msg[1]
                        self.leases_leaked += msg[2]
                    continue
                r = next(x for x in readers if x.conn is c)
                try:
                    msg = r.conn.recv()
                except (EOFError, OSError):  # died on its own: a failure, but keep going
                    self.faults["UNEXPECTED reader death"] += 1
                    r.kill_at = time.monotonic()
                    continue
                if msg[0] == "start" and r.kill_at == -1.0:
                    r.kill_at = time.monotonic() + self.rng.uniform(0.0, 0.1)
                elif msg[0] == "done":
                    for item, h, err in msg[2]:
                        self._record(item, h, err)
                    r.busy = None
                    r.batches += 1
                    self._usage(r, msg[3])

            for i, r in enumerate(readers):
                if r.kill_at is not None and 0 < r.kill_at <= time.monotonic():
                    reported = False
                    for msg in self._kill(r):
                        if msg[0] == "done":
                            for item, h, err in msg[2]:
                                self._record(item, h, err)
                            r.batches += 1
                            self._usage(r, msg[3])
                            reported = True
                    mid = r.busy is not None
                    if not reported and r.busy:  # never reported: read again elsewhere
                        _, entries, flag = r.busy
                        ready[flag].extendleft(reversed(entries))
                        self.resent.update(it for it, _ in entries)
                    self._growth(r)
                    readers[i] = self._spawn("reader")
                    what = "mid-batch" if mid else "idle (batch done first)"
                    self.faults[f"reader SIGKILL {what} + restart"] += 1
        elapsed = time.monotonic() - t0

        # drain: every lease must end (notifications, TTL) and every pool byte come back
        deadline = time.monotonic() + LEASE_TTL_S + REUSE_GRACE_S + 30
        stats = {}
        while time.monotonic() < deadline:
            fe.conn.send(("stats",))
            _, stats, usage = fe.conn.recv()
            self._usage(fe, usage)
            if stats["leases_live"] == 0 and stats["pool_bytes_in_use"] == 0:
                break
            time.sleep(0.25)
        for p in [fe, *readers]:
            self._growth(p)
            p.conn.send(("stop",))
            p.conn.recv()
            p.proc.join(20)
            if p.proc.exitcode != 0:  # e.g. an abort while NIXL/UCX tear down
                self.faults[f"UNEXPECTED {p.role} exit code {p.proc.exitcode}"] += 1
        return self._report(total, elapsed, stats)

    def _send_cancel(self, fe: Proc, seed: int) -> None:
        """A round of the cancelling client: a few inputs of each medium (malformed ones
        included), decoded async and given up on."""
        by_medium: dict[str, list[int]] = collections.defaultdict(list)
        for kind, ix in self.by_kind.items():
            m = kind.split("_")[0]
            by_medium[m if m in ("audio", "video") else "image"].extend(ix)
        idx = {
            m: self.rng.sample(ix, min(len(ix), 2 * VIDEO_FRAMES)) for m, ix in by_medium.items()
        }
        fe.conn.send(("cancel", seed, idx))

    def _decoded(self, fe: Proc, msg: tuple, ready: dict) -> None:
        _, batch_id, out, usage = msg
        fe.busy.pop(batch_id, None)
        fe.batches += 1
        self._usage(fe, usage)
        for item, desc, err in out:
            if desc is None:
                self._record(item, None, err)
            else:
                self.item_fe_gen[item] = self.fe_gen
                self.decoded_at[item] = time.monotonic()
                flag = self.item_flag[item]
                ready[flag if flag in ("expire", "early") else ""].append((item, desc))

    def _report(self, total: int, elapsed: float, stats: dict) -> int:
        kinds = collections.Counter(v[0] for v in self.outcome.values())
        ok, typed = kinds["ok"], kinds["typed"]
        corrupt = kinds["corrupt"] + self.dups
        lost = total - len(self.outcome)
        rss = max((g[0] for g in self.peak.values()), default=float("nan"))
        fds = max((g[1] for g in self.peak.values()), default=0)
        rows = [
            ("items", total),
            ("seconds", f"{elapsed:.1f}"),
            ("items/s", f"{total / elapsed:.0f}"),
            ("read back bit-exact (content hash)", ok),
            *sorted((k, v) for k, v in self.counts.items()),
            *sorted(self.faults.items()),
            ("lost / duplicated / corrupt", f"{lost} / {self.dups} / {kinds['corrupt']}"),
            *[
                (
                    f"{role} RSS growth after warm-up (MiB{POOL_NOTE[role]}) / fds",
                    f"{g[0]:.1f} / {g[1]}",
                )
                for role, g in sorted(self.peak.items())
            ],
            *[(f"frontend (last restart) {k}", v) for k, v in sorted(stats.items())],
        ]
        print("| measure | value |\n|---|---|")
        for k, v in rows:
            print(f"| {k} | {v} |")
        for w in self.wrong[:20]:
            print("WRONG:", w, file=sys.stderr)
        leases = stats.get("leases_live", -1)
        print(
            f"items {total} ok {ok} typed_errors {typed} lost {lost} corrupt {corrupt} "
            f"rss_growth_mb {rss:.1f} fd_growth {fds} leases_live {leases} "
            f"leases_leaked {self.leases_leaked}"
        )
        failed = (
            lost
            or corrupt
            or leases != 0
            or self.leases_leaked != 0
            or stats.get("pool_bytes_in_use", -1) != 0
            or not rss < RSS_LIMIT_MB
            or fds >= FD_LIMIT
            or ok < total // 2
            or any(k.startswith("UNEXPECTED") for k in self.faults)
        )
        return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="about 2,000 items (CI)")
    ap.add_argument("--items", type=int, default=20000)
    ap.add_argument("--readers", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--embeddings",
        choices=("auto", "yes", "no"),
        default="auto",
        help="the embeddings stream (benches/soak_embeddings.py) in a Python with torch: "
        "$FASTMEDIA_EMBED_PYTHON, else .venv-embed; auto: skipped, saying so, without one",
    )
    a = ap.parse_args(argv)
    items = 2000 if a.quick else a.items
    rc = Soak(items, a.readers, a.seed).run()
    if a.embeddings != "no":
        rc |= embeddings_stream(a.quick, items // 4, a.seed, required=a.embeddings == "yes")
    return rc


def embeddings_stream(quick: bool, items: int, seed: int, required: bool) -> int:
    """benches/soak_embeddings.py (encode -> prefill workers over NIXL, with kills) in the
    venv that has torch; prints its table and summary line; its exit status."""
    py = os.environ.get("FASTMEDIA_EMBED_PYTHON") or str(REPO / ".venv-embed" / "bin" / "python")
    if not os.path.exists(py):
        print(f"embeddings stream: skipped: no Python with torch at {py}", flush=True)
        return 1 if required else 0
    size = ["--quick"] if quick else ["--items", str(items)]
    print("== embeddings stream (benches/soak_embeddings.py) ==", flush=True)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO / "python"), env.get("PYTHONPATH")) if p
    )
    cmd = [py, str(REPO / "benches" / "soak_embeddings.py"), *size, "--seed", str(seed)]
    return subprocess.run(cmd, env=env, timeout=1800).returncode


if __name__ == "__main__":
    sys.exit(main())
