"""Soak, embeddings stream: an encode-worker process (fastmedia's NIXL Read and Write senders)
and a prefill-worker process (the matching receivers) exchange a stream of embeddings in
batches, alternating Read and Write mode, every tensor checked bit-exact (sha256), with kills
on a schedule set by progress:

- SIGKILL the sender right after its batch's requests reached the receiver (READs/WRITEs in
  flight or about to start): each receive must end bit-exact or in a typed error;
- SIGKILL the receiver right after it got its batch (before or during its transfers): each of
  the sender's awaitables must end typed (``TransferError`` once the lease / transfer timeout
  passes) or resolved (the transfer finished first), never hang.

A killed process is restarted; the next batch goes to the new one. At the end the sender must
hold 0 live leases / sends and 0 pool bytes, the receiver 0 tensors and nothing in its pool
but quarantined chunks (buffers a dead peer's late WRITE could still reach); RSS and open fds
of each process, from warm-up to the end, must stay flat (< 64 MiB, < 16 fds). Prints a
table, then the same line as ``benches/soak.py``: ``items N ok N typed_errors N lost 0 corrupt
0 rss_growth_mb X fd_growth Y leases_live 0 leases_leaked 0``; exits 1 when a check fails.

Needs torch, NIXL and msgpack (``.venv-embed``); ``benches/soak.py`` runs it there.

    .venv-embed/bin/python benches/soak_embeddings.py --quick     # 160 items (CI)
    .venv-embed/bin/python benches/soak_embeddings.py --items 5000
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import hashlib
import multiprocessing as mp
import os
import random
import signal
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BATCH = 8
TTL_S = 2.0  # sender lease / transfer timeout: a dead receiver's sends fail after this
RECV_TIMEOUT_S = 2.0  # receiver: a dead sender's transfer fails after this
POOL_BYTES = 32 << 20
RSS_LIMIT_MB = 64
FD_LIMIT = 16
DTYPES = ("float32", "float16", "bfloat16", "int8")


def make_tensor(case: tuple[int, list[int], str]):
    """The item's tensor, seeded: the sender and this orchestrator make the same bytes."""
    import torch

    seed, shape, dtype = case
    g = torch.Generator().manual_seed(seed)
    if dtype == "int8":
        return torch.randint(-128, 128, shape, generator=g, dtype=torch.int8)
    return torch.randn(shape, generator=g, dtype=torch.float32).to(getattr(torch, dtype))


def digest(t) -> str:
    import torch

    return hashlib.sha256(t.contiguous().view(torch.uint8).numpy().tobytes()).hexdigest()


def _usage() -> tuple[int, int]:
    with open("/proc/self/status") as f:
        rss = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS:"))
    return rss, len(os.listdir("/proc/self/fd"))


def _err(e: BaseException) -> str:
    from fastmedia.errors import FastmediaError

    kind = "typed" if isinstance(e, FastmediaError) else "UNTYPED"
    return f"{kind}:{type(e).__name__}"


# ---------------------------------------------------------------------------- child processes


