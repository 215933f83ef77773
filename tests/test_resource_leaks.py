"""Memory that must come back: decoding the same input again and again keeps RSS flat.

Catches leaks outside the Rust allocator (FFmpeg's packets and frames), which the fuzz
targets' counting allocator cannot see; the fuzz build's LeakSanitizer found the first one.
"""

from __future__ import annotations

import io
import wave

import numpy as np
import pytest

import fastmedia


def _rss_mb() -> float:
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024


def _wav(seconds: int, rate: int = 16000) -> bytes:
    t = np.arange(seconds * rate) / rate
    b = io.BytesIO()
    with wave.open(b, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes((np.sin(2 * np.pi * 440 * t) * 9000).astype("<i2").tobytes())
    return b.getvalue()


@pytest.mark.skipif(not hasattr(fastmedia.Decoder, "decode_audio"), reason="no audio support")
def test_audio_decode_returns_its_memory():
    data = _wav(30)  # ~0.96 MB of PCM: a leaked packet set is ~1 MB per decode
    dec = fastmedia.Decoder(threads=1)
    for _ in range(5):  # allocator and FFmpeg warm-up
        dec.decode_audio(data)
    before = _rss_mb()
    for _ in range(40):
        dec.decode_audio(data)
    grown = _rss_mb() - before
    # Leaking the packets grows ~38 MB here; allocator noise stays well under 16.
    assert grown < 16, f"RSS grew {grown:.1f} MB over 40 decodes of the same 30 s WAV"


def test_video_decode_returns_its_memory(tmp_path):
    """The video probe reads every packet of the clip, and each decode group reads its GOP:
    a reused Packet leaked all of them (the clip's whole size per decode)."""
    import shutil
    import subprocess

    if shutil.which("ffmpeg") is None:
        pytest.fail("the ffmpeg CLI makes this test's clip: install it (.ci/setup does)")
    clip = tmp_path / "noise.mp4"
    subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30",
         "-t", "8", "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "6M", "-g", "60",
         str(clip)],
        check=True,
    )  # fmt: skip
    data = clip.read_bytes()
    dec = fastmedia.Decoder(threads=1)
    for _ in range(3):  # allocator and FFmpeg warm-up
        dec.decode_video(data, num_frames=4)
    before = _rss_mb()
    for _ in range(15):
        dec.decode_video(data, num_frames=4)
    grown = _rss_mb() - before
    mb = len(data) / 2**20
    # Leaking the packets grows ~15 x the clip size; allocator noise stays under 2 clips.
    assert grown < max(16, 2 * mb), f"RSS grew {grown:.1f} MB over 15 decodes of a {mb:.1f} MB clip"
