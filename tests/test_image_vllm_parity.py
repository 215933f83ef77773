"""Images exactly as vLLM 0.33.0's ``fetch_image`` loads them, with Pillow as the oracle.

vLLM (multimodal/media/image.py, multimodal/image.py) opens the image, applies
``ImageOps.exif_transpose`` (errors suppressed), and, for ``image_mode="RGB"``, pastes any
image with transparency onto ``rgba_background_color`` with its alpha as the mask before
taking RGB. ``Decoder(exif_orientation=True, background=...)`` must give those pixels
bit-exactly; without ``background`` the output stays Pillow's ``.convert("RGB")``.
"""

from __future__ import annotations

import contextlib
import io
import struct
import warnings
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageOps, PngImagePlugin, TiffImagePlugin

import fastmedia
from fastmedia.errors import ConfigError
from tests.helpers import CORPUS, FIXTURES

WHITE = (255, 255, 255)
BACKGROUNDS = [WHITE, (0, 0, 0), (17, 140, 230)]


# ---------------------------------------------------------------- the oracle: vLLM's steps


def _has_transparency(image: Image.Image) -> bool:
    # vllm/multimodal/image.py::_has_transparency
    if image.mode in ("RGBA", "LA", "PA"):
        return True
    return "transparency" in getattr(image, "info", {})


