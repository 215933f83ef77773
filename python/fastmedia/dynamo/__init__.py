"""Drop-ins under NVIDIA Dynamo 1.6.1's names: a Dynamo worker changes one import.

Each name here is a thin adapter over fastmedia's own API (the logic lives in the core
modules, once); see docs/dynamo.md.
"""

from fastmedia.dynamo.embeddings import (
    AsyncEncoderCache,
    CachedEmbedding,
    CacheMutation,
    CacheReservation,
    LocalEmbeddingReceiver,
    LocalEmbeddingSender,
    MultimodalEmbeddingCacheManager,
    NixlReadEmbeddingReceiver,
    NixlReadEmbeddingSender,
    NixlWriteEmbeddingReceiver,
    NixlWriteEmbeddingSender,
    TransferRequest,
    decoded_content_hash_key,
)
from fastmedia.dynamo.loaders import AudioLoader, ImageLoader, VideoLoader
from fastmedia.dynamo.video import encode_to_video_bytes, frames_to_numpy, video_data

__all__: list[str] = [
    "AsyncEncoderCache",
    "AudioLoader",
    "CacheMutation",
    "CacheReservation",
    "CachedEmbedding",
    "ImageLoader",
    "LocalEmbeddingReceiver",
    "LocalEmbeddingSender",
    "MultimodalEmbeddingCacheManager",
    "NixlReadEmbeddingReceiver",
    "NixlReadEmbeddingSender",
    "NixlWriteEmbeddingReceiver",
    "NixlWriteEmbeddingSender",
    "TransferRequest",
    "VideoLoader",
    "decoded_content_hash_key",
    "encode_to_video_bytes",
    "frames_to_numpy",
    "video_data",
]
