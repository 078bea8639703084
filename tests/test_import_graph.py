"""The house has no import circles: every import of ``src/tischrunde`` (Python and the web app's ES modules)
is walked and any cycle fails, naming its modules.

Every import counts: at the top of a module, inside a function (a lazy import only hides a circle) and
under ``if TYPE_CHECKING`` (a circle of types is still a circle of concepts). A package is its
``__init__``: a module that takes a name from its own package (``from tischrunde.games.x import SPEC``) while
that ``__init__`` imports the module is a cycle too. (Python runs the parent packages' ``__init__`` before a
module, but a module that takes nothing from them does not depend on them, so that is no edge.)
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "tischrunde"
WEB = PACKAGE / "web"


def python_modules() -> dict[str, Path]:
    """Dotted name -> file of every module of the package (a package is its ``__init__``)."""
    found: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def python_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports (directly, by any import statement in it)."""
    modules = python_modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    stem = ".".join([*base, node.module] if node.module else base)
                else:
                    stem = node.module or ""
                # ``from a.b import c``: c is a module of a.b or a name defined in a.b
                targets = [
                    f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in modules else stem
                    for alias in node.names
                ]
            graph[name].update(target for target in targets if target in modules and target != name)
    return graph


_JS_IMPORT = re.compile(
    r"""(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s*["'](\.{1,2}/[^"']+)["']|import\s*\(\s*["'](\.{1,2}/[^"']+)["']\s*\)|(?:^|\n)\s*import\s*["'](\.{1,2}/[^"']+)["']"""
)


def js_graph() -> dict[str, set[str]]:
    """ES module -> the modules of the web app it imports (relative specifiers; vendored code left out)."""
    files = [p for p in WEB.rglob("*.js") if "vendor" not in p.relative_to(WEB).parts]
    graph: dict[str, set[str]] = {}
    for path in files:
        name = str(path.relative_to(WEB))
        graph[name] = set()
        for match in _JS_IMPORT.finditer(path.read_text(encoding="utf-8")):
            spec = next(group for group in match.groups() if group)
            target = (path.parent / spec).resolve()
            if target.is_file() and "vendor" not in target.relative_to(WEB.resolve()).parts:
                graph[name].add(str(target.relative_to(WEB.resolve())))
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted, plus self-loops."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work: list[tuple[str, Iterable[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        found.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def test_the_cycle_finder_finds_a_cycle_and_passes_a_tree() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_graph_reads_the_real_package() -> None:
    """The walk reads the real package: a module known to import another is an edge of the graph."""
    graph = python_graph()
    assert "tischrunde.core.game" in graph["tischrunde.core.playout"]
    assert "tischrunde.core.game" in graph["tischrunde.core"], "a package is its __init__"
    assert "dom.js" in js_graph()["shell/router.js"] and "shell/router.js" in js_graph()["app.js"]


@pytest.mark.parametrize("kind", ["python", "web"])
def test_no_module_imports_itself_through_others(kind: str) -> None:
    graph = python_graph() if kind == "python" else js_graph()
    found = cycles(graph)
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)
