"""Tests of ``fastmedia.vllm`` against vLLM 0.33.0's own code, in ``.venv-vllm`` (.ci/setup):
``.venv-vllm/bin/python -m pytest tests/vllm``. Without vLLM (the main venv) nothing here is
collected."""

from __future__ import annotations

import importlib.util

import pytest

if importlib.util.find_spec("vllm") is None:
    collect_ignore_glob = ["test_*.py"]
else:
    import fastmedia.vllm

    fastmedia.vllm.register()

    from tests.vllm import _util

    @pytest.fixture(params=_util.CONNECTORS)
    def connector_name(request: pytest.FixtureRequest) -> str:
        """Each test taking it runs once per connector: vLLM's "http" and "fastmedia"."""
        return request.param

    def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
        lines = _util.parity_table()
        if lines:
            terminalreporter.section('fastmedia vs vLLM 0.33.0 ("http"): parity')
            for line in lines:
                terminalreporter.write_line(line)
