"""Video through the Frontend: sampled frames in one registered chunk, the Video descriptor
Dynamo's backend normalises, and a real two-process NIXL read of it."""

from __future__ import annotations

import asyncio
import base64
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from tests.videos import VIDEO_METADATA_KEYS, have_ffmpeg, make_clips

pytestmark = [
    pytest.mark.requires_nixl,
    pytest.mark.skipif(not have_ffmpeg(), reason="THE ffmpeg CLI IS MISSING (apt)"),
]

PEER = Path(__file__).resolve().parent / "frontend_reader_peer.py"


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> dict[str, Path]:
    return make_clips(tmp_path_factory.mktemp("vclips"))


@pytest.fixture
def fe():
    f = fastmedia.Frontend(pool_bytes=512 << 20)
    yield f
    f.close()


def normalize_like_dynamo(metadata: dict, frame_count: int) -> dict:
    """INTEROP.md section 7: how Dynamo's backend rebuilds vLLM's dict from a frontend
    descriptor's metadata (written from that description)."""
    if "frames_indices" in metadata:
        return metadata
    v = metadata.get("Video", metadata)
    fps, dur, ts = float(v["source_fps"]), float(v["source_duration"]), v["sampled_timestamps"]
    assert fps > 0 and dur > 0 and len(ts) == frame_count
    return {
        "fps": fps,
        "duration": dur,
        "frames_indices": [max(0, round(float(t) * fps)) for t in ts],
        "total_num_frames": max(frame_count, round(dur * fps)),
        "video_backend": "dynamo_frontend",
        "do_sample_frames": False,
    }


def test_descriptor_and_dynamo_normalisation(fe, clips):
    dec = fastmedia.Decoder()
    for name in ("h264_high_bframes.mp4", "vp9.webm", "anim.gif", "h264_rotate90_fullrange.mp4"):
        data = clips[name].read_bytes()
        m = fe.decode_video(data, num_frames=8)
        want = dec.decode_video(data, num_frames=8)
        d = m.descriptor
        assert d["shape"] == list(want.frames.shape) and d["dtype"] == "UINT8"
        assert d["nixl_descriptor"]["size"] == want.frames.nbytes
        v = d["metadata"]["Video"]
        assert set(v) == VIDEO_METADATA_KEYS
        assert v["frames_indices"] == want.metadata["frames_indices"]
        assert [round(t * v["source_fps"]) for t in v["sampled_timestamps"]] == v["frames_indices"]
        norm = normalize_like_dynamo(d["metadata"], d["shape"][0])
        for k in ("frames_indices", "total_num_frames", "fps", "duration"):
            assert norm[k] == pytest.approx(want.metadata[k]), (name, k)
        np.testing.assert_array_equal(m.array, want.frames)
        assert m.metadata == want.metadata
        assert d["content_hash"] == fastmedia.content_hash(want.frames)
        json.dumps(d)  # the wire form
        m.release()