def sender_main(conn) -> None:
    """Commands: ("send", mode, [(item, case)]) -> ("reqs", [(item, request)]);
    ("wait", [item], timeout) -> ("done", [(item, None | error)]); ("end",) -> ("stats", ...)."""
    from fastmedia.embeddings import NixlReadEmbeddingSender, NixlWriteEmbeddingSender
    from fastmedia.transfer._nixl import quiet_logs

    quiet_logs()
    loop = asyncio.new_event_loop()
    tx = {
        "read": NixlReadEmbeddingSender(
            pool_bytes=POOL_BYTES, lease_ttl_s=TTL_S, reuse_grace_s=0.2, acquire_timeout_s=5
        ),
        "write": NixlWriteEmbeddingSender(
            pool_bytes=POOL_BYTES, transfer_timeout_s=TTL_S, acquire_timeout_s=5
        ),
    }
    pending: dict[int, asyncio.Future] = {}
    conn.send(("ready", None, _usage()))

    async def send(mode: str, items: list) -> list:
        out = []
        for item, case in items:
            req, done = await tx[mode].send_embeddings(make_tensor(case))
            pending[item] = done
            out.append((item, req.model_dump()))
        return out

    async def wait(items: list, timeout: float) -> list:
        out = []
        for item in items:
            try:
                await asyncio.wait_for(pending.pop(item), timeout)
                out.append((item, None))
            except BaseException as e:  # reported; the orchestrator judges it
                out.append((item, _err(e)))
        return out

    async def drained() -> dict:
        deadline = time.monotonic() + 10
        while True:
            s = {m: t.stats() for m, t in tx.items()}
            if all(x["pool_bytes_in_use"] == 0 for x in s.values()) or time.monotonic() > deadline:
                return s
            await asyncio.sleep(0.05)

    while True:
        msg = conn.recv()
        if msg[0] == "send":
            conn.send(("reqs", loop.run_until_complete(send(msg[1], msg[2])), _usage()))
        elif msg[0] == "wait":
            conn.send(("done", loop.run_until_complete(wait(msg[1], msg[2])), _usage()))
        else:
            s = loop.run_until_complete(drained())
            conn.send(
                (
                    "stats",
                    {
                        "live": s["read"]["leases_live"] + s["write"]["sends_live"],
                        "pool_bytes_in_use": sum(x["pool_bytes_in_use"] for x in s.values()),
                        "register_memory_calls": sum(
                            x["register_memory_calls"] for x in s.values()
                        ),
                    },
                    _usage(),
                )
            )
            os._exit(0)  # skip NIXL/UCX teardown: the stats are all the orchestrator needs


def receiver_main(conn) -> None:
    """Commands: ("recv", mode, [(item, request)]) -> ("got", [(item, sha256 | None, error |
    None)]); ("end",) -> ("stats", ...)."""
    from fastmedia.embeddings import NixlReadEmbeddingReceiver, NixlWriteEmbeddingReceiver
    from fastmedia.transfer._nixl import quiet_logs

    quiet_logs()
    loop = asyncio.new_event_loop()
    rx = {
        "read": NixlReadEmbeddingReceiver(
            pool_bytes=POOL_BYTES, slab_bytes=POOL_BYTES, timeout_s=RECV_TIMEOUT_S
        ),
        "write": NixlWriteEmbeddingReceiver(POOL_BYTES, timeout_s=RECV_TIMEOUT_S),
    }
    conn.send(("ready", None, _usage()))

    async def one(mode: str, item: int, req: dict) -> tuple:
        try:
            tid, t = await rx[mode].receive_embeddings(req)
        except BaseException as e:  # reported; the orchestrator judges it
            return item, None, _err(e)
        h = digest(t)
        rx[mode].release_tensor(tid)
        return item, h, None

    async def recv(mode: str, items: list) -> list:
        return list(await asyncio.gather(*(one(mode, i, r) for i, r in items)))

    while True:
        msg = conn.recv()
        if msg[0] == "recv":
            conn.send(("got", loop.run_until_complete(recv(msg[1], msg[2])), _usage()))
        else:
            s = {m: r.stats() for m, r in rx.items()}
            conn.send(
                (
                    "stats",
                    {
                        "tensors_held": sum(x["tensors_held"] for x in s.values()),
                        "pool_bytes_unquarantined": sum(
                            x["pool_bytes_in_use"] - x["pool_bytes_quarantined"] for x in s.values()
                        ),
                        "register_memory_calls": sum(
                            x["register_memory_calls"] for x in s.values()
                        ),
                    },
                    _usage(),
                )
            )
            os._exit(0)


# ---------------------------------------------------------------------------- orchestrator


