"""``Decoder.decode_pil``: the pixels of ``decode`` as a PIL image over the decoder's own
memory (Pillow's layout, wrapped by ``Image.fromarrow``), with ``decode``'s errors and limits.
"""

from __future__ import annotations

import gc
import threading

import numpy as np
import pytest
from PIL import Image

import fastmedia
from fastmedia.errors import DecodeError, LimitExceeded
from tests.helpers import FIXTURES

FORMATS = sorted((FIXTURES / "formats").iterdir())
JPEG_640 = sorted((FIXTURES / "jpeg_640x480").glob("*.jpg"))
MODES = {1: "L", 2: "LA", 3: "RGB", 4: "RGBA"}
OPTIONS = [
    {},
    {"exif_orientation": True, "background": (255, 255, 255)},
    {"channels": "native"},
]


def _as_decoded(image: Image.Image) -> np.ndarray:
    arr = np.asarray(image)
    return arr[:, :, None] if arr.ndim == 2 else arr


@pytest.mark.parametrize("opts", OPTIONS, ids=["rgb", "vllm", "native"])
@pytest.mark.parametrize("path", FORMATS + JPEG_640[:2], ids=lambda p: p.name)
def test_pixels_and_mode_are_decodes(path, opts):
    dec = fastmedia.Decoder(threads=1, **opts)
    data = path.read_bytes()
    want = dec.decode(data)
    image = dec.decode_pil(data)
    assert image.mode == MODES[want.shape[2]]
    assert image.size == (want.shape[1], want.shape[0])
    np.testing.assert_array_equal(_as_decoded(image), want)


@pytest.mark.parametrize(
    "path",
    [FIXTURES / "formats" / n for n in ("rgb_q95.jpg", "gray.jpg", "rgb.png")],
    ids=lambda p: p.name,
)
def test_pad_byte_is_pillows(path):
    # Pillow keeps RGB in 4 bytes a pixel, the fourth 255 (its unpacker's): the direct JPEG
    # path (libjpeg-turbo's RGBA) and the widened one must write the same.
    data = path.read_bytes()
    image = fastmedia.Decoder(threads=1).decode_pil(data)
    ours = np.frombuffer(image.tobytes("raw", "RGBX"), np.uint8).reshape(-1, 4)
    pillows = np.frombuffer(Image.open(path).convert("RGB").tobytes("raw", "RGBX"), np.uint8)
    assert (ours[:, 3] == 255).all()
    np.testing.assert_array_equal(ours, pillows.reshape(-1, 4))


def test_image_shares_the_decoders_memory():
    dec = fastmedia.Decoder(threads=1)
    buf = dec._core.decode_pillow(JPEG_640[0].read_bytes())
    image = Image.fromarrow(buf, "RGB", (buf.shape[1], buf.shape[0]))
    before = image.getpixel((0, 0))
    np.asarray(buf)[0, 0, :3] = [(v + 1) % 256 for v in before]
    assert image.getpixel((0, 0)) == tuple((v + 1) % 256 for v in before)


def test_image_outlives_everything_else_and_edits_copy():
    dec = fastmedia.Decoder(threads=1)
    data = JPEG_640[0].read_bytes()
    want = dec.decode(data)
    image = dec.decode_pil(data)
    dec.close()
    del dec
    gc.collect()
    np.testing.assert_array_equal(np.asarray(image), want)
    # Read-only memory: Pillow copies it on the first in-place edit.
    image.putpixel((0, 0), (1, 2, 3))
    assert image.getpixel((0, 0)) == (1, 2, 3)
    np.testing.assert_array_equal(np.asarray(image)[1:], want[1:])


def test_memory_returns_to_the_recycler_when_the_image_dies():
    fastmedia.media.decoder.set_recycle_limit(None)
    dec = fastmedia.Decoder(threads=1)
    data = (FIXTURES / "jpeg_mosaic_1920x1080").glob("*.jpg").__next__().read_bytes()
    dec.decode_pil(data)  # warm: one 1080p RGBA buffer in the cache afterwards
    gc.collect()
    cached = fastmedia.media.decoder.recycle_stats()["recycled_bytes"]
    assert cached >= 1920 * 1080 * 4
    image = dec.decode_pil(data)
    assert fastmedia.media.decoder.recycle_stats()["recycled_bytes"] < cached  # taken from it
    del image
    gc.collect()
    assert fastmedia.media.decoder.recycle_stats()["recycled_bytes"] == cached  # and given back


def test_release_from_another_thread_is_safe():
    dec = fastmedia.Decoder(threads=1)
    data = JPEG_640[0].read_bytes()
    images = [dec.decode_pil(data) for _ in range(8)]
    done = threading.Event()

    def drop() -> None:
        images.clear()
        gc.collect()
        done.set()

    threading.Thread(target=drop).start()
    assert done.wait(60)
    np.testing.assert_array_equal(np.asarray(dec.decode_pil(data)), dec.decode(data))


def test_limits_count_pillows_four_bytes():
    data = (FIXTURES / "formats" / "rgb_q95.jpg").read_bytes()
    w, h = Image.open(FIXTURES / "formats" / "rgb_q95.jpg").size
    dec = fastmedia.Decoder(threads=1, limits={"max_alloc": w * h * 3})
    assert dec.decode(data).shape == (h, w, 3)
    with pytest.raises(LimitExceeded, match="Pillow's layout"):
        dec.decode_pil(data)
    png = fastmedia.Decoder(threads=1, limits={"max_alloc": 320 * 240 * 3})
    with pytest.raises(LimitExceeded, match="Pillow's layout"):
        png.decode_pil((FIXTURES / "formats" / "rgb.png").read_bytes())


@pytest.mark.parametrize("path", sorted((FIXTURES / "malformed").iterdir()), ids=lambda p: p.name)
def test_errors_are_decodes(path):
    dec = fastmedia.Decoder(threads=1)
    data = path.read_bytes()
    try:
        dec.decode(data)
    except DecodeError as e:
        with pytest.raises(type(e)):
            dec.decode_pil(data)
    else:
        np.testing.assert_array_equal(_as_decoded(dec.decode_pil(data)), dec.decode(data))


def test_without_fromarrow_the_pixels_are_copied(monkeypatch):
    monkeypatch.delattr(Image, "fromarrow")
    for opts in OPTIONS:
        dec = fastmedia.Decoder(threads=1, **opts)
        for path in FORMATS:
            data = path.read_bytes()
            image = dec.decode_pil(data)
            want = dec.decode(data)
            assert image.mode == MODES[want.shape[2]]
            np.testing.assert_array_equal(_as_decoded(image), want)
