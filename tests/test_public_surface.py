"""The public surface, pinned: every name in ``fastmedia.__all__``,
``fastmedia.embeddings.__all__`` and ``fastmedia.dynamo.__all__`` (the exact set), its kind
and signature (for a class: the constructor, the MRO's public classes, and each public
method's and property's kind and signature), the documented module paths
(``fastmedia.errors``, ``fastmedia.fetch``, ``fastmedia.metrics.register``) and the
command line's ``--help`` of each command, compared to ``tests/public_surface.json``.

A refactor that moves modules or puts a Python class over a Rust one proves with this test
that nothing public changed. A deliberate change regenerates the golden file with the same
code the test runs, and the diff shows in review::

    .venv/bin/python tests/test_public_surface.py --write

What is not public is left out so that a refactor may change it: the module a name is
defined in, private members (``_x``), and base classes defined in private modules
(``fastmedia._core``). A signature that inspect cannot take (a Rust builtin without
``__text_signature__``) is recorded as ``"<none>"``; memory addresses in default values are
blanked.
"""

from __future__ import annotations

import difflib
import enum
import functools
import importlib
import inspect
import json
import os
import re
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().with_name("public_surface.json")

# Modules whose ``__all__`` is the public surface (the exact set is pinned).
ALL_MODULES = ("fastmedia", "fastmedia.embeddings", "fastmedia.dynamo")
# Module paths the docs name, with what is documented from them: their ``__all__`` where
# they have one, else the names listed here.
DOCUMENTED_MODULES: dict[str, tuple[str, ...] | None] = {
    "fastmedia.errors": None,  # docs/limits-and-errors.md: the exception family
    "fastmedia.fetch": None,  # docs/frontend-and-reader.md: Fetcher, UrlPolicy
    "fastmedia.metrics": ("register",),  # docs/deployment.md, docs/dynamo.md
}
# ``python -m fastmedia ...`` invocations whose help is pinned (README.md, docs/*.md).
CLI_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("--help",),
    ("bench", "--help"),
    ("decode", "--help"),
    ("demo", "--help"),
    ("demo", "--dynamo", "--help"),
)
CLI_TIMEOUT_S = 180
NO_SIGNATURE = "<none>"

# Class-dict entries that are bookkeeping, not API.
_NOISE = frozenset(
    {
        "__abstractmethods__",
        "__annotate__",
        "__annotations__",
        "__annotations_cache__",
        "__classdictcell__",
        "__dataclass_fields__",
        "__dataclass_params__",
        "__dict__",
        "__doc__",
        "__firstlineno__",
        "__init__",
        "__init_subclass__",
        "__match_args__",
        "__module__",
        "__new__",
        "__non_callable_proto_members__",
        "__orig_bases__",
        "__parameters__",
        "__protocol_attrs__",
        "__qualname__",
        "__signature__",
        "__slots__",
        "__static_attributes__",
        "__subclasshook__",
        "__text_signature__",
        "__type_params__",
        "__weakref__",
        "_abc_impl",
        "_is_protocol",
    }
)
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


# --------------------------------------------------------------------------- describing


def _clean(text: str) -> str:
    return _ADDRESS.sub(" at 0x...", text)


def signature(obj: Any) -> str:
    """``str(inspect.signature(obj))``, or ``"<none>"`` where inspect cannot take one."""
    try:
        return _clean(str(inspect.signature(obj)))
    except (ValueError, TypeError):
        return NO_SIGNATURE


def _is_fastmedia(cls: type) -> bool:
    mod = getattr(cls, "__module__", "") or ""
    return mod == "fastmedia" or mod.startswith("fastmedia.")


def _is_private_fastmedia(cls: type) -> bool:
    parts = [*cls.__module__.split("."), *cls.__qualname__.split(".")]
    return any(p.startswith("_") for p in parts)


