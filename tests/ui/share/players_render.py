"""The Player view's own picture of an encounter, for comparing with what a browser received."""

from __future__ import annotations

import random
import time
from pathlib import Path

from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import History
from orcus_desktop.ui.map.grid_tone import art_tone, readable_grid_pen
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.ui.share.pictures import render_scene

ART_WAIT_S = 10.0


def players_render(
    encounter: Encounter, *, fog: bool = True, grid: QColor | None = None
) -> QImage:
    """The Player view's scene of `encounter` (fog on or off), rendered as the server does.

    `grid` is the GM's grid look (the GM's window sets it for the table, R-160); None: the
    scene's own, as a share started without a GM's window draws it.
    """
    document = Document(encounter)
    session = GameSession(document, History(document), random.Random(0))
    window = PlayerWindow(session, fog=fog)
    if grid is not None:
        window.scene.set_grid_style(grid, grid.alphaF())
    try:
        deadline = time.monotonic() + ART_WAIT_S
        QApplication.processEvents()
        while window.scene.map_image_loading and time.monotonic() < deadline:
            QApplication.processEvents()
            time.sleep(0.01)
        QApplication.processEvents()
        return render_scene(window.scene)
    finally:
        window.close()
        window.deleteLater()


def automatic_grid(encounter: Encounter, folder: Path) -> QColor:
    """The grid a GM's window draws over `encounter`'s art by default (R-160: Automatic).

    `folder` is the encounter file's folder, which a relative map image path is read from.
    """
    art = QImage()
    if encounter.map_image is not None:
        path = Path(encounter.map_image.path)
        art = QImage(str(path if path.is_absolute() else folder / path))
        assert not art.isNull(), path
    colour, opacity = readable_grid_pen(art_tone(art))
    colour.setAlphaF(opacity)
    return colour
