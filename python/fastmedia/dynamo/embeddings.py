"""Dynamo 1.6.1's embedding names over ``fastmedia.embeddings``: the cache
(``dynamo.common.memory.multimodal_embedding_cache_manager``), its coalescing wrapper
(``dynamo.common.multimodal.async_encoder_cache``) and the transfers
(``dynamo.common.multimodal.embedding_transfer``)."""

from fastmedia.embeddings import (
    AsyncEncoderCache,
    CachedEmbedding,
    CacheMutation,
    CacheReservation,
    EmbeddingCache,
    LocalEmbeddingReceiver,
    LocalEmbeddingSender,
    NixlReadEmbeddingReceiver,
    NixlReadEmbeddingSender,
    NixlWriteEmbeddingReceiver,
    NixlWriteEmbeddingSender,
    TransferRequest,
)
from fastmedia.embeddings import content_key as decoded_content_hash_key

# Dynamo's name for the cache; the class is fastmedia's (thread-safe) one.
MultimodalEmbeddingCacheManager = EmbeddingCache

__all__ = [
    "AsyncEncoderCache",
    "CacheMutation",
    "CacheReservation",
    "CachedEmbedding",
    "LocalEmbeddingReceiver",
    "LocalEmbeddingSender",
    "MultimodalEmbeddingCacheManager",
    "NixlReadEmbeddingReceiver",
    "NixlReadEmbeddingSender",
    "NixlWriteEmbeddingReceiver",
    "NixlWriteEmbeddingSender",
    "TransferRequest",
    "decoded_content_hash_key",
]
