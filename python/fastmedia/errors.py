"""The fastmedia exception family (created by the Rust core, re-exported here).

FastmediaError
├── DecodeError (ValueError)        bad input: corrupt, truncated, bad data URL
│   ├── LimitExceeded               over a Limits bound (checked from the header)
│   ├── UnsupportedFormat           not an image format fastmedia decodes
│   └── DescriptorError             a malformed or inconsistent descriptor (defined below)
├── NixlUnavailable (RuntimeError)  NIXL not installed / not usable
├── NixlError (RuntimeError)        a NIXL call failed
├── GpuUnavailable (RuntimeError)   device="cuda:N" cannot be served here (defined below)
├── PoolExhausted (RuntimeError)    registered pool full for acquire_timeout_s
├── TransferError (RuntimeError)    a NIXL READ failed or timed out
├── ClosedError (RuntimeError)      used after close()
├── ConfigError (ValueError)        a constructor argument out of range (threads, channels, ...)
└── FetchError (OSError)            fetching a URL failed; .status = HTTP status or None
    ├── UrlRejected (ValueError)    refused by the UrlPolicy, no I/O done
    ├── FetchTimeout (TimeoutError)
    └── ResponseTooLarge            also a LimitExceeded: the body is over Fetcher.max_bytes
                                    (defined in fastmedia.fetch)
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


class DescriptorError(DecodeError):
    """A decoded-media descriptor is malformed or inconsistent (e.g. ``size`` does not equal
    ``prod(shape) * itemsize``). Raised before any transfer. A ``DecodeError``/``ValueError``."""


class GpuUnavailable(FastmediaError, RuntimeError):
    """``device="cuda:N"`` was asked for and this machine or build cannot serve it; the
    message names what is missing. ``device="auto"`` falls back to the CPU instead."""


def http_status(exc: BaseException) -> int:
    """The HTTP status a server answers for ``exc``: 4xx when the client's input is at fault
    (a refused URL, an unreachable or failing origin, bad or unsupported media, input over a
    limit), 5xx for the server's own failures (NIXL, transfers, anything unexpected)."""
    if isinstance(exc, FetchTimeout):
        return 408
    if isinstance(exc, LimitExceeded):  # ResponseTooLarge too
        return 413
    if isinstance(exc, UrlRejected):
        return 400
    if isinstance(
        exc, FetchError
    ):  # the origin's own status, or 400: the user's URL is unreachable
        status = getattr(exc, "status", None)
        return status if isinstance(status, int) and 400 <= status < 600 else 400
    if isinstance(exc, UnsupportedFormat):
        return 415
    if isinstance(exc, (DecodeError, ValueError)):
        return 400
    return 500


__all__ = [
    "ClosedError",
    "ConfigError",
    "DecodeError",
    "DescriptorError",
    "FastmediaError",
    "FetchError",
    "FetchTimeout",
    "GpuUnavailable",
    "LimitExceeded",
    "NixlError",
    "NixlUnavailable",
    "PoolExhausted",
    "TransferError",
    "UnsupportedFormat",
    "UrlRejected",
    "http_status",
]