def _mro(cls: type) -> list[str]:
    """The class's MRO as names: fastmedia's public classes by name (whatever module holds
    them), fastmedia's private ones (``fastmedia._core``, ``_Base``) left out, any other
    class as ``module.qualname`` (``builtins.ValueError``)."""
    out = [cls.__qualname__]
    for k in cls.__mro__[1:]:
        if not _is_fastmedia(k):
            out.append(f"{k.__module__}.{k.__qualname__}")
        elif not _is_private_fastmedia(k):
            out.append(k.__qualname__)
    return out


def _constructor(cls: type) -> str:
    """The constructor's signature; ``"<builtin NAME>"`` where the class keeps a builtin
    type's constructor (an exception class's)."""
    for k in cls.__mro__:
        if k is object:
            break
        if "__init__" in vars(k) or "__new__" in vars(k):
            if k.__module__ == "builtins":
                return f"<builtin {k.__qualname__}>"
            break
    return signature(cls)


def _value(raw: Any) -> dict[str, Any]:
    if raw is None or isinstance(raw, (bool, int, float, str, bytes)):
        return {"kind": "constant", "type": type(raw).__name__, "value": repr(raw)}
    if isinstance(raw, (tuple, frozenset, list, set)) and all(
        isinstance(x, (bool, int, float, str, bytes, type(None))) for x in raw
    ):
        items = sorted(raw, key=repr) if isinstance(raw, (set, frozenset)) else raw
        return {"kind": "constant", "type": type(raw).__name__, "value": repr(list(items))}
    return {"kind": "constant", "type": type(raw).__name__}


def _member(cls: type, name: str, raw: Any) -> dict[str, Any]:
    """One class-dict entry: its kind and signature."""
    if isinstance(raw, staticmethod):
        fn = raw.__func__
        kind = "async staticmethod" if inspect.iscoroutinefunction(fn) else "staticmethod"
        return {"kind": kind, "signature": signature(fn)}
    if isinstance(raw, classmethod):
        fn = raw.__func__
        kind = "async classmethod" if inspect.iscoroutinefunction(fn) else "classmethod"
        return {"kind": kind, "signature": signature(getattr(cls, name))}
    if isinstance(raw, property):
        return {
            "kind": "property",
            "signature": signature(raw.fget) if raw.fget else NO_SIGNATURE,
            "settable": raw.fset is not None,
            "deletable": raw.fdel is not None,
        }
    if isinstance(raw, functools.cached_property):
        return {"kind": "cached_property", "signature": signature(raw.func)}
    if isinstance(raw, (types.GetSetDescriptorType, types.MemberDescriptorType)):
        return {"kind": "property", "signature": NO_SIGNATURE}  # a Rust getter, a slot
    if isinstance(raw, type):
        return {"kind": "class", "qualname": raw.__qualname__}
    if inspect.isfunction(raw):
        if inspect.iscoroutinefunction(raw):
            kind = "async method"
        elif inspect.isasyncgenfunction(raw):
            kind = "async generator method"
        else:
            kind = "method"
        return {"kind": kind, "signature": signature(raw)}
    if callable(raw) and not isinstance(raw, enum.Enum):  # a Rust method, a slot wrapper
        return {"kind": "method", "signature": signature(raw)}
    return _value(raw)


def describe_class(cls: type) -> dict[str, Any]:
    members: dict[str, Any] = {}
    for k in cls.__mro__:
        if not _is_fastmedia(k):
            continue  # builtins', typing's, Dynamo's own members are theirs
        for name, raw in vars(k).items():
            if name in members or name in _NOISE:
                continue
            if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
                continue
            members[name] = _member(cls, name, raw)
    kind = "exception" if issubclass(cls, BaseException) else "class"
    out: dict[str, Any] = {
        "kind": kind,
        "constructor": _constructor(cls),
        "mro": _mro(cls),
        "members": dict(sorted(members.items())),
    }
    if isinstance(cls, enum.EnumMeta):
        out["enum_members"] = [m.name for m in cls]
    return out


