"""Shared fixtures and helpers for the decode tests.

Corpus: ``../shared/corpus`` (next to the repo) when present, for full coverage; otherwise
the small copy in ``tests/fixtures`` that ships with the repo. Which one is used is
printed at session start (``pytest -s`` or the header line).

Helpers (importable as ``from conftest import ...``): a tiny PNG writer (zlib + struct)
for bit depths and colour types Pillow cannot write, image generators, and a Pillow
reference for ``channels="rgb"`` / ``channels="native"``.
"""

from __future__ import annotations

import io
import os
import struct
import sys
import warnings
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import fastmedia

REPO = Path(__file__).resolve().parents[1]
SHARED_CORPUS = REPO.parent / "shared" / "corpus"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def corpus_root() -> Path:
    # FASTMEDIA_TEST_FIXTURES_ONLY=1 runs as a fresh clone would (no ../shared).
    if os.environ.get("FASTMEDIA_TEST_FIXTURES_ONLY"):
        return FIXTURES
    return SHARED_CORPUS if (SHARED_CORPUS / "formats").is_dir() else FIXTURES


CORPUS = corpus_root()
USING_SHARED = CORPUS == SHARED_CORPUS


def pytest_report_header(config):
    which = (
        "SHARED corpus (full)" if USING_SHARED else "tests/fixtures (small copy; ../shared absent)"
    )
    return f"fastmedia decode corpus: {which} at {CORPUS}"


def pytest_sessionstart(session):
    which = "SHARED corpus" if USING_SHARED else "tests/fixtures (../shared/corpus not found)"
    print(f"\n=== fastmedia decode tests use {which}: {CORPUS} ===", file=sys.stderr)


def corpus_dirs() -> list[Path]:
    return sorted(p for p in CORPUS.iterdir() if p.is_dir())


# Corpus folders that hold no decodable still images.
NOT_IMAGES = frozenset({"malformed", "malformed_media", "video", "audio"})


def corpus_files(folder: str | None = None) -> list[Path]:
    """Every image file of the corpus (all folders but malformed/), or of one folder."""
    dirs = [CORPUS / folder] if folder else [d for d in corpus_dirs() if d.name not in NOT_IMAGES]
    out: list[Path] = []
    for d in dirs:
        if d.is_dir():
            out += sorted(p for p in d.iterdir() if p.is_file())
    return out


def file_id(p: Path) -> str:
    return f"{p.parent.name}/{p.name}"


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The corpus root in use (shared when present, else tests/fixtures)."""
    print(f"[corpus] {CORPUS} ({'shared' if USING_SHARED else 'fixtures'})")
    return CORPUS


@pytest.fixture(scope="session")
def malformed_dir(corpus) -> Path:
    return corpus / "malformed"


@pytest.fixture(scope="session")
def dec() -> fastmedia.Decoder:
    return fastmedia.Decoder(threads=2)


@pytest.fixture(scope="session")
def dec_native() -> fastmedia.Decoder:
    return fastmedia.Decoder(threads=2, channels="native")


# ---------------------------------------------------------------- PNG writer


def png_chunk(typ: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + typ
        + data
        + struct.pack(">I", zlib.crc32(typ + data) & 0xFFFFFFFF)
    )


def png_bytes(
    width: int,
    height: int,
    raw_rows: bytes | None = None,
    *,
    color_type: int,
    depth: int,
    plte: bytes | None = None,
    trns: bytes | None = None,
    idat: bytes | None = None,
) -> bytes:
    """A minimal PNG. ``raw_rows``: unfiltered scanlines (without filter bytes); or ``idat``."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0)
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
    if plte is not None:
        out += png_chunk(b"PLTE", plte)
    if trns is not None:
        out += png_chunk(b"tRNS", trns)
    if idat is None:
        assert raw_rows is not None
        stride = len(raw_rows) // height
        idat = zlib.compress(
            b"".join(b"\x00" + raw_rows[y * stride : (y + 1) * stride] for y in range(height))
        )
    return out + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b"")


