"""Real-world damaged and unusual files: a decoder panic is contained to its own item.

Fixtures in tests/fixtures/robust are small files built with libtiff's tools and Pillow
(see make_robust.py there); every expectation is Pillow's reading of the same bytes.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import fastmedia

ROBUST = Path(__file__).resolve().parent / "fixtures" / "robust"
# libtiff's tiffcp -p separate -t: separate colour planes in 16x16 tiles. The tiff crate
# panics on it (an assertion on the tile buffer size).
PLANAR_TILED = (ROBUST / "planar_tiled_rgb8.tif").read_bytes()
GOOD = (ROBUST.parent / "formats" / "rgb.png").read_bytes()


def test_a_decoder_panic_is_a_decode_error():
    d = fastmedia.Decoder(threads=1)
    with pytest.raises(fastmedia.DecodeError, match="internal panic"):
        d.decode(PLANAR_TILED)
    # The single pool thread survived and decodes the next image.
    assert np.asarray(d.decode(GOOD)).shape[2] == 3


def test_a_panic_stays_in_its_batch_slot():
    d = fastmedia.Decoder(threads=2)
    items = [GOOD, PLANAR_TILED, GOOD, PLANAR_TILED, GOOD]
    res = d.decode_batch(items, return_exceptions=True)
    want = np.asarray(Image.open(ROBUST.parent / "formats" / "rgb.png").convert("RGB"))
    for i, r in enumerate(res):
        if i % 2:
            assert isinstance(r, fastmedia.DecodeError), r
        else:
            np.testing.assert_array_equal(np.asarray(r), want)
    with pytest.raises(fastmedia.DecodeError):
        d.decode_batch(items)


def test_a_contained_panic_prints_nothing():
    code = (
        "import fastmedia, sys\n"
        "d = fastmedia.Decoder(threads=1)\n"
        f"data = open({str(ROBUST / 'planar_tiled_rgb8.tif')!r}, 'rb').read()\n"
        "r = d.decode_batch([data] * 3, return_exceptions=True)\n"
        "assert all(isinstance(x, fastmedia.DecodeError) for x in r), r\n"
        "print('ok')\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "ok"
    assert "panicked" not in p.stderr, p.stderr


def test_a_panic_in_a_frontend_batch_returns_its_chunk():
    from fastmedia._nixl import find_capi_library, nixl_available

    if not (nixl_available() and find_capi_library()):
        pytest.skip("NIXL is not installed: the Frontend cannot start")
    with fastmedia.Frontend(pool_bytes=16 << 20) as fe:
        res = fe.decode_batch([GOOD, PLANAR_TILED, GOOD], return_exceptions=True)
        assert isinstance(res[1], fastmedia.DecodeError)
        assert isinstance(res[0], fastmedia.DecodedMedia)
        assert isinstance(res[2], fastmedia.DecodedMedia)
        for m in (res[0], res[2]):
            m.release()
        assert fe.stats()["pool_bytes_in_use"] == 0
