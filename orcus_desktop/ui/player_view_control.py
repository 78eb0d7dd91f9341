"""The player view's life: F5 opens and closes it, it goes on its screen and stays on one.

Window > Player View (F5, from the GM's window or the player view itself) toggles the players'
window; Window > Player View on Screen lists the screens by name and size and remembers the
GM's pick (`screens`). On a screen other than the GM's the view is full screen and frameless;
sharing the GM's screen it is a normal window. When a screen is plugged in or out while the app
runs (`QGuiApplication.screenAdded` / `screenRemoved`) the view moves to the screen it should
be on now, and never stays on a screen that is gone.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QColor, QGuiApplication, QScreen
from PySide6.QtWidgets import QGraphicsView, QMenu, QWidget

from orcus_desktop.ui.map_toolbar import make_action
from orcus_desktop.ui.player_framing import FramingMenu, PlayerFraming
from orcus_desktop.ui.player_strip import StripMenu, StripMode
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.ui.players_look import PlayersLook
from orcus_desktop.ui.screens import (
    ScreenMenu,
    choose_screen,
    remember_screen_name,
    remembered_screen_name,
)


class PlayerViewControl(QObject):
    """Opens, places and closes the player view of a GM window.

    Args:
        gm_window: the GM's window (the view goes on another screen than this one's).
        look: the GM's choices the view is drawn with (fog, strip, grid look), and the
            settings the chosen screen is kept in.

    Attributes:
        toggle_action: Window > Player View (F5), checked while the view is open.
        window: the players' window while it is open, else None.
        screen_menu: the screens listed in Window > Player View on Screen (after `add_menu`).
        strip_menu: Window > Initiative Strip on Player View (after `add_menu`).
        framing_menu: Window > Player View Framing (after `add_menu`; issue 31 item 4).
        turn_action: Window > Turn Player View by 180° (a touchscreen laid flat).
    """

    def __init__(self, gm_window: QWidget, look: PlayersLook) -> None:
        super().__init__(gm_window)
        self._gm_window = gm_window
        self._look = look
        self._settings = look.settings
        self.window: PlayerWindow | None = None
        self.screen_menu: ScreenMenu | None = None
        self.strip_menu: StripMenu | None = None
        self.framing_menu: FramingMenu | None = None
        self.toggle_action: QAction = make_action(gm_window, "&Player View", "F5")
        self.toggle_action.setCheckable(True)
        self.toggle_action.setToolTip("The map as the players see it, on their screen")
        self.toggle_action.toggled.connect(self._on_toggled)
        self.turn_action: QAction = make_action(gm_window, "&Turn Player View by 180°")
        self.turn_action.setCheckable(True)
        self.turn_action.setToolTip("For a screen laid flat, read from the far side of the table")
        self.turn_action.toggled.connect(self._on_turned)
        app = QGuiApplication.instance()
        assert isinstance(app, QGuiApplication)
        self._app = app
        self._detached = False
        app.screenAdded.connect(self.on_screen_added)
        app.screenRemoved.connect(self.on_screen_removed)
        look.follow(fog=self._on_fog_toggled, grid=self._on_grid_style)

    def add_menu(self, menu: QMenu) -> None:
        """Put the toggle and the list of screens in `menu` (the GM's Window menu)."""
        menu.addAction(self.toggle_action)
        screens = menu.addMenu("Player View on &Screen")
        self.screen_menu = ScreenMenu(screens, self.chosen_screen, self.choose_screen)
        strip = menu.addMenu("Initiative S&trip on Player View")
        self.strip_menu = StripMenu(strip, self._settings, self._on_strip_mode)
        menu.addAction(self.turn_action)
        framing = menu.addMenu("Player View &Framing")
        self.framing_menu = FramingMenu(
            framing, self._framing, self._gm_view, self._gm_window, self._settings
        )

    def _framing(self) -> PlayerFraming | None:
        return self.window.framing if self.window is not None else None

    def _gm_view(self) -> QGraphicsView | None:
        gm_scene = self._look.gm_scene
        views = gm_scene.views() if gm_scene is not None else []
        return views[0] if views else None

    def chosen_screen(self, screens: Sequence[QScreen] | None = None) -> QScreen | None:
        """The screen the view goes on among `screens` (default: every screen plugged in)."""
        return choose_screen(
            QGuiApplication.screens() if screens is None else screens,
            remembered_screen_name(self._settings()),
            self._gm_window.screen(),
        )

    def choose_screen(self, screen: QScreen) -> None:
        """The GM picks `screen`: remembered, and the open view moves there."""
        remember_screen_name(self._settings(), screen.name())
        if self.window is not None:
            self.place()

    def place(self, screens: Sequence[QScreen] | None = None) -> None:
        """Put the open view on its screen among `screens`: full screen unless it is the GM's."""
        if self.window is None:
            return
        screen = self.chosen_screen(screens)
        full_screen = screen is not None and screen is not self._gm_window.screen()
        self.window.show_on(screen, full_screen=full_screen)

    def on_screen_added(self, screen: QScreen) -> None:
        """A screen was plugged in: the open view moves there if that is now its screen."""
        if self.window is not None and self.chosen_screen() is screen:
            self.place()
        if self.screen_menu is not None:
            self.screen_menu.refill()

    def on_screen_removed(self, screen: QScreen) -> None:
        """A screen was unplugged: the open view goes to its screen among those still there.

        Always placed again: by now the system may already have dropped it onto any screen,
        in full screen, over the GM's window.
        """
        remaining = [s for s in QGuiApplication.screens() if s is not screen]
        self.place(remaining)
        if self.screen_menu is not None:
            self.screen_menu.refill(remaining)

    def _on_grid_style(self, colour: QColor) -> None:
        if self.window is not None:
            self.window.scene.copy_grid_style(colour)

    def _on_fog_toggled(self, enabled: bool) -> None:
        if self.window is not None:
            self.window.set_fog_enabled(enabled)

    def detach(self) -> None:
        """Stop following the screens (the GM's window closes); a second call does nothing."""
        self.toggle_action.setChecked(False)
        if self._detached:
            return
        self._detached = True
        self._app.screenAdded.disconnect(self.on_screen_added)
        self._app.screenRemoved.disconnect(self.on_screen_removed)

    def _on_toggled(self, checked: bool) -> None:
        if checked and self.window is None:
            self.window = self._look.player_window()
            # F5 works from the players' window too (and so does nothing else of the GM's).
            self.window.addAction(self.toggle_action)
            self.window.closed.connect(self._on_window_closed)
            self.window.set_turned(self.turn_action.isChecked())
            if self.framing_menu is not None:
                self.framing_menu.apply(self.window.framing)
            self.place()
        elif not checked and self.window is not None:
            self.window.close()

    def _on_turned(self, turned: bool) -> None:
        if self.window is not None:
            self.window.set_turned(turned)

    def _on_strip_mode(self, mode: StripMode) -> None:
        if self.window is not None:
            self.window.set_strip_mode(mode)

    def _on_window_closed(self) -> None:
        window, self.window = self.window, None
        if window is not None:
            window.closed.disconnect(self._on_window_closed)
            window.removeAction(self.toggle_action)
            window.deleteLater()
        self.toggle_action.setChecked(False)
