"""Encounter > Ambient Light (bright, dim, dark) and the light drawn on the GM's map (issue 20).

000 "Vision and Light": "Even gloomy days provide bright light"; dusk is dim light; an unlit
dungeon is dark. Each choice is one undo step; the checked item follows the document (undo, a
file opened).
"""

from __future__ import annotations

from typing import Final

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.ui.connections import DocumentConnections
from orcus_desktop.ui.map.light_layer import LightLayer
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.status_report import StatusReport

AMBIENT_ITEMS: Final = (
    (Illumination.BRIGHT, "&Bright (daylight)"),
    (Illumination.DIM, "&Dim (twilight, moonlight)"),
    (Illumination.DARK, "D&ark (unlit dungeon, night)"),
)


class LightActions:
    """The ambient light menu and the GM map's light layer.

    Attributes:
        ambient_actions: the checkable action per level.
        layer: the light drawn on the GM's map.
    """

    def __init__(
        self,
        parent: QWidget,
        session: GameSession,
        scene: MapScene,
        menu: QMenu,
        status: StatusReport,
    ) -> None:
        self._session = session
        self._status = status
        self.layer = LightLayer(scene, session, parent=parent)
        submenu = menu.addMenu("Ambient &Light")
        group = QActionGroup(parent)
        group.setExclusive(True)
        self.ambient_actions: dict[Illumination, QAction] = {}
        for level, text in AMBIENT_ITEMS:
            act = QAction(text, parent)
            act.setCheckable(True)
            act.setData(int(level))
            act.triggered.connect(self._on_ambient)
            group.addAction(act)
            submenu.addAction(act)
            self.ambient_actions[level] = act
        events = session.document.events
        self._connections = DocumentConnections()
        self._connections.connect(events.lighting_changed, self._sync)
        self._connections.connect(events.reset, self._sync)
        self._sync()

    def detach(self) -> None:
        """Stop following the document (the window closes)."""
        self._connections.disconnect_all()
        self.layer.detach()

    def set_ambient(self, level: Illumination) -> None:
        """Make the map's ambient light `level` (one undo step) and say so."""
        result = self._session.by(self).run(lighting_edits.set_ambient_light, level)
        self._status.say(result.text if result.ok else result.reason, 4000)
        self._sync()

    def _on_ambient(self) -> None:
        for level, act in self.ambient_actions.items():
            if act.isChecked() and level is not self._session.encounter.lighting.ambient:
                self.set_ambient(level)
                return

    def _sync(self, *_args: object) -> None:
        self.ambient_actions[self._session.encounter.lighting.ambient].setChecked(True)
