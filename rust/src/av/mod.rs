//! The FFmpeg foundation shared by audio and video: one-time initialisation, an in-memory
//! seekable input over the caller's bytes ([`MemInput`]) and the mapping of FFmpeg's errors
//! onto fastmedia's typed [`Error`]s.
//!
//! FFmpeg is the system's (Debian's 5.1 libraries), dynamically linked through `ffmpeg-next`;
//! this module only exists with the `ffmpeg` Cargo feature (on by default).
//!
//! ```no_run
//! # fn demo(bytes: &[u8]) -> fastmedia::Result<()> {
//! let mut input = fastmedia::av::MemInput::open(bytes)?; // probes the container
//! let stream = input.streams().best(ffmpeg_next::media::Type::Audio);
//! # let _ = stream; Ok(()) }
//! ```

mod input;

use std::sync::Once;

pub use ffmpeg_next as ffmpeg;
pub use input::MemInput;

use crate::error::Error;

/// Initialises FFmpeg once per process and quiets its logging: failures reach the caller as
/// typed errors, not as lines on stderr. Called by [`MemInput::open`]; cheap after the first.
pub fn init() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        // ffmpeg-next's init only registers error strings (FFmpeg >= 4 needs no registration);
        // it cannot fail on 5.x.
        let _ = ffmpeg::init();
        ffmpeg::util::log::set_level(ffmpeg::util::log::Level::Quiet);
    });
}

/// Maps an FFmpeg error met while doing `what` (e.g. "reading the container") to a typed error:
/// - corrupt, truncated or unrecognisable data -> [`Error::Decode`];
/// - a codec, demuxer or feature this FFmpeg build lacks -> [`Error::UnsupportedFormat`]
///   (prefer [`unsupported_codec`] where the codec is known, so the message names it);
/// - out of memory -> [`Error::LimitExceeded`].
pub fn map_error(e: ffmpeg::Error, what: &str) -> Error {
    use ffmpeg::Error as E;
    match e {
        E::DecoderNotFound | E::DemuxerNotFound | E::StreamNotFound | E::PatchWelcome => {
            Error::unsupported(format!("{what}: {e}"))
        }
        E::Experimental => Error::unsupported(format!("{what}: experimental codec ({e})")),
        E::Other { errno } if errno == ffmpeg::error::ENOMEM => {
            Error::limit(format!("{what}: FFmpeg ran out of memory"))
        }
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
