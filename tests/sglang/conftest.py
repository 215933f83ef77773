"""Tests of ``fastmedia.sglang`` against SGLang 0.5.23's own code, in ``.venv-vllm``:
``FASTMEDIA_CORPUS=../shared/corpus .venv-vllm/bin/python -m pytest tests/sglang``. Without
SGLang nothing here is collected. The hooks are not applied in this process (SGLang's
functions stay its own, to compare with); test_plugin.py applies them in child processes."""

from __future__ import annotations

import importlib.util

if importlib.util.find_spec("sglang") is None:
    collect_ignore_glob = ["test_*.py"]
else:
    from tests.sglang import _util

    def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
        lines = _util.parity_table()
        if lines:
            terminalreporter.section("fastmedia vs SGLang 0.5.23: parity")
            for line in lines:
                terminalreporter.write_line(line)
