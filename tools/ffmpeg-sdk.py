#!/usr/bin/env python3
"""Builds a small static FFmpeg (LGPL-2.1+) from ffmpeg-src's pristine sources, dav1d (BSD-2,
FFmpeg's software AV1 decoder through its libdav1d wrapper) from libdav1d-sys's, and libsoxr
(LGPL-2.1+) from soxr-sys's, once per machine.

The SDK lands in a cache directory keyed by the FFmpeg release and this configuration
($FASTMEDIA_FFMPEG_CACHE, default ~/.cache/fastmedia), so release, dev and fuzz builds reuse
one copy. Prints the SDK prefix and links it at <checkout>/.ffmpeg-sdk, where
.cargo/config.toml points pkg-config (for ffmpeg-sys-next's static build).
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Only what fastmedia serves (docs/build.md); muxers stay for the encode path.
COMPONENTS = {
    "demuxer": "mov matroska avi ogg wav mp3 flac aiff caf ac3 aac asf",
    "muxer": "mp4 mov matroska webm",
    # The encode path's AAC audio track (Encoder audio=..., codec "aac").
    "encoder": "aac",
    # libdav1d: software AV1 through the dav1d built below (FFmpeg's own av1 needs a hwaccel).
    "decoder": "h264 hevc vp8 vp9 libdav1d mpeg4 mjpeg aac aac_latm mp3 mp3float vorbis flac ac3 "
    "opus alac "
    "wmav1 wmav2 "
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
    "--enable-libdav1d",
] + [f"--enable-{kind}={','.join(names.split())}" for kind, names in COMPONENTS.items()]


# dav1d 1.4.3 (libdav1d-sys's vendored pristine sources): the static library only, with its
# asm, both bit depths; FFmpeg's configure finds it through the dav1d.pc it installs.
DAV1D_OPTIONS = [
    "--buildtype=release",
    "--default-library=static",
    "-Db_staticpic=true",
    "-Denable_tools=false",
    "-Denable_tests=false",
    "-Denable_examples=false",
    "-Denable_docs=false",
    "-Dlogging=false",
]


# libsoxr 0.1.3 configured as its own CMake build does by default (both float engines and
# their SIMD variants, PFFFT): with it the HQ recipe is bit-identical to python-soxr's wheel,
# which librosa's soxr_hq runs. soxr-sys's own build (no SIMD, no 64-bit engines) is not.
SOXR_CONFIG = {
    "AVCODEC_FOUND": 0,
    "AVUTIL_FOUND": 0,
    "WITH_PFFFT": 1,
    "HAVE_FENV_H": 1,
    "HAVE_STDBOOL_H": 1,
    "HAVE_STDINT_H": 1,
    "HAVE_LRINT": 1,
    "HAVE_BIGENDIAN": 0,
    "WITH_CR32": 1,
    "WITH_CR32S": 1,
    "WITH_CR64": 1,
    "WITH_CR64S": 1,
    "WITH_VR32": 1,
    "WITH_HI_PREC_CLOCK": 0,
    "WITH_FLOAT_STD_PREC_CLOCK": 0,
    "WITH_DEV_TRACE": 0,
}
# Source -> extra flags (libsoxr's CMake: SSE for the 32-bit SIMD engine, AVX for the 64-bit
# one, which it only calls on CPUs that have AVX).
SOXR_SOURCES = {
    **dict.fromkeys(
        "soxr data-io dbesi0 filter cr cr32 cr64 fft4g32 fft4g fft4g64 vr32".split(), []
    ),
    **dict.fromkeys("cr32s pffft32s util32s".split(), ["-msse", "-mfpmath=sse"]),
    **dict.fromkeys("cr64s pffft64s util64s".split(), ["-mavx"]),
}


def crate_dir(name: str) -> Path:
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
    (pkg,) = [p for p in meta["packages"] if p["name"] == name]
    return Path(pkg["manifest_path"]).parent


def build_soxr(prefix: Path, work: Path) -> None:
    """Compiles libsoxr.a from soxr-sys's copy of libsoxr's sources into `prefix`."""
    src = work / "soxr"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(crate_dir("soxr-sys") / "src", src)
    # Replaces soxr-sys's configuration (sources include it from their own folder).
    (src / "soxr-config.h").write_text(
        "".join(f"#define {k} {v}\n" for k, v in SOXR_CONFIG.items())
    )
    cc = os.environ.get("CC", "cc")
    objs = []
    for name, extra in SOXR_SOURCES.items():
        obj = src / f"{name}.o"
        cmd = [cc, "-O3", "-DNDEBUG", "-std=gnu89", "-fPIC", "-DSOXR_LIB", *extra]
        subprocess.run([*cmd, "-c", str(src / f"{name}.c"), "-o", str(obj)], check=True)
        objs.append(str(obj))
    tmp = prefix / "lib/libsoxr.a.tmp"
    tmp.unlink(missing_ok=True)
    subprocess.run(["ar", "rcs", str(tmp), *objs], check=True)
    (prefix / "include").mkdir(exist_ok=True)
    shutil.copy2(src / "soxr.h", prefix / "include/soxr.h")
    lic = prefix / "share/licenses/soxr"
    lic.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src / "LICENCE", lic / "LICENCE")
    tmp.rename(prefix / "lib/libsoxr.a")
    shutil.rmtree(work)


def build_dav1d(prefix: Path, work: Path) -> None:
    """Builds libdav1d.a (meson + ninja) from libdav1d-sys's copy of dav1d into `prefix`."""
    src = crate_dir("libdav1d-sys") / "vendor"
    build = work / "dav1d-build"
    shutil.rmtree(build, ignore_errors=True)
    meson = ["meson", "setup", str(build), str(src), f"--prefix={prefix}", "--libdir=lib"]
    subprocess.run([*meson, *DAV1D_OPTIONS], check=True, stdout=sys.stderr)
    subprocess.run(["ninja", "-C", str(build), "install"], check=True, stdout=sys.stderr)
    lic = prefix / "share/licenses/dav1d"
    lic.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src / "COPYING", lic / "COPYING")
    shutil.rmtree(build)


