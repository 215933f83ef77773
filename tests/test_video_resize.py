"""Video frames resized in the frontend (``resize=``): one target per clip from HF's
``smart_resize`` on the display (rotated) frame size, Pillow's filters on each frame, limits
on the resized output, the decoder's default and per-call specs on every video entry."""

from __future__ import annotations

import asyncio
import base64
import io

import numpy as np
import pytest
from PIL import Image

import fastmedia
from fastmedia import DecodeError, LimitExceeded, Resize
from tests.test_resize import hf_smart_resize
from tests.videos import VIDEO_NAMES, have_ffmpeg, make_clips

pytestmark = pytest.mark.skipif(not have_ffmpeg(), reason="THE ffmpeg CLI IS MISSING (apt)")

# Sizes that exercise the paths: a plain one, a width off swscale's 16-pixel blocks, a
# display rotation (160x288 shown upright), VP9, and an animation (the image-crate path).
RESIZE_CLIPS: dict[str, tuple[str, list[str]]] = {
    "wide.mp4": (
        "testsrc2=size=640x360:rate=30:duration=2",
        ["-c:v", "libx264", "-g", "15", "-pix_fmt", "yuv420p"],
    ),
    "odd.mp4": (
        "testsrc2=size=330x186:rate=25:duration=2",
        ["-c:v", "libx264", "-profile:v", "baseline", "-g", "12", "-pix_fmt", "yuv420p"],
    ),
    "h264_rotate90.mp4": (
        "testsrc2=size=288x160:rate=30:duration=2",
        ["-c:v", "libx264", "-g", "20", "-pix_fmt", "yuv420p"],
    ),
    "vp9.webm": (
        "testsrc2=size=320x240:rate=30:duration=2",
        ["-c:v", "libvpx-vp9", "-g", "20", "-b:v", "400k", "-deadline", "realtime"],
    ),
    "anim.gif": ("testsrc2=size=200x120:rate=10:duration=1.2", ["-loop", "0"]),
}

SPECS = {
    # HF's Qwen2-VL video processor defaults (per frame, factor 28)
    "qwen2_vl_video": Resize.qwen2_vl(min_pixels=128 * 28 * 28, max_pixels=28 * 28 * 768),
    "qwen2_vl_small": Resize.qwen2_vl(min_pixels=4 * 28 * 28, max_pixels=48 * 28 * 28),
    "qwen3_vl_small": Resize.qwen3_vl(min_pixels=16 * 32 * 32, max_pixels=40 * 32 * 32),
    "max_pixels": Resize(max_pixels=20_000),
    "size": Resize(size=(72, 100)),
}

FRAMES = 6


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> dict[str, bytes]:
    paths = make_clips(tmp_path_factory.mktemp("rclips"), RESIZE_CLIPS)
    return {n: p.read_bytes() for n, p in paths.items()}


@pytest.fixture(scope="module")
def vdec() -> fastmedia.Decoder:
    return fastmedia.Decoder(threads=2)


@pytest.fixture(scope="module")
def full(clips, vdec) -> dict[str, fastmedia.VideoClip]:
    """fastmedia's own unresized frames: what the resized ones are compared with."""
    return {n: vdec.decode_video(d, num_frames=FRAMES) for n, d in clips.items()}


def expected_size(spec: Resize, h: int, w: int) -> tuple[int, int]:
    """The published formula (independent of fastmedia's own arithmetic)."""
    if spec.size is not None:
        return spec.size
    return hf_smart_resize(
        h,
        w,
        factor=spec.factor,
        min_pixels=spec.min_pixels or 0,
        max_pixels=spec.max_pixels or 10**18,
    )


def diff(a: np.ndarray, b: np.ndarray) -> tuple[float, int]:
    d = np.abs(a.astype(np.int16) - b.astype(np.int16))
    return float(d.mean()), int(d.max())


def test_rotated_fixture_is_shown_upright(full):
    # The resize target below is computed from this display size, not the coded 288x160.
    assert full["h264_rotate90.mp4"].frames.shape[1:] == (288, 160, 3)


