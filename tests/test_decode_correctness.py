"""Pixels against Pillow: every corpus file and generated images of every mode.

Lossless formats must match Pillow exactly. JPEG is compared per file (mean absolute
difference and max), printed as a table and bounded: the libjpeg-turbo fast path uses the
same IDCT and upsampling as Pillow, and CMYK/YCCK converted with Pillow's own formula (0
difference); 12-bit and lossless JPEGs go through the `image` crate's decoder (zune-jpeg)
and may differ by a few levels.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

import fastmedia
from tests.helpers import (
    CORPUS,
    corpus_files,
    diff_stats,
    encode,
    file_id,
    hwc,
    photo_rgb,
    pil_native,
    pil_open,
    pil_rgb,
    png16,
    png_bytes,
    png_lowbit,
)

JPEG_SUFFIXES = (".jpg", ".jpeg")
# Bounds for lossy JPEG vs Pillow. libjpeg-turbo path (8-bit, CMYK included): 0; zune-jpeg
# path (12-bit, lossless): a few levels. A real colour/upsampling bug gives mean >> 1.
JPEG_MEAN_BOUND = 1.0
JPEG_MAX_BOUND = 8

ALL_FILES = corpus_files()
_JPEG_TABLE: dict[str, tuple[tuple[int, ...], float, int]] = {}


def _is_jpeg(p) -> bool:
    return p.suffix.lower() in JPEG_SUFFIXES


def test_corpus_is_present():
    # The fixtures hold 24 images; a corpus given by FASTMEDIA_CORPUS must hold at least those.
    assert len(ALL_FILES) >= 24, (CORPUS, len(ALL_FILES))
    assert {p.parent.name for p in ALL_FILES} >= {"formats", "jpeg_640x480", "png_512x512_rgba"}


@pytest.mark.parametrize("path", ALL_FILES, ids=file_id)
def test_corpus_rgb_matches_pillow(path, dec):
    data = path.read_bytes()
    got = dec.decode(data)
    ref = pil_rgb(data)
    assert got.shape == ref.shape and got.dtype == np.uint8
    if _is_jpeg(path):
        mean, mx = diff_stats(got, ref)
        _JPEG_TABLE[file_id(path)] = (got.shape, mean, mx)
        print(f"[jpeg-diff] {file_id(path):45s} {got.shape} mean={mean:.4f} max={mx}")
        assert mean <= JPEG_MEAN_BOUND and mx <= JPEG_MAX_BOUND, (file_id(path), mean, mx)
        if pil_open(data).mode in ("RGB", "L", "CMYK"):
            # 8-bit JPEGs take the libjpeg-turbo path: identical to Pillow.
            assert mx == 0, f"{file_id(path)}: libjpeg-turbo path differs from Pillow (max {mx})"
    else:
        np.testing.assert_array_equal(got, ref, err_msg=file_id(path))


@pytest.mark.parametrize("path", ALL_FILES, ids=file_id)
def test_corpus_native_matches_pillow(path, dec_native):
    data = path.read_bytes()
    got = dec_native.decode(data)
    ref = pil_native(data)
    assert got.shape == ref.shape, (file_id(path), pil_open(data).mode, got.shape, ref.shape)
    mean, mx = diff_stats(got, ref)
    if _is_jpeg(path):
        assert mean <= JPEG_MEAN_BOUND and mx <= JPEG_MAX_BOUND, (file_id(path), mean, mx)
    else:
        assert mx == 0, (file_id(path), mean, mx)


def test_jpeg_diff_table(dec):
    """Prints the per-file JPEG table (mean |diff|, max) and checks the fast path is exact."""
    rows = []
    for p in ALL_FILES:
        if not _is_jpeg(p):
            continue
        data = p.read_bytes()
        mean, mx = diff_stats(dec.decode(data), pil_rgb(data))
        rows.append((file_id(p), pil_open(data).mode, mean, mx))
    print("\nJPEG vs Pillow (channels=rgb)")
    print(f"{'file':45s} {'mode':5s} {'mean|d|':>8s} {'max':>4s}")
    for name, mode, mean, mx in rows:
        print(f"{name:45s} {mode:5s} {mean:8.4f} {mx:4d}")
    exact = sum(1 for r in rows if r[3] == 0)
    print(f"{exact}/{len(rows)} JPEGs pixel-identical to Pillow")
    assert rows, "no JPEGs in the corpus"
    assert all(r[3] == 0 for r in rows if r[1] in ("RGB", "L")), rows
    assert all(r[2] <= JPEG_MEAN_BOUND and r[3] <= JPEG_MAX_BOUND for r in rows), rows


# ------------------------------------------------------------------ generated images

_RGB = photo_rgb(96, 64, seed=3)
_IM = Image.fromarray(_RGB)
_RNG = np.random.default_rng(11)
_RGBA = Image.fromarray(
    np.dstack([_RGB, _RNG.integers(0, 256, _RGB.shape[:2], dtype=np.uint8)]), "RGBA"
)
_PAL = _IM.convert("P", palette=Image.ADAPTIVE, colors=32)


def _generated() -> dict[str, tuple[bytes, int]]:
    """name -> (encoded bytes, expected native channel count)."""
    rng = np.random.default_rng(5)
    plte4 = bytes(rng.integers(0, 256, 48, dtype=np.uint8))
    return {
        "png_L": (encode(_IM.convert("L"), "PNG"), 1),
        "png_LA": (encode(_IM.convert("LA"), "PNG"), 2),
        "png_RGB": (encode(_IM, "PNG"), 3),
        "png_RGBA": (encode(_RGBA, "PNG"), 4),
        "png_P": (encode(_PAL, "PNG"), 3),
        "png_P_trns_index": (encode(_PAL, "PNG", transparency=3), 4),
        "png_P_trns_table": (encode(_PAL, "PNG", transparency=bytes(range(0, 256, 8))), 4),
        "png_1bit": (encode(_IM.convert("1"), "PNG"), 1),
        "png_gray1_writer": (png_lowbit(rng.integers(0, 2, (9, 13)), 1), 1),
        "png_gray2_writer": (png_lowbit(rng.integers(0, 4, (9, 13)), 2), 1),
        "png_gray4_writer": (png_lowbit(rng.integers(0, 16, (9, 13)), 4), 1),
        "png_pal2": (png_lowbit(rng.integers(0, 4, (9, 13)), 2, color_type=3, plte=plte4[:12]), 3),
        "png_pal4_trns": (
            png_lowbit(
                rng.integers(0, 16, (9, 13)), 4, color_type=3, plte=plte4, trns=bytes([0, 128, 255])
            ),
            4,
        ),
        "png_gray_trns": (
            png_bytes(4, 2, bytes(range(8)), color_type=0, depth=8, trns=b"\x00\x03"),
            2,
        ),
        "png_rgb_trns": (
            png_bytes(
                2, 2, bytes(range(12)), color_type=2, depth=8, trns=b"\x00\x00\x00\x01\x00\x02"
            ),
            4,
        ),
        "png_I16": (png16(rng.integers(0, 65536, (40, 50))), 1),
        "png_I16_low": (png16(rng.integers(0, 600, (40, 50))), 1),
        "png_I16_pillow": (
            encode(Image.fromarray(np.asarray(_IM.convert("L"), np.uint16) * 3), "PNG"),
            1,
        ),
        "png_RGB16": (png16(rng.integers(0, 65536, (40, 50, 3))), 3),
        "png_RGBA16": (png16(rng.integers(0, 65536, (40, 50, 4))), 4),
        "png_LA16": (png16(rng.integers(0, 65536, (40, 50, 2))), 2),
        "bmp_RGB": (encode(_IM, "BMP"), 3),
        "bmp_RGBA": (encode(_RGBA, "BMP"), 3),
        "bmp_P": (encode(_PAL, "BMP"), 3),
        "bmp_L": (encode(_IM.convert("L"), "BMP"), 3),
        "bmp_1bit": (encode(_IM.convert("1"), "BMP"), 3),
        "tiff_RGB": (encode(_IM, "TIFF"), 3),
        "tiff_RGBA": (encode(_RGBA, "TIFF"), 4),
        "tiff_L": (encode(_IM.convert("L"), "TIFF"), 1),
        "tiff_1bit": (encode(_IM.convert("1"), "TIFF"), 1),
        "tiff_lzw": (encode(_IM, "TIFF", compression="tiff_lzw"), 3),
        "tiff_deflate": (encode(_IM, "TIFF", compression="tiff_adobe_deflate"), 3),
        "gif_P": (encode(_PAL, "GIF"), 4),
        "gif_P_transparency": (encode(_PAL, "GIF", transparency=3), 4),
        "gif_L": (encode(_IM.convert("L"), "GIF"), 4),
        "webp_lossless_RGB": (encode(_IM, "WEBP", lossless=True), 3),
        "webp_lossless_RGBA": (encode(_RGBA, "WEBP", lossless=True), 4),
        "webp_lossy_RGB": (encode(_IM, "WEBP", quality=90), 3),
        "webp_lossy_RGBA": (encode(_RGBA, "WEBP", quality=90), 4),
    }


GENERATED = _generated()
GENERATED_JPEG = {
    "jpeg_L": encode(_IM.convert("L"), "JPEG"),
    "jpeg_420": encode(_IM, "JPEG", quality=90),
    "jpeg_422": encode(_IM, "JPEG", subsampling=1),
    "jpeg_444": encode(_IM, "JPEG", subsampling=0),
    "jpeg_progressive": encode(_IM, "JPEG", progressive=True),
    "jpeg_odd_size": encode(Image.fromarray(photo_rgb(37, 23, seed=9)), "JPEG"),
    "jpeg_CMYK": encode(_IM.convert("CMYK"), "JPEG"),
}


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_rgb_exact(name, dec):
    data, _ = GENERATED[name]
    np.testing.assert_array_equal(dec.decode(data), pil_rgb(data), err_msg=name)


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_native_exact(name, dec_native):
    """Native channel count per source (what the `image` crate gives, as Dynamo sends):

    * gray / 1-bit / 2- and 4-bit gray / 16-bit gray -> 1; gray+alpha -> 2; RGB -> 3; RGBA -> 4.
    * PNG palette -> 3 (RGB); with a tRNS chunk -> 4. PNG gray or RGB with tRNS -> alpha
      is added (2 or 4), like Pillow's ``convert("LA"/"RGBA")`` of an image with
      ``info["transparency"]``.
    * GIF (palette) -> always 4 (RGBA), transparency index as alpha 0.
    * BMP palette (8-bit, gray and 1-bit too) -> 3; 32-bit BMP -> 3 (Pillow reads it as RGB).
    * TIFF gray / 1-bit -> 1, RGB -> 3, RGBA -> 4. WebP -> 3 or 4.
    """
    data, channels = GENERATED[name]
    got = dec_native.decode(data)
    assert got.ndim == 3 and got.shape[2] == channels, (name, got.shape)
    im = pil_open(data)
    if name == "png_LA16":
        # Pillow opens 16-bit gray+alpha as RGBA (R=G=B, high bytes); native keeps 2 channels.
        ref = np.asarray(im)[:, :, [0, 3]]
    elif name in ("png_gray_trns", "png_rgb_trns"):
        ref = hwc(np.asarray(im.convert("LA" if channels == 2 else "RGBA")))
    else:
        ref = pil_native(data)
    np.testing.assert_array_equal(got, ref, err_msg=name)


def test_sixteen_bit_png_behaviour(dec, dec_native):
    """16-bit PNGs, documented:

    * 16-bit **gray** (Pillow mode ``I;16``): each sample is *clipped* to 255, not scaled
      (Pillow's ``convert("L")``/``convert("RGB")`` does this). So a 16-bit gray PNG holding
      full-range data decodes almost white; values 0..255 survive unchanged.
    * 16-bit **RGB / RGBA / gray+alpha**: the high byte of each sample (``v >> 8``), as
      Pillow's 16-bit unpackers do.
    """
    g = np.array([[0, 1, 200, 255], [256, 1000, 65280, 65535]], dtype=np.uint16)
    data = png16(g)
    clipped = np.minimum(g, 255).astype(np.uint8)
    np.testing.assert_array_equal(dec_native.decode(data)[:, :, 0], clipped)
    np.testing.assert_array_equal(dec.decode(data), np.repeat(clipped[:, :, None], 3, 2))
    np.testing.assert_array_equal(dec.decode(data), pil_rgb(data))

    rgba = np.array([[[0x1234, 0xFF00, 0x00FF, 0x8001], [65535, 0, 256, 255]]], dtype=np.uint16)
    data = png16(rgba)
    np.testing.assert_array_equal(dec_native.decode(data), (rgba >> 8).astype(np.uint8))
    np.testing.assert_array_equal(dec_native.decode(data), np.asarray(pil_open(data)))
    np.testing.assert_array_equal(
        dec.decode(png16(rgba[:, :, :3])), (rgba[:, :, :3] >> 8).astype(np.uint8)
    )


@pytest.mark.parametrize("name", sorted(GENERATED_JPEG))
def test_generated_jpeg_close_to_pillow(name, dec, dec_native):
    data = GENERATED_JPEG[name]
    got, ref = dec.decode(data), pil_rgb(data)
    mean, mx = diff_stats(got, ref)
    print(f"[jpeg-diff] generated/{name} mean={mean:.4f} max={mx}")
    assert got.shape == ref.shape
    assert mx == 0, (name, mean, mx)
    n = dec_native.decode(data)
    assert n.shape == pil_native(data).shape
    assert n.shape[2] == (1 if name == "jpeg_L" else 3)


def test_palette_and_grey_alpha_tiff_match_pillow(dec, dec_native):
    """Palette and grey+alpha TIFF, which the `image` crate refused, decode like Pillow."""
    for im in (_PAL, _IM.convert("LA")):
        data = encode(im, "TIFF")
        np.testing.assert_array_equal(dec.decode(data), pil_rgb(data))
        np.testing.assert_array_equal(dec_native.decode(data), pil_native(data))


def test_animated_gif_gives_first_frame(dec):
    frames = [
        Image.fromarray(photo_rgb(40, 30, seed=s)).convert("P", palette=Image.ADAPTIVE)
        for s in range(3)
    ]
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], duration=50)
    data = buf.getvalue()
    got = dec.decode(data)
    np.testing.assert_array_equal(got, pil_rgb(data))  # Pillow opens at frame 0
    second = Image.open(io.BytesIO(data))
    second.seek(1)
    assert not np.array_equal(got, np.asarray(second.convert("RGB")))


# ------------------------------------------------------------------ EXIF orientation


def _oriented(orientation: int, fmt: str, gray: bool = False) -> bytes:
    ex = Image.Exif()
    ex[0x0112] = orientation
    src = _IM.convert("L") if gray else _IM
    kw = {"lossless": True} if fmt == "WEBP" else {}
    return encode(src, fmt, exif=ex.tobytes(), **kw)


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP", "TIFF"])
@pytest.mark.parametrize("orientation", range(1, 9))
def test_exif_orientation(orientation, fmt):
    data = _oriented(orientation, fmt)
    on = fastmedia.Decoder(threads=1, exif_orientation=True)
    off = fastmedia.Decoder(threads=1, exif_orientation=False)
    want_on, want_off = pil_rgb(data, exif_transpose=True), pil_rgb(data)
    if fmt == "TIFF":
        # Pillow applies a TIFF's Orientation tag while loading (TiffImagePlugin.load_end),
        # and so does fastmedia, whatever exif_orientation says (docs/images.md, format table).
        want_off = want_on
    got_on, got_off = on.decode(data), off.decode(data)
    assert got_on.shape == want_on.shape and got_off.shape == want_off.shape
    if orientation in (5, 6, 7, 8) and fmt != "TIFF":
        assert got_on.shape[:2] == got_off.shape[1::-1]
    # JPEG too: libjpeg-turbo decodes (as in Pillow), then fastmedia rotates: exact.
    np.testing.assert_array_equal(got_on, want_on)
    np.testing.assert_array_equal(got_off, want_off)


def test_exif_orientation_gray_native():
    data = _oriented(6, "JPEG", gray=True)
    got = fastmedia.Decoder(threads=1, channels="native", exif_orientation=True).decode(data)
    ref = pil_native(data, exif_transpose=True)
    assert got.shape == ref.shape == (96, 64, 1)
    np.testing.assert_array_equal(got, ref)


def test_corpus_exif_orientation_6(corpus):
    data = (corpus / "formats" / "exif_orientation_6.jpg").read_bytes()
    got = fastmedia.Decoder(threads=1, exif_orientation=True).decode(data)
    raw = fastmedia.Decoder(threads=1).decode(data)
    want = pil_rgb(data, exif_transpose=True)
    assert got.shape == want.shape == (raw.shape[1], raw.shape[0], 3)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(raw, pil_rgb(data))
