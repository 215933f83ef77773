"""Real-world damaged and unusual files: every one decodes like Pillow, or fails with a typed
error for that item alone; a decoder panic never crosses into Python.

Fixtures in tests/fixtures/robust are small files built with libtiff's tiffcp, tifffile and
Pillow (make_robust.py there); every expectation is Pillow's reading of the same bytes.
"""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from tests.helpers import pil_native, pil_rgb

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
    from fastmedia.transfer._nixl import find_capi_library, nixl_available
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
        "unsupported_g3.tif": "Group 3",
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


# ---------------------------------------------------------------- JPEG warnings


def _jpeg() -> bytes:
    from PIL import Image

    from tests.helpers import encode, photo_rgb

    return encode(Image.fromarray(photo_rgb(64, 48)), "JPEG", quality=90)


def _segments(j: bytes) -> list[tuple[int, int, int]]:
    """(offset, marker, length) of each header segment up to SOS."""
    out, i = [], 2
    while True:
        m, n = j[i + 1], struct.unpack(">H", j[i + 2 : i + 4])[0]
        out.append((i, m, n))
        if m == 0xDA:
            return out
        i += 2 + n


def _damaged_jpegs() -> dict[str, bytes]:
    j = _jpeg()
    segs = _segments(j)
    app0_end = segs[0][0] + 2 + segs[0][2]
    sof = next(s for s in segs if s[1] == 0xC0)
    sof_end = sof[0] + 2 + sof[2]
    icc = b"ICC_PROFILE\x00" + bytes([2, 1]) + bytes(16)  # chunk 2 of 1, after SOF
    adobe = b"Adobe\x00\x64"  # APP14 cut short of its 12 bytes
    return {
        "junk_before_marker": j[:app0_end] + b"\x00\x11\x22" + j[app0_end:],
        "ff00_in_header": j[:app0_end] + b"\xff\x00" + j[app0_end:],
        "bad_icc_after_sof": j[:sof_end]
        + b"\xff\xe2"
        + struct.pack(">H", len(icc) + 2)
        + icc
        + j[sof_end:],
        "truncated_app14": j[:app0_end]
        + b"\xff\xee"
        + struct.pack(">H", len(adobe) + 2)
        + adobe
        + j[app0_end:],
    }


@pytest.mark.parametrize("name", list(_damaged_jpegs()))
def test_jpeg_warnings_are_not_errors_like_pillow(name):
    data = _damaged_jpegs()[name]
    got = np.asarray(fastmedia.Decoder(threads=1).decode(data))
    np.testing.assert_array_equal(got, pil_rgb(data))


