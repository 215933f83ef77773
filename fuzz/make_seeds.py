"""Write the fuzz targets' seed corpus: tiny images in every format and mode fastmedia decodes
(small seeds keep the fuzzer fast; it grows the rest), as fuzz/corpus/<target>/seed-*.
Run from the repository root with the project's venv: .venv/bin/python fuzz/make_seeds.py
(`fuzz/make_seeds.py encode` writes only the encode target's, which need no ffmpeg CLI).
"""

from __future__ import annotations

import base64
import io
import sys
from pathlib import Path

import numpy as np
from PIL import Image

OUT = Path(__file__).resolve().parent / "corpus"


def img(mode: str, size=(16, 12)) -> Image.Image:
    rng = np.random.default_rng(len(mode) * 7 + size[0])
    base = Image.fromarray(rng.integers(0, 256, (size[1], size[0], 3), dtype=np.uint8), "RGB")
    return base.convert(mode)


def save(im: Image.Image, fmt: str, **kw) -> bytes:
    b = io.BytesIO()
    im.save(b, fmt, **kw)
    return b.getvalue()


def seeds() -> dict[str, bytes]:
    exif = Image.Exif()
    exif[0x0112] = 6
    frames = [img("RGB"), img("RGB").transpose(Image.Transpose.FLIP_LEFT_RIGHT)]
    return {
        "rgb.jpg": save(img("RGB"), "JPEG", quality=80),
        "gray.jpg": save(img("L"), "JPEG"),
        "progressive.jpg": save(img("RGB"), "JPEG", progressive=True),
        "444.jpg": save(img("RGB"), "JPEG", subsampling=0),
        "cmyk.jpg": save(img("CMYK"), "JPEG"),
        "exif6.jpg": save(img("RGB"), "JPEG", exif=exif.tobytes()),
        "l.png": save(img("L"), "PNG"),
        "la.png": save(img("LA"), "PNG"),
        "rgb.png": save(img("RGB"), "PNG"),
        "rgba.png": save(img("RGBA"), "PNG"),
        "p.png": save(img("P"), "PNG"),
        "p_trns.png": save(img("P"), "PNG", transparency=0),
        "i16.png": save(img("I;16"), "PNG"),
        "interlaced.png": save(img("RGB"), "PNG", interlace=1),
        "lossy.webp": save(img("RGB"), "WEBP", quality=70),
        "lossless.webp": save(img("RGB"), "WEBP", lossless=True),
        "alpha.webp": save(img("RGBA"), "WEBP", quality=70),
        "exif6.webp": save(img("RGB"), "WEBP", exif=exif.tobytes()),
        "anim.webp": save(frames[0], "WEBP", save_all=True, append_images=frames[1:], duration=50),
        "anim_lossless.webp": save(
            frames[0], "WEBP", save_all=True, append_images=frames[1:], lossless=True
        ),
        "p.gif": save(img("P"), "GIF"),
        "anim.gif": save(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=50),
        "trns.gif": save(img("P"), "GIF", transparency=3),
        "rgb.bmp": save(img("RGB"), "BMP"),
        "p.bmp": save(img("P"), "BMP"),
        "rgb.tiff": save(img("RGB"), "TIFF"),
        "lzw.tiff": save(img("RGB"), "TIFF", compression="tiff_lzw"),
        "deflate.tiff": save(img("RGBA"), "TIFF", compression="tiff_adobe_deflate"),
        "gray.tiff": save(img("L"), "TIFF"),
        "cmyk.tiff": save(img("CMYK"), "TIFF"),
    }


