"""Which path served each item in a serving framework's adapter (``fastmedia.vllm``,
``fastmedia.sglang``): counters named ``"<modality>.fastmedia"`` or ``"<modality>.fallback"``
(the framework's own decoder)."""

from __future__ import annotations

import threading
from collections import Counter


class Served:
    """Thread-safe counters of one adapter, for the process's lifetime."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[str] = Counter()

    def count(self, modality: str, path: str) -> None:
        """Record that one ``modality`` item went down ``path`` ("fastmedia" or "fallback")."""
        with self._lock:
            self._counts[f"{modality}.{path}"] += 1

    def stats(self) -> dict[str, int]:
        """Items per modality and path, since start."""
        with self._lock:
            return dict(self._counts)
