"""``Reader(device="cuda:N")`` (docs/gpu.md). Staged (``gpu_read="staged"``): READs land in the
host pool and are copied to the device; on CPU machines the device is faked at its two seams,
``_gpu.to_device`` and ``_gpu.copy_into`` (recorded, with host memory standing in for VRAM).
Direct (``gpu_read="direct"``): READs land in a VRAM pool registered with
the reader's home lane, or in the caller's CUDA tensor; on CPU machines the arena is host
memory presented as a CUDA tensor, and the reader's lanes record what they register and READ
and hand "VRAM" rows to their NIXL agents as "DRAM", so the READs are still real NIXL
transfers from a frontend process. The ``requires_gpu`` test runs both into a real CUDA
device. Runs with torch (.ci/test: .venv-embed)."""

from __future__ import annotations

import gc
import os
import types

import numpy as np
import pytest

import fastmedia
from fastmedia._internal import gpu as _gpu
from fastmedia._internal.gpu import Device
from fastmedia.errors import ConfigError, GpuUnavailable, TransferError
from fastmedia.transfer import _lanes, _vram
from fastmedia.transfer._dest_pool import Block
from tests.nixl_peers import pixels

if os.environ.get("FASTMEDIA_EXPECT_TORCH"):
    import torch
else:
    torch = pytest.importorskip("torch")

pytestmark = pytest.mark.requires_nixl


class FakeCuda:
    """A CPU tensor presented as a CUDA tensor on ``index``: what ``read_into`` and
    ``cuda_region`` look at (``cpu()`` and item assignment for the hash and the zero-fill)."""

    def __init__(self, t, index: int = 0) -> None:
        self.t = t
        self.device = types.SimpleNamespace(type="cuda", index=index)
        self.nbytes = t.nbytes
        self.dtype = t.dtype
        self.shape = t.shape

    def data_ptr(self) -> int:
        return self.t.data_ptr()

    def is_contiguous(self) -> bool:
        return self.t.is_contiguous()

    def cpu(self):
        return self.t

    def __setitem__(self, key, value) -> None:
        self.t[key] = value


def resolve_to(index: int):
    def resolve(device, path, who):
        if str(device) == "cpu":
            return Device("cpu")
        return Device("cuda", index)

    return resolve


@pytest.fixture
def fake_gpu(monkeypatch):
    """Device "cuda:N" resolves (to cuda:0); copies to it are recorded."""
    copies: list = []

    def to_device(ts, dev):
        copies.extend(("to", str(dev), tuple(t.shape)) for t in ts)
        return [t.clone() for t in ts]

    def copy_into(out, host):
        copies.append(("into", out.device.index, host.nbytes))
        out.t.view(-1).view(torch.uint8).copy_(host.reshape(-1).view(torch.uint8))

    monkeypatch.setattr(_gpu, "resolve_device", resolve_to(0))
    monkeypatch.setattr(_gpu, "to_device", to_device)
    monkeypatch.setattr(_gpu, "copy_into", copy_into)
    return copies


