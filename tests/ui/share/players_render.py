"""The Player view's own picture of an encounter, for comparing with what a browser received."""

from __future__ import annotations

import random
import time

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import History
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.ui.share.pictures import render_scene

ART_WAIT_S = 10.0


def players_render(encounter: Encounter, *, fog: bool = True) -> QImage:
    """The Player view's scene of `encounter` (fog on or off), rendered as the server does."""
    document = Document(encounter)
    session = GameSession(document, History(document), random.Random(0))
    window = PlayerWindow(session, fog=fog)
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