def audio_seeds() -> dict[str, bytes]:
    """A short tone as WAV (standard library), and every codec and container the audio path
    serves (audio/decode.rs `supported`) that ffmpeg here can write."""
    import shutil
    import subprocess
    import tempfile
    import wave

    t = np.arange(1600) / 8000.0
    pcm = (np.sin(2 * np.pi * 440 * t) * 12000).astype("<i2")
    out = {}
    for ch in (1, 2):
        b = io.BytesIO()
        with wave.open(b, "wb") as w:
            w.setnchannels(ch)
            w.setsampwidth(2)
            w.setframerate(8000)
            w.writeframes(np.repeat(pcm, ch).tobytes())
        out[f"tone_{ch}ch.wav"] = b.getvalue()
    if shutil.which("ffmpeg"):
        with tempfile.TemporaryDirectory() as d:
            src = Path(d) / "in.wav"
            src.write_bytes(out["tone_2ch.wav"])
            short = ["-t", "0.05"]
            for name, args in {
                "tone.flac": [],
                "tone.mp3": ["-b:a", "32k"],
                "tone.ogg": ["-c:a", "libvorbis"],
                "tone.opus": ["-c:a", "libopus", "-ar", "48000"],
                "tone.m4a": ["-c:a", "aac", "-b:a", "32k"],
                "tone_f32.wav": ["-c:a", "pcm_f32le"],
                # Plain PCM variants: 50 ms is enough and keeps them small.
                "tone_u8.wav": [*short, "-c:a", "pcm_u8"],
                "tone_s24.wav": [*short, "-c:a", "pcm_s24le"],
                "tone_s32.wav": [*short, "-c:a", "pcm_s32le"],
                "tone_f64.wav": [*short, "-c:a", "pcm_f64le"],
                "tone_mulaw.wav": [*short, "-c:a", "pcm_mulaw"],
                "tone_alaw.wav": [*short, "-c:a", "pcm_alaw"],
                # WAVE_FORMAT_EXTENSIBLE (more than two channels).
                "tone_6ch.wav": [*short, "-af", "pan=5.1|c0=c0|c1=c1|c2=c0|c3=c1|c4=c0|c5=c1"],
                "tone.aiff": short,
                "tone_s8.aiff": [*short, "-c:a", "pcm_s8"],
                "tone_s24be.aifc": [*short, "-c:a", "pcm_s24be", "-f", "aiff"],
                "tone_f32be.aifc": [*short, "-c:a", "pcm_f32be", "-f", "aiff"],
                "tone.au": [*short, "-c:a", "pcm_s16be"],
                "tone_mulaw.au": [*short, "-c:a", "pcm_mulaw"],
                "tone_alac.m4a": ["-c:a", "alac"],
                "tone_alac.caf": ["-c:a", "alac"],
                "tone.mp2": ["-c:a", "mp2", "-ar", "16000", "-b:a", "32k"],
                "tone.ac3": ["-c:a", "ac3", "-ar", "48000", "-b:a", "64k"],
                "tone.eac3": ["-c:a", "eac3", "-ar", "48000", "-b:a", "64k"],
                "tone.aac": ["-c:a", "aac", "-b:a", "32k", "-f", "adts"],
                "tone_opus.webm": ["-c:a", "libopus", "-ar", "48000", "-b:a", "16k"],
                "tone_vorbis.mka": ["-c:a", "libvorbis"],
                "tone_flac.oga": ["-c:a", "flac", "-f", "ogg"],
                # A refused codec, to cover the refusal path.
                "tone_adpcm.wav": ["-c:a", "adpcm_ms"],
            }.items():
                dst = Path(d) / name
                cmd = ["ffmpeg", "-v", "error", "-y", "-i", str(src), *args, str(dst)]
                if subprocess.run(cmd, check=False).returncode == 0:
                    out[name] = dst.read_bytes()
            # A video's AAC track (a 16x16 H.264 frame beside it).
            dst = Path(d) / "tone_with_video.mp4"
            video = ["-f", "lavfi", "-i", "color=size=16x16:rate=2:duration=0.5"]
            cmd = ["ffmpeg", "-v", "error", "-y", *video, "-i", str(src), "-c:v", "libx264"]
            cmd += ["-c:a", "aac", "-b:a", "32k", "-shortest", str(dst)]
            if subprocess.run(cmd, check=False).returncode == 0:
                out[dst.name] = dst.read_bytes()
    return out


