//! The default build (feature `bundled`) links FFmpeg and libsoxr statically from the SDK
//! that tools/ffmpeg-sdk.py builds; .cargo/config.toml points PKG_CONFIG_PATH at it. Without
//! it, pkg-config would quietly pick the system's FFmpeg, so stop with the command to run.
fn main() {
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    if std::env::var_os("CARGO_FEATURE_BUNDLED").is_none() {
        return;
    }
    let path = std::env::var_os("PKG_CONFIG_PATH").unwrap_or_default();
    let Some(pc) = std::env::split_paths(&path).find(|d| d.join("libavcodec.pc").is_file()) else {
        panic!(
            "the bundled FFmpeg SDK is missing: run `python3 tools/ffmpeg-sdk.py` first (it \
             links .ffmpeg-sdk), or build against the system's FFmpeg with \
             `--no-default-features --features system-ffmpeg` (docs/build.md)"
        );
    };
    // libsoxr.a sits next to FFmpeg's libraries (rust/src/audio/resample.rs links it).
    if let Some(lib) = pc.parent() {
        println!("cargo:rustc-link-search=native={}", lib.display());
        // A rebuilt SDK (tools/ffmpeg-sdk.py repoints .ffmpeg-sdk) must be relinked.
        for name in [
            "avcodec",
            "avformat",
            "avutil",
            "swscale",
            "swresample",
            "soxr",
            "dav1d",
            "SvtAv1Enc",
            "vpx",
        ] {
            println!("cargo:rerun-if-changed={}/lib{name}.a", lib.display());
        }
    }
}