def main() -> None:
    root = crate_dir("ffmpeg-src")
    key = hashlib.sha256(json.dumps([FLAGS, DAV1D_OPTIONS]).encode()).hexdigest()[:12]
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
        build_dav1d(tmp, work)
        # FFmpeg's configure checks dav1d with pkg-config and a linked test program.
        env = {**os.environ, "PKG_CONFIG_PATH": str(tmp / "lib/pkgconfig")}
        subprocess.run(
            ["sh", "./configure", f"--prefix={tmp}", *FLAGS],
            cwd=src,
            check=True,
            stdout=sys.stderr,
            env=env,
        )
        subprocess.run(["make", f"-j{jobs}"], cwd=src, check=True, stdout=sys.stderr)
        subprocess.run(
            ["make", "install-libs", "install-headers"], cwd=src, check=True, stdout=sys.stderr
        )
        lic = tmp / "share/licenses/ffmpeg"
        lic.mkdir(parents=True)
        for f in src.glob("COPYING.LGPLv2.1"):
            shutil.copy2(f, lic)
        shutil.copy2(src / "LICENSE.md", lic)
        tmp.rename(prefix)
        shutil.rmtree(work)
    # pkg-config files locate the prefix from their own folder: through .ffmpeg-sdk, so a
    # rebuilt SDK (new flags, new prefix) is what the next link reads.
    for pc in (prefix / "lib/pkgconfig").glob("*.pc"):
        old = pc.read_text()
        text = re.sub(r"(?m)^prefix=.*$", "prefix=${pcfiledir}/../..", old)
        for d in (str(prefix.with_suffix(".tmp")), str(prefix)):
            text = re.sub(rf"(?m)^(\w+dir)={re.escape(d)}", r"\1=${prefix}", text)
            # libavcodec.pc's -L to dav1d, which configure wrote with the build-time path.
            text = text.replace(f"-L{d}/", "-L${prefix}/")
        if text != old:
            pc.write_text(text)
    if not (prefix / "lib/libsoxr.a").exists():
        build_soxr(prefix, cache / f"build-soxr-{key}")
    # The checkout's stable name for it, which .cargo/config.toml gives pkg-config.
    link = HERE.parent / ".ffmpeg-sdk"
    tmp_link = link.with_name(".ffmpeg-sdk.tmp")
    tmp_link.unlink(missing_ok=True)
    tmp_link.symlink_to(prefix)
    tmp_link.replace(link)
    print(prefix)


if __name__ == "__main__":
    main()