@pytest.mark.parametrize("spec", list(SPECS))
@pytest.mark.parametrize("name", list(RESIZE_CLIPS))
def test_shape_from_the_formula_on_the_display_size(clips, full, vdec, name, spec):
    r = SPECS[spec]
    ref = full[name]
    t, h, w, _ = ref.frames.shape
    got = vdec.decode_video(clips[name], num_frames=FRAMES, resize=r)
    assert got.frames.shape == (t, *expected_size(r, h, w), 3)
    assert got.frames.dtype == np.uint8 and got.frames.flags.c_contiguous
    assert got.metadata == ref.metadata  # the sampling is untouched


@pytest.mark.parametrize(
    "spec",
    [
        Resize.qwen2_vl(min_pixels=4 * 28 * 28, max_pixels=48 * 28 * 28),
        Resize.qwen2_vl(min_pixels=128 * 28 * 28, max_pixels=28 * 28 * 768),  # scales up
        Resize(max_pixels=20_000, filter="bilinear"),
        Resize(size=(90, 70), filter="lanczos"),
    ],
    ids=["down", "up", "bilinear", "lanczos"],
)
@pytest.mark.parametrize("name", list(RESIZE_CLIPS))
def test_every_frame_matches_pillow_on_the_unresized_frame(clips, full, vdec, name, spec):
    pil = {"bicubic": Image.BICUBIC, "bilinear": Image.BILINEAR, "lanczos": Image.LANCZOS}
    got = vdec.decode_video(clips[name], num_frames=FRAMES, resize=spec).frames
    th, tw = got.shape[1:3]
    assert (th, tw) != full[name].frames.shape[1:3]
    for i, frame in enumerate(full[name].frames):
        want = np.asarray(Image.fromarray(frame).resize((tw, th), pil[spec.filter]))
        mean, mx = diff(got[i], want)
        assert mean <= 0.5 and mx <= 2, (name, i, mean, mx)


def test_no_resize_or_same_size_is_unchanged(clips, full, vdec):
    data = clips["odd.mp4"]
    ref = full["odd.mp4"].frames
    for r in (Resize(), Resize(size=ref.shape[1:3])):
        got = vdec.decode_video(data, num_frames=FRAMES, resize=r).frames
        np.testing.assert_array_equal(got, ref)


def test_decoder_default_and_per_call_on_every_entry(clips):
    data = clips["wide.mp4"]
    url = "data:video/mp4;base64," + base64.b64encode(data).decode()
    dec = fastmedia.Decoder(threads=2, resize=Resize(size=(36, 64)))
    assert dec.decode_video(data, num_frames=3).frames.shape == (3, 36, 64, 3)
    other = Resize(size=(20, 30))
    assert dec.decode_video(data, num_frames=3, resize=other).frames.shape == (3, 20, 30, 3)
    batch = dec.decode_video_batch([data, url], num_frames=2, resize=other)
    assert [c.frames.shape for c in batch] == [(2, 20, 30, 3)] * 2
    assert dec.decode_video_batch([data], num_frames=2)[0].frames.shape == (2, 36, 64, 3)
    clip = asyncio.run(dec.decode_video_async(url, num_frames=2, resize=other))
    assert clip.frames.shape == (2, 20, 30, 3)
    # The same resized frames whichever entry made them.
    np.testing.assert_array_equal(batch[0].frames, batch[1].frames)
    np.testing.assert_array_equal(batch[0].frames, clip.frames)
    # MediaLoader: Url items go through its decoder, with the loader call's resize.
    loader = fastmedia.MediaLoader(decoder=dec)
    (f1, m1), (f2, _) = asyncio.run(
        loader.load_video_batch([{"Url": url}, {"Url": url}], num_frames=2, resize=other)
    )
    assert f1.shape == f2.shape == (2, 20, 30, 3)
    assert m1 == clip.metadata
    ((f3, _),) = asyncio.run(loader.load_video_batch([{"Url": url}], num_frames=2))
    assert f3.shape == (2, 36, 64, 3)


