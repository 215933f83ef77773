"""The docs hold together: every relative link in README.md and docs/*.md names a file that
exists (and, with ``#anchor``, a heading of it), and every docs page is reachable from the
README's documentation table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import REPO

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    heads = re.findall(r"^#+ (.+)$", page.read_text(), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-") for h in heads}


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.DOTALL)  # code is not links
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_relative_links_resolve(page):
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists() or (anchor and dest.suffix == ".md" and anchor not in anchors(dest)):
            broken.append(target)
    assert not broken, f"{page.name}: broken links {broken}"


def test_every_docs_page_is_linked_from_the_readme():
    linked = {(REPO / t.partition("#")[0]).resolve() for t in links(REPO / "README.md")}
    missing = [p.name for p in PAGES[1:] if p.resolve() not in linked and p.name != "README.md"]
    assert not missing, f"docs pages not in the README's table: {missing}"


def test_the_link_check_catches_a_broken_link(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("# Title\n\n[ok](p.md#title) [gone](nope.md) [bad anchor](p.md#nope)\n")
    assert links(page) == ["p.md#title", "nope.md", "p.md#nope"]
    assert "title" in anchors(page) and "nope" not in anchors(page)
