"""Dynamo 1.6.1's embedding names over ``fastmedia.embeddings``: the cache
(``dynamo.common.memory.multimodal_embedding_cache_manager``), its coalescing wrapper
(``dynamo.common.multimodal.async_encoder_cache``) and the transfers
(``dynamo.common.multimodal.embedding_transfer``).

The senders here return Dynamo's own pydantic ``TransferRequest`` when Dynamo is installed
(else fastmedia's), so the request validates inside Dynamo's protocol models
(``serialized_request: Optional[TransferRequest]``), which refuse any other class."""

from __future__ import annotations

import functools
from typing import Any

from fastmedia import embeddings as _fm
from fastmedia.embeddings import (
    AsyncEncoderCache,
    CachedEmbedding,
    CacheMutation,
    CacheReservation,
    EmbeddingCache,
    LocalEmbeddingReceiver,
    NixlReadEmbeddingReceiver,
    NixlWriteEmbeddingReceiver,
    TransferRequest,
)
from fastmedia.embeddings import content_key as decoded_content_hash_key


@functools.lru_cache(maxsize=1)
def _dynamo_request_class() -> Any:
    try:
        from dynamo.common.multimodal.embedding_transfer import (
            TransferRequest as DynamoTransferRequest,
        )
    except Exception:  # Dynamo (or its torch/pydantic) is not installed
        return None
    return DynamoTransferRequest


def as_dynamo_request(req: TransferRequest) -> Any:
    """``req`` as Dynamo's pydantic ``TransferRequest`` if Dynamo is installed, else as is."""
    cls = _dynamo_request_class()
    return req if cls is None else cls(**req.model_dump())


class NixlReadEmbeddingSender(_fm.NixlReadEmbeddingSender):
    """``fastmedia.embeddings.NixlReadEmbeddingSender`` returning Dynamo's ``TransferRequest``."""

    async def send_embeddings(self, embeddings: Any, stage_embeddings: bool = False) -> Any:
        """See ``fastmedia.embeddings.NixlReadEmbeddingSender.send_embeddings``."""
        req, done = await super().send_embeddings(embeddings, stage_embeddings)
        return as_dynamo_request(req), done


class NixlWriteEmbeddingSender(_fm.NixlWriteEmbeddingSender):
    """``fastmedia.embeddings.NixlWriteEmbeddingSender`` returning Dynamo's ``TransferRequest``."""

    async def send_embeddings(self, embeddings: Any, stage_embeddings: bool = False) -> Any:
        """See ``fastmedia.embeddings.NixlWriteEmbeddingSender.send_embeddings``."""
        req, done = await super().send_embeddings(embeddings, stage_embeddings)
        return as_dynamo_request(req), done


class LocalEmbeddingSender(_fm.LocalEmbeddingSender):
    """``fastmedia.embeddings.LocalEmbeddingSender`` returning Dynamo's ``TransferRequest``."""

    async def send_embeddings(self, embeddings: Any, stage_embeddings: bool = False) -> Any:
        """See ``fastmedia.embeddings.LocalEmbeddingSender.send_embeddings``."""
        req, done = await super().send_embeddings(embeddings, stage_embeddings)
        return as_dynamo_request(req), done


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