def test_threads_give_identical_resized_frames(clips):
    r = SPECS["qwen2_vl_small"]
    data = clips["h264_rotate90.mp4"]
    a = fastmedia.Decoder(threads=1).decode_video(data, num_frames=12, resize=r).frames
    b = fastmedia.Decoder(threads=2).decode_video(data, num_frames=12, resize=r).frames
    np.testing.assert_array_equal(a, b)


def test_limits_check_the_resized_output(clips):
    data = clips["wide.mp4"]  # 640x360 frames
    r = Resize(size=(36, 64))
    lim = fastmedia.Limits(max_video_bytes=640 * 360 * 3 * 4)
    dec = fastmedia.Decoder(limits=lim)
    with pytest.raises(LimitExceeded, match="max_video_bytes"):
        dec.decode_video(data, num_frames=8)
    # The output is what max_video_bytes bounds: resized, 8 frames fit.
    assert dec.decode_video(data, num_frames=8, resize=r).frames.shape == (8, 36, 64, 3)
    # Decode-side limits stay on the source frame.
    narrow = fastmedia.Decoder(limits=fastmedia.Limits(max_width=320))
    with pytest.raises(LimitExceeded, match="max_width"):
        narrow.decode_video(data, num_frames=2, resize=r)
    # A resize needs a full-size RGB frame of scratch per worker, within max_alloc.
    small = fastmedia.Decoder(limits=fastmedia.Limits(max_alloc=640 * 360 * 3 - 1))
    with pytest.raises(LimitExceeded, match="max_alloc"):
        small.decode_video(data, num_frames=2, resize=r)
    assert small.decode_video(data, num_frames=2).frames.shape == (2, 360, 640, 3)
    # A forced size too large for the clip's output is refused before allocating.
    with pytest.raises(LimitExceeded, match="max_video_bytes"):
        fastmedia.Decoder().decode_video(data, num_frames=8, resize=Resize(size=(9000, 9000)))


def _gif(w: int, h: int, frames: int = 3) -> bytes:
    ims = [Image.new("RGB", (w, h), (40 * i, 20, 30)) for i in range(frames)]
    buf = io.BytesIO()
    ims[0].save(buf, format="GIF", save_all=True, append_images=ims[1:], duration=100)
    return buf.getvalue()


def test_bad_resize_arguments_are_typed_errors(clips, vdec):
    data = clips["wide.mp4"]
    with pytest.raises(TypeError, match=r"fastmedia\.Resize"):
        vdec.decode_video(data, resize="qwen2_vl")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"fastmedia\.Resize"):
        vdec.decode_video_batch([data], resize=(28, 28))  # type: ignore[arg-type]
    for kw in ({"factor": 0}, {"min_pixels": 10, "max_pixels": 5}, {"filter": "nearest"}):
        with pytest.raises(fastmedia.ConfigError):
            Resize(**kw)
    # HF's smart_resize refuses aspect ratios over 200 with a factor; so does the clip.
    with pytest.raises(DecodeError, match="aspect ratio"):
        vdec.decode_video(_gif(600, 2), resize=Resize.qwen2_vl())
    # Without a factor the same clip resizes.
    got = vdec.decode_video(_gif(600, 2), resize=Resize(max_pixels=300))
    assert got.frames.shape == (3, 1, 300, 3)


@pytest.mark.parametrize("name", VIDEO_NAMES)
def test_corpus_clips_match_pillow_at_qwen2_vl_video_size(vdec, corpus_video, name):
    path = corpus_video[name]
    data = path.read_bytes()
    r = SPECS["qwen2_vl_video"]
    ref = vdec.decode_video(data, num_frames=4)
    got = vdec.decode_video(data, num_frames=4, resize=r)
    t, h, w, _ = ref.frames.shape
    th, tw = expected_size(r, h, w)
    assert got.frames.shape == (t, th, tw, 3)
    for i, frame in enumerate(ref.frames):
        want = np.asarray(Image.fromarray(frame).resize((tw, th), Image.BICUBIC))
        mean, mx = diff(got.frames[i], want)
        assert mean <= 0.5 and mx <= 2, (path.name, i, mean, mx)
