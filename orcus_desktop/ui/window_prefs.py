"""What the GM's window remembers between runs: its geometry, its docks, the grid's contrast.

All of it lives in the app's settings (`screens.app_settings`, an INI file in the per-user
config folder; tests point it at a folder of their own), never in the encounter: it is the
GM's screen, not the fight.

- `fit_to_screen`: a new window fills the free area of the screen it opens on (issue 31 item 1:
  a fixed 1440x900 ran off a 1280x800 laptop); `keep_on_screen` pulls a window back inside it.
- `WindowLayoutMemory`: the window's size, position, maximised state and the docks' places,
  sizes and tabs, restored at start and kept when the window closes, for each screen by its
  name; a geometry saved on a bigger screen is shrunk into the smaller one. With the window's
  two layouts (`workspaces`), the layout shown and each one's docks, per screen too. A layout
  saved by another version of the docks is ignored (`workspaces.LAYOUT_VERSION`).
- `GridContrastMenu`: View > Grid Contrast (Automatic, Faint, Normal, Strong): how much the
  grid lines stand out over dark or busy map art; Automatic, the default, follows the art
  (`map/grid_tone.py`, R-160) until the GM picks another or sets the Map Grid's colour.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from PySide6.QtCore import QByteArray, QObject, QRect, QSettings
from PySide6.QtGui import QAction, QActionGroup, QColor, QGuiApplication, QImage, QScreen
from PySide6.QtWidgets import QMainWindow, QMenu

from orcus_desktop.ui.choice_actions import choice_actions, remember_choice, remembered_choice
from orcus_desktop.ui.map.grid_tone import art_tone, readable_grid_pen
from orcus_desktop.ui.map.layers import GRID_LINE
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.screens import app_settings
from orcus_desktop.ui.workspaces import LAYOUT_VERSION, Workspace, WorkspaceLayouts

GEOMETRY_KEY = "mainWindow/geometry"
DOCKS_KEY = "mainWindow/docks"
WORKSPACE_KEY = "mainWindow/layout"

CONTRAST_KEY = "view/gridContrast"

Settings = Callable[[], QSettings]


def _screen_of(window: QMainWindow) -> QScreen:
    screen: QScreen | None = window.screen()
    return screen if screen is not None else QGuiApplication.primaryScreen()


def _frame_margins(window: QMainWindow) -> tuple[int, int]:
    """The width and height the window system's frame adds (0 before it is known)."""
    frame, inner = window.frameGeometry(), window.geometry()
    return frame.width() - inner.width(), frame.height() - inner.height()


def fit_to_screen(window: QMainWindow, screen: QScreen | None = None) -> None:
    """Size `window` to the free area of `screen` (the one it opens on by default).

    The free area leaves out the task bar and the menu bar; the frame, once the window system
    has drawn one, is kept inside it too.
    """
    area = (screen or _screen_of(window)).availableGeometry()
    extra_w, extra_h = _frame_margins(window)
    window.resize(max(1, area.width() - extra_w), max(1, area.height() - extra_h))
    window.move(area.topLeft())


def keep_on_screen(window: QMainWindow) -> None:
    """Shrink and move `window` so that all of it lies in its screen's free area."""
    if window.isMaximized() or window.isFullScreen():
        return
    area = _screen_of(window).availableGeometry()
    frame = window.frameGeometry()
    if area.contains(frame):
        return
    extra_w, extra_h = _frame_margins(window)
    width = min(frame.width(), area.width())
    height = min(frame.height(), area.height())
    if (width, height) != (frame.width(), frame.height()):
        window.resize(max(1, width - extra_w), max(1, height - extra_h))
    inside = QRect(frame.topLeft(), window.frameGeometry().size())
    inside.moveLeft(max(area.left(), min(inside.left(), area.right() - inside.width() + 1)))
    inside.moveTop(max(area.top(), min(inside.top(), area.bottom() - inside.height() + 1)))
    window.move(inside.topLeft())


def screen_geometry_key(screen: QScreen) -> str:
    """Where the window's geometry on `screen` is kept (screens are told apart by name)."""
    return f"{_screen_prefix(screen)}/geometry"


def screen_layout_key(screen: QScreen, workspace: Workspace) -> str:
    """Where the docks of `workspace` on `screen` are kept."""
    return f"{_screen_prefix(screen)}/layout/{workspace.value}"


def _screen_prefix(screen: QScreen) -> str:
    # Names such as "\\\\.\\DISPLAY1" (Windows) hold the settings' own separators.
    name = "".join(c if c.isalnum() else "_" for c in screen.name()) or "unnamed"
    return f"mainWindowOnScreen/{name}"


