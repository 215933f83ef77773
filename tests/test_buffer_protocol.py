"""The buffer protocol of every exporter (decoded pixels, clips, audio samples, and the
Frontend's registered media): a request's contiguity flags are checked against the layout,
and refused where numpy refuses them (with ``BufferError``, as the buffer protocol asks; numpy
raises ``ValueError``), so a consumer that trusts ``PyBUF_F_CONTIGUOUS`` never reads C-ordered
items in the wrong order."""

from __future__ import annotations

import ctypes
import io

import numpy as np
import pytest
import soundfile as sf

import fastmedia
from tests.helpers import CORPUS
from tests.videos import have_ffmpeg, make_clips

PyBUF_SIMPLE = 0
PyBUF_FORMAT = 0x0004
PyBUF_ND = 0x0008
PyBUF_STRIDES = 0x0010 | PyBUF_ND
PyBUF_C_CONTIGUOUS = 0x0020 | PyBUF_STRIDES
PyBUF_F_CONTIGUOUS = 0x0040 | PyBUF_STRIDES
PyBUF_ANY_CONTIGUOUS = 0x0080 | PyBUF_STRIDES
PyBUF_RECORDS_RO = PyBUF_STRIDES | PyBUF_FORMAT


class Py_buffer(ctypes.Structure):
    _fields_ = [
        ("buf", ctypes.c_void_p),
        ("obj", ctypes.c_void_p),
        ("len", ctypes.c_ssize_t),
        ("itemsize", ctypes.c_ssize_t),
        ("readonly", ctypes.c_int),
        ("ndim", ctypes.c_int),
        ("format", ctypes.c_char_p),
        ("shape", ctypes.POINTER(ctypes.c_ssize_t)),
        ("strides", ctypes.POINTER(ctypes.c_ssize_t)),
        ("suboffsets", ctypes.POINTER(ctypes.c_ssize_t)),
        ("internal", ctypes.c_void_p),
    ]


_get = ctypes.pythonapi.PyObject_GetBuffer
_get.argtypes = [ctypes.py_object, ctypes.POINTER(Py_buffer), ctypes.c_int]
_get.restype = ctypes.c_int
_release = ctypes.pythonapi.PyBuffer_Release
_release.argtypes = [ctypes.POINTER(Py_buffer)]
_release.restype = None


def request(obj, flags: int) -> tuple[int, int] | None:
    """PyObject_GetBuffer(obj, flags): (ndim, itemsize) of the view, released at once.
    Raises BufferError when the exporter refuses."""
    view = Py_buffer()
    _get(obj, ctypes.byref(view), flags)
    try:
        return view.ndim, view.itemsize
    finally:
        _release(ctypes.byref(view))


def exporter(arr: np.ndarray):
    """The object whose buffer ``arr`` views (numpy keeps it as the array's base)."""
    base = arr
    while isinstance(base, np.ndarray):
        base = base.base
    return base.obj if isinstance(base, memoryview) else base


def check_layout(
    obj, c_contiguous: bool, f_contiguous: bool, refusal: type[Exception] = BufferError
) -> None:
    """Every contiguity request succeeds or fails as the layout says (numpy's rules)."""
    assert request(obj, PyBUF_RECORDS_RO) is not None
    for flags, ok in [
        (PyBUF_C_CONTIGUOUS | PyBUF_FORMAT, c_contiguous),
        (PyBUF_F_CONTIGUOUS | PyBUF_FORMAT, f_contiguous),
        (PyBUF_ANY_CONTIGUOUS | PyBUF_FORMAT, c_contiguous or f_contiguous),
    ]:
        if ok:
            assert request(obj, flags) is not None
        else:
            with pytest.raises(refusal, match="not"):
                request(obj, flags)


def test_numpy_agrees_with_these_rules():
    """The reference: numpy refuses F for C-ordered multi-dim data, and 1-D is both."""
    check_layout(np.zeros((4, 5, 3), np.uint8), True, False, ValueError)
    check_layout(np.zeros(7, np.float32), True, True)
    check_layout(np.zeros((1, 1, 3), np.uint8), True, True)  # one non-unit dimension


def test_decoded_image_refuses_fortran_requests():
    dec = fastmedia.Decoder()
    arr = dec.decode((CORPUS / "formats" / "rgb.png").read_bytes())
    assert arr.ndim == 3 and arr.shape[0] > 1 and arr.shape[1] > 1
    check_layout(exporter(arr), True, False)
    gray = dec.decode((CORPUS / "formats" / "gray.png").read_bytes())
    check_layout(exporter(gray), True, False)  # [H, W, 1] is still 2-D in memory


@pytest.mark.skipif(not have_ffmpeg(), reason="THE ffmpeg CLI IS MISSING (apt)")
def test_video_clip_refuses_fortran_requests(tmp_path):
    src = {"c.avi": ("testsrc2=size=64x48:rate=10:duration=1", ["-c:v", "mpeg4"])}
    clip = make_clips(tmp_path, src)["c.avi"]
    frames = fastmedia.Decoder().decode_video(clip.read_bytes(), num_frames=4).frames
    assert frames.ndim == 4
    check_layout(exporter(frames), True, False)


def wav(channels: int) -> bytes:
    t = np.arange(800) / 8000
    x = np.stack([np.sin(2 * np.pi * (200 + 50 * c) * t) for c in range(channels)], 1)
    out = io.BytesIO()
    sf.write(out, (0.5 * x).astype(np.float32), 8000, format="WAV", subtype="FLOAT")
    return out.getvalue()


def test_audio_samples_two_dims_c_only_one_dim_both():
    dec = fastmedia.Decoder()
    stereo = dec.decode_audio(wav(2), mono=False).samples
    assert stereo.shape == (2, 800)
    check_layout(exporter(stereo), True, False)
    mono = dec.decode_audio(wav(2)).samples
    assert mono.ndim == 1
    check_layout(exporter(mono), True, True)


@pytest.mark.requires_nixl
def test_frontend_media_refuse_fortran_requests_and_keep_no_pin():
    with fastmedia.Frontend(pool_bytes=64 << 20) as fe:
        m = fe.decode((CORPUS / "formats" / "rgb.png").read_bytes())
        check_layout(m._m, True, False)
        au = fe.decode_audio(wav(2), mono=False)
        assert tuple(au._m.shape) == (800, 2)
        check_layout(au._m, True, False)
        # A refused request leaves no pin behind: the leases end, and their chunks are free.
        assert m.release() and au.release()
        s = fe.stats()
        assert s["leases_live"] == 0 and s["pool_bytes_in_use"] == 0, s
