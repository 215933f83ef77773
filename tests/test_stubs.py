"""The `_core.pyi` stubs match the compiled extension (mypy.stubtest)."""

import subprocess
import sys
from pathlib import Path

PY_SRC = Path(__file__).resolve().parents[1] / "python"


def test_core_stubs_match_the_extension():
    r = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "fastmedia._core"],
        cwd=PY_SRC,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
