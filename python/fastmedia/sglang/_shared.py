"""Process-wide state of the SGLang adapter: SGLang's original loaders (saved before the
hooks replace them), the fastmedia decoder, and counters of which path served what."""

from __future__ import annotations

import threading
from typing import Any

from fastmedia._internal.served import Served
from fastmedia.media.decoder import Decoder

_lock = threading.Lock()
_originals: dict[str, Any] = {}
_decoder: Decoder | None = None
_served = Served()
count = _served.count
stats = _served.stats


def original(module: Any, name: str) -> Any:
    """``module.name`` as SGLang defined it, saved on first use; if the hooks replaced it
    already, unwrapped (a REPLACE wrapper keeps it as ``__wrapped__``, our class as its base)."""
    key = f"{module.__name__}.{name}"
    with _lock:
        fn = _originals.get(key)
        if fn is None:
            fn = getattr(module, name)
            while (
                up := getattr(fn, "_fastmedia_base", None) or getattr(fn, "__wrapped__", None)
            ) is not None:
                fn = up
            _originals[key] = fn
        return fn


def decoder() -> Decoder:
    """The process's decoder for images, video and audio (RGB, no EXIF rotation: SGLang does
    not rotate)."""
    global _decoder
    with _lock:
        if _decoder is None:
            _decoder = Decoder(channels="rgb", exif_orientation=False)
        return _decoder
