#!/usr/bin/env python3
"""Builds a small static FFmpeg (LGPL-2.1+) from ffmpeg-src's pristine sources, dav1d (BSD-2,
FFmpeg's software AV1 decoder through its libdav1d wrapper) from libdav1d-sys's, SVT-AV1
(BSD-3-Clause-Clear, AV1 encoder) and libvpx (BSD-3-Clause, VP8/VP9 encoders) from their
upstream release tarballs as Debian's source packages carry them (`apt-get source`, by package
name and version, SHA-256 pinned), and libsoxr (LGPL-2.1+) from soxr-sys's, once per machine.
NVDEC and NVENC are configured against NVIDIA's nv-codec-headers (MIT), vendored in
third_party/nv-codec-headers (a header-only loader: nothing of NVIDIA's is linked).

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
    # webp_anim: animated WebP as OpenCV's FFmpeg backend decodes it (vLLM's video loader).
    "demuxer": "mov matroska avi ogg wav mp3 flac aiff caf ac3 aac asf webp_anim",
    "muxer": "mp4 mov matroska webm",
    # The encode path's AAC audio track (Encoder audio=..., codec "aac"); AV1 through SVT-AV1
    # and VP8/VP9 through libvpx, both built below (royalty-free video, issue 21).
    # NVENC (issue 36): FFmpeg's encoders over the driver's nvEncodeAPI, loaded at run time.
    "encoder": "aac libsvtav1 libvpx_vp8 libvpx_vp9 h264_nvenc hevc_nvenc av1_nvenc",
    # libdav1d: software AV1 through the dav1d built below. FFmpeg's own av1 decodes only
    # through a hwaccel (NVDEC); allcodecs.c lists libdav1d first, so the CPU path keeps it.
    "decoder": "h264 hevc vp8 vp9 libdav1d av1 mpeg4 mjpeg aac aac_latm mp3 mp3float vorbis flac "
    "ac3 opus alac "
    "wmav1 wmav2 webp_anim "
    "pcm_s16le pcm_s16be pcm_s24le pcm_s24be pcm_s32le pcm_s32be pcm_f32le pcm_f32be "
    "pcm_f64le pcm_f64be pcm_u8 pcm_alaw pcm_mulaw",
    "parser": "h264 hevc vp8 vp9 av1 mpeg4video aac aac_latm mpegaudio vorbis flac ac3 opus mjpeg",
    "bsf": "h264_mp4toannexb hevc_mp4toannexb vp9_superframe_split extract_extradata "
    "av1_frame_split",
    "protocol": "file",
    # NVDEC through FFmpeg's CUDA hwaccel (issue 36).
    "hwaccel": "h264_nvdec hevc_nvdec vp9_nvdec av1_nvdec",
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
    "--enable-libsvtav1",
    "--enable-libvpx",
    # NVIDIA's codec API through the MIT nv-codec-headers in third_party/ (no CUDA toolkit;
    # libcuda and libnvcuvid/libnvidia-encode are dlopen()ed when a GPU path is first used).
    "--enable-ffnvcodec",
    "--enable-cuda",
    "--enable-nvdec",
    "--enable-nvenc",
    # configure's link tests of the static SVT-AV1/libvpx need their Libs.private (-lm, -lpthread).
    "--pkg-config-flags=--static",
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


# Upstream release tarballs as Debian's source packages carry them (SVT-AV1's +dfsg repack
# lacks the bundled googletest, which only its tests use): name -> (source package, version,
# the suite that has it, the tarball, its SHA-256). `apt-get source --tar-only` fetches them
# through a private apt configuration under <cache>/apt, so the system's is left alone; they
# are cached in <cache>/sources.
SOURCES = {
    "svt-av1": (
        "svt-av1",
        "2.3.0+dfsg-1",
        "trixie",
        "svt-av1_2.3.0+dfsg.orig.tar.xz",
        "815e88cc539c41b8ebd1a6f362f82ab510147635fc6c3edfa35edcfbed302cd8",
    ),
    "libvpx": (
        "libvpx",
        "1.15.2-2",
        "sid",
        "libvpx_1.15.2.orig.tar.gz",
        "26fcd3db88045dee380e581862a6ef106f49b74b6396ee95c2993a260b4636aa",
    ),
}

# SVT-AV1 2.3.0: the static encoder library only (2.x has no decoder), PIC, its x86 asm with
# run-time CPU dispatch; no LTO (GCC's LTO objects in a static library would not link into
# the Rust extension), no apps or tests, no git hash (reproducible), no logging.
SVTAV1_OPTIONS = [
    "-DCMAKE_BUILD_TYPE=Release",
    "-DBUILD_SHARED_LIBS=OFF",
    "-DCMAKE_POSITION_INDEPENDENT_CODE=ON",
    "-DBUILD_APPS=OFF",
    "-DBUILD_TESTING=OFF",
    "-DSVT_AV1_LTO=OFF",
    "-DEXCLUDE_HASH=ON",
    # svt_log.h's switch: no "Svt[info]" banner on stderr per encoder (errors reach the caller
    # as FFmpeg's return codes).
    "-DCMAKE_C_FLAGS=-DSVT_LOG_QUIET",
    "-DCMAKE_INSTALL_LIBDIR=lib",
]

# libvpx 1.15.2: static, PIC, the VP8 and VP9 encoders (FFmpeg decodes VP8/VP9 natively), its
# x86 asm (nasm or yasm) with run-time CPU detection; no tools, examples, docs or tests.
LIBVPX_OPTIONS = [
    "--enable-static",
    "--disable-shared",
    "--enable-pic",
    "--disable-examples",
    "--disable-tools",
    "--disable-docs",
    "--disable-unit-tests",
    "--disable-install-bins",
    "--disable-install-srcs",
    "--disable-vp8-decoder",
    "--disable-vp9-decoder",
    "--enable-vp8-encoder",
    "--enable-vp9-encoder",
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
SOXR_SOURCES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        [
            "soxr",
            "data-io",
            "dbesi0",
            "filter",
            "cr",
            "cr32",
            "cr64",
            "fft4g32",
            "fft4g",
            "fft4g64",
            "vr32",
        ],
        (),
    ),
    **dict.fromkeys(["cr32s", "pffft32s", "util32s"], ("-msse", "-mfpmath=sse")),
    **dict.fromkeys(["cr64s", "pffft64s", "util64s"], ("-mavx",)),
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


def debian_mirror() -> str:
    """The Debian archive this machine's apt already uses ($FASTMEDIA_DEBIAN_MIRROR wins)."""
    if os.environ.get("FASTMEDIA_DEBIAN_MIRROR"):
        return os.environ["FASTMEDIA_DEBIAN_MIRROR"]
    out = subprocess.run(
        ["apt-get", "indextargets", "--format", "$(REPO_URI) $(RELEASE) $(COMPONENT)"],
        capture_output=True,
        text=True,
    ).stdout
    for line in out.splitlines():
        uri, release, component = (line.split() + ["", "", ""])[:3]
        if component == "main" and "-" not in release:
            return uri
    sys.exit(
        "ffmpeg-sdk: no Debian archive in apt's sources; set FASTMEDIA_DEBIAN_MIRROR to one "
        "(SVT-AV1 and libvpx come from its source packages)"
    )


