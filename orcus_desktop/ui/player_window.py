"""The player view: a second window for the screen the players see.

Its own `MapScene` built from the same document with `gm=False` (docs/design.md#scene), so hidden
creatures never exist as items there and no HP bars are drawn; it follows every change the GM
makes and has no tools: the players look, the GM acts. With the fog of war on (the GM's
View > Fog of War on Player View) it shows only what the players' creatures see (`PlayerFog`).
"""

from __future__ import annotations

from psygnal import SignalInstance
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QCloseEvent, QGuiApplication, QResizeEvent
from PySide6.QtWidgets import QMainWindow, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.ui.map.fog import PlayerFog
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map.view import MapView


class PlayerWindow(QMainWindow):
    """The map as the players see it.

    Args:
        session: the GM's session (its document is shown; nothing is changed through it).
        parent: the owning window (the player view closes with it).
        fog: the fog of war on (only what the players' creatures see is shown).
    """

    def __init__(
        self, session: GameSession, parent: QWidget | None = None, *, fog: bool = True
    ) -> None:
        super().__init__(parent)
        self._session = session
        self.scene = MapScene(session.document, rules=session.rules, gm=False, parent=self)
        self.fog = PlayerFog(self.scene, session.rules, enabled=fog, parent=self)
        self.view = MapView(self.scene, self)
        # The screen facing the table shows the whole map, scaled to it, and no scroll bars.
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setCentralWidget(self.view)
        # The GM resizes the grid or opens another encounter: the players see all of it.
        self.scene.sceneRectChanged.connect(self._on_scene_rect_changed)
        # Another file opened or the encounter renamed: the title follows.
        events = session.document.events
        self._title_signals: tuple[SignalInstance, ...] = (events.reset, events.map_changed)
        for signal in self._title_signals:
            signal.connect(self._sync_title)
        self._sync_title()
        self.resize(1024, 768)

    def set_fog_enabled(self, enabled: bool) -> None:
        """Fog of war on or off (the GM's View > Fog of War on Player View)."""
        self.fog.set_enabled(enabled)

    def _sync_title(self) -> None:
        self.setWindowTitle(f"{self._session.encounter.name} — player view")

    def show_on_second_screen(self) -> None:
        """Show the window, on a second screen when there is one (the one facing the table)."""
        screens = QGuiApplication.screens()
        if len(screens) > 1:
            self.setGeometry(screens[1].availableGeometry())
        self.show()
        self.view.fit_map()

    def resizeEvent(self, event: QResizeEvent) -> None:
        # Moved to the TV, maximised or full screen: the map fills the new size.
        super().resizeEvent(event)
        self.view.fit_map()

    def _on_scene_rect_changed(self, _rect: QRectF) -> None:
        self.view.fit_map()

    def closeEvent(self, event: QCloseEvent) -> None:
        for signal in self._title_signals:
            signal.disconnect(self._sync_title)
        self._title_signals = ()
        self.fog.detach()
        self.scene.detach()
        event.accept()
