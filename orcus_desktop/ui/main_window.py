"""The main window: the map in the middle, docks for the library, creatures, initiative, log.

The window owns no game state: it builds (or is given) a `GameSession` over a `Document` and
its `History`; the map scene and the creature list follow the document's events; every edit
goes through the session (docs/design.md#flow: ui → controller → command → document → event
→ ui).

Using a power: the actions panel's `power_activated`/`action_activated` (or the Combat menu's
keys) put a `TargetingTool` on the map; the targets it hands back go to an `AttackDialog`
(the app's roll or the table's dice, the GM's cover and combat advantage overrides) and then to
the session as one undo step. Closing the window or opening another file with unsaved changes
asks Save / Discard / Cancel first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from psygnal import SignalInstance
from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QColor, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop import __version__
from orcus_desktop.assets import resource_path, resources_dir
from orcus_desktop.controller.availability import CombatAction
from orcus_desktop.controller.log_text import describe, names_of
from orcus_desktop.controller.results import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.calibrate_tool import CalibrateTool
from orcus_desktop.controller.tools.erase_tool import EraseTool
from orcus_desktop.controller.tools.forced_move_tool import ForcedMoveTool
from orcus_desktop.controller.tools.measure_tool import MeasureTool
from orcus_desktop.controller.tools.move_tool import MoveTool, SelectTool
from orcus_desktop.controller.tools.pointer import MapTool, creature_at
from orcus_desktop.controller.tools.sight_tool import SightTool
from orcus_desktop.controller.tools.targeting import (
    TargetingAction,
    TargetingChoice,
    targeting_request,
)
from orcus_desktop.controller.tools.targeting_tool import TargetingTool
from orcus_desktop.controller.tools.template_tool import AreaOrigin, TemplateTool
from orcus_desktop.controller.tools.terrain_tool import TerrainTool
from orcus_desktop.controller.tools.wall_tool import WallTool
from orcus_desktop.geometry.areas import AreaShape
from orcus_desktop.geometry.features import TerrainKind, WallKind
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, MapImage
from orcus_desktop.model.history import History
from orcus_desktop.model.serialization import EncounterFileError, load_encounter, save_encounter
from orcus_desktop.ui.attack_dialog import AttackDialog, AttackOptions
from orcus_desktop.ui.map.drops import ImageUse, MapDropHandler
from orcus_desktop.ui.map.grid_dialog import GridDialog
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map.view import MapView
from orcus_desktop.ui.panels.actions import ActionsPanel
from orcus_desktop.ui.panels.combat_log import CombatLogPanel
from orcus_desktop.ui.panels.initiative import InitiativePanel
from orcus_desktop.ui.panels.palette import CreaturePalette, load_library
from orcus_desktop.ui.player_window import PlayerWindow

ENCOUNTER_FILTER = "Orcus encounters (*.json *.orcus.json);;All files (*)"

FIXED_SHORTCUTS = (
    ("Esc", "Cancel what the map tool is doing: targeting, a push, a wall, a drag"),
    ("Right click", "Cancel targeting or a push (the token menu with the select tool)"),
    ("Enter", "Go ahead with the targets clicked so far; finish a wall"),
    ("Enter in the creature library", "Place the creature at the middle of the view"),
    ("Ctrl+Return", "End the turn (Initiative panel)"),
    ("Double-click / Enter in Actions", "Use the power or action: choose targets on the map"),
    ("Shift+drag", "Shift instead of walking (000 Five-Foot Step)"),
    ("Ctrl+drag", "A GM move: no action spent, nothing provoked"),
    ("Space+drag, middle drag", "Pan the map"),
    ("Wheel, +/-", "Zoom"),
    ("Arrow keys", "Pan the map"),
)
"""Keys that are not menu actions, for Help > Keyboard Shortcuts."""
IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.webp)"


class MainWindow(QMainWindow):
    """The GM's window onto one encounter.

    Args:
        encounter: the encounter to show (used when `session` is None).
        path: the file it came from, or None (unsaved or the bundled demo).
        session: an existing game session to drive; by default one is built over `encounter`.

    Signals:
        unsaved_discarded: the GM chose Discard for unsaved changes (autosave drops its copy).
        closed: the window closed (after the Save/Discard question, if it asked one).
    """

    unsaved_discarded = Signal()
    closed = Signal()

    def __init__(
        self,
        encounter: Encounter,
        path: Path | None = None,
        session: GameSession | None = None,
    ) -> None:
        super().__init__()
        if session is None:
            document = Document(encounter)
            session = GameSession(document, History(document), random.Random())
        self.session = session
        self._path = path
        self.scene = MapScene(
            session.document,
            rules=session.rules,
            image_root=path.parent if path else None,
            parent=self,
        )
        self.view = MapView(self.scene, self)
        self.view.message.connect(self._on_message)
        self.view.hovered_square.connect(self._on_hovered_square)
        self.view.context_menu_requested.connect(self._on_context_menu_requested)
        self.view.set_drop_handler(
            MapDropHandler(
                session,
                self.open_file,
                self.import_map_image,
                # Looked up at drop time so tests (and later a setting) can answer instead.
                lambda path: self._ask_image_use(path),
            )
        )
        self.setCentralWidget(self.view)
        self.square_label = QLabel()
        self.square_label.setObjectName("hoveredSquare")
        self.statusBar().addPermanentWidget(self.square_label)
        self.setAcceptDrops(False)  # drops land on the map view, where the pointer says where
        self._switching_tool = False
        self._tool_before_targeting = "select"
        self._confirmed_close = False
        self.attack_dialog: AttackDialog | None = None
        self._forced_queue: list[tuple[str, str, int, str]] = []
        self.shortcuts_dialog: QDialog | None = None
        self._build_docks()
        self._build_actions()
        self._build_tools()
        self._build_menus()
        self.actions_panel.power_activated.connect(self._on_power_activated)
        self.actions_panel.action_activated.connect(self._on_action_activated)
        self.resize(1440, 900)
        # After the window has its size, so the map keeps most of it.
        self.resizeDocks([self.docks["log"]], [120], Qt.Orientation.Vertical)
        self.resizeDocks(
            [self.docks["library"], self.docks["actions"]], [240, 380], Qt.Orientation.Horizontal
        )
        events = session.document.events
        self._connections: list[tuple[SignalInstance, Callable[..., None]]] = []
        for signal, slot in (
            (events.creature_added, self._on_creatures_changed),
            (events.creature_removed, self._on_creatures_changed),
            (events.creature_changed, self._on_creatures_changed),
            (events.reset, self._on_document_reset),
            (events.map_changed, self._on_map_changed),
            (session.history.changed, self._on_history_changed),
        ):
            signal.connect(slot)
            self._connections.append((signal, slot))
        self._refresh()
        self._on_history_changed()
        enc = self.encounter
        self.log(
            f"Opened {enc.name}: {len(enc.creatures)} creatures, "
            f"{len(enc.walls)} walls, a {enc.grid.columns}x{enc.grid.rows} map."
        )

    # --- construction -------------------------------------------------------------------
    def _build_docks(self) -> None:
        self.creature_palette = CreaturePalette(load_library(resource_path("creatures")))
        self.creature_palette.place_requested.connect(self.view.drop_at_centre)  # Enter
        self.creature_list = QListWidget()
        self.creature_list.setObjectName("creatureList")
        self.creature_list.currentItemChanged.connect(self._on_creature_list_current)
        self.initiative_panel = InitiativePanel(self.session)
        self.actions_panel = ActionsPanel(
            self.session, self.scene.selected_creature_id, self.scene.selectionChanged
        )
        self.log_panel = CombatLogPanel(self.session)
        self.docks: dict[str, QDockWidget] = {}
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        docks: tuple[tuple[str, str, QWidget, Qt.DockWidgetArea], ...] = (
            ("library", "Creature library", self.creature_palette, left),
            ("creatures", "On the map", self.creature_list, left),
            ("initiative", "Initiative", self.initiative_panel, right),
            ("actions", "Actions", self.actions_panel, right),
            ("log", "Combat log", self.log_panel, Qt.DockWidgetArea.BottomDockWidgetArea),
        )
        for key, title, widget, area in docks:
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{key}Dock")
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.docks[key] = dock
        # The library and the creatures on the map share the left column as tabs, and the side
        # columns run the window's full height with the log under the map alone: at 1024x700
        # the map keeps room and the panels are not squeezed.
        self.tabifyDockWidget(self.docks["library"], self.docks["creatures"])
        self.docks["library"].raise_()
        self.setCorner(Qt.Corner.BottomLeftCorner, left)
        self.setCorner(Qt.Corner.BottomRightCorner, right)

    def _action(
        self, text: str, shortcut: QKeySequence | QKeySequence.StandardKey | str = ""
    ) -> QAction:
        act = QAction(text, self)
        if isinstance(shortcut, QKeySequence.StandardKey):
            act.setShortcuts(shortcut)
        elif shortcut:
            act.setShortcut(QKeySequence(shortcut))
        return act

    def _build_actions(self) -> None:
        action = self._action
        self.open_action = action("&Open…", QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self._on_open)
        self.save_action = action("&Save", QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(self._on_save)
        self.save_as_action = action("Save &As…", QKeySequence.StandardKey.SaveAs)
        self.save_as_action.triggered.connect(self._on_save_as)
        self.import_map_action = action("&Import Map Image…")
        self.import_map_action.triggered.connect(self._on_import_map)
        self.quit_action = action("&Quit", QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self._on_quit)
        self.undo_action = action("&Undo", QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self._on_undo)
        self.redo_action = action("&Redo", QKeySequence.StandardKey.Redo)
        self.redo_action.triggered.connect(self._on_redo)
        self.delete_action = action("&Remove Creature", QKeySequence.StandardKey.Delete)
        self.delete_action.triggered.connect(self._on_delete)
        self.zoom_in_action = action("Zoom &In", QKeySequence.StandardKey.ZoomIn)
        self.zoom_in_action.triggered.connect(self.view.zoom_in)
        self.zoom_out_action = action("Zoom &Out", QKeySequence.StandardKey.ZoomOut)
        self.zoom_out_action.triggered.connect(self.view.zoom_out)
        self.player_view_action = action("&Player View", "F5")
        self.player_view_action.setCheckable(True)
        self.player_view_action.toggled.connect(self._on_player_view_toggled)
        self.player_window: PlayerWindow | None = None
        self.fog_action = action("&Fog of War on Player View", "Ctrl+Shift+F")
        self.fog_action.setCheckable(True)
        self.fog_action.setChecked(True)
        self.fog_action.setToolTip("The player view shows only what the players' creatures see")
        self.fog_action.toggled.connect(self._on_fog_toggled)
        self.grid_action = action("Map &Grid…", "Ctrl+G")
        self.grid_action.triggered.connect(self._on_grid_dialog)
        self.fit_action = action("&Fit Map", "Ctrl+0")
        self.fit_action.triggered.connect(self.view.fit_map)
        self.about_action = QAction("&About Orcus Desktop", self)
        self.about_action.triggered.connect(self._on_about)
        self.shortcuts_action = action("&Keyboard Shortcuts", "F1")
        self.shortcuts_action.triggered.connect(self._on_shortcuts)
        # Combat: the creature the actions panel shows (the selected one, else whose turn it is).
        self.use_selected_action = action("&Use Selected Power or Action", "U")
        self.use_selected_action.triggered.connect(self._on_use_selected)
        self.basic_attack_action = action("&Basic Attack", "B")
        self.basic_attack_action.triggered.connect(self._on_basic_attack)
        self.charge_action = action("&Charge", "C")
        self.charge_action.triggered.connect(self._on_charge)
        self.take_opportunity_action = action("Take &Opportunity Attack", "O")
        self.take_opportunity_action.triggered.connect(self._on_take_opportunity)
        self.let_pass_action = action("&Let the Opportunity Attack Pass", "Shift+O")
        self.let_pass_action.triggered.connect(self._on_let_pass)

    def _build_tools(self) -> None:
        """The editing toolbar: one checkable action per pointer tool, with a key each."""
        session = self.session
        self.tool_group = QActionGroup(self)
        self.tool_group.setExclusive(True)
        self.tools: dict[str, tuple[QAction, Callable[[], MapTool]]] = {}
        self.terrain_kind = QComboBox()
        self.terrain_kind.setToolTip("Terrain painted by the terrain tool")
        for kind in TerrainKind:
            self.terrain_kind.addItem(kind.value.replace("-", " "), kind)
        self.terrain_kind.currentIndexChanged.connect(self._on_terrain_kind_changed)
        factories: tuple[tuple[str, str, str, Callable[[], MapTool]], ...] = (
            ("select", "Select", "V", lambda: SelectTool(session, self._on_tool_selected)),
            ("move", "Move", "M", lambda: MoveTool(session, self._on_tool_selected)),
            ("measure", "Measure", "R", MeasureTool),
            ("wall", "Wall", "W", lambda: WallTool(session, WallKind.WALL)),
            ("window", "Window", "Shift+W", lambda: WallTool(session, WallKind.WINDOW)),
            ("door", "Door", "D", lambda: WallTool(session, WallKind.DOOR)),
            ("terrain", "Terrain", "T", lambda: TerrainTool(session, self._terrain_kind())),
            ("erase", "Erase", "E", lambda: EraseTool(session)),
            ("template", "Template", "A", self._template_tool),
            (
                "calibrate",
                "Calibrate",
                "K",
                lambda: CalibrateTool(session, self.calibrate_map_image),
            ),
            (
                "sight",
                "Line of Sight",
                "L",
                lambda: SightTool(
                    session, self.scene.selected_creature_id, self._on_tool_selected
                ),
            ),
        )
        self.toolbar = QToolBar("Map tools", self)
        self.toolbar.setObjectName("mapTools")
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.toolbar)
        for key, text, shortcut, factory in factories:
            act = self._action(text, shortcut)
            act.setCheckable(True)
            act.setToolTip(f"{text} ({shortcut})")
            act.setData(key)
            act.triggered.connect(self._on_tool_triggered)
            self.tool_group.addAction(act)
            self.toolbar.addAction(act)
            self.tools[key] = (act, factory)
            if key == "terrain":
                self.toolbar.addWidget(self.terrain_kind)
            if key == "template":
                for widget in self._template_controls():
                    self.toolbar.addWidget(widget)
        self.toolbar.addSeparator()
        self.gm_move_action = self._action("GM Move", "G")
        self.gm_move_action.setCheckable(True)
        self.gm_move_action.setToolTip(
            "GM move (G): drags move tokens freely, spending no action and provoking nothing "
            "(Ctrl+drag does the same once; Shift+drag shifts)"
        )
        self.gm_move_action.toggled.connect(self._on_gm_move_toggled)
        self.toolbar.addAction(self.gm_move_action)
        self.activate_tool("select")

    def _template_controls(self) -> list[QWidget]:
        """Shape, Near/Far, size and range of the area template tool."""
        self.template_shape = QComboBox()
        for shape in AreaShape:
            self.template_shape.addItem(shape.value, shape)
        self.template_origin = QComboBox()
        for origin in AreaOrigin:
            self.template_origin.addItem(origin.value.title(), origin)
        self.template_origin.setCurrentIndex(1)  # Far: a GM aims it anywhere
        self.template_size = QSpinBox()
        self.template_size.setRange(0, 20)
        self.template_size.setValue(1)
        self.template_size.setPrefix("size ")
        self.template_range = QSpinBox()
        self.template_range.setRange(1, 50)
        self.template_range.setValue(10)
        self.template_range.setPrefix("range ")
        self.template_shape.setToolTip("Area shape (000 Areas of effect)")
        self.template_origin.setToolTip("Near: from the selected creature; Far: anywhere in range")
        self.template_range.setToolTip("A Far area's range from the selected creature")
        for combo in (self.template_shape, self.template_origin):
            combo.currentIndexChanged.connect(self._on_template_changed)
        for spin in (self.template_size, self.template_range):
            spin.valueChanged.connect(self._on_template_changed)
        return [self.template_shape, self.template_origin, self.template_size, self.template_range]

    def _template_tool(self) -> TemplateTool:
        shape = self.template_shape.currentData()
        origin = self.template_origin.currentData()
        return TemplateTool(
            self.session,
            shape if isinstance(shape, AreaShape) else AreaShape.BURST,
            origin if isinstance(origin, AreaOrigin) else AreaOrigin.FAR,
            self.template_size.value(),
            self.template_range.value(),
            self.scene.selected_creature_id,
        )

    def _build_menus(self) -> None:
        menu_bar = self.menuBar()
        file_menu = menu_bar.addMenu("&File")
        file_menu.addActions([self.open_action, self.save_action, self.save_as_action])
        file_menu.addSeparator()
        file_menu.addAction(self.import_map_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = menu_bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self.delete_action)
        view_menu = menu_bar.addMenu("&View")
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        view_menu.addAction(self.grid_action)
        view_menu.addAction(self.player_view_action)
        view_menu.addAction(self.fog_action)
        view_menu.addSeparator()
        for dock in self.docks.values():
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addAction(self.toolbar.toggleViewAction())
        tools_menu = menu_bar.addMenu("&Tools")
        tools_menu.addActions([act for act, _ in self.tools.values()])
        tools_menu.addSeparator()
        tools_menu.addAction(self.gm_move_action)
        combat_menu = menu_bar.addMenu("&Combat")
        combat_menu.addActions(
            [
                self.use_selected_action,
                self.basic_attack_action,
                self.charge_action,
            ]
        )
        combat_menu.addSeparator()
        combat_menu.addActions([self.take_opportunity_action, self.let_pass_action])
        help_menu = menu_bar.addMenu("&Help")
        help_menu.addAction(self.shortcuts_action)
        help_menu.addAction(self.about_action)

    # --- state --------------------------------------------------------------------------
    @property
    def encounter(self) -> Encounter:
        return self.session.encounter

    @property
    def path(self) -> Path | None:
        return self._path

    def log(self, line: str) -> None:
        """Tell the GM something that is not part of the combat log (files, refusals)."""
        self.statusBar().showMessage(line, 8000)

    def activate_tool(self, key: str) -> MapTool:
        """Switch the map to the tool named `key` ("select", "wall", ...) and return it."""
        act, factory = self.tools[key]
        act.setChecked(True)
        tool = factory()
        if isinstance(tool, MoveTool):
            tool.gm_move = self.gm_move_action.isChecked()
        # A targeting tool being replaced finishes; it must not switch tools back under us.
        self._switching_tool = True
        try:
            self.view.set_tool(tool)
        finally:
            self._switching_tool = False
        return tool

    def set_encounter(self, encounter: Encounter, path: Path | None) -> None:
        """Show another encounter (a file was opened): one session, a fresh history."""
        self._path = path
        self.scene.set_image_root(path.parent if path else None)
        self.session.open_encounter(encounter, initiator=self)
        # A fresh tool: whatever the old one was doing (a wall half drawn) belonged to the old map.
        self.activate_tool(str(self.tool_group.checkedAction().data()))
        self._refresh()
        self.view.fit_map()

    def _terrain_kind(self) -> TerrainKind:
        kind = self.terrain_kind.currentData()
        return kind if isinstance(kind, TerrainKind) else TerrainKind.DIFFICULT

    def _refresh(self) -> None:
        name = self._path.name if self._path else "unsaved"
        dirty = "" if self.session.history.is_clean else " *"
        self.setWindowTitle(f"{self.encounter.name} ({name}){dirty} — Orcus Desktop")
        self._fill_creature_list()

    def _fill_creature_list(self) -> None:
        selected = self.scene.selected_creature_id()
        self.creature_list.blockSignals(True)
        self.creature_list.clear()
        for creature in self.encounter.creatures:
            hidden = " — hidden" if creature.hidden else ""
            item = QListWidgetItem(
                f"{creature.name}  ({creature.side}, {creature.size.value}){hidden}"
            )
            item.setData(Qt.ItemDataRole.UserRole, creature.id)
            self.creature_list.addItem(item)
            if creature.id == selected:
                self.creature_list.setCurrentItem(item)
        self.creature_list.blockSignals(False)

    # --- slots --------------------------------------------------------------------------
    def _on_creatures_changed(self, _what: Creature | str | None = None) -> None:
        self._fill_creature_list()

    def _on_document_reset(self) -> None:
        self._refresh()

    def _on_map_changed(self) -> None:
        self._refresh()

    def _on_history_changed(self) -> None:
        history = self.session.history
        self.undo_action.setEnabled(history.can_undo)
        self.redo_action.setEnabled(history.can_redo)
        self.undo_action.setText(f"&Undo {history.undo_text}" if history.can_undo else "&Undo")
        self.redo_action.setText(f"&Redo {history.redo_text}" if history.can_redo else "&Redo")
        name = self._path.name if self._path else "unsaved"
        dirty = "" if history.is_clean else " *"
        self.setWindowTitle(f"{self.encounter.name} ({name}){dirty} — Orcus Desktop")

    def _on_undo(self) -> None:
        self._report(self.session.undo(initiator=self), "Undid")

    def _on_redo(self) -> None:
        self._report(self.session.redo(initiator=self), "Redid")

    def _report(self, result: OperationResult, verb: str) -> None:
        text = f"{verb} {result.text}" if result.ok else result.reason.capitalize()
        self.statusBar().showMessage(text, 5000)

    def _on_delete(self) -> None:
        creature_id = self.scene.selected_creature_id()
        if creature_id is None:
            self.statusBar().showMessage("Select a creature to remove first.", 5000)
            return
        result = self.session.remove_creature(creature_id, initiator=self)
        self._on_message(result.text if result.ok else f"Refused: {result.reason}")

    def _on_tool_triggered(self) -> None:
        act = self.sender()
        if isinstance(act, QAction):
            self.activate_tool(str(act.data()))

    def _on_terrain_kind_changed(self, _index: int) -> None:
        if self.tools["terrain"][0].isChecked():
            self.activate_tool("terrain")

    def _on_player_view_toggled(self, checked: bool) -> None:
        if checked and self.player_window is None:
            self.player_window = PlayerWindow(self.session, fog=self.fog_action.isChecked())
            self.player_window.show_on_second_screen()
        elif not checked and self.player_window is not None:
            self.player_window.close()
            self.player_window.deleteLater()
            self.player_window = None

    def _on_fog_toggled(self, checked: bool) -> None:
        if self.player_window is not None:
            self.player_window.set_fog_enabled(checked)

    def _on_template_changed(self, _value: int) -> None:
        if self.tools["template"][0].isChecked():
            self.activate_tool("template")

    def _on_gm_move_toggled(self, checked: bool) -> None:
        tool = self.view.tool
        if isinstance(tool, MoveTool):
            tool.gm_move = checked
        self.statusBar().showMessage(
            "GM move on: drags are free moves" if checked else "GM move off", 4000
        )

    def _on_tool_selected(self, creature_id: str | None) -> None:
        self.scene.select_creature(creature_id)
        for row in range(self.creature_list.count()):
            item = self.creature_list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == creature_id:
                self.creature_list.blockSignals(True)
                self.creature_list.setCurrentItem(item)
                self.creature_list.blockSignals(False)
                break

    def _on_creature_list_current(
        self, current: QListWidgetItem | None, _previous: QListWidgetItem | None
    ) -> None:
        creature_id = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        self.scene.select_creature(creature_id if isinstance(creature_id, str) else None)
        item = self.scene.token_item(creature_id) if isinstance(creature_id, str) else None
        if item is not None:
            self.view.ensureVisible(item)

    def _on_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def token_menu(self, creature_id: str) -> QMenu | None:
        """The right-click menu of a token: hide or show it to the players, remove it."""
        creature = self.encounter.find_creature(creature_id)
        if creature is None:
            return None
        menu = QMenu(self)
        menu.setTitle(creature.name)
        hide = menu.addAction(
            "Show to the Players" if creature.hidden else "Hide from the Players"
        )
        hide.triggered.connect(lambda: self._on_set_hidden(creature_id, not creature.hidden))
        remove = menu.addAction(f"Remove {creature.name}")
        remove.triggered.connect(lambda: self._on_remove(creature_id))
        return menu

    def _on_set_hidden(self, creature_id: str, hidden: bool) -> None:
        result = self.session.update_creature(creature_id, hidden=hidden, initiator=self)
        self._on_message(result.text if result.ok else f"Refused: {result.reason}")

    def _on_remove(self, creature_id: str) -> None:
        result = self.session.remove_creature(creature_id, initiator=self)
        self._on_message(result.text if result.ok else f"Refused: {result.reason}")

    def _on_context_menu_requested(self, x: float, y: float, global_pos: QPoint) -> None:
        # Only the select and move tools: the drawing tools use the right button themselves.
        if not isinstance(self.view.tool, MoveTool):
            return
        creature = creature_at(self.encounter, (x, y))
        if creature is None:
            return
        self._on_tool_selected(creature.id)
        menu = self.token_menu(creature.id)
        if menu is not None:
            menu.exec(global_pos)
            menu.deleteLater()

    def _on_hovered_square(self, col: int, row: int) -> None:
        # A permanent widget, not showMessage: a refusal's reason must not vanish as soon as
        # the mouse moves on.
        grid = self.encounter.grid
        inside = 0 <= col < grid.columns and 0 <= row < grid.rows
        self.square_label.setText(f"Square ({col}, {row})" if inside else "")

    def _on_open(self) -> None:
        start = str(self._path.parent) if self._path else ""
        file_name, _ = QFileDialog.getOpenFileName(self, "Open encounter", start, ENCOUNTER_FILTER)
        if file_name:
            self.open_file(Path(file_name))

    def open_file(self, path: Path) -> bool:
        """Open an encounter file; a bad file is reported and the open encounter is kept."""
        try:
            encounter = load_encounter(path)
        except EncounterFileError as exc:
            QMessageBox.warning(self, "Cannot open encounter", str(exc))
            self.log(f"Could not open {path.name}: {exc}")
            return False
        if not self.confirm_unsaved(f"opening {path.name}"):
            self.log(f"Kept {self.encounter.name} open.")
            return False
        self.set_encounter(encounter, path)
        self.log(f"Opened {encounter.name} from {path.name}.")
        return True

    def _on_import_map(self) -> None:
        file_name, _ = QFileDialog.getOpenFileName(self, "Import map image", "", IMAGE_FILTER)
        if file_name:
            self._on_message(self.import_map_image(Path(file_name)))

    def import_map_image(
        self,
        path: Path,
        pixels_per_square: float | None = None,
        offset_px: tuple[float, float] = (0.0, 0.0),
    ) -> str:
        """Make an image the map background (one undo step); returns a status line.

        Without `pixels_per_square` the image is stretched so its width spans the grid.
        """
        from PySide6.QtGui import QImageReader

        reader = QImageReader(str(path))
        size = reader.size()
        if not reader.canRead() or size.width() <= 0:
            return f"Refused: {path.name} is not an image Qt can read"
        grid = self.encounter.grid
        per_square = pixels_per_square or size.width() / max(1, grid.columns)
        image = MapImage(str(path), per_square, offset_px)
        result = self.session.set_map_image(image, initiator=self)
        return result.text if result.ok else f"Refused: {result.reason}"

    def calibrate_map_image(self, pixels_per_square: float, offset_px: tuple[float, float]) -> str:
        """Change how the grid lies on the map image (pixels per square and offset)."""
        image = self.encounter.map_image
        if image is None:
            return "Refused: there is no map image to calibrate"
        calibrated = replace(image, pixels_per_square=pixels_per_square, offset_px=offset_px)
        result = self.session.set_map_image(calibrated, initiator=self, text="Calibrate map")
        return result.text if result.ok else f"Refused: {result.reason}"

    def _on_grid_dialog(self) -> None:
        dialog = GridDialog(
            self.encounter.map_image, self.scene.grid_colour, self.encounter.grid, self
        )
        if dialog.exec() != GridDialog.DialogCode.Accepted:
            return
        size = (dialog.columns.value(), dialog.rows.value())
        if size != tuple(self.encounter.grid):
            result = self.session.resize_grid(*size, initiator=self)
            self._on_message(result.text if result.ok else f"Refused: {result.reason}")
        self.apply_grid_settings(
            dialog.colour,
            dialog.opacity.value() / 100,
            dialog.pixels_per_square.value(),
            (dialog.offset_x.value(), dialog.offset_y.value()),
        )

    def apply_grid_settings(
        self,
        colour: QColor,
        opacity: float,
        pixels_per_square: float | None = None,
        offset_px: tuple[float, float] | None = None,
    ) -> None:
        """Grid look (a view setting) and, with a map image, its calibration (one undo step)."""
        self.scene.set_grid_style(colour, opacity)
        image = self.encounter.map_image
        if (
            image is not None
            and pixels_per_square is not None
            and offset_px is not None
            and (pixels_per_square, offset_px) != (image.pixels_per_square, image.offset_px)
        ):
            self._on_message(self.calibrate_map_image(pixels_per_square, offset_px))

    def _ask_image_use(self, path: Path) -> ImageUse | None:
        box = QMessageBox(self)
        box.setWindowTitle("Dropped an image")
        box.setText(f"Use {path.name} as…")
        token = box.addButton("A token", QMessageBox.ButtonRole.AcceptRole)
        background = box.addButton("The map background", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        clicked = box.clickedButton()
        if clicked is token:
            return ImageUse.TOKEN
        if clicked is background:
            return ImageUse.MAP
        return None

    def _on_save(self) -> None:
        self.save()

    def save(self) -> bool:
        """Save to the encounter's file, or ask for one; True when it was saved."""
        if self._path is None or _is_bundled(self._path):
            return self.save_as()
        return self.save_to(self._path)

    def _on_save_as(self) -> None:
        self.save_as()

    def save_as(self) -> bool:
        """Ask for a file and save there; False when the GM cancels or it fails."""
        file_name, _ = QFileDialog.getSaveFileName(
            self, "Save encounter as", "encounter.json", ENCOUNTER_FILTER
        )
        return bool(file_name) and self.save_to(Path(file_name))

    def save_to(self, path: Path) -> bool:
        try:
            save_encounter(path, self.encounter)
        except OSError as exc:
            QMessageBox.warning(self, "Cannot save encounter", f"{path}: {exc.strerror or exc}")
            return False
        self._path = path
        self.session.history.mark_clean()
        self._refresh()
        self.log(f"Saved to {path.name}.")
        return True

    def _on_about(self) -> None:
        QMessageBox.about(
            self,
            "About Orcus Desktop",
            f"Orcus Desktop {__version__}\nAn offline battle map for the Orcus rules.",
        )

    # --- unsaved work ---------------------------------------------------------------------
    def confirm_unsaved(self, doing: str) -> bool:
        """Ask Save / Discard / Cancel when the encounter has unsaved changes.

        Args:
            doing: what would lose them ("closing", "opening cave.json").

        Returns:
            True to go ahead (saved, discarded or nothing unsaved); False to stay.
        """
        if self.session.history.is_clean:
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            f"{self.encounter.name} has unsaved changes. Save them before {doing}?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            self.unsaved_discarded.emit()
            return True
        return False

    def _on_quit(self) -> None:
        if self.confirm_unsaved("closing"):
            self._confirmed_close = True
            self.close()

    # --- targeting and attacks ------------------------------------------------------------
    def start_targeting(
        self, creature_id: str, *, power_name: str | None = None, action: str | None = None
    ) -> TargetingTool | None:
        """Aim a power (or an attack action) of a creature on the map.

        Returns:
            the targeting tool now on the map, or None when there was nothing to aim (a Self
            power went straight on) or it was refused (the reason is shown).
        """
        request = targeting_request(
            self.session, creature_id, power_name=power_name, action=action
        )
        if isinstance(request, str):
            self._show_refusal(request)
            return None
        if not request.needs_map:
            self._on_message(self._on_targets_chosen(TargetingChoice(request, (creature_id,))))
            return None
        self._tool_before_targeting = str(self.tool_group.checkedAction().data())
        tool = TargetingTool(
            self.session, request, self._on_targets_chosen, self._on_targeting_finished
        )
        self._switching_tool = True
        try:
            self.view.set_tool(tool)
        finally:
            self._switching_tool = False
        self.scene.select_creature(creature_id)
        self.actions_panel.show_creature(creature_id)
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)  # Esc and Enter go to the tool
        self.view.show_tool_preview()
        return tool

    def _on_power_activated(self, creature_id: str, power_name: str) -> None:
        self.start_targeting(creature_id, power_name=power_name)

    def _on_action_activated(self, creature_id: str, action: str) -> None:
        if action == CombatAction.OPPORTUNITY_ATTACK.value:
            self.actions_panel.take_opportunity_attacks(creature_id)
            return
        self.start_targeting(creature_id, action=action)

    def _on_targeting_finished(self) -> None:
        if not self._switching_tool:
            self.activate_tool(self._tool_before_targeting)
        self.actions_panel.show_creature(None)

    def _on_targets_chosen(self, choice: TargetingChoice) -> str:
        """The targets are chosen: ask for the dice (when there is a roll), then resolve."""
        request = choice.request
        if not (request.action.rolls and request.attack_roll):
            return self._after_attack(self.resolve_attack(choice, AttackOptions()))
        if self.attack_dialog is not None:
            self.attack_dialog.reject()
        dialog = AttackDialog(self.session, choice, self)
        dialog.accepted.connect(self._on_attack_dialog_accepted)
        dialog.rejected.connect(self._on_attack_dialog_rejected)
        self.attack_dialog = dialog
        dialog.open()
        return f"{request.label}: accept the app's roll or type in the table's dice"

    def _on_attack_dialog_accepted(self) -> None:
        dialog = self.attack_dialog
        if dialog is None:
            return
        self.attack_dialog = None
        dialog.deleteLater()
        self._on_message(self._after_attack(self.resolve_attack(dialog.choice, dialog.options)))

    def _on_attack_dialog_rejected(self) -> None:
        dialog = self.attack_dialog
        if dialog is None:
            return
        self.attack_dialog = None
        dialog.deleteLater()
        self._on_message(f"{dialog.choice.request.label}: cancelled, nothing changed")

    def resolve_attack(self, choice: TargetingChoice, options: AttackOptions) -> OperationResult:
        """Carry out the chosen attack or action through the session: one undo step."""
        session = self.session
        request = choice.request
        user = request.creature_id
        target = choice.target_ids[0] if choice.target_ids else ""
        dice = options.dice
        match request.action:
            case TargetingAction.POWER:
                return session.use_power(
                    user,
                    request.power_name,
                    choice.target_ids,
                    dice=dice,
                    cover=options.cover or None,
                    combat_advantage=options.combat_advantage,
                    knock_out=choice.target_ids if options.knock_out else (),
                    area_origin=choice.area_origin,
                    area_squares=choice.area_squares,
                    initiator=self,
                )
            case TargetingAction.CHARGE:
                if choice.destination is None:
                    return OperationResult.refused("charge", "no square to charge to", user)
                return session.charge(user, choice.destination, target, dice=dice, initiator=self)
            case TargetingAction.GRAPPLE:
                return session.grapple(user, target, dice=dice, initiator=self)
            case TargetingAction.SHOVE:
                return session.shove(user, target, dice=dice, initiator=self)
            case TargetingAction.COUP_DE_GRACE:
                return session.coup_de_grace(
                    user, target, request.power_name, dice=dice, initiator=self
                )
            case TargetingAction.HELP_ATTACK:
                return session.help_attack(user, choice.ally_id or "", target, initiator=self)
            case TargetingAction.HELP_DEFENSE:
                return session.help_defense(user, choice.ally_id or "", target, initiator=self)

    def _after_attack(self, result: OperationResult) -> str:
        """Report an attack, then let the GM carry out the forced movement it imposed."""
        text = self._report_attack(result)
        forced = result.details.get("forced", ()) if result.ok else ()
        if forced and result.creature_id is not None:
            self._forced_queue = [(t, k, n, result.creature_id) for t, k, n in forced]
            self._next_forced_move()
        return text

    def _next_forced_move(self) -> None:
        """Put the next pending push/pull/slide on the map (000 "Unwilling Movement")."""
        while self._forced_queue:
            target_id, kind, squares, source_id = self._forced_queue.pop(0)
            if self.encounter.find_creature(target_id) is None:
                continue
            tool = ForcedMoveTool(
                self.session, target_id, kind, squares, source_id, self._on_forced_finished
            )
            if not tool.destinations:
                continue  # nowhere to go: it stays (the log already says it was hit)
            self._tool_before_targeting = str(self.tool_group.checkedAction().data())
            self._switching_tool = True
            try:
                self.view.set_tool(tool)
            finally:
                self._switching_tool = False
            self.view.setFocus(Qt.FocusReason.OtherFocusReason)
            self.view.show_tool_preview()
            return

    def _on_forced_finished(self) -> None:
        if self._switching_tool:
            self._forced_queue.clear()  # the GM picked another tool: the rest is left alone
            return
        self.activate_tool(self._tool_before_targeting)
        self._next_forced_move()

    def _report_attack(self, result: OperationResult) -> str:
        """A status line for an attack: the log's account of it, forced movement, OAs."""
        if not result.ok:
            self._show_refusal(result.reason)
            return f"Refused: {result.reason}"
        self.actions_panel.message.clear()
        encounter = self.encounter
        names = names_of(encounter)
        attacks = [describe(entry, names) for entry in result.log if entry.kind == "attack"]
        text = attacks[-1] if attacks else result.text
        for target_id, kind, squares in result.details.get("forced", ()):
            # 000 "Unwilling Movement": the user chooses where: the GM clicks it on the map.
            name = names.get(target_id, target_id)
            text += f" — {kind} {name} up to {squares}: click where it ends (Esc: leave it)"
        if result.opportunity_attackers:
            offered = ", ".join(names.get(i, i) for i in result.opportunity_attackers)
            text += f" — opportunity attacks offered to {offered} (Actions panel)"
        return text

    def _show_refusal(self, reason: str) -> None:
        self.actions_panel.message.setText(reason)
        self._on_message(f"Refused: {reason}")

    def _on_use_selected(self) -> None:
        self.actions_panel.message.clear()
        self.actions_panel.activate_current()
        if self.actions_panel.message.text():
            self._on_message(self.actions_panel.message.text())

    def _on_basic_attack(self) -> None:
        self.actions_panel.activate_action(CombatAction.BASIC_ATTACK)

    def _on_charge(self) -> None:
        self.actions_panel.activate_action(CombatAction.CHARGE)

    def _on_take_opportunity(self) -> None:
        self.actions_panel.take_opportunity_attacks()

    def _on_let_pass(self) -> None:
        self.actions_panel.decline_opportunity_attacks()

    # --- help -------------------------------------------------------------------------------
    def shortcut_rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every menu action with a shortcut, then the fixed keys."""
        rows: list[tuple[str, str]] = []
        for menu_action in self.menuBar().actions():
            menu = menu_action.menu()
            if not isinstance(menu, QMenu):
                continue
            where = menu_action.text().replace("&", "")
            for act in menu.actions():
                keys = ", ".join(
                    k.toString(QKeySequence.SequenceFormat.NativeText) for k in act.shortcuts()
                )
                if keys:
                    rows.append((keys, f"{where}: {act.text().replace('&', '')}"))
        rows.extend(FIXED_SHORTCUTS)
        return rows

    def _on_shortcuts(self) -> None:
        if self.shortcuts_dialog is None:
            dialog = QDialog(self)
            dialog.setObjectName("shortcutsDialog")
            dialog.setWindowTitle("Keyboard Shortcuts")
            rows = self.shortcut_rows()
            table = QTableWidget(len(rows), 2, dialog)
            table.setHorizontalHeaderLabels(["Keys", "Does"])
            table.verticalHeader().setVisible(False)
            table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
            for row, (keys, what) in enumerate(rows):
                table.setItem(row, 0, QTableWidgetItem(keys))
                table.setItem(row, 1, QTableWidgetItem(what))
            header = table.horizontalHeader()
            header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
            header.setStretchLastSection(True)
            buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
            buttons.rejected.connect(dialog.reject)
            layout = QVBoxLayout(dialog)
            layout.addWidget(table)
            layout.addWidget(buttons)
            dialog.resize(620, 520)
            self.shortcuts_dialog = dialog
        self.shortcuts_dialog.show()

    def closeEvent(self, event: QCloseEvent) -> None:
        # Closed by the GM (title bar, Cmd+Q): unsaved work is never lost silently. A close
        # from code (scripts, the app at exit, File > Quit after asking) does not ask again.
        if (
            event.spontaneous()
            and not self._confirmed_close
            and not self.confirm_unsaved("closing")
        ):
            event.ignore()
            return
        # Stop following the document: its signals must not reach a closed window's widgets.
        for signal, slot in self._connections:
            signal.disconnect(slot)
        self._connections.clear()
        self.scene.detach()
        self.view.set_tool(None)
        self.player_view_action.setChecked(False)  # the players' window goes with the GM's
        event.accept()
        self.closed.emit()


def _is_bundled(path: Path) -> bool:
    """The bundled demo is read-only data: saving goes to a new file instead."""
    try:
        path.resolve().relative_to(resources_dir().resolve())
    except ValueError:
        return False
    return True