def fetch_source(name: str, cache: Path) -> Path:
    """The release tarball `name` from SOURCES, fetched once into <cache>/sources with
    `apt-get source --tar-only` (apt checks it against the signed index; then the pin)."""
    package, version, suite, tarball, sha = SOURCES[name]
    dest = cache / "sources" / tarball
    if dest.exists() and hashlib.sha256(dest.read_bytes()).hexdigest() == sha:
        return dest
    apt = cache / "apt"
    (apt / "lists/partial").mkdir(parents=True, exist_ok=True)
    (apt / "cache/archives/partial").mkdir(parents=True, exist_ok=True)
    (apt / "sources.list").write_text(f"deb-src {debian_mirror()} {suite} main\n")
    opts = [
        f"-oDir::Etc::SourceList={apt / 'sources.list'}",
        "-oDir::Etc::SourceParts=/dev/null",
        f"-oDir::State::Lists={apt / 'lists'}",
        f"-oDir::Cache={apt / 'cache'}",
        "-qq",
    ]
    if os.geteuid() == 0:  # root: apt's _apt user could not write into the cache
        opts.append("-oAPT::Sandbox::User=root")
    part = cache / "sources" / f"{name}.part"
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    for cmd in (
        ["apt-get", *opts, "update"],
        ["apt-get", *opts, "source", "--download-only", "--tar-only", f"{package}={version}"],
    ):
        r = subprocess.run(cmd, cwd=part, stdout=sys.stderr)
        if r.returncode != 0:
            sys.exit(f"ffmpeg-sdk: `{' '.join(cmd)}` failed ({r.returncode}) for {name}")
    got = hashlib.sha256((part / tarball).read_bytes()).hexdigest()
    if got != sha:
        sys.exit(f"ffmpeg-sdk: {package} {version}: {tarball} has SHA-256 {got}, expected {sha}")
    (part / tarball).replace(dest)
    shutil.rmtree(part)
    return dest


