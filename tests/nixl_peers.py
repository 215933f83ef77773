"""Peer processes for the reader tests and benchmarks: real NIXL, real processes.

``frontend``: a Dynamo-style frontend emulator written with the NIXL Python API. Like Dynamo's
Rust frontend it registers one numpy array per image, rebuilds ``nixl_metadata`` after each
registration and emits descriptors exactly as docs/interop.md says (``dtype "UINT8"``,
``mem_type "Dram"``, Image/Video metadata, content_hash). With ``--lease-keys`` it also adds
fastmedia's ``lease_key`` and ``lease_check`` (docs/interop.md): the lease word sits 8-aligned right
after the pixels in the same registration and holds the image id until ``retire``/``release``
zeroes it (the emulator never ends a lease on a notification, so a descriptor can be read
again and again, as the benchmarks do). It drains its notifications continuously and reports
them, so tests can check what the reader sent.

``read``: a reader process (fastmedia.Reader) that reads descriptors given on stdin and checks
the pixels, for tests where the reader must run in its own environment (UCX over TCP, another
network namespace).

Protocol: JSON lines. Requests on stdin; replies on stdout prefixed with ``@@`` (NIXL/UCX may
log to stdout too; anything else is ignored).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
PREFIX = "@@"


def pixels(shape, seed: int) -> np.ndarray:
    """Deterministic test pixels (both sides compute them; nothing travels but the seed)."""
    n = int(np.prod(shape))
    x = np.arange(n, dtype=np.uint32)
    x = (x * np.uint32(2654435761) + np.uint32(seed * 40503 + 12345)) & np.uint32(0xFFFFFFFF)
    x ^= x >> np.uint32(13)
    return (x & np.uint32(0xFF)).astype(np.uint8).reshape(shape)


def _reply(obj: Any) -> None:
    sys.stdout.write(PREFIX + json.dumps(obj) + "\n")
    sys.stdout.flush()


# --------------------------------------------------------------------------- frontend emulator


def _color_type(c: int) -> str:
    return {1: "L8", 2: "La8", 3: "Rgb8", 4: "Rgba8"}[c]


def run_frontend(args: argparse.Namespace) -> None:
    from fastmedia import content_hash
    from fastmedia.transfer import _nixl
    from fastmedia.transfer.descriptor import encode_metadata

    agent = _nixl.Endpoint(args.name, args.progress_delay_us, "fe")
    images: dict[int, tuple[np.ndarray, Any]] = {}
    notifs: list[str] = []
    next_id = [0]
    md_cache: list[str | None] = [None]

    words: dict[int, np.ndarray] = {}
    arrays: dict[int, np.ndarray] = {}  # each image's pixels, a view of its registered buffer

    def register(shape, seed) -> dict:
        next_id[0] += 1
        if args.lease_keys:  # pixels + 8-aligned lease word, one registration
            src = pixels(shape, seed)
            off = -(-src.nbytes // 8) * 8
            buf = np.zeros(off + 16, np.uint8)
            start = -buf.ctypes.data % 8  # numpy aligns to 16; be sure anyway
            buf = buf[start : start + off + 8]
            arr = buf[: src.nbytes].reshape(src.shape)
            arr[...] = src
            word = buf[off:].view("<u8")
            word[0] = next_id[0]
            words[next_id[0]] = word
        else:
            buf = arr = pixels(shape, seed)
        reg = agent.register(buf.ctypes.data, buf.nbytes)
        images[next_id[0]] = (buf, reg)
        arrays[next_id[0]] = arr
        md_cache[0] = None  # Dynamo rebuilds the metadata after every registration
        return {"arr": arr, "id": next_id[0]}

    def descriptor(img) -> dict:
        arr = img["arr"]
        if md_cache[0] is None:
            md_cache[0] = encode_metadata(agent.metadata())
        if arr.ndim == 4:
            t = arr.shape[0]
            meta: Any = {
                "Video": {
                    "source_fps": 30.0,
                    "source_duration": t / 30.0,
                    "sampled_timestamps": [i / 30.0 for i in range(t)],
                    "source_total_frames": t,
                    "frames_indices": list(range(t)),
                }
            }
        else:
            meta = {
                "Image": {"format": "Png", "color_type": _color_type(arr.shape[2]), "layout": "HWC"}
            }
        d = {
            "nixl_metadata": md_cache[0],
            "nixl_descriptor": {
                "addr": arr.ctypes.data,
                "size": arr.nbytes,
                "mem_type": "Dram",
                "device_id": 0,
            },
            "shape": list(arr.shape),
            "dtype": "UINT8",
            "metadata": meta,
            "content_hash": content_hash(arr),
        }
        if args.lease_keys:
            d["lease_key"] = f"fm1:{agent.name}:{img['id']}"
            word = words[img["id"]]
            d["lease_check"] = {"addr": word.ctypes.data, "id": img["id"], "grace_s": args.grace_s}
        return d

    cmds: queue.Queue = queue.Queue()

    def stdin_reader() -> None:
        for line in sys.stdin:
            cmds.put(line)
        cmds.put(None)

    threading.Thread(target=stdin_reader, daemon=True).start()
    _reply({"ready": agent.name, "pid": os.getpid()})
    while True:
        try:
            line = cmds.get(timeout=0.0005)
        except queue.Empty:
            line = ""
        if line is None:
            return
        if line.strip():
            req = json.loads(line)
            cmd = req["cmd"]
            if cmd == "images":
                regs = [register(tuple(it["shape"]), it["seed"]) for it in req["items"]]
                _reply(
                    {"descriptors": [descriptor(r) for r in regs], "ids": [r["id"] for r in regs]}
                )
            elif cmd == "notifs":
                for _ in range(3):
                    for msgs in agent.take_notifs().values():
                        notifs.extend(m.decode(errors="replace") for m in msgs)
                _reply({"notifs": notifs[:]})
                notifs.clear()
            elif cmd == "retire":  # the lease ends, the memory stays registered (as after a TTL)
                for i in req["ids"]:
                    words[i][0] = 0
                _reply({"retired": req["ids"]})
            elif cmd == "rewrite":  # new pixels in registered memory; lease and hash unchanged
                for i in req["ids"]:
                    arrays[i][...] = pixels(arrays[i].shape, req["seed"])
                _reply({"rewritten": req["ids"]})
            elif cmd == "release":
                for i in req["ids"]:
                    if i in words:
                        words.pop(i)[0] = 0
                    _arr, reg = images.pop(i)
                    arrays.pop(i)
                    agent.deregister(reg)
                md_cache[0] = None
                _reply({"released": req["ids"]})
            elif cmd == "exit":
                _reply({"bye": True})
                return
        for msgs in agent.take_notifs().values():  # drain continuously (Dynamo leaked here)
            notifs.extend(m.decode(errors="replace") for m in msgs)


class Peer:
    """Parent-side handle on a peer process speaking the JSON-lines protocol."""

    def __init__(
        self,
        argv: list[str],
        env: dict | None = None,
        prefix_cmd: list[str] | None = None,
        ready_timeout: float = 60.0,
    ) -> None:
        full_env = dict(os.environ)
        full_env.setdefault("UCX_MEM_EVENTS", "no")
        full_env["PYTHONUNBUFFERED"] = "1"
        if env:
            full_env.update(env)
        cmd = (prefix_cmd or []) + [sys.executable, os.path.join(HERE, "nixl_peers.py")] + argv
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=full_env,
        )
        self._lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.hello = self._recv(ready_timeout)

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith(PREFIX):
                self._lines.put(json.loads(line[len(PREFIX) :]))
        self._lines.put(None)

    def _recv(self, timeout: float) -> dict:
        try:
            msg = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"peer {self.proc.args} did not answer within {timeout}s") from None
        if msg is None:
            raise RuntimeError(f"peer exited (rc={self.proc.poll()})")
        return msg

    def call(self, req: dict, timeout: float = 120.0) -> dict:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        return self._recv(timeout)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)

    def close(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(Exception):
                self.call({"cmd": "exit"}, timeout=10)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


class Frontend(Peer):
    def __init__(
        self,
        name: str | None = None,
        lease_keys: bool = False,
        env: dict | None = None,
        prefix_cmd: list[str] | None = None,
        progress_delay_us: int | None = None,
        grace_s: float = 5.0,
    ) -> None:
        argv = ["frontend"]
        if name:
            argv += ["--name", name]
        if lease_keys:
            argv += ["--lease-keys", "--grace-s", str(grace_s)]
        if progress_delay_us is not None:
            argv += ["--progress-delay-us", str(progress_delay_us)]
        super().__init__(argv, env=env, prefix_cmd=prefix_cmd)
        self.name = self.hello["ready"]
        self.pid = self.hello["pid"]

    def images(self, items: list[tuple[tuple[int, ...], int]]) -> list[dict]:
        r = self.call({"cmd": "images", "items": [{"shape": list(s), "seed": k} for s, k in items]})
        self.last_ids: list[int] = r["ids"]  # the emulator's image ids, for rewrite/retire
        return r["descriptors"]

    def image(self, shape, seed: int) -> dict:
        return self.images([(shape, seed)])[0]

    def notifs(self) -> list[str]:
        """The notifications that arrived since the last call."""
        return self.call({"cmd": "notifs"})["notifs"]

    def wait_notifs(
        self, count: int, match: Callable[[str], bool] = lambda n: True, timeout: float = 60.0
    ) -> list[str]:
        """Notifications for which ``match`` holds (others are dropped), collected until
        ``count`` arrived or ``timeout`` passed. A notification trails its READ's completion,
        so tests wait for it instead of assuming it is there."""
        got: list[str] = []
        deadline = time.monotonic() + timeout
        while len(got) < count and time.monotonic() < deadline:
            got += [n for n in self.notifs() if match(n)]
            if len(got) < count:
                time.sleep(0.005)
        return got

    def notifs_for(self, keys: list[str], count: int = 1) -> list[str]:
        """``wait_notifs`` for the notifications naming any of these lease keys."""
        want = set(keys)
        return self.wait_notifs(count, lambda n: bool(want & set(n.split(";"))))

    def rewrite(self, ids: list[int], seed: int) -> None:
        """Overwrite these images' registered pixels with ``pixels(shape, seed)``, leaving
        their descriptors (content_hash included) and lease words as they were: corruption."""
        self.call({"cmd": "rewrite", "ids": list(ids), "seed": seed})

    def retire(self, ids: list[int]) -> None:
        """End these leases (lease word -> 0); the memory stays registered and readable."""
        self.call({"cmd": "retire", "ids": list(ids)})


def png_bytes(shape, seed: int, fmt: str = "PNG") -> bytes:
    """Lossless PNG (or BMP: fast to make at 4K, RGB only) of ``pixels(shape, seed)`` (HWC,
    1-4 channels), for real decoders."""
    import io

    from PIL import Image

    arr = pixels(shape, seed)
    img = Image.fromarray(arr[:, :, 0] if arr.shape[2] == 1 else arr)
    buf = io.BytesIO()
    img.save(buf, format=fmt)
    return buf.getvalue()


def run_fm_frontend(args: argparse.Namespace) -> None:
    """fastmedia's own Frontend in its own process."""
    import fastmedia

    fe = fastmedia.Frontend(
        agent_name=args.name,
        lease_ttl_s=args.ttl,
        reuse_grace_s=args.reuse_grace,
        end_lease_on_read=not args.keep_leases,
    )
    _reply({"ready": fe.agent_name, "pid": os.getpid()})
    live: dict[str, Any] = {}
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        if req["cmd"] == "images":
            fmt = req.get("fmt", "PNG")
            ms = fe.decode_batch(
                [png_bytes(tuple(it["shape"]), it["seed"], fmt) for it in req["items"]]
            )
            for m in ms:
                live[m.lease_key] = m  # keep the objects; leases end by notification / TTL
            _reply({"descriptors": [m.descriptor for m in ms]})
        elif req["cmd"] == "release":  # DecodedMedia.release(): the caller ends the lease
            _reply({"released": [bool(live.pop(k).release()) for k in req["keys"]]})
        elif req["cmd"] == "stats":
            fe.poll()
            _reply({"stats": fe.stats()})
        elif req["cmd"] == "advance":  # move the lease clock: TTLs end without a race
            fe._core.advance_clock(req["seconds"])
            _reply({"stats": fe.stats()})
        elif req["cmd"] == "exit":
            fe.close()
            _reply({"bye": True})
            return


