"""fastmedia: decode media in the frontend, ship the pixels to backends over NIXL.

Decode::

    dec = fastmedia.Decoder()
    arr = dec.decode(open("cat.jpg", "rb").read())   # HWC uint8 numpy array
"""

from fastmedia._core import __version__
from fastmedia.decoder import Decoder, Limits, content_hash
from fastmedia.errors import (
    ClosedError,
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
from fastmedia.fetch import Fetcher, UrlPolicy

__all__ = [
    "ClosedError",
    "DecodeError",
    "Decoder",
    "FastmediaError",
    "FetchError",
    "Fetcher",
    "FetchTimeout",
    "LimitExceeded",
    "Limits",
    "NixlError",
    "NixlUnavailable",
    "PoolExhausted",
    "TransferError",
    "UnsupportedFormat",
    "UrlPolicy",
    "UrlRejected",
    "__version__",
    "content_hash",
]