class Recorder:
    """What one reader's lanes did (``record_lanes``): registrations ("lane_register",
    "lane_deregister"), READs ("lane_xfer": local rows and segment), memory registered for
    one part ("lane_own"); ``live``: what they have registered now."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.calls: list = []
        self.live: set[tuple] = set()

    def of(self, what: str, mem: str | None = None) -> list:
        return [c[1:] for c in self.calls if c[0] == what and (mem is None or c[-1] == mem)]


def fake_arena(nbytes: int, device: Device) -> FakeCuda:
    return FakeCuda(torch.zeros(nbytes, dtype=torch.uint8), device.index)


def host_tensor(self, nbytes: int):
    """``VramBlock.tensor`` on CPU: a host tensor over the chunk (keeps the chunk leased)."""
    return torch.from_numpy(Block.view(self, (nbytes,), np.dtype(np.uint8)))


def record_lanes(monkeypatch, recorders: list[Recorder]) -> None:
    """Each reader's lanes (real ``_core`` lanes) record on a ``Recorder`` of their own (one
    per reader made, in order, in ``recorders``) and hand "VRAM" to their NIXL agent as "DRAM"
    on device 0 (the fake VRAM is host memory)."""
    register, deregister, submit = _lanes.Lane.register, _lanes.Lane.deregister, _lanes.Lane.submit
    made = _lanes.LaneSet.__init__

    def lane_set(self, name, helpers, stats):
        recorders.append(Recorder(name))
        made(self, name, helpers, stats)

    def owner(lane) -> Recorder:
        found = [r for r in recorders if lane.name.startswith(f"{r.name}-")]
        return found[0] if found else Recorder("")  # not a reader's lane: unread

    def lane_register(self, addr, nbytes, mem="DRAM", dev=0):
        rec = owner(self)
        rec.calls.append(("lane_register", [(addr, nbytes, dev, "")], mem))
        register(self, addr, nbytes)  # the fake VRAM is host memory
        rec.live.add((addr, nbytes, mem, dev))
        return addr, nbytes, mem, dev

    def lane_deregister(self, reg):
        addr, nbytes, mem, _dev = reg
        rec = owner(self)
        rec.calls.append(("lane_deregister", reg, mem))
        rec.live.discard(reg)
        deregister(self, (addr, nbytes, "DRAM", 0))

    def lane_submit(self, part, here=False):
        rec = owner(self)
        rec.calls.append(("lane_xfer", [tuple(r) for r in part.local], part.local_mem))
        if part.own:
            rec.calls.append(("lane_own", list(part.own), part.local_mem))
        if part.local_mem != "VRAM":
            return submit(self, part, here)
        local, own = part.local, part.own
        part.local = [(a, n, 0) for a, n, _d in local]
        part.own, part.local_mem = [(a, n, 0) for a, n, _d in own], "DRAM"
        try:
            return submit(self, part, here)
        finally:
            part.local, part.own, part.local_mem = local, own, "VRAM"

    monkeypatch.setattr(_lanes.LaneSet, "__init__", lane_set)
    monkeypatch.setattr(_lanes.Lane, "register", lane_register)
    monkeypatch.setattr(_lanes.Lane, "deregister", lane_deregister)
    monkeypatch.setattr(_lanes.Lane, "submit", lane_submit)


@pytest.fixture
def fake_vram(monkeypatch, fake_gpu):
    """cuda:1 resolves; VRAM pools are host memory; each reader's lanes record (the list of
    ``Recorder``s, one per reader). ``fake_gpu`` records the staged copies."""
    recorders: list[Recorder] = []
    record_lanes(monkeypatch, recorders)
    monkeypatch.setattr(_gpu, "resolve_device", resolve_to(1))
    monkeypatch.setattr(_vram, "torch_arena", fake_arena)
    monkeypatch.setattr(_vram.VramBlock, "tensor", host_tensor)
    return recorders


# ---------------------------------------------------------------- options and typed errors


def test_gpu_read_is_checked_and_auto_looks_for_an_rdma_device(fake_gpu, monkeypatch, tmp_path):
    with pytest.raises(ConfigError, match="gpu_read"):
        fastmedia.Reader(gpu_read="emulated")  # on any device, before the device is looked at
    with pytest.raises(ConfigError, match="gpu_read"):
        fastmedia.Reader(device="cuda:0", gpu_read="Direct")
    monkeypatch.setattr(_gpu, "RDMA_SYSFS", str(tmp_path))  # no RDMA device: staged
    with fastmedia.Reader(device="cuda:0") as r:
        assert r.gpu_read == "staged"
    (tmp_path / "mlx5_0").mkdir()
    with fastmedia.Reader(device="cuda:0") as r:
        assert r.gpu_read == "direct"
    with fastmedia.Reader(device="cuda:0", gpu_read="staged") as r:
        assert r.gpu_read == "staged"
    with fastmedia.Reader(gpu_read="direct") as r:  # CPU: no GPU read at all
        assert r.device == "cpu" and r.gpu_read is None


def test_cuda_needs_the_opt_in_until_checked_on_a_gpu(monkeypatch):
    assert _gpu.BUILT["read"] is False  # set only once benches/gpu_check.sh passed on a GPU
    monkeypatch.setattr(_gpu, "cuda_problem", lambda index=0: None)  # a machine with a GPU
    monkeypatch.delenv(_gpu.UNVERIFIED_ENV, raising=False)
    with pytest.raises(GpuUnavailable, match=rf"gpu_check\.sh.*{_gpu.UNVERIFIED_ENV}=1"):
        fastmedia.Reader(device="cuda:0", gpu_read="direct")
    with fastmedia.Reader(device="auto") as r:
        assert r.device == "cpu" and r.gpu_read is None
    monkeypatch.setenv(_gpu.UNVERIFIED_ENV, "1")
    with fastmedia.Reader(device="cuda:0", gpu_read="direct") as r:
        assert r.device == "cuda:0" and r.gpu_read == "direct"


def test_without_a_gpu_cuda_is_gpu_unavailable(monkeypatch):
    monkeypatch.setenv(_gpu.UNVERIFIED_ENV, "1")  # the opt-in does not invent a device
    monkeypatch.setattr(_gpu, "cuda_problem", lambda index=0: "no CUDA device (test)")
    with pytest.raises(GpuUnavailable, match="no CUDA device"):
        fastmedia.Reader(device="cuda:0")


# ---------------------------------------------------------------- staged


def test_torch_output_goes_to_the_device(fake_gpu, emu):
    ds = [emu.image((30, 20, 3), seed=31), emu.image((8, 9, 1), seed=32)]
    with fastmedia.Reader(device="cuda:0", gpu_read="staged", timeout_s=20.0) as r:
        assert r.device == "cuda:0"
        got = r.read_batch(ds, output="torch")
        one = r.read(ds[0], output="torch")
        host = r.read(ds[0])  # numpy stays on the host, uncopied
        np.testing.assert_array_equal(one.numpy(), host)
        assert r.stats()["pool_bytes_in_use"] > 0  # `host` views its pool block
        del host
        gc.collect()
        assert r.stats()["pool_bytes_in_use"] == 0  # the staged blocks went back too
        assert r.stats()["staged_reads"] == 3
    assert [c[:2] for c in fake_gpu] == [("to", "cuda:0")] * 3
    np.testing.assert_array_equal(got[0].numpy(), pixels((30, 20, 3), 31))
    np.testing.assert_array_equal(got[1].numpy(), pixels((8, 9, 1), 32))


async def test_read_into_a_cuda_tensor(fake_gpu, emu):
    d = emu.image((16, 12, 3), seed=40)
    with fastmedia.Reader(device="cuda:0", gpu_read="staged", timeout_s=20.0) as r:
        out = FakeCuda(torch.zeros((16, 12, 3), dtype=torch.uint8))
        assert r.read_into(d, out) is out
        np.testing.assert_array_equal(out.t.numpy(), pixels((16, 12, 3), 40))
        out2 = FakeCuda(torch.zeros(16 * 12 * 3, dtype=torch.uint8))  # any shape, same bytes
        assert await r.read_into_async(d, out2) is out2
        np.testing.assert_array_equal(out2.t.numpy().reshape(16, 12, 3), pixels((16, 12, 3), 40))
        # Refused before any transfer: wrong size, another device, not contiguous.
        with pytest.raises(ValueError, match="bytes"):
            r.read_into(d, FakeCuda(torch.zeros(5, dtype=torch.uint8)))
        with pytest.raises(ValueError, match="cuda:1"):
            r.read_into(d, FakeCuda(torch.zeros((16, 12, 3), dtype=torch.uint8), index=1))
        strided = FakeCuda(torch.zeros((12, 16, 3), dtype=torch.uint8).transpose(0, 1))
        with pytest.raises(TypeError, match="contiguous"):
            r.read_into(d, strided)
    assert [c[0] for c in fake_gpu] == ["into", "into"]


def test_staged_copies_run_on_a_stream_and_are_synchronised(monkeypatch):
    """``_gpu.to_device``'s copies: one side stream, ``non_blocking``, synchronised before the
    tensors are handed out (torch.cuda faked: what it was asked to do is recorded)."""
    log: list = []

    class Stream:
        def __init__(self, device) -> None:
            log.append(("stream", str(device)))

        def synchronize(self) -> None:
            log.append(("synchronize",))

    class Ctx:
        def __init__(self, stream) -> None:
            self.stream = stream

        def __enter__(self):
            log.append(("enter",))

        def __exit__(self, *exc):
            log.append(("exit",))

    made: list = []

    def empty(shape, dtype, device):
        log.append(("empty", tuple(shape), device))
        t = FakeCuda(torch.zeros(shape, dtype=dtype), 3)
        t.copy_ = lambda src, non_blocking=False: (  # type: ignore[attr-defined]
            log.append(("copy", non_blocking)),
            t.t.copy_(src),
        )
        made.append(t)
        return t

    monkeypatch.setattr(torch.cuda, "Stream", Stream)
    monkeypatch.setattr(torch.cuda, "stream", Ctx)
    monkeypatch.setattr(torch, "empty", empty)
    src = [torch.arange(6, dtype=torch.uint8).reshape(2, 3), torch.ones(4, dtype=torch.uint8)]
    outs = _gpu.to_device(src, Device("cuda", 3))
    assert outs == made
    assert log == [
        ("empty", (2, 3), "cuda:3"),
        ("empty", (4,), "cuda:3"),
        ("stream", "namespace(type='cuda', index=3)"),
        ("enter",),
        ("copy", True),
        ("copy", True),
        ("exit",),
        ("synchronize",),
    ]
    for o, s in zip(outs, src, strict=True):
        assert torch.equal(o.t, s)


def test_a_cpu_reader_refuses_a_cuda_tensor(emu):
    d = emu.image((4, 4, 3), seed=41)
    with fastmedia.Reader(timeout_s=20.0) as r:
        with pytest.raises(ValueError, match="needs Reader"):
            r.read_into(d, FakeCuda(torch.zeros((4, 4, 3), dtype=torch.uint8)))


# ---------------------------------------------------------------- direct


def registered_vram(rec: Recorder) -> list:
    return rec.of("lane_register", "VRAM")


def test_direct_reads_land_in_a_vram_pool_on_the_readers_gpu(fake_vram, fake_gpu, emu):
    ds = [emu.image((30, 20, 3), seed=51), emu.image((8, 9, 1), seed=52)]
    pool = 1 << 20
    with fastmedia.Reader(device="cuda:1", gpu_read="direct", pool_bytes=pool, timeout_s=20.0) as r:
        (rec,) = fake_vram
        assert registered_vram(rec) == []  # the arena is taken by the first direct read
        got = r.read_batch(ds, output="torch")
        ((rows, _mem),) = registered_vram(rec)
        ((arena, size, dev, _),) = rows
        assert (size, dev) == (pool, 1)  # one arena of pool_bytes on cuda:1
        # ... registered with the home lane, which READs both items into it, on device 1,
        # then the lease words into host memory.
        ((vram_rows, _),) = rec.of("lane_xfer", "VRAM")
        assert len(vram_rows) == 2
        assert all(arena <= a < arena + size and d == 1 for a, _n, d in vram_rows)
        ((words, _),) = rec.of("lane_xfer", "DRAM")
        assert [(n, d) for _a, n, d in words] == [(8, 0), (8, 0)]  # one lease word per item
        np.testing.assert_array_equal(got[0].numpy(), pixels((30, 20, 3), 51))
        np.testing.assert_array_equal(got[1].numpy(), pixels((8, 9, 1), 52))
        assert got[0].shape == (30, 20, 3) and got[0].dtype == torch.uint8
        assert fake_gpu == []  # nothing staged
        st = r.stats()
        assert st["vram_pool_bytes_total"] == pool and st["vram_pool_bytes_in_use"] > 0
        assert st.get("staged_reads", 0) == 0
        assert st["home_lane_transfers"] == st["transfers"] == 1
        # "numpy" stays on the host: the host pool, no VRAM chunk.
        host = r.read(ds[0])
        np.testing.assert_array_equal(host, pixels((30, 20, 3), 51))
        del got
        gc.collect()
        assert r.stats()["vram_pool_bytes_in_use"] == 0  # chunks back when the tensors go
        again = r.read(ds[1], output="torch")
        np.testing.assert_array_equal(again.numpy(), pixels((8, 9, 1), 52))
        assert len(registered_vram(rec)) == 1  # registered once
    assert rec.live == set()  # all deregistered by close()
    assert len(rec.of("lane_deregister")) == len(rec.of("lane_register"))


def test_direct_read_into_registers_the_callers_tensor_for_the_read(fake_vram, emu):
    d = emu.image((16, 12, 3), seed=53)
    with fastmedia.Reader(device="cuda:1", gpu_read="direct", timeout_s=20.0) as r:
        (rec,) = fake_vram
        out = FakeCuda(torch.zeros((16, 12, 3), dtype=torch.uint8), index=1)
        assert r.read_into(d, out) is out
        np.testing.assert_array_equal(out.t.numpy(), pixels((16, 12, 3), 53))
        # The home lane registers the tensor for the part that READs into it (and
        # deregisters it once the part is over); the VRAM pool is not taken for it.
        tensor = [(out.data_ptr(), out.nbytes, 1)]
        assert rec.of("lane_own", "VRAM") == [(tensor, "VRAM")]
        assert rec.of("lane_xfer", "VRAM") == [(tensor, "VRAM")]
        with pytest.raises(ValueError, match="cuda:0"):
            r.read_into(d, FakeCuda(torch.zeros((16, 12, 3), dtype=torch.uint8), index=0))
        assert len(rec.of("lane_own")) == 1  # refused before any transfer
    assert rec.live == set()


async def test_direct_async_and_with_helper_lanes(fake_vram, emu):
    """The async calls take the same direct path; with ``threads=2`` VRAM items are not cut
    over the helper lanes (they register the host pool only): one VRAM row per item, READ
    by the home lane, which also registers a caller's CUDA tensor for its read."""
    big = emu.image((1024, 1024, 3), seed=57)  # 3 MiB: cut into pieces on the host path
    with fastmedia.Reader(device="cuda:1", gpu_read="direct", threads=2, timeout_s=20.0) as r:
        (rec,) = fake_vram
        (t,) = await r.read_batch_async([big], output="torch")
        np.testing.assert_array_equal(t.numpy(), pixels((1024, 1024, 3), 57))
        ((rows, _mem),) = rec.of("lane_xfer", "VRAM")
        assert len(rows) == 1 and rows[0][1:] == (1024 * 1024 * 3, 1)
        out = FakeCuda(torch.zeros(1024 * 1024 * 3, dtype=torch.uint8), index=1)
        assert await r.read_into_async(big, out) is out
        assert rec.of("lane_xfer", "VRAM")[1] == ([(out.data_ptr(), out.nbytes, 1)], "VRAM")
        np.testing.assert_array_equal(out.t.numpy().reshape(1024, 1024, 3), t.numpy())
        host = r.read(big)  # the host path still spreads over the lanes
        np.testing.assert_array_equal(host, t.numpy())
        assert r.stats().get("staged_reads", 0) == 0
    assert rec.live == set()


