//! Image decode, every format, default limits. The last byte selects channels and EXIF
//! orientation (so every seed file stays a valid image with one byte appended or not).
#![no_main]

use fastmedia_fuzz::invariants::{check_decode, options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, img)) = data.split_last() else {
        return;
    };
    check_decode(img, &options(sel, false));
});