def read_in_peer(descs: list, out: Path):
    """Read `descs` with read_video_batch in another process: (frames npz, metadata list)."""
    r = subprocess.run(
        [sys.executable, str(PEER), str(out), "video"],
        input=json.dumps(descs),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    return np.load(out), json.loads(out.with_name(out.name + ".json").read_text())


def test_two_process_read_video(fe, clips, tmp_path):
    names = ["h264_high_bframes.mp4", "hevc.mp4", "anim.webp"]
    datas = [clips[n].read_bytes() for n in names]
    media = fe.decode_video_batch(datas, num_frames=6)
    descs = [m.descriptor for m in media]
    z, metas = read_in_peer(descs, tmp_path / "video.npz")
    dec = fastmedia.Decoder()
    for i, data in enumerate(datas):
        want = dec.decode_video(data, num_frames=6)
        np.testing.assert_array_equal(z[f"arr_{i}"], want.frames)
        assert metas[i] == want.metadata
    # fastmedia's reader notified the frontend: every lease ends
    deadline = time.monotonic() + 20
    while any(m.live for m in media) and time.monotonic() < deadline:
        fe.poll()
        time.sleep(0.05)
    assert not any(m.live for m in media)


def test_resized_video_descriptor_and_two_process_read(fe, clips, tmp_path):
    """A resized clip: the descriptor's shape and size are the resized ones, its Video metadata
    adds source_size and still normalises like Dynamo's, and a reader in another process gets
    exactly the frames Decoder.decode_video(resize=) gives."""
    r = fastmedia.Resize.qwen2_vl(min_pixels=56 * 56, max_pixels=6 * 28 * 28)
    names = ["h264_high_bframes.mp4", "h264_rotate90_fullrange.mp4", "anim.gif"]
    datas = [clips[n].read_bytes() for n in names]
    media = fe.decode_video_batch(datas, num_frames=5, resize=r)
    dec = fastmedia.Decoder()
    descs = []
    for name, data, m in zip(names, datas, media, strict=True):
        want = dec.decode_video(data, num_frames=5, resize=r)
        full = dec.decode_video(data, num_frames=5).frames
        d = m.descriptor
        th, tw = r.target_size(*full.shape[1:3])
        assert d["shape"] == [5, th, tw, 3] == list(want.frames.shape), name
        assert d["nixl_descriptor"]["size"] == want.frames.nbytes < full.nbytes
        v = d["metadata"]["Video"]
        assert v["source_size"] == list(full.shape[1:3])
        norm = normalize_like_dynamo(d["metadata"], d["shape"][0])
        assert norm["frames_indices"] == want.metadata["frames_indices"]
        np.testing.assert_array_equal(m.array, want.frames)
        assert d["content_hash"] == fastmedia.content_hash(want.frames)
        descs.append(d)
    z, metas = read_in_peer(descs, tmp_path / "rvideo.npz")
    for i, data in enumerate(datas):
        want = dec.decode_video(data, num_frames=5, resize=r)
        np.testing.assert_array_equal(z[f"arr_{i}"], want.frames)
        assert metas[i] == want.metadata
    # The decoder's default resize applies to the Frontend's video path too.
    fe2 = fastmedia.Frontend(decoder=fastmedia.Decoder(resize=fastmedia.Resize(size=(40, 50))))
    try:
        m2 = fe2.decode_video(datas[0], num_frames=3)
        assert m2.shape == (3, 40, 50, 3)
        assert m2.descriptor["metadata"]["Video"]["source_size"] == [120, 160]
        m3 = asyncio.run(fe2.decode_video_async(datas[0], num_frames=3, resize=r))
        assert m3.shape[1:3] == r.target_size(120, 160)
    finally:
        fe2.close()


def test_media_loader_video_batch(fe, clips):
    data = clips["vp8.webm"].read_bytes()
    m = fe.decode_video(data, num_frames=5)
    url = "data:video/webm;base64," + base64.b64encode(data).decode()
    loader = fastmedia.MediaLoader()
    try:
        got = asyncio.run(
            loader.load_video_batch([{"Decoded": m.descriptor}, {"Url": url}], num_frames=5)
        )
    finally:
        if loader.reader is not None:
            loader.reader.close()
    (f1, m1), (f2, m2) = got
    np.testing.assert_array_equal(f1, f2)
    assert m1 == m2 == fastmedia.Decoder().decode_video(data, num_frames=5).metadata


def test_async_and_errors(fe, clips):
    data = clips["mpeg4.avi"].read_bytes()
    m = asyncio.run(fe.decode_video_async(data, num_frames=4))
    assert m.shape == (4, 120, 160, 3)
    bad = fe.decode_video_batch([data, b"garbage" * 100], True, num_frames=4)
    assert isinstance(bad[1], (fastmedia.DecodeError, fastmedia.UnsupportedFormat))
    assert fe.stats()["leases_live"] >= 1


def test_large_clip_in_one_chunk(fe, big_clip):
    """32 frames of 1080p (~200 MB) in one registered chunk, well over a 64 MiB slab."""
    data = big_clip.read_bytes()
    m = fe.decode_video(data, num_frames=32)
    assert m.shape == (32, 1080, 1920, 3)
    want = fastmedia.Decoder().decode_video(data, num_frames=32)
    np.testing.assert_array_equal(m.array, want.frames)
    m.release()
