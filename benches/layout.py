"""The Python layer's shape, measured from its source: lines per subpackage, the classes
over the size target, import circles, imports against the layer order, and the places
that still drive NIXL transfers from Python.

    .venv/bin/python benches/layout.py          # the tables
    .venv/bin/python benches/layout.py --check  # exit 1 on a circle or a layer breach

Standard library only (``ast``): nothing of fastmedia is imported or run.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from common import print_table

PACKAGE = Path(__file__).resolve().parent.parent / "python" / "fastmedia"
CLASS_LINES_TARGET = 350
PYTHON_LINES_TARGET = 6500

# Lower layers never import higher ones. The top-level ``fastmedia`` (its __init__) only
# re-exports; the adapters and the demo may import it.
LAYERS: dict[str, int] = {
    "fastmedia._core": 0,
    "fastmedia.errors": 0,
    "fastmedia.metrics": 1,
    "fastmedia._internal": 1,
    "fastmedia.media": 2,
    "fastmedia.fetch": 2,
    "fastmedia.transfer": 3,
    "fastmedia.embeddings": 4,
    "fastmedia": 5,
    "fastmedia.dynamo": 6,
    "fastmedia.vllm": 6,
    "fastmedia.sglang": 6,
    "fastmedia.demo": 7,
    "fastmedia.cli": 7,
    "fastmedia.__main__": 8,
}
# The Rust extension: a module of the package with no Python source.
EXTENSION = "fastmedia._core"
# The NIXL wheel's transfer verbs: a function that polls one is a transfer loop in Python.
POLL_VERBS = ("check_xfer_state",)


@dataclass
class Module:
    name: str
    path: Path
    tree: ast.Module
    lines: int


def modules(root: Path = PACKAGE) -> dict[str, Module]:
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        text = path.read_text()
        out[name] = Module(name, path, ast.parse(text, str(path)), len(text.splitlines()))
    return out


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def imports(mods: dict[str, Module]) -> dict[str, set[str]]:
    """Module -> the fastmedia modules it imports (lazy imports in functions included;
    ``if TYPE_CHECKING:`` blocks left out: they never run)."""
    graph: dict[str, set[str]] = defaultdict(set)
    known = {*mods, EXTENSION}
    for m in mods.values():
        parents = {c: p for p in ast.walk(m.tree) for c in ast.iter_child_nodes(p)}
        is_pkg = m.path.name == "__init__.py"
        for node in ast.walk(m.tree):
            if _type_checking_only(node, parents):
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    pkg = m.name.split(".") if is_pkg else m.name.split(".")[:-1]
                    pkg = pkg[: len(pkg) - node.level + 1]
                    base = ".".join([*pkg, base] if base else pkg)
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names
                ]
            for t in targets:
                while t and t not in known:
                    t = t.rpartition(".")[0]
                if t and t != m.name:
                    graph[m.name].add(t)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def layer(name: str) -> tuple[str, int] | None:
    """The layer a module belongs to: its longest prefix in ``LAYERS``."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        key = ".".join(parts[:i])
        if key in LAYERS:
            return key, LAYERS[key]
    return None


def breaches(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imports from a lower layer up into a higher one (same layer: allowed)."""
    out = []
    for a, targets in graph.items():
        la = layer(a)
        for b in targets:
            lb = layer(b)
            if la and lb and la[0] != lb[0] and lb[1] > la[1]:
                out.append((a, b))
    return sorted(out)


def big_classes(mods: dict[str, Module], limit: int = CLASS_LINES_TARGET) -> list[tuple]:
    rows = []
    for m in mods.values():
        for node in ast.walk(m.tree):
            if isinstance(node, ast.ClassDef):
                n = node.end_lineno - node.lineno + 1  # type: ignore[operator]
                if n > limit:
                    rows.append((f"{m.name}.{node.name}", n))
    return sorted(rows, key=lambda r: -r[1])


def transfer_loops(mods: dict[str, Module]) -> list[str]:
    """Functions that poll a NIXL transfer from Python."""
    out = []
    for m in mods.values():
        owners = {
            f: c.name for c in ast.walk(m.tree) if isinstance(c, ast.ClassDef) for f in c.body
        }
        for node in ast.walk(m.tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                calls = {
                    c.func.attr
                    for c in ast.walk(node)
                    if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)
                }
                if calls & set(POLL_VERBS):
                    owner = f"{owners[node]}." if node in owners else ""
                    out.append(f"{m.name}.{owner}{node.name}")
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 on a circle or a layer breach")
    args = ap.parse_args(argv)
    mods = modules()
    by_pkg: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for m in mods.values():
        key = layer(m.name)[0] if layer(m.name) else m.name  # type: ignore[index]
        by_pkg[key][0] += 1
        by_pkg[key][1] += m.lines
    total = sum(m.lines for m in mods.values())
    print(f"Python layer: {total} lines in {len(mods)} files (target {PYTHON_LINES_TARGET})\n")
    print_table(
        ["package", "files", "lines"],
        sorted(((k, f, n) for k, (f, n) in by_pkg.items()), key=lambda r: -r[2]),
    )
    print(f"\nclasses over {CLASS_LINES_TARGET} lines:")
    print_table(["class", "lines"], big_classes(mods) or [("none", 0)])
    loops = transfer_loops(mods)
    print(f"\nfunctions polling NIXL transfers from Python ({', '.join(POLL_VERBS)}): {len(loops)}")
    for f in loops:
        print(f"  {f}")
    graph = imports(mods)
    found = circles(graph)
    up = breaches(graph)
    print(f"\nimport circles: {len(found)}")
    for c in found:
        print("  " + " <-> ".join(c))
    print(f"imports up the layer order: {len(up)}")
    for a, b in up:
        print(f"  {a} -> {b}")
    return 1 if args.check and (found or up) else 0


if __name__ == "__main__":
    sys.exit(main())
