"""Every ```python sample in README.md and docs/*.md runs, so the docs stay true.

Each sample runs in its own Python process (samples register metrics, open NIXL agents), in a
temporary folder, after a prelude that defines what samples name without making: input bytes
(``jpeg_bytes``, ``mp3_bytes``, ``mp4_bytes``, ``clips``, ``png_data_url``, ``cat.jpg`` on
disk, generated ``frames``/``frame``/``array`` to encode), a
``request`` dict, and a ``Decoder``/``Frontend``/``Reader`` (``dec``, ``fe``, ``rd``) for the
pages that continue the README's example. Top-level ``await`` runs in an event loop. A sample
can be skipped only with a reason, by an HTML comment on the line before its fence:
``<!-- sample: skip (why) -->``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap

import pytest

from tests.helpers import REPO

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
FENCE = re.compile(r"(?:^<!-- sample: skip(?P<why>[^>]*)-->\n)?^```python\n(?P<code>.*?)^```$",
                   re.S | re.M)  # fmt: skip

# Placeholders a reader fills in, and what the test puts there.
PLACEHOLDERS = {'"data:image/png;base64,..."': "png_data_url"}

PRELUDE = r"""
import base64, io, shutil, subprocess
import numpy as np
from PIL import Image
import fastmedia

def _ffmpeg(*args):
    subprocess.run([shutil.which("ffmpeg"), "-nostdin", "-v", "error", "-y", *args], check=True)

_img = Image.fromarray(np.random.default_rng(0).integers(0, 255, (48, 64, 3), np.uint8))
_buf = io.BytesIO(); _img.save(_buf, "JPEG"); jpeg_bytes = _buf.getvalue()
open("cat.jpg", "wb").write(jpeg_bytes)
_buf = io.BytesIO(); _img.save(_buf, "PNG")
png_data_url = "data:image/png;base64," + base64.b64encode(_buf.getvalue()).decode()
_ffmpeg("-f", "lavfi", "-i", "sine=f=440:d=1", "-c:a", "libmp3lame", "a.mp3")
mp3_bytes = open("a.mp3", "rb").read()
_ffmpeg("-f", "lavfi", "-i", "testsrc=d=2:s=128x96:r=10", "-pix_fmt", "yuv420p", "v.mp4")
mp4_bytes = open("v.mp4", "rb").read()
request = {"multi_modal_data": {"image_url": [{"Url": png_data_url}]}}
clips = [mp4_bytes, mp4_bytes]
frames = np.random.default_rng(1).integers(0, 255, (8, 48, 64, 3), np.uint8)  # a model's [T,H,W,3]
frame = array = frames[0]
dec = fastmedia.Decoder()
fe = fastmedia.Frontend(pool_bytes=64 << 20)
rd = fastmedia.Reader()
"""

RUNNER = r"""
import ast, asyncio, sys
_code = compile(open(sys.argv[1]).read(), sys.argv[2], "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
_ret = eval(_code, globals())
if asyncio.iscoroutine(_ret):
    asyncio.run(_ret)
"""


def samples() -> list:
    out = []
    for page in PAGES:
        text = page.read_text()
        for i, m in enumerate(FENCE.finditer(text)):
            name = f"{page.relative_to(REPO).as_posix()}#{i + 1}"
            why = (m.group("why") or "").strip()
            marks = [pytest.mark.skip(reason=why)] if m.group("why") is not None else []
            out.append(pytest.param(m.group("code"), why, id=name, marks=marks))
    return out


SAMPLES = samples()


def test_there_are_samples_and_every_skip_says_why():
    assert len(SAMPLES) >= 5
    for p in SAMPLES:
        if p.marks:
            assert p.values[1].strip("() "), f"{p.id}: a skipped sample needs a reason"


@pytest.mark.parametrize(("code", "why"), SAMPLES)
def test_doc_sample_runs(code, why, tmp_path):
    for placeholder, name in PLACEHOLDERS.items():
        code = code.replace(placeholder, name)
    script = tmp_path / "sample.py"
    script.write_text(textwrap.dedent(PRELUDE) + "\n" + code)
    runner = tmp_path / "runner.py"
    runner.write_text(RUNNER)
    r = subprocess.run(
        [sys.executable, str(runner), str(script), "sample.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert r.returncode == 0, f"sample failed:\n{code}\n--- stderr ---\n{r.stderr[-3000:]}"


def test_a_failing_sample_fails(tmp_path):
    """The runner reports a sample's error, top-level await included (the check can fail)."""
    runner = tmp_path / "runner.py"
    runner.write_text(RUNNER)
    for code in ("raise SystemExit(3)", "import asyncio\nawait asyncio.sleep(0)\n1 / 0"):
        (tmp_path / "s.py").write_text(code)
        r = subprocess.run([sys.executable, str(runner), str(tmp_path / "s.py"), "s.py"],
                           capture_output=True, text=True, timeout=60)  # fmt: skip
        assert r.returncode != 0
    assert "ZeroDivisionError" in r.stderr


def test_skip_comment_is_read(tmp_path):
    text = "<!-- sample: skip (needs a GPU) -->\n```python\nx = 1\n```\n```python\ny = 2\n```\n"
    found = [(m.group("why"), m.group("code")) for m in FENCE.finditer(text)]
    assert found == [(" (needs a GPU) ", "x = 1\n"), (None, "y = 2\n")]
