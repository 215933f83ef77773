"""decode_batch, decode_async, and the arrays' memory semantics (ownership, recycling)."""

from __future__ import annotations

import asyncio
import gc
import threading

import numpy as np
import pytest
from PIL import Image

import fastmedia
from fastmedia import DecodeError, LimitExceeded, UnsupportedFormat
from tests.helpers import corpus_files, encode, photo_rgb, pil_rgb

_IMGS = [
    encode(Image.fromarray(photo_rgb(40 + 8 * i, 30 + 4 * i, seed=i)), fmt)
    for i, fmt in enumerate(["PNG", "JPEG", "WEBP", "BMP", "GIF", "TIFF", "PNG", "JPEG"])
]


def _mosaic() -> bytes:
    return corpus_files("jpeg_mosaic_1920x1080")[0].read_bytes()


# ------------------------------------------------------------------ decode_batch


def test_batch_order_and_pixels(dec):
    items = _IMGS * 3
    out = dec.decode_batch(items)
    assert len(out) == len(items)
    for arr, data in zip(out, items, strict=True):
        np.testing.assert_array_equal(arr, pil_rgb(data))


def test_batch_mixed_input_kinds(dec):
    import base64

    png = _IMGS[0]
    items = [
        png,
        bytearray(png),
        memoryview(png),
        "data:image/png;base64," + base64.b64encode(png).decode(),
    ]
    out = dec.decode_batch(items)
    for a in out:
        np.testing.assert_array_equal(a, pil_rgb(png))


def test_batch_raises_first_error_in_input_order(dec):
    items = [_IMGS[0], b"not an image", b"", _IMGS[1]]
    with pytest.raises(UnsupportedFormat):
        dec.decode_batch(items)
    with pytest.raises(DecodeError, match="empty"):
        dec.decode_batch([_IMGS[0], b"", b"not an image"])
    with pytest.raises(TypeError):
        dec.decode_batch([_IMGS[0], 42])


def test_batch_return_exceptions_in_place(dec):
    bomb = b"\x89PNG\r\n\x1a\n" + _IMGS[0][8:16] + (50000).to_bytes(4, "big") * 2 + _IMGS[0][24:]
    items = [_IMGS[0], b"", _IMGS[1], 42, "hello", bomb, _IMGS[2]]
    out = dec.decode_batch(items, return_exceptions=True)
    assert len(out) == len(items)
    np.testing.assert_array_equal(out[0], pil_rgb(_IMGS[0]))
    assert isinstance(out[1], DecodeError)
    np.testing.assert_array_equal(out[2], pil_rgb(_IMGS[1]))
    assert isinstance(out[3], TypeError)
    assert isinstance(out[4], DecodeError) and "data URL" in str(out[4])
    assert isinstance(out[5], DecodeError)  # LimitExceeded or CRC error: typed either way
    np.testing.assert_array_equal(out[6], pil_rgb(_IMGS[2]))


def test_batch_limit_exceeded_in_place():
    d = fastmedia.Decoder(threads=2, limits=fastmedia.Limits(max_pixels=50 * 40))
    out = d.decode_batch([_IMGS[0], _IMGS[3]], return_exceptions=True)
    assert out[0].shape == (30, 40, 3)
    assert isinstance(out[1], LimitExceeded) and "max_pixels=2000" in str(out[1])


def test_batch_empty(dec):
    assert dec.decode_batch([]) == []
    assert dec.decode_batch((), return_exceptions=True) == []


# ------------------------------------------------------------------ decode_async


async def test_decode_async_pixels(dec):
    arr = await dec.decode_async(_IMGS[1])
    np.testing.assert_array_equal(arr, pil_rgb(_IMGS[1]))
    with pytest.raises(DecodeError):
        await dec.decode_async(b"")
    outs = await asyncio.gather(*(dec.decode_async(d) for d in _IMGS))
    for a, d in zip(outs, _IMGS, strict=True):
        np.testing.assert_array_equal(a, pil_rgb(d))
    res = await asyncio.gather(
        dec.decode_async(b"junk"), dec.decode_async(_IMGS[0]), return_exceptions=True
    )
    assert isinstance(res[0], UnsupportedFormat) and res[1].shape == (30, 40, 3)


async def test_decode_async_does_not_block_the_loop():
    """Decodes run off the loop thread while the loop keeps running. The core's decode is
    wrapped so that it waits until the loop has run a tick after a decode started: if a
    decode ran on the loop thread, that tick could never come and the wait would fail.
    Events, not timings: a busy machine cannot make this fail."""
    d = fastmedia.Decoder(threads=2)
    data = _mosaic()
    real = d._core
    loop_thread = threading.get_ident()
    started, ticked = threading.Event(), threading.Event()
    threads: list[int] = []

    class WaitsForTheLoop:
        def __getattr__(self, name):
            return getattr(real, name)

        def decode(self, *args, **kwargs):
            threads.append(threading.get_ident())
            started.set()
            assert ticked.wait(120), "the event loop did not run while a decode was in flight"
            return real.decode(*args, **kwargs)

    d._core = WaitsForTheLoop()
    stop = False

    async def ticker():
        while not stop:
            if started.is_set():
                ticked.set()
            await asyncio.sleep(0)

    t = asyncio.create_task(ticker())
    outs = await asyncio.gather(*(d.decode_async(data) for _ in range(4)))
    stop = True
    await t
    assert all(o.shape == (1080, 1920, 3) for o in outs)
    assert len(threads) == 4 and loop_thread not in threads


