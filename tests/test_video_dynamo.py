"""sampling="dynamo": Dynamo's current frontend rule (ai-dynamo/dynamo
lib/llm/src/preprocessor/media/decoders/video.rs at 054739914ce4), checked against a
re-implementation written here from the container's numbers as the ffprobe CLI prints them,
on generated clips and, when present, every corpus clip FFmpeg decodes (not the animations:
fastmedia times those from their frame delays under every rule)."""

from __future__ import annotations

import json
import subprocess
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from fastmedia import ConfigError, DecodeError
from tests.videos import CLIPS, VIDEO_METADATA_KEYS, VIDEO_NAMES, have_ffmpeg, make_clips

pytestmark = pytest.mark.skipif(not have_ffmpeg(), reason="THE ffmpeg CLI IS MISSING (apt)")

ANIM_SUFFIXES = {".gif", ".webp", ".apng", ".png"}
FFMPEG_CLIPS = {k: v for k, v in CLIPS.items() if Path(k).suffix not in ANIM_SUFFIXES}
CORPUS_CLIPS = [n for n in VIDEO_NAMES if Path(n).suffix not in ANIM_SUFFIXES]


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> dict[str, Path]:
    return make_clips(tmp_path_factory.mktemp("dclips"), FFMPEG_CLIPS)


@pytest.fixture(scope="module")
def vdec() -> fastmedia.Decoder:
    return fastmedia.Decoder(threads=2)


