//! Replays every input the fuzz targets ever crashed on (tests/fixtures/fuzz/<target>/), and
//! every test fixture, through the same invariants the targets assert (fuzz/src/invariants.rs,
//! compiled in here with its counting allocator): typed errors only, output shape as the
//! header says, peak heap within `Limits`. Runs in plain `cargo test`, no fuzzing toolchain.

#[path = "../../fuzz/src/invariants.rs"]
mod invariants;

use std::path::{Path, PathBuf};

use invariants::{
    audio_options, check_audio, check_dataurl, check_decode, check_video, options, video_options,
};

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
        other => panic!("tests/fixtures/fuzz/{other}: no such fuzz target"),
    }
}

// One test function: the allocator's counters are per thread, and the fixtures are checked
// one after another on this thread.
#[test]
fn fuzz_findings_and_fixtures_keep_the_invariants() {
    let root = fixtures().join("fuzz");
    let mut n = 0;
    for target in ["decode", "decode_tight", "dataurl", "audio", "video"] {
        for f in files(&root.join(target)) {
            eprintln!("replaying {}", f.display());
            replay(target, &std::fs::read(&f).unwrap());
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
        assert!(check_video(clip, &video_options(sel)), "{}", f.display());
        clips += 1;
    }
    assert!(clips > 0, "no video seeds under {}", seeds.display());
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
