"""Process-wide state of the SGLang adapter: SGLang's original loaders (saved before the
hooks replace them), the fastmedia decoders, and counters of which path served what."""

from __future__ import annotations

import threading
from typing import Any

from fastmedia._served import Served
from fastmedia.decoder import Decoder

_lock = threading.Lock()
_originals: dict[str, Any] = {}
_decoders: dict[str, Decoder] = {}
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


def decoder(kind: str) -> Decoder:
    """The shared decoder: ``"image"`` (RGB, no EXIF rotation: SGLang does not rotate) or
    ``"media"`` (video and audio)."""
    with _lock:
        dec = _decoders.get(kind)
        if dec is None:
            dec = Decoder(channels="rgb", exif_orientation=False)
            _decoders[kind] = dec
        return dec
