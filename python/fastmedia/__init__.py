"""fastmedia: decode media in the frontend, ship the pixels to backends over NIXL.

Decode::

    dec = fastmedia.Decoder()
    arr = dec.decode(open("cat.jpg", "rb").read())   # HWC uint8 numpy array
"""

from fastmedia._core import __version__
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
from fastmedia.media._encoder_extra import VideoStream
from fastmedia.media.audio import Audio, AudioLimits
from fastmedia.media.decoder import Decoder, Limits, content_hash, recycle_stats, set_recycle_limit
from fastmedia.media.encoder import (
    EncodedImage,
    EncodedVideo,
    EncodeLimits,
    Encoder,
    has_video_encoder,
)
from fastmedia.media.resize import Resize
from fastmedia.media.video import VideoClip
from fastmedia.transfer.descriptor import DescriptorError, rdma_metadata
from fastmedia.transfer.frontend import DecodedAudio, DecodedMedia, Frontend
from fastmedia.transfer.loader import MediaLoader
from fastmedia.transfer.reader import Reader

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
