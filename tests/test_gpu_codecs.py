"""NVDEC and NVENC through the bundled FFmpeg, and nvJPEG (docs/gpu.md). Without a GPU: NVDEC
and NVENC are in the build, and the Rust paths say what is missing (``GpuUnavailable``) or,
when not required (``device="auto"``), decode on the CPU with the CPU path's result.
``requires_gpu`` tests run on the GPU machine (``benches/gpu_check.sh``, which sets the opt-in
for paths not yet verified there): NVDEC's frames and metadata and nvJPEG's pixels against
the CPU path's, NVENC's clips decoded back on the CPU.

The clips are made by fastmedia's own encoders (the GPU machine has no ffmpeg CLI): H.264
(OpenH264), VP9 (libvpx), AV1 (SVT-AV1), VP8 (libvpx, which NVDEC is not offered for) and, on
the GPU machine, HEVC (hevc_nvenc)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import fastmedia
from fastmedia import Decoder, Encoder, GpuUnavailable, _core, has_video_encoder
from fastmedia._internal import gpu as _gpu

CPU_CODECS = ("h264", "vp9", "av1")


def frames(t: int = 24, h: int = 144, w: int = 256) -> np.ndarray:
    """Moving colour waves: content a codec handles like camera frames."""
    yy, xx = np.mgrid[0:h, 0:w]
    out = [
        np.stack(
            [
                128 + 100 * np.sin((xx + 3 * i) / 15),
                128 + 100 * np.cos((yy - i) / 11),
                128 + 60 * np.sin((xx + yy) / 20 + i / 4),
            ],
            -1,
        )
        for i in range(t)
    ]
    return np.clip(out, 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def clips() -> dict[str, bytes]:
    enc = Encoder()
    made = {c: enc.encode_video(frames(), codec=c, fps=24).data for c in CPU_CODECS}
    made["vp8"] = enc.encode_video(frames(), codec="vp8", fps=24, container="webm").data
    return made


def decode(gpu, data: bytes, **kw):
    buf, meta = _core.Decoder(threads=2, gpu=gpu).decode_video(data, **kw)
    return np.asarray(buf), meta


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255.0**2 / mse)


# ---------------------------------------------------------------- without a GPU


def test_the_bundled_build_has_nvenc():
    for name in ("h264_nvenc", "hevc_nvenc", "av1_nvenc"):
        assert has_video_encoder(name), name


@pytest.mark.skipif(_gpu.driver_problem() is None, reason="a CUDA driver is present")
@pytest.mark.parametrize("codec", CPU_CODECS)
def test_required_gpu_without_a_driver_is_a_typed_error(clips, codec):
    with pytest.raises(GpuUnavailable, match=r"NVDEC on cuda:0 is unavailable.*libcuda"):
        decode((0, True), clips[codec], num_frames=4)


@pytest.mark.skipif(_gpu.driver_problem() is None, reason="a CUDA driver is present")
@pytest.mark.parametrize("codec", [*CPU_CODECS, "vp8"])
def test_preferred_gpu_without_a_driver_decodes_on_the_cpu(clips, codec):
    want, want_meta = decode(None, clips[codec], num_frames=6)
    got, meta = decode((0, False), clips[codec], num_frames=6)
    assert meta == want_meta
    np.testing.assert_array_equal(got, want)


JPEGS = sorted((Path(__file__).resolve().parent / "fixtures").glob("jpeg_*/*.jpg"))


def jpeg() -> bytes:
    return JPEGS[0].read_bytes()


@pytest.mark.skipif(_gpu.driver_problem() is None, reason="a CUDA driver is present")
def test_nvjpeg_required_without_a_driver_is_a_typed_error():
    with pytest.raises(GpuUnavailable, match=r"nvJPEG on cuda:0 is unavailable.*nvidia-nvjpeg"):
        _core.Decoder(gpu=(0, True)).decode(jpeg())


@pytest.mark.skipif(_gpu.driver_problem() is None, reason="a CUDA driver is present")
def test_nvjpeg_preferred_without_a_driver_and_other_images_use_the_cpu():
    png = next((Path(__file__).resolve().parent / "fixtures").glob("png_*/*.png")).read_bytes()
    for data, gpu in ((jpeg(), (0, False)), (png, (0, True))):
        want = np.asarray(_core.Decoder().decode(data))
        np.testing.assert_array_equal(np.asarray(_core.Decoder(gpu=gpu).decode(data)), want)


def test_load_nvjpeg_names_what_is_missing(monkeypatch, tmp_path):
    monkeypatch.setenv("FASTMEDIA_NVJPEG", str(tmp_path / "libnvjpeg.so.12"))
    _gpu.load_nvjpeg.cache_clear()
    try:
        problem = _gpu.load_nvjpeg()
    finally:
        _gpu.load_nvjpeg.cache_clear()
    assert problem is not None and "libnvjpeg does not load" in problem


def test_public_decoder_asks_for_the_gpu_only_when_resolved_to_it(monkeypatch, clips):
    # Decoder(device="auto") on this machine resolves to the CPU and never reaches NVDEC.
    if _gpu.cuda_problem() is None:
        pytest.skip("CUDA is usable here: the requires_gpu tests cover the GPU")
    with Decoder(device="auto") as d:
        assert d.device == "cpu"
        clip = d.decode_video(clips["h264"], num_frames=4)
    assert clip.frames.shape == (4, 144, 256, 3)


def test_bench_runs_on_this_machine(capsys, monkeypatch):
    """bench_gpu_codecs.py end to end, small: its CPU column, and GPU columns that say why
    they are empty where no driver is found."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benches"))
    import bench_gpu_codecs

    assert bench_gpu_codecs.main(["--small", "--reps", "1"]) == 0
    out = capsys.readouterr().out
    assert "made 144p h264" in out and "NVDEC wall s" in out
    problem = _gpu.driver_problem()
    assert (problem in out) if problem else "x " in out  # "x": a speedup was printed