async def test_decode_batch_async(dec):
    out = await dec.decode_batch_async([*_IMGS, b""], return_exceptions=True)
    assert isinstance(out[-1], DecodeError)
    for a, d in zip(out[:-1], _IMGS, strict=True):
        np.testing.assert_array_equal(a, pil_rgb(d))


# ------------------------------------------------------------------ arrays


def test_array_layout(dec, dec_native):
    for d in (dec, dec_native):
        for data in _IMGS:
            a = d.decode(data)
            assert isinstance(a, np.ndarray) and a.dtype == np.uint8 and a.ndim == 3
            assert a.flags.c_contiguous and a.flags.writeable
            assert a.strides == (a.shape[1] * a.shape[2], a.shape[2], 1)


def test_array_is_writable_and_private(dec):
    a = dec.decode(_IMGS[0])
    b = dec.decode(_IMGS[0])
    a[:] = 7
    assert (a == 7).all()
    np.testing.assert_array_equal(b, pil_rgb(_IMGS[0]))  # separate memory


def test_pixel_buffer_exports_one_fixed_block(dec):
    """Every export of a PixelBuffer (from any thread) is the same memory, as long as len()."""
    import threading

    a = dec.decode(_IMGS[0])
    pb = a.base.obj  # the memoryview np.asarray made over the PixelBuffer
    assert type(pb).__name__ == "PixelBuffer"
    assert len(pb) == a.nbytes and pb.shape == a.shape
    addrs = []

    def export():
        for _ in range(200):
            with memoryview(pb) as m:
                addrs.append(np.asarray(m).__array_interface__["data"][0])

    threads = [threading.Thread(target=export) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert set(addrs) == {a.__array_interface__["data"][0]}
    with memoryview(pb) as m:
        m[0, 0, 0] = 123
    assert a[0, 0, 0] == 123


def test_array_owns_memory_without_copy(dec):
    """The array's base keeps the Rust buffer alive (no copy): the base exports the same
    memory, and the array stays valid after the decoder and every other reference die."""
    d = fastmedia.Decoder(threads=1)
    data = _mosaic()
    a = d.decode(data)
    base = a.base
    assert base is not None
    assert np.asarray(base).__array_interface__["data"][0] == a.__array_interface__["data"][0]
    want = pil_rgb(data)
    del d
    gc.collect()
    view = a[100:200, 50:60]
    del a
    gc.collect()
    # Churn: decode and free other images of the same size; they must not reuse our buffer.
    d2 = fastmedia.Decoder(threads=2)
    for _ in range(4):
        x = d2.decode(encode(Image.fromarray(np.full((1080, 1920, 3), 9, np.uint8)), "BMP"))
        del x
    np.testing.assert_array_equal(view, want[100:200, 50:60])


def test_recycled_buffers_never_leak_old_pixels():
    """Decode a big image, free it, decode smaller ones (each fits in the freed buffer):
    every result must equal Pillow's, whatever format and size."""
    d = fastmedia.Decoder(threads=1)
    big = np.full((1080, 1920, 3), 200, np.uint8)
    big_png = encode(Image.fromarray(big), "PNG")
    smaller = [
        _mosaic(),
        encode(Image.fromarray(photo_rgb(1700, 1000, seed=3)), "PNG"),
        encode(Image.fromarray(photo_rgb(1800, 1000, seed=4)).convert("P"), "GIF"),
        encode(Image.fromarray(photo_rgb(1600, 1050, seed=5)), "WEBP", lossless=True, method=0),
        encode(Image.fromarray(photo_rgb(1750, 1000, seed=6)), "JPEG"),
        encode(Image.fromarray(photo_rgb(1900, 1000, seed=7)).convert("L"), "PNG"),
    ]
    for data in smaller:
        a = d.decode(big_png)
        assert (a == 200).all()
        del a
        got = d.decode(data)
        np.testing.assert_array_equal(got, pil_rgb(data))
        del got
    # Native gray into a recycled RGB buffer: the exact (smaller) length, right pixels.
    n = fastmedia.Decoder(threads=1, channels="native")
    a = n.decode(big_png)
    del a
    g = encode(Image.fromarray(photo_rgb(1920, 1080, seed=8)).convert("L"), "PNG")
    got = n.decode(g)
    assert got.shape == (1080, 1920, 1)
    np.testing.assert_array_equal(got[:, :, 0], np.asarray(Image.open(__import__("io").BytesIO(g))))


def test_arrays_survive_many_decodes(dec):
    keep = [dec.decode(_IMGS[i % len(_IMGS)]) for i in range(40)]
    for i, a in enumerate(keep):
        np.testing.assert_array_equal(a, pil_rgb(_IMGS[i % len(_IMGS)]))


def test_content_hash_test_vector():
    """Dynamo's xxh3-64 of the bytes 0..5 (no NIXL involved: it runs everywhere)."""
    assert (
        fastmedia.content_hash(np.arange(6, dtype=np.uint8).reshape(1, 2, 3)) == "7a9bbcb11a898630"
    )
