"""benches/bench_sglang.py end to end, at its smallest (--quick, concurrency 1): every
workload's row is printed with numbers and a ratio for each column, both sides really ran
(SGLang's own loaders and the plugin's, which decoded every modality), and without the
corpus the made clip and WAV file are used.

The bench enables the plugin through ``load_plugins()``, which rebinds SGLang's loaders for
the rest of the process, so it runs in a child process: the other tests here compare against
SGLang's own functions."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^(images|video|audio \(16 kHz\)) +1  (.*)$")
CELL = re.compile(r"^ *([0-9.]+) +([0-9.]+) +([0-9.]+)x$")


def test_bench_prints_every_row(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SGLANG_PLUGINS"}
    env["FASTMEDIA_CORPUS"] = str(tmp_path / "no-corpus")
    run = [sys.executable, "benches/bench_sglang.py", "--quick", "--concurrency", "1"]
    out = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    lines = out.stdout.splitlines()
    rows = {m.group(1): m.group(2) for ln in lines if (m := ROW.match(ln))}
    assert list(rows) == ["images", "video", "audio (16 kHz)"], out.stdout
    for label, rest in rows.items():
        cells = [c for c in rest.split("x") if c.strip()]
        assert len(cells) == 4, (label, rest)  # items/s, p50, p99, cpu ms/item
        for cell in cells:
            m = CELL.match(cell + "x")
            assert m, (label, cell)
            assert all(float(v) > 0 for v in m.groups()), (label, cell)
    assert any(ln.startswith("cores: ") and "load average before: " in ln for ln in lines)
    assert any(ln.startswith("load average after: ") for ln in lines)
    assert "made_640x360_8s.mp4" in out.stdout and "made_44k_stereo.wav" in out.stdout
    stats_line = next(ln for ln in lines if ln.startswith("fastmedia.sglang paths: "))
    stats = ast.literal_eval(stats_line.split(": ", 1)[1])
    for modality in ("image", "video", "audio"):
        assert stats.get(f"{modality}.fastmedia", 0) > 0, stats  # the plugin side decoded
