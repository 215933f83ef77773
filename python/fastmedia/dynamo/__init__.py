"""Drop-ins under NVIDIA Dynamo 1.6.1's names: a Dynamo worker changes one import.

Each name here is a thin adapter over fastmedia's own API (the logic lives in the core
modules, once); see docs/dynamo.md.
"""

from fastmedia.dynamo.embeddings import (
    AsyncEncoderCache,
    CachedEmbedding,
    CacheMutation,
    CacheReservation,
    MultimodalEmbeddingCacheManager,
    decoded_content_hash_key,
)

__all__: list[str] = [
    # embeddings (fastmedia.dynamo.embeddings)
    "AsyncEncoderCache",
    "CacheMutation",
    "CacheReservation",
    "CachedEmbedding",
    "MultimodalEmbeddingCacheManager",
    "decoded_content_hash_key",
]
