"""The package's layout holds: no import circles and no import up the layer order
(``benches/layout.py``: ``_internal`` and ``errors`` under ``media`` and ``fetch``, those under
``transfer``, that under ``embeddings``, the adapters and the demo on top), no Python code
polls a NIXL transfer (the engine's lanes do), and no class is over 350 lines. The checker is
also run on a made-up package with one of each, so that it can fail."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCHES = Path(__file__).resolve().parents[1] / "benches"


def _layout():
    sys.path.insert(0, str(BENCHES))  # layout.py imports benches/common.py
    try:
        spec = importlib.util.spec_from_file_location("fastmedia_layout", BENCHES / "layout.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mod  # for its dataclass
        spec.loader.exec_module(mod)
        return mod
    finally:
        sys.path.remove(str(BENCHES))


def test_the_package_has_no_circle_and_no_import_up_the_layers():
    layout = _layout()
    mods = layout.modules()
    assert "fastmedia.transfer.reader" in mods and "fastmedia.media.decoder" in mods
    graph = layout.imports(mods)
    assert "fastmedia.transfer.descriptor" in graph["fastmedia.transfer.reader"]
    assert layout.circles(graph) == []
    assert layout.breaches(graph) == []


def test_no_python_code_polls_a_transfer_and_no_class_is_over_350_lines():
    layout = _layout()
    mods = layout.modules()
    assert layout.transfer_loops(mods) == []
    assert layout.big_classes(mods) == []


def test_the_checker_finds_a_circle_and_an_upward_import(tmp_path):
    layout = _layout()
    pkg = tmp_path / "fastmedia"
    (pkg / "media").mkdir(parents=True)
    (pkg / "transfer").mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "media" / "__init__.py").write_text("")
    (pkg / "transfer" / "__init__.py").write_text("")
    (pkg / "media" / "a.py").write_text("from fastmedia.media import b\n")
    (pkg / "media" / "b.py").write_text(
        "def f():\n    from .a import x\n    from fastmedia.transfer.reader import R\n"
    )
    (pkg / "transfer" / "reader.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from fastmedia.media import a\n"
        "class Big:\n    def poll(self, h):\n        return self.agent.check_xfer_state(h)\n"
        + "    x = 1\n"
        * 348
    )
    mods = layout.modules(pkg)
    assert layout.transfer_loops(mods) == ["fastmedia.transfer.reader.Big.poll"]
    assert layout.big_classes(mods) == [("fastmedia.transfer.reader.Big", 351)]
    graph = layout.imports(mods)
    assert layout.circles(graph) == [["fastmedia.media.a", "fastmedia.media.b"]]
    assert layout.breaches(graph) == [("fastmedia.media.b", "fastmedia.transfer.reader")]
