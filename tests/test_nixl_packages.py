"""NIXL's two wheels: nixl-cu12 and nixl-cu13. ``import nixl`` picks the one that matches the
CUDA major of the machine's torch (NIXL's ``nixl_meta_utils.detect_cuda_major``), and every
fastmedia hint must name that wheel. CUDA is faked the way that detection reads it: a
``torch`` package on ``sys.path`` whose ``version.py`` says ``cuda = "13.0"``.

CI runs this module in the main venv (only nixl-cu12) and in a second small venv with only
nixl-cu13 (.ci/setup, .ci/test), so both wheels carry a real two-process transfer.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from fastmedia.transfer import _nixl

HERE = Path(__file__).resolve().parent
V = _nixl.NIXL_VERSION
PEER = HERE / "frontend_reader_peer.py"


def installed_wheels() -> list[str]:
    return [p.replace("_", "-") for p in ("nixl_cu12", "nixl_cu13") if importlib.util.find_spec(p)]


def fake_torch(root: Path, cuda: str | None) -> Path:
    """A stand-in ``torch`` with the given build CUDA version (None: a CPU build)."""
    pkg = root / f"torch_{cuda}" / "torch"
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "__init__.py").write_text("from . import version\n")
    (pkg / "version.py").write_text(f"cuda = {cuda!r}\n")
    return pkg.parent


def run_with_torch(tmp_path: Path, cuda: str | None, code: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(fake_torch(tmp_path, cuda))] + [p for p in sys.path if p]
    )
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


DETECT = """
import json
from fastmedia.transfer import _nixl
try:
    import nixl_meta_utils
    theirs = nixl_meta_utils.detect_cuda_major()
except ImportError:
    theirs = "absent"
print(json.dumps({"ours": _nixl.cuda_major(), "theirs": theirs, "hint": _nixl.install_hint()}))
"""


@pytest.mark.parametrize("cuda,wheel", [("13.0", "nixl-cu13"), ("12.8", "nixl-cu12")])
def test_hint_names_the_wheel_for_torchs_cuda(tmp_path, cuda, wheel):
    got = run_with_torch(tmp_path, cuda, DETECT)
    assert got["ours"] == int(cuda.split(".")[0])
    assert got["theirs"] in (got["ours"], "absent"), "fastmedia and NIXL disagree on CUDA"
    assert got["hint"] == f"pip install --no-deps nixl=={V} {wheel}=={V}"


def test_without_cuda_the_hint_names_the_installed_wheel(tmp_path):
    got = run_with_torch(tmp_path, None, DETECT)
    assert got["ours"] is None
    wheels = installed_wheels()
    want = "nixl-cu13" if "nixl-cu13" in wheels else "nixl-cu12"  # NIXL's own order
    assert got["hint"] == f"pip install --no-deps nixl=={V} {want}=={V}"


@pytest.mark.skipif(len(installed_wheels()) != 1, reason="needs exactly one nixl-cuXX wheel")
def test_reader_on_a_machine_whose_cuda_needs_the_other_wheel_names_it(tmp_path):
    """The issue's case: torch cu13 with only nixl-cu12 (or the reverse). ``import nixl``
    refuses; fastmedia's NixlUnavailable must name the wheel this machine needs."""
    (have,) = installed_wheels()
    need, cuda = ("nixl-cu13", "13.0") if have == "nixl-cu12" else ("nixl-cu12", "12.8")
    code = """
import json, fastmedia
try:
    fastmedia.Reader()
    print(json.dumps({"raised": None}))
except fastmedia.NixlUnavailable as e:
    print(json.dumps({"raised": str(e)}))
"""
    got = run_with_torch(tmp_path, cuda, code)["raised"]
    assert got is not None, "Reader() worked although import nixl wants the other wheel"
    assert f"{need}=={V}" in got and f"{have}=={V}" not in got, got


@pytest.mark.skipif(not installed_wheels(), reason="no nixl-cuXX wheel installed")
def test_round_trip_over_the_installed_wheel(tmp_path):
    """Frontend here, Reader in another process: a real READ through whichever wheel this
    venv has, and the C API the core loads comes from that wheel."""
    lib = _nixl.find_capi_library()
    assert lib is not None
    assert any(w.replace("-", "_") in lib for w in installed_wheels()), lib
    rgb = (np.arange(48 * 64 * 3, dtype=np.uint32) * 2654435761 >> 24).astype(np.uint8)
    rgb = rgb.reshape(48, 64, 3)
    from PIL import Image

    path = tmp_path / "a.png"
    Image.fromarray(rgb).save(path)
    with fastmedia.Frontend(pool_bytes=8 << 20) as fe:
        m = fe.decode(path.read_bytes())
        out = tmp_path / "read.npz"
        r = subprocess.run(
            [sys.executable, str(PEER), str(out)],
            input=json.dumps([m.descriptor]),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert r.returncode == 0, r.stdout + r.stderr
        assert np.array_equal(np.load(out)["arr_0"], rgb)
