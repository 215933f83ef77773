"""Dynamo 1.6.1's embedding names over ``fastmedia.embeddings``: the cache
(``dynamo.common.memory.multimodal_embedding_cache_manager``) and its coalescing wrapper
(``dynamo.common.multimodal.async_encoder_cache``)."""

from fastmedia.embeddings import (
    AsyncEncoderCache,
    CachedEmbedding,
    CacheMutation,
    CacheReservation,
    EmbeddingCache,
)
from fastmedia.embeddings import content_key as decoded_content_hash_key

# Dynamo's name for the cache; the class is fastmedia's (thread-safe) one.
MultimodalEmbeddingCacheManager = EmbeddingCache

__all__ = [
    "AsyncEncoderCache",
    "CacheMutation",
    "CacheReservation",
    "CachedEmbedding",
    "MultimodalEmbeddingCacheManager",
    "decoded_content_hash_key",
]