def test_truncated_jpeg_scan_stays_an_error_like_pillow():
    from PIL import Image

    data = _jpeg()
    data = data[: len(data) * 2 // 3]
    with pytest.raises(OSError, match="truncated"):
        Image.open(io.BytesIO(data)).load()
    with pytest.raises(fastmedia.DecodeError, match="Premature end"):
        fastmedia.Decoder(threads=1).decode(data)


# ---------------------------------------------------------------- PNG


def _png_chunks(p: bytes) -> dict[bytes, tuple[int, int]]:
    """First chunk of each type: (offset, data length)."""
    out, i = {}, 8
    while i < len(p):
        n = struct.unpack(">I", p[i : i + 4])[0]
        out.setdefault(p[i + 4 : i + 8], (i, n))
        i += 12 + n
    return out


def _flip_crc(p: bytes, typ: bytes) -> bytes:
    i, n = _png_chunks(p)[typ]
    q = bytearray(p)
    q[i + 8 + n] ^= 0xFF
    return bytes(q)


def test_png_bad_idat_and_iend_crc_are_ignored_like_pillow():
    from PIL import Image

    from tests.helpers import encode, photo_rgb

    good = encode(Image.fromarray(photo_rgb(40, 30)), "PNG")
    for typ in (b"IDAT", b"IEND"):
        data = _flip_crc(good, typ)
        np.testing.assert_array_equal(fastmedia.Decoder(threads=1).decode(data), pil_rgb(data))


def test_png_bad_header_crc_stays_an_error_like_pillow():
    from PIL import Image, UnidentifiedImageError

    from tests.helpers import encode, photo_rgb

    data = _flip_crc(encode(Image.fromarray(photo_rgb(40, 30)), "PNG"), b"IHDR")
    with pytest.raises(UnidentifiedImageError):
        Image.open(io.BytesIO(data))
    with pytest.raises(fastmedia.DecodeError, match="CRC"):
        fastmedia.Decoder(threads=1).decode(data)


def test_png_16bit_grey_with_trns_clips_like_pillow():
    from tests.helpers import png_bytes

    g = np.random.default_rng(0).integers(0, 600, (6, 7)).astype(">u2")
    key = int(g[0, 0])
    data = png_bytes(7, 6, g.tobytes(), color_type=0, depth=16, trns=struct.pack(">H", key))
    np.testing.assert_array_equal(fastmedia.Decoder(threads=1).decode(data), pil_rgb(data))
    # native keeps the tRNS key as alpha (like the `image` crate, as for palette PNGs):
    # grey is Pillow's I;16 clipped at 255, alpha 0 exactly where the key matches.
    la = np.asarray(fastmedia.Decoder(threads=1, channels="native").decode(data))
    np.testing.assert_array_equal(la[:, :, :1], pil_native(data))
    np.testing.assert_array_equal(la[:, :, 1], np.where(g == key, 0, 255))


# ---------------------------------------------------------------- GIF

# GIFs built by hand (Pillow's writer always covers the canvas with the first frame and
# always writes a colour table).


def _gif_lzw(idx: np.ndarray, min_code: int = 8) -> bytes:
    """GIF LZW of literal codes only, with a CLEAR before the code width would grow."""
    clear, eoi = 1 << min_code, (1 << min_code) + 1
    width = min_code + 1
    limit = (1 << width) - (1 << min_code) - 2
    codes, run = [clear], 0
    for v in idx:
        if run == limit:
            codes.append(clear)
            run = 0
        codes.append(int(v))
        run += 1
    codes.append(eoi)
    acc, nbits, out = 0, 0, bytearray()
    for c in codes:
        acc |= c << nbits
        nbits += width
        while nbits >= 8:
            out.append(acc & 255)
            acc >>= 8
            nbits -= 8
    if nbits:
        out.append(acc & 255)
    return bytes(out)


def _gif(sw, sh, frame, x, y, gct=None, lct=None, transparent=None, bg=0) -> bytes:
    """One-frame GIF89a: canvas sw x sh, `frame` (indices) at (x, y), optional tables."""
    fh, fw = frame.shape
    out = bytearray(b"GIF89a" + struct.pack("<HH", sw, sh))
    if gct is not None:
        out += bytes([0x80 | 7, bg, 0]) + bytes(np.asarray(gct, np.uint8).reshape(-1))
    else:
        out += bytes([0, bg, 0])
    if transparent is not None:
        out += b"\x21\xf9\x04\x01\x00\x00" + bytes([transparent]) + b"\x00"
    out += b"\x2c" + struct.pack("<HHHH", x, y, fw, fh)
    if lct is not None:
        out += bytes([0x80 | 7]) + bytes(np.asarray(lct, np.uint8).reshape(-1))
    else:
        out += b"\x00"
    data = _gif_lzw(frame.reshape(-1))
    out += b"\x08"
    for i in range(0, len(data), 255):
        blk = data[i : i + 255]
        out += bytes([len(blk)]) + blk
    return bytes(out + b"\x00;")


_PAL = np.random.default_rng(1).integers(0, 256, (256, 3))
_FRAME = np.random.default_rng(2).integers(0, 256, (10, 20)).astype(np.uint8)
GIFS = {
    "small_first_frame": _gif(40, 30, _FRAME, 5, 7, gct=_PAL),
    "small_first_frame_transparent": _gif(40, 30, _FRAME, 5, 7, gct=_PAL, transparent=3, bg=9),
    "small_first_frame_local_table": _gif(
        40, 30, _FRAME, 5, 7, gct=_PAL, lct=_PAL[::-1], transparent=3
    ),
    "no_colour_table": _gif(20, 10, _FRAME, 0, 0),
    "no_colour_table_small_frame": _gif(40, 30, _FRAME, 5, 7, transparent=200),
}


@pytest.mark.parametrize("name", list(GIFS))
@pytest.mark.parametrize("channels", ["rgb", "native"])
def test_gif_first_frame_matches_pillow(name, channels):
    data = GIFS[name]
    got = np.asarray(fastmedia.Decoder(threads=1, channels=channels).decode(data))
    want = pil_rgb(data) if channels == "rgb" else pil_native(data)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want)


