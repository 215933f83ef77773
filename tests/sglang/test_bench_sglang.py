"""benches/bench_sglang.py end to end, small: both sides run in their own processes (the
plugin loaded on exactly one) and the table has every row, with made clips where the corpus
is absent."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_prints_every_row(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setenv("FASTMEDIA_CORPUS", str(tmp_path / "no-corpus"))
    monkeypatch.syspath_prepend(str(ROOT / "benches"))
    sys.modules.pop("bench_sglang", None)
    import bench_sglang

    assert bench_sglang.main(["--quick"]) == 0
    out = capsys.readouterr().out
    for modality in ("image", "video", "audio"):
        for level in (1, 8):
            row = next(ln for ln in out.splitlines() if ln.startswith(f"| {modality}, {level} "))
            assert row.count("x |") == 1, row  # a ratio was computed
    assert "made_720p.mp4" in out and "made_44k_stereo.wav" in out