def vllm_rgb(data: bytes, background: tuple[int, int, int] = WHITE) -> np.ndarray:
    """open_image, normalize_image, convert_image_mode(image, "RGB", background)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        image = Image.open(io.BytesIO(data))
        with contextlib.suppress(Exception):
            image = ImageOps.exif_transpose(image)
        image.load()
        if _has_transparency(image):
            if image.mode != "RGBA":
                image = image.convert("RGBA")
            converted = Image.new("RGB", image.size, background)
            converted.paste(image, mask=image.split()[3])
            return np.asarray(converted)
        return np.asarray(image.convert("RGB"))


def pillow_rgb(data: bytes) -> np.ndarray:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


_DECODERS: dict[object, fastmedia.Decoder] = {}


def fm(data: bytes, background: tuple[int, int, int] | None, exif: bool = True) -> np.ndarray:
    key = (background, exif)
    if key not in _DECODERS:
        _DECODERS[key] = fastmedia.Decoder(threads=1, exif_orientation=exif, background=background)
    return _DECODERS[key].decode(data)


# ---------------------------------------------------------------- generated images


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def raw_png(
    w: int, h: int, depth: int, colour: int, rows: list[bytes], extra: bytes = b""
) -> bytes:
    """A PNG built by hand (Pillow writes no 16-bit RGBA/LA or low-bit grey with tRNS)."""
    ihdr = struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, 0)
    idat = zlib.compress(b"".join(b"\0" + r for r in rows))
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", ihdr)
        + extra
        + _chunk(b"IDAT", idat)
        + _chunk(b"IEND", b"")
    )


def _rng() -> np.random.Generator:
    return np.random.default_rng(33)


def rgba_pixels(h: int = 16, w: int = 16) -> np.ndarray:
    """Random colours; alpha runs through every value 0..255 (and repeats)."""
    a = _rng().integers(0, 256, (h, w, 4), dtype=np.uint8)
    a[..., 3] = (np.arange(h * w) % 256).reshape(h, w)
    return a


def save(im: Image.Image, fmt: str, **kw) -> bytes:
    b = io.BytesIO()
    im.save(b, fmt, **kw)
    return b.getvalue()


def transparent_images() -> dict[str, bytes]:
    rng = _rng()
    rgba = Image.fromarray(rgba_pixels(), "RGBA")
    la = rgba.convert("LA")
    pal = Image.fromarray(rng.integers(0, 16, (12, 10), dtype=np.uint8), "P")
    pal.putpalette(list(rng.integers(0, 256, 48, dtype=np.uint8)))
    rgb = Image.fromarray(rng.integers(0, 4, (9, 11, 3), dtype=np.uint8) * 60, "RGB")
    grey = Image.fromarray(rng.integers(0, 4, (9, 11), dtype=np.uint8) * 60, "L")
    out = {
        "rgba.png": save(rgba, "PNG"),
        "rgba.webp": save(rgba, "WEBP", lossless=True),
        "rgba_lossy.webp": save(rgba, "WEBP", quality=80),
        "rgba.tiff": save(rgba, "TIFF"),
        "rgba.bmp": save(rgba, "BMP"),
        "la.png": save(la, "PNG"),
        "la.tiff": save(la, "TIFF"),
        "p_trns_bytes.png": save(pal, "PNG", transparency=bytes(range(0, 256, 20))),
        "p_trns_index.png": save(pal, "PNG", transparency=5),
        "p_opaque_trns.png": save(pal, "PNG", transparency=bytes([255] * 16)),
        "p_trns_index.gif": save(pal, "GIF", transparency=5),
        "rgb_trns.png": save(rgb, "PNG", transparency=(60, 120, 0)),
        "l_trns.png": save(grey, "PNG", transparency=120),
        "p_no_trns.png": save(pal, "PNG"),
        "rgb.png": save(rgb, "PNG"),
    }
    # 16-bit RGBA and LA: alpha's high byte is the mask.
    px16 = rng.integers(0, 65536, (6, 7, 4), dtype=np.uint16)
    out["rgba16.png"] = raw_png(7, 6, 16, 6, [r.astype(">u2").tobytes() for r in px16])
    la16 = px16[..., :2]
    out["la16.png"] = raw_png(7, 6, 16, 4, [r.astype(">u2").tobytes() for r in la16])
    # Colour keys at every depth Pillow reads its own way (low byte of the key against its
    # 8-bit pixels): keys that do and do not match under that rule.
    g16 = np.array([[0x0005, 0x0105, 0x00FF, 0x01FF, 0x0200, 0]], dtype=">u2")
    for key in (0x0005, 0x0105, 0x01FF, 0x0000):
        out[f"grey16_trns_{key:04x}.png"] = raw_png(
            6, 1, 16, 0, [g16.tobytes()], _chunk(b"tRNS", struct.pack(">H", key))
        )
    c16 = np.array(
        [[[0x0501, 0x0500, 0x0500], [0x0105, 0x0005, 0x0005], [5, 5, 5], [0x0505] * 3]],
        dtype=">u2",
    )
    for key in ((5, 5, 5), (0x0105, 5, 5), (0x0505,) * 3):
        out[f"rgb16_trns_{key[0]:04x}.png"] = raw_png(
            4, 1, 16, 2, [c16.tobytes()], _chunk(b"tRNS", struct.pack(">3H", *key))
        )
    for depth, row in ((1, bytes([0b01100101])), (2, bytes([0b00011011, 0b11100100]))):
        for key in range(0, 1 << depth):
            out[f"grey{depth}_trns_{key}.png"] = raw_png(
                8, 1, depth, 0, [row], _chunk(b"tRNS", struct.pack(">H", key))
            )
    out["grey4_trns_0.png"] = raw_png(
        4, 1, 4, 0, [bytes([0x0F, 0x70])], _chunk(b"tRNS", struct.pack(">H", 0))
    )
    # GIF whose first frame is smaller than the canvas: the rest is the transparent index.
    frame = Image.new("P", (4, 3))
    frame.putpalette([0, 0, 0, 255, 0, 0, 0, 255, 0] + [9] * 759)
    frame.putdata([1, 2, 0, 1] * 3)
    gif = save(frame, "GIF", transparency=0)
    big = bytearray(gif)
    big[6:10] = struct.pack("<HH", 9, 7)  # canvas 9x7
    i = big.index(b"\x2c")
    big[i + 1 : i + 5] = struct.pack("<HH", 2, 3)  # frame at (2, 3)
    out["gif_small_frame.gif"] = bytes(big)
    # VP8X without its alpha flag around a lossless image with alpha.
    vp8l = [c for c in _webp_chunks(out["rgba.webp"]) if c[0] == b"VP8L"]
    out["vp8x_no_alpha_flag.webp"] = _riff([(b"VP8X", bytes(4) + b"\x0f\0\0\x0f\0\0"), *vp8l])
    # GIF without any colour table (Pillow: mode L, indices as grey) with a transparent index.
    g = bytearray(save(frame, "GIF", transparency=2))
    n = 3 * (2 << (g[10] & 7))
    del g[13 : 13 + n]
    g[10] &= 0x70
    out["gif_no_table.gif"] = bytes(g)
    # Animated: the first frame is the image.
    frames = [Image.fromarray(rgba_pixels(8, 8)[::-1].copy(), "RGBA"), rgba]
    frames[1] = frames[1].resize((8, 8))
    out["anim_rgba.webp"] = save(frames[0], "WEBP", save_all=True, append_images=frames[1:])
    out["anim_trns.gif"] = save(pal, "GIF", save_all=True, append_images=[pal], transparency=3)
    return out


# ---------------------------------------------------------------- EXIF orientation sources


def exif_block(orientation: int) -> bytes:
    e = Image.Exif()
    e[0x0112] = orientation
    return e.tobytes()  # "Exif\0\0" + TIFF


def _png_with(extra: bytes, base: bytes) -> bytes:
    # Insert chunks right after IHDR.
    at = 8 + 8 + 13 + 4
    return base[:at] + extra + base[at:]


def _raw_profile(key: bytes, tiff: bytes, kind: bytes) -> bytes:
    hexed = tiff.hex()
    lines = "\n".join(hexed[i : i + 72] for i in range(0, len(hexed), 72))
    text = f"\n{key.decode()[17:]}\n{len(tiff):8d}\n{lines}\n".encode()
    if kind == b"zTXt":
        return _chunk(b"zTXt", key + b"\0\0" + zlib.compress(text))
    if kind == b"iTXt":
        return _chunk(b"iTXt", key + b"\0\0\0\0\0" + text)
    return _chunk(b"tEXt", key + b"\0" + text)


def _xmp(orientation: int, form: str) -> bytes:
    inner = (
        f'<rdf:Description tiff:Orientation="{orientation}"/>'
        if form == "attr"
        else f"<rdf:Description><tiff:Orientation>{orientation}</tiff:Orientation>"
        "</rdf:Description>"
    )
    return (
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>' + inner + "</rdf:RDF></x:xmpmeta>"
    ).encode()


def _riff(chunks: list[tuple[bytes, bytes]]) -> bytes:
    body = b"WEBP"
    for kind, payload in chunks:
        body += kind + struct.pack("<I", len(payload)) + payload + b"\0" * (len(payload) & 1)
    return b"RIFF" + struct.pack("<I", len(body)) + body


def _webp_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    out, at = [], 12
    while at + 8 <= len(data):
        kind, n = data[at : at + 4], struct.unpack("<I", data[at + 4 : at + 8])[0]
        out.append((kind, data[at + 8 : at + 8 + n]))
        at += 8 + n + (n & 1)
    return out


def _webp_with(base: bytes, kind: bytes, payload: bytes) -> bytes:
    """``base`` (a Pillow-written WebP with EXIF or XMP) with that chunk's payload replaced."""
    chunks = [(k, payload if k == kind else p) for k, p in _webp_chunks(base)]
    return _riff(chunks)


