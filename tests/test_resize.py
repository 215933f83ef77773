"""Resize in the frontend: HF smart_resize sizes, Pillow-matching filters, draft mode,
per-call specs, and resized descriptors read over NIXL by fastmedia's and a Dynamo-style
reader in other processes."""

from __future__ import annotations

import io
import json
import math
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import fastmedia
from fastmedia import Resize
from tests.helpers import CORPUS, FIXTURES, corpus_files, file_id

HERE = Path(__file__).resolve().parent


def hf_smart_resize(height, width, factor=28, min_pixels=56 * 56, max_pixels=14 * 14 * 4 * 1280):
    """The published formula: transformers' qwen2_vl image processor (also Qwen2.5/3-VL)."""
    if max(height, width) / min(height, width) > 200:
        raise ValueError("absolute aspect ratio must be smaller than 200")
    h_bar = round(height / factor) * factor
    w_bar = round(width / factor) * factor
    if h_bar * w_bar > max_pixels:
        beta = math.sqrt((height * width) / max_pixels)
        h_bar = max(factor, math.floor(height / beta / factor) * factor)
        w_bar = max(factor, math.floor(width / beta / factor) * factor)
    elif h_bar * w_bar < min_pixels:
        beta = math.sqrt(min_pixels / (height * width))
        h_bar = math.ceil(height * beta / factor) * factor
        w_bar = math.ceil(width * beta / factor) * factor
    return h_bar, w_bar


SIZES = [
    # tiny
    (1, 1), (1, 2), (10, 10), (14, 14), (27, 29), (42, 70), (56, 56), (100, 37),
    # common
    (480, 640), (1080, 1920), (2160, 3840), (3024, 4032), (1125, 1999), (512, 512),
    # half-way ties for Python's round (half to even)
    (14, 42), (70, 98), (126, 154), (16, 48), (80, 112),
    # huge
    (15000, 20000), (65535, 65535), (40000, 30000),
    # extreme aspect ratios (200:1 is allowed, more is not)
    (28, 5600), (5600, 28), (10, 2000), (1, 200), (300, 59999),
]  # fmt: skip

PRESETS = {
    "qwen2_vl": (Resize.qwen2_vl(), dict(factor=28, min_pixels=56 * 56, max_pixels=28 * 28 * 1280)),
    "qwen3_vl": (Resize.qwen3_vl(), dict(factor=32, min_pixels=256 * 256, max_pixels=4096**2)),
    "small_budget": (
        Resize(max_pixels=256 * 28 * 28, min_pixels=4 * 28 * 28, factor=28),
        dict(factor=28, min_pixels=4 * 28 * 28, max_pixels=256 * 28 * 28),
    ),
    "qwen2_5_vl_hub": (
        Resize.qwen2_vl(min_pixels=3136, max_pixels=12845056),
        dict(factor=28, min_pixels=3136, max_pixels=12845056),
    ),
}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_target_size_matches_hf_smart_resize_table(preset):
    r, kw = PRESETS[preset]
    checked = 0
    for h, w in SIZES:
        try:
            want = hf_smart_resize(h, w, **kw)
        except ValueError:
            with pytest.raises(ValueError, match="aspect ratio"):
                r.target_size(h, w)
            continue
        assert r.target_size(h, w) == want, (h, w)
        checked += 1
    assert checked >= len(SIZES) - 4


def test_target_size_matches_hf_on_random_sizes():
    rng = random.Random(13)
    r, kw = PRESETS["qwen2_vl"]
    q3, kw3 = PRESETS["qwen3_vl"]
    for _ in range(3000):
        h = rng.randint(1, 9000)
        w = rng.randint(max(1, math.ceil(h / 200)), min(9000, h * 200))
        assert r.target_size(h, w) == hf_smart_resize(h, w, **kw), (h, w)
        assert q3.target_size(h, w) == hf_smart_resize(h, w, **kw3), (h, w)


def test_presets_are_the_documented_processor_defaults():
    assert Resize.qwen2_vl() == Resize(max_pixels=28 * 28 * 1280, min_pixels=56 * 56, factor=28)
    assert Resize.qwen3_vl() == Resize(max_pixels=16777216, min_pixels=65536, factor=32)
    assert Resize.qwen2_vl().target_size(2160, 3840) == (728, 1316)


