//! The FFmpeg foundation shared by audio and video: one-time initialisation, an in-memory
//! seekable input over the caller's bytes ([`MemInput`]) and the mapping of FFmpeg's errors
//! onto fastmedia's typed [`Error`]s.
//!
//! FFmpeg comes through `ffmpeg-next`: by default the bundled static 9.0 build
//! (docs/build.md), with `system-ffmpeg` the system's libraries, dynamically linked; this
//! module only exists with the `ffmpeg` Cargo feature (on by default).
//!
//! ```no_run
//! # fn demo(bytes: &[u8]) -> fastmedia::Result<()> {
//! let mut input = fastmedia::av::MemInput::open(bytes)?; // probes the container
//! let stream = input.streams().best(ffmpeg_next::media::Type::Audio);
//! # let _ = stream; Ok(()) }
//! ```

mod input;

use std::sync::{Mutex, Once};

pub use ffmpeg_next as ffmpeg;
pub use input::MemInput;

use crate::decode::Limits;
use crate::error::Error;

/// Initialises FFmpeg once per process and quiets its logging: failures reach the caller as
/// typed errors, not as lines on stderr; sets FFmpeg's single-allocation cap (see
/// [`allow_alloc`]) unless [`set_max_alloc`] already did. Called by [`MemInput::open`]; cheap
/// after the first.
pub fn init() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        // ffmpeg-next's init only registers error strings (FFmpeg >= 4 needs no registration);
        // it cannot fail on 5.x.
        let _ = ffmpeg::init();
        ffmpeg::util::log::set_level(ffmpeg::util::log::Level::Quiet);
        let mut cap = lock_cap();
        if *cap == 0 {
            *cap = Limits::default().max_alloc as usize;
            // SAFETY: av_max_alloc stores one value in an atomic; any size is valid.
            unsafe { ffmpeg::ffi::av_max_alloc(*cap) };
        }
    });
}

/// FFmpeg's cap on one allocation as last set (0 before [`init`] or [`set_max_alloc`]).
static MAX_ALLOC: Mutex<usize> = Mutex::new(0);

fn lock_cap() -> std::sync::MutexGuard<'static, usize> {
    MAX_ALLOC.lock().unwrap_or_else(|e| e.into_inner())
}

/// Lets FFmpeg make single allocations of up to `bytes` (a call's `Limits::max_alloc`).
///
/// libavutil refuses any one `av_malloc`/`av_realloc` over its cap (`av_max_alloc`; INT_MAX
/// unless set), and the caller sees `LimitExceeded`. Demuxers size some tables from counts
/// the file declares before reading them (FFmpeg 5.1's MOV demuxer allocated 855 MB for a
/// 2.4 KB MP4's `ctts` entry count), and `avformat_find_stream_info` decodes frames before
/// fastmedia's limits see their size; the cap bounds both. It is per process and calls with
/// different limits run at once, so it only rises: it starts at the default `max_alloc`
/// (128 MiB) and is the largest `max_alloc` any video call has used since. The README
/// (Video) says why that fits legitimate input.
pub fn allow_alloc(bytes: u64) {
    let bytes = usize::try_from(bytes).unwrap_or(usize::MAX);
    init();
    let mut cap = lock_cap();
    if bytes > *cap {
        *cap = bytes;
        // SAFETY: as in `init`.
        unsafe { ffmpeg::ffi::av_max_alloc(bytes) };
    }
}

/// Sets FFmpeg's single-allocation cap for the whole process to exactly `bytes` (before or
/// after [`init`]); later [`allow_alloc`] calls only raise it. For embedders that want a
/// tighter or looser bound, and for the fuzz harness. The cap is libavutil's: the bundled
/// build's own, but with `system-ffmpeg` it also binds any other user of the shared libavutil.
pub fn set_max_alloc(bytes: u64) {
    let bytes = usize::try_from(bytes).unwrap_or(usize::MAX);
    let mut cap = lock_cap();
    *cap = bytes;
    // SAFETY: as in `init`.
    unsafe { ffmpeg::ffi::av_max_alloc(bytes) };
}

/// Maps an FFmpeg error met while doing `what` (e.g. "reading the container") to a typed error:
/// - corrupt, truncated or unrecognisable data -> [`Error::Decode`];
/// - a codec, demuxer or feature this FFmpeg build lacks -> [`Error::UnsupportedFormat`]
///   (prefer [`unsupported_codec`] where the codec is known, so the message names it);
/// - out of memory, or one allocation over the cap ([`allow_alloc`]) -> [`Error::LimitExceeded`].
pub fn map_error(e: ffmpeg::Error, what: &str) -> Error {
    use ffmpeg::Error as E;
    match e {
        E::DecoderNotFound | E::DemuxerNotFound | E::StreamNotFound | E::PatchWelcome => {
            Error::unsupported(format!("{what}: {e}"))
        }
        E::Experimental => Error::unsupported(format!("{what}: experimental codec ({e})")),
        E::Other { errno } if errno == ffmpeg::error::ENOMEM => Error::limit(format!(
            "{what}: FFmpeg could not allocate (a single allocation over its cap, the \
                 largest max_alloc in use, or out of memory)"
        )),
        E::Other { errno } if errno == ffmpeg::error::ENOSYS || errno == ffmpeg::error::ENOTSUP => {
            Error::unsupported(format!("{what}: {e}"))
        }
        E::Eof => Error::decode(format!("{what}: unexpected end of data (truncated?)")),
        _ => Error::decode(format!("{what}: {e}")),
    }
}

/// "unsupported <kind> codec: <name>", naming the codec as FFmpeg does (e.g. "wmav2").
pub fn unsupported_codec(kind: &str, id: ffmpeg::codec::Id) -> Error {
    Error::unsupported(format!("unsupported {kind} codec: {}", id.name()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_map_to_typed_variants() {
        let m = |e| map_error(e, "x");
        assert!(matches!(m(ffmpeg::Error::InvalidData), Error::Decode(_)));
        assert!(matches!(m(ffmpeg::Error::Eof), Error::Decode(_)));
        assert!(matches!(
            m(ffmpeg::Error::DecoderNotFound),
            Error::UnsupportedFormat(_)
        ));
        let oom = ffmpeg::Error::Other {
            errno: ffmpeg::error::ENOMEM,
        };
        assert!(matches!(m(oom), Error::LimitExceeded(_)));
        let e = unsupported_codec("audio", ffmpeg::codec::Id::WMAV2);
        assert!(
            matches!(&e, Error::UnsupportedFormat(s) if s.contains("wmav2")),
            "{e}"
        );
    }
}
