"""fastmedia.Encoder: images and clips out (issue 21). Every clip is checked by ffprobe
(codec, size, frame count, fps, duration), decoded by PyAV and by fastmedia's own
decode_video (PSNR floors per codec); PNG round-trips bit-exact through Pillow."""

from __future__ import annotations

import asyncio
import base64
import io
import json
import os
import shutil
import subprocess
import tempfile
import threading

import numpy as np
import pytest
from PIL import Image

import fastmedia
from fastmedia import (
    ConfigError,
    DecodeError,
    EncodeLimits,
    Encoder,
    GpuUnavailable,
    LimitExceeded,
    UnsupportedFormat,
    has_video_encoder,
)

FFPROBE = shutil.which("ffprobe")


def clip(t: int = 12, h: int = 96, w: int = 128, seed: int = 0) -> np.ndarray:
    """Smooth moving colour waves with a little noise: content a codec handles like camera
    frames (4:2:0 and 8-bit YUV cap its round trip near 40 dB), so PSNR floors hold."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:h, 0:w]
    out = []
    for i in range(t):
        r = 128 + 100 * np.sin((xx + 2 * i + seed) / 15)
        g = 128 + 100 * np.cos((yy - i) / 11)
        b = 128 + 60 * np.sin((xx + yy) / 20 + i / 4)
        out.append(np.stack([r, g, b], -1) + rng.normal(0, 0.5, (h, w, 3)))
    return np.clip(out, 0, 255).astype(np.uint8)


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255.0**2 / mse)


def probe(data: bytes, suffix: str) -> dict:
    with tempfile.NamedTemporaryFile(suffix=suffix) as f:
        f.write(data)
        f.flush()
        r = subprocess.run(
            [
                FFPROBE,
                "-v",
                "error",
                "-count_frames",
                "-show_streams",
                "-show_format",
                "-of",
                "json",
                f.name,
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
    return json.loads(r.stdout)


def pyav_frames(data: bytes) -> np.ndarray:
    av = pytest.importorskip("av")
    with av.open(io.BytesIO(data)) as c:
        return np.stack([f.to_ndarray(format="rgb24") for f in c.decode(video=0)])


@pytest.fixture(scope="module")
def enc():
    e = Encoder(threads=2)
    yield e
    e.close()


# -- images ----------------------------------------------------------------------------


@pytest.mark.parametrize("hw", [(17, 33), (1, 1), (64, 48)])
def test_png_round_trips_bit_exact_through_pillow(enc, hw):
    img = clip(1, *hw)[0]
    out = enc.encode_image(img, format="png")
    assert out.mime == "image/png" and (out.width, out.height) == (hw[1], hw[0])
    back = np.asarray(Image.open(io.BytesIO(out.data)))
    assert back.dtype == np.uint8 and np.array_equal(back, img)


def test_image_layouts_and_floats_give_identical_bytes(enc):
    img = clip(1, 24, 40)[0]
    hwc = enc.encode_image(img).data
    assert enc.encode_image(np.ascontiguousarray(img.transpose(2, 0, 1)), layout="CHW").data == hwc
    f = img.astype(np.float32) / 255.0
    assert enc.encode_image(f).data == hwc
    assert enc.encode_image(f * 2 - 1, value_range=(-1, 1)).data == hwc
    assert enc.encode_image(Image.fromarray(img)).data == hwc


@pytest.mark.parametrize("fmt", ["jpeg", "webp"])
def test_lossy_images_decode_close_to_source(enc, fmt):
    img = clip(1, 96, 128)[0]
    out = enc.encode_image(img, format=fmt, quality=90)
    assert out.mime == f"image/{fmt}"
    back = np.asarray(Image.open(io.BytesIO(out.data)).convert("RGB"))
    assert back.shape == img.shape and psnr(back, img) > 30


def test_jpeg_matches_pillow_size_at_the_same_quality(enc):
    img = clip(1, 96, 128)[0]
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, format="JPEG", quality=75)
    ours = enc.encode_image(img, format="jpeg").data
    # Same library (libjpeg-turbo), same settings: within a few percent of Pillow's bytes.
    assert abs(len(ours) - len(buf.getvalue())) < 0.05 * len(buf.getvalue())


def test_image_batch_keeps_order_and_errors_in_slots(enc):
    imgs = [clip(1, 16 + i, 20)[0] for i in range(5)]
    bad = np.zeros((4, 4), np.uint8)
    out = enc.encode_image_batch([imgs[0], bad, *imgs[1:]], return_exceptions=True)
    assert isinstance(out[1], DecodeError)
    for img, o in zip([imgs[0], *imgs[1:]], [out[0], *out[2:]], strict=True):
        assert np.array_equal(np.asarray(Image.open(io.BytesIO(o.data))), img)
    with pytest.raises(DecodeError):
        enc.encode_image_batch([bad])


def test_image_async(enc):
    img = clip(1, 20, 30)[0]
    out = asyncio.run(enc.encode_image_async(img, format="png"))
    assert out.data == enc.encode_image(img).data


@pytest.mark.parametrize(
    ("image", "kw", "exc"),
    [
        (np.zeros((4, 4), np.uint8), {}, DecodeError),
        (np.zeros((4, 4, 4), np.uint8), {}, DecodeError),
        (np.zeros((4, 4, 3), np.int16), {}, DecodeError),
        (np.full((4, 4, 3), np.nan, np.float32), {}, DecodeError),
        (np.zeros((0, 4, 3), np.uint8), {}, DecodeError),
        (np.zeros((4, 4, 3), np.uint8), {"format": "gif"}, UnsupportedFormat),
        (np.zeros((4, 4, 3), np.uint8), {"quality": 50}, ConfigError),
        (np.zeros((4, 4, 3), np.uint8), {"format": "jpeg", "quality": 101}, ConfigError),
        (np.zeros((4, 4, 3), np.uint8), {"format": "webp", "quality": 300}, ConfigError),
        (np.zeros((4, 4, 3), np.uint8), {"layout": "XYZ"}, ConfigError),
        (np.zeros((4, 4, 3), np.uint8), {"value_range": (0, 2)}, ConfigError),
        ("not an image", {}, DecodeError),
    ],
)
def test_bad_images_get_typed_errors(enc, image, kw, exc):
    with pytest.raises(exc):
        enc.encode_image(image, **kw)


def test_image_limits():
    e = Encoder(threads=1, limits=EncodeLimits(max_width=16, max_output_bytes=10**6))
    with pytest.raises(LimitExceeded):
        e.encode_image(np.zeros((8, 17, 3), np.uint8))
    e = Encoder(threads=1, limits=EncodeLimits(max_output_bytes=100))
    with pytest.raises(LimitExceeded):
        e.encode_image(clip(1, 64, 64)[0])


@pytest.mark.parametrize("n", [0, 1, 2, 3, 1000, 3 << 20, (3 << 20) + 1, (7 << 20) + 2])
def test_b64_matches_python(enc, n):
    data = np.random.default_rng(n).integers(0, 256, n, np.uint8).tobytes()
    assert enc.b64encode(data) == base64.b64encode(data).decode()


def test_data_url(enc):
    out = enc.encode_image(clip(1, 8, 8)[0])
    assert out.data_url() == "data:image/png;base64," + base64.b64encode(out.data).decode()


# -- video -----------------------------------------------------------------------------

CODECS = [
    ("h264", "mp4", "h264", 32.0),
    ("vp9", "webm", "vp9", 32.0),
    ("vp9", "mp4", "vp9", 32.0),
    ("libx264", "mp4", "h264", 32.0),
    ("libsvtav1", "mp4", "av1", 32.0),
    ("libsvtav1", "webm", "av1", 32.0),
]


def built(enc, codec: str, container: str) -> bool:
    """Whether this build has ``codec``; where it has not (the bundled FFmpeg has no libvpx or
    libx264: docs/encoding.md), asking for it must be a typed error that names it."""
    if has_video_encoder(codec):
        return True
    with pytest.raises(UnsupportedFormat, match="no video encoder"):
        enc.encode_video(clip(2), codec=codec, container=container)
    return False


@pytest.mark.skipif(FFPROBE is None, reason="needs ffprobe (the ffmpeg package)")
@pytest.mark.parametrize(("codec", "container", "name", "floor"), CODECS)
def test_video_probes_and_round_trips(enc, codec, container, name, floor):
    if not built(enc, codec, container):
        return
    frames = clip(12, 96, 128)
    v = enc.encode_video(frames, fps=16, codec=codec, container=container)
    assert v.mime == f"video/{container}"
    assert v.info == {
        "codec": name,
        "width": 128,
        "height": 96,
        "frames": 12,
        "fps": 16.0,
        "duration": 0.75,
    }
    p = probe(v.data, "." + container)
    (s,) = p["streams"]
    assert (s["codec_name"], s["width"], s["height"]) == (name, 128, 96)
    assert int(s["nb_read_frames"]) == 12
    assert s["r_frame_rate"] == "16/1"
    assert abs(float(p["format"]["duration"]) - 0.75) < 0.07
    back = pyav_frames(v.data)
    assert back.shape == frames.shape
    assert psnr(back, frames) > floor
    ours = fastmedia.Decoder(threads=1).decode_video(v.data, num_frames=None).frames
    assert ours.shape == frames.shape and psnr(ours, frames) > floor


def test_mp4_has_moov_before_mdat(enc):
    data = enc.encode_video(clip(4), codec="h264").data
    assert 0 < data.index(b"moov") < data.index(b"mdat")


@pytest.mark.parametrize(
    ("codec", "container"), [("h264", "mp4"), ("vp9", "webm"), ("libx264", "mp4")]
)
def test_quality_scale_orders_size_and_psnr(enc, codec, container):
    if not built(enc, codec, container):
        return
    frames = clip(8)
    lo = enc.encode_video(frames, codec=codec, container=container, quality=20)
    hi = enc.encode_video(frames, codec=codec, container=container, quality=90)
    assert len(lo.data) < len(hi.data)
    assert psnr(pyav_frames(lo.data), frames) < psnr(pyav_frames(hi.data), frames)


def test_video_layouts_and_inputs_give_identical_bytes(enc):
    frames = clip(6, 32, 48)
    ref = enc.encode_video(frames).data
    tchw = np.ascontiguousarray(frames.transpose(0, 3, 1, 2))
    bcthw = np.ascontiguousarray(frames.transpose(3, 0, 1, 2))[None]
    assert enc.encode_video(tchw, layout="TCHW").data == ref
    assert enc.encode_video(bcthw, layout="BCTHW").data == ref
    assert enc.encode_video(frames.astype(np.float32) / 255).data == ref
    assert enc.encode_video([Image.fromarray(f) for f in frames]).data == ref
    assert enc.encode_video(list(frames)).data == ref


def test_odd_sizes_encode_exactly_where_the_codec_allows(enc):
    frames = clip(4, 35, 51)
    with pytest.raises(UnsupportedFormat, match="even"):
        enc.encode_video(frames, codec="h264")
    if has_video_encoder("vp9"):
        v = enc.encode_video(frames, codec="vp9", container="webm")
        assert (v.info["width"], v.info["height"]) == (51, 35)
        assert pyav_frames(v.data).shape == frames.shape


@pytest.mark.parametrize(
    ("frames", "kw", "exc"),
    [
        (np.zeros((4, 16, 16), np.uint8), {}, DecodeError),
        (np.zeros((2, 16, 16, 3), np.int32), {}, DecodeError),
        (np.full((2, 16, 16, 3), np.inf, np.float32), {}, DecodeError),
        (np.zeros((0, 16, 16, 3), np.uint8), {}, DecodeError),
        ([], {}, DecodeError),
        ([np.zeros((16, 16, 3), np.uint8), np.zeros((16, 18, 3), np.uint8)], {}, DecodeError),
        (np.zeros((2, 16, 16, 3), np.uint8), {"codec": "nosuchcodec"}, UnsupportedFormat),
        (np.zeros((2, 16, 16, 3), np.uint8), {"container": "webm"}, UnsupportedFormat),
        (np.zeros((2, 16, 16, 3), np.uint8), {"container": "avi"}, UnsupportedFormat),
        (np.zeros((2, 16, 16, 3), np.uint8), {"fps": 0}, ConfigError),
        (np.zeros((2, 16, 16, 3), np.uint8), {"fps": float("nan")}, ConfigError),
        (np.zeros((2, 16, 16, 3), np.uint8), {"layout": "HWC"}, ConfigError),
        (
            np.zeros((2, 16, 16, 3), np.uint8),
            {"audio": (np.zeros(10), 16000), "audio_codec": "mp3"},
            UnsupportedFormat,
        ),
    ],
)
def test_bad_clips_get_typed_errors(enc, frames, kw, exc):
    with pytest.raises(exc):
        enc.encode_video(frames, **kw)


@pytest.mark.parametrize("name", ["h264_nvenc", "hevc_nvenc", "av1_nvenc"])
def test_nvenc_is_built_and_without_a_gpu_is_a_typed_error(enc, name):
    # The bundled FFmpeg has NVENC (tools/ffmpeg-sdk.py; nv-codec-headers load the driver at
    # run time): with no NVIDIA driver it cannot start, and says so with GpuUnavailable.
    from fastmedia._internal import gpu as _gpu

    assert has_video_encoder(name)
    if _gpu.driver_problem() is None:
        pytest.skip("a CUDA driver is present: tests/test_gpu_codecs.py encodes with NVENC")
    with pytest.raises(GpuUnavailable, match=name):
        enc.encode_video(clip(2), codec=name)


def test_video_limits():
    frames = clip(4)
    for lim in (
        EncodeLimits(max_video_frames=3),
        EncodeLimits(max_height=95),
        EncodeLimits(max_video_bytes=frames.nbytes - 1),
        EncodeLimits(max_output_bytes=200),
    ):
        with pytest.raises(LimitExceeded):
            Encoder(threads=1, limits=lim).encode_video(frames)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_to_rgb24_is_numpys_conversion(enc, dtype):
    rng = np.random.default_rng(3)
    frames = rng.uniform(-0.1, 1.1, (3, 17, 23, 3)).astype(dtype)
    frames[0, 0, :6, 0] = np.array([0.5, 1.5, 2.5, 253.5, 254.5, 255.5]) / 255.0  # ties
    want = (frames * 255.0).round().clip(0, 255).astype(np.uint8)
    assert np.array_equal(enc.to_rgb24(frames), want)
    assert np.array_equal(enc.to_rgb24(frames[1]), want[1])  # one [H, W, 3] frame
    chw = np.ascontiguousarray(frames.transpose(0, 3, 1, 2))
    assert np.array_equal(enc.to_rgb24(chw, layout="TCHW"), want)


def test_to_rgb24_errors_are_typed_and_bounded(enc):
    bad = np.zeros((2, 8, 8, 3), np.float32)
    bad[1, 2, 3, 1] = np.nan
    with pytest.raises(DecodeError):
        enc.to_rgb24(bad)
    with pytest.raises(DecodeError):
        enc.to_rgb24(np.zeros((8, 8), np.float32))
    small = Encoder(threads=1, limits=EncodeLimits(max_video_bytes=2 * 8 * 8 * 3 - 1))
    with pytest.raises(LimitExceeded):
        small.to_rgb24(np.zeros((2, 8, 8, 3), np.float32))


def test_small_sync_image_does_not_wait_for_a_busy_pool():
    """A small image from the sync call is encoded on the calling thread (GIL released), not
    queued behind the pool's work: with the one pool thread busy on a long clip, the image
    comes back while the clip is still encoding."""
    import time

    e = Encoder(threads=1)
    frames = clip(48, 480, 640)  # seconds of OpenH264 work for the one pool thread
    image = clip(1, 1024, 1024)[0]  # PNG: tens of ms, far below the clip
    started, done = threading.Event(), threading.Event()
    result: list = []

    def long_clip() -> None:
        started.set()
        result.append(e.encode_video(frames))
        done.set()

    t = threading.Thread(target=long_clip)
    cpu0 = time.process_time()
    t.start()
    assert started.wait(60)
    # The clip is on the pool once the process has spent CPU on it.
    while time.process_time() - cpu0 < 0.05 and not done.is_set():
        done.wait(0.005)
    assert not done.is_set(), "the clip ended before the image was asked for"
    out = e.encode_image(image, format="png")
    assert not done.is_set(), "the image waited for the pool's clip"
    t.join(300)
    assert result and result[0].info["frames"] == 48
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(out.data))), image)


def test_sync_images_from_many_threads_at_once(enc):
    """The sync call encodes on each calling thread (one JPEG compressor per thread): many
    threads at once give the bytes one call gives."""
    images = [clip(1, 120, 160, seed=i)[0] for i in range(4)]
    want = {
        (i, f): enc.encode_image(im, format=f).data
        for i, im in enumerate(images)
        for f in ("jpeg", "png", "webp")
    }
    got: dict = {}
    errors: list = []
    barrier = threading.Barrier(8)

    def work(k: int) -> None:
        try:
            barrier.wait(60)
            for _ in range(5):
                for (i, f), _data in want.items():
                    got[(k, i, f)] = enc.encode_image(images[i], format=f).data
        except BaseException as e:
            errors.append(e)

    ts = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(120)
    assert not errors
    assert len(got) == 8 * len(want)
    assert all(v == want[(i, f)] for (_, i, f), v in got.items())


def test_openh264_prints_nothing(capfd):
    """OpenH264 logged a parameter warning to stderr for every encoder it started."""
    e = Encoder(threads=1)
    frames = clip(4, 32, 48)
    capfd.readouterr()
    e.encode_video(frames, codec="h264")
    e.encode_video_batch([frames, frames], codec="h264")
    with e.video_stream(fps=16, codec="h264", width=48, height=32) as s:
        s.write(frames)
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")


def test_video_batch_equals_single_and_keeps_errors(enc):
    clips = [clip(5, seed=i) for i in range(4)]
    out = enc.encode_video_batch([clips[0], np.zeros((2, 3)), *clips[1:]], return_exceptions=True)
    assert isinstance(out[1], DecodeError)
    for c, o in zip([clips[0], *clips[1:]], [out[0], *out[2:]], strict=True):
        assert o.data == enc.encode_video(c).data


def test_concurrent_encodes_from_threads_and_tasks(enc):
    clips = [clip(5, 48, 64, seed=i) for i in range(6)]
    want = [enc.encode_video(c).data for c in clips]
    got: list = [None] * len(clips)
    errors: list = []

    def work(i: int) -> None:
        try:
            got[i] = enc.encode_video(clips[i]).data
        except BaseException as e:
            errors.append(e)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(len(clips))]
    for t in ts:
        t.start()
    for t in ts:
        t.join(120)
    assert not errors and got == want

    async def many():
        return await asyncio.gather(*(enc.encode_video_async(c) for c in clips))

    assert [v.data for v in asyncio.run(many())] == want


def _temp_files() -> set[str]:
    pre = f"fastmedia-encode-{os.getpid()}-"
    return {f for f in os.listdir(tempfile.gettempdir()) if f.startswith(pre)}


def test_cancelled_async_encode_leaks_nothing():
    e = Encoder(threads=1)
    frames = clip(30, 96, 128)
    before = _temp_files()

    async def cancel_one():
        task = asyncio.ensure_future(e.encode_video_async(frames, codec="h264"))
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(cancel_one())
    # The encode already on the pool runs to its end; then nothing of it is left.
    done = e._bridge.executor().submit(lambda: None)
    done.result(timeout=120)
    e._bridge.executor().shutdown(wait=True)
    assert _temp_files() == before
    assert e.encode_video(clip(2)).info["frames"] == 2  # the encoder still works
