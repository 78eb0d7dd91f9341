"""The GM window's two layouts, "Prepare the Map" and "Run the Fight", and the panel rail.

Issue 31 item 2: "the map takes most of the window; the side panels collapse to a narrow rail
or share tabs; ... two layouts the GM switches between with one key, each remembered"
(docs/rulings.md R-162).

- Prepare the Map: the creature library and the creatures on the map share the left column
  as tabs, with the map tools' bar; nothing else beside the map.
- Run the Fight: initiative over the actions (with the GM box) on the right, a few lines of
  the combat log under the map (the dice share its tabs, opened from the rail: every roll
  joins the log anyway); the map tools' bar is put away (its tools keep their keys and the
  Tools menu).

F6 switches between them; each keeps the docks as the GM last left them in it (sizes, tabs,
what is open), in this run and, through `window_prefs.WindowLayoutMemory`, the next. The rail
is a narrow bar at the window's left edge: the two layouts, then one icon per panel (open or
close it), then Hide Side Panels (F7), which gives the whole window to the map until pressed
again.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final

from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QToolBar

from orcus_desktop.ui.icons import icon

LAYOUT_VERSION = 2
"""Bumped when the docks or bars change (names, areas): an older saved layout is then not
applied (1: before the two layouts)."""
SWITCH_KEY = "F6"
COLLAPSE_KEY = "F7"
RAIL_ICON_PX = 20
DOCK_ICONS: Final = {
    "library": "books",
    "creatures": "users-group",
    "initiative": "list-numbers",
    "actions": "bolt",
    "log": "notes",
    "dice": "dice-5",
}
PREPARE_LIBRARY_PX = 300
"""The library's column in Prepare: wide enough for "Cinderwing Drake (large, monsters)"."""
FIGHT_ACTIONS_PX = 380
FIGHT_LOG_PX = 100


class Workspace(StrEnum):
    """One of the two layouts."""

    PREPARE = "prepare"
    FIGHT = "fight"

    @property
    def menu_text(self) -> str:
        return {"prepare": "&Prepare the Map", "fight": "&Run the Fight"}[self]

    @property
    def docks(self) -> tuple[str, ...]:
        """The docks it shows by default (the others are closed, a click away on the rail)."""
        if self is Workspace.PREPARE:
            return ("library", "creatures")
        return ("initiative", "actions", "log")  # the dice: a click on the rail

    @property
    def icon_name(self) -> str:
        return {"prepare": "map-2", "fight": "swords"}[self]

    @property
    def other(self) -> Workspace:
        return Workspace.FIGHT if self is Workspace.PREPARE else Workspace.PREPARE


