"""Embeddings in GPU memory (``device="cuda:N"`` on the NIXL embedding endpoints,
``stage_embeddings=True`` on a CUDA tensor).

On CPU machines: the ``device=`` argument's typed errors, and what each endpoint hands NIXL
for a VRAM pool (registered as "VRAM" with the GPU's id, transfer descriptors, the
Write handshake's ``"cuda"``, the Read descriptor's ``"cuda:N"``), driven through a recording
NIXL agent and fake CUDA arenas: the seam ``tests/test_gpu.py`` uses for the Reader's VRAM
registration. ``requires_gpu`` tests run real transfers into and out of VRAM in one process
(``tools/gpu_check_embeddings.py`` runs them on a GPU machine) and skip, naming what is
missing, elsewhere.

Needs torch: ``.ci/test`` runs it in ``.venv-embed``.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
import types
from typing import Any, ClassVar

import pytest
import torch

from fastmedia._internal import gpu as _gpu
from fastmedia._internal.gpu import Device
from fastmedia.embeddings import (
    NixlReadEmbeddingReceiver,
    NixlReadEmbeddingSender,
    NixlWriteEmbeddingReceiver,
    NixlWriteEmbeddingSender,
    TransferRequest,
    _pooled,
    _vram_read,
)
from fastmedia.embeddings._request import READ_KIND
from fastmedia.embeddings._staging import StageCache
from fastmedia.errors import ConfigError, GpuUnavailable, NixlError, PoolExhausted, TransferError
from fastmedia.transfer import _nixl, _vram
from fastmedia.transfer._dest_pool import DestPool
from fastmedia.transfer.descriptor import encode_metadata

ENDPOINTS = [
    NixlReadEmbeddingSender,
    NixlReadEmbeddingReceiver,
    NixlWriteEmbeddingSender,
    NixlWriteEmbeddingReceiver,
]
ARENA_ADDR = 0x7F00_0000_0000


# ---------------------------------------------------------------- device= validation


@pytest.mark.parametrize("cls", ENDPOINTS)
def test_cuda_without_cuda_torch_is_a_typed_error(cls: Any, monkeypatch) -> None:
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    made: list = []
    monkeypatch.setattr(_nixl, "Endpoint", lambda *a, **k: made.append(a))
    with pytest.raises(GpuUnavailable, match=r"device='cuda:0'.*torch.cuda.is_available"):
        cls(device="cuda:0")
    assert made == []  # refused before any NIXL agent exists


@pytest.mark.parametrize("cls", ENDPOINTS)
@pytest.mark.parametrize("device", ["tpu", "cuda:x", "cuda:-1", "gpu0", "", True])
def test_unknown_device_is_a_config_error(cls: Any, device: Any) -> None:
    with pytest.raises(ConfigError, match="device must be"):
        cls(device=device)


def test_device_missing_from_torch_is_named(monkeypatch) -> None:
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 1)
    with pytest.raises(GpuUnavailable, match=r"cuda:3 does not exist"):
        NixlWriteEmbeddingReceiver(device="cuda:3")


def test_resolve_cpu_and_auto(monkeypatch) -> None:
    assert _gpu.resolve_device(torch.device("cpu"), "embeddings", "x") == Device("cpu")
    assert _gpu.resolve_device("cpu", "embeddings", "x") == Device("cpu")
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert _gpu.resolve_device("auto", "embeddings", "x") == Device("cpu")  # no CUDA: the host pool
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 2)
    monkeypatch.setattr(_vram._gpu, "driver_problem", lambda: None)
    assert _gpu.resolve_device("auto", "embeddings", "x") == Device("cuda", 0)
    assert _gpu.resolve_device("cuda:1", "embeddings", "x") == Device("cuda", 1)
    assert _gpu.resolve_device(torch.device("cuda", 1), "embeddings", "x") == Device("cuda", 1)


# ---------------------------------------------------------------- the seam: fake agent, fake VRAM


class FakeCuda:
    """What fastmedia uses of a torch CUDA tensor, with no memory behind it."""

    def __init__(self, nbytes: int, index: int, ptr: int = ARENA_ADDR) -> None:
        self.nbytes = nbytes
        self.shape = (nbytes,)
        self.device = types.SimpleNamespace(type="cuda", index=index)
        self._ptr = ptr

    def data_ptr(self) -> int:
        return self._ptr

    def numel(self) -> int:
        return self.nbytes

    def element_size(self) -> int:
        return 1

    def is_contiguous(self) -> bool:
        return True


def fake_arena(nbytes: int, device: Device) -> FakeCuda:
    return FakeCuda(nbytes, device.index)


class FakeAgent:
    """Records what an endpoint asks of its agent (``_nixl.Endpoint``'s surface)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.calls: list[tuple] = []
        self.notifs: dict[str, list[bytes]] = {}
        self.lock = threading.Lock()
        self.tickets: dict[int, Ticket] = {}
        self.write_outcome: tuple | None = None
        self.timed: list[tuple[float, Ticket, str]] = []  # (deadline, ticket, why)

    def push_notif(self, remote: str, msg: bytes) -> None:
        with self.lock:
            self.notifs.setdefault(remote, []).append(msg)

    def register(self, addr: int, nbytes: int, mem: str = "DRAM", dev: int = 0) -> Any:
        self.calls.append(("register", addr, nbytes, mem, dev))
        return addr, nbytes, mem, dev

    def deregister(self, reg: Any) -> None:
        self.calls.append(("deregister", *reg))

    def metadata(self) -> bytes:
        return b"fake-md:" + self.name.encode()

    def expire(self) -> bool:
        """As the core's: a ticket past its deadline ends ERR; True if one did."""
        now, ended = time.monotonic(), False
        with self.lock:
            due = [(t, why) for deadline, t, why in self.timed if now >= deadline]
        for t, why in due:
            ended = t.end("ERR", why) or ended
        return ended

    def take_notifs(self, waker: Any = None, timeout: float | None = 0.0) -> dict:
        """As the core's: ends the tickets past their deadlines, then waits up to ``timeout``
        for a notification, or until ``waker`` or a ticket's end."""
        end = time.monotonic() + (60.0 if timeout is None else timeout)
        while True:
            ended = self.expire()
            with self.lock:
                out, self.notifs = self.notifs, {}
            left = end - time.monotonic()
            if out or ended or left <= 0:
                return out
            if waker is None:
                time.sleep(min(left, 1e-3))
            elif waker.wait(min(left, 1e-3)):
                return out

    def connect(self, peer: str, md: bytes | None = None, busy: Any = ()) -> list[str] | None:
        self.calls.append(("connect", peer, md))
        return []

    def peer_stats(self) -> tuple[int, int]:
        return len({c[1] for c in self.calls if c[0] == "connect"}), 0

    def notify(self, remote: str, msg: bytes) -> None:
        self.calls.append(("notify", remote, msg))

    def _timed(self, timeout: float | None, why: str) -> Ticket:
        t = Ticket("PROC")
        if timeout is not None:
            with self.lock:
                self.timed.append((time.monotonic() + timeout, t, why))
        return t

    def offer(self, peer: str, *offer: Any) -> Ticket:
        """Records the offer; no sender: no done signal comes, and the ticket times out."""
        self.calls.append(("offer", peer, *offer))
        return self._timed(offer[-1], "timed out")

    def expect_notif(self, key: str, timeout: float | None = None) -> Ticket:
        return self._timed(timeout, "timed out")  # no reader: no notification comes

    def cancel_notif(self, key: str) -> bool:
        return True

    def expect_write(self, tid: int, addr: int, nbytes: int, mem: str, dev: int, lane: Any,
                     timeout: float) -> Ticket:  # fmt: skip
        """Records the send; its ticket ends as ``write_outcome`` says (None: no handshake
        comes, and it ends at its deadline, as the core's does)."""
        self.calls.append(("expect_write", addr, nbytes, mem, dev, lane))
        if self.write_outcome is not None:
            self.tickets[tid] = Ticket(*self.write_outcome)
        else:
            why = f"embeddings send got no receiver handshake within {timeout:g} s"
            self.tickets[tid] = self._timed(timeout, why)
        return self.tickets[tid]

    def write_stats(self) -> tuple[int, int]:
        return 0, 0

    def close(self) -> None:
        self.calls.append(("close",))


class Ticket:
    """A lane job that ended at once (``_core.LaneTicket``'s surface): ``state`` DONE or ERR
    (or PROC, ended by ``FakeAgent.expire``, which hands its watchers their tokens),
    the lane's ``error``, and whether the lane ``kept`` its handle (it may still land)."""

    def __init__(self, state: str = "DONE", error: str = "", kept: bool = False) -> None:
        self._state, self._error, self._kept = state, error, kept
        self._watchers: list[tuple[Any, int]] = []
        self._lock = threading.Lock()  # an end and a watch from two threads miss no token

    def end(self, state: str, error: str) -> bool:
        """End it (once; True then) and push each watcher's token, as the core's does."""
        with self._lock:
            if self._state != "PROC":
                return False
            self._state, self._error = state, error
            watchers, self._watchers = self._watchers, []
        for waker, token in watchers:
            waker.push(token)
        return True

    def state(self) -> str:
        return self._state

    def kept(self) -> bool:
        return self._kept

    def error(self) -> str:
        return self._error

    def timed_out(self) -> bool:
        return self._state == "ERR" and self._error == "timed out"  # the lane's TIMED_OUT

    def watch(self, waker: Any, token: int) -> bool:
        with self._lock:
            if self._state != "PROC":
                return False  # over already
            self._watchers.append((waker, token))
            return True

    def wait(self, timeout: float) -> bool:
        return True


class FakeLane:
    """Records what an endpoint asks of a lane (``transfer._lanes.Lane``); every part ends at
    once, as ``outcome`` says (``Ticket``'s arguments). ``made``: every lane made, in order."""

    made: ClassVar[list[FakeLane]] = []
    outcome: ClassVar[tuple] = ("DONE",)

    def __init__(self, name: str) -> None:
        self.name = name
        self.calls: list[tuple] = []
        FakeLane.made.append(self)

    def register(self, addr: int, nbytes: int, mem: str = "DRAM", dev: int = 0) -> Any:
        self.calls.append(("register", addr, nbytes, mem, dev))
        return addr, nbytes, mem, dev

    def deregister(self, reg: Any) -> None:
        self.calls.append(("deregister", *reg))

    def submit(self, part: Any, here: bool = False) -> None:
        self.calls.append(("submit", part.op, part.local, part.local_mem, part.remote,
                           part.mem_type, part.mds, part.notif))  # fmt: skip
        part.ticket = Ticket(*self.outcome)

    def submits(self) -> list[tuple]:
        return [c[1:] for c in self.calls if c[0] == "submit"]

    def peer_stats(self) -> tuple[int, int, int, int]:
        return 0, 0, 0, 1

    def close(self) -> None:
        self.calls.append(("close",))


@pytest.fixture
def fake_lanes(monkeypatch) -> list[FakeLane]:
    """The endpoints' lanes record (the list of lanes made)."""
    monkeypatch.setattr(FakeLane, "made", [])
    monkeypatch.setattr(_pooled, "Lane", FakeLane)
    return FakeLane.made


@pytest.fixture
def fake_gpu(monkeypatch) -> list[FakeAgent]:
    """cuda:1 "exists", arenas are fake, agents record (the list of agents made)."""
    agents: list[FakeAgent] = []

    def endpoint(name: str | None, progress_delay_us: int | None, role: str, *_: Any) -> Any:
        agents.append(FakeAgent(name or f"fake-{role}-{len(agents)}"))
        return agents[-1]

    monkeypatch.setattr(_nixl, "Endpoint", endpoint)
    monkeypatch.setattr(_vram._gpu, "cuda_problem", lambda index=0: None)
    monkeypatch.setattr(_vram, "torch_arena", fake_arena)
    return agents


def calls(agent: FakeAgent, what: str) -> list[tuple]:
    return [c[1:] for c in agent.calls if c[0] == what]


def test_vram_pool_registers_one_arena_as_vram_on_its_gpu() -> None:
    agent = FakeAgent("a")
    pool = _vram.VramPool(agent, 1 << 20, Device("cuda", 1), arena=fake_arena)
    pool.grow_all()
    assert calls(agent, "register") == [(ARENA_ADDR, 1 << 20, "VRAM", 1)]
    assert pool.registrations == 1 and _vram.mem_of(pool) == ("VRAM", 1)
    assert _vram.mem_of(DestPool(agent, 8192, 8192)) == ("DRAM", 0)
    a, b = pool.alloc(5000), pool.alloc(4096)
    assert isinstance(a, _vram.VramBlock) and a.addr == ARENA_ADDR
    assert b is not None and b.addr == ARENA_ADDR + 8192  # first fit, 4 KiB aligned
    with pytest.raises(TypeError, match="no host view"):
        a.view((10,), torch.uint8)
    pool.quarantine(a)  # never reused
    del a, b
    c = pool.alloc(4096)
    assert c is not None and c.addr == ARENA_ADDR + 8192
    assert pool.alloc(1 << 20) is None  # the arena never grows past pool_bytes
    pool.close()
    assert len(calls(agent, "deregister")) == 1


def test_vram_registration_failure_is_a_nixl_error_and_frees_the_agent(fake_gpu, monkeypatch):
    def refuse(self: FakeAgent, *row: Any) -> Any:
        raise RuntimeError("NIXL_ERR_BACKEND")

    monkeypatch.setattr(FakeAgent, "register", refuse)
    with pytest.raises(NixlError, match=r"register 1048576 bytes of cuda:1.*NIXL_ERR_BACKEND"):
        NixlWriteEmbeddingReceiver(1 << 20, device="cuda:1")
    (agent,) = fake_gpu
    assert agent.calls == [("close",)]  # the endpoint's agent is given back


def test_staging_a_cuda_tensor_registers_it_as_vram() -> None:
    agent = FakeAgent("a")
    cache = StageCache(agent)
    t = FakeCuda(12288, index=1, ptr=0x7E00_0000_0000)
    assert StageCache.stageable(t)
    e = cache.acquire(t)
    assert (e.mem, e.dev, e.addr, e.nbytes) == ("VRAM", 1, 0x7E00_0000_0000, 12288)
    assert calls(agent, "register") == [(0x7E00_0000_0000, 12288, "VRAM", 1)]
    assert cache.acquire(t) is e and cache.hits == 1  # cached: no second registration
    cpu = torch.zeros(1024, dtype=torch.uint8)
    assert cache.acquire(cpu).mem == "DRAM"
    assert calls(agent, "register")[-1] == (cpu.data_ptr(), 1024, "DRAM", 0)
    cache.release(e)
    cache.close()  # both deregistered with the agent that registered them
    assert len(calls(agent, "deregister")) == 2 == cache.deregistrations


def test_staging_a_cuda_tensor_on_lanes_registers_it_as_vram_with_one() -> None:
    agent, lanes = FakeAgent("a"), [FakeLane("l0"), FakeLane("l1")]
    cache = StageCache(agent, lanes=lanes)
    t = FakeCuda(12288, index=1, ptr=0x7E00_0000_0000)
    u = FakeCuda(4096, index=1, ptr=0x7E00_1000_0000)
    e, f = cache.acquire(t), cache.acquire(u)
    assert (e.lane, f.lane) == (lanes[0], lanes[1])  # in turn
    assert (e.mem, e.dev) == ("VRAM", 1)
    assert lanes[0].calls == [("register", 0x7E00_0000_0000, 12288, "VRAM", 1)]
    assert lanes[1].calls == [("register", 0x7E00_1000_0000, 4096, "VRAM", 1)]
    assert agent.calls == []  # the endpoint's agent registers nothing
    cache.release(e)
    cache.release(f)
    cache.close()  # each deregistered with its lane
    assert lanes[0].calls[-1] == ("deregister", 0x7E00_0000_0000, 12288, "VRAM", 1)
    assert lanes[1].calls[-1] == ("deregister", 0x7E00_1000_0000, 4096, "VRAM", 1)


def test_a_failing_notification_read_neither_spins_nor_stops_the_deadlines(
    fake_gpu, fake_lanes, monkeypatch
) -> None:
    """When the agent cannot read its notifications, the drain thread looks again a
    millisecond later (no busy loop), and a send the core ends at its deadline (before it
    reads them) still fails."""
    looks: list[int] = []

    def broken(self: FakeAgent, waker: Any = None, timeout: float | None = 0.0) -> dict:
        looks.append(1)
        self.expire()
        raise NixlError("get notifications: NIXL_ERR_BACKEND")

    monkeypatch.setattr(FakeAgent, "take_notifs", broken)

    async def go() -> None:
        with NixlWriteEmbeddingSender(pool_bytes=1 << 20, transfer_timeout_s=0.5) as tx:
            _req, done = await tx.send_embeddings(torch.ones(1024))
            with pytest.raises(TransferError, match="no receiver handshake"):
                await asyncio.wait_for(done, 60)

    asyncio.run(go())
    assert 0 < len(looks) < 5000  # about one a millisecond; a spinning thread makes far more


def test_write_receiver_offers_its_vram_pool_in_the_handshake(fake_gpu) -> None:
    async def go() -> None:
        rx = NixlWriteEmbeddingReceiver(1 << 20, device="cuda:1", timeout_s=30)
        with rx:
            agent = fake_gpu[0]
            assert rx.device == "cuda:1"
            assert calls(agent, "register") == [(ARENA_ADDR, 1 << 20, "VRAM", 1)]
            ser = {
                "sender_agent_id": "tx",
                "agent_metadata": "ZmFrZS1tZDp0eA==",  # b"fake-md:tx"
                "tensor_id": 7,
                "tensor_size": 4096,
            }
            req = TransferRequest([1024], "float32", json.dumps(ser))
            task = asyncio.ensure_future(rx.receive_embeddings(req))
            for _ in range(200):
                if calls(agent, "offer"):
                    break
                await asyncio.sleep(0.01)
            (peer, tid, addr, size, dev, mem, _, with_md, timeout), *_ = calls(agent, "offer")
            assert peer == "tx" and tid == 7
            assert (addr, size, dev, mem) == (ARENA_ADDR, 4096, 1, "VRAM")  # "cuda" on the wire
            assert with_md and timeout == 30  # the core ends the offer then
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            assert rx.stats()["pool_bytes_quarantined"] == 4096  # a late WRITE could land

    asyncio.run(go())


def test_write_sender_writes_from_its_vram_pool(fake_gpu, fake_lanes, monkeypatch) -> None:
    """The arena is registered as VRAM with the agent and each lane, and each send is WRITten
    from its VRAM chunk by a lane: the agent's core takes the receiver's handshake, starts the
    WRITE and sends the done signal (``rust/src/nixl/write.rs``'s tests check that part)."""

    async def no_copy(block: Any, embeddings: Any) -> None:  # no GPU to copy into
        pass

    monkeypatch.setattr(_pooled, "copy_in", no_copy)

    async def go() -> None:
        tx = NixlWriteEmbeddingSender(pool_bytes=1 << 20, device="cuda:1", lanes=2)
        with tx:
            (agent,) = fake_gpu
            agent.write_outcome = ("DONE",)
            assert calls(agent, "register") == [(ARENA_ADDR, 1 << 20, "VRAM", 1)]
            assert len(fake_lanes) == 2
            for lane in fake_lanes:
                assert lane.calls == [("register", ARENA_ADDR, 1 << 20, "VRAM", 1)]
            for _ in range(2):
                _req, done = await tx.send_embeddings(torch.zeros(1024, dtype=torch.float32))
                await asyncio.wait_for(done, 30)
            (a, n, mem, dev, lane_a), (b, _, _, _, lane_b) = calls(agent, "expect_write")
            assert (a, n, mem, dev) == (ARENA_ADDR, 4096, "VRAM", 1)  # its VRAM chunk, its GPU
            assert b == ARENA_ADDR  # the first chunk, free again
            assert {lane_a, lane_b} == set(fake_lanes)  # the lanes in turn
            assert tx.stats()["written"] == 2
        for lane in fake_lanes:  # closed, and the arena deregistered from it
            assert lane.calls[-1] == ("deregister", ARENA_ADDR, 1 << 20, "VRAM", 1)
            assert ("close",) in lane.calls

    asyncio.run(go())


def test_read_sender_describes_its_vram_pool_as_cuda(fake_gpu, monkeypatch) -> None:
    async def no_copy(block: Any, embeddings: Any) -> None:
        pass

    monkeypatch.setattr(_pooled, "copy_in", no_copy)

    async def go() -> None:
        tx = NixlReadEmbeddingSender(pool_bytes=1 << 20, device="cuda:1")
        with tx:
            assert calls(fake_gpu[0], "register") == [(ARENA_ADDR, 1 << 20, "VRAM", 1)]
            req, _ = await tx.send_embeddings(torch.zeros([4, 256], dtype=torch.bfloat16))
            (d,) = req.serialized_request["descriptors"]
            assert d == {"device": "cuda:1", "ptr": ARENA_ADDR, "size": 2048}

    asyncio.run(go())


def _read_request(nbytes: int, key: str, ptr: int = 0x5000_0000, device: str = "cpu") -> Any:
    return TransferRequest(
        [nbytes // 2],
        "float16",
        {
            "descriptors": [{"device": device, "ptr": ptr, "size": nbytes}],
            "nixl_metadata": encode_metadata(b"fake-md:tx"),
            "notification_key": key,
            "operation_kind": READ_KIND,
        },
    )


def test_read_receiver_reads_into_its_vram_pool(fake_gpu, fake_lanes, monkeypatch) -> None:
    """The arena is registered as VRAM with one lane, which READs each request into its chunk
    with the request's notification key; the receiver has no agent."""
    made: list = []

    def flat(block: Any, nbytes: int) -> Any:  # no GPU to view: the chunk's bytes, on the CPU
        made.append((block.addr, nbytes))
        return torch.zeros(nbytes, dtype=torch.uint8)

    monkeypatch.setattr(_vram_read, "flat_tensor", flat)

    async def go() -> None:
        rx = NixlReadEmbeddingReceiver(
            pool_bytes=1 << 20, device="cuda:1", timeout_s=30, gpu_read="direct"
        )
        with rx:
            assert fake_gpu == []  # no agent
            (lane,) = fake_lanes
            assert lane.calls == [("register", ARENA_ADDR, 1 << 20, "VRAM", 1)]
            got = await rx.receive_embeddings_batch(
                [_read_request(4096, "k1"), _read_request(8192, "k2", 0x6000_0000, "cuda:2")]
            )
            assert [list(t.shape) for _, t in got] == [[2048], [4096]]
            assert made == [(ARENA_ADDR, 4096), (ARENA_ADDR + 4096, 8192)]
            md = [encode_metadata(b"fake-md:tx")]
            assert lane.submits() == [
                ("READ", [(ARENA_ADDR, 4096, 1)], "VRAM", [(0x5000_0000, 4096, 0)], "DRAM", md,
                 b"k1"),
                ("READ", [(ARENA_ADDR + 4096, 8192, 1)], "VRAM",
                 [(0x6000_0000, 8192, 2)], "VRAM", md, b"k2"),  # the sender's GPU memory
            ]  # fmt: skip
            s = rx.stats()
            assert s["register_memory_calls"] == s["lane_register_memory_calls"] == 1
            assert s["remote_agents"] == 1
            assert s["read"] == 2 and s["tensors_held"] == 2

    asyncio.run(go())


@pytest.mark.parametrize("gpu_read", ["direct", "staged"])
def test_read_receiver_vram_pool_full_is_pool_exhausted(
    fake_gpu, fake_lanes, gpu_read: str
) -> None:
    async def go() -> None:
        rx = NixlReadEmbeddingReceiver(
            pool_bytes=1 << 16, device="cuda:1", max_bytes=1 << 20, acquire_timeout_s=0,
            gpu_read=gpu_read,
        )  # fmt: skip
        with rx, pytest.raises(PoolExhausted):
            await rx.receive_embeddings(_read_request(1 << 17, "k"))
        assert [p for lane in fake_lanes for p in lane.submits()] == []
        assert len(fake_lanes) == (gpu_read == "direct")  # staged: the host Reader's lanes READ
        if gpu_read == "staged":  # the VRAM chunks are taken first: no host READ either
            assert rx.stats()["host_pool_bytes_total"] == 0

    asyncio.run(go())


def test_read_receiver_vram_read_error_fails_closed(fake_gpu, fake_lanes, monkeypatch) -> None:
    from fastmedia.errors import TransferError

    monkeypatch.setattr(FakeLane, "outcome", ("ERR", "failed: NIXL_ERR_REMOTE_DISCONNECT"))

    async def go() -> None:
        rx = NixlReadEmbeddingReceiver(
            pool_bytes=1 << 20, device="cuda:1", timeout_s=30, gpu_read="direct"
        )
        with rx:
            with pytest.raises(TransferError, match="READ of 4096 bytes into VRAM failed: NIXL"):
                await rx.receive_embeddings(_read_request(4096, "k"))
            s = rx.stats()
            assert s["failed"] == 1 and s["tensors_held"] == 0 and s["reads_live"] == 0
            assert s["pool_bytes_in_use"] == 0  # ERR: the READ is over, the chunk is free

    asyncio.run(go())


# ------------------------------------------- gpu_read="staged": host READ, copy into VRAM


def test_gpu_read_auto_is_direct_only_with_an_rdma_device(tmp_path) -> None:
    assert _vram_read.choose("auto", str(tmp_path / "absent")) == "staged"
    assert _vram_read.choose("auto", str(tmp_path)) == "staged"  # the folder, no device
    (tmp_path / "mlx5_0").mkdir()
    assert _vram_read.choose("auto", str(tmp_path)) == "direct"
    assert _vram_read.choose("staged", str(tmp_path)) == "staged"
    assert _vram_read.choose("direct", str(tmp_path / "absent")) == "direct"
    with pytest.raises(ConfigError, match="gpu_read"):
        _vram_read.choose("emulated")


@pytest.fixture
def fake_vram(monkeypatch) -> list:
    """cuda:1 "exists" with a fake arena (which a staged receiver registers nowhere); every
    agent and lane (the host Reader's, the sender's) is real NIXL. Returns the "VRAM" tensors
    handed out: CPU tensors standing in for views of the arena."""
    vram: list[torch.Tensor] = []

    def flat(block: Any, nbytes: int) -> torch.Tensor:
        vram.append(torch.full((nbytes,), 0xA5, dtype=torch.uint8))  # stale bytes, overwritten
        return vram[-1]

    monkeypatch.setattr(_vram._gpu, "cuda_problem", lambda index=0: None)
    monkeypatch.setattr(_vram, "torch_arena", fake_arena)
    monkeypatch.setattr(_vram_read, "flat_tensor", flat)
    return vram


def test_staged_read_receiver_reads_on_the_host_then_copies_into_vram(fake_vram) -> None:
    from tests.embed_peer import digest, make_tensor

    vram = fake_vram

    async def go() -> None:
        with (
            NixlReadEmbeddingSender(pool_bytes=16 << 20) as tx,
            NixlReadEmbeddingReceiver(
                pool_bytes=16 << 20, slab_bytes=16 << 20, device="cuda:1", timeout_s=30
            ) as rx,  # gpu_read="auto" on a host without RDMA devices: staged
        ):
            assert rx.gpu_read == "staged"
            ts = [
                make_tensor({"shape": [64, 256 + 32 * i], "dtype": dt, "seed": i})
                for i, dt in enumerate(["float32", "bfloat16", "float16", "int8"])
            ]
            sent = [await tx.send_embeddings(t) for t in ts]
            got = await rx.receive_embeddings_batch([r for r, _ in sent])
            await asyncio.wait_for(asyncio.gather(*(d for _, d in sent)), 30)
            assert len(vram) == 4
            for t, (tid, g), v in zip(ts, got, vram, strict=True):
                assert g.dtype == t.dtype and list(g.shape) == list(t.shape)
                assert digest(g) == digest(t)
                assert g.data_ptr() == v.data_ptr()  # handed out: the VRAM chunk itself
                rx.release_tensor(tid)
            del got, g
            s = rx.stats()
            assert s["staged_reads"] == 4 and s["reads"] == 0  # no direct READ into VRAM
            assert s["host_pool_bytes_in_use"] == 0  # each host chunk went back once copied
            # the host slab once (on the home lane, which READs), the VRAM arena nowhere:
            # nothing per receive
            assert s["register_memory_calls"] == 1 and s["tensors_held"] == 0
            assert s["lane_register_memory_calls"] == 1  # the home lane's, not VramReader's 0

    asyncio.run(go())


def test_staged_read_failure_hands_out_nothing_and_frees_the_vram_chunks(fake_vram) -> None:
    from fastmedia.errors import TransferError

    vram = fake_vram

    async def go() -> None:
        rx = NixlReadEmbeddingReceiver(
            pool_bytes=1 << 20, device="cuda:1", timeout_s=5, gpu_read="staged"
        )
        with rx:
            with pytest.raises(TransferError):  # metadata no NIXL agent can load
                await rx.receive_embeddings_batch(
                    [_read_request(4096, "a"), _read_request(8192, "b")]
                )
            s = rx.stats()
            assert vram == [] and s["tensors_held"] == 0 and s["staged_reads"] == 0
            assert s["pool_bytes_in_use"] == 0 and s["host_pool_bytes_in_use"] == 0

    asyncio.run(go())


def test_direct_gpu_read_refuses_threads(fake_gpu, fake_lanes) -> None:
    with pytest.raises(ConfigError, match="threads"):
        NixlReadEmbeddingReceiver(device="cuda:1", gpu_read="direct", threads=2)
    assert fake_gpu == [] and fake_lanes == []  # refused before any agent or lane was made


# ---------------------------------------------------------------- real VRAM (requires_gpu)


def _needs_cuda_torch() -> None:
    if not torch.cuda.is_available():
        pytest.skip("requires_gpu: this torch has no CUDA (install a CUDA build of torch)")


def _tensor(shape: list[int], dtype: torch.dtype, device: str, seed: int) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    t = torch.randint(-100, 100, shape, generator=g, dtype=torch.int32).to(dtype)
    return t.to(device)


def _pair(mode: str, tx_dev: str, rx_dev: str, gpu_read: str = "direct") -> tuple[Any, Any]:
    if mode == "read":
        return NixlReadEmbeddingSender(
            pool_bytes=64 << 20, device=tx_dev
        ), NixlReadEmbeddingReceiver(
            pool_bytes=64 << 20, slab_bytes=64 << 20, device=rx_dev, timeout_s=60,
            gpu_read=gpu_read,
        )  # fmt: skip
    return NixlWriteEmbeddingSender(pool_bytes=64 << 20, device=tx_dev), NixlWriteEmbeddingReceiver(
        64 << 20, device=rx_dev, timeout_s=60
    )


@pytest.mark.requires_gpu
@pytest.mark.timeout(120)
@pytest.mark.parametrize("mode", ["read", "write"])
@pytest.mark.parametrize(
    ("tx_dev", "rx_dev"), [("cuda:0", "cuda:0"), ("cpu", "cuda:0"), ("cuda:0", "cpu")]
)
@pytest.mark.parametrize("stage", [False, True])
def test_vram_transfer_is_bit_exact(mode: str, tx_dev: str, rx_dev: str, stage: bool) -> None:
    _needs_cuda_torch()

    async def go() -> None:
        tx, rx = _pair(mode, tx_dev, rx_dev)
        with tx, rx:
            for i, (shape, dtype) in enumerate(
                [([1], torch.float32), ([256, 8192], torch.bfloat16), ([77, 4096], torch.float16),
                 ([3, 1000], torch.int8), ([1024, 8192], torch.float32)]
            ):  # fmt: skip
                src = _tensor(shape, dtype, "cuda:0", i)
                req, done = await tx.send_embeddings(src, stage_embeddings=stage)
                (tid, got), = await rx.receive_embeddings_batch([req])  # fmt: skip
                await asyncio.wait_for(done, 60)
                assert str(got.device) == rx_dev and got.dtype == dtype
                assert list(got.shape) == shape
                assert torch.equal(got.cpu(), src.cpu())
                if rx_dev != "cpu":  # received in place: a view of the receiver's arena
                    (slab,) = (getattr(rx, "_vram", None) or rx)._pool.slabs
                    assert slab.addr <= got.data_ptr() < slab.addr + slab.size
                rx.release_tensor(tid)
                del got
            s_tx, s_rx = tx.stats(), rx.stats()
            # no per-send or per-receive registration: the pool once (a staged tensor: once each,
            # five tensors here)
            assert s_tx["register_memory_calls"] == 1 + (5 if stage else 0)
            assert s_rx["register_memory_calls"] == 1

    asyncio.run(go())


@pytest.mark.requires_gpu
@pytest.mark.timeout(120)
@pytest.mark.parametrize("tx_dev", ["cpu", "cuda:0"])
def test_staged_gpu_read_is_bit_exact_and_lands_in_the_arena(tx_dev: str) -> None:
    _needs_cuda_torch()

    async def go() -> None:
        tx, rx = _pair("read", tx_dev, "cuda:0", gpu_read="staged")
        with tx, rx:
            for i, dtype in enumerate([torch.float32, torch.bfloat16, torch.float16, torch.int8]):
                src = _tensor([256, 1024 + i], dtype, "cuda:0", i)
                req, done = await tx.send_embeddings(src)
                tid, got = await rx.receive_embeddings(req)
                await asyncio.wait_for(done, 60)
                assert str(got.device) == "cuda:0" and torch.equal(got.cpu(), src.cpu())
                (slab,) = rx._vram._pool.slabs
                assert slab.addr <= got.data_ptr() < slab.addr + slab.size
                rx.release_tensor(tid)
                del got
            s = rx.stats()
            assert s["staged_reads"] == 4 and s["reads"] == 0
            assert s["register_memory_calls"] == 1  # the host slab; NIXL never sees the arena

    asyncio.run(go())


@pytest.mark.requires_gpu
@pytest.mark.timeout(120)
def test_vram_chunk_returns_when_the_last_view_dies() -> None:
    _needs_cuda_torch()

    async def go() -> None:
        tx, rx = _pair("write", "cuda:0", "cuda:0")
        with tx, rx:
            req, done = await tx.send_embeddings(_tensor([512, 1024], torch.float32, "cuda:0", 1))
            tid, got = await rx.receive_embeddings(req)
            await asyncio.wait_for(done, 60)
            view = got[3:5]
            rx.release_tensor(tid)
            del got
            assert rx.stats()["pool_bytes_in_use"] == 512 * 1024 * 4  # ``view`` holds it
            del view
            assert rx.stats()["pool_bytes_in_use"] == 0

    asyncio.run(go())


def test_read_receiver_vram_read_timeout_quarantines(fake_gpu, fake_lanes, monkeypatch) -> None:
    from fastmedia.errors import TransferError

    # the lane timed the READ out and NIXL would not release it: it may still land
    monkeypatch.setattr(FakeLane, "outcome", ("ERR", "timed out", True))

    async def go() -> None:
        rx = NixlReadEmbeddingReceiver(
            pool_bytes=1 << 20, device="cuda:1", timeout_s=0.2, gpu_read="direct"
        )
        with rx:
            with pytest.raises(TransferError, match=r"timed out after 0\.2 s"):
                await rx.receive_embeddings(_read_request(4096, "k"))
            s = rx.stats()
            assert s["timeouts"] == 1 and s["reads_live"] == 0
            assert s["pool_bytes_quarantined"] == 4096  # it may still land: never reused

    asyncio.run(go())