# ---------------------------------------------------------------- on the GPU machine


@pytest.fixture
def gpu_clips(clips):
    hevc = Encoder().encode_video(frames(), codec="hevc_nvenc", fps=24).data
    return {**clips, "hevc": hevc}


@pytest.mark.requires_gpu
@pytest.mark.parametrize("codec", [*CPU_CODECS, "hevc"])
@pytest.mark.parametrize("kw", [{"num_frames": 8}, {"fps": 6.0}, {"num_frames": 24}])
def test_nvdec_matches_the_cpu_path(gpu_clips, codec, kw):
    want, want_meta = decode(None, gpu_clips[codec], **kw)
    got, meta = decode((0, True), gpu_clips[codec], **kw)
    assert meta == want_meta  # same sampling, frame count and metadata
    assert got.shape == want.shape
    diff = np.abs(got.astype(np.int16) - want.astype(np.int16))
    assert diff.mean() <= 1.5, (codec, kw, float(diff.mean()))


@pytest.mark.requires_gpu
def test_nvdec_refuses_what_it_does_not_decode_and_auto_falls_back(clips):
    with pytest.raises(GpuUnavailable, match=r"NVDEC decodes H\.264, HEVC, VP9 and AV1, not vp8"):
        decode((0, True), clips["vp8"], num_frames=4)
    got, _ = decode((0, False), clips["vp8"], num_frames=4)
    want, _ = decode(None, clips["vp8"], num_frames=4)
    np.testing.assert_array_equal(got, want)


@pytest.mark.requires_gpu
def test_public_decoder_on_the_gpu(monkeypatch, clips):
    monkeypatch.setenv(_gpu.UNVERIFIED_ENV, "1")
    with Decoder(device="cuda:0") as d:
        assert d.device == "cuda:0"
        got = d.decode_video(clips["h264"], num_frames=8)
    with Decoder() as d:
        want = d.decode_video(clips["h264"], num_frames=8)
    assert got.metadata == want.metadata
    assert np.abs(got.frames.astype(np.int16) - want.frames).mean() <= 1.5


@pytest.mark.requires_gpu
@pytest.mark.parametrize(
    ("name", "stream"), [("h264_nvenc", "h264"), ("hevc_nvenc", "hevc"), ("av1_nvenc", "av1")]
)
def test_nvenc_encodes_what_the_cpu_decodes(name, stream):
    src = frames(t=30, h=480, w=832)
    out = Encoder().encode_video(src, codec=name, fps=24)
    assert out.info["codec"] == stream and out.info["frames"] == 30
    with fastmedia.Decoder() as d:
        back = d.decode_video(out.data, num_frames=30).frames
    assert back.shape == src.shape
    assert psnr(back, src) > 30, (name, psnr(back, src))


@pytest.mark.requires_gpu
def test_nvjpeg_matches_libjpeg_turbo_within_1():
    if _gpu.load_nvjpeg() is not None:
        pytest.skip(f"nvJPEG: {_gpu.load_nvjpeg()}")
    for path in JPEGS:
        data = path.read_bytes()
        want = np.asarray(_core.Decoder().decode(data))
        got = np.asarray(_core.Decoder(gpu=(0, True)).decode(data))
        assert got.shape == want.shape, path
        assert np.abs(got.astype(np.int16) - want).mean() <= 1.0, path


@pytest.mark.requires_gpu
def test_nvjpeg_checks_limits_before_decoding():
    if _gpu.load_nvjpeg() is not None:
        pytest.skip(f"nvJPEG: {_gpu.load_nvjpeg()}")
    with pytest.raises(fastmedia.LimitExceeded, match="max_pixels"):
        _core.Decoder(gpu=(0, True), max_pixels=100).decode(jpeg())
    with pytest.raises(fastmedia.DecodeError):
        _core.Decoder(gpu=(0, True)).decode(jpeg()[:200])
