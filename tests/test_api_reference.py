"""The API reference pdoc builds from the docstrings and stubs has no broken links (the
check .ci/test runs on it, tools/check_html_links.py), and the check finds broken ones."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from tests.helpers import REPO

_spec = importlib.util.spec_from_file_location(
    "check_html_links", REPO / "tools/check_html_links.py"
)
assert _spec is not None and _spec.loader is not None
links = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(links)


def test_the_check_finds_missing_pages_and_anchors(tmp_path):
    (tmp_path / "a.html").write_text(
        '<a href="b.html">ok</a><a href="b.html#there">ok</a><a href="#top">ok</a>'
        '<h1 id="top">A</h1><a href="gone.html">x</a><a href="b.html#nowhere">x</a>'
        '<a href="https://example.com/x">external: not followed</a><img src="pic.png">'
    )
    (tmp_path / "b.html").write_text('<p id="there">B</p>')
    assert links.broken_links(tmp_path) == [
        "a.html: gone.html",
        "a.html: b.html#nowhere",
        "a.html: pic.png",
    ]
    assert links.main(["x", str(tmp_path)]) == 1
    (tmp_path / "a.html").write_text('<a href="b.html#there">ok</a>')
    assert links.main(["x", str(tmp_path)]) == 0


@pytest.mark.timeout(600)
def test_pdoc_reference_has_no_broken_links(tmp_path):
    subprocess.run([sys.executable, "-W", "error", "-m", "pdoc", "-o", str(tmp_path), "fastmedia"],
                   check=True, timeout=540, capture_output=True)  # fmt: skip
    assert (tmp_path / "fastmedia.html").stat().st_size > 0
    assert links.broken_links(tmp_path) == []
