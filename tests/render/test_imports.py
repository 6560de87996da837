"""render/ draws views only: it imports none of the other parts of the bot."""

import ast
from pathlib import Path

import render

FORBIDDEN = {"engine", "host", "cogs", "bot", "discord", "aiosqlite"}


def test_render_imports_only_pillow_and_itself() -> None:
    package = Path(render.__file__).parent
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"


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
