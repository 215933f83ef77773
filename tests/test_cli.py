"""Smoke tests of the command line: ``python -m fastmedia decode`` and ``demo`` really run,
each in a fresh process, on small inputs."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import FIXTURES

SAMPLES = Path(__file__).resolve().parents[1] / "python" / "fastmedia" / "samples"


def run_cli(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if k != "FASTMEDIA_CORPUS"}
    full.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "fastmedia", *args],
        cwd=cwd,
        env=full,
        capture_output=True,
        text=True,
        timeout=240,
    )


def test_decode_prints_shape_and_mode_and_fails_on_a_broken_file(tmp_path):
    jpg = FIXTURES / "jpeg_640x480" / "astronaut.jpg"
    rgba = FIXTURES / "formats" / "rgba.png"
    r = run_cli("decode", str(jpg), str(rgba), "--native", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 2
    assert str(jpg) in lines[0] and "(480, 640, 3)" in lines[0] and " RGB " in lines[0]
    assert str(rgba) in lines[1] and ", 4)" in lines[1] and " RGBA " in lines[1]
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(jpg.read_bytes()[:100])
    r = run_cli("decode", str(jpg), str(broken), cwd=tmp_path)
    assert r.returncode == 1
    assert "error: DecodeError" in r.stdout.splitlines()[1]


needs_ffmpeg = pytest.mark.skipif(
    shutil.which("ffmpeg") is None, reason="the ffmpeg CLI makes the clip and the MP3"
)


@pytest.fixture(scope="module")
def media(tmp_path_factory) -> dict[str, Path]:
    """A 2 s 160x120 H.264 clip (60 frames at 30 fps) and a 1.5 s stereo 44.1 kHz MP3."""
    d = tmp_path_factory.mktemp("cli_media")
    clip, mp3 = d / "clip.mp4", d / "speech.mp3"
    ff = ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i"]
    src = "testsrc2=size=160x120:rate=30:duration=2"
    subprocess.run([*ff, src, "-c:v", "libx264", "-pix_fmt", "yuv420p", str(clip)], check=True)
    tone = "sine=frequency=440:sample_rate=44100:duration=1.5"
    subprocess.run([*ff, tone, "-ac", "2", "-c:a", "libmp3lame", str(mp3)], check=True)
    return {"clip": clip, "mp3": mp3}


@needs_ffmpeg
def test_decode_video_and_audio_print_what_came_out(media, tmp_path):
    import fastmedia

    r = run_cli("decode", str(media["clip"]), str(media["mp3"]), "--num-frames", "8", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    video, audio = r.stdout.splitlines()
    want = fastmedia.Decoder().decode_video(media["clip"].read_bytes(), num_frames=8).metadata
    assert f"video 8 of 60 frames sampled {want['frames_indices']}, 160x120" in video
    assert "30.000 fps, 2.00 s" in video and video.endswith(" ms")
    assert "audio mp3 1.50 s, 44100 Hz -> 44100 Hz, 2 ch -> 1 ch" in audio
    r = run_cli(
        "decode", str(media["mp3"]), "--sample-rate", "16000", "--keep-channels", cwd=tmp_path
    )
    assert "44100 Hz -> 16000 Hz, 2 ch -> 2 ch" in r.stdout, r.stdout + r.stderr


@needs_ffmpeg
def test_decode_json_is_machine_readable_and_matches_the_api(media, tmp_path):
    import fastmedia

    missing = tmp_path / "missing.wav"
    broken = tmp_path / "broken.mp4"
    broken.write_bytes(media["clip"].read_bytes()[:300])
    jpg = FIXTURES / "jpeg_640x480" / "astronaut.jpg"
    files = [media["clip"], media["mp3"], jpg, missing, broken]
    r = run_cli("decode", "--json", "--num-frames", "4", *map(str, files), cwd=tmp_path)
    assert r.returncode == 1  # two of the five fail
    recs = json.loads(r.stdout)
    assert [x["file"] for x in recs] == [str(f) for f in files]
    assert [x["kind"] for x in recs] == ["video", "audio", "image", "audio", "video"]
    dec = fastmedia.Decoder()
    clip = dec.decode_video(media["clip"].read_bytes(), num_frames=4)
    assert recs[0]["metadata"] == clip.metadata
    assert recs[0]["shape"] == list(clip.frames.shape) and recs[0]["frames_sampled"] == 4
    au = dec.decode_audio(media["mp3"].read_bytes())
    assert recs[1]["shape"] == [au.samples.size]
    assert recs[1]["duration_s"] == au.metadata["duration"] == 1.5
    assert (recs[1]["source_sample_rate"], recs[1]["sample_rate"]) == (44100, 44100)
    assert (recs[1]["source_channels"], recs[1]["channels"]) == (2, 1)
    assert recs[2]["shape"] == [480, 640, 3] and recs[2]["mode"] == "RGB"
    assert all(x["ms"] > 0 for x in recs[:3])
    assert recs[3]["error"]["type"] == "OSError"
    assert recs[4]["error"]["type"] == "DecodeError" and "ms" not in recs[4]


@needs_ffmpeg
def test_decode_as_overrides_the_extension(media, tmp_path):
    """``--as audio`` reads a clip's audio track; here the clip has none: a typed error."""
    r = run_cli("decode", "--as", "audio", "--json", str(media["clip"]), cwd=tmp_path)
    (rec,) = json.loads(r.stdout)
    assert r.returncode == 1 and rec["kind"] == "audio"
    assert rec["error"]["type"] in ("DecodeError", "UnsupportedFormat"), rec