# ---------------------------------------------------------------- BMP

# BMPs built by hand: Pillow writes none of RLE, 16-bit, OS/2 or odd headers.


def _bmp(
    w,
    h,
    pixels: bytes,
    *,
    bits,
    hsize=40,
    compression=0,
    palette=None,
    pad=4,
    masks=None,
    top_down=False,
    planes=1,
    offset=None,
    colors=0,
):
    """A BMP file. `pixels`: the stored pixel data (rows padded as stored, or RLE)."""
    if hsize == 12:
        head = struct.pack("<IHHHH", 12, w, h, planes, bits)
    else:
        hh = (-h) & 0xFFFFFFFF if top_down else h
        head = struct.pack(
            "<IIIHHIIiiII",
            hsize,
            w,
            hh,
            planes,
            bits,
            compression,
            len(pixels),
            2835,
            2835,
            colors,
            0,
        )
        if masks is not None and hsize >= 52:
            head += struct.pack("<IIII", *(list(masks) + [0] * (4 - len(masks))))[: hsize - 40]
        head = head.ljust(hsize, b"\0")
    extra = b""
    if masks is not None and hsize == 40:
        extra = struct.pack("<III", *masks[:3])
    pal = b""
    if palette is not None:
        pal = b"".join(bytes([b, g, r]) + (b"\0" if pad == 4 else b"") for r, g, b in palette)
    start = 14 + len(head) + len(extra) + len(pal)
    off = start if offset is None else offset
    return (
        b"BM"
        + struct.pack("<IHHI", 14 + len(head) + len(extra) + len(pal) + len(pixels), 0, 0, off)
        + head
        + extra
        + pal
        + pixels
    )