def video_seeds() -> dict[str, bytes]:
    """Tiny clips (32x24, 6 frames at 6 fps, a few KB) in every codec ffmpeg here can write."""
    import shutil
    import subprocess
    import tempfile

    out = {}
    if not shutil.which("ffmpeg"):
        return out
    src = ["-f", "lavfi", "-i", "testsrc=size=32x24:rate=6:duration=1"]
    with tempfile.TemporaryDirectory() as d:
        for name, args in {
            "h264.mp4": ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-g", "3", "-bf", "1"],
            "h264.mkv": ["-c:v", "libx264", "-pix_fmt", "yuv444p", "-g", "2"],
            "vp9.webm": ["-c:v", "libvpx-vp9", "-g", "3", "-b:v", "50k"],
            "vp8.webm": ["-c:v", "libvpx", "-g", "3", "-b:v", "50k"],
            "av1.mp4": ["-c:v", "libaom-av1", "-cpu-used", "8", "-g", "3", "-b:v", "50k"],
            "mpeg4.avi": ["-c:v", "mpeg4", "-g", "3", "-q:v", "10"],
            "mjpeg.avi": ["-c:v", "mjpeg", "-q:v", "20"],
            "hevc.mp4": ["-c:v", "libx265", "-x265-params", "log-level=none", "-g", "3"],
            "rotated.mp4": ["-c:v", "libx264", "-metadata:s:v", "rotate=90"],
            "ffmpeg.gif": [],
            "ffmpeg.apng": ["-f", "apng"],
        }.items():
            dst = Path(d) / name
            cmd = ["ffmpeg", "-v", "error", "-y", *src, *args, str(dst)]
            if subprocess.run(cmd, check=False).returncode == 0:
                out[name] = dst.read_bytes()
    return out


# The encode target's header (fuzz/src/encode.rs, `Case::parse`): op, dtype|layout<<2|signed<<4,
# frames, height, width, quality (>= 200: None), fps index | limits bits, max_bytes index,
# codec index | webm<<3 | threads<<4 | limits, audio channels|loops, audio codec<<4|rate<<5,
# audio length / stream split; then the samples (cycled).
OPS = {
    "png": 0,
    "jpeg": 1,
    "webp": 2,
    "anim_webp": 3,
    "anim_gif": 4,
    "video": 5,
    "av": 6,
    "stream": 7,
}
CODECS = {"h264": 0, "av1": 1}
FPS = {16.0: 0, 24.0: 1, 12.5: 4, 1.0: 5}
RATES = {48000: 0, 16000: 1, 44100: 2, 8000: 3}


