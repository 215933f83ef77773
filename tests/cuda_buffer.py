"""Device memory from libcuda itself (ctypes; no torch needed on the GPU machine), shaped like
the torch CUDA tensor ``fastmedia._internal.gpu`` takes: ``data_ptr()``, ``device``, ``nbytes``,
``shape``, ``is_contiguous()``. Used by the ``requires_gpu`` tests and benches/bench_gpu.py."""

from __future__ import annotations

import ctypes
import types

import numpy as np


def _driver() -> ctypes.CDLL:
    cu = ctypes.CDLL("libcuda.so.1")
    u64, size = ctypes.c_uint64, ctypes.c_size_t
    cu.cuDevicePrimaryCtxRetain.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int]
    cu.cuCtxSetCurrent.argtypes = [ctypes.c_void_p]
    cu.cuMemAlloc_v2.argtypes = [ctypes.POINTER(u64), size]
    cu.cuMemcpyDtoH_v2.argtypes = [ctypes.c_void_p, u64, size]
    cu.cuMemcpyHtoD_v2.argtypes = [u64, ctypes.c_void_p, size]
    cu.cuMemsetD8_v2.argtypes = [u64, ctypes.c_ubyte, size]
    cu.cuMemFree_v2.argtypes = [u64]
    return cu


def _check(rc: int, what: str) -> None:
    if rc != 0:
        raise RuntimeError(f"{what} failed: CUresult {rc}")


class CudaBuffer:
    """``nbytes`` of zeroed device memory on CUDA device ``index`` (its primary context made
    current on the calling thread). ``free()`` releases it."""

    def __init__(self, nbytes: int, index: int = 0) -> None:
        cu = _driver()
        dev, ctx, ptr = ctypes.c_int(0), ctypes.c_void_p(), ctypes.c_uint64(0)
        _check(cu.cuInit(0), "cuInit")
        _check(cu.cuDeviceGet(ctypes.byref(dev), index), "cuDeviceGet")
        _check(cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
        _check(cu.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
        _check(cu.cuMemAlloc_v2(ctypes.byref(ptr), nbytes), "cuMemAlloc")
        _check(cu.cuMemsetD8_v2(ptr, 0, nbytes), "cuMemsetD8")
        self._cu, self._ptr = cu, ptr.value
        self.nbytes, self.shape = nbytes, (nbytes,)
        self.device = types.SimpleNamespace(type="cuda", index=index)

    def data_ptr(self) -> int:
        return self._ptr

    def is_contiguous(self) -> bool:
        return True

    def copy_from_host(self, src: np.ndarray) -> None:
        """A synchronous host-to-device copy of ``src`` (what ``.cuda()`` does)."""
        assert src.nbytes <= self.nbytes and src.flags.c_contiguous
        _check(self._cu.cuMemcpyHtoD_v2(self._ptr, src.ctypes.data, src.nbytes), "cuMemcpyHtoD")

    def to_host(self) -> np.ndarray:
        out = np.empty(self.nbytes, np.uint8)
        _check(self._cu.cuMemcpyDtoH_v2(out.ctypes.data, self._ptr, self.nbytes), "cuMemcpyDtoH")
        return out

    def free(self) -> None:
        if self._ptr:
            self._cu.cuMemFree_v2(self._ptr)
            self._ptr = 0
