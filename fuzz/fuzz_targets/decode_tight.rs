//! Image decode, every format, tight limits (1 MiB max_alloc, at most 2^18 or 1000 pixels,
//! optionally 512 px sides): every allocation the input controls must stay within them.
//! The last byte selects the limits, channels and EXIF orientation.
#![no_main]

use fastmedia_fuzz::invariants::{check_decode, options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, img)) = data.split_last() else {
        return;
    };
    check_decode(img, &options(sel, true));
});