def test_direct_hash_check_and_oversize_items(fake_vram, fake_gpu, dyn):
    """Dynamo descriptors (no lease words) are checked against content_hash, here on the host;
    an item the VRAM arena cannot hold goes staged."""
    small, big = dyn.image((16, 16, 3), seed=54), dyn.image((64, 64, 3), seed=55)
    with fastmedia.Reader(device="cuda:1", gpu_read="direct", pool_bytes=8192, timeout_s=20.0) as r:
        (rec,) = fake_vram
        a, b = r.read_batch([small, big], output="torch")
        np.testing.assert_array_equal(a.numpy(), pixels((16, 16, 3), 54))
        np.testing.assert_array_equal(b.numpy(), pixels((64, 64, 3), 55))
        assert fake_gpu == [("to", "cuda:1", (64, 64, 3))]  # only the big one was staged
        assert r.stats()["staged_reads"] == 1
        assert len(rec.of("lane_xfer", "VRAM")) == 1
    assert rec.live == set()


def test_direct_refused_read_hands_nothing_out_and_leaks_nothing(fake_vram, emu):
    d = emu.image((16, 12, 3), seed=56)
    ids = emu.last_ids
    emu.retire(ids)  # the lease ended: the read must fail closed
    with fastmedia.Reader(device="cuda:1", gpu_read="direct", timeout_s=20.0) as r:
        (rec,) = fake_vram
        with pytest.raises(TransferError, match="lease"):
            r.read(d, output="torch")
        out = FakeCuda(torch.full((16, 12, 3), 7, dtype=torch.uint8), index=1)
        with pytest.raises(TransferError, match="lease"):
            r.read_into(d, out)
        assert int(out.t.sum()) == 0  # zero-filled
        gc.collect()
        assert r.stats()["vram_pool_bytes_in_use"] == 0
    assert rec.live == set()
    assert len(rec.of("lane_deregister")) == len(rec.of("lane_register"))