def ffprobe(path: Path, decode: bool = True) -> dict:
    """The video stream's header fields and the container's duration, plus `frames`: how
    many frames a decode from the start outputs (Dynamo's frame counter runs over those), or
    without `decode`, how many packets the stream holds (one frame each in an intact clip;
    decoding the long corpus clips through costs ffprobe seconds each)."""
    count, read = ("frames", "nb_read_frames") if decode else ("packets", "nb_read_packets")
    out = subprocess.run(
        [
            "ffprobe", "-v", "error", "-select_streams", "V", f"-count_{count}", "-show_entries",
            f"stream=nb_frames,avg_frame_rate,r_frame_rate,duration_ts,time_base,{read}"
            ":format=duration",
            "-of", "json", str(path),
        ],
        check=True, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    j = json.loads(out.stdout)
    st = j["streams"][0]
    return {**st, "frames": int(st[read]), "container_duration": j["format"].get("duration", "N/A")}


def ratio(s: str) -> tuple[int, int]:
    num, _, den = s.partition("/")
    return int(num), int(den or 1)


def half_away_from_zero(x: float) -> int:
    """Rust's f64::round for x >= 0 (Python's round() goes half to even)."""
    whole = int(x)
    return whole + (1 if x - whole >= 0.5 else 0)


def dynamo_reference(probe: dict, num_frames=None, fps=None, max_frames=None):
    """Dynamo's rule from ffprobe's numbers: (total, source_fps, duration, frames_indices),
    or the reason it refuses."""
    if fps is not None and num_frames is not None:
        return "not both"
    if max_frames is not None and num_frames is not None:
        return "max_frames"
    num, den = ratio(probe["avg_frame_rate"])
    if num == 0:
        num, den = ratio(probe["r_frame_rate"])
    src_fps = num / max(den, 1)
    dur_ts = probe.get("duration_ts", "N/A")
    if dur_ts != "N/A" and int(dur_ts) > 0:
        tb_num, tb_den = ratio(probe["time_base"])
        duration = int(dur_ts) * tb_num / max(tb_den, 1)
    elif probe["container_duration"] != "N/A":
        # microseconds (AV_TIME_BASE), printed with six decimals
        duration = int(Decimal(probe["container_duration"]) * 1_000_000) / 1e6
    else:
        duration = 0.0
    nb = probe.get("nb_frames", "N/A")
    total = int(nb) if nb != "N/A" and int(nb) > 0 else 0
    if total == 0 and src_fps > 0 and duration > 0:
        total = int(duration * src_fps)
    if total <= 0 or src_fps <= 0:
        return "cannot sample"
    if fps is not None:
        n = max(0, int(duration * fps))
    else:
        n = total if num_frames is None else num_frames
    if max_frames is not None:
        n = min(n, max_frames)
    n = max(1, n)
    if n > total:
        return f"{n} frames from a {total}-frame"
    if n == 1:
        idx = [0]
    else:
        idx = sorted({half_away_from_zero(i * float(total - 1) / (n - 1)) for i in range(n)})
    # Frames past the last one decoded are never reached (Dynamo returns fewer).
    idx = [i for i in idx if i < probe["frames"]]
    return total, src_fps, duration, idx


def check(vdec, data: bytes, probe: dict, **kw) -> fastmedia.VideoClip | None:
    want = dynamo_reference(probe, **kw)
    if isinstance(want, str):
        # Refused combinations of arguments are the caller's error; the rest are the file's.
        error = ConfigError if want in ("not both", "max_frames") else DecodeError
        with pytest.raises(error, match=want):
            vdec.decode_video(data, sampling="dynamo", **{"num_frames": None, **kw})
        return None
    clip = vdec.decode_video(data, sampling="dynamo", **{"num_frames": None, **kw})
    total, src_fps, duration, idx = want
    m = clip.metadata
    assert m["frames_indices"] == idx, kw
    assert (m["total_num_frames"], m["fps"], m["duration"]) == (total, src_fps, duration), kw
    assert clip.frames.shape[0] == len(idx)
    assert m["do_sample_frames"] == (len(idx) == total)
    return clip


def requests(probe: dict, full: bool) -> list[dict]:
    """Counts, fps with a cap, asks past the stream's end, refused pairs; with `full`, fps
    alone, a cap alone and every frame too (decodes that cost seconds on the long clips)."""
    total = dynamo_reference(probe)
    assert not isinstance(total, str), total
    n = total[0]
    out = [
        {"num_frames": 3},
        {"num_frames": 32},
        {"num_frames": n + 1},
        {"fps": 0.5, "max_frames": 6},
        {"fps": 1000.0},
        {"num_frames": 4, "fps": 2.0},
        {"num_frames": 4, "max_frames": 2},
    ]
    return (
        [*out, {"num_frames": 8}, {"fps": 2.0}, {"max_frames": 5}, {"num_frames": n}, {}]
        if full
        else out
    )


@pytest.mark.parametrize("name", sorted(FFMPEG_CLIPS))
def test_generated_clip_follows_dynamo(clips, vdec, name):
    data = clips[name].read_bytes()
    probe = ffprobe(clips[name])
    # Dynamo's counter: the n-th frame of a decode from the start (uniform, every frame).
    every = vdec.decode_video(data, num_frames=None)
    for kw in requests(probe, full=True):
        clip = check(vdec, data, probe, **kw)
        if clip is not None:
            got = clip.frames
            np.testing.assert_array_equal(got, every.frames[clip.metadata["frames_indices"]])


def test_rounds_like_dynamo_not_numpy(clips, vdec):
    """90 frames, 3 samples: 44.5 rounds up in Dynamo's Rust (numpy's round gives 44)."""
    data = clips["h264_high_bframes.mp4"].read_bytes()
    clip = vdec.decode_video(data, sampling="dynamo", num_frames=3)
    assert clip.metadata["frames_indices"] == [0, 45, 89]
    assert np.round(np.linspace(0, 89, 3)).astype(int).tolist() == [0, 44, 89]


def test_header_numbers_not_opencvs(clips, vdec):
    """WebM has no frame count: Dynamo takes trunc(duration * fps) from the stream header's
    numbers, and the metadata reports those (what Dynamo's frontend would send)."""
    path = clips["vp9.webm"]
    probe = ffprobe(path)
    total, src_fps, duration, _ = dynamo_reference(probe)
    clip = vdec.decode_video(path.read_bytes(), sampling="dynamo", num_frames=4)
    assert clip.metadata["total_num_frames"] == total == int(duration * src_fps)
    assert clip.metadata["duration"] == duration


@pytest.mark.requires_nixl
def test_frontend_descriptor_layout(clips, vdec):
    data = clips["h264_high_bframes.mp4"].read_bytes()
    want = vdec.decode_video(data, sampling="dynamo", num_frames=None, fps=2.0)
    fe = fastmedia.Frontend(pool_bytes=64 << 20)
    try:
        m = fe.decode_video(data, sampling="dynamo", num_frames=None, fps=2.0)
        v = m.descriptor["metadata"]["Video"]
        assert set(v) == VIDEO_METADATA_KEYS
        meta = want.metadata
        assert v["frames_indices"] == meta["frames_indices"]
        assert v["source_total_frames"] == meta["total_num_frames"]
        assert (v["source_fps"], v["source_duration"]) == (meta["fps"], meta["duration"])
        assert v["sampled_timestamps"] == [i / meta["fps"] for i in meta["frames_indices"]]
        np.testing.assert_array_equal(m.array, want.frames)
        m.release()
    finally:
        fe.close()


@pytest.mark.parametrize("name", CORPUS_CLIPS)
def test_corpus_clip_follows_dynamo(vdec, corpus_video, name):
    path = corpus_video[name]
    data = path.read_bytes()
    probe = ffprobe(path, decode=False)
    for kw in requests(probe, full=False):
        check(vdec, data, probe, **kw)
