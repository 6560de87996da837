"""Modules meet along seams: production code never reaches into another module's private
(``_underscore``) names. The service is held with ``hold`` and changed with its ``save_*``
methods, the tables are shown through their public methods, and so on; a private name is
for the module that defines it.

The scan reads every production module (engine/, host/, render/, cogs/, lang/, bot.py) and
finds ``from x import _name`` and ``obj._name`` where no function, class, assignment or
``self._name = ...`` of the same module defines ``_name``. ``self._name`` is no exception: a
private name that a class inherits from a base class in another module (mixins that share
their privates) is that other module's, so a class reaches only its own privates and the
public names of its bases.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = ["engine", "host", "render", "cogs", "lang"]

# public API of the standard library that carries an underscore so as not to clash with
# a namedtuple's field names
STANDARD = {"_replace", "_asdict", "_fields", "_make"}


def production_files() -> list[Path]:
    files = sorted(p for root in PRODUCTION for p in (ROOT / root).rglob("*.py"))
    return [*files, ROOT / "bot.py"]


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in STANDARD


def defined_in(tree: ast.Module) -> set[str]:
    """The names the module defines itself: functions, classes, assigned names and the
    attributes it sets on ``self``/``cls``. A bare annotation (``_users: dict[int, User]`` in a
    class body) only declares a name, as a mixin declares what the class it is mixed into
    sets: it defines nothing. A class's ``__slots__`` define the attributes they name (a
    frozen object sets them through ``object.__setattr__``)."""
    names: set[str] = set()
    declared = {
        id(node.target)
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign) and node.value is None
    }
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        if isinstance(node, ast.ClassDef):
            names.update(slots(node))
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            if id(node) not in declared:
                names.add(node.id)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls")
        ):
            names.add(node.attr)
    return names


def slots(node: ast.ClassDef) -> list[str]:
    """The attribute names a class body lists in ``__slots__`` (a tuple or list of strings)."""
    return [
        item.value
        for statement in node.body
        if isinstance(statement, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in statement.targets)
        and isinstance(statement.value, (ast.Tuple, ast.List))
        for item in statement.value.elts
        if isinstance(item, ast.Constant) and isinstance(item.value, str)
    ]


def crossings(path: Path, source: str) -> list[str]:
    """Each use in ``source`` of a private name that another module defines."""
    tree = ast.parse(source)
    own = defined_in(tree)
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [
                (node.lineno, f"{where}:{node.lineno}: from {node.module} import {alias.name}")
                for alias in node.names
                if is_private(alias.name)
            ]
        elif isinstance(node, ast.Attribute) and is_private(node.attr) and node.attr not in own:
            found.append((node.lineno, f"{where}:{node.lineno}: {ast.unparse(node)}"))
    return [text for _, text in sorted(found)]


def test_no_module_uses_another_modules_private_names() -> None:
    found = [c for path in production_files() for c in crossings(path, path.read_text())]
    assert found == [], "private names used across modules:\n" + "\n".join(found)


def test_the_scan_finds_each_kind_of_crossing() -> None:
    source = (
        "from host.service import _helper\n"
        "async def f(service, tables):\n"
        "    async with service._exclusive(1):\n"
        "        await tables.parts._show_in(2)\n"
    )
    found = crossings(Path("example.py"), source)
    assert found == [
        "example.py:1: from host.service import _helper",
        "example.py:3: service._exclusive",
        "example.py:4: tables.parts._show_in",
    ]


def test_the_scan_finds_private_names_inherited_from_another_module() -> None:
    source = (
        "from host.base import Base\n"
        "class Part(Base):\n"
        "    def __init__(self):\n"
        "        self._own = self._load(1)\n"
        "    @classmethod\n"
        "    def make(cls):\n"
        "        return cls._registry, cls._own\n"
    )
    found = crossings(Path("example.py"), source)
    assert found == ["example.py:4: self._load", "example.py:7: cls._registry"]


def test_the_scan_finds_a_mixin_using_what_another_module_sets() -> None:
    source = (
        "class Messaging:\n"
        "    _users: dict[int, str]\n"
        "    def user(self, user_id):\n"
        "        return self._users[user_id]\n"
    )
    found = crossings(Path("example.py"), source)
    assert found == ["example.py:4: self._users"]


def test_the_scan_takes_a_classs_slots_as_its_own_names() -> None:
    source = (
        "class Frozen:\n"
        "    __slots__ = ('_text',)\n"
        "    def __init__(self):\n"
        "        object.__setattr__(self, '_text', None)\n"
        "    def text(self, other):\n"
        "        return self._text, other._cache\n"
    )
    assert crossings(Path("example.py"), source) == ["example.py:6: other._cache"]


def test_the_scan_allows_a_modules_own_private_names() -> None:
    source = (
        "class Box:\n"
        "    def __init__(self, other):\n"
        "        self._items = []\n"
        "        other._items.clear()\n"
        "        self._seal()\n"
        "    def _seal(self):\n"
        "        return self.__class__, Point(1)._replace(x=2)\n"
    )
    assert crossings(Path("example.py"), source) == []
