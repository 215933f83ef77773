"""Checks of constructor and call options at the API boundary: a bad value raises
``ConfigError`` naming the option, the value and the accepted range, before any work starts."""

from __future__ import annotations

import dataclasses
import math
import os
from typing import Any, TypeVar

from fastmedia.errors import ConfigError

T = TypeVar("T")

U64 = 2**64 - 1


def usable_cores() -> int:
    """CPUs this process may run on (affinity aware, as the Rust pools count them)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def max_threads() -> int:
    """Thread counts above this are refused: 4 per usable CPU, and at least 64. More threads
    than that only add memory and scheduling cost (each is an OS thread, and for a Reader a
    NIXL agent as well)."""
    return max(64, 4 * usable_cores())


def _bad(name: str, value: Any, accepted: str) -> ConfigError:
    return ConfigError(f"{name}={value!r} is out of range: {accepted}")


def integer(name: str, value: Any, lo: int, hi: int = U64, *, none: bool = False) -> Any:
    """An int in ``[lo, hi]`` (``None`` too when ``none``)."""
    if value is None and none:
        return None
    accepted = f"an int from {lo} to {hi}" + (", or None" if none else "")
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            import numpy as np

            if isinstance(value, np.integer):
                value = int(value)
            else:
                raise _bad(name, value, accepted)
        except ImportError:
            raise _bad(name, value, accepted) from None
    if not lo <= value <= hi:
        raise _bad(name, value, accepted)
    return value


def seconds(name: str, value: Any, *, positive: bool = True, none: bool = False) -> Any:
    """A finite number of seconds, > 0 (``positive``) or >= 0."""
    if value is None and none:
        return None
    accepted = ("a finite number > 0" if positive else "a finite number >= 0") + (
        ", or None" if none else ""
    )
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _bad(name, value, accepted)
    v = float(value)
    if not math.isfinite(v) or v < 0 or (positive and v == 0):
        raise _bad(name, value, accepted)
    return v


def threads(name: str, value: Any, *, lo: int = 1, none: bool = True) -> Any:
    """A thread count from ``lo`` to ``max_threads()`` (refused above: see there)."""
    hi = max_threads()
    if isinstance(value, int) and not isinstance(value, bool) and value > hi:
        raise ConfigError(
            f"{name}={value} is far beyond this machine's {usable_cores()} usable CPUs: at most "
            f"{hi} (4 per CPU, at least 64)"
        )
    return integer(name, value, lo, hi, none=none)


def choice(name: str, value: Any, choices: tuple[str, ...], *, fold: bool = False) -> str:
    """One of ``choices`` (any case with ``fold``; the canonical spelling is returned)."""
    v = value.lower() if fold and isinstance(value, str) else value
    if not isinstance(v, str) or v not in choices:
        raise ConfigError(f"{name}={value!r} is not accepted: one of {', '.join(choices)}")
    return v


def rgb_colour(name: str, value: Any) -> tuple[int, int, int] | None:
    """``None``, or 3 ints from 0 to 255 (a tuple or list), returned as a tuple."""
    if value is None:
        return None
    if not isinstance(value, (tuple, list)) or len(value) != 3:
        raise _bad(name, value, "a tuple of 3 ints from 0 to 255, or None")
    r, g, b = (integer(f"{name}[{i}]", v, 0, 255) for i, v in enumerate(value))
    return (r, g, b)


def boolean(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{name}={value!r} is not accepted: True or False")
    return value


def options(name: str, value: Any, cls: type[T]) -> T:
    """An options dataclass (``Limits``, ``AudioLimits``), or a dict of its fields."""
    if isinstance(value, cls):
        return value
    if isinstance(value, dict):
        fields = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        unknown = sorted(set(value) - set(fields))
        if unknown:
            raise ConfigError(
                f"{name} has unknown keys {unknown}: {cls.__name__}'s are {', '.join(fields)}"
            )
        return cls(**value)
    raise ConfigError(
        f"{name} must be a fastmedia.{cls.__name__} or a dict of its fields, "
        f"got {type(value).__name__}"
    )
