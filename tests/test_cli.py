"""Smoke tests of the command line: ``python -m fastmedia decode`` and ``demo`` really run,
each in a fresh process, on small inputs."""

from __future__ import annotations

import os
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


def test_samples_ship_in_the_package():
    import fastmedia.demo

    assert fastmedia.demo.SAMPLES == SAMPLES
    photos = fastmedia.demo.corpus_files(SAMPLES)
    assert len(photos) >= 2
    pyproject = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert 'path = "python/fastmedia/samples/*"' in pyproject  # and so in the wheel


@pytest.mark.requires_nixl
def test_demo_runs_on_the_packaged_samples(tmp_path):
    """No FASTMEDIA_CORPUS, run from an unrelated folder: the demo needs only the package."""
    r = run_cli("demo", "--rounds", "2", "--batch", "2", cwd=tmp_path)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    n = len(list(SAMPLES.glob("*.jpg")) + list(SAMPLES.glob("*.webp")))
    assert f"demo: {n} images from {SAMPLES}, 2 rounds" in r.stdout
    assert "all pixel-exact against a local decode" in r.stdout, r.stdout[-2000:]
    assert '"leases_live": 0' in r.stdout


@pytest.mark.requires_nixl
def test_demo_uses_fastmedia_corpus(tmp_path):
    folder = FIXTURES / "formats"
    r = run_cli("demo", "--rounds", "1", cwd=tmp_path, env={"FASTMEDIA_CORPUS": str(folder)})
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert f"images from {folder}, 1 rounds" in r.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    r = run_cli("demo", cwd=tmp_path, env={"FASTMEDIA_CORPUS": str(empty)})
    assert r.returncode == 2 and "no images" in r.stderr
