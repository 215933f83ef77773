//! Audio decode (FFmpeg demux + decode, mono mix, optional soxr resampling to 16 kHz) under
//! tight limits. The last byte selects mono/stereo and resampling.
#![no_main]

use fastmedia_fuzz::invariants::{audio_options, check_audio};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, media)) = data.split_last() else {
        return;
    };
    check_audio(media, &audio_options(sel));
});
