"""No function in production code runs over 80 lines (issue #20): a long function is split
along its steps into named helpers, so each can be read, tested and changed on its own."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = ("engine", "host", "render", "cogs", "lang", "bot.py")
LIMIT = 80


def _sources() -> list[Path]:
    files: list[Path] = []
    for name in PRODUCTION:
        path = ROOT / name
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return files


def long_functions(source: str, filename: str, limit: int = LIMIT) -> list[str]:
    """``file: name (n lines)`` for every function or method (nested ones too) longer than
    ``limit`` lines, from its ``def`` line to its last line."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > limit:
                found.append(f"{filename}:{node.lineno}: {node.name} ({length} lines)")
    return found


def test_the_scan_covers_the_production_code() -> None:
    files = _sources()
    assert (ROOT / "bot.py") in files
    for folder in ("engine", "host", "render", "cogs", "lang"):
        assert any(f.is_relative_to(ROOT / folder) for f in files), folder


def test_the_scan_finds_a_long_function() -> None:
    at_limit = "def short():\n" + "".join(f"    x = {i}\n" for i in range(LIMIT - 1))
    over = "class C:\n    async def long(self):\n" + "".join(
        f"        x = {i}\n" for i in range(LIMIT)
    )
    assert long_functions(at_limit, "s.py") == []
    assert long_functions(over, "l.py") == [f"l.py:2: long ({LIMIT + 1} lines)"]


def test_no_function_is_over_80_lines() -> None:
    found: list[str] = []
    for path in _sources():
        found += long_functions(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == [], "split these along their steps:\n" + "\n".join(found)
