"""The photos the demos decode: ``$FASTMEDIA_CORPUS`` when set, else the samples shipped in
the package."""

from __future__ import annotations

import os
from pathlib import Path

IMAGE_EXT = {".jpg", ".jpeg", ".png", ".webp", ".gif", ".bmp", ".tif", ".tiff"}
SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def default_corpus() -> Path:
    """``$FASTMEDIA_CORPUS`` when set, else the sample photos shipped in the package."""
    env = os.environ.get("FASTMEDIA_CORPUS")
    return Path(env).expanduser() if env else SAMPLES


def corpus_files(root: Path) -> list[Path]:
    return sorted(
        p
        for p in root.rglob("*")
        if p.is_file()
        and p.suffix.lower() in IMAGE_EXT
        and "malformed" not in p.parts
        and "video" not in p.parts
    )
