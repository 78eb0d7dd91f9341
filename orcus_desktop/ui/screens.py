"""Which screen the player view goes on: the GM's choice, remembered, else not the GM's own.

The GM picks a screen by name in Window > Player View; the name is kept in the app's settings
(`app_settings`), so the TV at the table is chosen again next time it is plugged in. Without a
choice, or when the chosen screen is gone, the view goes on a screen other than the one the
GM's window is on (the design card's "offline GM on a second monitor"), or shares the GM's one
screen as a normal window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QSettings
from PySide6.QtGui import QActionGroup, QGuiApplication, QScreen
from PySide6.QtWidgets import QMenu

SETTINGS_ORGANISATION = "Orcus Desktop"
SETTINGS_APPLICATION = "settings"
PLAYER_SCREEN_KEY = "playerView/screen"


def app_settings() -> QSettings:
    """The GM's settings, an INI file in the per-user config folder.

    Built anew on each use, so tests point every settings file at a folder of their own with
    `QSettings.setPath` (tests/ui/conftest.py) and never touch the GM's real one.
    """
    return QSettings(
        QSettings.Format.IniFormat,
        QSettings.Scope.UserScope,
        SETTINGS_ORGANISATION,
        SETTINGS_APPLICATION,
    )


def screen_label(screen: QScreen) -> str:
    """``"HDMI-1 (1920×1080)"``: the screen's name and its size in pixels."""
    size = screen.geometry().size()
    return f"{screen.name() or 'Screen'} ({size.width()}×{size.height()})"


def remembered_screen_name(settings: QSettings) -> str | None:
    """The name of the screen the GM last chose for the player view, or None."""
    value = settings.value(PLAYER_SCREEN_KEY)
    return value if isinstance(value, str) and value else None


def remember_screen_name(settings: QSettings, name: str) -> None:
    settings.setValue(PLAYER_SCREEN_KEY, name)
    settings.sync()


def choose_screen(
    screens: Sequence[QScreen], remembered: str | None, gm_screen: QScreen | None
) -> QScreen | None:
    """The screen for the player view among `screens` (None when there is none).

    The remembered one when it is plugged in; else the first that is not the GM's; else the
    GM's own (one screen: the view opens there as a normal window).
    """
    for screen in screens:
        if remembered is not None and screen.name() == remembered:
            return screen
    for screen in screens:
        if screen is not gm_screen:
            return screen
    return screens[0] if screens else None


class ScreenMenu:
    """The screens listed in a menu, one checkable entry each, the chosen one checked.

    Args:
        menu: the menu the entries go in (after whatever it holds already).
        chosen: returns the screen the player view uses now (or would use), or None.
        on_chosen: called with a screen the GM picks.

    The entries are rebuilt when a screen is plugged in or out (`refill`).
    """

    def __init__(
        self,
        menu: QMenu,
        chosen: Callable[[], QScreen | None],
        on_chosen: Callable[[QScreen], None],
    ) -> None:
        self._menu = menu
        self._chosen = chosen
        self._on_chosen = on_chosen
        self._group = QActionGroup(menu)
        self._group.setExclusive(True)
        menu.aboutToShow.connect(self.refill)
        self.refill()

    def refill(self, screens: Sequence[QScreen] | None = None) -> None:
        """List `screens` (default: every screen now plugged in)."""
        for act in self._group.actions():
            self._group.removeAction(act)
            self._menu.removeAction(act)
            act.deleteLater()
        chosen = self._chosen()
        for screen in QGuiApplication.screens() if screens is None else screens:
            act = self._menu.addAction(screen_label(screen))
            act.setCheckable(True)
            act.setChecked(screen is chosen)
            act.setToolTip(f"Show the player view on {screen_label(screen)}")
            act.triggered.connect(lambda _checked=False, s=screen: self._on_chosen(s))
            self._group.addAction(act)

    def labels(self) -> list[str]:
        """The entries' texts, in order (what the GM reads in the menu)."""
        return [act.text() for act in self._group.actions()]

    def entry(self, label: str) -> None:
        """Pick the entry whose text starts with `label`, as a click on it does."""
        for act in self._group.actions():
            if act.text().startswith(label):
                act.trigger()
                return
        raise KeyError(label)