def _rows(a: np.ndarray, bits: int, top_down=False) -> bytes:
    """Stored rows of index/byte data (bottom-up unless top_down), padded to 4 bytes."""
    out = []
    for r in a if top_down else a[::-1]:
        if bits >= 8:
            b = r.tobytes()
        else:
            s = "".join(format(int(v), f"0{bits}b") for v in r)
            s += "0" * (-len(s) % 8)
            b = int(s, 2).to_bytes(len(s) // 8, "big")
        out.append(b + b"\0" * (-len(b) % 4))
    return b"".join(out)


def _bmps() -> dict[str, bytes]:
    from PIL import Image

    from tests.helpers import encode, photo_rgb

    rng = np.random.default_rng(3)
    W, H = 13, 7
    pal = [tuple(map(int, v)) for v in rng.integers(0, 256, (256, 3))]
    idx8 = rng.integers(0, 256, (H, W)).astype(np.uint8)
    idx4 = rng.integers(0, 16, (H, W))
    idx1 = rng.integers(0, 2, (H, W))
    p16 = rng.integers(0, 65536, (H, W)).astype("<u2")
    rgb = rng.integers(0, 256, (H, W, 3)).astype(np.uint8)
    bgra = rng.integers(0, 256, (H, W, 4)).astype(np.uint8)
    # RLE8 (13 wide): a run of 5 x index 9, a delta 3 right 1 up (a gap), a run of 2, end of
    # line (a gap); absolute 1 2 3 (+ pad), end of line; a run of 20 (clipped to the row);
    # four more rows; end of bitmap. Gaps are palette entry 0 in Pillow.
    rle8 = bytes.fromhex("0509 00020301 0204 0000 0003010203 00 0000 1407 0000")
    rle8 += bytes.fromhex("0401 0000 0402 0000 0403 0000 0404 0001")
    # RLE4: runs of alternating nibbles, an absolute run of 5 nibbles, one row per line.
    rle4 = bytes.fromhex("059a 0000 0005123450 00 0000 073c 0000 015f 0000 0211 0000 0322")
    rle4 += bytes.fromhex("0000 0233 0b67 0001")
    BMPS = {
        "pil_p8": encode(Image.fromarray(photo_rgb(W, H)).quantize(64), "BMP"),
        "pil_1": encode(Image.fromarray(photo_rgb(W, H)).convert("1"), "BMP"),
        "pil_l": encode(Image.fromarray(photo_rgb(W, H)).convert("L"), "BMP"),
        "pil_rgb": encode(Image.fromarray(photo_rgb(W, H)), "BMP"),
        "p8": _bmp(W, H, _rows(idx8, 8), bits=8, palette=pal),
        "p4": _bmp(W, H, _rows(idx4, 4), bits=4, palette=pal[:16]),
        "p1": _bmp(W, H, _rows(idx1, 1), bits=1, palette=pal[:2]),
        "p8_topdown": _bmp(W, H, _rows(idx8, 8, True), bits=8, palette=pal, top_down=True),
        "os2_v1": _bmp(W, H, _rows(idx8, 8), bits=8, palette=pal, hsize=12, pad=3),
        "os2_v2_64": _bmp(W, H, _rows(idx8, 8), bits=8, palette=pal, hsize=64),
        "planes_0": _bmp(W, H, _rows(idx8, 8), bits=8, palette=pal, planes=0),
        "offset_into_palette": _bmp(W, H, _rows(idx8, 8), bits=8, palette=pal, offset=14 + 40),
        "rgb16_555": _bmp(W, H, _rows(p16, 16), bits=16),
        "rgb16_565": _bmp(
            W, H, _rows(p16, 16), bits=16, compression=3, masks=(0xF800, 0x7E0, 0x1F)
        ),
        "rgb16_565_v4": _bmp(
            W, H, _rows(p16, 16), bits=16, compression=3, masks=(0xF800, 0x7E0, 0x1F), hsize=108
        ),
        "rgb24": _bmp(W, H, _rows(rgb, 24), bits=24),
        "rgb32": _bmp(W, H, _rows(bgra, 32), bits=32),
        "rgba32_bitfields": _bmp(
            W,
            H,
            _rows(bgra, 32),
            bits=32,
            compression=3,
            masks=(0xFF0000, 0xFF00, 0xFF, 0xFF000000),
            hsize=108,
        ),
        "rgba32_abgr": _bmp(
            W,
            H,
            _rows(bgra, 32),
            bits=32,
            compression=3,
            masks=(0xFF000000, 0xFF0000, 0xFF00, 0xFF),
            hsize=56,
        ),
        "rle8": _bmp(W, H, rle8, bits=8, compression=1, palette=pal),
        "rle8_topdown": _bmp(W, H, rle8, bits=8, compression=1, palette=pal, top_down=True),
        "rle4": _bmp(W, H, rle4, bits=4, compression=2, palette=pal[:16]),
        "rle8_short": _bmp(W, H, rle8[:10] + bytes([0, 1]), bits=8, compression=1, palette=pal),
    }
    return BMPS


BMPS = _bmps()
BMP_REFUSED_BY_BOTH = {"rle8_short"}  # RLE ends early: Pillow "not enough image data"


@pytest.mark.parametrize("name", sorted(set(BMPS) - BMP_REFUSED_BY_BOTH))
@pytest.mark.parametrize("channels", ["rgb", "native"])
def test_bmp_variant_matches_pillow(name, channels):
    data = BMPS[name]
    got = np.asarray(fastmedia.Decoder(threads=1, channels=channels).decode(data))
    want = pil_rgb(data) if channels == "rgb" else pil_native(data)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want)


def test_bmp_rle_that_ends_early_is_an_error_like_pillow():
    data = BMPS["rle8_short"]
    with pytest.raises(ValueError, match="not enough image data"):
        pil_rgb(data)
    with pytest.raises(fastmedia.DecodeError, match="RLE data ends"):
        fastmedia.Decoder(threads=1).decode(data)


def test_mutated_bmps_and_gifs_fail_cleanly():
    """Random damage to the hand-built files: an image or a typed error, never a panic."""
    rng = np.random.default_rng(11)
    d = fastmedia.Decoder(threads=2)
    items = []
    for data in list(BMPS.values()) + list(GIFS.values()):
        for _ in range(40):
            m = bytearray(data)
            for i in rng.integers(0, len(m), rng.integers(1, 6)):
                m[i] = int(rng.integers(0, 256))
            if rng.random() < 0.3:
                m = m[: int(rng.integers(1, len(m)))]
            items.append(bytes(m))
    for r in d.decode_batch(items, return_exceptions=True):
        if isinstance(r, Exception):
            assert isinstance(r, fastmedia.FastmediaError), r
            assert "internal panic" not in str(r), r
