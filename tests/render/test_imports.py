"""render/ draws views only (DESIGN: ``cogs -> render -> (views only)``).

From the engine it may import the view types it draws and the texts views carry, nothing
else; from the rest of the bot only ``lang`` (the catalogs its words go through); never
the host, the Discord side or a database.
"""

import ast
from pathlib import Path

import render

ENGINE_ALLOWED = {
    "engine.contract",
    "engine.rattus.view_types",
    "engine.cartus.view_types",
    "engine.text",
}
"""The engine modules render may import: the shared view header, each game's view type, and
the texts (``Msg``, ``N_``) views and pictures carry."""
FORBIDDEN = {"host", "cogs", "bot", "discord", "aiosqlite", "sqlite3", "asyncpg"}


def imported(path: Path) -> list[str]:
    """Every module ``path`` imports, wherever the import stands (in a function, under
    ``if TYPE_CHECKING:``): ``from a import b`` counts as ``a.b`` when that is a module
    name the rules know, else as ``a``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            inner = [f"{node.module}.{alias.name}" for alias in node.names]
            names += [name for name in inner if name in ENGINE_ALLOWED] or [node.module]
    return names


def wrong_imports(root: Path) -> list[str]:
    """Each import under ``root`` that breaks the rule, as "file: module"."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for name in imported(path):
            top = name.split(".")[0]
            if (top == "engine" and name not in ENGINE_ALLOWED) or top in FORBIDDEN:
                found.append(f"{path.relative_to(root).as_posix()}: {name}")
    return found


def test_render_imports_only_view_types_texts_lang_pillow_and_itself() -> None:
    assert wrong_imports(Path(render.__file__).parent) == []


def test_any_other_engine_import_is_found(tmp_path: Path) -> None:
    """The rule catches each way of reaching past the views into the engine."""
    (tmp_path / "ok.py").write_text(
        "import lang\nfrom engine.text import N_\nfrom engine import contract\n"
        "from engine.rattus.view_types import RattusView\nimport engine.cartus.view_types\n",
        encoding="utf-8",
    )
    (tmp_path / "bad.py").write_text(
        "from engine.rattus import views\nimport engine.core\n"
        "def f():\n    from engine.cartus.data import supply_text\n"
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from host.models import X\n",
        encoding="utf-8",
    )
    assert wrong_imports(tmp_path) == [
        "bad.py: engine.rattus",
        "bad.py: engine.core",
        "bad.py: engine.cartus.data",
        "bad.py: host.models",
    ]


def test_fonts_and_licence_ship_with_the_package() -> None:
    fonts = Path(render.__file__).parent / "common" / "fonts"
    assert (fonts / "DejaVuSans.ttf").stat().st_size > 100_000
    assert (fonts / "DejaVuSans-Bold.ttf").stat().st_size > 100_000
    assert "Bitstream" in (fonts / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Open Font License" in (fonts / "LICENSE-Noto.txt").read_text(encoding="utf-8")
    assert "Apache License" in (fonts / "LICENSE-DroidSansFallback.txt").read_text(encoding="utf-8")


def test_every_script_font_ships() -> None:
    from render.common.fonts import FONT_DIR, SCRIPT_FONTS

    for regular, bold in SCRIPT_FONTS.values():
        assert (FONT_DIR / regular).stat().st_size > 20_000
        assert (FONT_DIR / bold).stat().st_size > 20_000
