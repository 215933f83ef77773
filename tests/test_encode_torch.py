"""Encoder inputs as real torch tensors (issue 21): CPU tensors of every layout and float
dtype a pipeline emits give the same bytes as the numpy array of the same values; a
contiguous uint8 tensor is read without a copy; tensors off the CPU get a typed error.

torch is not in the main venv: there every test skips with its reason. .ci/test runs this
file in .venv-embed (CPU torch) with FASTMEDIA_EXPECT_TORCH=1, where a missing torch fails."""

from __future__ import annotations

import os

import numpy as np
import pytest

from fastmedia import DecodeError, Encoder
from fastmedia.media._frames import _to_numpy

try:
    import torch
except ImportError:
    torch = None
    if os.environ.get("FASTMEDIA_EXPECT_TORCH"):
        raise

pytestmark = pytest.mark.skipif(torch is None, reason="torch is not installed in this venv")


@pytest.fixture(scope="module")
def enc():
    e = Encoder(threads=2)
    yield e
    e.close()


def frames_u8(t: int = 6, h: int = 48, w: int = 64) -> np.ndarray:
    """Smooth moving gradients plus a little noise, [T, H, W, 3] uint8."""
    rng = np.random.default_rng(7)
    yy, xx = np.mgrid[0:h, 0:w]
    out = [
        np.stack([xx * 4 + i, yy * 5 - i, (xx + yy) * 2 + 3 * i], -1)
        + rng.integers(0, 3, (h, w, 3))
        for i in range(t)
    ]
    return np.clip(out, 0, 255).astype(np.uint8)


def test_contiguous_uint8_tensor_is_read_in_place():
    t = torch.from_numpy(frames_u8())
    a = _to_numpy(t)
    assert a.ctypes.data == t.data_ptr()  # the tensor's own memory, no copy


def test_uint8_tensor_video_and_image_equal_numpy(enc):
    f = frames_u8()
    t = torch.from_numpy(f.copy())
    assert enc.encode_video(t).data == enc.encode_video(f).data
    assert enc.encode_image(t[0]).data == enc.encode_image(f[0]).data
    assert enc.encode_image(t[1], format="jpeg").data == enc.encode_image(f[1], format="jpeg").data


def test_float_tensors_convert_as_dynamo(enc):
    """float32 in [0, 1] and in [-1, 1] give the bytes of Dynamo's frames_to_numpy
    expression run on the same values, computed by torch here."""
    f = frames_u8()
    x = torch.from_numpy(f).float() / 255.0
    want = (x * 255).round().clamp(0, 255).to(torch.uint8).numpy()
    assert enc.encode_video(x).data == enc.encode_video(want).data
    signed = x * 2 - 1
    want_s = ((signed + 1) / 2 * 255).round().clamp(0, 255).to(torch.uint8).numpy()
    got = enc.encode_video(signed, value_range=(-1, 1)).data
    assert got == enc.encode_video(want_s).data
    png = enc.encode_image(x[0]).data
    assert png == enc.encode_image(want[0]).data


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float64"])
def test_other_float_dtypes(enc, dtype):
    """Half precision (bfloat16 via float32, which numpy lacks) and float64 give the bytes of
    their values rounded as numpy would."""
    x = (torch.from_numpy(frames_u8(t=3)).double() / 255.0).to(getattr(torch, dtype))
    ref = x.float().numpy() if dtype == "bfloat16" else x.numpy()
    want = (ref * 255).round().clip(0, 255).astype(np.uint8)
    assert enc.encode_video(x).data == enc.encode_video(want).data


def test_layouts_and_strided_tensors(enc):
    """[T, 3, H, W] and diffusers' [1, 3, T, H, W] (as permuted, non-contiguous views of the
    same tensor, and contiguous) encode to the bytes of [T, H, W, 3]."""
    f = frames_u8()
    thwc = torch.from_numpy(f).float() / 255.0
    want = enc.encode_video(thwc).data
    tchw = thwc.permute(0, 3, 1, 2)
    bcthw = thwc.permute(3, 0, 1, 2).unsqueeze(0)
    assert not tchw.is_contiguous() and not bcthw.is_contiguous()
    assert enc.encode_video(tchw, layout="TCHW").data == want
    assert enc.encode_video(tchw.contiguous(), layout="TCHW").data == want
    assert enc.encode_video(bcthw, layout="BCTHW").data == want
    assert enc.encode_video(bcthw.contiguous(), layout="BCTHW").data == want
    # strided uint8 (every other frame) too
    u8 = torch.from_numpy(f)
    assert enc.encode_video(u8[::2]).data == enc.encode_video(f[::2].copy()).data


def test_grad_tensors_and_batches(enc):
    x = (torch.from_numpy(frames_u8(t=4)).float() / 255.0).requires_grad_(True)
    y = x * 1.0  # a tensor in the autograd graph, as a pipeline's output can be
    assert enc.encode_video(y).data == enc.encode_video(x.detach().numpy()).data
    outs = enc.encode_video_batch([y, x.detach()[:2]])
    assert outs[0].data == enc.encode_video(x.detach().numpy()).data
    assert outs[1].info["frames"] == 2
    imgs = enc.encode_image_batch([y[0], y[1]], format="png")
    assert [i.data for i in imgs] == [enc.encode_image(y[i].detach()).data for i in (0, 1)]


def test_tensor_off_the_cpu_is_a_typed_error(enc):
    """A tensor on another device (torch's 'meta' device stands in for CUDA, which this
    machine lacks) gets DecodeError naming the device, not a crash or a silent copy."""
    m = torch.empty((2, 16, 16, 3), dtype=torch.uint8, device="meta")
    with pytest.raises(DecodeError, match="meta"):
        enc.encode_video(m)
    with pytest.raises(DecodeError, match="meta"):
        enc.encode_image(m[0])


def test_bad_tensor_dtype_is_a_typed_error(enc):
    with pytest.raises(DecodeError, match="int32"):
        enc.encode_video(torch.zeros((2, 16, 16, 3), dtype=torch.int32))
    x = torch.full((2, 16, 16, 3), float("nan"))
    with pytest.raises(DecodeError):
        enc.encode_video(x)
