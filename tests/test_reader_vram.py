"""``Reader(device="cuda:N")`` (docs/gpu.md): READs land in the host pool and are copied to the
device. On CPU machines the device is faked at its two seams, ``_gpu.to_device`` and
``_gpu.copy_into`` (recorded, with host memory standing in for VRAM), and the READs are real
NIXL transfers from a frontend process; the ``requires_gpu`` test runs the same reads into a
real CUDA device. Runs with torch (.ci/test: .venv-embed)."""

from __future__ import annotations

import gc
import os
import types

import numpy as np
import pytest

import fastmedia
from fastmedia import _gpu
from fastmedia._gpu import Device
from tests.nixl_peers import pixels

if os.environ.get("FASTMEDIA_EXPECT_TORCH"):
    import torch
else:
    torch = pytest.importorskip("torch")

pytestmark = pytest.mark.requires_nixl


class FakeCuda:
    """A CPU tensor presented as a CUDA tensor on ``index``: what ``read_into`` checks."""

    def __init__(self, t, index: int = 0) -> None:
        self.t = t
        self.device = types.SimpleNamespace(type="cuda", index=index)
        self.nbytes = t.nbytes
        self.dtype = t.dtype

    def data_ptr(self) -> int:
        return self.t.data_ptr()

    def is_contiguous(self) -> bool:
        return self.t.is_contiguous()


@pytest.fixture
def fake_gpu(monkeypatch):
    """Device "cuda:0" resolves; copies to it are recorded."""
    copies: list = []

    def to_device(t, dev):
        copies.append(("to", str(dev), tuple(t.shape)))
        return t.clone()

    def copy_into(out, host):
        copies.append(("into", out.device.index, host.nbytes))
        out.t.view(-1).view(torch.uint8).copy_(host.reshape(-1).view(torch.uint8))

    monkeypatch.setattr(_gpu, "resolve_device", lambda d, path, who: Device("cuda", 0))
    monkeypatch.setattr(_gpu, "to_device", to_device)
    monkeypatch.setattr(_gpu, "copy_into", copy_into)
    return copies


def test_torch_output_goes_to_the_device(fake_gpu, emu):
    ds = [emu.image((30, 20, 3), seed=31), emu.image((8, 9, 1), seed=32)]
    with fastmedia.Reader(device="cuda:0", timeout_s=20.0) as r:
        assert r.device == "cuda:0"
        got = r.read_batch(ds, output="torch")
        one = r.read(ds[0], output="torch")
        host = r.read(ds[0])  # numpy stays on the host, uncopied
        np.testing.assert_array_equal(one.numpy(), host)
        assert r.stats()["pool_bytes_in_use"] > 0  # `host` views its pool block
        del host
        gc.collect()
        assert r.stats()["pool_bytes_in_use"] == 0  # the staged blocks went back too
    assert [c[:2] for c in fake_gpu] == [("to", "cuda:0")] * 3
    np.testing.assert_array_equal(got[0].numpy(), pixels((30, 20, 3), 31))
    np.testing.assert_array_equal(got[1].numpy(), pixels((8, 9, 1), 32))


async def test_read_into_a_cuda_tensor(fake_gpu, emu):
    d = emu.image((16, 12, 3), seed=40)
    with fastmedia.Reader(device="cuda:0", timeout_s=20.0) as r:
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


def test_a_cpu_reader_refuses_a_cuda_tensor(emu):
    d = emu.image((4, 4, 3), seed=41)
    with fastmedia.Reader(timeout_s=20.0) as r:
        with pytest.raises(ValueError, match="needs Reader"):
            r.read_into(d, FakeCuda(torch.zeros((4, 4, 3), dtype=torch.uint8)))


@pytest.mark.requires_gpu
def test_reads_land_on_a_real_device(emu, monkeypatch):
    monkeypatch.setenv(_gpu.UNVERIFIED_ENV, "1")
    d = emu.image((1080, 1920, 3), seed=42)
    with fastmedia.Reader(device="cuda:0", timeout_s=20.0) as r:
        t = r.read(d, output="torch")
        assert t.device.type == "cuda" and t.device.index == 0
        out = torch.empty((1080, 1920, 3), dtype=torch.uint8, device="cuda:0")
        r.read_into(d, out)
    want = pixels((1080, 1920, 3), 42)
    np.testing.assert_array_equal(t.cpu().numpy(), want)
    np.testing.assert_array_equal(out.cpu().numpy(), want)
