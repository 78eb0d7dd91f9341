"""What the GM's window remembers between runs: its geometry, its docks, the grid's contrast.

All of it lives in the app's settings (`screens.app_settings`, an INI file in the per-user
config folder; tests point it at a folder of their own), never in the encounter: it is the
GM's screen, not the fight.

- `WindowLayoutMemory`: the window's size, position, maximised state and the docks' places,
  sizes and tabs, restored at start and kept when the window closes. A layout saved by another
  version of the docks is ignored (`LAYOUT_VERSION`).
- `GridContrastMenu`: View > Grid Contrast (Faint, Normal, Strong): how much the grid lines
  stand out over dark or busy map art.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from PySide6.QtCore import QByteArray, QObject, QSettings
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import QMainWindow, QMenu

from orcus_desktop.ui.choice_actions import choice_actions, remember_choice, remembered_choice
from orcus_desktop.ui.map.layers import GRID_LINE
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.screens import app_settings

GEOMETRY_KEY = "mainWindow/geometry"
DOCKS_KEY = "mainWindow/docks"
LAYOUT_VERSION = 1
"""Bumped when the docks change (names, areas): an older saved layout is then not applied."""

CONTRAST_KEY = "view/gridContrast"

Settings = Callable[[], QSettings]


class WindowLayoutMemory(QObject):
    """Restores a main window's layout from the settings and saves it when asked.

    Args:
        window: the GM's window (its docks need object names, as `QMainWindow.saveState`
            asks).
        settings: where the layout is kept (tests pass their own).
    """

    def __init__(self, window: QMainWindow, settings: Settings = app_settings) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings

    def restore(self) -> bool:
        """Apply the saved layout; False (and the window unchanged) when none fits."""
        settings = self._settings()
        geometry = settings.value(GEOMETRY_KEY)
        docks = settings.value(DOCKS_KEY)
        restored = False
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            # Qt puts a window saved on a screen that is gone back on one that is there.
            restored = self._window.restoreGeometry(geometry)
        if isinstance(docks, QByteArray) and not docks.isEmpty():
            restored = self._window.restoreState(docks, LAYOUT_VERSION) or restored
        return restored

    def save(self) -> None:
        """Keep the window's geometry and its docks' layout now."""
        settings = self._settings()
        settings.setValue(GEOMETRY_KEY, self._window.saveGeometry())
        settings.setValue(DOCKS_KEY, self._window.saveState(LAYOUT_VERSION))
        settings.sync()


class GridContrast(StrEnum):
    """How strongly the grid lines show: faint over plain art, strong over dark or busy art."""

    FAINT = "faint"
    NORMAL = "normal"
    STRONG = "strong"

    @property
    def label(self) -> str:
        return {"faint": "&Faint", "normal": "&Normal", "strong": "&Strong"}[self]

    @property
    def pen(self) -> tuple[QColor, float]:
        """The grid line's colour and opacity."""
        if self is GridContrast.FAINT:
            return QColor(GRID_LINE.red(), GRID_LINE.green(), GRID_LINE.blue()), 0.18
        if self is GridContrast.STRONG:
            return QColor(0, 0, 0), 0.85
        return QColor(GRID_LINE.red(), GRID_LINE.green(), GRID_LINE.blue()), GRID_LINE.alphaF()


class GridContrastMenu:
    """View > Grid Contrast: three choices, the one picked applied to the map and remembered.

    Args:
        menu: the submenu to fill.
        scene: the GM's map.
        settings: where the choice is kept.

    Attributes:
        actions: the menu's actions by contrast.
    """

    def __init__(self, menu: QMenu, scene: MapScene, settings: Settings = app_settings) -> None:
        self._scene = scene
        self._settings = settings
        current = remembered_choice(settings(), CONTRAST_KEY, GridContrast.NORMAL)
        self.actions: dict[GridContrast, QAction] = choice_actions(
            menu,
            ((c, c.label, f"grid_contrast_{c.value}") for c in GridContrast),
            current,
            self._pick,
        )
        if current is not GridContrast.NORMAL:
            scene.set_grid_style(*current.pen)

    def _pick(self, contrast: GridContrast) -> None:
        self._scene.set_grid_style(*contrast.pen)
        remember_choice(self._settings(), CONTRAST_KEY, contrast)