class Proc:
    def __init__(self, role: str, ctx) -> None:
        self.role = role
        parent, child = ctx.Pipe()
        target = sender_main if role == "sender" else receiver_main
        self.p = ctx.Process(target=target, args=(child,), daemon=True)
        self.p.start()
        child.close()
        self.conn = parent
        # ready once its endpoints exist: a batch must not wait on a process still starting
        # (its sends' leases would expire before the receiver even began)
        if not parent.poll(120) or parent.recv()[0] != "ready":
            raise TimeoutError(f"{role} did not start")
        self.first: tuple[int, int] | None = None  # usage at warm-up
        self.last: tuple[int, int] | None = None
        self.rebased_fds: int | None = None
        self.settle = 2  # batches before measuring: one of each mode (connect, touch pools)

    def ask(self, msg: tuple, timeout: float = 120):
        self.conn.send(msg)
        if not self.conn.poll(timeout):
            raise TimeoutError(f"{self.role} did not answer {msg[0]!r} within {timeout:g} s")
        _kind, body, usage = self.conn.recv()
        self.last = usage
        return body

    def kill(self) -> None:
        os.kill(self.p.pid, signal.SIGKILL)
        self.p.join()
        self.conn.close()


class EmbedSoak:
    def __init__(self, items: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.n_batches = max(8, items // BATCH)
        self.outcome: dict[int, str] = {}  # "ok", "typed", "corrupt"
        self.faults: collections.Counter = collections.Counter()
        self.growth: dict[str, tuple[float, int]] = {}
        self.wrong: list[str] = []

    def _case(self, item: int) -> tuple[int, list[int], str]:
        dtype = self.rng.choice(DTYPES)
        shape = [self.rng.randint(1, 128), 1024] if item % 5 else [self.rng.randint(1, 40)]
        return (item, shape, dtype)

    def _growth(self, p: Proc) -> None:
        if p.first is not None and p.last is not None:
            rss = (p.last[0] - p.first[0]) / (1 << 20)
            fds = p.last[1] - p.first[1]
            old = self.growth.get(p.role, (0.0, 0))
            self.growth[p.role] = (max(old[0], rss), max(old[1], fds))

    def _rebase(self, p: Proc) -> None:
        """The survivor of a kill measures again from its next batch after warm-up: the dead
        peer and its restarted successor cost it fds (UCX endpoints, and sockets of the dead
        one that UCX keeps; see ``rust/src/nixl/peers.rs``), once per restart, not per item.
        The table shows that cost in its own row ("fds after a peer restart")."""
        self._growth(p)
        if p.first is not None:
            p.rebased_fds = p.last[1] if p.last else 0
            p.first = None
            p.settle = 2  # one batch of each mode connects to the new peer

    def run(self) -> int:
        ctx = mp.get_context("spawn")
        t0 = time.monotonic()
        snd, rcv = Proc("sender", ctx), Proc("receiver", ctx)
        n = self.n_batches
        # one kill of each side in each mode (even batches are Read, odd ones Write)
        kill_sender = {n * 3 // 10 & ~1, n * 7 // 10 | 1}
        kill_receiver = {n // 2 & ~1, n * 9 // 10 | 1}
        warm = n // 4
        item = 0
        for b in range(n):
            mode = "read" if b % 2 == 0 else "write"
            cases = []
            for _ in range(BATCH):
                cases.append((item, self._case(item)))
                item += 1
            want = {i: digest(make_tensor(c)) for i, c in cases}
            reqs = snd.ask(("send", mode, cases))
            if b in kill_receiver:
                rcv.conn.send(("recv", mode, reqs))
                rcv.kill()  # with its batch just handed over
                self.faults[f"receiver killed ({mode})"] += 1
                self._rebase(snd)  # what the dead peer cost it shows in its own row
                # every send must end: typed (timeout) or resolved (it finished first)
                for i, err in snd.ask(("wait", [i for i, _ in reqs], TTL_S + 30)):
                    self._judge(i, None if err is None else err, want[i], sender_side=True)
                self._growth(rcv)
                rcv = Proc("receiver", ctx)
                continue
            if b in kill_sender:
                rcv.conn.send(("recv", mode, reqs))
                snd.kill()  # its requests are at the receiver, transfers starting
                self.faults[f"sender killed ({mode})"] += 1
                if not rcv.conn.poll(RECV_TIMEOUT_S + 60):
                    raise TimeoutError("receiver hung after its sender died")
                _, got, usage = rcv.conn.recv()
                self._rebase(rcv)  # what the dead peer cost it shows in its own row
                rcv.last = usage
                for i, h, err in got:
                    self._judge(i, err, want[i], got_hash=h)
                self._growth(snd)
                snd = Proc("sender", ctx)
                continue
            got = rcv.ask(("recv", mode, reqs))
            for i, h, err in got:
                self._judge(i, err, want[i], got_hash=h)
            for i, err in snd.ask(("wait", [i for i, _ in reqs], TTL_S + 30)):
                if err is not None:
                    self._wrong(i, f"send failed although its receive ended: {err}")
            for p in (snd, rcv):
                if p.settle:
                    p.settle -= 1
                elif b >= warm and p.first is None:
                    if p.rebased_fds is not None and p.last is not None:
                        self.faults[f"{p.role} fds after a peer restart"] += (
                            p.last[1] - p.rebased_fds
                        )
                        p.rebased_fds = None
                    p.first = p.last
        s_stats = snd.ask(("end",))
        self._growth(snd)
        r_stats = rcv.ask(("end",))
        self._growth(rcv)
        snd.p.join(30)
        rcv.p.join(30)
        return self._report(item, time.monotonic() - t0, s_stats, r_stats)

    def _judge(self, i: int, err, want: str, got_hash=None, sender_side=False) -> None:
        if err is not None:
            if not err.startswith("typed:"):
                self._wrong(i, f"untyped error {err}")
            self.outcome[i] = "typed"
            self.faults[f"typed {err[6:]}"] += 1
        elif sender_side or got_hash == want:
            self.outcome[i] = "ok"
        else:
            self.outcome[i] = "corrupt"
            self._wrong(i, "received bytes differ")

    def _wrong(self, i: int, why: str) -> None:
        self.wrong.append(f"item {i}: {why}")
        self.faults["UNEXPECTED"] += 1

    def _report(self, total: int, elapsed: float, s: dict, r: dict) -> int:
        kinds = collections.Counter(self.outcome.values())
        ok, typed, corrupt = kinds["ok"], kinds["typed"], kinds["corrupt"]
        lost = total - len(self.outcome)
        rss = max((g[0] for g in self.growth.values()), default=float("nan"))
        fds = max((g[1] for g in self.growth.values()), default=0)
        leaked = r["tensors_held"] + (1 if s["pool_bytes_in_use"] else 0)
        rows = [
            ("embeddings items", total),
            ("seconds", f"{elapsed:.1f}"),
            ("received bit-exact (sha256)", ok),
            *sorted(self.faults.items()),
            *[
                (f"{k} RSS growth after warm-up (MiB) / fds", f"{g[0]:.1f} / {g[1]}")
                for k, g in sorted(self.growth.items())
            ],
            *[(f"sender (last restart) {k}", v) for k, v in sorted(s.items())],
            *[(f"receiver (last restart) {k}", v) for k, v in sorted(r.items())],
        ]
        print("| measure | value |\n|---|---|")
        for k, v in rows:
            print(f"| {k} | {v} |")
        for w in self.wrong[:20]:
            print("WRONG:", w, file=sys.stderr)
        print(
            f"items {total} ok {ok} typed_errors {typed} lost {lost} corrupt {corrupt} "
            f"rss_growth_mb {rss:.1f} fd_growth {fds} leases_live {s['live']} "
            f"leases_leaked {leaked}"
        )
        failed = (
            lost
            or corrupt
            or s["live"] != 0
            or leaked != 0
            or r["pool_bytes_unquarantined"] != 0
            or not rss < RSS_LIMIT_MB
            or fds >= FD_LIMIT
            or ok < total // 2
            or self.faults["UNEXPECTED"]
        )
        return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="160 items (CI)")
    ap.add_argument("--items", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    sys.path.insert(0, str(REPO / "python"))
    return EmbedSoak(160 if a.quick else a.items, a.seed).run()


if __name__ == "__main__":
    sys.exit(main())
