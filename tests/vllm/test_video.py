# Copied from vLLM: https://github.com/vllm-project/vllm
#   tests/multimodal/media/test_video.py (the version stored at commit 03a371c313b1)
# SPDX-License-Identifier: Apache-2.0
# (vLLM's licence, as fastmedia's: LICENSES/Apache-2.0.txt)
# SPDX-FileCopyrightText: Copyright contributors to the vLLM project
#
# vLLM's loader and kwargs tests, run through each connector's fetch_video: where vLLM's test
# builds `VideoMediaIO(ImageMediaIO(), **kwargs).load_bytes(data)`, this one calls
# `connector(media_io_kwargs={"video": kwargs}).fetch_video(data URL)` (`_load` below), so the
# loader a connector picks (vLLM's, or its fastmedia subclass) is what is tested. The
# assertions are vLLM's. Left out: the merge_kwargs and PyNvVideoCodec tests (no connector
# involved) and the S3 asset (stop_sign.jpg: a generated picture instead);
# `create_video_from_image` is vLLM's tests/utils.py helper, rewritten here.
import io
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
import pybase64
import pytest
from PIL import Image
from vllm.multimodal.video import VIDEO_LOADER_REGISTRY, VideoLoader

from tests.vllm import _util

CONNECTOR: type = type(None)  # the connector class under test, set per run


@pytest.fixture(autouse=True, params=_util.CONNECTORS)
def _connector_under_test(request: pytest.FixtureRequest):
    global CONNECTOR
    CONNECTOR = _util.connector_class(request.param)
    yield


def _load(data: bytes, mime: str = "video/mp4", **kwargs):
    url = f"data:{mime};base64,{pybase64.b64encode(data).decode()}"
    return CONNECTOR(media_io_kwargs={"video": kwargs}).fetch_video(url)


def _load_jpeg_frames(data: str, **kwargs):
    return CONNECTOR(media_io_kwargs={"video": kwargs}).fetch_video(
        f"data:video/jpeg;base64,{data}"
    )


def create_video_from_image(
    image_path: str,
    video_path: str,
    num_frames: int = 10,
    fps: float = 1.0,
    is_color: bool = True,
    fourcc: str = "mp4v",
):
    image = cv2.imread(image_path)
    if not is_color:
        image = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    height, width = image.shape[:2]
    writer = cv2.VideoWriter(
        video_path, cv2.VideoWriter_fourcc(*fourcc), fps, (width, height), isColor=is_color
    )
    for _ in range(num_frames):
        writer.write(image)
    writer.release()


def cosine_similarity(a: npt.NDArray, b: npt.NDArray) -> npt.NDArray:
    return np.sum(a * b, axis=-1) / (np.linalg.norm(a, axis=-1) * np.linalg.norm(b, axis=-1))


def normalize_image(image: npt.NDArray) -> npt.NDArray:
    return image.astype(np.float32) / 255.0


@VIDEO_LOADER_REGISTRY.register("assert_10_frames_1_fps")
class Assert10Frames1FPSVideoLoader(VideoLoader):
    @classmethod
    def load_bytes(cls, data: bytes, num_frames: int = -1, fps: float = -1.0, **kwargs):
        assert num_frames == 10, "bad num_frames"
        assert fps == 1.0, "bad fps"
        return FAKE_OUTPUT_2


def test_video_media_io_kwargs(monkeypatch: pytest.MonkeyPatch):
    with monkeypatch.context() as m:
        m.setenv("VLLM_VIDEO_LOADER_BACKEND", "assert_10_frames_1_fps")

        # Verify that different args pass/fail assertions as expected.
        _ = _load(b"test", **{"num_frames": 10, "fps": 1.0})

        _ = _load(b"test", **{"num_frames": 10, "fps": 1.0, "not_used": "not_used"})

        with pytest.raises(AssertionError, match="bad num_frames"):
            _ = _load(b"test", **{})

        with pytest.raises(AssertionError, match="bad num_frames"):
            _ = _load(b"test", **{"num_frames": 9, "fps": 1.0})

        with pytest.raises(AssertionError, match="bad fps"):
            _ = _load(b"test", **{"num_frames": 10, "fps": 2.0})


