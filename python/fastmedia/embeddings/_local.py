"""Local mode: embeddings through a safetensors file (key ``ec_cache``) on a shared file
system, as Dynamo 1.6.1's ``LocalEmbeddingSender`` / ``LocalEmbeddingReceiver``:
``serialized_request`` is the file's path.

Unlike Dynamo's, the sender removes each file after ``ttl_s`` even when no receiver ever
calls ``release_tensor`` (Dynamo's files then stay in the temp folder for good), and the
receiver only opens and removes files that look like a sender's (``encoder_cache.*.safetensors``
directly in ``directory``), so a forged request cannot make it delete another file.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import math
import os
import tempfile
import threading
import time
import uuid
from typing import Any

from fastmedia.embeddings._request import (
    TransferRequest,
    TransferRequestError,
    dtype_name,
    parse_request,
)

KEY = "ec_cache"
_PREFIX = "encoder_cache."
_SUFFIX = ".safetensors"


class LocalEmbeddingSender:
    """Writes each tensor to a safetensors file in ``directory`` (the temp folder by default)
    and removes it ``ttl_s`` later if the receiver has not (Dynamo's ``LocalEmbeddingSender``).
    The awaitable is already done, as Dynamo's."""

    def __init__(self, *, ttl_s: float = 300.0, directory: str | None = None) -> None:
        if ttl_s <= 0:
            raise ValueError("ttl_s must be > 0")
        self.ttl_s = float(ttl_s)
        self.directory = directory or tempfile.gettempdir()
        self.sender_id = uuid.uuid4().hex
        self._counter = itertools.count()
        self._files: list[tuple[float, str]] = []  # (remove at, path), oldest first
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closed = False
        self._thread = threading.Thread(target=self._sweep, name="fastmedia-embed-ttl", daemon=True)
        self._thread.start()

    def _save(self, key: str, embeddings: Any) -> str:
        from safetensors import torch as st

        fd, path = tempfile.mkstemp(prefix=f"{_PREFIX}{key}.", suffix=_SUFFIX, dir=self.directory)
        os.close(fd)
        try:
            st.save_file({KEY: embeddings.detach().cpu().contiguous()}, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.remove(path)
            raise
        return path

    async def send_embeddings(
        self, embeddings: Any, stage_embeddings: bool = False
    ) -> tuple[TransferRequest, asyncio.Future]:
        """Write ``embeddings`` to a file; ``(TransferRequest, done future)``."""
        name = dtype_name(embeddings.dtype)
        key = f"{self.sender_id}_{next(self._counter)}"
        path = await asyncio.to_thread(self._save, key, embeddings)
        with self._lock:
            self._files.append((time.monotonic() + self.ttl_s, path))
        self._wake.set()
        fut = asyncio.get_running_loop().create_future()
        fut.set_result(None)
        return TransferRequest([int(s) for s in embeddings.shape], name, path), fut

    def _sweep(self) -> None:
        while True:
            with self._lock:
                if self._closed:
                    return
                now = time.monotonic()
                due = [p for t, p in self._files if t <= now]
                self._files = [(t, p) for t, p in self._files if t > now]
                wait = self._files[0][0] - now if self._files else None
            for p in due:
                with contextlib.suppress(OSError):
                    os.remove(p)
            self._wake.wait(wait)
            self._wake.clear()

    def pending_files(self) -> list[str]:
        """Files this sender wrote that still wait for their TTL (some may be released)."""
        with self._lock:
            return [p for _, p in self._files if os.path.exists(p)]

    def close(self, remove_files: bool = True) -> None:
        """Stop the TTL thread; with ``remove_files``, remove the files still pending."""
        with self._lock:
            self._closed = True
            files, self._files = self._files, []
        self._wake.set()
        self._thread.join(timeout=10.0)
        if remove_files:
            for _, p in files:
                with contextlib.suppress(OSError):
                    os.remove(p)


class LocalEmbeddingReceiver:
    """Loads the file a ``LocalEmbeddingSender`` (fastmedia's or Dynamo's) wrote; checks its
    tensor against the request's shape and dtype; ``release_tensor`` removes the file."""

    def __init__(self, *, directory: str | None = None) -> None:
        self.directory = os.path.realpath(directory or tempfile.gettempdir())
        self._ids = itertools.count()
        self._paths: dict[int, str] = {}

    def _path(self, req: TransferRequest) -> str:
        p = req.serialized_request
        if not isinstance(p, str) or "\0" in p:
            raise TransferRequestError("serialized_request must be a file path")
        base = os.path.basename(p)
        ok = base.startswith(_PREFIX) and base.endswith(_SUFFIX)
        if not ok or os.path.realpath(os.path.dirname(p)) != self.directory:
            raise TransferRequestError(
                f"refusing {p!r}: not an {_PREFIX}*{_SUFFIX} file directly in {self.directory}"
            )
        return p

    async def receive_embeddings(self, request: Any) -> tuple[int, Any]:
        """``(tensor_id, tensor)`` from the request's file. Raises ``TransferRequestError`` for
        a path outside ``directory`` or a tensor that does not match the request, and
        ``TransferError`` when the file cannot be read (e.g. removed by its TTL)."""
        from safetensors import SafetensorError
        from safetensors import torch as st

        from fastmedia.errors import TransferError

        req = parse_request(request)
        path = self._path(req)
        try:
            t = (await asyncio.to_thread(st.load_file, path))[KEY]
        except (OSError, SafetensorError, KeyError) as e:
            raise TransferError(f"cannot load embeddings from {path!r}: {e}") from e
        if list(t.shape) != req.embeddings_shape or dtype_name(t.dtype) != req.embedding_dtype_str:
            raise TransferRequestError(
                f"{path!r} holds {list(t.shape)} {t.dtype}, the request says "
                f"{req.embeddings_shape} {req.embedding_dtype_str}"
            )
        assert math.prod(t.shape) * t.element_size() == req.nbytes
        tid = next(self._ids)
        self._paths[tid] = path
        return tid, t

    def release_tensor(self, tensor_id: int) -> None:
        """Remove the tensor's file (the tensor itself stays valid: it was loaded)."""
        path = self._paths.pop(tensor_id, None)
        if path is not None:
            with contextlib.suppress(OSError):
                os.remove(path)
