"""Every error path: malformed corpus files, truncation, random bytes, data URLs, limits,
decompression bombs (with a peak-RSS check in a subprocess), input types, the exception
family."""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import textwrap
import threading
import time
import zlib

import numpy as np
import pytest
from PIL import Image

import fastmedia
from fastmedia import DecodeError, FastmediaError, LimitExceeded, Limits, UnsupportedFormat
from tests.helpers import REPO, encode, photo_rgb, pil_rgb, png_bytes

# README of corpus/malformed: these must raise a typed error (quickly, without allocating).
MUST_RAISE = re.compile(
    r"^(bomb_.*|empty\..*|random.*|truncated_header\..*|png_zero_width\..*|dataurl_.*)$"
)


def _load(path):
    data = path.read_bytes()
    return data.decode("ascii") if path.suffix == ".txt" else data


def _malformed_files():
    from tests.helpers import CORPUS

    return sorted(p for p in (CORPUS / "malformed").iterdir() if p.is_file())


MALFORMED = _malformed_files()


def test_malformed_present():
    names = {p.name for p in MALFORMED}
    assert {
        "empty.bin",
        "random_4k.bin",
        "truncated_header.jpg",
        "bomb_50000x50000_header.png",
    } <= names
    assert sum(1 for n in names if n.startswith("dataurl_")) >= 6


@pytest.mark.parametrize("path", MALFORMED, ids=lambda p: p.name)
def test_malformed_file(path, dec):
    data = _load(path)
    t0 = time.perf_counter()
    try:
        arr = dec.decode(data)
    except FastmediaError as e:
        dt = time.perf_counter() - t0
        print(f"[malformed] {path.name}: {type(e).__name__} in {dt * 1e3:.1f} ms: {e}")
        assert isinstance(e, DecodeError), type(e)
        assert str(e), "error message must say what was wrong"
        return
    print(f"[malformed] {path.name}: decoded {arr.shape}")
    assert not MUST_RAISE.match(path.name), f"{path.name} must raise a typed error, got {arr.shape}"
    # Concealed corruption: the declared shape, never garbage of another size.
    ref_shape = Image.open(path).size
    assert arr.shape == (ref_shape[1], ref_shape[0], 3)


def test_malformed_specific_classes(malformed_dir, dec):
    def err(name):
        with pytest.raises(DecodeError) as ei:
            dec.decode(_load(malformed_dir / name))
        return ei.value

    assert "empty" in str(err("empty.bin"))
    assert isinstance(err("random_4k.bin"), UnsupportedFormat)
    assert isinstance(err("dataurl_text_mime.txt"), UnsupportedFormat)
    assert "text/html" in str(err("dataurl_text_mime.txt"))
    for name in (
        "bomb_50000x50000_header.png",
        "bomb_65500x65500_header.jpg",
        "bomb_65535x65535_screen.gif",
    ):
        e = err(name)
        assert isinstance(e, LimitExceeded), (name, e)
        w = re.search(r"bomb_(\d+)x", name).group(1)
        assert w in str(e) and "max_alloc" in str(e), (name, str(e))
    assert "100000" in str(err("bomb_100000x100000.bmp"))
    assert "truncated" in str(err("truncated_half.jpg")).lower()
    assert "256" in str(err("dataurl_huge_header.txt"))
    assert "base64" in str(err("dataurl_bad_base64.txt"))
    assert "base64" in str(err("dataurl_not_base64.txt"))
    assert "base64" in str(err("dataurl_truncated_padding.txt"))
    assert "empty" in str(err("dataurl_empty_payload.txt"))


def test_truncated_header_jpeg_never_reuses_previous_header(malformed_dir):
    """Regression: libjpeg-turbo's header call 'succeeds' on a JPEG cut inside its header
    and leaves the previous image's size in the (thread-local) handle; the decode then
    returned the previous image's pixels from a recycled buffer."""
    d = fastmedia.Decoder(threads=1)
    bad = (malformed_dir / "truncated_header.jpg").read_bytes()
    good = encode(Image.fromarray(photo_rgb(640, 480, seed=2)), "JPEG")
    for _ in range(3):
        d.decode(good)  # same pool thread, buffer freed at once: recycled next time
        with pytest.raises(DecodeError):
            d.decode(bad)
    # Cut inside SOF and just before SOS too.
    sos = good.index(b"\xff\xda")
    for cut in (good.index(b"\xff\xc0") + 6, sos, sos + 2):
        d.decode(good)
        with pytest.raises(DecodeError):
            d.decode(good[:cut])