@pytest.mark.parametrize("is_color", [True, False])
@pytest.mark.parametrize("fourcc, ext", [("mp4v", "mp4"), ("XVID", "avi")])
def test_opencv_video_io_colorspace(tmp_path, is_color: bool, fourcc: str, ext: str):
    """Test all functions that use OpenCV for video I/O return RGB format.
    Both RGB and grayscale videos are tested.
    """
    image_path = f"{tmp_path}/picture.png"
    yy, xx = np.mgrid[0:96, 0:128]
    picture = np.stack([xx * 2, yy * 2, (xx + yy)], axis=-1).astype(np.uint8)
    Image.fromarray(picture).save(image_path)
    image = Image.open(image_path)

    if not is_color:
        image_path = f"{tmp_path}/test_grayscale_image.png"
        image = image.convert("L")
        image.save(image_path)
        # Convert to gray RGB for comparison
        image = image.convert("RGB")
    video_path = f"{tmp_path}/test_RGB_video.{ext}"
    create_video_from_image(
        image_path,
        video_path,
        num_frames=2,
        is_color=is_color,
        fourcc=fourcc,
    )

    io_frames, _ = _load(Path(video_path).read_bytes())
    for frame in io_frames:
        sim = cosine_similarity(normalize_image(np.array(frame)), normalize_image(np.array(image)))
        assert np.sum(np.isnan(sim)) / sim.size < 0.001
        assert np.nanmean(sim) > 0.99


def test_opencv_video_metadata_matches_sampled_frame_timeline(tmp_path):
    image_path = f"{tmp_path}/test_metadata_image.png"
    Image.new("RGB", (8, 8), color=(255, 0, 0)).save(image_path)
    video_path = f"{tmp_path}/test_metadata_video.mp4"
    create_video_from_image(image_path, video_path, num_frames=10, fps=5.0)

    _, metadata = _load(Path(video_path).read_bytes(), num_frames=4)

    assert metadata["fps"] == pytest.approx(5.0)
    assert metadata["duration"] == pytest.approx(2.0)
    assert metadata["frames_indices"] == [0, 3, 6, 9]
    # (vLLM's video_get_metadata reports the sampled count; the loader the source's)
    assert metadata["total_num_frames"] == 10


NUM_FRAMES = 10
FAKE_OUTPUT_1 = np.random.rand(NUM_FRAMES, 1280, 720, 3)
FAKE_OUTPUT_2 = np.random.rand(NUM_FRAMES, 1280, 720, 3)


@VIDEO_LOADER_REGISTRY.register("test_video_backend_override_1")
class TestVideoBackendOverride1(VideoLoader):
    """Test loader that returns FAKE_OUTPUT_1 to verify backend selection."""

    @classmethod
    def load_bytes(cls, data: bytes, num_frames: int = -1, **kwargs):
        return FAKE_OUTPUT_1, {"video_backend": "test_video_backend_override_1"}


@VIDEO_LOADER_REGISTRY.register("test_video_backend_override_2")
class TestVideoBackendOverride2(VideoLoader):
    """Test loader that returns FAKE_OUTPUT_2 to verify backend selection."""

    @classmethod
    def load_bytes(cls, data: bytes, num_frames: int = -1, **kwargs):
        return FAKE_OUTPUT_2, {"video_backend": "test_video_backend_override_2"}


def test_video_media_io_backend_kwarg_override(monkeypatch: pytest.MonkeyPatch):
    """Test that video_backend kwarg can override the VLLM_VIDEO_LOADER_BACKEND
    environment variable.
    """
    with monkeypatch.context() as m:
        # Set the env var to one backend
        m.setenv("VLLM_VIDEO_LOADER_BACKEND", "test_video_backend_override_1")

        # Without video_backend kwarg, should use env var backend
        frames_default, metadata_default = _load(b"test", num_frames=10)
        np.testing.assert_array_equal(frames_default, FAKE_OUTPUT_1)
        assert metadata_default["video_backend"] == "test_video_backend_override_1"

        # With video_backend kwarg, should override env var
        frames_override, metadata_override = _load(
            b"test", num_frames=10, video_backend="test_video_backend_override_2"
        )
        np.testing.assert_array_equal(frames_override, FAKE_OUTPUT_2)
        assert metadata_override["video_backend"] == "test_video_backend_override_2"


def test_video_media_io_backend_kwarg_not_passed_to_loader(
    monkeypatch: pytest.MonkeyPatch,
):
    """Test that video_backend kwarg is consumed by VideoMediaIO and NOT passed
    through to the underlying video loader's load_bytes method.
    """

    @VIDEO_LOADER_REGISTRY.register("test_reject_video_backend_kwarg")
    class RejectVideoBackendKwargLoader(VideoLoader):
        """Test loader that fails if video_backend is passed through."""

        @classmethod
        def load_bytes(cls, data: bytes, num_frames: int = -1, **kwargs):
            # This should never receive video_backend in kwargs
            if "video_backend" in kwargs:
                raise AssertionError(
                    "video_backend should be consumed by VideoMediaIO, not passed to loader"
                )
            return FAKE_OUTPUT_1, {"received_kwargs": list(kwargs.keys())}

    with monkeypatch.context() as m:
        m.setenv("VLLM_VIDEO_LOADER_BACKEND", "test_reject_video_backend_kwarg")

        # Even when video_backend is provided, it should NOT be passed to loader
        frames, metadata = _load(
            b"test",
            num_frames=10,
            video_backend="test_reject_video_backend_kwarg",
            other_kwarg="should_pass_through",
        )
        np.testing.assert_array_equal(frames, FAKE_OUTPUT_1)
        # Verify other kwargs are still passed through
        assert "other_kwarg" in metadata["received_kwargs"]


