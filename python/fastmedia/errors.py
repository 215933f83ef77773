"""The fastmedia exception family (created by the Rust core, re-exported here).

FastmediaError
├── DecodeError (ValueError)        bad input: corrupt, truncated, bad data URL
│   ├── LimitExceeded               over a Limits bound (checked from the header)
│   └── UnsupportedFormat           not an image format fastmedia decodes
├── NixlUnavailable (RuntimeError)  NIXL not installed / not usable
├── NixlError (RuntimeError)        a NIXL call failed
├── PoolExhausted (RuntimeError)    registered pool full for acquire_timeout_s
├── TransferError (RuntimeError)    a NIXL READ failed or timed out
├── ClosedError (RuntimeError)      used after close()
├── ConfigError (ValueError)        a constructor argument out of range (threads, channels, ...)
└── FetchError (OSError)            fetching a URL failed; .status = HTTP status or None
    ├── UrlRejected (ValueError)    refused by the UrlPolicy, no I/O done
    ├── FetchTimeout (TimeoutError)
    └── ResponseTooLarge            also a LimitExceeded: the body is over Fetcher.max_bytes
                                    (defined in fetch.py, exported by ``fastmedia``)
"""

from fastmedia._core import (
    ClosedError,
    ConfigError,
    DecodeError,
    FastmediaError,
    FetchError,
    FetchTimeout,
    LimitExceeded,
    NixlError,
    NixlUnavailable,
    PoolExhausted,
    TransferError,
    UnsupportedFormat,
    UrlRejected,
)

__all__ = [
    "ClosedError",
    "ConfigError",
    "DecodeError",
    "FastmediaError",
    "FetchError",
    "FetchTimeout",
    "LimitExceeded",
    "NixlError",
    "NixlUnavailable",
    "PoolExhausted",
    "TransferError",
    "UnsupportedFormat",
    "UrlRejected",
]
