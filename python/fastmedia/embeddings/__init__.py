"""Embeddings between workers: a content-keyed embedding cache (with get-or-compute
coalescing) for the encode worker. See docs/embeddings.md."""

from fastmedia.embeddings._cache import (
    CachedEmbedding,
    CacheMutation,
    CacheReservation,
    EmbeddingCache,
    content_key,
    tensor_nbytes,
)
from fastmedia.embeddings._coalesce import AsyncEncoderCache

__all__ = [
    "AsyncEncoderCache",
    "CacheMutation",
    "CacheReservation",
    "CachedEmbedding",
    "EmbeddingCache",
    "content_key",
    "tensor_nbytes",
]
