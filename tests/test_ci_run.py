"""`.ci/run` itself: a failing step must fail the run and stop the steps after it.

The real script runs in a scratch copy of the repository layout whose `.ci/setup`,
`.ci/test` and `.ci/fuzz` are stubs that record that they ran and exit as told.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
STEPS = ("setup", "test", "fuzz")


def _run_ci(tmp_path: Path, failing: str | None) -> tuple[int, list[str]]:
    ci = tmp_path / ".ci"
    ci.mkdir()
    shutil.copy(REPO / ".ci" / "run", ci / "run")
    log = tmp_path / "ran.log"
    for step in STEPS:
        rc = 1 if step == failing else 0
        (ci / step).write_text(f'#!/usr/bin/env bash\necho {step} >> "{log}"\nexit {rc}\n')
    proc = subprocess.run(
        ["bash", str(ci / "run")], cwd=tmp_path, capture_output=True, timeout=60, check=False
    )
    ran = log.read_text().split() if log.exists() else []
    return proc.returncode, ran


@pytest.mark.parametrize(
    ("failing", "expected_ran"),
    [
        (None, ["setup", "test", "fuzz"]),
        ("setup", ["setup"]),
        ("test", ["setup", "test"]),
        ("fuzz", ["setup", "test", "fuzz"]),
    ],
)
def test_ci_run_fails_on_any_failed_step(
    tmp_path: Path, failing: str | None, expected_ran: list[str]
) -> None:
    rc, ran = _run_ci(tmp_path, failing)
    assert ran == expected_ran
    assert (rc == 0) == (failing is None), f"step {failing!r} failed but .ci/run exited {rc}"
