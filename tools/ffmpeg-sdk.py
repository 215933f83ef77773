#!/usr/bin/env python3
"""Builds a small static FFmpeg (LGPL-2.1+) from ffmpeg-src's pristine sources, once per machine.

The SDK lands in a cache directory keyed by the FFmpeg release and this configuration
($FASTMEDIA_FFMPEG_CACHE, default ~/.cache/fastmedia), so release, dev and fuzz builds reuse
one copy. Prints the SDK prefix; point ffmpeg-sys-next at it with PKG_CONFIG_PATH (static).
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Only what fastmedia serves (docs/build.md); muxers stay for the encode path.
COMPONENTS = {
    "demuxer": "mov matroska avi ogg wav mp3 flac aiff caf ac3 aac",
    "muxer": "mp4 mov matroska webm",
    "decoder": "h264 hevc vp8 vp9 mpeg4 mjpeg aac aac_latm mp3 mp3float vorbis flac ac3 opus "
    "pcm_s16le pcm_s16be pcm_s24le pcm_s24be pcm_s32le pcm_s32be pcm_f32le pcm_f32be "
    "pcm_f64le pcm_f64be pcm_u8 pcm_alaw pcm_mulaw",
    "parser": "h264 hevc vp8 vp9 av1 mpeg4video aac aac_latm mpegaudio vorbis flac ac3 opus mjpeg",
    "bsf": "h264_mp4toannexb hevc_mp4toannexb vp9_superframe_split extract_extradata "
    "av1_frame_split",
    "protocol": "file",
}
FLAGS = [
    "--disable-everything",
    "--disable-programs",
    "--disable-doc",
    "--disable-autodetect",
    "--disable-network",
    "--disable-avdevice",
    "--disable-avfilter",
    "--disable-debug",
    "--enable-static",
    "--disable-shared",
    "--enable-pic",
    "--enable-avcodec",
    "--enable-avformat",
    "--enable-swscale",
    "--enable-swresample",
] + [f"--enable-{kind}={','.join(names.split())}" for kind, names in COMPONENTS.items()]


def ffmpeg_src() -> Path:
    meta = json.loads(
        subprocess.check_output(
            [
                "cargo",
                "metadata",
                "--format-version",
                "1",
                "--manifest-path",
                str(HERE / "ffmpeg-sdk/Cargo.toml"),
            ]
        )
    )
    (pkg,) = [p for p in meta["packages"] if p["name"] == "ffmpeg-src"]
    return Path(pkg["manifest_path"]).parent


def main() -> None:
    root = ffmpeg_src()
    key = hashlib.sha256(json.dumps(FLAGS).encode()).hexdigest()[:12]
    cache = Path(os.environ.get("FASTMEDIA_FFMPEG_CACHE", Path.home() / ".cache/fastmedia"))
    prefix = cache / f"ffmpeg-{root.name.removeprefix('ffmpeg-src-')}-{key}"
    if not (prefix / "lib/pkgconfig/libavcodec.pc").exists():
        work = cache / f"build-{key}"
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        with tarfile.open(root / "native/ffmpeg.tar.xz") as t:
            t.extractall(work, filter="data")
        jobs = os.environ.get("NUM_JOBS", str(os.cpu_count() or 2))
        tmp = prefix.with_suffix(".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        src = work / "ffmpeg"
        subprocess.run(
            ["sh", "./configure", f"--prefix={tmp}", *FLAGS], cwd=src, check=True, stdout=sys.stderr
        )
        subprocess.run(["make", f"-j{jobs}"], cwd=src, check=True, stdout=sys.stderr)
        subprocess.run(
            ["make", "install-libs", "install-headers"], cwd=src, check=True, stdout=sys.stderr
        )
        # pkg-config files name the temporary prefix; rewrite before the atomic rename.
        for pc in (tmp / "lib/pkgconfig").glob("*.pc"):
            pc.write_text(pc.read_text().replace(str(tmp), str(prefix)))
        lic = tmp / "share/licenses/ffmpeg"
        lic.mkdir(parents=True)
        for f in src.glob("COPYING.LGPLv2.1"):
            shutil.copy2(f, lic)
        shutil.copy2(src / "LICENSE.md", lic)
        tmp.rename(prefix)
        shutil.rmtree(work)
    print(prefix)


if __name__ == "__main__":
    main()
