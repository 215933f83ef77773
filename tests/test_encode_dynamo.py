"""fastmedia.dynamo's video drop-ins against Dynamo 1.6.1's own functions where they import
(.ci/test also runs this file in .venv-dynamo), else against a copy of their code."""

from __future__ import annotations

import base64

import numpy as np
import pytest
from PIL import Image

import fastmedia
from fastmedia.dynamo import encode_to_video_bytes, frames_to_numpy, video_data

try:
    from dynamo.common.protocols.video_protocol import VideoData
    from dynamo.common.utils.video_utils import frames_to_numpy as dynamo_frames_to_numpy
except ImportError:
    VideoData = None

    def dynamo_frames_to_numpy(images: list) -> np.ndarray:
        """Dynamo 1.6.1's frames_to_numpy, dynamo/common/utils/video_utils.py (ai-dynamo
        1.6.1 wheel), copied for machines without Dynamo."""
        if not images:
            raise ValueError("No images provided for video encoding")
        frames = []
        for img in images:
            if isinstance(img, np.ndarray):
                arr = img
                if arr.dtype != np.uint8:
                    arr = (arr * 255.0).round().clip(0, 255).astype(np.uint8)
            else:
                arr = np.array(img.convert("RGB"))
            frames.append(arr)
        shapes = {f.shape for f in frames}
        if len(shapes) > 1:
            raise ValueError(f"Inconsistent frame sizes detected: {shapes}.")
        return np.stack(frames, axis=0)


def hostile_floats(dtype, t=3, h=17, w=23, seed=0) -> list[np.ndarray]:
    """Frames with exact half-way points (k + 0.5) / 255, values out of [0, 1] and noise."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(t):
        f = rng.uniform(-0.2, 1.2, (h, w, 3)).astype(dtype)
        k = rng.integers(0, 255, (h, w, 3))
        half = ((k + 0.5) / 255.0).astype(dtype)
        mask = rng.random((h, w, 3)) < 0.3
        f[mask] = half[mask]
        out.append(f)
    return out


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_frames_to_numpy_is_bit_exact(dtype):
    frames = hostile_floats(dtype)
    want = dynamo_frames_to_numpy(frames)
    got = frames_to_numpy(frames)
    assert got.dtype == np.uint8 and got.shape == want.shape
    assert np.array_equal(got, want)


def test_frames_to_numpy_other_inputs():
    u8 = [np.full((4, 5, 3), i, np.uint8) for i in range(3)]
    assert np.array_equal(frames_to_numpy(u8), dynamo_frames_to_numpy(u8))
    ints = [np.arange(60, dtype=np.int16).reshape(4, 5, 3) % 2]  # Dynamo scales these too
    assert np.array_equal(frames_to_numpy(ints), dynamo_frames_to_numpy(ints))
    pil = [Image.fromarray(f) for f in u8]
    assert np.array_equal(frames_to_numpy(pil), dynamo_frames_to_numpy(pil))
    gray = [np.zeros((4, 5), np.float32)]  # not RGB: Dynamo stacks whatever it gets
    assert np.array_equal(frames_to_numpy(gray), dynamo_frames_to_numpy(gray))


def test_frames_to_numpy_errors_as_dynamo():
    with pytest.raises(ValueError, match="No images"):
        frames_to_numpy([])
    with pytest.raises(ValueError, match="Inconsistent"):
        frames_to_numpy([np.zeros((4, 4, 3), np.uint8), np.zeros((4, 6, 3), np.uint8)])
    with pytest.raises(ValueError):  # a DecodeError: numpy would give an unspecified byte
        frames_to_numpy([np.full((4, 4, 3), np.nan, np.float32)])


def _decode(data: bytes) -> np.ndarray:
    return fastmedia.Decoder(threads=1).decode_video(data, num_frames=None).frames


@pytest.mark.parametrize("fmt", ["mp4", "webm"])
def test_encode_to_video_bytes(fmt):
    rng = np.random.default_rng(1)
    frames = np.repeat(rng.integers(0, 255, (1, 32, 48, 3), np.uint8), 6, 0)
    data = encode_to_video_bytes(frames, fps=16, output_format=fmt)
    if fastmedia.has_video_encoder("vp9"):
        assert _decode(data).shape == frames.shape
    else:
        # Royalty-free AV1 (rav1e) where this build has no VP9 encoder; decoded and checked
        # in tests/test_encode_av1.py (the bundled FFmpeg has no AV1 decoder).
        assert (b"av01" if fmt == "mp4" else b"V_AV1") in data
    if fmt == "mp4":
        assert data[4:8] == b"ftyp"
    else:
        assert data[:4] == b"\x1a\x45\xdf\xa3"


@pytest.mark.parametrize(
    ("frames", "fmt"),
    [
        (np.zeros((4, 32, 32, 3), np.uint8), "avi"),
        (np.zeros((0, 32, 32, 3), np.uint8), "mp4"),
        (np.zeros((4, 32, 32), np.uint8), "mp4"),
    ],
)
def test_encode_to_video_bytes_fails_as_dynamo(frames, fmt):
    with pytest.raises(RuntimeError, match="Video encoding to bytes failed"):
        encode_to_video_bytes(frames, output_format=fmt)


def test_video_data_entries():
    enc = fastmedia.Encoder(threads=1)
    v = enc.encode_video(np.zeros((4, 32, 32, 3), np.uint8), fps=24)
    e = video_data(v)
    assert base64.b64decode(e["b64_json"]) == v.data
    assert (e["output_format"], e["fps"], e["url"]) == ("mp4", 24, None)
    u = video_data(v.data, response_format="url", url="file:///x.mp4", output_format="mp4")
    assert u["url"] == "file:///x.mp4" and u["b64_json"] is None
    if VideoData is not None:  # Dynamo's own pydantic model takes the entries
        assert VideoData(**e).b64_json == e["b64_json"]
        assert VideoData(**u).url == u["url"]
    with pytest.raises(ValueError):
        video_data(v, response_format="url")
    with pytest.raises(ValueError):
        video_data(v.data)
    with pytest.raises(ValueError):
        video_data(v, response_format="png")