def test_max_pixels_alone_keeps_aspect_and_never_upscales():
    r = Resize(max_pixels=1_000_000)
    assert r.target_size(600, 800) == (600, 800)
    for h, w in [(2160, 3840), (3000, 4000), (4000, 1000), (10, 5_000_000)]:
        th, tw = r.target_size(h, w)
        assert th * tw <= 1_000_000 and th <= h and tw <= w
        assert abs(tw / th - w / h) / (w / h) < 0.01 or min(th, tw) < 100
    # min_pixels is what scales up.
    assert Resize(min_pixels=10_000).target_size(10, 10) == (100, 100)
    assert Resize(size=(7, 9)).target_size(100, 50) == (7, 9)
    assert Resize().target_size(123, 45) == (123, 45)


@pytest.mark.parametrize(
    "kw",
    [
        dict(factor=0),
        dict(max_pixels=0),
        dict(min_pixels=100, max_pixels=10),
        dict(size=(0, 5)),
        dict(size=(5, 5), max_pixels=100),
        dict(filter="nearest"),
    ],
)
def test_bad_specs_raise_value_error(kw):
    with pytest.raises(fastmedia.ConfigError):
        Resize(**kw)


def test_resize_must_be_a_resize():
    with pytest.raises(TypeError):
        fastmedia.Decoder(resize=(1, 2))  # type: ignore[arg-type]


# ------------------------------------------------------------------ pixels against Pillow

PIL_FILTERS = {
    "bicubic": Image.Resampling.BICUBIC,
    "bilinear": Image.Resampling.BILINEAR,
    "lanczos": Image.Resampling.LANCZOS,
}


def photos() -> list[Path]:
    """Every corpus photo (all JPEG/WebP/PNG photo folders), at least the fixtures."""
    out = [
        p
        for p in corpus_files()
        if p.parent.name not in ("formats",) and p.suffix in (".jpg", ".png", ".webp")
    ]
    assert out, f"no photos under {CORPUS}"
    return out


