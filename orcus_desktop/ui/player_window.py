"""The player view: a second window for the screen the players see.

Its own `MapScene` built from the same document with `gm=False` (docs/design.md#scene), so hidden
creatures never exist as items there and no HP bars are drawn; it follows every change the GM
makes and has no tools: the players look, the GM acts. With the fog of war on (the GM's
View > Fog of War on Player View) it shows only what the players' creatures see (`PlayerFog`).

On a screen of its own it fills it, full screen and frameless (`show_on`); Esc leaves full
screen, and Esc again closes it. Which screen, and what happens when one is plugged in or
out, is `player_view_control`'s business.
"""

from __future__ import annotations

from psygnal import SignalInstance
from PySide6.QtCore import QRect, QRectF, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QResizeEvent, QScreen
from PySide6.QtWidgets import QGraphicsView, QMainWindow, QVBoxLayout, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.ui.map.fog import PlayerFog
from orcus_desktop.ui.map.light_layer import LightLayer
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map.touch import TouchNavigation
from orcus_desktop.ui.map.view import MapView
from orcus_desktop.ui.player_framing import PlayerFraming
from orcus_desktop.ui.player_strip import InitiativeStripView, StripMode
from orcus_desktop.ui.zones import ZoneLayer


class PlayerWindow(QMainWindow):
    """The map as the players see it.

    Args:
        session: the GM's session (its document is shown; nothing is changed through it).
        parent: the owning window (the player view closes with it).
        fog: the fog of war on (only what the players' creatures see is shown).
        strip: the initiative strip's mode (Off, monster names, token labels only).

    Attributes:
        strip: the initiative strip over the map (`player_strip`): only creatures the
            players' map shows, redrawn after each rebuild of the fog.

    Signals:
        closed: the window closed (Esc, its close button, or the GM's F5).
    """

    closed = Signal()
    NORMAL_SIZE = (1024, 768)

    def __init__(
        self,
        session: GameSession,
        parent: QWidget | None = None,
        *,
        fog: bool = True,
        strip: StripMode = StripMode.NAMES,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self.scene = MapScene(
            session.document,
            rules=session.rules,
            gm=False,
            monster_names=strip.monster_names,
            parent=self,
        )
        self.fog = PlayerFog(self.scene, session.rules, enabled=fog, parent=self)
        self.zones = ZoneLayer(self.scene, gm=False)  # zones the GM shows, under the fog
        self.light = LightLayer(self.scene, session, players=True, parent=self)
        self.view = MapView(self.scene, self)
        # The screen facing the table has no scroll bars: `framing` moves and scales it.
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Nobody pans or drags on the players' screen: a cached background would be one more
        # screen-sized image (8 MB full screen at 1920x1080) kept for nothing (issue 14).
        self.view.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        self.touch = TouchNavigation(self.view)  # a touchscreen TV laid flat (issue 32)
        self.turned = False
        self.strip = InitiativeStripView(session, self._players_see, self)
        self.strip.set_mode(strip)
        # After each rebuild the scene's creatures are current: the strip lists no other.
        self.fog.rebuilt.connect(self.strip.refresh)
        # It follows the party, panned smoothly, or shows the GM's frame (issue 31 item 4).
        self.framing = PlayerFraming(self.view, self.scene, session, lambda: self.fog.vision)
        self.fog.rebuilt.connect(self.framing.refresh)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.strip)
        layout.addWidget(self.view, 1)
        self.setCentralWidget(central)
        # The GM resizes the grid or opens another encounter: framed again.
        self.scene.sceneRectChanged.connect(self._on_scene_rect_changed)
        # Another file opened or the encounter renamed: the title follows.
        events = session.document.events
        self._title_signals: tuple[SignalInstance, ...] = (events.reset, events.map_changed)
        for signal in self._title_signals:
            signal.connect(self._sync_title)
        self._sync_title()
        self.resize(*self.NORMAL_SIZE)
        self.escape_action = QAction("Leave Full Screen or Close", self)
        self.escape_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.escape_action.triggered.connect(self.leave_full_screen_or_close)
        self.addAction(self.escape_action)

    def set_fog_enabled(self, enabled: bool) -> None:
        """Fog of war on or off (the GM's View > Fog of War on Player View)."""
        self.fog.set_enabled(enabled)

    def set_strip_mode(self, mode: StripMode) -> None:
        """The GM's Window > Initiative Strip on Player View (the tokens' tooltips follow)."""
        self.strip.set_mode(mode)
        self.scene.set_monster_names(mode.monster_names)

    def set_turned(self, turned: bool) -> None:
        """Turn the map by 180° for the far side of the table (Window > Turn Player View)."""
        if turned != self.turned:
            self.turned = turned
            self.framing.set_turned(turned)

    def _players_see(self) -> frozenset[str] | None:
        vision = self.fog.vision
        return vision.seen if vision is not None else None

    def _sync_title(self) -> None:
        self.setWindowTitle(f"{self._session.encounter.name} — Player view")

    def show_on(self, screen: QScreen | None, *, full_screen: bool) -> None:
        """Show the window on `screen`: full screen and frameless, or as a normal window.

        A normal window sits in the middle of the screen's free area, with a title bar the GM
        can drag it by (onto a projector the system does not report as a screen). The keyboard
        stays where it was: on the GM's window when it opens there, on this one after Esc.
        """
        was_active = self.isActiveWindow()
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, full_screen)
        if full_screen and screen is not None:
            self.setWindowFlag(Qt.WindowType.FramelessWindowHint, True)
            self.setScreen(screen)
            self.setGeometry(screen.geometry())
            self.showFullScreen()
        else:
            self.setWindowFlag(Qt.WindowType.FramelessWindowHint, False)
            # Shown first: leaving full screen restores the geometry from before it.
            self.showNormal()
            if screen is not None:
                self.setScreen(screen)
                self.setGeometry(_centred(screen.availableGeometry(), *self.NORMAL_SIZE))
        if was_active:  # re-shown (its frame changed): Esc again closes it
            self.activateWindow()
        self.framing.refresh(animated=False)

    def leave_full_screen_or_close(self) -> None:
        """Esc: full screen becomes a normal window on the same screen; else the view closes."""
        if self.isFullScreen():
            self.show_on(self.screen(), full_screen=False)
        else:
            self.close()

    def resizeEvent(self, event: QResizeEvent) -> None:
        # Moved to the TV, maximised or full screen: framed again for the new size.
        super().resizeEvent(event)
        self.framing.refresh(animated=False)

    def _on_scene_rect_changed(self, _rect: QRectF) -> None:
        self.framing.refresh(animated=False)

    def closeEvent(self, event: QCloseEvent) -> None:
        for signal in self._title_signals:
            signal.disconnect(self._sync_title)
        self._title_signals = ()
        self.fog.detach()
        self.zones.detach()
        self.light.detach()
        self.scene.detach()
        event.accept()
        self.closed.emit()


def _centred(area: QRect, width: int, height: int) -> QRect:
    """A `width` x `height` rectangle in the middle of `area`, no larger than it."""
    rect = QRect(0, 0, min(width, area.width()), min(height, area.height()))
    rect.moveCenter(area.center())
    return rect