def describe(obj: Any) -> dict[str, Any]:
    if isinstance(obj, type):
        return describe_class(obj)
    if isinstance(obj, types.ModuleType):
        return {"kind": "module", "__all__": sorted(getattr(obj, "__all__", []) or [])}
    if inspect.iscoroutinefunction(obj):
        return {"kind": "async function", "signature": signature(obj)}
    if inspect.isroutine(obj) or callable(obj):
        return {"kind": "function", "signature": signature(obj)}
    if isinstance(obj, str):
        return {"kind": "constant", "type": "str"}  # __version__: its value changes
    return _value(obj)


def describe_module(modname: str, names: tuple[str, ...] | None) -> dict[str, Any]:
    mod = importlib.import_module(modname)
    public = getattr(mod, "__all__", None)
    out: dict[str, Any] = {"__all__": None if public is None else sorted(public)}
    listed = sorted(public) if names is None else sorted(names)
    out["names"] = {n: describe(getattr(mod, n)) for n in listed}
    return out


def _aliases(modules: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    """``module.name`` -> the other pinned paths holding the same class or function (a
    re-export), so that moving a class keeps every path naming the one object."""
    where: dict[int, list[str]] = {}
    for modname, entry in modules.items():
        mod = importlib.import_module(modname)
        for name in entry["names"]:
            obj = getattr(mod, name)
            if isinstance(obj, type) or inspect.isroutine(obj):
                where.setdefault(id(obj), []).append(f"{modname}.{name}")
    out = {}
    for paths in where.values():
        for p in paths:
            others = sorted(q for q in paths if q != p)
            if others:
                out[p] = others
    return dict(sorted(out.items()))


_OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")


def _help_record(proc: subprocess.CompletedProcess) -> dict[str, Any]:
    text = proc.stdout.replace("python -m fastmedia", "")  # the prog name's "-m"
    rec: dict[str, Any] = {"rc": proc.returncode, "options": sorted(set(_OPTION.findall(text)))}
    if "\ncommands:\n" in text:
        block = text.split("\ncommands:\n", 1)[1].split("\n\n", 1)[0]
        rec["commands"] = [line.split()[0] for line in block.splitlines() if line.strip()]
    return rec


def _cli_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "FASTMEDIA_CORPUS"}
    # Wide and plain: argparse wraps at $COLUMNS (and may split "--per-request" at its hyphen).
    env.update(COLUMNS="1000", NO_COLOR="1", PYTHON_COLORS="0")
    return env


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "fastmedia", *args],
        cwd=REPO,
        env=_cli_env(),
        capture_output=True,
        text=True,
        timeout=CLI_TIMEOUT_S,
    )


def dynamo_demo_help() -> subprocess.CompletedProcess:
    """``demo --dynamo --help`` as the Dynamo interpreter would print it, in this one:
    without Dynamo (and no .venv-dynamo to re-run in) the command itself answers with how to
    install it before it parses, so its parser is asked here directly."""
    code = (
        "import sys\nimport fastmedia.demo.dynamo as d\n"
        "d.have_dynamo = lambda: True\n"  # run() parses first: --help exits there
        "sys.exit(d.main(['--help']))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env=_cli_env(),
        capture_output=True,
        text=True,
        timeout=CLI_TIMEOUT_S,
    )


def cli_surface() -> dict[str, Any]:
    out = {}
    for args in CLI_COMMANDS:
        proc = run_cli(*args)
        if args[:2] == ("demo", "--dynamo") and proc.returncode == 2:
            assert "Dynamo 1.6.1 is not installed" in proc.stderr, proc.stderr
            proc = dynamo_demo_help()
        assert proc.returncode == 0, (args, proc.stdout[-2000:], proc.stderr[-2000:])
        out[" ".join(args)] = _help_record(proc)
    return out


def python_surface() -> dict[str, Any]:
    modules = {m: describe_module(m, None) for m in ALL_MODULES}
    documented = {m: describe_module(m, names) for m, names in DOCUMENTED_MODULES.items()}
    return {
        "modules": modules,
        "documented_modules": documented,
        "same_object": _aliases({**modules, **documented}),
    }


