"""Every public name of ``fastmedia`` (``__all__``), and every public method and property of
its classes, has a docstring: the API reference (pdoc, built by .ci/test) is made from them."""

from __future__ import annotations

import inspect

import fastmedia


def undocumented(module) -> list[str]:
    missing = []
    for name in module.__all__:
        if name.startswith("__"):
            continue
        obj = getattr(module, name)
        if not (inspect.getdoc(obj) or "").strip():
            missing.append(name)
        if not inspect.isclass(obj):
            continue
        for attr, raw in vars(obj).items():
            if attr.startswith("_"):
                continue
            public = callable(raw) or isinstance(raw, (property, classmethod, staticmethod))
            if public and not (inspect.getdoc(getattr(obj, attr)) or "").strip():
                missing.append(f"{name}.{attr}")
    return missing


def test_public_names_have_docstrings():
    assert undocumented(fastmedia) == []


def test_the_check_finds_a_missing_docstring():
    import types

    mod = types.ModuleType("fake")

    class Documented:
        """Doc."""

        @property
        def bare(self):
            return 1

    mod.Documented = Documented  # type: ignore[attr-defined]
    mod.bare_fn = lambda: None  # type: ignore[attr-defined]
    mod.__all__ = ["Documented", "bare_fn"]  # type: ignore[attr-defined]
    assert undocumented(mod) == ["Documented.bare", "bare_fn"]


def silent_raisers(module) -> list[str]:
    """Public methods whose own source raises but whose docstring never says so (a floor:
    what a method raises through its callees is not seen here)."""
    found = []
    for name in module.__all__:
        obj = getattr(module, name)
        if not inspect.isclass(obj) or issubclass(obj, BaseException):
            continue
        for attr, raw in vars(obj).items():
            if attr.startswith("_") or not inspect.isfunction(raw):
                continue
            try:
                src = inspect.getsource(raw)
            except (OSError, TypeError):
                continue
            doc = (inspect.getdoc(raw) or "").lower()
            if "raise " in src and "raise" not in doc:
                found.append(f"{name}.{attr}")
    return found


def test_public_methods_that_raise_say_so():
    assert silent_raisers(fastmedia) == []
