//! The generation half: turning frames a model emits into bytes a client plays.
//! `frames` converts and validates the caller's arrays (layouts, float ranges) into packed
//! RGB24; `image` writes PNG, JPEG and WebP; `video` (with the `ffmpeg` feature) encodes and
//! muxes MP4 and WebM; `b64` is base64 of the result for JSON responses.

pub mod anim;
#[cfg(feature = "ffmpeg")]
pub mod audio;
pub mod b64;
pub mod frames;
pub mod image;
#[cfg(feature = "ffmpeg")]
pub mod video;