def test_bad_jpeg_does_not_poison_the_thread(malformed_dir):
    """Regression: a JPEG whose header fails to parse left libjpeg-turbo's thread-local
    handle mid-header; every later JPEG on that pool thread then failed with 'Bogus marker
    length'. One pool thread, so every decode shares the handle."""
    d = fastmedia.Decoder(threads=1)
    good = encode(Image.fromarray(photo_rgb(64, 48, seed=1)), "JPEG")
    want = pil_rgb(good)
    sof = good.index(b"\xff\xc0")
    bads = [
        good[:3],
        good[:30],
        good[: sof + 6],
        good[: len(good) // 2],
        b"\xff\xd8\xff\xc0\x00\x01",
    ]
    bads += [
        (malformed_dir / n).read_bytes()
        for n in ("truncated_header.jpg", "truncated_half.jpg", "bomb_65500x65500_header.jpg")
    ]
    for bad in bads:
        with pytest.raises(DecodeError):
            d.decode(bad)
        np.testing.assert_array_equal(d.decode(good), want)


def test_zeroed_middle_matches_pillow_when_concealed(malformed_dir, dec):
    data = (malformed_dir / "zeroed_middle.jpg").read_bytes()
    try:
        ref = pil_rgb(data)
    except OSError:
        pytest.skip("Pillow refuses this file; the malformed test covers it")
    got = dec.decode(data)
    assert got.shape == ref.shape
    np.testing.assert_array_equal(got, ref)


# ------------------------------------------------------------------ truncation sweep

_SRC = Image.fromarray(photo_rgb(640, 480, seed=4))
_POISON = Image.fromarray(255 - photo_rgb(640, 480, seed=8))
_FORMATS = {
    "jpeg": lambda im: encode(im, "JPEG", quality=90),
    "jpeg_progressive": lambda im: encode(im, "JPEG", progressive=True),
    "png": lambda im: encode(im, "PNG"),
    "webp_lossy": lambda im: encode(im, "WEBP", quality=80),
    "webp_lossless": lambda im: encode(im, "WEBP", lossless=True, method=0),
    "gif": lambda im: encode(im.convert("P", palette=Image.ADAPTIVE), "GIF"),
    "bmp": lambda im: encode(im, "BMP"),
    "tiff": lambda im: encode(im, "TIFF"),
}


@pytest.mark.parametrize("fmt", sorted(_FORMATS))
def test_truncation_sweep(fmt):
    """Cut a 640x480 image at 40 points. Each cut must raise DecodeError or (when the cut
    only removed trailing metadata) give exactly the full image. Before every cut, a
    different image of the same size is decoded and freed, so a decode that 'succeeds'
    without writing every byte would show that image's recycled pixels."""
    d = fastmedia.Decoder(threads=1)
    data = _FORMATS[fmt](_SRC)
    poison = _FORMATS[fmt](_POISON)
    full = d.decode(data).copy()
    cuts = sorted(
        set(np.linspace(0, len(data) - 1, 40).astype(int).tolist())
        | {1, 2, 8, 16, 33, len(data) - 1}
    )
    outcomes = {"error": 0, "full": 0}
    for n in cuts:
        d.decode(poison)
        try:
            got = d.decode(data[:n])
        except DecodeError:
            outcomes["error"] += 1
            continue
        assert got.shape == full.shape, (fmt, n)
        np.testing.assert_array_equal(got, full, err_msg=f"{fmt} cut at {n}/{len(data)}")
        outcomes["full"] += 1
    print(f"[truncation] {fmt}: {outcomes}")
    assert outcomes["error"] >= len(cuts) - 3


@pytest.mark.parametrize("fmt", sorted(_FORMATS))
def test_random_bytes_after_magic(fmt):
    """A valid signature followed by random bytes: typed error or an image, never a crash."""
    d = fastmedia.Decoder(threads=2)
    data = _FORMATS[fmt](Image.fromarray(photo_rgb(32, 24, seed=1)))
    rng = np.random.default_rng(0)
    items = []
    for _ in range(60):
        keep = int(rng.integers(2, min(len(data), 200)))
        tail = rng.integers(0, 256, int(rng.integers(0, 400)), dtype=np.uint8).tobytes()
        items.append(data[:keep] + tail)
        # Corrupt a few random bytes of an otherwise complete file.
        b = bytearray(data)
        for pos in rng.integers(0, len(b), 4):
            b[pos] = int(rng.integers(0, 256))
        items.append(bytes(b))
    res = d.decode_batch(items, return_exceptions=True)
    errors = [r for r in res if isinstance(r, BaseException)]
    assert all(isinstance(r, DecodeError) for r in errors), {type(r) for r in errors}
    for r in res:
        if not isinstance(r, BaseException):
            assert r.ndim == 3 and r.shape[2] == 3 and r.dtype == np.uint8
    print(f"[fuzz] {fmt}: {len(errors)}/{len(res)} typed errors, rest decoded")
    assert errors


def test_zero_bytes_and_random(dec):
    with pytest.raises(DecodeError, match="empty"):
        dec.decode(b"")
    with pytest.raises(DecodeError):
        dec.decode(bytearray())
    rng = np.random.default_rng(3)
    for n in (1, 7, 100, 5000):
        with pytest.raises(UnsupportedFormat):
            dec.decode(b"\x00" + rng.integers(0, 256, n, dtype=np.uint8).tobytes())


# ------------------------------------------------------------------ data URLs

_JPEG = encode(Image.fromarray(photo_rgb(48, 32, seed=5)), "JPEG")
_PNG = encode(Image.fromarray(photo_rgb(48, 32, seed=5)), "PNG")


def _url(data: bytes, mime="image/png") -> str:
    return f"data:{mime};base64," + base64.b64encode(data).decode()


def test_data_url_roundtrip(dec):
    want = pil_rgb(_PNG)
    for url in (
        _url(_PNG),
        _url(_PNG, "image/jpeg"),
        "DATA:IMAGE/PNG;BASE64," + base64.b64encode(_PNG).decode(),
        "data:image/png;charset=x;base64," + base64.b64encode(_PNG).decode(),
    ):
        np.testing.assert_array_equal(dec.decode(url), want)
    np.testing.assert_array_equal(dec.decode(_url(_JPEG, "image/jpeg")), pil_rgb(_JPEG))


@pytest.mark.parametrize(
    "url, cls, words",
    [
        ("data:image/png;base64,", DecodeError, "empty"),
        ("data:image/png," + base64.b64encode(_PNG).decode(), DecodeError, "base64"),
        ("data:image/png;base64," + base64.b64encode(_PNG).decode()[:-1], DecodeError, "base64"),
        (
            "data:image/png;base64," + base64.b64encode(_PNG).decode().rstrip("=") + "A",
            DecodeError,
            "base64",
        ),
        ("data:image/png;base64,@@@@", DecodeError, "base64"),
        (
            "data:image/png;base64,"
            + base64.b64encode(_PNG).decode()[:40]
            + "\n"
            + base64.b64encode(_PNG).decode()[40:],
            DecodeError,
            "base64",
        ),
        (
            "data:image/png;base64," + base64.urlsafe_b64encode(b"\xfb\xff" * 30).decode(),
            DecodeError,
            "base64",
        ),
        ("data:text/plain;base64,aGVsbG8=", UnsupportedFormat, "text/plain"),
        ("data:;base64,aGVsbG8=", UnsupportedFormat, "image"),
        ("data:image/png;base64", DecodeError, ","),
        ("data:image/png;" + "p=" + "a" * 300 + ";base64,AAAA", DecodeError, "256"),
        ("data:image/png;" + "a" * 5000, DecodeError, "256"),
        ("data:image/png;base64,aGVsbG8=", UnsupportedFormat, "unrecognised"),
    ],
    ids=lambda v: v[:40] if isinstance(v, str) else None,
)
def test_bad_data_urls(url, cls, words, dec):
    with pytest.raises(cls) as ei:
        dec.decode(url)
    assert words.lower() in str(ei.value).lower(), str(ei.value)


def test_data_url_header_length_boundary(dec):
    payload = base64.b64encode(_PNG).decode()
    # Header = everything between "data:" and ","; at most 256 bytes accepted.
    head = "data:image/png;x=" + "a"
    ok = head + "a" * (256 - len(head) - len(";base64")) + ";base64"
    # "data:" + header is 256 bytes: the comma sits at index 256.
    base = ok + "," + payload
    assert base.index(",") == 256
    np.testing.assert_array_equal(dec.decode(base), pil_rgb(_PNG))
    too_long = ok[:10] + "a" + ok[10:] + "," + payload
    with pytest.raises(DecodeError, match="256"):
        dec.decode(too_long)


def test_data_url_payload_capped(dec):
    url = _url(_PNG)
    small = fastmedia.Decoder(threads=1, limits=Limits(max_encoded_bytes=len(_PNG) - 1))
    with pytest.raises(LimitExceeded, match=f"max_encoded_bytes={len(_PNG) - 1}"):
        small.decode(url)
    exact = fastmedia.Decoder(threads=1, limits=Limits(max_encoded_bytes=len(_PNG)))
    np.testing.assert_array_equal(exact.decode(url), pil_rgb(_PNG))
    # A huge payload is refused from its length, before base64-decoding it.
    huge = "data:image/png;base64," + "A" * (8 << 20)
    tiny = fastmedia.Decoder(threads=1, limits=Limits(max_encoded_bytes=1 << 20))
    with pytest.raises(LimitExceeded, match="max_encoded_bytes"):
        tiny.decode(huge)


# ------------------------------------------------------------------ limits

_IMG = Image.fromarray(photo_rgb(96, 64, seed=6))
_LIMIT_FORMATS = {
    "png": encode(_IMG, "PNG"),
    "jpeg": encode(_IMG, "JPEG"),
    "jpeg_progressive": encode(_IMG, "JPEG", progressive=True),
    "gif": encode(_IMG.convert("P"), "GIF"),
    "webp": encode(_IMG, "WEBP", lossless=True),
    "bmp": encode(_IMG, "BMP"),
    "tiff": encode(_IMG, "TIFF"),
}


def _limited(**kw):
    return fastmedia.Decoder(threads=1, limits=Limits(**kw))


@pytest.mark.parametrize("fmt", sorted(_LIMIT_FORMATS))
def test_dimension_limits(fmt):
    data = _LIMIT_FORMATS[fmt]
    cases = [
        (dict(max_width=95), ["96", "95", "max_width"]),
        (dict(max_height=63), ["64", "63", "max_height"]),
        (dict(max_pixels=96 * 64 - 1), ["96x64", str(96 * 64 - 1), "max_pixels"]),
        (dict(max_alloc=96 * 64 * 3 - 1), ["96x64", str(96 * 64 * 3 - 1), "max_alloc"]),
    ]
    for kw, words in cases:
        with pytest.raises(LimitExceeded) as ei:
            _limited(**kw).decode(data)
        msg = str(ei.value)
        for w in words:
            assert w in msg, f"{fmt} {kw}: {msg!r} lacks {w!r}"
    # At the limit: accepted.
    for kw in (
        dict(max_width=96),
        dict(max_height=64),
        dict(max_pixels=96 * 64),
        dict(max_width=96, max_height=64, max_pixels=96 * 64),
    ):
        assert _limited(**kw).decode(data).shape == (64, 96, 3), (fmt, kw)


def test_max_alloc_exact_for_direct_paths():
    # JPEG (libjpeg-turbo) and 8-bit RGB PNG decode straight into the output: needs exactly H*W*3.
    for fmt in ("png", "jpeg"):
        assert _limited(max_alloc=96 * 64 * 3).decode(_LIMIT_FORMATS[fmt]).shape == (64, 96, 3)
    gray = encode(_IMG.convert("L"), "PNG")
    native = fastmedia.Decoder(threads=1, channels="native", limits=Limits(max_alloc=96 * 64))
    assert native.decode(gray).shape == (64, 96, 1)
    with pytest.raises(LimitExceeded):
        fastmedia.Decoder(
            threads=1, channels="native", limits=Limits(max_alloc=96 * 64 - 1)
        ).decode(gray)


def test_max_encoded_bytes(dec):
    data = _LIMIT_FORMATS["png"]
    for kind in (bytes, bytearray, memoryview):
        with pytest.raises(LimitExceeded) as ei:
            _limited(max_encoded_bytes=len(data) - 1).decode(kind(data))
        assert str(len(data)) in str(ei.value) and f"max_encoded_bytes={len(data) - 1}" in str(
            ei.value
        )
        assert _limited(max_encoded_bytes=len(data)).decode(kind(data)).shape == (64, 96, 3)


def test_default_limits_refuse_over_128_mib():
    """Default max_alloc is 128 MiB: an 8000x6000 RGB output (144 MB) is refused from the
    header; with a raised max_alloc the header check passes (and the decode fails on the
    missing data instead, proving the limit was the reason)."""
    hdr = png_bytes(8000, 6000, color_type=2, depth=8, idat=zlib.compress(b"\x00" * 100))
    with pytest.raises(LimitExceeded, match="8000x6000"):
        fastmedia.Decoder(threads=1).decode(hdr)
    with pytest.raises(DecodeError) as ei:
        fastmedia.Decoder(threads=1, limits=Limits(max_alloc=200 << 20)).decode(hdr)
    assert not isinstance(ei.value, LimitExceeded)


def test_png_50000x50000_header_fails_fast(dec):
    data = png_bytes(50000, 50000, color_type=2, depth=8, idat=zlib.compress(b"\x00" * 4096))
    assert len(data) < 400
    with pytest.raises(LimitExceeded) as ei:
        dec.decode(data)
    assert "50000x50000" in str(ei.value) and "max_alloc=134217728" in str(ei.value)
    with pytest.raises(LimitExceeded, match="max_width=4096"):
        _limited(max_width=4096).decode(data)


# ------------------------------------------------------------------ bombs: peak RSS


def _deflate_bomb_png(w: int, h: int) -> bytes:
    """A real deflate bomb: w x h RGB of zeros, every byte of the IDAT stream valid."""
    row = b"\x00" * (1 + 3 * w)
    # After a full flush the compressor state is reset, so one row's block can be repeated.
    one = zlib.compressobj(9)
    first = one.compress(row) + one.flush(zlib.Z_FULL_FLUSH)
    rep = one.compress(row) + one.flush(zlib.Z_FULL_FLUSH)
    tail = one.flush(zlib.Z_FINISH)
    adler = 1
    for _ in range(h):
        adler = zlib.adler32(row, adler)
    body = first + rep * (h - 1) + tail[:-4] + adler.to_bytes(4, "big")
    return png_bytes(w, h, color_type=2, depth=8, idat=body)


def test_deflate_bomb_builder_is_valid():
    small = _deflate_bomb_png(300, 200)
    im = Image.open(__import__("io").BytesIO(small))
    im.load()
    assert im.size == (300, 200) and not np.asarray(im).any()
    np.testing.assert_array_equal(
        fastmedia.Decoder(threads=1).decode(small), np.zeros((200, 300, 3), np.uint8)
    )


_RSS_SCRIPT = textwrap.dedent(
    r"""
    import json, sys, time, io, zlib
    sys.path.insert(0, sys.argv[1])
    import fastmedia, numpy as np

    def hwm_kb():
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])

    paths = json.loads(sys.argv[2])
    d = fastmedia.Decoder(threads=2)
    warm = d.decode(open(paths.pop("__warm__"), "rb").read())
    del warm
    base = hwm_kb()
    out = {}
    for name, p in paths.items():
        data = open(p, "rb").read()
        t = time.perf_counter()
        for _ in range(5):
            try:
                d.decode(data)
                res = "ok"
            except fastmedia.FastmediaError as e:
                res = type(e).__name__ + ": " + str(e)[:120]
        out[name] = {
            "result": res,
            "ms": (time.perf_counter() - t) * 200,
            "hwm_growth_kb": hwm_kb() - base,
        }
    print(json.dumps(out))
    """
)


def test_bombs_do_not_allocate(tmp_path, corpus):
    """Decode every bomb (5x each) in a fresh process and read its peak RSS (VmHWM): the
    promised images are 1.2-30 GB; peak growth must stay under 64 MiB."""
    bombs = {p.name: str(p) for p in MALFORMED if p.name.startswith("bomb_")}
    gen = tmp_path / "gen_deflate_bomb_20000x20000.png"
    gen.write_bytes(_deflate_bomb_png(20000, 20000))
    bombs[gen.name] = str(gen)
    hdr = tmp_path / "gen_header_50000x50000.png"
    hdr.write_bytes(
        png_bytes(50000, 50000, color_type=6, depth=16, idat=zlib.compress(b"\x00" * 64))
    )
    bombs[hdr.name] = str(hdr)
    jpg = tmp_path / "gen_jpeg_65535x65535.jpg"
    j = bytearray(_LIMIT_FORMATS["jpeg"])
    i = j.index(b"\xff\xc0")
    j[i + 5 : i + 9] = (65535).to_bytes(2, "big") * 2
    jpg.write_bytes(bytes(j))
    bombs[jpg.name] = str(jpg)
    warm = corpus / "formats" / "rgb.png"
    bombs["__warm__"] = str(warm)
    proc = subprocess.run(
        [sys.executable, "-c", _RSS_SCRIPT, str(REPO / "python"), json.dumps(bombs)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    for name, r in sorted(out.items()):
        print(
            f"[bomb] {name:40s} {r['ms']:8.2f} ms/decode  "
            f"peak RSS +{r['hwm_growth_kb'] / 1024:6.1f} MiB  {r['result']}"
        )
    assert len(out) >= 4
    for name, r in out.items():
        assert r["result"] != "ok", f"{name} decoded"
        assert r["result"].split(":")[0] in ("LimitExceeded", "DecodeError", "UnsupportedFormat"), r
        assert r["hwm_growth_kb"] < 64 * 1024, (name, r)


# ------------------------------------------------------------------ input types & classes


def test_input_types(dec):
    want = pil_rgb(_PNG)
    for item in (_PNG, bytearray(_PNG), memoryview(_PNG), memoryview(bytearray(_PNG)), _url(_PNG)):
        np.testing.assert_array_equal(dec.decode(item), want, err_msg=type(item).__name__)
    # A slice of a larger buffer (memoryview with an offset), and a uint8 numpy buffer.
    padded = b"xxxx" + _PNG + b"yyyy"
    np.testing.assert_array_equal(dec.decode(memoryview(padded)[4:-4]), want)
    np.testing.assert_array_equal(dec.decode(np.frombuffer(_PNG, np.uint8)), want)


def _stored_png(px: np.ndarray) -> bytes:
    """RGB PNG with stored (uncompressed) deflate: equal sizes give equal file lengths."""
    h, w, _ = px.shape
    raw = b"".join(b"\x00" + px[y].tobytes() for y in range(h))
    return png_bytes(w, h, color_type=2, depth=8, idat=zlib.compress(raw, 0))


def test_bytearray_input_is_copied_before_decode(dec):
    """The GIL is released while decoding, so a bytearray can change under a running decode;
    the decoder copies it at the call. A thread keeps swapping two PNGs of the same length
    in the buffer while decodes run: every result must be exactly one of the two images
    (a decoder reading the live buffer would see a mix, and fail the CRC or the pixels)."""
    a_px, b_px = photo_rgb(1024, 512, seed=1), photo_rgb(1024, 512, seed=2)
    png_a, png_b = _stored_png(a_px), _stored_png(b_px)
    assert len(png_a) == len(png_b) and png_a != png_b
    buf = bytearray(png_a)
    flips = 0
    stop = threading.Event()

    def swap() -> None:
        nonlocal flips
        while not stop.is_set():
            buf[:] = png_b if flips % 2 == 0 else png_a  # same length: in place, atomic
            flips += 1

    t = threading.Thread(target=swap)
    t.start()
    overlapped = 0
    try:
        for _ in range(1000):
            before = flips
            out = dec.decode(buf)
            assert np.array_equal(out, a_px) or np.array_equal(out, b_px), (
                "decoded a mix of two buffer states"
            )
            overlapped += flips - before >= 2  # the buffer changed while this call ran
            if overlapped >= 20:
                break
    finally:
        stop.set()
        t.join()
    assert overlapped >= 20, f"the buffer changed during only {overlapped} decodes"


def test_bad_input_types(dec):
    for bad in (5, None, 3.5, [1, 2], {"a": 1}, object()):
        with pytest.raises(TypeError):
            dec.decode(bad)
    with pytest.raises(TypeError):
        dec.decode(np.zeros(4, np.float32))  # buffer of non-bytes items


def test_non_data_url_str(dec):
    """A str that is not a data URL is refused with DecodeError (a ValueError) that says a
    data URL is expected; http(s) URLs are refused unless the Decoder has a fetcher."""
    for s in ("hello", "", "/tmp/cat.jpg", base64.b64encode(_PNG).decode()):
        with pytest.raises(DecodeError, match="data URL"):
            dec.decode(s)
    with pytest.raises(DecodeError, match="fetcher"):
        dec.decode("https://example.com/cat.jpg")


def test_exception_hierarchy():
    assert issubclass(fastmedia.FastmediaError, Exception)
    assert issubclass(DecodeError, ValueError) and issubclass(DecodeError, FastmediaError)
    for cls in (LimitExceeded, UnsupportedFormat):
        assert (
            issubclass(cls, DecodeError)
            and issubclass(cls, ValueError)
            and issubclass(cls, FastmediaError)
        )
    assert not issubclass(LimitExceeded, UnsupportedFormat) and not issubclass(
        UnsupportedFormat, LimitExceeded
    )
    assert issubclass(fastmedia.ConfigError, ValueError) and issubclass(
        fastmedia.ConfigError, FastmediaError
    )
    assert not issubclass(fastmedia.ConfigError, DecodeError)
    # ResponseTooLarge is raised by the Fetcher and exported with the rest of the family.
    from fastmedia.fetch import ResponseTooLarge

    assert fastmedia.ResponseTooLarge is ResponseTooLarge
    assert "ResponseTooLarge" in fastmedia.__all__ and "ConfigError" in fastmedia.__all__
    assert issubclass(ResponseTooLarge, fastmedia.FetchError) and issubclass(
        ResponseTooLarge, LimitExceeded
    )
    for name in ("NixlUnavailable", "NixlError", "PoolExhausted", "TransferError", "ClosedError"):
        cls = getattr(fastmedia, name)
        assert issubclass(cls, RuntimeError) and issubclass(cls, FastmediaError), name
        assert not issubclass(cls, DecodeError), name
    assert issubclass(fastmedia.FetchError, OSError) and issubclass(
        fastmedia.FetchError, FastmediaError
    )
    assert issubclass(fastmedia.UrlRejected, fastmedia.FetchError) and issubclass(
        fastmedia.UrlRejected, ValueError
    )
    assert issubclass(fastmedia.FetchTimeout, fastmedia.FetchError) and issubclass(
        fastmedia.FetchTimeout, TimeoutError
    )
    # The same classes from both import paths.
    import fastmedia.errors as fe

    assert fe.DecodeError is DecodeError and fe.LimitExceeded is LimitExceeded
    # Raised instances are catchable as ValueError (what web frameworks map to HTTP 400).
    with pytest.raises(ValueError):
        fastmedia.Decoder(threads=1).decode(b"")


def test_bad_decoder_arguments():
    # A bad argument is the caller's mistake, not bad input: ConfigError (a ValueError), never
    # a DecodeError that a server would answer with "your image is broken".
    with pytest.raises(fastmedia.ConfigError, match="channels") as ei:
        fastmedia.Decoder(channels="bgr")
    assert not isinstance(ei.value, DecodeError)
    with pytest.raises(fastmedia.ConfigError, match="threads") as ei:
        fastmedia.Decoder(threads=0)
    assert not isinstance(ei.value, DecodeError)
    with pytest.raises(fastmedia.ConfigError, match="channels"):
        fastmedia.Decoder(channels=3)  # type: ignore[arg-type]
    assert fastmedia.Decoder().threads == len(os.sched_getaffinity(0))
    assert fastmedia.Decoder(threads=3).threads == 3
