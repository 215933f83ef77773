//! fastmedia's core: fetch-free, Python-free decoding into caller-provided memory on an owned
//! rayon pool. The PyO3 glue lives in `py/` behind the `python` feature.
//!
//! Data path: bytes -> [`decode`] -> pixel memory ([`buffer`], or NIXL slabs) -> descriptor.

#[cfg(feature = "ffmpeg")]
pub mod audio;
#[cfg(feature = "ffmpeg")]
pub mod av;
pub mod buffer;
pub mod decode;
pub mod encode;
pub mod error;
pub mod forksafe;
pub mod hash;
pub mod nixl;
pub mod resize;
pub mod threads;
pub mod video;

#[cfg(feature = "python")]
mod py;

pub use decode::{decode_into, decode_vec, Channels, ImageInfo, Limits, Options};
pub use error::{Error, Result};