class FmFrontend(Peer):
    def __init__(
        self,
        name: str | None = None,
        ttl: float = 120.0,
        reuse_grace: float = 5.0,
        end_lease_on_read: bool = True,
    ) -> None:
        argv = ["fm-frontend", "--ttl", str(ttl), "--reuse-grace", str(reuse_grace)]
        argv += [] if end_lease_on_read else ["--keep-leases"]
        super().__init__(argv + (["--name", name] if name else []))
        self.name = self.hello["ready"]

    def release(self, keys: list[str]) -> list[bool]:
        return self.call({"cmd": "release", "keys": list(keys)})["released"]

    def images(self, items, fmt: str = "PNG"):
        return self.call(
            {
                "cmd": "images",
                "fmt": fmt,
                "items": [{"shape": list(s), "seed": k} for s, k in items],
            }
        )["descriptors"]

    def stats(self) -> dict:
        return self.call({"cmd": "stats"})["stats"]

    def advance(self, seconds: float) -> dict:
        """Run the frontend's lease clock (TTL, reuse grace) ``seconds`` ahead; its stats."""
        return self.call({"cmd": "advance", "seconds": seconds})["stats"]


# --------------------------------------------------------------------------- reader process


def run_reader(args: argparse.Namespace) -> None:
    import fastmedia

    rd = fastmedia.Reader(timeout_s=args.timeout)
    _reply({"ready": rd.agent_name, "pid": os.getpid()})
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        if req["cmd"] == "exit":
            _reply({"bye": True})
            return
        descs, seeds = req["descriptors"], req["seeds"]
        t0 = time.monotonic()
        try:
            arrs = rd.read_batch(descs)
        except Exception as e:
            _reply({"error": type(e).__name__, "message": str(e), "elapsed": time.monotonic() - t0})
            continue
        ok = [
            bool(np.array_equal(a, pixels(tuple(d["shape"]), s)))
            for a, d, s in zip(arrs, descs, seeds, strict=True)
        ]
        _reply({"ok": ok, "elapsed": time.monotonic() - t0})


