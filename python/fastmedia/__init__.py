"""fastmedia: decode media in the frontend, ship the pixels to backends over NIXL.

Decode::

    dec = fastmedia.Decoder()
    arr = dec.decode(open("cat.jpg", "rb").read())   # HWC uint8 numpy array
"""

from fastmedia._core import __version__
from fastmedia._encoder_extra import VideoStream
from fastmedia.audio import Audio, AudioLimits
from fastmedia.decoder import Decoder, Limits, content_hash, recycle_stats, set_recycle_limit
from fastmedia.descriptor import DescriptorError, rdma_metadata
from fastmedia.encoder import (
    EncodedImage,
    EncodedVideo,
    EncodeLimits,
    Encoder,
    has_video_encoder,
)
from fastmedia.errors import (
    ClosedError,
    ConfigError,
    DecodeError,
    FastmediaError,
    FetchError,
    FetchTimeout,
    GpuUnavailable,
    LimitExceeded,
    NixlError,
    NixlUnavailable,
    PoolExhausted,
    TransferError,
    UnsupportedFormat,
    UrlRejected,
)
from fastmedia.fetch import Fetcher, ResponseTooLarge, UrlPolicy
from fastmedia.frontend import DecodedAudio, DecodedMedia, Frontend
from fastmedia.loader import MediaLoader
from fastmedia.reader import Reader
from fastmedia.resize import Resize
from fastmedia.video import VideoClip

__all__ = [
    "Audio",
    "AudioLimits",
    "ClosedError",
    "ConfigError",
    "DecodeError",
    "DecodedAudio",
    "DecodedMedia",
    "Decoder",
    "DescriptorError",
    "EncodeLimits",
    "EncodedImage",
    "EncodedVideo",
    "Encoder",
    "FastmediaError",
    "FetchError",
    "FetchTimeout",
    "Fetcher",
    "Frontend",
    "GpuUnavailable",
    "LimitExceeded",
    "Limits",
    "MediaLoader",
    "NixlError",
    "NixlUnavailable",
    "PoolExhausted",
    "Reader",
    "Resize",
    "ResponseTooLarge",
    "TransferError",
    "UnsupportedFormat",
    "UrlPolicy",
    "UrlRejected",
    "VideoClip",
    "VideoStream",
    "__version__",
    "content_hash",
    "has_video_encoder",
    "rdma_metadata",
    "recycle_stats",
    "set_recycle_limit",
]