class WorkspaceLayouts(QObject):
    """Switches the GM's window between its two layouts and keeps each one's arrangement.

    Args:
        window: the GM's window.
        docks: its docks by key ("library", "creatures", "initiative", "actions", "log",
            "dice"; each needs an object name, as `QMainWindow.saveState` asks).
        map_tools: the bar of the map-preparing tools (shown in Prepare only).
        menu: View > Layout, filled with the layouts, the switch and Hide Side Panels.

    Attributes:
        current: the layout shown, None until `start`.
        actions: the layouts' checkable actions.
        switch_action: F6, the other layout.
        collapse_action: F7, checked while the side panels are hidden.
        rail: the narrow bar at the left edge.
    """

    def __init__(
        self,
        window: QMainWindow,
        docks: Mapping[str, QDockWidget],
        map_tools: QToolBar,
        menu: QMenu,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._docks = dict(docks)
        self._map_tools = map_tools
        self.current: Workspace | None = None
        self._states: dict[Workspace, QByteArray] = {}
        self._hidden_by_collapse: list[QDockWidget] = []
        self._pending: Workspace | None = None
        group = QActionGroup(self)
        self.actions: dict[Workspace, QAction] = {}
        for workspace in Workspace:
            action = QAction(icon(workspace.icon_name), workspace.menu_text, window)
            action.setCheckable(True)
            action.setObjectName(f"layout_{workspace.value}")
            action.setToolTip(
                f"{workspace.menu_text.replace('&', '')} layout ({SWITCH_KEY} switches)"
            )
            action.triggered.connect(lambda _=False, w=workspace: self.switch_to(w))
            group.addAction(action)
            menu.addAction(action)
            self.actions[workspace] = action
        self.switch_action = QAction("&Switch Layout", window)
        self.switch_action.setShortcut(QKeySequence(SWITCH_KEY))
        self.switch_action.triggered.connect(self.switch)
        self.collapse_action = QAction(icon("layout-sidebar-left-collapse"), "&Hide Side Panels")
        self.collapse_action.setParent(window)
        self.collapse_action.setCheckable(True)
        self.collapse_action.setShortcut(QKeySequence(COLLAPSE_KEY))
        self.collapse_action.setToolTip(f"The whole window for the map ({COLLAPSE_KEY})")
        self.collapse_action.toggled.connect(self.set_collapsed)
        menu.addSeparator()
        menu.addActions([self.switch_action, self.collapse_action])
        window.addActions([self.switch_action, self.collapse_action])
        self.rail = self._build_rail()
        for dock in self._docks.values():
            dock.visibilityChanged.connect(self._on_dock_shown)

    def _build_rail(self) -> QToolBar:
        rail = QToolBar("Panels", self._window)
        rail.setObjectName("panelRail")
        rail.setMovable(False)
        rail.setOrientation(Qt.Orientation.Vertical)
        rail.setIconSize(QSize(RAIL_ICON_PX, RAIL_ICON_PX))
        rail.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        rail.addActions(list(self.actions.values()))
        rail.addSeparator()
        for key, dock in self._docks.items():
            toggle = dock.toggleViewAction()
            toggle.setIcon(icon(DOCK_ICONS[key]))
            toggle.setToolTip(f"Show or hide {dock.windowTitle()}")
            rail.addAction(toggle)
        rail.addSeparator()
        rail.addAction(self.collapse_action)
        self._window.addToolBar(Qt.ToolBarArea.LeftToolBarArea, rail)
        return rail

    def start(self, workspace: Workspace = Workspace.FIGHT) -> None:
        """Show `workspace` as the window opens (its kept arrangement, else the default).

        Before the window is shown it is laid out as it shows: docks tabbed while hidden
        leave a stray tab bar behind (Qt's main window layout).
        """
        self.current = None
        if self._window.isVisible():
            self.switch_to(workspace)
            return
        self._pending = workspace
        self._window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.Show:
            self._window.removeEventFilter(self)
            pending, self._pending = self._pending, None
            if pending is not None:
                self.switch_to(pending)
        return False

    def switch(self) -> None:
        """F6: the other layout (Run the Fight before any was shown)."""
        self.switch_to(self.current.other if self.current is not None else Workspace.FIGHT)

    def switch_to(self, workspace: Workspace) -> None:
        """Show `workspace`, keeping the one shown now as the GM left it."""
        if self.collapse_action.isChecked():
            self.collapse_action.setChecked(False)
        if self.current is not None:
            self._states[self.current] = self._window.saveState(LAYOUT_VERSION)
        self.current = workspace
        self.actions[workspace].setChecked(True)
        kept = self._states.get(workspace)
        if kept is None or not self._window.restoreState(kept, LAYOUT_VERSION):
            self._arrange(workspace)

    def states(self) -> dict[Workspace, QByteArray]:
        """Each layout's arrangement as kept now (the one shown, as it is now)."""
        if self.current is not None:
            self._states[self.current] = self._window.saveState(LAYOUT_VERSION)
        return dict(self._states)

    def keep_states(self, states: Mapping[Workspace, QByteArray]) -> None:
        """Take arrangements kept from an earlier run (applied when each layout is shown)."""
        self._states.update(states)

    def _arrange(self, workspace: Workspace) -> None:
        """The default arrangement of `workspace`."""
        window, docks = self._window, self._docks
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        # Only a dock the GM moved elsewhere is put back: adding a dock again where it is
        # leaves an empty tab bar behind.
        for key, area in (
            ("library", left),
            ("creatures", left),
            ("initiative", right),
            ("actions", right),
            ("log", bottom),
            ("dice", bottom),
        ):
            dock = docks[key]
            if dock.isFloating() or window.dockWidgetArea(dock) != area:
                dock.setFloating(False)
                window.addDockWidget(area, dock, Qt.Orientation.Vertical)
        for first, second in (("library", "creatures"), ("log", "dice")):
            if docks[second] not in window.tabifiedDockWidgets(docks[first]):
                window.tabifyDockWidget(docks[first], docks[second])
        for key, dock in docks.items():
            dock.setVisible(key in workspace.docks)
        self._map_tools.setVisible(workspace is Workspace.PREPARE)
        if workspace is Workspace.PREPARE:
            docks["library"].raise_()
            window.resizeDocks([docks["library"]], [PREPARE_LIBRARY_PX], Qt.Orientation.Horizontal)
        else:
            docks["log"].raise_()
            window.resizeDocks([docks["actions"]], [FIGHT_ACTIONS_PX], Qt.Orientation.Horizontal)
            window.resizeDocks([docks["log"]], [FIGHT_LOG_PX], Qt.Orientation.Vertical)

    def set_collapsed(self, collapsed: bool) -> None:
        """F7: hide every side panel (the map gets the window), or bring them back."""
        if self.collapse_action.isChecked() != collapsed:
            self.collapse_action.setChecked(collapsed)  # comes back here through toggled
            return
        if collapsed:
            self._hidden_by_collapse = [d for d in self._docks.values() if d.isVisible()]
            for dock in self._hidden_by_collapse:
                dock.hide()
        else:
            hidden, self._hidden_by_collapse = self._hidden_by_collapse, []
            for dock in hidden:
                dock.show()

    def _on_dock_shown(self, visible: bool) -> None:
        # A panel opened from the rail while collapsed: the panels are no longer hidden.
        if visible and self.collapse_action.isChecked():
            self._hidden_by_collapse = []
            self.collapse_action.blockSignals(True)
            self.collapse_action.setChecked(False)
            self.collapse_action.blockSignals(False)
