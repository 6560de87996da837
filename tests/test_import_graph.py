"""No import circles in production code.

The graph has one node per module of engine/, host/, render/, cogs/, lang/ and bot.py, and an
edge for every import of one by another: at the top of a module, inside a function, and under
``if TYPE_CHECKING:`` alike, so a circle cannot be hidden by moving one of its imports out of
sight. An import names the module it reads: ``from a.b import c`` reads ``a.b.c`` when that is
a module, else ``a.b`` (a package's ``__init__`` counts only when it is what is imported).
Any cycle fails the test, named module by module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCTION = ("engine", "host", "render", "cogs", "lang", "bot.py")
BEING_REMOVED: dict[str, str] = {}
"""Packages whose own circles (every module of the circle in the package) are being taken
apart by work under way: listed with what removes them, and this test fails once they are
gone so that the entry goes too. A circle that leaves such a package fails at once."""


def modules(root: Path, names: Iterable[str] = PRODUCTION) -> dict[str, Path]:
    """Every module under ``root``'s production packages, by dotted name."""
    found: dict[str, Path] = {}
    for name in names:
        where = root / name
        files = sorted(where.rglob("*.py")) if where.is_dir() else [where]
        for path in files:
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _package(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _owner(name: str, known: Mapping[str, Path]) -> str | None:
    """The module of ours that ``name`` is, or is in; None for a module of another project."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports(name: str, known: Mapping[str, Path]) -> set[str]:
    """The modules of ours that module ``name`` imports, wherever in it the import stands."""
    path = known[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _package(name, path)
    targets: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            for alias in node.names:
                inner = f"{base}.{alias.name}" if base else alias.name
                targets.append(inner if inner in known else base)
    owners = {_owner(target, known) for target in targets}
    return {owner for owner in owners if owner is not None and owner != name}


def graph(root: Path, names: Iterable[str] = PRODUCTION) -> dict[str, set[str]]:
    known = modules(root, names)
    return {name: imports(name, known) for name in known}


def _components(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, following = work[-1]
            step = next(following, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(edges[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(sorted(members))
    return found


def _shortest_cycle(edges: Mapping[str, set[str]], members: list[str]) -> list[str]:
    """One shortest cycle through the first module of a component, as a path back to it."""
    start, inside = members[0], set(members)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for step in sorted(edges[node] & inside):
                if step == start:
                    return [*paths[node], start]
                if step not in paths:
                    paths[step] = [*paths[node], step]
                    following.append(step)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # a component always has one


def cycles(edges: Mapping[str, set[str]]) -> list[str]:
    """Each import circle, as "a -> b -> a" with every module of its component after it."""
    named = []
    for members in _components(edges):
        path = " -> ".join(_shortest_cycle(edges, members))
        named.append(f"{path}   (all of: {', '.join(members)})")
    return named


def _inside(package: str, members: Iterable[str]) -> bool:
    return all(member == package or member.startswith(f"{package}.") for member in members)


def test_production_code_has_no_import_circle() -> None:
    edges = graph(ROOT)
    found = [
        circle
        for circle, members in zip(cycles(edges), _components(edges), strict=True)
        if not any(_inside(package, members) for package in BEING_REMOVED)
    ]
    assert not found, "import circles in production code:\n" + "\n".join(found)


def test_every_circle_said_to_be_under_removal_is_still_there() -> None:
    members = _components(graph(ROOT))
    gone = [package for package in BEING_REMOVED if not any(_inside(package, m) for m in members)]
    assert not gone, f"no circle is left in {gone}: take them out of BEING_REMOVED"


def _write(root: Path, files: Mapping[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_circle_is_found_through_every_kind_of_import(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/top.py": "from pkg.inner import helper\n",
            "pkg/inner.py": "def helper():\n    from pkg import hidden\n    return hidden\n",
            "pkg/hidden.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .top import helper\n"
            ),
            "pkg/alone.py": "import os\nfrom pkg import top\n",
        },
    )
    edges = graph(tmp_path, ["pkg"])
    assert edges["pkg.alone"] == {"pkg.top"}
    assert cycles(edges) == [
        "pkg.hidden -> pkg.top -> pkg.inner -> pkg.hidden"
        "   (all of: pkg.hidden, pkg.inner, pkg.top)"
    ]


def test_a_name_imported_from_a_package_counts_as_the_package(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "game/__init__.py": "from game.rules import RULES\n",
            "game/rules.py": "RULES = 1\n",
            "game/board.py": "from game import RULES\n",
            "game/deeper/__init__.py": "",
            "game/deeper/view.py": "from ..board import RULES\nfrom . import shown\n",
            "game/deeper/shown.py": "",
        },
    )
    edges = graph(tmp_path, ["game"])
    assert edges["game.board"] == {"game"}
    assert edges["game.deeper.view"] == {"game.board", "game.deeper.shown"}
    assert cycles(edges) == []
