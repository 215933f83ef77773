"""Where fastmedia finds NIXL, and how it makes a Python NIXL agent that does not spin a core.

NIXL is optional: ``import fastmedia`` and decoding work without it. Everything that needs it
calls :func:`require_nixl` first and gets :class:`fastmedia.NixlUnavailable` (with the install
command) instead of an ImportError from deep inside.

Two decisions live here:

* **Progress thread.** NIXL's Python ``nixl_agent`` hard-codes the UCX progress-thread delay to
  0 us, so an idle agent with a progress thread spins a core (docs/benchmarks.md). fastmedia's
  reader makes agents *without* a progress thread: it drives UCX progress itself while it waits
  for a READ (it has to poll the transfer state anyway), and an idle reader costs 0% CPU.
  ``make_agent(progress_delay_us=N)`` gives a progress thread with an N us delay instead (a
  few percent of a core idle at 1000 us), for processes that must serve peers (a memory owner
  over TCP) without polling.
* **UCX_MEM_EVENTS=no.** Agent creation is several times faster without UCX's memory hooks
  (docs/benchmarks.md). The hooks exist to invalidate UCX's *implicit* registration cache when
  memory is unmapped. NIXL registers memory explicitly (``ucp_mem_map``) and passes the memory
  handle on every operation, so it never depends on that cache being invalidated (NIXL itself is
  moving to disable the caches, ai-dynamo/nixl#1762). fastmedia keeps every region registered
  for as long as it lives and deregisters before freeing it, so no stale registration can exist.
  It is therefore safe for fastmedia, and we set it by default -- with ``os.environ.setdefault``
  (an explicit user value wins), and only before UCX is loaded in the process (afterwards it
  would have no effect). Opt out with ``FASTMEDIA_UCX_MEM_EVENTS=keep``. In a process where
  other code relies on UCX's implicit caching of *unregistered* buffers (none of NIXL's paths
  do), opt out.
"""

from __future__ import annotations

import functools
import glob
import importlib.util
import os
import threading
import uuid
from typing import Any

# The NIXL release fastmedia is built and tested against: the one place it is pinned
# (.ci/setup reads it from here; pyproject's `nixl` extra is checked against it by a test).
NIXL_VERSION = "1.5.1"
NIXL_REQUIREMENTS = (f"nixl=={NIXL_VERSION}", f"nixl-cu12=={NIXL_VERSION}")
# --no-deps: the nixl wheel declares torch, which would pull a multi-GB CUDA build.
INSTALL_HINT = "pip install --no-deps " + " ".join(NIXL_REQUIREMENTS)
_BACKEND_PKGS = ("nixl_cu13", "nixl_cu12", "nixl_rocm")
_create_lock = threading.Lock()


@functools.lru_cache(maxsize=1)
def _import_error() -> str | None:
    try:
        import nixl._api  # noqa: F401
    except Exception as e:  # ImportError, or a broken wheel raising something else
        return f"{type(e).__name__}: {e}"
    return None


def nixl_available() -> bool:
    """True when the NIXL Python API imports (``nixl`` plus a ``nixl-cu*`` backend wheel)."""
    return _import_error() is None


def require_nixl() -> None:
    """Raise ``fastmedia.NixlUnavailable`` (with the install command) unless NIXL imports."""
    err = _import_error()
    if err is not None:
        from fastmedia.errors import NixlUnavailable

        raise NixlUnavailable(f"NIXL is not available ({err}). Install it with: {INSTALL_HINT}")


