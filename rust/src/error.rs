//! One error type for the whole core. The PyO3 layer maps each variant onto the
//! matching Python exception class (see `py/errors.rs`).

use std::fmt;

/// Everything that can go wrong in the core, by what the caller did or can do about it.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is not a decodable image (corrupt, truncated, empty, bad data URL).
    #[error("{0}")]
    Decode(String),
    /// The input is well formed but over one of the caller's limits.
    #[error("{0}")]
    LimitExceeded(String),
    /// The bytes are an image format fastmedia does not decode (or not an image at all).
    #[error("{0}")]
    UnsupportedFormat(String),
    /// NIXL could not be loaded (library missing) or is unusable on this host.
    #[error("{0}")]
    NixlUnavailable(String),
    /// A NIXL call failed.
    #[error("{0}")]
    Nixl(String),
    /// A transfer failed or timed out, or its peer cannot be reached.
    #[error("{0}")]
    Transfer(String),
    /// The registered pool had no room before the acquire timeout.
    #[error("{0}")]
    PoolExhausted(String),
    /// The object was used after `close()`.
    #[error("{0}")]
    Closed(String),
    /// A constructor argument is out of range (a programming error, not bad input).
    #[error("{0}")]
    Config(String),
    /// The caller cancelled the call (a cancelled asyncio task) before this item started.
    #[error("{0}")]
    Cancelled(String),
    /// A GPU path was asked for and this machine or build cannot serve it (no driver, no
    /// device, no hardware support for the codec); the message names what is missing.
    #[error("{0}")]
    GpuUnavailable(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn decode(msg: impl fmt::Display) -> Self {
        Error::Decode(msg.to_string())
    }
    pub fn limit(msg: impl fmt::Display) -> Self {
        Error::LimitExceeded(msg.to_string())
    }
    pub fn unsupported(msg: impl fmt::Display) -> Self {
        Error::UnsupportedFormat(msg.to_string())
    }
    pub fn config(msg: impl fmt::Display) -> Self {
        Error::Config(msg.to_string())
    }
}