def pillow_rgb(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def diff(a: np.ndarray, b: np.ndarray) -> tuple[float, int]:
    d = np.abs(a.astype(np.int16) - b.astype(np.int16))
    return float(d.mean()), int(d.max())


@pytest.mark.parametrize("path", photos(), ids=file_id)
def test_bicubic_matches_pillow_on_every_corpus_photo(path):
    data = path.read_bytes()
    r = Resize.qwen2_vl()
    got = fastmedia.Decoder(threads=1, resize=r).decode(data)
    im = pillow_rgb(data)
    th, tw = r.target_size(im.height, im.width)
    want = np.asarray(im.resize((tw, th), Image.Resampling.BICUBIC))
    assert got.shape == want.shape == (th, tw, 3)
    mean, mx = diff(got, want)
    assert mean <= 0.5 and mx <= 2, (mean, mx)


@pytest.mark.parametrize("filt", list(PIL_FILTERS))
@pytest.mark.parametrize(
    "size",
    [(300, 400), (97, 1201), (1000, 10), (2000, 2500), (1000, 2000), (1200, 1000)],
    ids=lambda s: f"{s[0]}x{s[1]}",
)
def test_filters_match_pillow_down_and_up(filt, size):
    data = (FIXTURES / "jpeg_mosaic_1920x1080").glob("*.jpg").__next__().read_bytes()
    got = fastmedia.Decoder(threads=1).decode(data, resize=Resize(size=size, filter=filt))
    want = np.asarray(pillow_rgb(data).resize(size[::-1], PIL_FILTERS[filt]))
    assert got.shape == want.shape
    mean, mx = diff(got, want)
    assert mean <= 0.5 and mx <= 2, (mean, mx)


@pytest.mark.parametrize(
    "src,dst",
    # (w, h) -> (w, h): Pillow runs the vertical pass first when the height loses more than
    # twice the pixels the width does (the first three), else the horizontal pass.
    [((160, 288), (70, 90)), ((100, 150), (50, 40)), ((100, 100), (150, 50)),
     ((100, 100), (50, 40)), ((288, 160), (90, 70))],
    ids=str,
)  # fmt: skip
def test_pass_order_like_pillow_on_hard_edges(src, dst):
    # Black/white noise with Lanczos' large lobes: each pass clips to u8, so the wrong order
    # is 15-20 levels off.
    rng = np.random.default_rng(7)
    px = ((rng.random((src[1], src[0], 3)) > 0.5) * 255).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(px).save(buf, format="PNG")
    r = Resize(size=(dst[1], dst[0]), filter="lanczos")
    got = fastmedia.Decoder(threads=1).decode(buf.getvalue(), resize=r)
    want = np.asarray(Image.fromarray(px).resize(dst, Image.LANCZOS))
    mean, mx = diff(got, want)
    assert mean <= 0.5 and mx <= 2, (mean, mx)


@pytest.mark.parametrize(
    "name,mode", [("gray.png", "L"), ("gray_alpha.png", "LA"), ("rgba.png", "RGBA")]
)
def test_native_channels_and_alpha_like_pillow(name, mode):
    path = FIXTURES / "formats" / name
    if not path.exists():
        path = CORPUS / "formats" / name
    if not path.exists():
        pytest.skip(f"{name} is in neither corpus")  # pragma: no cover
    data = path.read_bytes()
    im = Image.open(io.BytesIO(data))
    assert im.mode == mode
    size = (max(1, im.height // 3), max(1, im.width // 3) + 1)
    got = fastmedia.Decoder(channels="native").decode(data, resize=Resize(size=size))
    want = np.asarray(im.resize(size[::-1], Image.Resampling.BICUBIC))
    want = want.reshape(want.shape[0], want.shape[1], -1)
    assert got.shape == want.shape
    if mode == "L":
        mean, mx = diff(got, want)
        assert mean <= 0.5 and mx <= 2, (mean, mx)
        return
    # Both filter premultiplied colour (Pillow's RGBa/La); a 1-level rounding difference
    # there becomes up to 255/alpha levels once divided back, so compare premultiplied.
    assert diff(got[..., -1], want[..., -1])[1] <= 2
    ga, wa = got[..., -1:].astype(float) / 255, want[..., -1:].astype(float) / 255
    pm = np.abs(got[..., :-1] * ga - want[..., :-1] * wa)
    assert pm.mean() <= 0.5 and pm.max() <= 2, (pm.mean(), pm.max())


def jpeg_photos() -> list[Path]:
    return [p for p in photos() if p.suffix == ".jpg"]


@pytest.mark.parametrize("path", jpeg_photos(), ids=file_id)
def test_draft_is_close_to_exact(path):
    data = path.read_bytes()
    exact = fastmedia.Decoder(threads=1, resize=Resize.qwen2_vl()).decode(data)
    draft = fastmedia.Decoder(threads=1, resize=Resize.qwen2_vl(draft=True)).decode(data)
    assert draft.shape == exact.shape
    mean, _ = diff(draft, exact)
    assert mean <= 2.0, mean


def test_draft_scales_in_the_dct_like_pillow():
    # 1920x1080 to 256x144 is 7.5x: libjpeg-turbo decodes at 1/4 (480x270), like Pillow's
    # draft(); then the exact filter. Pillow's draft + BICUBIC is the reference.
    data = next((FIXTURES / "jpeg_mosaic_1920x1080").glob("*.jpg")).read_bytes()
    got = fastmedia.Decoder(threads=1).decode(data, resize=Resize(size=(144, 256), draft=True))
    im = Image.open(io.BytesIO(data))
    im.draft("RGB", (256, 144))
    assert im.size == (480, 270)
    want = np.asarray(im.convert("RGB").resize((256, 144), Image.Resampling.BICUBIC))
    mean, mx = diff(got, want)
    assert mean <= 0.5 and mx <= 2, (mean, mx)
    exact = fastmedia.Decoder(threads=1).decode(data, resize=Resize(size=(144, 256)))
    assert not np.array_equal(got, exact), "draft=True did not take the DCT-scaled path"


def test_draft_with_exif_rotation():
    data = (FIXTURES / "formats" / "exif_orientation_6.jpg").read_bytes()
    dec = fastmedia.Decoder(exif_orientation=True)
    full = dec.decode(data)
    h, w = full.shape[:2]
    size = (max(1, h // 5), max(1, w // 5))
    exact = dec.decode(data, resize=Resize(size=size))
    draft = dec.decode(data, resize=Resize(size=size, draft=True))
    assert exact.shape == draft.shape == (*size, 3)
    assert diff(exact, draft)[0] <= 2.0


def test_no_resize_is_unchanged_and_per_call_overrides():
    data = next((FIXTURES / "jpeg_640x480").glob("*.jpg")).read_bytes()
    plain = fastmedia.Decoder().decode(data)
    assert np.array_equal(fastmedia.Decoder(resize=Resize()).decode(data), plain)
    # A target equal to the source is no resize at all.
    assert np.array_equal(fastmedia.Decoder(resize=Resize(size=(480, 640))).decode(data), plain)
    dec = fastmedia.Decoder(resize=Resize(size=(48, 64)))
    assert dec.decode(data).shape == (48, 64, 3)
    assert dec.decode(data, resize=Resize(size=(10, 20))).shape == (10, 20, 3)
    out = dec.decode_batch([data, data], resize=Resize(size=(30, 40)))
    assert [a.shape for a in out] == [(30, 40, 3)] * 2
    assert [a.shape for a in dec.decode_batch([data])] == [(48, 64, 3)]
    import asyncio

    async def go():
        a = await dec.decode_async(data, resize=Resize(size=(5, 6)))
        b = await dec.decode_batch_async([data], resize=Resize(size=(7, 8)))
        return a.shape, b[0].shape

    assert asyncio.run(go()) == ((5, 6, 3), (7, 8, 3))


def test_resize_respects_max_alloc_and_reports_bad_input():
    data = next((FIXTURES / "jpeg_640x480").glob("*.jpg")).read_bytes()
    lim = fastmedia.Limits(max_alloc=640 * 480 * 3 + 1000)
    fastmedia.Decoder(limits=lim).decode(data)  # fits without a resize
    with pytest.raises(fastmedia.LimitExceeded, match="resiz"):
        fastmedia.Decoder(limits=lim, resize=Resize(size=(400, 400))).decode(data)
    with pytest.raises(fastmedia.DecodeError):
        fastmedia.Decoder(resize=Resize.qwen2_vl()).decode(data[:100])
    with pytest.raises(fastmedia.DecodeError, match="aspect ratio"):
        fastmedia.Decoder(resize=Resize.qwen2_vl()).decode(_png(1, 300))


def _png(h: int, w: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (10, 20, 30)).save(buf, format="PNG")
    return buf.getvalue()


# ------------------------------------------------------------------ frontend + readers


def run_peer(script: str, descs: list[dict], tmp_path: Path) -> list[np.ndarray]:
    out = tmp_path / f"{script}.npz"
    r = subprocess.run(
        [sys.executable, str(HERE / script), str(out)],
        input=json.dumps(descs),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    z = np.load(out)
    return [z[f"arr_{i}"] for i in range(len(descs))]


@pytest.mark.requires_nixl
def test_frontend_descriptors_carry_resized_shape_and_source_size(tmp_path):
    photo = next((FIXTURES / "jpeg_mosaic_1920x1080").glob("*.jpg")).read_bytes()
    rgba = (FIXTURES / "png_512x512_rgba").glob("*.png").__next__().read_bytes()
    r = Resize.qwen2_vl()
    dec = fastmedia.Decoder(threads=2, resize=r)
    with fastmedia.Frontend(decoder=dec, pool_bytes=64 << 20) as fe:
        ms = fe.decode_batch([photo, rgba])
        small = fe.decode(photo, resize=Resize(size=(50, 60)))
        plain = fe.decode(photo, resize=Resize())
        d0, d1, d2 = ms[0].descriptor, ms[1].descriptor, small.descriptor
        th, tw = r.target_size(1080, 1920)
        assert d0["shape"] == [th, tw, 3]
        assert d0["nixl_descriptor"]["size"] == th * tw * 3
        assert d0["metadata"]["Image"] == {
            "format": "Jpeg",
            "color_type": "Rgb8",
            "layout": "HWC",
            "source_size": [1080, 1920],
        }
        assert d1["shape"] == [*r.target_size(512, 512), 4]
        assert d1["metadata"]["Image"]["source_size"] == [512, 512]
        assert d2["shape"] == [50, 60, 3]
        assert d0["content_hash"] == fastmedia.content_hash(ms[0].array)
        # Resize() is no resize: the source size is the shape.
        assert plain.descriptor["metadata"]["Image"]["source_size"] == [1080, 1920]
        want = [
            fastmedia.Decoder(channels="native").decode(photo, resize=r),
            fastmedia.Decoder(channels="native").decode(rgba, resize=r),
            fastmedia.Decoder(channels="native").decode(photo, resize=Resize(size=(50, 60))),
        ]
        descs = [d0, d1, d2]
        got = run_peer("frontend_reader_peer.py", descs, tmp_path)
        for g, w in zip(got, want, strict=True):
            assert np.array_equal(g, w)
        # Dynamo's reader: reads the known keys, ignores the rest (source_size included).
        dyn = run_peer("dynamo_reader_peer.py", descs, tmp_path)
        for g, w in zip(dyn, want, strict=True):
            assert np.array_equal(g, w[..., :3])


@pytest.mark.requires_nixl
def test_frontend_without_resize_has_no_source_size():
    photo = next((FIXTURES / "jpeg_640x480").glob("*.jpg")).read_bytes()
    with fastmedia.Frontend(pool_bytes=16 << 20) as fe:
        d = fe.decode(photo).descriptor
    assert d["metadata"] == {"Image": {"format": "Jpeg", "color_type": "Rgb8", "layout": "HWC"}}
