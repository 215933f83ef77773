"""Embeddings between workers: NIXL transfers from the encode worker to the prefill worker
(Dynamo 1.6.1's wire formats) and a content-keyed embedding cache (with get-or-compute
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
from fastmedia.embeddings._local import LocalEmbeddingReceiver, LocalEmbeddingSender
from fastmedia.embeddings._nixl_read import NixlReadEmbeddingReceiver, NixlReadEmbeddingSender
from fastmedia.embeddings._nixl_write import NixlWriteEmbeddingReceiver, NixlWriteEmbeddingSender
from fastmedia.embeddings._request import TransferRequest, TransferRequestError

__all__ = [
    "AsyncEncoderCache",
    "CacheMutation",
    "CacheReservation",
    "CachedEmbedding",
    "EmbeddingCache",
    "LocalEmbeddingReceiver",
    "LocalEmbeddingSender",
    "NixlReadEmbeddingReceiver",
    "NixlReadEmbeddingSender",
    "NixlWriteEmbeddingReceiver",
    "NixlWriteEmbeddingSender",
    "TransferRequest",
    "TransferRequestError",
    "content_key",
    "tensor_nbytes",
]
