"""GPU plumbing shared by ``Reader``, ``Decoder`` and ``Frontend``: the ``device=`` option,
what a machine lacks for CUDA, and the VRAM registration and descriptor code path.

``device``: ``"cpu"`` (default), ``"cuda"``/``"cuda:N"`` or ``"auto"``. ``"cuda:N"`` raises
``GpuUnavailable`` at construction naming what is missing (PyTorch, a CUDA device, libcuda,
or the GPU path itself, which is not built into this fastmedia yet: docs/gpu.md); ``"auto"``
picks CUDA only when all of that is present, else the CPU.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import glob
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fastmedia.errors import ConfigError, GpuUnavailable

# Which GPU paths this build has (docs/gpu.md). Each becomes True when it is built and has
# passed `benches/gpu_check.sh` on a GPU machine.
# The embeddings' VRAM pools (fastmedia.embeddings) passed tools/gpu_check_embeddings.py on
# an H200.
BUILT = {"read": False, "decode": False, "encode": False, "embeddings": True}

_DEVICE_RE = re.compile(r"cuda(?::(\d{1,4}))?")


@dataclass(frozen=True)
class Device:
    """A parsed ``device=``: ``kind`` is "cpu" or "cuda"; ``index`` the CUDA ordinal (0 on CPU)."""

    kind: str
    index: int = 0

    def __str__(self) -> str:
        return "cpu" if self.kind == "cpu" else f"cuda:{self.index}"


def parse_device(device: Any) -> Device | None:
    """``"cpu"`` -> cpu, ``"cuda"``/``"cuda:N"`` (or a ``torch.device``) -> cuda, ``"auto"`` ->
    None (decided by :func:`resolve_device`). Anything else raises ``ConfigError``."""
    text = str(device).strip().lower() if device is not None else "cpu"
    if text == "cpu":
        return Device("cpu")
    if text == "auto":
        return None
    m = _DEVICE_RE.fullmatch(text)
    if m is None or isinstance(device, bool):
        raise ConfigError(f"device must be 'cpu', 'cuda', 'cuda:N' or 'auto', got {device!r}")
    return Device("cuda", int(m.group(1) or 0))


@functools.lru_cache(maxsize=1)
def driver_problem() -> str | None:
    """What keeps libcuda (the driver's CUDA library) from serving a device, or None."""
    name = ctypes.util.find_library("cuda") or "libcuda.so.1"
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        return "libcuda (the NVIDIA driver's CUDA library) is not loadable"
    count = ctypes.c_int(0)
    if lib.cuInit(0) != 0 or lib.cuDeviceGetCount(ctypes.byref(count)) != 0 or count.value < 1:
        return "libcuda loads but reports no usable CUDA device"
    return None


def cuda_problem(index: int = 0) -> str | None:
    """What this machine lacks to use CUDA device ``index``, or None when nothing is missing.
    Checks PyTorch (the tensors handed out), ``torch.cuda``, then libcuda."""
    try:
        import torch
    except ImportError:
        return "PyTorch is not installed (CUDA tensors need it: pip install torch)"
    cuda = getattr(torch, "cuda", None)
    if cuda is None or not cuda.is_available():
        return "torch.cuda.is_available() is False (no CUDA device, driver or CUDA build of torch)"
    if index >= cuda.device_count():
        return f"cuda:{index} does not exist (torch sees {cuda.device_count()} CUDA devices)"
    return driver_problem()


# Set by benches/gpu_check.sh: lets the GPU paths not yet verified on a GPU (BUILT False) run,
# so that the check can verify them.
UNVERIFIED_ENV = "FASTMEDIA_GPU_UNVERIFIED"


def unverified_allowed() -> bool:
    return os.environ.get(UNVERIFIED_ENV) == "1"


def resolve_device(device: Any, path: str, what: str) -> Device:
    """The device ``what`` (e.g. "Reader") runs on. ``path`` is the ``BUILT`` key of the GPU
    path it needs. "cuda:N" raises ``GpuUnavailable`` naming what is missing; "auto" then
    returns the CPU."""
    wanted = parse_device(device)
    if wanted is not None and wanted.kind == "cpu":
        return wanted
    index = 0 if wanted is None else wanted.index
    problem = cuda_problem(index)
    if problem is None and not BUILT[path] and not unverified_allowed():
        problem = (
            f"fastmedia's GPU {path} path has not passed benches/gpu_check.sh on a GPU yet "
            f"(docs/gpu.md; {UNVERIFIED_ENV}=1 enables it for that check)"
        )
    if problem is None:
        return Device("cuda", index)
    if wanted is None:
        return Device("cpu")
    raise GpuUnavailable(f"{what}(device={str(wanted)!r}): {problem}")


@functools.lru_cache(maxsize=1)
def load_nvjpeg() -> str | None:
    """Load libnvjpeg from the ``nvidia-nvjpeg-cu12`` / ``nvidia-nvjpeg`` (CUDA 13) wheel, so
    the core's dlopen by soname finds it (docs/gpu.md). Returns what is missing, or None.
    ``FASTMEDIA_NVJPEG`` names the library file instead."""
    paths = [os.environ["FASTMEDIA_NVJPEG"]] if os.environ.get("FASTMEDIA_NVJPEG") else []
    try:
        import nvidia  # type: ignore[import-not-found]  # the NVIDIA wheels' namespace

        for root in getattr(nvidia, "__path__", []):
            paths += sorted(glob.glob(os.path.join(root, "**", "libnvjpeg.so*"), recursive=True))
    except ImportError:
        pass
    if not paths:
        return "libnvjpeg not found (pip install nvidia-nvjpeg-cu12, or nvidia-nvjpeg for CUDA 13)"
    errors = []
    for path in paths:
        try:
            ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
            return None
        except OSError as e:
            errors.append(str(e))
    return f"libnvjpeg does not load: {'; '.join(errors)}"


# One entry per RDMA device (InfiniBand, RoCE): where UCX can READ into VRAM itself.
RDMA_SYSFS = "/sys/class/infiniband"


def choose_read(gpu_read: str, sysfs: str | None = None) -> str:
    """``"direct"`` or ``"staged"`` (the ``gpu_read=`` of ``Reader`` and of the embedding Read
    receiver). ``"auto"``: direct only where an RDMA device exists. On a host without one, UCX
    READs into VRAM by software emulation over TCP (95-109 MB/s on an H200, against 3.6 GB/s
    for a host READ and a copy: docs/embeddings.md). Anything else is a ``ConfigError``."""
    if gpu_read in ("direct", "staged"):
        return gpu_read
    if gpu_read != "auto":
        raise ConfigError(f"gpu_read must be 'auto', 'direct' or 'staged', not {gpu_read!r}")
    try:
        with os.scandir(RDMA_SYSFS if sysfs is None else sysfs) as it:
            rdma = any(True for _ in it)
    except OSError:
        rdma = False
    return "direct" if rdma else "staged"


def copy_all(dsts: list[Any], srcs: list[Any]) -> None:
    """Copy each host tensor into its destination tensor; CUDA copies run on a stream of their
    own and are complete on return (the tensors are handed out to any stream)."""
    if dsts and dsts[0].device.type == "cuda":
        import torch

        stream = torch.cuda.Stream(dsts[0].device)
        with torch.cuda.stream(stream):
            for d, s in zip(dsts, srcs, strict=True):
                d.copy_(s, non_blocking=True)
        stream.synchronize()
    else:
        for d, s in zip(dsts, srcs, strict=True):
            d.copy_(s)


def to_device(tensors: list[Any], device: Device) -> list[Any]:
    """Host tensors copied to ``device`` (the staged path of ``Reader(device="cuda:N")``), all
    on one stream and complete on return."""
    import torch

    outs = [torch.empty(t.shape, dtype=t.dtype, device=str(device)) for t in tensors]
    copy_all(outs, tensors)
    return outs


def copy_into(out: Any, host: Any) -> None:
    """Copy host tensor ``host`` into CUDA tensor ``out`` byte for byte (same byte size),
    complete on return."""
    import torch

    flat = out.view(-1).view(torch.uint8) if out.dtype != torch.uint8 else out.view(-1)
    copy_all([flat], [host.reshape(-1).view(torch.uint8)])


# ---------------------------------------------------------------- VRAM registration


def on_cuda(x: Any) -> bool:
    """Whether ``x`` lives on a CUDA device (a torch tensor's ``device.type``)."""
    return getattr(getattr(x, "device", None), "type", None) == "cuda"


def cuda_region(tensor: Any) -> tuple[int, int, int]:
    """``(address, nbytes, device_id)`` of a contiguous CUDA tensor (anything with torch's
    ``data_ptr()``, ``device``, ``nbytes`` and ``is_contiguous()``). Raises ``TypeError`` for a
    CPU or non-contiguous tensor: NIXL registers one flat range."""
    dev = getattr(tensor, "device", None)
    if not on_cuda(tensor):
        raise TypeError(f"need a CUDA tensor, got one on {dev!r}")
    if not tensor.is_contiguous():
        raise TypeError("need a contiguous CUDA tensor (NIXL registers one flat range)")
    addr, nbytes = int(tensor.data_ptr()), int(tensor.nbytes)
    if addr <= 0 or nbytes <= 0:
        raise TypeError(f"CUDA tensor has no memory (data_ptr {addr}, nbytes {nbytes})")
    return addr, nbytes, int(getattr(dev, "index", None) or 0)


def vram_descriptor(
    nixl_metadata: str,
    tensor: Any,
    metadata: Mapping[str, Any] | None,
    content_hash: str | None = None,
) -> dict:
    """The ``Decoded`` descriptor (docs/interop.md) of a uint8 frame batch (``[T, H, W, 3]``)
    or image (``[H, W, C]``) in registered VRAM: ``mem_type`` "Vram" and the tensor's
    ``device_id``, as Dynamo's frontend writes them."""
    addr, nbytes, dev = cuda_region(tensor)
    shape = [int(s) for s in tensor.shape]
    d: dict = {
        "nixl_metadata": nixl_metadata,
        "nixl_descriptor": {"addr": addr, "size": nbytes, "mem_type": "Vram", "device_id": dev},
        "shape": shape,
        "dtype": "UINT8",
        "metadata": dict(metadata) if metadata is not None else None,
    }
    if content_hash is not None:
        d["content_hash"] = content_hash
    return d
