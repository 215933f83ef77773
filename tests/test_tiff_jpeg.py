"""JPEG-compressed TIFF (Compression=7) with PhotometricInterpretation=2 (RGB): libtiff, and
so Pillow, takes the JPEG components as R, G, B whatever the stream's markers and component
IDs suggest; libjpeg-turbo on its own guesses YCbCr for IDs 1, 2, 3 (GIMP's files) or 0, 1,
2 (libtiff's JCS_UNKNOWN), and every pixel came out wrong with no error. The fixtures are
built here: RGB JPEG streams (Pillow's ``keep_rgb``, no colour transform) with their IDs
patched to 1, 2, 3 and the Adobe marker hidden, stored as strips or tiles, with and without
shared JPEGTables, one with a JFIF marker (which makes libjpeg-turbo assume YCbCr)."""

from __future__ import annotations

import io
import re
import struct

import numpy as np
import pytest
from PIL import Image

import fastmedia

W, H = 100, 70  # not a multiple of the 32-pixel tiles or strips: partial edge chunks
CHUNK = 32


def photo() -> np.ndarray:
    y, x = np.mgrid[0:H, 0:W]
    rng = np.random.default_rng(11)
    a = np.stack([x * 2.5, y * 3.5, 255 - (x + y) * 1.4], -1) + rng.integers(0, 40, (H, W, 3))
    return np.clip(a, 0, 255).astype(np.uint8)


def rgb_jpeg(pixels: np.ndarray) -> bytes:
    """A JPEG stream of RGB components (no YCbCr transform), 4:4:4, as libtiff writes for
    Photometric=RGB, with component IDs 1, 2, 3 and no Adobe marker (GIMP-like)."""
    buf = io.BytesIO()
    Image.fromarray(pixels).save(buf, "JPEG", quality=90, keep_rgb=True, subsampling=0)
    data = buf.getvalue()
    sof = re.compile(rb"\xff\xc0..\x08....\x03R..G..B", re.S)
    sos = re.compile(rb"\xff\xda\x00\x0c\x03R.G.B.", re.S)
    for pat, first, step in ((sof, 10, 3), (sos, 5, 2)):
        m = pat.search(data)
        assert m is not None, f"no RGB {pat.pattern[:6]!r} in Pillow's keep_rgb JPEG"
        b = bytearray(data)
        for k in range(3):
            b[m.start() + first + k * step] = k + 1
        data = bytes(b)
    return data.replace(b"\xff\xee\x00\x0eAdobe", b"\xff\xee\x00\x0eXdobe")


def split_tables(stream: bytes) -> tuple[bytes, bytes]:
    """(JPEGTables: SOI, DQT and DHT segments, EOI; the chunk: SOI and everything else)."""
    tables, rest, i = [b"\xff\xd8"], [b"\xff\xd8"], 2
    while stream[i + 1] != 0xDA:
        n = struct.unpack(">H", stream[i + 2 : i + 4])[0]
        (tables if stream[i + 1] in (0xDB, 0xC4) else rest).append(stream[i : i + 2 + n])
        i += 2 + n
    return b"".join([*tables, b"\xff\xd9"]), b"".join([*rest, stream[i:]])


JFIF = b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"


def jpeg_tiff(tiled: bool, tables: bool, jfif: bool = False) -> bytes:
    """A little-endian TIFF: Compression=7, Photometric=2, a YCbCrSubSampling tag of 2x2 (as
    GIMP writes; libtiff ignores it for RGB), strips or tiles of CHUNK pixels."""
    px = photo()
    chunks, shared = [], None
    if tiled:
        boxes = [(x, y) for y in range(0, H, CHUNK) for x in range(0, W, CHUNK)]
        pieces = []
        for x, y in boxes:
            tile = np.zeros((CHUNK, CHUNK, 3), np.uint8)
            part = px[y : y + CHUNK, x : x + CHUNK]
            tile[: part.shape[0], : part.shape[1]] = part
            pieces.append(tile)
    else:
        pieces = [px[y : y + CHUNK] for y in range(0, H, CHUNK)]
    for p in pieces:
        s = rgb_jpeg(p)
        if jfif:
            s = s[:2] + JFIF + s[2:]
        if tables:
            shared, s = split_tables(s)
        chunks.append(s)
    tags: dict[int, tuple[int, list[int] | bytes]] = {
        256: (4, [W]), 257: (4, [H]), 258: (3, [8, 8, 8]), 259: (3, [7]), 262: (3, [2]),
        277: (3, [3]), 284: (3, [1]), 530: (3, [2, 2]),
    }  # fmt: skip
    if tiled:
        tags |= {322: (4, [CHUNK]), 323: (4, [CHUNK])}
        off_tag, count_tag = 324, 325
    else:
        tags[278] = (4, [CHUNK])
        off_tag, count_tag = 273, 279
    if shared is not None:
        tags[347] = (7, shared)
    tags[count_tag] = (4, [len(c) for c in chunks])
    tags[off_tag] = (4, [0] * len(chunks))  # filled in below
    return write_tiff(tags, chunks, off_tag)


def write_tiff(tags: dict, chunks: list[bytes], off_tag: int) -> bytes:
    """Header, one IFD, out-of-line values, then the chunks (their offsets patched in)."""
    n = len(tags)
    extra_at = 8 + 2 + 12 * n + 4
    data_at = extra_at + sum(-(-len(pack(t, v)) // 2) * 2 for t, v in tags.values() if
                             len(pack(t, v)) > 4)  # fmt: skip
    offsets, pos = [], data_at
    for c in chunks:
        offsets.append(pos)
        pos += len(c)
    tags[off_tag] = (4, offsets)
    ifd, extra = b"", b""
    for tag in sorted(tags):
        typ, vals = tags[tag]
        payload = pack(typ, vals)
        count = len(vals)
        if len(payload) > 4:
            ifd += struct.pack("<HHII", tag, typ, count, extra_at + len(extra))
            extra += payload + b"\0" * (len(payload) % 2)
        else:
            ifd += struct.pack("<HHI", tag, typ, count) + payload.ljust(4, b"\0")
    out = b"II*\0" + struct.pack("<IH", 8, n) + ifd + b"\0\0\0\0" + extra
    assert len(out) == data_at
    return out + b"".join(chunks)


def pack(typ: int, vals) -> bytes:
    if typ == 7:
        return bytes(vals)
    return b"".join(struct.pack("<H" if typ == 3 else "<I", v) for v in vals)


VARIANTS = {
    "strips": dict(tiled=False, tables=False),
    "strips_jpegtables": dict(tiled=False, tables=True),
    "tiles": dict(tiled=True, tables=False),
    "tiles_jpegtables": dict(tiled=True, tables=True),
    "strips_jfif_marker": dict(tiled=False, tables=True, jfif=True),
}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_rgb_jpeg_tiff_matches_pillow(name):
    data = jpeg_tiff(**VARIANTS[name])
    with Image.open(io.BytesIO(data)) as im:
        assert im.info["compression"] == "jpeg"
        want = np.asarray(im.convert("RGB"))
    # Pillow (libtiff) reads the components as RGB: close to the source photo, not a
    # YCbCr reading of it (the fixture is what it claims to be).
    assert np.abs(want.astype(int) - photo()).mean() < 4
    got = np.asarray(fastmedia.Decoder(threads=1).decode(data))
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want)
