//! Replays every input the fuzz targets ever crashed on (tests/fixtures/fuzz/<target>/), and
//! every test fixture, through the same invariants the targets assert (fuzz/src/invariants.rs,
//! compiled in here with its counting allocator): typed errors only, output shape as the
//! header says, peak heap within `Limits`. Runs in plain `cargo test`, no fuzzing toolchain.

#[path = "../../fuzz/src/encode.rs"]
mod encode;
#[path = "../../fuzz/src/invariants.rs"]
mod invariants;

use std::path::{Path, PathBuf};

use invariants::{
    audio_options, check_audio, check_dataurl, check_decode, check_video, options, video_options,
};

/// The largest single C allocation (`malloc`, `calloc`, `realloc`, `posix_memalign`: the C
/// decoders', FFmpeg's and, under them, Rust's) since [`largest::reset`]: the replay's
/// `-malloc_limit_mb`. This test binary defines those four symbols, so the dynamic linker
/// binds every library's calls to them (as ASan's do in the fuzz build); each notes the size
/// and forwards to glibc's own entry point.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod largest {
    use std::ffi::{c_int, c_void};
    use std::sync::atomic::{AtomicUsize, Ordering};

    static LARGEST: AtomicUsize = AtomicUsize::new(0);

    extern "C" {
        fn __libc_malloc(n: usize) -> *mut c_void;
        fn __libc_calloc(k: usize, n: usize) -> *mut c_void;
        fn __libc_realloc(p: *mut c_void, n: usize) -> *mut c_void;
        fn __libc_memalign(align: usize, n: usize) -> *mut c_void;
    }

    fn note(n: usize) {
        LARGEST.fetch_max(n, Ordering::Relaxed);
    }

    pub fn reset() {
        LARGEST.store(0, Ordering::Relaxed);
    }

    pub fn get() -> usize {
        LARGEST.load(Ordering::Relaxed)
    }

    // Each forwards to glibc's allocator behind its exported __libc_* entry point; noting a
    // size touches one atomic and never allocates.
    #[no_mangle]
    unsafe extern "C" fn malloc(n: usize) -> *mut c_void {
        note(n);
        // SAFETY: glibc's malloc with the caller's argument.
        unsafe { __libc_malloc(n) }
    }

    #[no_mangle]
    unsafe extern "C" fn calloc(k: usize, n: usize) -> *mut c_void {
        note(k.saturating_mul(n));
        // SAFETY: glibc's calloc with the caller's arguments.
        unsafe { __libc_calloc(k, n) }
    }

    #[no_mangle]
    unsafe extern "C" fn realloc(p: *mut c_void, n: usize) -> *mut c_void {
        note(n);
        // SAFETY: glibc's realloc with the caller's arguments (`p` is glibc's or null).
        unsafe { __libc_realloc(p, n) }
    }

    #[no_mangle]
    unsafe extern "C" fn posix_memalign(out: *mut *mut c_void, align: usize, n: usize) -> c_int {
        note(n);
        if !align.is_power_of_two() || !align.is_multiple_of(std::mem::size_of::<usize>()) {
            return 22; // EINVAL
        }
        // SAFETY: glibc's memalign with an alignment checked as posix_memalign requires.
        let p = unsafe { __libc_memalign(align, n) };
        if p.is_null() {
            return 12; // ENOMEM
        }
        // SAFETY: posix_memalign's caller passes a valid place for the pointer.
        unsafe { *out = p };
        0
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
mod largest {
    pub fn reset() {}
    pub fn get() -> usize {
        0
    }
}

/// The single-allocation cap each target runs under in .ci/fuzz (`-malloc_limit_mb`).
fn malloc_limit(target: &str) -> usize {
    match target {
        "decode" => 600 << 20,
        "audio" | "video" | "encode" => 64 << 20,
        _ => 4 << 20,
    }
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(rd) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(files(&p));
        } else {
            out.push(p);
        }
    }
    out.sort();
    out
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// A fuzz input as its target reads it: the last byte selects the options.
fn replay(target: &str, data: &[u8]) {
    match target {
        "decode" | "decode_tight" => {
            if let Some((&sel, img)) = data.split_last() {
                check_decode(img, &options(sel, target == "decode_tight"));
            }
        }
        "dataurl" => {
            if let Ok(url) = std::str::from_utf8(data) {
                check_dataurl(url, 64 << 10, data.len() as u8);
            }
        }
        "audio" => {
            if let Some((&sel, media)) = data.split_last() {
                check_audio(media, &audio_options(sel));
            }
        }
        "video" => {
            if let Some((&sel, media)) = data.split_last() {
                check_video(media, &video_options(sel));
            }
        }
        "encode" => {
            encode::check_encode(data);
        }
        other => panic!("tests/fixtures/fuzz/{other}: no such fuzz target"),
    }
}

// One test function: the allocator's counters are per thread, and the fixtures are checked
// one after another on this thread.
#[test]
fn fuzz_findings_and_fixtures_keep_the_invariants() {
    let root = fixtures().join("fuzz");
    let mut n = 0;
    for target in [
        "decode",
        "decode_tight",
        "dataurl",
        "audio",
        "video",
        "encode",
    ] {
        for f in files(&root.join(target)) {
            eprintln!("replaying {}", f.display());
            let data = std::fs::read(&f).unwrap();
            largest::reset();
            replay(target, &data);
            let (got, cap) = (largest::get(), malloc_limit(target));
            assert!(
                got < cap,
                "{}: a single allocation of {got} bytes, over -malloc_limit_mb={}",
                f.display(),
                cap >> 20
            );
            n += 1;
        }
    }
    assert!(n > 0, "no fuzz regression inputs under {}", root.display());
    // The video target's seeds (tiny clips in every codec, fuzz/make_seeds.py): valid, so
    // each must decode, within the invariants.
    let seeds = fixtures().join("../../fuzz/corpus/video");
    let mut clips = 0;
    for f in files(&seeds) {
        if !f
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("seed-")
        {
            continue; // what a local fuzz run grew
        }
        let data = std::fs::read(&f).unwrap();
        let (&sel, clip) = data.split_last().unwrap();
        eprintln!("replaying {}", f.display());
        // Every seed decodes, AV1's too (the bundled dav1d, or the system's).
        assert!(check_video(clip, &video_options(sel)), "{}", f.display());
        clips += 1;
    }
    assert!(clips > 0, "no video seeds under {}", seeds.display());
    // The encode target's seeds (fuzz/make_seeds.py): valid calls of every kind, so each
    // must encode, and its output decode, within the invariants.
    let mut cases = 0;
    for f in files(&fixtures().join("../../fuzz/corpus/encode")) {
        if !f
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("seed-")
        {
            continue;
        }
        eprintln!("replaying {}", f.display());
        assert!(
            encode::check_encode(&std::fs::read(&f).unwrap()),
            "{}",
            f.display()
        );
        cases += 1;
    }
    assert!(cases > 0, "no encode seeds");
    // Every fixture image, with every channel/orientation choice, default and tight limits.
    for f in files(&fixtures()) {
        if f.starts_with(&root) {
            continue;
        }
        let data = std::fs::read(&f).unwrap();
        if let Ok(url) = std::str::from_utf8(&data) {
            if url.starts_with("data:") {
                check_dataurl(url.trim_end(), 64 << 10, 0);
                continue;
            }
        }
        for sel in 0..4u8 {
            check_decode(&data, &options(sel, false));
            check_decode(&data, &options(sel | 4 << 2, true));
        }
    }
}
