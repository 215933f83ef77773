"""Helpers of the vLLM tests: the connectors under test and the media files compared."""

from __future__ import annotations

import os
from pathlib import Path

import pybase64
from vllm.multimodal.media.connector import MEDIA_CONNECTOR_REGISTRY

CONNECTORS = ("http", "fastmedia")

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

IMAGE_SUFFIXES = frozenset(
    {".jpg", ".jpeg", ".png", ".webp", ".gif", ".bmp", ".tif", ".tiff", ".avif", ".jp2"}
)
VIDEO_SUFFIXES = frozenset(
    {".mp4", ".mov", ".mkv", ".webm", ".avi", ".apng", ".gif", ".webp", ".m4v"}
)
AUDIO_SUFFIXES = frozenset({".wav", ".flac", ".mp3", ".m4a", ".ogg", ".opus", ".aac", ".aiff"})


def connector_class(name: str) -> type:
    return MEDIA_CONNECTOR_REGISTRY.name2class[name]


def data_url(data: bytes, mime: str = "application/octet-stream") -> str:
    return f"data:{mime};base64,{pybase64.b64encode(data).decode()}"


def _files(root: Path, suffixes: frozenset[str], skip: tuple[str, ...] = ()) -> list[Path]:
    if not root.is_dir():
        return []
    return sorted(
        p
        for p in root.rglob("*")
        if p.is_file()
        and p.suffix.lower() in suffixes
        and not any(part in skip for part in p.relative_to(root).parts)
    )


# Folders of tests/fixtures (and the corpus) holding broken files on purpose.
BROKEN_DIRS = frozenset({"malformed", "malformed_media", "fuzz", "robust"})


def broken(path: Path) -> bool:
    """Whether ``path`` is a broken file on purpose, that both connectors may refuse."""
    return not BROKEN_DIRS.isdisjoint(path.parts)


def corpus() -> Path | None:
    path = os.environ.get("FASTMEDIA_CORPUS")
    return Path(path).resolve() if path else None


def image_files() -> list[Path]:
    """Every image of tests/fixtures (the fuzz crashers and malformed files included: the two
    connectors must agree on them too) and of $FASTMEDIA_CORPUS but its video/ and audio/."""
    files = _files(FIXTURES, IMAGE_SUFFIXES)
    root = corpus()
    if root is not None:
        files += _files(root, IMAGE_SUFFIXES, skip=("video", "audio"))
    return files


def video_files() -> list[Path]:
    files = _files(FIXTURES, frozenset({".mp4", ".mov", ".mkv", ".webm", ".avi"}))
    root = corpus()
    if root is not None:
        files += _files(root / "video", VIDEO_SUFFIXES)
    return files


def audio_files() -> list[Path]:
    files = _files(FIXTURES, AUDIO_SUFFIXES)
    root = corpus()
    if root is not None:
        files += _files(root / "audio", AUDIO_SUFFIXES)
    return files


# The differential test's outcomes, printed as the parity table at the end of the session:
# {modality: {outcome: [file, ...]}}.
PARITY: dict[str, dict[str, list[str]]] = {}


def record(modality: str, outcome: str, name: str) -> None:
    PARITY.setdefault(modality, {}).setdefault(outcome, []).append(name)


OUTCOMES = ("identical", "float rounding", "fallen back", "different", "refused (vLLM: 500)")


def parity_table() -> list[str]:
    """The table: per modality, the cases fastmedia decoded identically, handed to vLLM's own
    decoder, that differ, or that fastmedia refuses where vLLM fails with a 500; and those both
    refuse with the same status ("both 400"). Every case but the identical ones is named."""
    if not PARITY:
        return []
    both = sorted({o for row in PARITY.values() for o in row if o.startswith("both ")})
    cols = (*OUTCOMES, *both)
    lines = [f"{'modality':<24}" + "".join(f"{o:>21}" for o in cols)]
    for modality in sorted(PARITY):
        row = PARITY[modality]
        lines.append(f"{modality:<24}" + "".join(f"{len(row.get(o, [])):>21}" for o in cols))
    for modality in sorted(PARITY):
        for outcome in cols[1:]:
            for name in PARITY[modality].get(outcome, []):
                lines.append(f"  {modality} {outcome}: {name}")
    return lines