def find_capi_library() -> str | None:
    """Path of ``libnixl_capi.so`` inside the installed NIXL wheel, or None.

    ``FASTMEDIA_NIXL_CAPI`` overrides the search. The wheel keeps its shared libraries next to
    the backend package (``site-packages/.nixl_cu12.mesonpy.libs/`` in nixl-cu12).
    Does not import NIXL, so it is cheap and safe to call from anywhere.
    """
    env = os.environ.get("FASTMEDIA_NIXL_CAPI")
    if env:
        return env if os.path.exists(env) else None
    for pkg in _BACKEND_PKGS:
        try:
            spec = importlib.util.find_spec(pkg)
        except (ImportError, ValueError):
            spec = None
        if spec is None or not spec.submodule_search_locations:
            continue
        for pkg_dir in spec.submodule_search_locations:
            site = os.path.dirname(os.path.abspath(pkg_dir))
            for folder in (f".{pkg}.mesonpy.libs", f"{pkg}.libs", pkg, f"{pkg}/lib"):
                hits = sorted(glob.glob(os.path.join(site, folder, "libnixl_capi*.so*")))
                if hits:
                    return hits[0]
    return None


def _ucx_loaded() -> bool:
    try:
        with open("/proc/self/maps") as f:
            return "libucp" in f.read()
    except OSError:
        return False


def configure_ucx_env() -> None:
    """Apply fastmedia's UCX defaults (see the module docstring) if it is not too late."""
    if os.environ.get("FASTMEDIA_UCX_MEM_EVENTS", "").lower() == "keep":
        return
    if "UCX_MEM_EVENTS" not in os.environ and not _ucx_loaded():
        os.environ["UCX_MEM_EVENTS"] = "no"


def default_agent_name(role: str) -> str:
    return f"fastmedia-{role}-{os.getpid()}-{uuid.uuid4().hex[:8]}"


class _ConfigProxy:
    """Stands in for ``nixlAgentConfig`` while ``nixl_agent.__init__`` runs, so that its
    hard-coded ``pthrDelay = 0`` becomes our delay. Every other field passes through."""

    def __init__(self, real: Any, delay_us: int) -> None:
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "_delay", delay_us)

    def __setattr__(self, key: str, value: Any) -> None:
        if key == "pthrDelay":
            value = self._delay
        setattr(self._real, key, value)

    def __getattr__(self, key: str) -> Any:
        return getattr(self._real, key)


class _BindingsProxy:
    def __init__(self, real: Any, delay_us: int) -> None:
        self._real = real
        self._delay = delay_us

    def __getattr__(self, key: str) -> Any:
        return getattr(self._real, key)

    def nixlAgentConfig(self) -> _ConfigProxy:
        return _ConfigProxy(self._real.nixlAgentConfig(), self._delay)

    def nixlAgent(self, name: str, cfg: Any) -> Any:
        return self._real.nixlAgent(name, cfg._real if isinstance(cfg, _ConfigProxy) else cfg)


def make_agent(name: str | None = None, progress_delay_us: int | None = None, role: str = "agent"):
    """A ``nixl._api.nixl_agent`` with the UCX backend and a sane progress configuration.

    ``progress_delay_us=None`` (default): no progress thread; the owner must poll
    (``check_xfer_state`` / ``get_new_notifs``) -- costs nothing while idle.
    ``progress_delay_us=N``: a UCX progress thread that sleeps N us between passes.
    Raises ``NixlUnavailable`` without NIXL, ``NixlError`` if the agent cannot be created.
    """
    require_nixl()
    configure_ucx_env()
    from nixl import _api

    from fastmedia.errors import NixlError

    name = name or default_agent_name(role)
    try:
        if progress_delay_us is None:
            return _api.nixl_agent(
                name, _api.nixl_agent_config(enable_prog_thread=False, backends=["UCX"])
            )
        with _create_lock:
            real = _api.nixlBind
            _api.nixlBind = _BindingsProxy(real, int(progress_delay_us))
            try:
                return _api.nixl_agent(
                    name, _api.nixl_agent_config(enable_prog_thread=True, backends=["UCX"])
                )
            finally:
                _api.nixlBind = real
    except Exception as e:
        raise NixlError(f"could not create NIXL agent {name!r}: {e}") from e
