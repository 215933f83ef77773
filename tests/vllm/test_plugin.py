"""fastmedia.vllm as vLLM finds and uses it: the entry point in a fresh process, what importing
fastmedia imports, and the HTTP statuses vLLM's own error handler gives the connector's
errors."""

from __future__ import annotations

import os
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from vllm.entrypoints.serve.exception_handling.error_response import create_error_response

from tests.vllm import _util

REPO = Path(__file__).resolve().parents[2]


def _fresh(code: str, **env: str) -> str:
    """Run ``code`` in a fresh interpreter of this venv with only ``env`` (and PATH/HOME)."""
    base = {k: os.environ[k] for k in ("PATH", "HOME") if k in os.environ}
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**base, **env},
        cwd="/",
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def _png(mode: str = "RGBA") -> bytes:
    buf = BytesIO()
    Image.new(mode, (4, 3), (10, 20, 30, 0) if mode == "RGBA" else (10, 20, 30)).save(buf, "PNG")
    return buf.getvalue()


def test_entry_point_selects_the_connector_in_a_fresh_process() -> None:
    """Only VLLM_MEDIA_CONNECTOR=fastmedia set: vLLM's plugin loader finds the entry point
    (the package metadata .ci/setup installs), and vLLM's registry builds fastmedia's
    connector, which decodes with fastmedia."""
    url = _util.data_url(_png(), "image/png")
    code = f"""
import vllm.envs as envs
from vllm.plugins import load_general_plugins
load_general_plugins()
from vllm.multimodal.media.connector import MEDIA_CONNECTOR_REGISTRY
connector = MEDIA_CONNECTOR_REGISTRY.load(envs.VLLM_MEDIA_CONNECTOR)
image = connector.fetch_image({url!r})
import fastmedia.vllm
print(type(connector).__module__, type(connector).__name__, image.getpixel((0, 0)))
print(fastmedia.vllm.stats())
"""
    out = _fresh(code, VLLM_MEDIA_CONNECTOR="fastmedia").splitlines()
    assert out[0] == "fastmedia.vllm.connector FastmediaMediaConnector (255, 255, 255)"
    assert out[1] == "{'image.fastmedia': 1}"


def test_importing_fastmedia_imports_no_vllm() -> None:
    code = (
        "import sys, fastmedia, fastmedia.vllm\n"
        "print(sorted(m for m in sys.modules if m == 'vllm' or m.startswith('vllm.')))"
    )
    assert _fresh(code, PYTHONPATH=str(REPO / "python")).strip() == "[]"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("what", "data"),
    [
        ("garbage", b"not an image at all"),
        ("truncated png", _png("RGB")[:40]),
        ("empty", b""),
        (
            "bomb",
            (_util.FIXTURES / "malformed" / "bomb_50000x50000_header.png").read_bytes(),
        ),
    ],
)
async def test_bad_image_is_a_400(connector_name: str, what: str, data: bytes) -> None:
    """vLLM's handler (create_error_response) answers a bad image with 400 through fastmedia
    (and through "http", but for the decompression bomb: Pillow's DecompressionBombError
    escapes it, a 500)."""
    connector = _util.connector_class(connector_name)()
    url = _util.data_url(data, "image/png")
    for fetch in (connector.fetch_image, connector.fetch_image_async):
        with pytest.raises(Exception) as info:
            out = fetch(url)
            if hasattr(out, "__await__"):
                await out
        status = create_error_response(info.value).error.code
        expected = 500 if (connector_name, what) == ("http", "bomb") else 400
        assert status == expected, repr(info.value)


@pytest.mark.parametrize("modality", ["video", "audio"])
def test_bad_video_and_audio_are_400s(connector_name: str, modality: str) -> None:
    connector = _util.connector_class(connector_name)()
    url = _util.data_url(b"\x00\x00\x00\x18ftypmp42" + bytes(200), f"{modality}/mp4")
    fetch = connector.fetch_video if modality == "video" else connector.fetch_audio
    with pytest.raises(Exception) as info:
        fetch(url)
    assert create_error_response(info.value).error.code == 400, repr(info.value)


def test_decoded_budget_is_charged_as_the_parent_does(connector_name: str, monkeypatch) -> None:
    """VLLM_MAX_MEDIA_REQUEST_DECODE_BYTES: one request's images are charged w*h*4 each
    before decoding; the one over the limit fails with vLLM's message."""
    import vllm.envs as envs
    from vllm.multimodal.media.base import MediaDecodedBudget

    monkeypatch.setattr(envs, "VLLM_MAX_MEDIA_REQUEST_DECODE_BYTES", 4 * 3 * 4 * 2)
    budget = MediaDecodedBudget()
    connector = _util.connector_class(connector_name)(decoded_budget=budget)
    url = _util.data_url(_png("RGB"), "image/png")
    for _ in range(2):
        assert np.asarray(connector.fetch_image(url)).shape == (3, 4, 3)
    with pytest.raises(ValueError, match="VLLM_MAX_MEDIA_REQUEST_DECODE_BYTES"):
        connector.fetch_image(url)
    assert budget.used == 4 * 3 * 4 * 2