def test_video_media_io_backend_env_var_fallback(monkeypatch: pytest.MonkeyPatch):
    """Test that when video_backend kwarg is None or not provided,
    VideoMediaIO falls back to VLLM_VIDEO_LOADER_BACKEND env var.
    """
    with monkeypatch.context() as m:
        m.setenv("VLLM_VIDEO_LOADER_BACKEND", "test_video_backend_override_2")

        # Explicit None should fall back to env var
        frames_none, metadata_none = _load(b"test", num_frames=10, video_backend=None)
        np.testing.assert_array_equal(frames_none, FAKE_OUTPUT_2)
        assert metadata_none["video_backend"] == "test_video_backend_override_2"

        # Not providing video_backend should also fall back to env var
        frames_missing, metadata_missing = _load(b"test", num_frames=10)
        np.testing.assert_array_equal(frames_missing, FAKE_OUTPUT_2)
        assert metadata_missing["video_backend"] == "test_video_backend_override_2"


def _make_jpeg_b64_frames(n: int, width: int = 8, height: int = 8) -> list[str]:
    """Return *n* tiny base64-encoded JPEG frames."""
    frames: list[str] = []
    for i in range(n):
        img = Image.new("RGB", (width, height), color=(i % 256, 0, 0))
        buf = io.BytesIO()
        img.save(buf, format="JPEG")
        frames.append(pybase64.b64encode(buf.getvalue()).decode("ascii"))
    return frames


def test_load_base64_jpeg_returns_metadata():
    """Regression test: load_base64 with video/jpeg must return metadata."""
    num_test_frames = 3

    b64_frames = _make_jpeg_b64_frames(num_test_frames)
    data = ",".join(b64_frames)

    frames, metadata = _load_jpeg_frames(data, num_frames=num_test_frames)

    # Frames array shape: (num_frames, H, W, 3)
    assert frames.shape[0] == num_test_frames

    # All required metadata keys must be present
    required_keys = {
        "total_num_frames",
        "fps",
        "duration",
        "video_backend",
        "frames_indices",
        "do_sample_frames",
    }
    assert required_keys.issubset(metadata.keys()), (
        f"Missing metadata keys: {required_keys - metadata.keys()}"
    )

    assert metadata["total_num_frames"] == num_test_frames
    assert metadata["video_backend"] == "jpeg_sequence"
    assert metadata["frames_indices"] == list(range(num_test_frames))
    assert metadata["do_sample_frames"] is False
    # Default fps=1 → duration == num_frames
    assert metadata["fps"] == 1.0
    assert metadata["duration"] == float(num_test_frames)


def test_load_base64_jpeg_enforces_num_frames_limit():
    """Frames beyond num_frames must be truncated in the video/jpeg path."""
    num_frames_limit = 4
    sent_frames = 20

    b64_frames = _make_jpeg_b64_frames(sent_frames)
    data = ",".join(b64_frames)

    frames, metadata = _load_jpeg_frames(data, num_frames=num_frames_limit)

    assert frames.shape[0] == num_frames_limit
    assert metadata["total_num_frames"] == num_frames_limit
    assert metadata["frames_indices"] == list(range(num_frames_limit))


def test_load_base64_jpeg_no_limit_when_num_frames_negative():
    """When num_frames is -1, all frames should be loaded without truncation."""
    sent_frames = 10

    b64_frames = _make_jpeg_b64_frames(sent_frames)
    data = ",".join(b64_frames)

    frames, metadata = _load_jpeg_frames(data, num_frames=-1)

    assert frames.shape[0] == sent_frames
    assert metadata["total_num_frames"] == sent_frames
    assert metadata["frames_indices"] == list(range(sent_frames))


def test_load_base64_jpeg_raises_on_zero_num_frames():
    """num_frames=0 is invalid and should raise ValueError."""
    b64_frames = _make_jpeg_b64_frames(3)
    data = ",".join(b64_frames)

    with pytest.raises(ValueError, match="num_frames must be greater than 0 or -1"):
        _load_jpeg_frames(data, num_frames=0)
