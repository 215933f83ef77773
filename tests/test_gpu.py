"""GPU paths (docs/gpu.md): the ``device=`` option, its typed errors and CPU fallback, and the
VRAM registration/descriptor code path, driven on CPU machines by a fake torch and fake CUDA
tensors. ``requires_gpu`` tests run the same code on a real CUDA device
(``benches/gpu_check.sh``) and skip, naming what is missing, elsewhere."""

from __future__ import annotations

import subprocess
import sys
import time
import types
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from fastmedia._internal import gpu as _gpu
from fastmedia._internal.gpu import Device, cuda_problem, parse_device, resolve_device
from fastmedia.errors import ConfigError, FastmediaError, GpuUnavailable
from fastmedia.transfer.descriptor import encode_metadata, parse_descriptor, rdma_metadata
from tests.cuda_buffer import CudaBuffer

ROOT = Path(__file__).resolve().parents[1]


def fake_torch(available: bool, count: int = 1) -> types.ModuleType:
    t = types.ModuleType("torch")
    t.cuda = types.SimpleNamespace(is_available=lambda: available, device_count=lambda: count)  # type: ignore[attr-defined]
    return t


@pytest.fixture
def no_torch(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` raises ImportError


@pytest.fixture
def cuda_present(monkeypatch):
    """A machine with torch, a CUDA device and libcuda (all faked)."""
    monkeypatch.setitem(sys.modules, "torch", fake_torch(True, 2))
    monkeypatch.setattr(_gpu, "driver_problem", lambda: None)


class FakeCudaTensor:
    """What ``_gpu`` uses of a torch CUDA tensor: data_ptr(), device, nbytes, shape."""

    def __init__(self, shape, index=1, contiguous=True, kind="cuda", ptr=0x7F00_0000_0000):
        self.shape = tuple(shape)
        self.nbytes = int(np.prod(shape))
        self.device = types.SimpleNamespace(type=kind, index=index)
        self._contiguous = contiguous
        self._ptr = ptr

    def data_ptr(self) -> int:
        return self._ptr

    def is_contiguous(self) -> bool:
        return self._contiguous


# ---------------------------------------------------------------- device= parsing


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("cpu", Device("cpu")),
        (None, Device("cpu")),
        (" CPU ", Device("cpu")),
        ("cuda", Device("cuda", 0)),
        ("cuda:0", Device("cuda", 0)),
        ("CUDA:3", Device("cuda", 3)),
        ("auto", None),
    ],
)
def test_parse_device(text, want):
    assert parse_device(text) == want


def test_parse_device_takes_a_torch_device_like_object():
    class TorchDevice:
        def __str__(self) -> str:
            return "cuda:1"

    assert parse_device(TorchDevice()) == Device("cuda", 1)


@pytest.mark.parametrize("bad", ["gpu", "cuda:", "cuda:-1", "cuda:x", "cuda:0:1", "", 0, True])
def test_bad_device_is_a_config_error(bad):
    with pytest.raises(ConfigError, match="device must be"):
        parse_device(bad)


# ---------------------------------------------------------------- what is missing


def test_cuda_problem_names_missing_torch(no_torch):
    assert "PyTorch is not installed" in (cuda_problem() or "")


def test_cuda_problem_names_unavailable_cuda(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", fake_torch(False))
    assert "torch.cuda.is_available() is False" in (cuda_problem() or "")


def test_cuda_problem_names_a_missing_ordinal(cuda_present):
    assert cuda_problem(1) is None
    assert "cuda:2 does not exist (torch sees 2" in (cuda_problem(2) or "")


def test_cuda_problem_names_libcuda(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", fake_torch(True))
    monkeypatch.setattr(_gpu, "driver_problem", lambda: "libcuda is not loadable")
    assert cuda_problem() == "libcuda is not loadable"


def test_cuda_device_raises_a_typed_error_naming_what_is_missing(no_torch):
    with pytest.raises(GpuUnavailable, match=r"Reader\(device='cuda:1'\): PyTorch") as e:
        resolve_device("cuda:1", "read", "Reader")
    assert isinstance(e.value, FastmediaError) and isinstance(e.value, RuntimeError)
    assert fastmedia.GpuUnavailable is GpuUnavailable


def test_auto_falls_back_to_cpu(no_torch):
    assert resolve_device("auto", "read", "Reader") == Device("cpu")
    assert resolve_device("cpu", "read", "Reader") == Device("cpu")


def test_cuda_present_but_path_not_built_is_named(cuda_present, monkeypatch):
    monkeypatch.setitem(_gpu.BUILT, "decode", False)
    monkeypatch.delenv(_gpu.UNVERIFIED_ENV, raising=False)
    with pytest.raises(GpuUnavailable, match="GPU decode path has not passed benches/gpu_check"):
        resolve_device("cuda:0", "decode", "Decoder")
    assert resolve_device("auto", "decode", "Decoder") == Device("cpu")
    # The GPU check's opt-in runs the unverified path; only "1" counts.
    monkeypatch.setenv(_gpu.UNVERIFIED_ENV, "yes")
    assert resolve_device("auto", "decode", "Decoder") == Device("cpu")
    monkeypatch.setenv(_gpu.UNVERIFIED_ENV, "1")
    assert resolve_device("cuda:1", "decode", "Decoder") == Device("cuda", 1)


def test_cuda_present_and_built_picks_the_gpu(cuda_present, monkeypatch):
    monkeypatch.setitem(_gpu.BUILT, "read", True)
    assert resolve_device("cuda:1", "read", "Reader") == Device("cuda", 1)
    assert resolve_device("auto", "read", "Reader") == Device("cuda", 0)
    assert str(Device("cuda", 1)) == "cuda:1"


def test_decoder_device(no_torch):
    assert fastmedia.Decoder().device == "cpu"
    assert fastmedia.Decoder(device="auto").device == "cpu"
    with pytest.raises(GpuUnavailable, match=r"Decoder\(device='cuda:0'\): PyTorch"):
        fastmedia.Decoder(device="cuda:0")
    with pytest.raises(ConfigError):
        fastmedia.Decoder(device="tpu")


def test_reader_and_frontend_refuse_cuda_at_construction(no_torch):
    # Checked before NIXL: the error names the GPU's problem on any machine.
    with pytest.raises(GpuUnavailable, match=r"Reader\(device='cuda:0'\)"):
        fastmedia.Reader(device="cuda:0")
    with pytest.raises(GpuUnavailable, match=r"Frontend\(device='cuda:0'\)"):
        fastmedia.Frontend(device="cuda:0")
    with pytest.raises(ConfigError):
        fastmedia.Reader(device="cuda:zero")


@pytest.mark.requires_nixl
def test_reader_and_frontend_auto_fall_back_to_cpu(no_torch):
    with fastmedia.Reader(device="auto") as r:
        assert r.device == "cpu"
    with fastmedia.Frontend(device="auto", pool_bytes=1 << 20) as f:
        assert f.device == "cpu"


# ---------------------------------------------------------------- VRAM registration (faked)


def test_cuda_region_is_the_tensors_flat_range_on_its_device():
    t = FakeCudaTensor((4, 8, 8, 3), index=1)
    assert _gpu.cuda_region(t) == (t.data_ptr(), 4 * 8 * 8 * 3, 1)


@pytest.mark.parametrize(
    ("tensor", "match"),
    [
        (FakeCudaTensor((2, 2), kind="cpu"), "need a CUDA tensor"),
        (np.zeros(4, np.uint8), "need a CUDA tensor"),
        (FakeCudaTensor((2, 2), contiguous=False), "contiguous"),
        (FakeCudaTensor((2, 2), ptr=0), "no memory"),
    ],
)
def test_cuda_region_refuses_what_nixl_cannot_register(tensor, match):
    with pytest.raises(TypeError, match=match):
        _gpu.cuda_region(tensor)


def _vram_batch_descriptor():
    t = FakeCudaTensor((4, 6, 8, 3), index=2)
    meta = {"Video": {"source_fps": 30.0, "frames_indices": [0, 1, 2, 3]}}
    md = encode_metadata(b"nixlSerDes|Agent" + b"\x02" + b"\0" * 7 + b"fe|")
    return t, _gpu.vram_descriptor(md, t, meta, content_hash="0123456789abcdef")


def test_vram_frame_batch_descriptor_is_parsed_by_the_reader():
    t, d = _vram_batch_descriptor()
    assert d["nixl_descriptor"] == {
        "addr": t.data_ptr(),
        "size": 4 * 6 * 8 * 3,
        "mem_type": "Vram",
        "device_id": 2,
    }
    p = parse_descriptor({"Decoded": d})
    assert (p.mem_type, p.device_id, p.shape, p.size) == ("VRAM", 2, (4, 6, 8, 3), 576)
    assert p.content_hash == "0123456789abcdef"
    rdma = rdma_metadata(d)
    assert rdma["descriptors"] == [{"device": "cuda:2", "ptr": t.data_ptr(), "size": 576}]


def test_vram_descriptor_is_dynamos_rdma_metadata(monkeypatch):
    """Dynamo's strict pydantic models accept it (runs in .venv-dynamo: .ci/test)."""
    pytest.importorskip("dynamo", reason="needs .venv-dynamo (ai-dynamo)")
    try:
        import torch  # noqa: F401
    except ImportError:  # nixl_connect only imports it; these models do not use it
        monkeypatch.setitem(sys.modules, "torch", types.ModuleType("torch"))
    fresh = "dynamo.nixl_connect" not in sys.modules
    import dynamo.nixl_connect as nc

    if fresh:  # dropped at teardown: no module bound to the fake torch stays behind
        monkeypatch.setitem(sys.modules, "dynamo.nixl_connect", nc)
    _t, d = _vram_batch_descriptor()
    m = nc.RdmaMetadata.model_validate(rdma_metadata(d))
    (sd,) = m.descriptors
    assert sd.device == "cuda:2" and sd.size == 576
    dev = nc.Device(sd.device)
    assert (dev._kind, dev._device_id) == (nc.DeviceKind.CUDA, 2)


# ---------------------------------------------------------------- on a real GPU


@pytest.mark.requires_gpu
def test_gpu_machine_is_usable():
    assert _gpu.driver_problem() is None
    pytest.importorskip("torch", reason="torch is not installed on this GPU machine")
    assert cuda_problem() is None


@pytest.mark.requires_gpu
@pytest.mark.requires_nixl
def test_nixl_read_from_dram_into_registered_vram():
    """The transfer a VRAM pool rests on: a lane's NIXL READ from an endpoint's DRAM straight
    into device memory registered with the lane as VRAM (UCX picks cuda_copy on one host)."""
    from fastmedia.transfer._lanes import Lane, Part
    from fastmedia.transfer._nixl import Endpoint, default_agent_name

    src = np.random.default_rng(0).integers(0, 256, 6 << 20, dtype=np.uint8)
    dst = CudaBuffer(src.nbytes)
    front = Endpoint(None, 1000, "gpu-front")
    lane = Lane(default_agent_name("gpu-reader"))
    try:
        front.register(src.ctypes.data, src.nbytes)
        addr, nbytes, dev = _gpu.cuda_region(dst)
        lane.register(addr, nbytes, "VRAM", dev)
        md = encode_metadata(front.metadata())
        part = Part(
            local=[(addr, nbytes, dev)],
            remote=[(src.ctypes.data, src.nbytes, 0)],
            mds=[md],
            mem_type="DRAM",
            deadline=time.monotonic() + 60,
            local_mem="VRAM",
        )
        lane.submit(part)
        assert part.wait(120) and part.state == "DONE", part.error
        assert np.array_equal(dst.to_host(), src)
    finally:
        lane.close()
        front.close()
        dst.free()


# ---------------------------------------------------------------- benches/gpu_check.sh


class HostBuffer(CudaBuffer):
    """Host memory standing in for a CudaBuffer (registered as DRAM by the patched bench)."""

    def __init__(self, nbytes: int, index: int = 0) -> None:
        self._arr = np.zeros(nbytes, np.uint8)
        self._ptr, self.nbytes, self.shape = self._arr.ctypes.data, nbytes, (nbytes,)
        self.device = types.SimpleNamespace(type="cuda", index=0)

    def copy_from_host(self, src: np.ndarray) -> None:
        self._arr[: src.nbytes] = src

    def to_host(self) -> np.ndarray:
        return self._arr.copy()

    def free(self) -> None:
        pass


@pytest.mark.requires_nixl
def test_bench_gpu_runs_end_to_end_with_host_memory_for_vram(monkeypatch, capsys):
    """bench_gpu.py's READs, rows and table, on CPU: host memory stands in for VRAM (what
    only differs on a GPU is the segment name NIXL gets)."""
    monkeypatch.syspath_prepend(str(ROOT / "benches"))
    import bench_gpu
    import cuda_buffer

    monkeypatch.setattr(_gpu, "driver_problem", lambda: None)
    monkeypatch.setattr(cuda_buffer, "CudaBuffer", HostBuffer)
    monkeypatch.setattr(bench_gpu, "vram_region", lambda t: (t.data_ptr(), t.nbytes, 0, "DRAM"))
    monkeypatch.setattr(sys, "argv", ["bench_gpu.py", "--reps", "1", "--frames", "2"])
    assert bench_gpu.main() == 0
    out = capsys.readouterr().out
    assert "READ into VRAM ms" in out and "1080p RGB x 2" in out and "NO" not in out


def test_gpu_check_script_on_a_cpu_machine_exits_0_and_says_why(tmp_path):
    if _gpu.driver_problem() is None:
        pytest.skip("this machine has a GPU: gpu_check.sh runs for real there")
    r = subprocess.run(
        ["bash", str(ROOT / "benches" / "gpu_check.sh")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        env={"PATH": "/usr/bin:/bin", "FASTMEDIA_PYTHON": sys.executable, "HOME": str(tmp_path)},
    )
    assert r.returncode == 0, r.stdout + r.stderr
    out = r.stdout
    assert "no usable GPU:" in out
    for row in ("read into VRAM", "staged embeddings", "NVDEC", "nvJPEG", "NVENC"):
        line = next(ln for ln in out.splitlines() if ln.startswith(f"| {row}"))
        assert "skipped" in line and "no usable GPU" in line, line
