"""Helpers shared by the test modules (``from tests.helpers import ...``).

Corpus: the folder named by ``FASTMEDIA_CORPUS`` (``.ci/test`` sets it to the shared corpus
when one sits next to the checkout), else the small copy in ``tests/fixtures`` that ships
with the repo. Also: the NIXL gate (``NIXL_PROBLEM``), ``wait_until``, a tiny PNG writer
(zlib + struct) for bit depths and colour types Pillow cannot write, image generators, and a
Pillow reference for ``channels="rgb"`` / ``channels="native"``.
"""

from __future__ import annotations

import io
import os
import select
import signal
import struct
import time
import warnings
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image

from fastmedia.transfer import _nixl

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def corpus_root() -> Path:
    """``$FASTMEDIA_CORPUS`` when set (it must exist), else ``tests/fixtures``."""
    env = os.environ.get("FASTMEDIA_CORPUS")
    if not env:
        return FIXTURES
    root = Path(env).expanduser().resolve()
    if not root.is_dir():
        raise RuntimeError(f"FASTMEDIA_CORPUS={env} is not a folder")
    return root


CORPUS = corpus_root()
USING_FIXTURES = CORPUS == FIXTURES

# Corpus folders the photo tests skip: broken or hostile inputs (malformed, fuzz crash
# inputs), unusual files with their own tests (robust: test_decode_robust.py), other media.
NOT_IMAGES = frozenset({"malformed", "malformed_media", "robust", "fuzz", "video", "audio"})


def corpus_dirs() -> list[Path]:
    return sorted(p for p in CORPUS.iterdir() if p.is_dir())


def corpus_files(folder: str | None = None) -> list[Path]:
    """Every image file of the corpus (all folders but NOT_IMAGES), or of one folder."""
    dirs = [CORPUS / folder] if folder else [d for d in corpus_dirs() if d.name not in NOT_IMAGES]
    out: list[Path] = []
    for d in dirs:
        if d.is_dir():
            out += sorted(p for p in d.iterdir() if p.is_file())
    return out


def file_id(p: Path) -> str:
    return f"{p.parent.name}/{p.name}"


# ---------------------------------------------------------------- NIXL gate


def _nixl_problem() -> str | None:
    if not _nixl.nixl_available():
        return "the nixl Python package is not installed"
    if _nixl.find_capi_library() is None:
        return "NIXL's C API (libnixl_capi.so) was not found"
    return None


# None when NIXL is usable; else why not. Tests marked ``requires_nixl`` skip on it, loudly.
NIXL_PROBLEM = _nixl_problem()


# ---------------------------------------------------------------- waiting


def wait_until(cond: Callable[[], object], timeout: float = 60.0, interval: float = 0.01) -> bool:
    """Poll ``cond`` until it is true or ``timeout`` passes. The timeout is generous on
    purpose: it only bounds a failing test, the passing path never waits for it."""
    deadline = time.monotonic() + timeout
    while True:
        if cond():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(interval)


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
        target = "RGBA" if fmt == "GIF" or (fmt == "PNG" and "transparency" in im.info) else "RGB"
    else:
        target = "RGB"
    return hwc(np.asarray(im.convert(target)))


def diff_stats(a: np.ndarray, b: np.ndarray) -> tuple[float, int]:
    d = np.abs(a.astype(np.int16) - b.astype(np.int16))
    return float(d.mean()), int(d.max())


def run_in_child(body: Callable[[], bytes], timeout: float, hung: str) -> tuple[str, int]:
    """Fork; the child runs `body` and writes its report (or the exception) to a pipe, then
    exits 0 (1 on an exception). Returns (report, wait status); kills the child and fails the
    test with `hung` if it does not answer within `timeout`."""
    import pytest

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        code = 1
        try:
            os.close(r)
            os.write(w, body())
            code = 0
        except BaseException as e:
            os.write(w, f"error {type(e).__name__}: {e}".encode()[:500])
        finally:
            os._exit(code)
    os.close(w)
    try:
        ready, _, _ = select.select([r], [], [], timeout)
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"{hung} ({timeout}s)")
        msg = os.read(r, 1000).decode()
        _, status = os.waitpid(pid, 0)
        return msg, status
    finally:
        os.close(r)


def wav_bytes(seconds: float = 0.5, sr: int = 16000) -> bytes:
    """A mono 16-bit WAV of a 440 Hz tone (stdlib ``wave``; no fixture file needed)."""
    import wave

    t = np.arange(int(seconds * sr)) / sr
    pcm = (np.sin(2 * np.pi * 440 * t) * 8000).astype("<i2")
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(sr)
        w.writeframes(pcm.tobytes())
    return out.getvalue()


def system_ffmpeg() -> bool:
    """Whether the extension links the system's FFmpeg (the `system-ffmpeg` build) rather than
    the bundled static one."""
    import fastmedia._core  # noqa: F401  (maps the extension and what it links)

    return "libavcodec.so" in Path("/proc/self/maps").read_text()