def unpack(tarball: Path, work: Path) -> Path:
    """Extracts `tarball` into `work` and returns its single top-level folder."""
    out = work / tarball.name.split("_")[0]
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with tarfile.open(tarball) as t:
        t.extractall(out, filter="data")
    (top,) = list(out.iterdir())
    return top


def build_svtav1(prefix: Path, work: Path, cache: Path, jobs: str) -> None:
    """Builds libSvtAv1Enc.a (cmake + ninja) from SVT-AV1's release sources into `prefix`."""
    src = unpack(fetch_source("svt-av1", cache), work)
    build = work / "svtav1-build"
    shutil.rmtree(build, ignore_errors=True)
    cmake = ["cmake", "-S", str(src), "-B", str(build), "-G", "Ninja"]
    subprocess.run(
        [*cmake, f"-DCMAKE_INSTALL_PREFIX={prefix}", *SVTAV1_OPTIONS],
        check=True,
        stdout=sys.stderr,
    )
    subprocess.run(
        ["ninja", "-C", str(build), f"-j{jobs}", "install"], check=True, stdout=sys.stderr
    )
    lic = prefix / "share/licenses/svt-av1"
    lic.mkdir(parents=True, exist_ok=True)
    for f in ("LICENSE.md", "PATENTS.md"):
        shutil.copy2(src / f, lic / f)
    shutil.rmtree(build)
    shutil.rmtree(src.parent)


def build_libvpx(prefix: Path, work: Path, cache: Path, jobs: str) -> None:
    """Builds libvpx.a (its configure + make) from libvpx's release sources into `prefix`."""
    src = unpack(fetch_source("libvpx", cache), work)
    build = work / "libvpx-build"
    shutil.rmtree(build, ignore_errors=True)
    build.mkdir()
    subprocess.run(
        [str(src / "configure"), f"--prefix={prefix}", f"--libdir={prefix}/lib", *LIBVPX_OPTIONS],
        cwd=build,
        check=True,
        stdout=sys.stderr,
    )
    subprocess.run(["make", f"-j{jobs}"], cwd=build, check=True, stdout=sys.stderr)
    subprocess.run(["make", "install"], cwd=build, check=True, stdout=sys.stderr)
    lic = prefix / "share/licenses/libvpx"
    lic.mkdir(parents=True, exist_ok=True)
    for f in ("LICENSE", "PATENTS"):
        shutil.copy2(src / f, lic / f)
    shutil.rmtree(build)
    shutil.rmtree(src.parent)


NV_HEADERS = HERE.parent / "third_party/nv-codec-headers"