def oriented_sources(orientation: int) -> dict[str, bytes]:
    """One non-square RGBA image carrying `orientation` in each place Pillow reads it."""
    im = Image.fromarray(rgba_pixels(5, 8), "RGBA")
    plain = save(im, "PNG")
    block = exif_block(orientation)
    tiff = block[6:]
    out = {
        "png_exif_chunk": save(im, "PNG", exif=block),
        "png_text_exif": _png_with(_chunk(b"tEXt", b"exif\0" + block), plain),
    }
    for kind in (b"tEXt", b"zTXt", b"iTXt"):
        out[f"png_raw_exif_{kind.decode()}"] = _png_with(
            _raw_profile(b"Raw profile type exif", tiff, kind), plain
        )
        # Pillow does not read ImageMagick's APP1 profile: no rotation expected from it.
        out[f"png_raw_app1_{kind.decode()}"] = _png_with(
            _raw_profile(b"Raw profile type APP1", b"Exif\0\0" + tiff, kind), plain
        )
    for form in ("attr", "elem"):
        info = PngImagePlugin.PngInfo()
        info.add_itxt("XML:com.adobe.xmp", _xmp(orientation, form).decode())
        out[f"png_xmp_itxt_{form}"] = save(im, "PNG", pnginfo=info)
        info = PngImagePlugin.PngInfo()
        info.add_itxt("XML:com.adobe.xmp", _xmp(orientation, form).decode(), zip=True)
        out[f"png_xmp_itxt_z_{form}"] = save(im, "PNG", pnginfo=info)
        info = PngImagePlugin.PngInfo()
        info.add_text("XML:com.adobe.xmp", _xmp(orientation, form).decode())
        out[f"png_xmp_text_{form}"] = save(im, "PNG", pnginfo=info)
    # EXIF without the tag, XMP with it: XMP is read.
    info = PngImagePlugin.PngInfo()
    info.add_itxt("XML:com.adobe.xmp", _xmp(orientation, "attr").decode())
    no_tag = Image.Exif()
    no_tag[0x0131] = "x"
    out["png_exif_without_tag_then_xmp"] = save(im, "PNG", pnginfo=info, exif=no_tag.tobytes())
    # EXIF with the tag wins over XMP.
    other = 1 + orientation % 8
    info = PngImagePlugin.PngInfo()
    info.add_itxt("XML:com.adobe.xmp", _xmp(other, "attr").decode())
    out["png_exif_beats_xmp"] = save(im, "PNG", pnginfo=info, exif=block)
    # Chunks after IDAT count too (Pillow reads them on load).
    iend = plain.rindex(b"IEND") - 4
    out["png_exif_after_idat"] = plain[:iend] + _chunk(b"eXIf", tiff) + plain[iend:]
    xmp_chunk = _chunk(b"iTXt", b"XML:com.adobe.xmp\0\0\0\0\0" + _xmp(orientation, "attr"))
    out["png_xmp_after_idat"] = plain[:iend] + xmp_chunk + plain[iend:]
    # EXIF Pillow cannot parse: it raises, vLLM suppresses, XMP is never read.
    out["png_bad_exif_then_xmp"] = _png_with(_chunk(b"eXIf", b"junk0000") + xmp_chunk, plain)
    # Orientation stored as LONG instead of SHORT.
    long_tiff = (
        b"MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x04\0\0\0\x01"
        + struct.pack(">I", orientation)
        + b"\0\0\0\0"
    )
    out["png_exif_long"] = _png_with(_chunk(b"eXIf", long_tiff), plain)
    # JPEG: APP1 EXIF, and APP1 XMP when there is no EXIF Orientation.
    rgb = im.convert("RGB")
    out["jpeg_exif"] = save(rgb, "JPEG", quality=95, exif=block)
    out["jpeg_xmp"] = save(rgb, "JPEG", quality=95, xmp=_xmp(orientation, "attr"))
    out["jpeg_exif_beats_xmp"] = save(rgb, "JPEG", quality=95, exif=block, xmp=_xmp(other, "elem"))
    # TIFF: the IFD0 tag, else the XMP packet (tag 700); Pillow applies them on load.
    ifd = TiffImagePlugin.ImageFileDirectory_v2()
    ifd[274] = orientation
    out["tiff_tag"] = save(im, "TIFF", tiffinfo=ifd)
    ifd = TiffImagePlugin.ImageFileDirectory_v2()
    ifd[700] = _xmp(orientation, "attr")
    out["tiff_xmp"] = save(im, "TIFF", tiffinfo=ifd)
    for name, lossless in (("webp", True), ("webp_lossy", False)):
        base = save(im, "WEBP", lossless=lossless, quality=90, exif=block)
        out[f"{name}_exif"] = base
        out[f"{name}_exif_prefixed"] = _webp_with(base, b"EXIF", block)
        out[f"{name}_exif_double_prefixed"] = _webp_with(base, b"EXIF", b"Exif\0\0" + block)
        out[f"{name}_xmp"] = save(
            im, "WEBP", lossless=lossless, quality=90, xmp=_xmp(orientation, "elem")
        )
        if lossless:
            # VP8X without its alpha flag around a lossless image with alpha: libwebp (so
            # Pillow) still sees alpha.
            simple = [c for c in _webp_chunks(save(im, "WEBP", lossless=True)) if c[0] == b"VP8L"]
            head = [(k, bytes([0x08]) + p[1:]) for k, p in _webp_chunks(base) if k == b"VP8X"]
            out["webp_vp8x_no_alpha_flag"] = _riff(head + simple + [(b"EXIF", tiff)])
        # The same EXIF chunk with VP8X's EXIF flag cleared: libwebp's demuxer drops it.
        unflagged = bytearray(base)
        unflagged[20] &= ~0x08
        out[f"{name}_exif_unflagged"] = bytes(unflagged)
    return out


