"""The plugin as SGLang finds it: through the ``sglang.srt.plugins`` entry point in a fresh
process (``SGLANG_PLUGINS=fastmedia``, fastmedia never imported by the test code before),
``load_plugins()`` then ``HookRegistry.apply_hooks()`` replacing SGLang's loaders."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.sglang import _util

ROOT = Path(__file__).resolve().parents[2]
JPEG = _util.FIXTURES / "jpeg_640x480" / "rocket.jpg"


def _child(code: str, plugins: str | None = "fastmedia") -> dict:
    """Run ``code`` in a fresh interpreter; it prints one JSON line last."""
    env = {k: v for k, v in os.environ.items() if k != "SGLANG_PLUGINS"}
    if plugins is not None:
        env["SGLANG_PLUGINS"] = plugins
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


LOAD = f"""
    import json, sys
    from sglang.srt.plugins import load_plugins
    from sglang.srt.plugins.hook_registry import HookRegistry
    import sglang.srt.utils.common as common
    import sglang.srt.utils as utils
    import sglang.srt.utils.video_decoder as video_decoder
    # In a list: apply_hooks rebinds every module global that is the original class.
    kept = [video_decoder.VideoDecoderWrapper]
    fastmedia_before = "fastmedia.sglang" in sys.modules
    import types
    def importer(name):  # a module doing what SGLang's processors do at import
        mod = types.ModuleType(name)
        sys.modules[name] = mod
        exec("from sglang.srt.utils.common import load_image, load_audio", mod.__dict__)
        exec("from sglang.srt.utils.video_decoder import VideoDecoderWrapper", mod.__dict__)
        return mod
    early = importer("early_processor")  # imported before the hooks: rebound by apply_hooks
    load_plugins()
    HookRegistry.apply_hooks()  # again: idempotent
    late = importer("late_processor")
    image, size = common.load_image(open({str(JPEG)!r}, "rb").read(), False)
    result = {{
        "fastmedia_before": fastmedia_before,
        "image": [image.mode, list(image.size), size],
        "utils_load_image": utils.load_image is common.load_image,
        "processors": [m.load_image is common.load_image and m.load_audio is common.load_audio
                       and m.VideoDecoderWrapper is video_decoder.VideoDecoderWrapper
                       for m in (early, late)],
        "wrapper_replaced": video_decoder.VideoDecoderWrapper is not kept[0],
        "common_wrapper": common.VideoDecoderWrapper is video_decoder.VideoDecoderWrapper,
        "subclass": issubclass(video_decoder.VideoDecoderWrapper, kept[0]),
        "load_audio": common.load_audio.__wrapped__.__module__,
    }}
"""


def test_entry_point_replaces_loaders() -> None:
    got = _child(
        LOAD
        + """
    import fastmedia.sglang
    result["stats"] = fastmedia.sglang.stats()
    print(json.dumps(result))
    """
    )
    assert got["fastmedia_before"] is False
    assert got["image"] == ["RGB", [640, 480], None]
    assert got["utils_load_image"] and got["processors"] == [True, True]
    assert got["wrapper_replaced"] and got["common_wrapper"] and got["subclass"]
    assert got["load_audio"] == "sglang.srt.utils.common"  # the REPLACE wrapper's original
    assert got["stats"] == {"image.fastmedia": 1}


def test_load_video_builds_fastmedia_wrapper() -> None:
    clips = [p for p in _util.files(_util.VIDEO_SUFFIXES) if p.suffix == ".mp4"]
    clips = [p for p in clips if not _util.broken(p)]
    if not clips:
        import pytest

        pytest.skip("no valid MP4 (set FASTMEDIA_CORPUS)")
    got = _child(
        LOAD
        + f"""
    video = common.load_video(open({str(clips[0])!r}, "rb").read(), use_gpu=False)
    frames = video.get_frames_at([0, 1])
    import fastmedia.sglang
    result["video"] = [type(video).__module__, isinstance(video, kept[0]),
                       list(frames.shape), fastmedia.sglang.stats().get("video.fastmedia")]
    try:
        common.load_video(b"not a video", use_gpu=False)
    except Exception as e:
        result["error"] = type(e).__name__
    print(json.dumps(result))
    """
    )
    module, is_original, shape, served = got["video"]
    assert module == "fastmedia.sglang._video" and is_original
    assert shape[0] == 2 and served == 1
    assert got["error"] == "ValueError"  # load_video's own wrapping of the decoder's error


def test_not_allowed_not_loaded() -> None:
    got = _child(
        """
    import json, sys
    from sglang.srt.plugins import load_plugins
    import sglang.srt.utils.common as common
    before = common.load_image
    load_plugins()
    print(json.dumps({"same": common.load_image is before,
                      "imported": "fastmedia.sglang" in sys.modules}))
    """,
        plugins="someone_else",
    )
    assert got == {"same": True, "imported": False}


def test_register_idempotent_and_import_light() -> None:
    got = _child(
        """
    import json, sys
    import fastmedia, fastmedia.sglang
    light = "sglang" not in sys.modules
    from sglang.srt.plugins.hook_registry import HookRegistry
    fastmedia.sglang.register()
    fastmedia.sglang.register()
    counts = {t: len(HookRegistry._hooks[t]) for t in fastmedia.sglang.TARGETS}
    print(json.dumps({"light": light, "counts": list(counts.values())}))
    """,
        plugins=None,
    )
    assert got == {"light": True, "counts": [1, 1, 1]}
