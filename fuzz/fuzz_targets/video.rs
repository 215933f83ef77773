//! Video decode (FFmpeg demux, the sampling rules, decode of the sampled frames; GIF, WebP
//! and APNG animations through the `image` crate) under tight limits. The last byte selects
//! the limits, the sampling rule and the request.
#![no_main]

use fastmedia_fuzz::invariants::{check_video, video_options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, media)) = data.split_last() else {
        return;
    };
    check_video(media, &video_options(sel));
});
