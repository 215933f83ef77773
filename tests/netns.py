"""Run the tests marked ``loopback_only`` (they loosen the URL policy) in a network namespace
that has only loopback, so a policy bug can never send traffic off the machine.

Outside such a namespace, the marked tests of each module are taken out of this run and run
by one stand-in item, ``<module>::[loopback-only netns]``, as a child pytest under
``unshare -rn`` (a user + network namespace; no root needed). Inside one (the child, or a
whole run started under ``unshare -rn``) they run as they are. Where ``unshare -rn`` does not
work they run here, and the report header says so loudly.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

MARK = "loopback_only"
_SELECT_ENV = "FASTMEDIA_NETNS_NODEIDS"  # the child's node ids, one a line, in this file


def in_loopback_netns() -> bool:
    """True when this process's network namespace has no interface but loopback."""
    return [name for _, name in socket.if_nameindex()] == ["lo"]


def _unshare_cmd() -> list[str]:
    # lo starts down in a new namespace; bring it up, then run the command.
    return ["unshare", "-rn", "sh", "-c", 'ip link set lo up && exec "$@"', "sh"]


def _probe() -> str | None:
    try:
        r = subprocess.run(
            [*_unshare_cmd(), sys.executable, "-c", "import socket; print(socket.if_nameindex())"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"unshare -rn failed: {exc}"
    if r.returncode != 0 or "'lo'" not in r.stdout:
        return f"unshare -rn failed: {(r.stderr or r.stdout).strip()[:200]}"
    return None


PROBLEM: str | None = None if in_loopback_netns() else _probe()


def report_header() -> list[str]:
    if PROBLEM is None:
        return []
    return [
        "!" * 10
        + f" NO LOOPBACK-ONLY NETNS ({PROBLEM}): the {MARK} tests (loosened URL policy) run"
        + " in this network namespace "
        + "!" * 10
    ]


class NetnsRun(pytest.Item):
    """Runs ``nodeids`` in a child pytest inside a loopback-only network namespace."""

    def __init__(self, *, nodeids: list[str], **kw) -> None:
        super().__init__(**kw)
        self.nodeids = nodeids
        self.add_marker(pytest.mark.timeout(1800))

    def runtest(self) -> None:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(self.nodeids))
        try:
            env = dict(os.environ, **{_SELECT_ENV: f.name})
            files = sorted({n.split("::", 1)[0] for n in self.nodeids})
            cmd = [*_unshare_cmd(), sys.executable, "-m", "pytest", "-q", "-rs"]
            cmd += ["-p", "no:cacheprovider", *files]
            r = subprocess.run(
                cmd, cwd=self.config.rootpath, env=env, capture_output=True, text=True
            )
        finally:
            Path(f.name).unlink()
        out = r.stdout + r.stderr
        # pytest's closing line ("3 passed, 1 skipped in 2.1s"), not a late warning after it
        summary = next(
            (ln for ln in reversed(r.stdout.splitlines()) if re.search(r" in [\d.]+s", ln)),
            "(no summary)",
        )
        self.add_report_section("call", "netns child", out)
        if r.returncode != 0:
            raise AssertionError(
                f"{len(self.nodeids)} tests in a loopback-only netns: {summary}\n{out[-8000:]}"
            )
        tr = self.config.pluginmanager.get_plugin("terminalreporter")
        capture = self.config.pluginmanager.get_plugin("capturemanager")
        if tr is not None and capture is not None:
            with capture.global_and_fixture_disabled():
                tr.write_line(f"\n[{MARK} netns] {self.path.name}: {summary}")

    def reportinfo(self):
        return self.path, None, f"{self.name} ({len(self.nodeids)} tests)"


def modify_items(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect what a child was not asked to run; move marked tests into ``NetnsRun``."""
    select = os.environ.get(_SELECT_ENV)
    if select and in_loopback_netns():
        wanted = set(Path(select).read_text().splitlines())
        drop = [it for it in items if it.nodeid not in wanted]
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = [it for it in items if it.nodeid in wanted]
        return
    if PROBLEM is not None or in_loopback_netns():
        return
    groups: dict[Path, list[pytest.Item]] = {}
    for it in items:
        if it.get_closest_marker(MARK):
            groups.setdefault(it.path, []).append(it)
    if not groups:
        return
    out: list[pytest.Item] = []
    placed: set[Path] = set()
    for it in items:
        if not it.get_closest_marker(MARK):
            out.append(it)
        elif it.path not in placed:
            placed.add(it.path)
            module = it.getparent(pytest.Module)
            assert module is not None
            out.append(
                NetnsRun.from_parent(
                    module,
                    name="[loopback-only netns]",
                    nodeids=[m.nodeid for m in groups[it.path]],
                )
            )
    items[:] = out