def test_direct_reads_fail_typed_when_the_lane_cannot_register_vram(fake_vram, emu, monkeypatch):
    """A lane whose NIXL refuses the VRAM registration (a UCX without CUDA): direct reads fail
    with ``NixlError`` (counted once, not retried) and hand nothing out; host reads go on, and
    nothing stays registered."""
    recorded = _lanes.Lane.register

    def refuse_vram(self, addr, nbytes, mem="DRAM", dev=0):
        if mem == "VRAM":
            raise RuntimeError("no CUDA in this UCX (test)")
        return recorded(self, addr, nbytes, mem, dev)

    monkeypatch.setattr(_lanes.Lane, "register", refuse_vram)
    d = emu.image((12, 10, 3), seed=58)
    with fastmedia.Reader(device="cuda:1", gpu_read="direct", timeout_s=20.0) as r:
        (rec,) = fake_vram
        for _ in range(2):
            with pytest.raises(fastmedia.NixlError, match="VRAM pool"):
                r.read(d, output="torch")
        out = FakeCuda(torch.full((12, 10, 3), 7, dtype=torch.uint8), index=1)
        with pytest.raises(fastmedia.NixlError, match="VRAM pool"):
            r.read_into(d, out)
        assert int(out.t.sum()) == 0  # zero-filled
        assert r.stats()["vram_lane_errors"] == 1
        assert rec.of("lane_xfer", "VRAM") == []
        gc.collect()
        assert r.stats()["vram_pool_bytes_in_use"] == 0
        np.testing.assert_array_equal(r.read(d), pixels((12, 10, 3), 58))  # the host path
    assert rec.live == set()