def encode_case(
    op,
    t=1,
    h=16,
    w=16,
    dtype=0,
    layout=0,
    signed=0,
    quality=None,
    fps=16.0,
    codec="h264",
    webm=0,
    channels=1,
    aac=0,
    rate=48000,
    split=0,
    alen=8,
) -> bytes:
    # frames byte: len_delta 0 (>> 5 >= 2); images: % 8 != 0; clips: % 5 == t
    tb = next(b for b in range(64, 256) if (b % 8 != 0 if op < 3 else b % 5 == t))
    head = [
        op,
        dtype | layout << 2 | signed << 4,
        tb,
        h,
        w,
        255 if quality is None else quality,
        FPS[fps],
        0,
        CODECS[codec] | webm << 3,
        channels - 1,
        aac << 4 | RATES[rate] << 5,
        alen << 2 | split,
    ]
    n = t * h * w * 3
    px = bytes((i * 7 + (i // (w * 3)) * 13) % 256 for i in range(min(n, 4096)))
    return bytes(head) + px


def encode_seeds() -> dict[str, bytes]:
    """Valid cases of every call the encode target makes (each must encode: the regression
    test checks it), small enough to run fast."""
    e = encode_case
    return {
        "png_u8": e(OPS["png"], h=12, w=16),
        "png_f32_tchw_signed": e(OPS["png"], h=5, w=7, dtype=1, layout=1, signed=1),
        "png_f64_bcthw": e(OPS["png"], h=3, w=2, dtype=2, layout=2),
        "jpeg_q90": e(OPS["jpeg"], h=16, w=24, quality=90),
        "webp_lossy": e(OPS["webp"], h=10, w=14),
        "webp_lossless": e(OPS["webp"], h=9, w=11, quality=100),
        "anim_webp": e(OPS["anim_webp"], t=3, h=12, w=8),
        "anim_gif_f32": e(OPS["anim_gif"], t=2, h=8, w=8, dtype=1, fps=12.5),
        "h264_mp4": e(OPS["video"], t=4, h=16, w=16),
        "av1_mp4": e(OPS["video"], t=2, h=16, w=24, codec="av1", quality=40),
        "av1_webm_odd": e(OPS["video"], t=2, h=17, w=19, codec="av1", webm=1, fps=24.0),
        "h264_opus": e(OPS["av"], t=2, h=16, w=16, alen=20),
        "av1_webm_opus_stereo": e(
            OPS["av"], t=2, h=16, w=16, codec="av1", webm=1, channels=2, rate=16000
        ),
        "h264_aac": e(OPS["av"], t=3, h=16, w=16, aac=1, rate=44100, fps=24.0),
        "stream_h264": e(OPS["stream"], t=3, h=16, w=16, split=1),
        "stream_av1": e(OPS["stream"], t=2, h=16, w=16, codec="av1", split=2),
    }


def write_encode_seeds() -> None:
    d = OUT / "encode"
    d.mkdir(parents=True, exist_ok=True)
    for name, data in encode_seeds().items():
        (d / f"seed-{name}").write_bytes(data)


def main() -> None:
    write_encode_seeds()
    if sys.argv[1:] == ["encode"]:
        return
    s = seeds()
    d = OUT / "video"
    d.mkdir(parents=True, exist_ok=True)
    # Selectors: uniform, every frame; timestamps at 2 fps; qwen3_vl capped at 8 frames.
    for name, data in video_seeds().items():
        for sel in (0, 0x09, 0x12):
            (d / f"seed-{name}-{sel}").write_bytes(data + bytes([sel]))
    for name in ("anim.webp", "anim_lossless.webp", "anim.gif"):
        (d / f"seed-{name}-0").write_bytes(s[name] + bytes([0]))
    d = OUT / "audio"
    d.mkdir(parents=True, exist_ok=True)
    for name, data in audio_seeds().items():
        for sel in (0, 3):
            (d / f"seed-{name}-{sel}").write_bytes(data + bytes([sel]))
    for target, sels in (("decode", (0, 1, 2, 3)), ("decode_tight", (0, 7, 19))):
        d = OUT / target
        d.mkdir(parents=True, exist_ok=True)
        for name, data in s.items():
            for sel in sels:
                (d / f"seed-{name}-{sel}").write_bytes(data + bytes([sel]))
    d = OUT / "dataurl"
    d.mkdir(parents=True, exist_ok=True)
    for name in ("rgb.png", "lossy.webp", "rgb.jpg", "p.gif", "anim.webp"):
        b64 = base64.b64encode(s[name]).decode()
        (d / f"seed-{name}").write_text(f"data:image/{name.split('.')[-1]};base64,{b64}")
    for i, bad in enumerate(
        [
            "data:image/png;base64,",
            "data:text/plain;base64,AAAA",
            "data:image/png,AAAA",
            "DATA:IMAGE/PNG;charset=x;BASE64,iVBORw0KGgo=",
            "data:image/png;base64,AAA=AAAA",
        ]
    ):
        (d / f"seed-bad-{i}").write_text(bad)


if __name__ == "__main__":
    main()
