"""Shared fixtures: the corpus, decoders, and the NIXL peers (real processes) the reader
tests read from. Helpers live in ``tests/helpers.py``.

Tests that need NIXL carry the ``requires_nixl`` marker (``pytestmark =
pytest.mark.requires_nixl``); without NIXL they are skipped with one loud reason. Tests that
loosen the URL policy carry ``loopback_only`` and run in a loopback-only network namespace
(``tests/netns.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import fastmedia
from fastmedia._internal.gpu import driver_problem
from fastmedia.transfer._nixl import INSTALL_HINT
from tests import netns
from tests.helpers import CORPUS, NIXL_PROBLEM, USING_FIXTURES
from tests.nixl_peers import FmFrontend, Frontend

_NIXL_SKIP = f"NIXL IS NOT USABLE ({NIXL_PROBLEM}): install it with `{INSTALL_HINT}`"


def pytest_report_header(config: pytest.Config) -> list[str]:
    which = (
        "tests/fixtures (set FASTMEDIA_CORPUS for more)" if USING_FIXTURES else "FASTMEDIA_CORPUS"
    )
    lines = [f"fastmedia corpus: {which} at {CORPUS}"]
    if NIXL_PROBLEM is not None:
        lines.append("!" * 10 + " " + _NIXL_SKIP + " " + "!" * 10)
    return lines + netns.report_header()


@pytest.hookimpl(trylast=True)  # after -k/-m deselection
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Tests marked loopback_only (a loosened URL policy) run in a loopback-only netns.
    netns.modify_items(config, items)
    _skip_gpu_tests(items)
    if NIXL_PROBLEM is None:
        return
    skip = pytest.mark.skip(reason=_NIXL_SKIP)
    marked = [it for it in items if it.get_closest_marker("requires_nixl")]
    for it in marked:
        it.add_marker(skip)
    if marked:
        print(f"\n{_NIXL_SKIP}: {len(marked)} tests skipped", file=sys.stderr)


def _skip_gpu_tests(items: list[pytest.Item]) -> None:
    """``requires_gpu`` tests skip, naming what is missing, where libcuda serves no device
    (probed only when such a test was collected). Those that need torch skip without it."""
    marked = [it for it in items if it.get_closest_marker("requires_gpu")]
    problem = driver_problem() if marked else None
    if problem is None:
        return
    reason = f"requires_gpu: {problem}"
    for it in marked:
        it.add_marker(pytest.mark.skip(reason=reason))
    print(f"\n{reason}: {len(marked)} tests skipped", file=sys.stderr)


# ---------------------------------------------------------------- corpus and decoders


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The corpus root in use (``FASTMEDIA_CORPUS``, else tests/fixtures)."""
    return CORPUS


@pytest.fixture(scope="session")
def malformed_dir(corpus: Path) -> Path:
    return corpus / "malformed"


@pytest.fixture(scope="session")
def dec() -> fastmedia.Decoder:
    return fastmedia.Decoder(threads=2)


@pytest.fixture(scope="session")
def dec_native() -> fastmedia.Decoder:
    return fastmedia.Decoder(threads=2, channels="native")


# ---------------------------------------------------------------- video and broken media


@pytest.fixture(scope="session")
def corpus_video(tmp_path_factory) -> dict[str, Path]:
    """Name -> path: the corpus's video/ clips, or stand-ins made now (tests/videos.py)."""
    from tests.videos import CORPUS_VIDEO, make_standin_clips

    if CORPUS_VIDEO.is_dir():
        return {p.name: p for p in CORPUS_VIDEO.iterdir()}
    return make_standin_clips(tmp_path_factory.mktemp("standin_video"))


@pytest.fixture(scope="session")
def corpus_broken(tmp_path_factory) -> dict[str, Path]:
    """Name -> path: the corpus's malformed_media/ files, or stand-ins made now."""
    from tests.videos import CORPUS_BROKEN, make_standin_broken

    if CORPUS_BROKEN.is_dir():
        return {p.name: p for p in CORPUS_BROKEN.iterdir()}
    return make_standin_broken(tmp_path_factory.mktemp("standin_broken"))


@pytest.fixture(scope="session")
def big_clip(tmp_path_factory) -> Path:
    """A 1080p clip: the corpus's 20 s one, or 2 s made now."""
    from tests.videos import BIG_CLIP, CORPUS_VIDEO, make_big_clip

    if (CORPUS_VIDEO / BIG_CLIP).is_file():
        return CORPUS_VIDEO / BIG_CLIP
    return make_big_clip(tmp_path_factory.mktemp("big_clip"))


# ---------------------------------------------------------------- NIXL peers (one per module)


@pytest.fixture(scope="module")
def reader() -> Iterator[fastmedia.Reader]:
    rd = fastmedia.Reader(timeout_s=20.0)
    yield rd
    rd.close()


@pytest.fixture(scope="module")
def emu() -> Iterator[Frontend]:
    """fastmedia-style emulator (tests/nixl_peers.py): descriptors carry lease keys and lease
    words that change only on ``retire``/``release``."""
    f = Frontend(lease_keys=True)
    yield f
    f.close()


@pytest.fixture(scope="module")
def dyn() -> Iterator[Frontend]:
    """Dynamo-style emulator: no lease keys (the reader must send a uuid4)."""
    f = Frontend(lease_keys=False)
    yield f
    f.close()


@pytest.fixture(scope="module")
def fm() -> Iterator[FmFrontend]:
    """fastmedia.Frontend in its own process, with its defaults (TTL 120 s, reuse grace 5 s)."""
    f = FmFrontend()
    yield f
    f.close()