class ReaderProc(Peer):
    def __init__(
        self, env: dict | None = None, prefix_cmd: list[str] | None = None, timeout: float = 30.0
    ) -> None:
        super().__init__(["read", "--timeout", str(timeout)], env=env, prefix_cmd=prefix_cmd)

    def read(self, descriptors: list[dict], seeds: list[int], timeout: float = 120.0) -> dict:
        return self.call(
            {"cmd": "read", "descriptors": descriptors, "seeds": seeds}, timeout=timeout
        )


def main() -> None:
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="role", required=True)
    f = sub.add_parser("frontend")
    f.add_argument("--name", default=None)
    f.add_argument("--lease-keys", action="store_true")
    f.add_argument("--grace-s", type=float, default=5.0)
    f.add_argument("--progress-delay-us", type=int, default=None)
    g = sub.add_parser("fm-frontend")
    g.add_argument("--name", default=None)
    g.add_argument("--ttl", type=float, default=120.0)
    g.add_argument("--reuse-grace", type=float, default=5.0)
    g.add_argument("--keep-leases", action="store_true", help="end_lease_on_read=False")
    r = sub.add_parser("read")
    r.add_argument("--timeout", type=float, default=30.0)
    args = p.parse_args()
    if args.role == "frontend":
        run_frontend(args)
    elif args.role == "fm-frontend":
        run_fm_frontend(args)
    else:
        run_reader(args)


if __name__ == "__main__":
    main()
