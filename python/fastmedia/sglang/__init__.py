"""fastmedia inside SGLang 0.5.23: REPLACE hooks on its media loaders (docs/sglang.md).

``pip install fastmedia[sglang]`` installs a ``sglang.srt.plugins`` entry point (``register``);
``SGLANG_PLUGINS=fastmedia`` allows it, and SGLang's ``load_plugins()`` calls it, then applies
the hooks. Importing ``fastmedia`` or this package imports nothing of SGLang; ``register`` does.
"""

from __future__ import annotations

__all__ = ["register", "stats"]

TARGETS = (
    "sglang.srt.utils.common.load_image",
    "sglang.srt.utils.common.load_audio",
    "sglang.srt.utils.video_decoder.VideoDecoderWrapper",
)


def register() -> None:
    """Register fastmedia's ``load_image``, ``load_audio`` and ``VideoDecoderWrapper`` as
    REPLACE hooks in SGLang's ``HookRegistry`` (applied by ``HookRegistry.apply_hooks()``).
    Idempotent: a hook already registered is not registered again."""
    from sglang.srt.plugins.hook_registry import HookRegistry, HookType

    from fastmedia.sglang import _audio, _image, _video

    hooks = dict(
        zip(TARGETS, (_image.load_image, _audio.load_audio, _video.wrapper_class()), strict=True)
    )
    for target, hook in hooks.items():
        if not any(h is hook for _, h, _ in HookRegistry._hooks.get(target, ())):
            HookRegistry.register(target, hook, HookType.REPLACE)


def stats() -> dict[str, int]:
    """Items each modality decoded with fastmedia (``"image.fastmedia"``) or handed to
    SGLang's own code (``"image.fallback"``), in this process."""
    from fastmedia.sglang._shared import stats as _stats

    return _stats()
