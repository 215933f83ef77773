"""Broken-link check for a folder of generated HTML (the pdoc API reference).

Every relative ``href``/``src`` must name a file in the folder, and a ``#fragment`` must
name an element ``id`` (or anchor ``name``) of that page. Links with a scheme (https:,
mailto:, data:) are not followed. Usage: ``python tools/check_html_links.py DIR``; prints each
broken link and exits 1 if there is any.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for k, v in attrs:
            if v is None:
                continue
            if k in ("href", "src"):
                self.links.append(v)
            elif k == "id" or (k == "name" and tag == "a"):
                self.ids.add(v)


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def broken_links(root: Path) -> list[str]:
    """``"page: link"`` for each relative link under `root` that leads nowhere."""
    pages = {p.resolve(): _parse(p) for p in sorted(root.rglob("*.html"))}
    broken = []
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if not target.exists():
                broken.append(f"{path.relative_to(root.resolve())}: {link}")
                continue
            frag = unquote(parts.fragment)
            if frag and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if frag not in ids:
                    broken.append(f"{path.relative_to(root.resolve())}: {link}")
    return broken


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not Path(argv[1]).is_dir():
        print("usage: check_html_links.py DIR", file=sys.stderr)
        return 2
    root = Path(argv[1])
    if not any(root.rglob("*.html")):
        print(f"{root}: no HTML pages", file=sys.stderr)
        return 1
    broken = broken_links(root)
    for b in broken:
        print(f"broken link: {b}", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