# ---------------------------------------------------------------- the table's row


def test_bench_reader_vram_measures_every_path_on_the_fakes(fake_vram, fake_gpu, emu, monkeypatch):
    """benches/bench_reader_vram.py's rows on CPU (the device faked as above): the baseline's
    ``.cuda()`` and ``synchronize`` are stand-ins; a wrong byte would show as "NO"."""
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benches"))
    import bench_reader_vram

    shapes = [((24, 32, 3), 60), ((24, 32, 3), 61)]
    descs = emu.images(shapes)
    synced: list = []
    want = {i: pixels(sh, seed) for i, (sh, seed) in enumerate(shapes)}
    rows = bench_reader_vram.measure(
        descs,
        want,
        reps=1,
        device="cuda:1",
        to_cuda=lambda t: t.clone(),
        sync=lambda: synced.append(1),
    )
    assert [r[0] for r in rows] == [
        "DRAM then .cuda() (CPU Reader)",
        "Reader(device='cuda:1', gpu_read='staged')",
        "Reader(device='cuda:1', gpu_read='direct')",
    ]
    assert [r[-1] for r in rows] == ["yes"] * 3 and len(synced) == 3
    assert len(fake_vram) == 3  # one recorder per reader
    assert fake_vram[2].of("lane_register", "VRAM"), "the direct reader READs into VRAM"
    assert not fake_vram[1].of("lane_register", "VRAM")  # staged: host pool only
    assert sum(c[0] == "to" for c in fake_gpu) == 3 * 2  # staged: warm-up, rep, check
    wrong = {0: pixels((24, 32, 3), 99)}
    rows = bench_reader_vram.measure(
        descs, wrong, reps=1, device="cuda:1", to_cuda=lambda t: t.clone(), sync=lambda: None
    )
    assert [r[-1] for r in rows] == ["NO"] * 3


