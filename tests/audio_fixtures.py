"""Audio fixtures the suite makes itself (numpy + soundfile for PCM/FLAC/AIFF, the ffmpeg
CLI for the lossy codecs), so the audio tests run from a fresh clone without ../shared."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import soundfile as sf

SR = 44_100
SECONDS = 2.5
N = int(SR * SECONDS)  # 110250 samples per channel: what a gapless decode must give back


def speechlike(sr: int = SR, n: int = N, channels: int = 2, seed: int = 0) -> np.ndarray:
    """[n, channels] float32: voiced harmonics under a syllable-rate envelope plus a little
    noise, different per channel, peak about 0.6."""
    rng = np.random.default_rng(seed)
    t = np.arange(n) / sr
    out = np.empty((n, channels), np.float32)
    for c in range(channels):
        f0 = 110.0 + 40.0 * c + 20.0 * np.sin(2 * np.pi * 0.7 * t)
        phase = 2 * np.pi * np.cumsum(f0) / sr
        voice = sum(np.sin(k * phase) / k for k in range(1, 12))
        env = 0.5 * (1 + np.sin(2 * np.pi * 3.0 * t + c))
        out[:, c] = 0.2 * voice * env + 0.01 * rng.standard_normal(n)
    return out


# name -> (ffmpeg output args, file suffix) for the codecs soundfile cannot write.
FFMPEG_FORMATS = {
    "mp3": (["-c:a", "libmp3lame", "-b:a", "128k"], ".mp3"),
    "vorbis": (["-c:a", "libvorbis", "-q:a", "4"], ".ogg"),
    "opus_ogg": (["-c:a", "libopus", "-b:a", "64k"], ".opus"),
    "opus_webm": (["-c:a", "libopus", "-b:a", "64k"], ".webm"),
    "aac_m4a": (["-c:a", "aac", "-b:a", "128k"], ".m4a"),
    "ac3": (["-c:a", "ac3", "-b:a", "192k"], ".ac3"),
    # Apple Lossless in CAF and in MP4, Windows Media Audio in ASF.
    "alac_caf": (["-c:a", "alac"], ".caf"),
    "alac_m4a": (["-c:a", "alac"], ".m4a"),
    "wmav2_asf": (["-c:a", "wmav2", "-b:a", "128k"], ".wma"),
    "wmav1_asf": (["-c:a", "wmav1", "-b:a", "128k"], ".wma"),
}

# name -> (soundfile format, subtype, rate, channels)
SF_FORMATS = {
    "wav_s16_mono_16k": ("WAV", "PCM_16", 16_000, 1),
    "wav_u8": ("WAV", "PCM_U8", 22_050, 1),
    "wav_s24_stereo": ("WAV", "PCM_24", SR, 2),
    "wav_s32": ("WAV", "PCM_32", SR, 1),
    "wav_f32_24k": ("WAV", "FLOAT", 24_000, 1),
    "wav_mulaw": ("WAV", "ULAW", 8_000, 1),
    "flac_stereo": ("FLAC", "PCM_16", SR, 2),
    "flac_24bit": ("FLAC", "PCM_24", 48_000, 1),
    "aiff": ("AIFF", "PCM_16", SR, 2),
}


def ffmpeg(*args: str) -> None:
    exe = shutil.which("ffmpeg")
    if exe is None:
        raise RuntimeError("the audio tests need the ffmpeg CLI (.ci/setup installs it)")
    subprocess.run([exe, "-nostdin", "-v", "error", "-y", *args], check=True, timeout=120)


def make_all(root: Path) -> dict[str, Path]:
    """Writes every fixture under `root`; returns name -> path."""
    paths: dict[str, Path] = {}
    for name, (fmt, subtype, rate, ch) in SF_FORMATS.items():
        n = int(rate * SECONDS)
        p = root / f"{name}.{fmt.lower()}"
        sf.write(p, speechlike(rate, n, ch), rate, format=fmt, subtype=subtype)
        paths[name] = p
    src = root / "source_s16_stereo.wav"
    sf.write(src, speechlike(), SR, subtype="PCM_16")
    paths["source"] = src
    for name, (args, suffix) in FFMPEG_FORMATS.items():
        p = root / f"{name}{suffix}"
        ffmpeg("-i", str(src), *args, str(p))
        paths[name] = p
    # A video file whose audio track is AAC (like a phone clip).
    p = root / "video_aac.mp4"
    ffmpeg(
        "-f", "lavfi", "-i", f"testsrc=size=160x120:rate=10:duration={SECONDS}",
        "-i", str(src), "-c:v", "mpeg4", "-c:a", "aac", "-shortest", str(p),
    )  # fmt: skip
    paths["video_aac"] = p
    return paths