# ---------------------------------------------------------------- tests


GENERATED = transparent_images()


@pytest.mark.parametrize("background", BACKGROUNDS)
@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_transparency_matches_vllm(name, background):
    data = GENERATED[name]
    want = vllm_rgb(data, background)
    got = fm(data, background)
    assert got.shape == want.shape, name
    assert np.array_equal(got, want), (name, np.argwhere(got != want)[:5].tolist())


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_without_background_is_unchanged(name):
    data = GENERATED[name]
    assert np.array_equal(fm(data, None, exif=False), pillow_rgb(data)), name


@pytest.mark.parametrize("orientation", range(1, 9))
def test_every_orientation_source_matches_vllm(orientation):
    for name, data in oriented_sources(orientation).items():
        for bg in (WHITE, (3, 200, 90)):
            want = vllm_rgb(data, bg)
            got = fm(data, bg)
            assert got.shape == want.shape, (name, orientation)
            assert np.array_equal(got, want), (name, orientation)
        # Orientation alone, no background: exif_transpose (errors suppressed), convert("RGB").
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            image = Image.open(io.BytesIO(data))
            with contextlib.suppress(Exception):
                image = ImageOps.exif_transpose(image)
            ref = np.asarray(image.convert("RGB"))
        assert np.array_equal(fm(data, None), ref), (name, orientation)


