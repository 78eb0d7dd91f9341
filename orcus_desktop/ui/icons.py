"""The tool bars' icons: Tabler's outline SVGs bundled in resources/icons/tabler (MIT).

`icon("wall")` reads `wall.svg` once and draws it in the window's text colour (the SVGs
stroke `currentColor`), so the icons follow a light or dark desktop theme. Help > About
credits the set (`ICON_CREDIT`); the licence text is beside the SVGs.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

from orcus_desktop.assets import resource_path

ICON_SET = "tabler"
ICON_CREDIT: Final = (
    "Tool bar icons: Tabler Icons 3.51.0 by Paweł Kuna and contributors, MIT licence "
    "(resources/icons/tabler/LICENSE)."
)
SIZES: Final = (16, 20, 24, 32, 48)

_drawn: set[str] = set()


def icon_names() -> list[str]:
    """The names of every bundled icon (their SVG files' stems)."""
    return sorted(p.stem for p in resource_path("icons", ICON_SET).glob("*.svg"))


def drawn_icon_names() -> set[str]:
    """The icons drawn so far in this run (the tests check that none is bundled unused)."""
    return set(_drawn)


@cache
def _svg(name: str) -> str:
    path = resource_path("icons", ICON_SET, f"{name}.svg")
    return path.read_text(encoding="utf-8")


def _ink() -> str:
    app = QGuiApplication.instance()
    palette = app.palette() if isinstance(app, QGuiApplication) else QPalette()
    return palette.color(QPalette.ColorRole.WindowText).name()


def icon(name: str) -> QIcon:
    """The bundled icon `name` in the text colour, at the sizes tool bars ask for.

    Raises:
        FileNotFoundError: no icon of that name is bundled (a packaging mistake, found by the
            tests: every name the app asks for is checked there).
    """
    data = QByteArray(_svg(name).replace("currentColor", _ink()).encode("utf-8"))
    _drawn.add(name)
    renderer = QSvgRenderer(data)
    result = QIcon()
    for side in SIZES:
        pixmap = QPixmap(side, side)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        renderer.render(painter, QRectF(0, 0, side, side))
        painter.end()
        result.addPixmap(pixmap)
    return result
