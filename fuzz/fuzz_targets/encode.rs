//! The encoder (issue 21) over fuzzed inputs: frames of any dtype, shape, layout and value
//! range under tight `Limits`, then PNG/JPEG/WebP, animated WebP/GIF, MP4/WebM (H.264, AV1
//! and FFmpeg encoder names) with or without an audio track, or a fragmented-MP4 stream; the
//! first bytes pick the call and its options (`fastmedia_fuzz::encode::Case`).
#![no_main]

use fastmedia_fuzz::encode::check_encode;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = check_encode(data);
});