def test_bench_reader_vram_skips_without_a_gpu(monkeypatch, capsys):
    import sys
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benches"))
    import bench_reader_vram

    monkeypatch.setattr(_gpu, "cuda_problem", lambda index=0: "no CUDA device (test)")
    monkeypatch.setattr(sys, "argv", ["bench_reader_vram.py"])
    assert bench_reader_vram.main() == 0
    assert "skipped (no usable GPU: no CUDA device (test))" in capsys.readouterr().out


# ---------------------------------------------------------------- on a GPU


@pytest.mark.requires_gpu
@pytest.mark.parametrize("gpu_read", ["staged", "direct"])
def test_reads_land_on_a_real_device(emu, monkeypatch, gpu_read):
    monkeypatch.setenv(_gpu.UNVERIFIED_ENV, "1")
    ds = [emu.image((1080, 1920, 3), seed=42), emu.image((64, 48, 3), seed=43)]
    with fastmedia.Reader(device="cuda:0", gpu_read=gpu_read, timeout_s=60.0) as r:
        assert r.gpu_read == gpu_read
        t, small = r.read_batch(ds, output="torch")
        assert t.device.type == "cuda" and t.device.index == 0
        out = torch.empty((1080, 1920, 3), dtype=torch.uint8, device="cuda:0")
        r.read_into(ds[0], out)
        if gpu_read == "direct":
            st = r.stats()
            assert st.get("staged_reads", 0) == 0
            # the home lane registered the GPU memory and READ into it: nothing fell back
            assert st.get("vram_lane_errors", 0) == 0 and st.get("home_lane_errors", 0) == 0
            assert st["home_lane_transfers"] == st["transfers"]
    want = pixels((1080, 1920, 3), 42)
    np.testing.assert_array_equal(t.cpu().numpy(), want)
    np.testing.assert_array_equal(out.cpu().numpy(), want)
    np.testing.assert_array_equal(small.cpu().numpy(), pixels((64, 48, 3), 43))