def surface() -> dict[str, Any]:
    return {**python_surface(), "cli": cli_surface()}


# --------------------------------------------------------------------------- comparing


def _flatten(node: Any, path: str = "") -> list[str]:
    """One ``path = value`` line per leaf, so a diff line names what changed."""
    if isinstance(node, dict):
        if not node:
            return [f"{path} = {{}}"]
        return [line for k, v in node.items() for line in _flatten(v, f"{path}/{k}")]
    if isinstance(node, list) and node:  # one line per item: a name added or gone stands out
        return [f"{path}[] {json.dumps(x)}" for x in node]
    return [f"{path} = {json.dumps(node)}"]


def diff(expected: Any, actual: Any) -> str:
    lines = difflib.unified_diff(
        _flatten(expected),
        _flatten(actual),
        fromfile=f"{GOLDEN.name} (golden)",
        tofile="live surface",
        lineterm="",
        n=0,
    )
    return "\n".join(lines)


def load_golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text())


def dumps(data: Any) -> str:
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def _normal(data: Any) -> Any:
    return json.loads(dumps(data))  # sorted keys, tuples as lists: as the golden file reads


def check(section: str, live: Any) -> None:
    expected = load_golden()[section]
    live = _normal(live)
    if live != expected:
        raise AssertionError(
            f"the public surface ({section}) differs from {GOLDEN.relative_to(REPO)}; if the "
            f"change is meant, regenerate it: python tests/{Path(__file__).name} --write\n"
            + diff({section: expected}, {section: live})
        )


# --------------------------------------------------------------------------- tests


def test_all_names_kinds_and_signatures_match_the_golden_file():
    check("modules", python_surface()["modules"])


def test_documented_module_paths_expose_what_they_document():
    live = python_surface()
    check("documented_modules", live["documented_modules"])
    check("same_object", live["same_object"])
    import fastmedia
    import fastmedia.errors
    import fastmedia.fetch
    import fastmedia.metrics

    assert callable(fastmedia.metrics.register)
    for name in fastmedia.errors.__all__:
        obj = getattr(fastmedia.errors, name)
        if isinstance(obj, type):
            assert issubclass(obj, fastmedia.errors.FastmediaError), name
            assert getattr(fastmedia, name) is obj, name
    for name in fastmedia.fetch.__all__:
        assert getattr(fastmedia, name) is getattr(fastmedia.fetch, name), name


def test_cli_help_parses_and_lists_the_documented_options():
    check("cli", cli_surface())
    cli = load_golden()["cli"]
    documented = {  # options README.md and docs/*.md name
        "--help": {"--help"},
        "bench --help": {"--markdown"},
        "decode --help": {"--json", "--as"},
        "demo --help": {"--verbose", "--dynamo", "--corpus", "--rounds"},
        "demo --dynamo --help": {"--corpus", "--items", "--per-request", "--concurrency"},
    }
    assert cli["--help"]["commands"] == ["bench", "decode", "demo"]
    for cmd, opts in documented.items():
        assert opts <= set(cli[cmd]["options"]), (cmd, opts - set(cli[cmd]["options"]))


def test_the_comparison_reports_a_changed_entry():
    golden = load_golden()
    changed = json.loads(json.dumps(golden))
    sig = changed["modules"]["fastmedia"]["names"]["content_hash"]
    sig["signature"] = "(changed)"
    text = diff(golden, changed)
    assert "-/modules/fastmedia/names/content_hash/signature = " in text
    assert '+/modules/fastmedia/names/content_hash/signature = "(changed)"' in text


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        GOLDEN.write_text(dumps(surface()))
        print(f"wrote {GOLDEN}")
    elif sys.argv[1:] == ["--diff"]:
        print(diff(load_golden(), _normal(surface())) or "no difference")
    else:
        sys.exit(f"usage: python {sys.argv[0]} --write | --diff")
