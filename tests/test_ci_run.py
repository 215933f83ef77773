"""`.ci/run` itself: a failing step must fail the run and stop the steps after it.

The real script runs in a scratch copy of the repository layout whose `.ci/setup`,
`.ci/test` and `.ci/fuzz` are stubs that record that they ran and exit as told. `.ci/fuzz`
also runs in the background during the tests with FUZZ_BUILD_ONLY=1 (the fuzz build): its
stub records that as "fuzz-build", and a failed fuzz build fails the run before the fuzzing.
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
        name = f"{step}${{FUZZ_BUILD_ONLY:+-build}}" if step == "fuzz" else step
        script = f'n="{name}"; echo "$n" >> "{log}"; [ "$n" != "{failing}" ]\n'
        (ci / step).write_text("#!/usr/bin/env bash\n" + script)
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
        ("fuzz-build", ["setup", "test"]),
        ("fuzz", ["setup", "test", "fuzz"]),
    ],
)
def test_ci_run_fails_on_any_failed_step(
    tmp_path: Path, failing: str | None, expected_ran: list[str]
) -> None:
    rc, ran = _run_ci(tmp_path, failing)
    # The fuzz build runs beside the tests: its place in the log is not fixed.
    assert [s for s in ran if s != "fuzz-build"] == expected_ran
    if failing in (None, "fuzz-build", "fuzz"):  # .ci/run waited for it
        assert ran.count("fuzz-build") == 1
    if failing == "setup":
        assert "fuzz-build" not in ran
    assert (rc == 0) == (failing is None), f"step {failing!r} failed but .ci/run exited {rc}"