def install_nv_headers(prefix: Path) -> None:
    """nv-codec-headers' `make install`: its headers and ffnvcodec.pc (for configure)."""
    inc = prefix / "include/ffnvcodec"
    inc.mkdir(parents=True, exist_ok=True)
    for h in (NV_HEADERS / "include/ffnvcodec").glob("*.h"):
        shutil.copy2(h, inc / h.name)
    pc = (NV_HEADERS / "ffnvcodec.pc.in").read_text().replace("@@PREFIX@@", str(prefix))
    (prefix / "lib/pkgconfig").mkdir(parents=True, exist_ok=True)
    (prefix / "lib/pkgconfig/ffnvcodec.pc").write_text(pc)


def forget_linked_sdk(checkout: Path) -> None:
    """Make cargo rebuild ffmpeg-sys-next against a new SDK: its rlib bundles the static
    libraries it was built with, and its build script does not watch them. Removing its
    fingerprints (every profile and target under target/, fuzz/target/) reruns it."""
    for target in (checkout / "target", checkout / "fuzz/target"):
        for d in target.glob("**/.fingerprint/ffmpeg-sys-next-*"):
            shutil.rmtree(d, ignore_errors=True)


def main() -> None:
    root = crate_dir("ffmpeg-src")
    nv = hashlib.sha256(
        b"".join(f.read_bytes() for f in sorted(NV_HEADERS.rglob("*")) if f.is_file())
    ).hexdigest()
    key = hashlib.sha256(
        json.dumps([FLAGS, DAV1D_OPTIONS, SOURCES, SVTAV1_OPTIONS, LIBVPX_OPTIONS, nv]).encode()
    ).hexdigest()[:12]
    cache = Path(os.environ.get("FASTMEDIA_FFMPEG_CACHE", Path.home() / ".cache/fastmedia"))
    prefix = cache / f"ffmpeg-{root.name.removeprefix('ffmpeg-src-')}-{key}"
    if not (prefix / "lib/pkgconfig/libavcodec.pc").exists():
        work = cache / f"build-{key}"
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        with tarfile.open(root / "native/ffmpeg.tar.xz") as t:
            t.extractall(work, filter="data")
        jobs = os.environ.get("NUM_JOBS", str(os.cpu_count() or 2))
        # Libraries finished in an earlier, interrupted run with the same key are kept.
        tmp = prefix.with_suffix(".tmp")
        if not (tmp / ".key").exists() or (tmp / ".key").read_text() != key:
            shutil.rmtree(tmp, ignore_errors=True)
            tmp.mkdir(parents=True)
            (tmp / ".key").write_text(key)
        src = work / "ffmpeg"
        for pc, build in (
            ("dav1d", lambda: build_dav1d(tmp, work)),
            ("SvtAv1Enc", lambda: build_svtav1(tmp, work, cache, jobs)),
            ("vpx", lambda: build_libvpx(tmp, work, cache, jobs)),
        ):
            if not (tmp / f"lib/pkgconfig/{pc}.pc").exists():
                build()
        install_nv_headers(tmp)
        # FFmpeg's configure checks dav1d, SVT-AV1 and libvpx with pkg-config and a linked
        # test program each.
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
            # libavcodec.pc's -L to dav1d/SVT-AV1/libvpx, which configure wrote with the
            # build-time path.
            text = text.replace(f"-L{d}/", "-L${prefix}/")
        if text != old:
            pc.write_text(text)
    if not (prefix / "lib/libsoxr.a").exists():
        build_soxr(prefix, cache / f"build-soxr-{key}")
    # The checkout's stable name for it, which .cargo/config.toml gives pkg-config.
    link = HERE.parent / ".ffmpeg-sdk"
    if link.is_symlink() and link.resolve() != prefix.resolve():
        forget_linked_sdk(HERE.parent)
    tmp_link = link.with_name(".ffmpeg-sdk.tmp")
    tmp_link.unlink(missing_ok=True)
    tmp_link.symlink_to(prefix)
    tmp_link.replace(link)
    print(prefix)


if __name__ == "__main__":
    main()