def test_samples_ship_in_the_package():
    from fastmedia.demo import corpus

    assert corpus.SAMPLES == SAMPLES
    photos = corpus.corpus_files(SAMPLES)
    assert len(photos) >= 2
    pyproject = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert 'path = "python/fastmedia/samples/*"' in pyproject  # and so in the wheel


@pytest.mark.requires_nixl
def test_demo_runs_on_the_packaged_samples(tmp_path):
    """No FASTMEDIA_CORPUS, run from an unrelated folder: the demo needs only the package."""
    r = run_cli("demo", "--rounds", "2", "--batch", "2", cwd=tmp_path)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    n = len(list(SAMPLES.glob("*.jpg")) + list(SAMPLES.glob("*.webp")))
    assert f"demo: {n} images from {SAMPLES}, {2 * n} decodes" in r.stdout
    assert "NIXL INFO" not in r.stdout  # silenced without --verbose
    rows = {line.split()[0]: line.split() for line in r.stdout.splitlines() if line.strip()}
    # images: count, pixel-exact, MB/s, leases left
    assert rows["images"][1:3] == [str(2 * n), f"{2 * n}/{2 * n}"] and rows["images"][-1] == "0"
    assert rows["video"][-1] == "0", r.stdout


@pytest.mark.requires_nixl
def test_demo_uses_fastmedia_corpus(tmp_path):
    folder = FIXTURES / "formats"
    r = run_cli("demo", "--rounds", "1", cwd=tmp_path, env={"FASTMEDIA_CORPUS": str(folder)})
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert f"images from {folder}, " in r.stdout and " decodes in " in r.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    r = run_cli("demo", cwd=tmp_path, env={"FASTMEDIA_CORPUS": str(empty)})
    assert r.returncode == 2 and "no images" in r.stderr


def test_demo_dynamo_without_dynamo_says_how_to_install(tmp_path):
    """No Dynamo in this interpreter and none to re-run in: a clear message, exit 2 (the
    real-frontend run itself is tested in .venv-dynamo: tests/test_dynamo_frontend.py)."""
    from fastmedia.demo.dynamo import have_dynamo

    if have_dynamo():
        pytest.skip("this interpreter has Dynamo: the demo would run for real")
    r = run_cli(
        "demo", "--dynamo", cwd=tmp_path, env={"FASTMEDIA_DYNAMO_PYTHON": str(tmp_path / "nope")}
    )
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Dynamo 1.6.1 is not installed" in r.stderr
    assert "pip install ai-dynamo-runtime==1.6.1" in r.stderr