def test_orientation_sources_do_rotate():
    """The oracle itself rotates for each source Pillow reads (so the test above can fail)."""
    for name, data in oriented_sources(6).items():
        rotated = vllm_rgb(data).shape[:2] == (8, 5)
        ignored = ("app1", "unflagged", "bad_exif")
        assert rotated == (not any(k in name for k in ignored)), name


def _blend_variants(bg: int, c: np.ndarray, m: np.ndarray) -> dict[str, np.ndarray]:
    # Pillow's DIV255 is x / 255 rounded to nearest (no ties: 255 is odd); the rest are not.
    c, m = c.astype(np.int64), m.astype(np.int64)
    x = bg * (255 - m) + c * m
    t = x + 128
    return {
        "pillow": (t + (t >> 8)) >> 8,
        "floor": x // 255,
        "one_up": np.minimum(((t + (t >> 8)) >> 8) + 1, 255),
        "one_down": np.maximum(((t + (t >> 8)) >> 8) - 1, 0),
        "shift_only": (x + 128) >> 8,
    }


def test_blend_rounding_is_pillows_and_off_by_one_would_fail():
    px = rgba_pixels(32, 32)
    data = save(Image.fromarray(px, "RGBA"), "PNG")
    for bg in ((255, 255, 255), (0, 0, 0), (101, 37, 250)):
        got = fm(data, bg)
        assert np.array_equal(got, vllm_rgb(data, bg))
        for k in range(3):
            v = _blend_variants(bg[k], px[..., k], px[..., 3])
            assert np.array_equal(got[..., k], v.pop("pillow")), k
            for name, wrong in v.items():
                assert not np.array_equal(got[..., k], wrong), (bg, k, name)


def _all_files() -> list[Path]:
    roots = [FIXTURES] + ([CORPUS] if CORPUS != FIXTURES else [])
    skip = {"video", "audio", "malformed_media"}
    text = (".py", ".md", ".json", ".txt")
    out: list[Path] = []
    for root in roots:
        for p in sorted(root.rglob("*")):
            parts = set(p.relative_to(root).parts)
            if p.is_file() and not (parts & skip) and p.suffix.lower() not in text:
                out.append(p)
    return out


def test_fixture_and_corpus_images_match_vllm():
    """Every file both fastmedia and Pillow decode: bit-exact, lossless and JPEG alike, except
    JPEGs whose plain RGB decode already differs from Pillow (decoders other than
    libjpeg-turbo); those must at least be unchanged by `background` (JPEG has no alpha)."""
    exact = jpeg_near = transparent = 0
    for path in _all_files():
        data = path.read_bytes()
        try:
            plain = fm(data, None)
        except (fastmedia.DecodeError, fastmedia.UnsupportedFormat, fastmedia.LimitExceeded):
            continue
        try:
            want = vllm_rgb(data, (17, 140, 230))
        except Exception:  # Pillow refuses it: nothing to compare
            continue
        got = fm(data, (17, 140, 230))
        if np.array_equal(got, want):
            exact += 1
            transparent += not np.array_equal(got, plain)
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            is_jpeg = Image.open(io.BytesIO(data)).format == "JPEG"
        assert is_jpeg and got.shape == want.shape, path
        assert np.array_equal(got, plain), path
        jpeg_near += 1
    print(f"[vllm-parity] exact={exact} (composited {transparent}) jpeg_not_exact={jpeg_near}")
    assert exact >= 20


@pytest.mark.parametrize(
    "bad", [(256, 0, 0), (-1, 0, 0), (1, 2), (1, 2, 3, 4), "red", (1.0, 2, 3), (True, 0, 0), 7]
)
def test_bad_background_is_a_config_error(bad):
    with pytest.raises(ConfigError, match="background"):
        fastmedia.Decoder(background=bad)


def test_background_accepts_a_list_and_numpy_ints():
    d = fastmedia.Decoder(background=[1, np.uint8(2), 3])
    assert d.background == (1, 2, 3)


def test_native_channels_ignore_background():
    data = GENERATED["rgba.png"]
    a = fastmedia.Decoder(channels="native", background=(0, 0, 0)).decode(data)
    assert np.array_equal(a, np.asarray(Image.open(io.BytesIO(data))))


def test_frontend_refuses_a_background_it_would_drop():
    # The Frontend's core takes no background: an RGB Frontend must not silently ignore one.
    dec = fastmedia.Decoder(channels="rgb", background=WHITE)
    with pytest.raises(ConfigError, match="background"):
        fastmedia.Frontend(dec)
