"""fastmedia inside vLLM 0.33: a media connector and video loaders (docs/vllm.md).

``pip install fastmedia[vllm]`` installs a ``vllm.general_plugins`` entry point
(``register``), which vLLM calls in each of its processes; ``VLLM_MEDIA_CONNECTOR=fastmedia``
then selects the connector. Importing ``fastmedia`` imports nothing of vLLM; importing this
package neither: ``register`` and the names below import it when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastmedia.vllm._video import FastmediaVideoBackend
    from fastmedia.vllm.connector import FastmediaMediaConnector

__all__ = ["FastmediaMediaConnector", "FastmediaVideoBackend", "register", "stats"]


def register() -> None:
    """Register ``"fastmedia"`` in vLLM's ``MEDIA_CONNECTOR_REGISTRY`` and
    ``VIDEO_LOADER_REGISTRY``. Idempotent (vLLM may call it more than once per process)."""
    from fastmedia.vllm import _video
    from fastmedia.vllm.connector import register_connector

    _video.install()
    _video.register_loader()
    register_connector()


def stats() -> dict[str, int]:
    """Items each modality decoded with fastmedia (``"image.fastmedia"``) or handed to vLLM's
    own decoders (``"image.fallback"``), in this process."""
    from fastmedia.vllm._shared import stats as _stats

    return _stats()


def __getattr__(name: str) -> Any:
    if name == "FastmediaMediaConnector":
        register()
        from fastmedia.vllm.connector import FastmediaMediaConnector

        return FastmediaMediaConnector
    if name == "FastmediaVideoBackend":
        register()
        from fastmedia.vllm._video import FastmediaVideoBackend

        return FastmediaVideoBackend
    raise AttributeError(f"module 'fastmedia.vllm' has no attribute {name!r}")
