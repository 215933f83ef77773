"""Real-world damaged and unusual files: every one decodes like Pillow, or fails with a typed
error for that item alone; a decoder panic never crosses into Python.

Fixtures in tests/fixtures/robust are small files built with libtiff's tiffcp, tifffile and
Pillow (make_robust.py there); every expectation is Pillow's reading of the same bytes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from conftest import pil_native, pil_rgb

ROBUST = Path(__file__).resolve().parent / "fixtures" / "robust"
TIFFS = sorted(p for p in ROBUST.glob("*.tif") if not p.name.startswith("unsupported_"))
REFUSED = sorted(ROBUST.glob("unsupported_*.tif"))


# ---------------------------------------------------------------- panic containment

# A decoder panic is simulated by fault injection (FASTMEDIA_TEST_PANIC=1 and an input that
# starts with this magic panics inside the decoder call, like a third-party bug would): the
# planar tiled TIFF that made the tiff crate panic now decodes, and no other known input
# panics. The Rust tests contain that real tiff-crate panic.
CONTAINMENT = textwrap.dedent(
    """
    import fastmedia, numpy as np
    from fastmedia._nixl import find_capi_library, nixl_available
    bad = b"FASTMEDIA-TEST-PANIC" + bytes(100)
    good = open(GOOD, "rb").read()
    d = fastmedia.Decoder(threads=1)
    try:
        d.decode(bad)
        raise SystemExit("no error")
    except fastmedia.DecodeError as e:
        assert "internal panic" in str(e), e
    # The only pool thread lived on.
    assert d.decode(good).shape[2] == 3
    d2 = fastmedia.Decoder(threads=2)
    res = d2.decode_batch([good, bad, good, bad, good], return_exceptions=True)
    for i, r in enumerate(res):
        assert isinstance(r, fastmedia.DecodeError) == (i % 2 == 1), (i, r)
    assert all(np.asarray(r).shape == (240, 320, 3) for r in res[::2])
    try:
        d2.decode_batch([good, bad])
        raise SystemExit("no error")
    except fastmedia.DecodeError:
        pass
    if nixl_available() and find_capi_library():
        with fastmedia.Frontend(pool_bytes=16 << 20) as fe:
            res = fe.decode_batch([good, bad, good], return_exceptions=True)
            assert isinstance(res[1], fastmedia.DecodeError), res
            for m in (res[0], res[2]):
                m.release()
            assert fe.stats()["pool_bytes_in_use"] == 0, "a panicked item leaked its chunk"
        print("frontend")
    print("ok")
    """
)


def test_a_decoder_panic_is_a_decode_error_in_its_slot_and_prints_nothing():
    code = f"GOOD = {str(ROBUST.parent / 'formats' / 'rgb.png')!r}\n" + CONTAINMENT
    env = dict(os.environ, FASTMEDIA_TEST_PANIC="1")
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.split()[-1] == "ok", p.stdout
    assert "panicked" not in p.stderr, p.stderr


def test_fault_injection_is_off_by_default():
    with pytest.raises(fastmedia.UnsupportedFormat):
        fastmedia.Decoder(threads=1).decode(b"FASTMEDIA-TEST-PANIC" + bytes(100))


# ---------------------------------------------------------------- TIFF parity


@pytest.mark.parametrize("path", TIFFS, ids=lambda p: p.name)
@pytest.mark.parametrize("channels", ["rgb", "native"])
def test_tiff_variant_matches_pillow(path, channels):
    data = path.read_bytes()
    got = np.asarray(fastmedia.Decoder(threads=1, channels=channels).decode(data))
    want = pil_rgb(data) if channels == "rgb" else pil_native(data)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("path", REFUSED, ids=lambda p: p.name)
def test_tiff_features_we_refuse_name_the_feature(path):
    feature = {
        "unsupported_cielab.tif": "CIELab",
        "unsupported_float32.tif": "floating-point",
        "unsupported_int16.tif": "signed integer",
        "unsupported_g4.tif": "Group 4",
    }[path.name]
    with pytest.raises(fastmedia.UnsupportedFormat, match=feature):
        fastmedia.Decoder(threads=1).decode(path.read_bytes())


def test_tiff_orientation_is_applied_by_default_like_pillow():
    data = (ROBUST / "orientation_6.tif").read_bytes()
    for flag in (False, True):
        got = np.asarray(fastmedia.Decoder(threads=1, exif_orientation=flag).decode(data))
        assert got.shape == (40, 24, 3)
        np.testing.assert_array_equal(got, pil_rgb(data))


def test_truncated_tiff_strip_is_a_decode_error():
    data = (ROBUST / "rgb8_lzw_predictor.tif").read_bytes()
    with pytest.raises(fastmedia.DecodeError):
        fastmedia.Decoder(threads=1).decode(data[: len(data) // 3])
