"""Objects whose threads call into NIXL or Python close before the interpreter finalizes.

A daemon thread that is inside a NIXL call (pybind11, GIL released) when the interpreter
finalizes is ended by ``pthread_exit`` as it takes the GIL back; that unwinds through a
``noexcept`` C++ frame and aborts the process ("terminate called without an active
exception"). A Rust lane thread that attaches for its done callback at that point does the
same. So every Reader and pooled embedding agent a program did not close is closed from an
``atexit`` handler, which runs after non-daemon threads are joined and before finalization.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import threading
import weakref
from typing import Any

_open: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()
_order = itertools.count()
_lock = threading.Lock()


def close_at_exit(obj: Any) -> None:
    """Call ``obj.close()`` at interpreter exit if ``obj`` is still alive then (weakly held)."""
    with _lock:
        _open[next(_order)] = obj


def close_all() -> None:
    """Close the registered objects, newest first; a failing close does not stop the rest."""
    with _lock:
        objs = list(_open.values())  # the live ones, oldest first (insertion order)
        _open.clear()
    for obj in reversed(objs):
        with contextlib.suppress(Exception):
            obj.close()


atexit.register(close_all)