def png16(arr: np.ndarray) -> bytes:
    """16-bit PNG from a uint16 array (H,W) gray, (H,W,2) LA, (H,W,3) RGB or (H,W,4) RGBA."""
    arr = np.asarray(arr, dtype=np.uint16)
    h, w = arr.shape[:2]
    c = 1 if arr.ndim == 2 else arr.shape[2]
    ct = {1: 0, 2: 4, 3: 2, 4: 6}[c]
    return png_bytes(w, h, arr.astype(">u2").tobytes(), color_type=ct, depth=16)


def png_lowbit(
    values: np.ndarray,
    depth: int,
    *,
    color_type: int = 0,
    plte: bytes | None = None,
    trns: bytes | None = None,
) -> bytes:
    """Gray (ct 0) or palette (ct 3) PNG of bit depth 1/2/4 from small integer samples (H,W)."""
    h, w = values.shape
    per = 8 // depth
    rows = []
    for y in range(h):
        row = np.zeros((w + per - 1) // per, dtype=np.uint8)
        for x in range(w):
            row[x // per] |= int(values[y, x]) << (8 - depth * (x % per + 1))
        rows.append(row.tobytes())
    return png_bytes(w, h, b"".join(rows), color_type=color_type, depth=depth, plte=plte, trns=trns)


# ---------------------------------------------------------------- images


def photo_rgb(w: int = 96, h: int = 64, seed: int = 0) -> np.ndarray:
    """A smooth-plus-noise RGB test pattern (not constant, so swaps and flips show)."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w]
    base = np.stack(
        [x * 255 // max(w - 1, 1), y * 255 // max(h - 1, 1), (x + y) * 255 // (w + h)], -1
    )
    noise = rng.integers(0, 40, size=(h, w, 3))
    return np.clip(base + noise, 0, 255).astype(np.uint8)


def encode(im: Image.Image, fmt: str, **kw) -> bytes:
    b = io.BytesIO()
    im.save(b, fmt, **kw)
    return b.getvalue()


# ---------------------------------------------------------------- Pillow reference


def pil_open(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Palette images with Transparency expressed in bytes..."
        im.load()
    return im


def pil_rgb(data: bytes, exif_transpose: bool = False) -> np.ndarray:
    from PIL import ImageOps

    im = pil_open(data)
    if exif_transpose:
        im = ImageOps.exif_transpose(im)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.asarray(im.convert("RGB"))


def hwc(a: np.ndarray) -> np.ndarray:
    return a[:, :, None] if a.ndim == 2 else a


def pil_native(data: bytes, exif_transpose: bool = False) -> np.ndarray:
    """What ``channels="native"`` must give, from Pillow.

    L / 1 / I;16 -> L (1 channel; I;16 clips at 255 like Pillow's convert), LA -> 2,
    RGB / CMYK / YCbCr -> RGB (3), RGBA -> 4. Palette images follow the `image` crate:
    PNG palette -> RGB, or RGBA when the PNG has a tRNS chunk; GIF (every frame
    format the crate decodes to RGBA) -> RGBA; BMP palette -> RGB. "PA" -> RGBA.
    """
    from PIL import ImageOps

    im = pil_open(data)
    fmt = im.format
    if exif_transpose:
        im = ImageOps.exif_transpose(im)
    mode = im.mode
    if fmt == "BMP":
        # The `image` crate expands every BMP palette (gray and 1-bit included) to RGB.
        return hwc(np.asarray(im.convert("RGBA" if mode == "RGBA" else "RGB")))
    if mode in ("L", "1", "I;16", "I;16B", "I;16L", "I"):
        target = "L"
    elif mode == "LA":
        target = "LA"
    elif mode in ("RGBA", "PA"):
        target = "RGBA"
    elif mode == "P":
        if fmt == "GIF" or (fmt == "PNG" and "transparency" in im.info):
            target = "RGBA"
        else:
            target = "RGB"
    else:
        target = "RGB"
    return hwc(np.asarray(im.convert(target)))


def diff_stats(a: np.ndarray, b: np.ndarray) -> tuple[float, int]:
    d = np.abs(a.astype(np.int16) - b.astype(np.int16))
    return float(d.mean()), int(d.max())
