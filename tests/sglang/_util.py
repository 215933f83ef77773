"""Helpers of the SGLang tests: the media files compared and the parity record."""

from __future__ import annotations

import os
import subprocess
from collections import Counter
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

IMAGE_SUFFIXES = frozenset(
    {".jpg", ".jpeg", ".png", ".webp", ".gif", ".bmp", ".tif", ".tiff", ".avif", ".jp2"}
)
VIDEO_SUFFIXES = frozenset({".mp4", ".mov", ".mkv", ".webm", ".avi", ".apng", ".m4v"})
AUDIO_SUFFIXES = frozenset(
    {".wav", ".flac", ".mp3", ".m4a", ".ogg", ".opus", ".aac", ".aiff", ".bin"}
)

# Folders holding broken files on purpose: there both sides may fail (the same way).
BROKEN_DIRS = frozenset({"malformed", "malformed_media", "fuzz", "robust"})

# Fuzz inputs of other parts of fastmedia (encoder outputs, data URLs): not media to load.
SKIP_DIRS = ("encode", "dataurl")


def broken(path: Path) -> bool:
    return not BROKEN_DIRS.isdisjoint(path.parts)


def corpus() -> Path | None:
    path = os.environ.get("FASTMEDIA_CORPUS")
    return Path(path).resolve() if path else None


def files(suffixes: frozenset[str], under: tuple[str, ...] = ()) -> list[Path]:
    """Files of tests/fixtures and $FASTMEDIA_CORPUS with one of ``suffixes``; with
    ``under``, only those below a folder of that name (``.bin``: fuzz/audio only)."""
    out = []
    for root in (FIXTURES, corpus()):
        if root is None or not root.is_dir():
            continue
        for p in sorted(root.rglob("*")):
            parts = p.relative_to(root).parts
            if not p.is_file() or p.suffix.lower() not in suffixes:
                continue
            if any(s in parts for s in SKIP_DIRS) or (under and not set(under) & set(parts)):
                continue
            if p.suffix == ".bin" and "audio" not in parts:
                continue
            out.append(p)
    return out


def ids(paths: list[Path]) -> list[str]:
    return [str(p).split("/tests/fixtures/")[-1].split("/corpus/")[-1] for p in paths]


_SINE = ["-f", "lavfi", "-i", "sine=f=440:d=1.37:sample_rate=44100"]
# name -> ffmpeg arguments: mono clips at 16 kHz (fastmedia's path) and others (SGLang's).
AUDIO_CLIPS = {
    "s16_16k.wav": ["-ar", "16000", "-c:a", "pcm_s16le"],
    "f32_16k.wav": ["-ar", "16000", "-c:a", "pcm_f32le"],
    "flac_16k.flac": ["-ar", "16000", "-c:a", "flac"],
    "mp3_16k.mp3": ["-ar", "16000", "-c:a", "libmp3lame"],
    "aac_16k.m4a": ["-ar", "16000", "-c:a", "aac"],
    "opus_48k.webm": ["-ar", "48000", "-c:a", "libopus"],
    "vorbis_16k.ogg": ["-ar", "16000", "-c:a", "libvorbis"],
    "opus_16k.ogg": ["-ar", "16000", "-c:a", "libopus"],
    "s16_16k_stereo.wav": ["-ar", "16000", "-ac", "2", "-c:a", "pcm_s16le"],
    "aac_44k_stereo.mp4": ["-ac", "2", "-c:a", "aac"],
    "mp3_44k.mp3": ["-c:a", "libmp3lame"],
}


def make_audio(folder: Path) -> list[Path]:
    out = []
    for name, args in AUDIO_CLIPS.items():
        path = folder / name
        run = ["ffmpeg", "-nostdin", "-v", "error", "-y", *_SINE, *args, str(path)]
        subprocess.run(run, check=True, timeout=120)
        out.append(path)
    return out


# (modality, outcome) -> files; outcome: "identical (fastmedia)", "identical (fallback)",
# "both fail", "different".
_record: Counter[tuple[str, str]] = Counter()


def record(modality: str, outcome: str) -> None:
    _record[(modality, outcome)] += 1


def parity_table() -> list[str]:
    if not _record:
        return []
    lines = [f"{'modality':<8} {'outcome':<24} cases"]
    for (modality, outcome), n in sorted(_record.items()):
        lines.append(f"{modality:<8} {outcome:<24} {n}")
    return lines