class WindowLayoutMemory(QObject):
    """Restores a main window's layout from the settings and saves it when asked.

    Args:
        window: the GM's window (its docks need object names, as `QMainWindow.saveState`
            asks).
        settings: where the layout is kept (tests pass their own).
        workspaces: the window's two layouts, if it has them: the one shown last is shown
            again, and each keeps its docks.
    """

    def __init__(
        self,
        window: QMainWindow,
        settings: Settings = app_settings,
        workspaces: WorkspaceLayouts | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._workspaces = workspaces

    def restore(self) -> bool:
        """Apply the saved layout; False (and the window unchanged) when none fits."""
        settings = self._settings()
        geometry = settings.value(GEOMETRY_KEY)
        docks = settings.value(DOCKS_KEY)
        restored = False
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            # Qt puts a window saved on a screen that is gone back on one that is there.
            restored = self._window.restoreGeometry(geometry)
        # The size the GM chose on this screen, if the window was ever closed on it.
        on_screen = settings.value(screen_geometry_key(_screen_of(self._window)))
        if isinstance(on_screen, QByteArray) and not on_screen.isEmpty():
            restored = self._window.restoreGeometry(on_screen) or restored
        if self._workspaces is not None:
            restored = self._restore_workspaces(settings) or restored
        elif isinstance(docks, QByteArray) and not docks.isEmpty():
            restored = self._window.restoreState(docks, LAYOUT_VERSION) or restored
        # Saved on a bigger screen (the TV), opened on the laptop: all of it stays in view.
        keep_on_screen(self._window)
        return restored

    def save(self) -> None:
        """Keep the window's geometry and its docks' layout now."""
        settings = self._settings()
        geometry = self._window.saveGeometry()
        settings.setValue(GEOMETRY_KEY, geometry)
        settings.setValue(screen_geometry_key(_screen_of(self._window)), geometry)
        settings.setValue(DOCKS_KEY, self._window.saveState(LAYOUT_VERSION))
        workspaces = self._workspaces
        if workspaces is not None and workspaces.current is not None:
            settings.setValue(WORKSPACE_KEY, workspaces.current.value)
            screen = _screen_of(self._window)
            for workspace, state in workspaces.states().items():
                settings.setValue(screen_layout_key(screen, workspace), state)
        settings.sync()

    def _restore_workspaces(self, settings: QSettings) -> bool:
        """Show the layout shown last, with the docks each one had on this screen."""
        assert self._workspaces is not None
        screen = _screen_of(self._window)
        kept = {
            workspace: state
            for workspace in Workspace
            if isinstance(
                state := settings.value(screen_layout_key(screen, workspace)), QByteArray
            )
            and not state.isEmpty()
        }
        self._workspaces.keep_states(kept)
        shown = remembered_choice(settings, WORKSPACE_KEY, Workspace.FIGHT)
        self._workspaces.start(shown)
        return bool(kept)


class GridContrast(StrEnum):
    """How strongly the grid lines show: faint over plain art, strong over dark or busy art.

    AUTOMATIC reads the map art (R-160); the others are the GM's fixed picks.
    """

    AUTOMATIC = "automatic"
    FAINT = "faint"
    NORMAL = "normal"
    STRONG = "strong"

    @property
    def label(self) -> str:
        return {
            "automatic": "&Automatic (from the Map Art)",
            "faint": "&Faint",
            "normal": "&Normal",
            "strong": "&Strong",
        }[self]

    def pen_over(self, art: QImage) -> tuple[QColor, float]:
        """The grid line's colour and opacity over the map art `art` (null: no art)."""
        if self is GridContrast.AUTOMATIC:
            return readable_grid_pen(art_tone(art))
        return self.pen

    @property
    def pen(self) -> tuple[QColor, float]:
        """The grid line's colour and opacity (Automatic's over no art)."""
        if self is GridContrast.AUTOMATIC:
            return readable_grid_pen(None)
        if self is GridContrast.FAINT:
            return QColor(GRID_LINE.red(), GRID_LINE.green(), GRID_LINE.blue()), 0.18
        if self is GridContrast.STRONG:
            return QColor(0, 0, 0), 0.85
        return QColor(GRID_LINE.red(), GRID_LINE.green(), GRID_LINE.blue()), GRID_LINE.alphaF()


class GridContrastMenu:
    """View > Grid Contrast: four choices, the one picked applied to the map and remembered.

    Automatic (the default) follows the map art as it changes. The Map Grid dialog's colour
    and opacity override any pick: the menu then has none checked until the GM picks again.

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
        self._current: GridContrast | None = remembered_choice(
            settings(), CONTRAST_KEY, GridContrast.AUTOMATIC
        )
        self._applied: QColor | None = None
        self.actions: dict[GridContrast, QAction] = choice_actions(
            menu,
            ((c, c.label, f"grid_contrast_{c.value}") for c in GridContrast),
            self._current,
            self._pick,
        )
        group = self.actions[GridContrast.AUTOMATIC].actionGroup()
        if group is not None:  # the Map Grid's own colour leaves none checked
            group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        scene.grid_style_changed.connect(self._on_style_changed)
        scene.map_art_changed.connect(self._apply)
        self._apply()

    @property
    def current(self) -> GridContrast | None:
        """The pick in force; None when the Map Grid dialog's colour overrides it."""
        return self._current

    def _pick(self, contrast: GridContrast) -> None:
        self._current = contrast
        self.actions[contrast].setChecked(True)
        self._apply()
        remember_choice(self._settings(), CONTRAST_KEY, contrast)

    def _apply(self) -> None:
        if self._current is None:
            return
        colour, opacity = self._current.pen_over(self._scene.map_pixmap)
        self._applied = QColor(colour)
        self._applied.setAlphaF(max(0.0, min(1.0, opacity)))
        if self._scene.grid_colour != self._applied:
            self._scene.set_grid_style(colour, opacity)

    def _on_style_changed(self, colour: QColor) -> None:
        """Another grid look than the pick's (the Map Grid dialog): the GM's word wins."""
        applied = self._applied
        if applied is None or _same_pen(colour, applied):
            return
        self._current = None
        for action in self.actions.values():
            action.setChecked(False)


def _same_pen(a: QColor, b: QColor) -> bool:
    """The same line to the eye (the dialog's opacity slider keeps whole percents)."""
    return a.rgb() == b.rgb() and abs(a.alphaF() - b.alphaF()) < 0.011
