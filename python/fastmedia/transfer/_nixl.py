"""Where fastmedia finds NIXL, the names of this process's agents, and the embedding
endpoints' agent (``Endpoint``).

NIXL is optional: ``import fastmedia`` and decoding work without it. Everything that needs it
calls :func:`require_nixl` first and gets :class:`fastmedia.NixlUnavailable` (with the install
command) instead of an ImportError from deep inside. Every agent is the Rust core's, made
through NIXL's C API (``rust/src/nixl``), which this module finds in the installed wheel.

Two decisions live here:

* **Progress thread.** Lanes and notifiers have no UCX progress thread: their threads drive
  UCX while a transfer is in flight, and an idle one costs 0% CPU. An ``Endpoint`` serves
  peers that transfer from or into its memory, so it has one, sleeping ``progress_delay_us``
  between passes (a few percent of a core idle at 1000 us; NIXL's Python agent hard-codes 0
  us, which spins a core: docs/benchmarks.md).
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

import contextlib
import functools
import glob
import importlib.util
import os
import re
import sys
import threading
import uuid
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

# The NIXL release fastmedia is built and tested against: the one place it is pinned
# (.ci/setup reads it from here; pyproject's `nixl` extra is checked against it by a test).
NIXL_VERSION = "1.5.1"
# The default extra (CUDA 12 machines, or no CUDA); CUDA 13 machines need nixl-cu13 instead:
# install_hint() names the wheel that fits.
NIXL_REQUIREMENTS = (f"nixl=={NIXL_VERSION}", f"nixl-cu12=={NIXL_VERSION}")
_BACKEND_PKGS = ("nixl_cu13", "nixl_cu12", "nixl_rocm")


def cuda_major() -> int | None:
    """The CUDA major version ``import nixl`` will ask a ``nixl-cuXX`` wheel for, or None.

    The same rule as NIXL's meta package (``nixl_meta_utils.detect_cuda_major``: torch,
    cuda-python or cupy already imported, else torch's build version read off disk), without
    its last resort of importing torch. CUDA 13 builds of torch (PyPI's default torch 2.13)
    need ``nixl-cu13``, CUDA 12 builds ``nixl-cu12``.
    """

    def major(v: object) -> int | None:
        try:
            return int(str(v).split(".")[0]) if v else None
        except ValueError:
            return None

    torch = sys.modules.get("torch")
    m = major(getattr(getattr(torch, "version", None), "cuda", None)) if torch else None
    if m is None and sys.modules.get("cuda.bindings") is not None:
        m = major(getattr(sys.modules["cuda.bindings"], "__version__", None))
    if m is None and sys.modules.get("cupy") is not None:
        try:
            m = sys.modules["cupy"].cuda.runtime.runtimeGetVersion() // 1000
        except Exception:
            m = None
    if m is None:
        m = major(_torch_cuda_on_disk())
    return m


def _torch_cuda_on_disk() -> str | None:
    """torch's build CUDA version from ``torch/version.py``, without importing torch."""
    try:
        spec = importlib.util.find_spec("torch")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin:
        return None
    try:
        with open(os.path.join(os.path.dirname(spec.origin), "version.py")) as f:
            text = f.read()
    except OSError:
        return None
    m = re.search(r"^cuda\s*(?::[^=]*)?=\s*['\"]([0-9.]+)['\"]", text, re.M)
    return m.group(1) if m else None


def backend_package() -> str:
    """The ``nixl-cuXX`` wheel that fits this machine: the detected CUDA major's, else the
    one already installed, else ``nixl-cu12``."""
    m = cuda_major()
    if m is not None:
        return f"nixl-cu{m}"
    for pkg in _BACKEND_PKGS:
        try:
            if importlib.util.find_spec(pkg) is not None:
                return pkg.replace("_", "-")
        except (ImportError, ValueError):
            continue
    return "nixl-cu12"


def install_hint() -> str:
    """The pip command that installs NIXL for this machine (``--no-deps``: the wheels declare
    torch, which would pull a multi-GB CUDA build)."""
    return f"pip install --no-deps nixl=={NIXL_VERSION} {backend_package()}=={NIXL_VERSION}"


def __getattr__(name: str) -> str:
    if name == "INSTALL_HINT":  # computed on use: it depends on the machine
        return install_hint()
    raise AttributeError(name)


def quiet_logs() -> None:
    """NIXL's and UCX's own log lines stay quiet (warnings and errors only) unless asked for:
    set ``NIXL_LOG_LEVEL``/``UCX_LOG_LEVEL`` yourself (an explicit value wins), or
    ``FASTMEDIA_NIXL_LOGS=1`` to keep the libraries' defaults (NIXL logs INFO lines for every
    agent). Both read these when they load, so this runs before NIXL is imported."""
    if os.environ.get("FASTMEDIA_NIXL_LOGS", "") in ("", "0"):
        os.environ.setdefault("NIXL_LOG_LEVEL", "WARN")
        os.environ.setdefault("UCX_LOG_LEVEL", "warn")


@functools.lru_cache(maxsize=1)
def _import_error() -> str | None:
    quiet_logs()
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

        raise NixlUnavailable(f"NIXL is not available ({err}). Install it with: {install_hint()}")


def find_capi_library() -> str | None:
    """Path of ``libnixl_capi.so`` inside the installed NIXL wheel, or None.

    ``FASTMEDIA_NIXL_CAPI`` overrides the search. The wheel keeps its shared libraries next to
    the backend package (``site-packages/.nixl_cu12.mesonpy.libs/`` in nixl-cu12 1.5.1,
    ``.nixl_cu13.mesonpy.libs/`` in nixl-cu13).
    Does not import NIXL, so it is cheap and safe to call from anywhere.
    """
    env = os.environ.get("FASTMEDIA_NIXL_CAPI")
    if env:
        return env if os.path.exists(env) else None
    # The wheel `import nixl` picks on this machine first, so both layers use the same NIXL.
    fits = backend_package().replace("-", "_")
    for pkg in sorted(_BACKEND_PKGS, key=lambda p: p != fits):
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


def require_capi() -> str:
    """:func:`find_capi_library`, or ``NixlUnavailable`` with the install command."""
    capi = find_capi_library()
    if capi is None:
        from fastmedia.errors import NixlUnavailable

        raise NixlUnavailable(
            "NIXL's C API (libnixl_capi.so) was not found; install NIXL with: " + install_hint()
        )
    return capi


def _ucx_loaded() -> bool:
    try:
        with open("/proc/self/maps") as f:
            return "libucp" in f.read()
    except OSError:
        return False


def configure_ucx_env() -> None:
    """Apply fastmedia's UCX defaults (see the module docstring) if it is not too late."""
    quiet_logs()
    if os.environ.get("FASTMEDIA_UCX_MEM_EVENTS", "").lower() == "keep":
        return
    if "UCX_MEM_EVENTS" not in os.environ and not _ucx_loaded():
        os.environ["UCX_MEM_EVENTS"] = "no"


def default_agent_name(role: str) -> str:
    """Unique per process and per start: the pid and a random part."""
    return f"fastmedia-{role}-{os.getpid()}-{uuid.uuid4().hex[:8]}"


# Names of this process's live NIXL agents (Frontends, Readers and their helper agents), each
# with the claim that holds it. Peers find an agent by its name, so two live agents of one
# name make reads fail or thrash.
_names: dict[str, object] = {}
_names_lock = threading.Lock()
os.register_at_fork(after_in_child=_names.clear)  # a child's copies are not live agents


def claim_name(name: str) -> object:
    """Reserve ``name`` for a new agent and return the claim (for ``release_name``);
    ``ConfigError`` if a live agent of this process has it. Names must also be unique across
    every process (replica) that talks to the same peers: the default name (pid and a random
    part) is."""
    from fastmedia.errors import ConfigError

    claim = object()
    with _names_lock:
        if name in _names:
            raise ConfigError(
                f"agent_name {name!r} is already used by a live NIXL agent in this process; "
                "agent names must be unique (within a process and across replicas): close the "
                "other Frontend/Reader first, or leave agent_name=None for a unique default"
            )
        _names[name] = claim
    return claim


def hold_name(owner: object, name: str, claim: object) -> weakref.finalize:
    """Free ``name`` (``claim``'s) once ``owner`` is collected, or earlier when the returned
    finalizer is called (``owner``'s close); it frees it once either way."""
    return weakref.finalize(owner, release_name, name, claim)


def own_name(owner: object, name: str | None, role: str) -> tuple[str, weakref.finalize]:
    """``name``, or a unique default for ``role``, claimed for ``owner`` (an object without an
    agent of its own, whose lanes' agents are named after it): (the name, its ``hold_name``
    finalizer, which ``owner``'s close calls). ``ConfigError`` if a live agent has it."""
    name = name or default_agent_name(role)
    return name, hold_name(owner, name, claim_name(name))


def release_name(name: str, claim: object) -> None:
    """Free ``name`` if ``claim`` still holds it (idempotent; a later claim is kept)."""
    with _names_lock:
        if _names.get(name) is claim:
            del _names[name]


def core_agent(name: str, make: Callable[[str, str | None], T]) -> tuple[T, object]:
    """``make(name, capi_path)``, a ``_core`` object with a NIXL agent of its own (a lane, the
    notifier), under the claimed ``name``: (it, the claim for ``release_name``). Checks that
    the wheel and its C API are there, and UCX's environment, first."""
    require_nixl()
    capi = require_capi()
    configure_ucx_env()
    claim = claim_name(name)
    try:
        return make(name, capi), claim
    except BaseException:
        release_name(name, claim)
        raise


class Registrar:
    """What a lane and an endpoint share: a ``_core`` object with a NIXL agent of its own,
    made by ``make(name, capi_path)`` (``core_agent``) under ``name``, which stays claimed
    until ``_free_name`` (the subclass's close) or collection; memory is registered on it."""

    def __init__(self, name: str, make: Callable[[str, str | None], Any]) -> None:
        self.name = name
        self._core, claim = core_agent(name, make)
        self._free_name = hold_name(self, name, claim)

    def register(
        self, addr: int, nbytes: int, mem: str = "DRAM", dev: int = 0
    ) -> tuple[int, int, str, int]:
        """Register memory with the agent: host memory, or GPU ``dev``'s ("VRAM"). Returns
        the registration, for ``deregister``."""
        self._core.register(addr, nbytes, mem, dev)
        return addr, nbytes, mem, dev

    def deregister(self, reg: tuple[int, int, str, int]) -> None:
        with contextlib.suppress(Exception):
            self._core.deregister(*reg)


class Endpoint(Registrar):
    """The agent of an embedding endpoint (``_core.NixlEndpoint``): peers READ from or WRITE
    into the memory registered with it, and it trades notifications with them. Its UCX
    progress thread sleeps ``progress_delay_us`` between passes (None: no thread;
    ``take_notifs`` drives UCX). It keeps its peers loaded by name, at most ``max_peers``
    idle ones (``rust/src/nixl/peers.rs``). With ``handshakes`` ("write-sender",
    "write-receiver", "read-sender"), the core takes every notification in itself
    (``rust/src/nixl/write.rs``, ``awaited.rs``) and ends the tickets they are for. Calls are
    serialised in the core, with the GIL released."""

    def __init__(
        self,
        name: str | None,
        progress_delay_us: int | None,
        role: str,
        max_peers: int = 256,
        handshakes: str | None = None,
    ) -> None:
        from fastmedia import _core

        def make(n: str, capi: str | None) -> Any:
            return _core.NixlEndpoint(n, progress_delay_us, capi, max_peers, handshakes)

        super().__init__(name or default_agent_name(role), make)

    def metadata(self) -> bytes:
        """The agent's metadata (what a peer loads), listing its registrations."""
        return bytes(self._core.metadata())

    def connect(self, peer: str, md: bytes | None = None) -> list[str] | None:
        """Make sure ``peer`` is loaded, from its metadata ``md`` when new. None when it is not
        and there is no ``md``; else the peers forgotten to stay within ``max_peers`` (least
        recently used first, never one a handshake in flight holds). ``DecodeError`` when
        ``md`` is another agent's, ``TransferError`` when it does not load."""
        gone = self._core.connect(peer, md)
        return None if gone is None else list(gone)

    def forget(self, peer: str) -> None:
        self._core.forget(peer)

    def peer_stats(self) -> tuple[int, int]:
        """(peers loaded, peers forgotten to stay within ``max_peers``)."""
        loaded, evicted = self._core.peer_stats()
        return int(loaded), int(evicted)

    def notify(self, peer: str, msg: bytes) -> None:
        """Send ``msg`` to the loaded peer ``peer``."""
        self._core.notify(peer, msg)

    def offer(self, peer: str, tensor_id: int, addr: int, size: int, dev: int, mem: str,
              done_id: int, with_md: bool, timeout: float | None = None) -> Any:  # fmt: skip
        """A Write receiver's (``handshakes="write-receiver"``) handshake: offer the connected
        sender ``peer`` the buffer (``addr``, ``size``) of ``mem`` ("DRAM"/"VRAM") on device
        ``dev`` for its ``tensor_id``; ``with_md``: with this agent's metadata. The
        ``LaneTicket`` ends when ``peer``'s done signal ``str(done_id)`` comes, or timed out
        after ``timeout`` s (``cancel_notif(str(done_id))`` stops the wait); until then
        ``peer`` stays loaded."""
        return self._core.offer(peer, tensor_id, addr, size, dev, mem, done_id, with_md, timeout)

    def expect_notif(self, key: str, timeout: float | None = None) -> Any:
        """A Read sender's (``handshakes="read-sender"``) lease: the ``LaneTicket`` ends when
        a reader's notification carries ``key`` (alone, or in a ';'-joined batch), or timed
        out after ``timeout`` s."""
        return self._core.expect_notif(key, timeout)

    def cancel_notif(self, key: str) -> bool:
        """Stop waiting for notification ``key``; False if it came first."""
        return bool(self._core.cancel_notif(key))

    def expect_write(
        self, tensor_id: int, addr: int, nbytes: int, mem: str, dev: int, lane: Any, timeout: float
    ) -> Any:
        """A Write sender's (``handshakes="write-sender"``) send: ``lane`` (a ``_lanes.Lane`` it is
        registered with) WRITEs it into the buffer its receiver offers, then the done signal
        goes out; the ``LaneTicket`` ends then, or with why not (no handshake, or no DONE,
        within ``timeout`` s)."""
        return self._core.expect_write(tensor_id, addr, nbytes, mem, dev, lane._core, timeout)

    def write_stats(self) -> tuple[int, int]:
        """(notifications that were no handshake for a waiting send, sends live)."""
        bad, live = self._core.write_stats()
        return int(bad), int(live)

    def take_notifs(self, waker: Any = None, timeout: float | None = 0.0) -> dict[str, list[bytes]]:
        """The notifications received since the last call, by peer, in order. With
        ``timeout`` (None: no bound), waits for the first in the core, the GIL released; a
        readable ``waker`` (``_core.Waker``) ends the wait early, with none."""
        out: dict[str, list[bytes]] = {}
        for peer, msg in self._core.take_notifs(waker, timeout):
            out.setdefault(peer, []).append(bytes(msg))
        return out

    def close(self) -> None:
        """Destroy the agent (its registrations and peers go with it) and free its name."""
        self._core.close()
        self._free_name()
