"""The main window: the map in the middle, docks for the library, creatures, initiative, log.

The window owns no game state: it builds (or is given) a `GameSession` over a `Document` and
its `History`; the map scene and the creature list follow the document's events; every edit
goes through the session (docs/design.md#flow: ui → controller → command → document → event → ui).

It builds the window and its menus; the rest lives beside it: the map tools (`map_toolbar`),
the attack workflow (`attack_driver` over the controller's `AttackFlow`: targets on the map,
the attack dialog, the session, then the forced moves the document owes), the File menu and
the unsaved-changes question (`file_actions`), Help > Keyboard Shortcuts (`shortcuts_dialog`)
and the status bar (`status_report`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final, TypeVar

from psygnal import SignalInstance
from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QMainWindow,
    QMenu,
    QWidget,
)

from orcus_desktop.assets import resource_path
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.move_tool import MoveTool
from orcus_desktop.controller.tools.pointer import MapTool, creature_at
from orcus_desktop.controller.tools.targeting_tool import TargetingTool
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import History
from orcus_desktop.ui import plugins
from orcus_desktop.ui.attack_dialog import AttackDialog
from orcus_desktop.ui.attack_driver import AttackDriver
from orcus_desktop.ui.connections import follow_ruleset
from orcus_desktop.ui.creature_list import CreatureList, token_menu
from orcus_desktop.ui.file_actions import FileActions, ask_image_use
from orcus_desktop.ui.light_actions import LightActions
from orcus_desktop.ui.map.drops import ImageUse, MapDropHandler
from orcus_desktop.ui.map.reaction_prompt import ReactionPrompt
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map.view import MapView
from orcus_desktop.ui.map_legend import LegendAction
from orcus_desktop.ui.map_settings import MapSettings
from orcus_desktop.ui.map_toolbar import SHORTCUT_NAME, MapToolBar, make_action
from orcus_desktop.ui.notes import NoteLayer, note_menu_at
from orcus_desktop.ui.panels.actions.panel import ActionsPanel
from orcus_desktop.ui.panels.combat_log import CombatLogPanel
from orcus_desktop.ui.panels.dice_dock import DiceDock, SettingsFavourites
from orcus_desktop.ui.panels.initiative import InitiativePanel
from orcus_desktop.ui.panels.library_panel import LibraryPanel, user_library
from orcus_desktop.ui.panels.palette import load_library
from orcus_desktop.ui.player_view_control import PlayerViewControl
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.ui.players_frame import add_frame_drawing
from orcus_desktop.ui.players_look import PlayersLook
from orcus_desktop.ui.players_preview import PlayersPreview
from orcus_desktop.ui.plugins import MenuName, WindowContext
from orcus_desktop.ui.rename import CreatureRenamer, rename_encounter_action
from orcus_desktop.ui.ruleset_actions import RulesetActions
from orcus_desktop.ui.secret_doors import door_menu_at
from orcus_desktop.ui.share.control import ShareControl
from orcus_desktop.ui.shown_creature_actions import offer
from orcus_desktop.ui.status_report import SHORT_MS, ResultReporter, StatusReport
from orcus_desktop.ui.uvtt_actions import UvttActions
from orcus_desktop.ui.window_prefs import GridContrastMenu, fit_to_screen
from orcus_desktop.ui.workspaces import WorkspaceLayouts
from orcus_desktop.ui.zones import ZoneActions

if TYPE_CHECKING:
    from orcus_desktop.ui.shortcuts_dialog import ShortcutsDialog

Plugged = TypeVar("Plugged")

MENU_TITLES: Final[dict[MenuName, str]] = {
    "file": "&File",
    "edit": "&Edit",
    "view": "&View",
    "tools": "&Tools",
    "encounter": "E&ncounter",
    "combat": "&Combat",
    "window": "&Window",
    "help": "&Help",
}
"""The menu bar's menus in order, by the name a variant's items give (`ui/plugins.py`)."""


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
        self.scene = MapScene(
            session.document,
            rules=session.rules,
            image_root=path.parent if path else None,
            parent=self,
        )
        self.view = MapView(self.scene, self)
        self.status_report = StatusReport(self)
        # The one reader of every operation's result (and its initiator).
        self.result_reporter = ResultReporter(session, self.status_report.say)
        self.view.message.connect(self.status_report.say)
        self.scene.image_unreadable.connect(self.status_report.say)
        self.view.hovered_square.connect(self._on_hovered_square)
        self.view.context_menu_requested.connect(self._on_context_menu_requested)
        self.files = FileActions(
            self,
            session,
            path,
            self.set_encounter,
            self._refresh,
            self.unsaved_discarded.emit,
            self.status_report,
        )
        self.map_settings = MapSettings(self, session, self.scene)
        self.view.set_drop_handler(
            MapDropHandler(
                session,
                self.open_file,
                self.files.import_map_image,
                # Looked up at drop time so tests (and later a setting) can answer instead.
                lambda path: self._ask_image_use(path),
            )
        )
        self.setCentralWidget(self.view)
        self.setAcceptDrops(False)  # drops land on the map view, where the pointer says where
        self._confirmed_close = False
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self._build_docks()
        self._build_actions()
        self.toolbar = MapToolBar(
            self,
            session,
            self.view,
            self.scene.selected_creature_id,
            self._on_tool_selected,
            self.map_settings.calibrate,
            self.status_report,
        )
        self.attacks = AttackDriver(
            self,
            session,
            self.scene,
            self.view,
            self.toolbar,
            self.actions_panel,
            self.status_report,
        )
        self._build_menus()
        fit_to_screen(self)  # issue 31 item 1: the free area of the screen it opens on
        # After the window has its size, so the map keeps most of it.
        self.resizeDocks([self.docks["log"]], [120], Qt.Orientation.Vertical)
        self.resizeDocks(
            [self.docks["library"], self.docks["actions"]], [240, 380], Qt.Orientation.Horizontal
        )
        events = session.document.events
        self._connections: list[tuple[SignalInstance, Callable[..., None]]] = []
        for signal, slot in (
            (events.creature_added, self._fill_creature_list),
            (events.creature_removed, self._fill_creature_list),
            (events.creature_changed, self._fill_creature_list),
            (events.reset, self._refresh),
            (events.map_changed, self._refresh),
            (session.history.changed, self._on_history_changed),
            (session.history.changed, self.attacks.on_document_changed),
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
        bundled = load_library(resource_path("creatures"))
        self.creature_palette = LibraryPanel(bundled, user_library(), session=self.session)
        self.creature_palette.place_requested.connect(self.view.drop_at_centre)  # Enter
        self.creature_list = CreatureList(self._on_creature_chosen)
        self.initiative_panel = InitiativePanel(self.session)
        self.actions_panel = ActionsPanel(
            self.session, self.scene.selected_creature_id, self.scene.selectionChanged
        )
        # Issue 28: what waits for the GM's word, over the map beside the creatures involved.
        self.reaction_prompt = ReactionPrompt(
            self.session, self.view, self.actions_panel.take_opportunity_attacks
        )
        self.initiative_panel.resolve_requested.connect(self._on_resolve_first)
        self.log_panel = CombatLogPanel(self.session)
        self.dice_dock = DiceDock(self.session, SettingsFavourites())
        # A click on a power card's damage rolls it in the dock (issue 17).
        self.actions_panel.power_card.roll_requested.connect(self.dice_dock.roll_expression)
        self.docks: dict[str, QDockWidget] = {}
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        docks: tuple[tuple[str, str, QWidget, Qt.DockWidgetArea], ...] = (
            ("library", "Creature library", self.creature_palette, left),
            ("creatures", "On the map", self.creature_list, left),
            ("initiative", "Initiative", self.initiative_panel, right),
            ("actions", "Actions", self.actions_panel, right),
            ("log", "Combat log", self.log_panel, Qt.DockWidgetArea.BottomDockWidgetArea),
            ("dice", "Dice", self.dice_dock, Qt.DockWidgetArea.BottomDockWidgetArea),
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

    def _build_actions(self) -> None:
        def action(
            text: str, slot: Callable[[], object], shortcut: QKeySequence.StandardKey | str = ""
        ) -> QAction:
            return make_action(self, text, shortcut, slot=slot)

        keys = QKeySequence.StandardKey
        self.quit_action = action("&Quit", self._on_quit, keys.Quit)
        self.undo_action = action("&Undo", self._on_undo, keys.Undo)
        self.redo_action = action("&Redo", self._on_redo, keys.Redo)
        self.undo_action.setProperty(SHORTCUT_NAME, "Undo")
        self.redo_action.setProperty(SHORTCUT_NAME, "Redo")
        self.delete_action = action("&Remove Creature", self._on_delete, keys.Delete)
        self.renamer = CreatureRenamer(
            self, self.session, self.scene, self.initiative_panel, self.status_report.say
        )
        self.zoom_in_action = action("Zoom &In", self.view.zoom_in, keys.ZoomIn)
        self.zoom_out_action = action("Zoom &Out", self.view.zoom_out, keys.ZoomOut)
        self.fog_action = make_action(self, "&Fog of War on Player View", "Ctrl+Shift+F")
        self.fog_action.setCheckable(True)
        self.fog_action.setChecked(True)
        self.fog_action.setToolTip("The player view shows only what the players' creatures see")
        self.players_look = PlayersLook(self.session, self.fog_action, gm_scene=self.scene)
        self.player_view = PlayerViewControl(self, self.players_look)
        self.player_view_action = self.player_view.toggle_action
        self.players_preview = PlayersPreview(self, self.players_look)
        self.notes = NoteLayer(self.scene)  # the GM's pins (R-152), never the players'
        self.grid_action = action("Map &Grid…", self.map_settings.ask, "Ctrl+G")
        self.fit_action = action("&Fit Map", self.view.fit_map, "Ctrl+0")
        self.about_action = action("&About Orcus Desktop", self._on_about)
        self.shortcuts_action = action("&Keyboard Shortcuts", self._on_shortcuts, "F1")
        # Combat: the creature the actions panel shows (the selected one, else whose turn it is).
        panel = self.actions_panel
        self.use_selected_action = action(
            "&Use Selected Power or Action", self._on_use_selected, "U"
        )
        self.basic_attack_action = action(
            "&Basic Attack", lambda: panel.activate_action(CombatAction.BASIC_ATTACK), "B"
        )
        self.charge_action = action(
            "&Charge", lambda: panel.activate_action(CombatAction.CHARGE), "C"
        )
        self.charge_action.setObjectName("charge_action")  # a variant's attacks follow it
        self.take_opportunity_action = action(
            "Take &Opportunity Attack", panel.take_opportunity_attacks, "O"
        )
        self.let_pass_action = action(
            "&Let the Opportunity Attack Pass", panel.decline_opportunity_attacks, "Shift+O"
        )
        # The key is the Initiative panel's button's; the menu names it (R-117: both ask first).
        self.end_turn_action = action("&End Turn\tCtrl+Return", self.initiative_panel.end_turn)

    def _build_menus(self) -> None:
        menu_bar = self.menuBar()
        menus: dict[MenuName, QMenu] = {
            name: menu_bar.addMenu(title) for name, title in MENU_TITLES.items()
        }
        self._build_file_menu(menus["file"])
        self._build_edit_menu(menus["edit"])
        self._build_view_menu(menus["view"])
        self._build_tools_menu(menus["tools"])
        self._build_encounter_menu(menus["encounter"], menus["file"])
        self._build_combat_menu(menus["combat"])
        self._build_window_menu(menus["window"])
        menus["help"].addActions([self.shortcuts_action, self.about_action])
        self._plug_in(menus)

    def _build_file_menu(self, file_menu: QMenu) -> None:
        files = self.files
        file_menu.addAction(files.open_action)
        file_menu.addMenu(files.recent_menu)
        file_menu.addActions([files.save_action, files.save_as_action])
        file_menu.addSeparator()
        file_menu.addAction(files.import_map_action)
        self.map_files = UvttActions(
            self, self.session, lambda: self.files.path, self.status_report, file_menu
        )
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)

    def _build_edit_menu(self, edit_menu: QMenu) -> None:
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addActions([self.renamer.action, self.delete_action])

    def _build_view_menu(self, view_menu: QMenu) -> None:
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        view_menu.addAction(self.grid_action)
        view_menu.addAction(self.fog_action)
        view_menu.addAction(self.players_preview.action)  # issue 31 item 5
        self.legend = LegendAction(self)  # issue 31 item 3
        view_menu.addAction(self.legend.action)
        self.grid_contrast = GridContrastMenu(view_menu.addMenu("Grid &Contrast"), self.scene)
        view_menu.addSeparator()
        for dock in self.docks.values():
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addActions(
            [self.toolbar.toggleViewAction(), self.toolbar.prepare_bar.toggleViewAction()]
        )
        self.workspaces = WorkspaceLayouts(  # issue 31 item 2: Prepare / Run the Fight (F6)
            self, self.docks, self.toolbar.prepare_bar, view_menu.addMenu("&Layout")
        )

    def _build_tools_menu(self, tools_menu: QMenu) -> None:
        tools_menu.addActions([act for act, _ in self.toolbar.tools.values()])
        tools_menu.addSeparator()
        tools_menu.addAction(self.toolbar.gm_move_action)
        self.zones = ZoneActions(self, self.session, self.view, self.scene, self.status_report.say)
        self.zones.add_to(tools_menu)

    def _build_encounter_menu(self, encounter_menu: QMenu, file_menu: QMenu) -> None:
        self.rename_encounter_action = rename_encounter_action(self, self.session)
        encounter_menu.addAction(self.rename_encounter_action)
        self.rulesets = RulesetActions(
            self,
            self.session,
            self.confirm_unsaved,
            self.set_encounter,
            self.status_report,
            file_menu,
            encounter_menu,
        )
        self.lights = LightActions(
            self, self.session, self.scene, encounter_menu, self.status_report
        )

    def _build_combat_menu(self, combat_menu: QMenu) -> None:
        combat_menu.addActions(
            [self.use_selected_action, self.basic_attack_action, self.charge_action]
        )
        combat_menu.addSeparator()
        combat_menu.addActions([self.take_opportunity_action, self.let_pass_action])
        combat_menu.addAction(self.end_turn_action)
        follow_ruleset(self, self.session, self._offer_opportunity_attacks)

    def _build_window_menu(self, window_menu: QMenu) -> None:
        self.player_view.add_menu(window_menu)
        self.players_frame = add_frame_drawing(  # issue 31 item 4: a frame the GM drags
            self.player_view, self.toolbar, self.scene, self.status_report.say
        )
        # Window > Share with Players (issue 32): the Player view in the players' browsers.
        self.sharing = ShareControl(self, self.players_look)
        self.sharing.add_menu(window_menu)
        self.sharing.failed.connect(self.status_report.say)
        self.closed.connect(self.sharing.stop)

    def _plug_in(self, menus: dict[MenuName, QMenu]) -> None:
        """The installed variants' menu and status bar items (`ui/plugins.py`), kept."""
        context = WindowContext(
            self,
            self.session,
            lambda: self.actions_panel.creature_id,
            self.scene.selected_creature_id,
            self.status_report.say,
        )
        self._plugged: list[object] = [
            plugins.build_menu_items(items, context, menus[name])
            for name in MENU_TITLES
            for items in plugins.menu_items(name)
        ]
        for status_item in plugins.status_items():
            widget = status_item(context)
            self.statusBar().addPermanentWidget(widget)
            self._plugged.append(widget)

    def plugged(self, kind: type[Plugged]) -> Plugged:
        """The item of this kind an installed variant built into the window (tests, tools).

        Raises:
            LookupError: no installed variant built one.
        """
        found = next((p for p in self._plugged if isinstance(p, kind)), None)
        if found is None:
            raise LookupError(f"no {kind.__name__} is plugged into the window")
        return found

    # --- state --------------------------------------------------------------------------
    @property
    def encounter(self) -> Encounter:
        return self.session.encounter

    @property
    def path(self) -> Path | None:
        return self.files.path

    @property
    def attack_dialog(self) -> AttackDialog | None:
        """The attack dialog while it asks for the dice, else None."""
        return self.attacks.attack_dialog

    def log(self, line: str) -> None:
        """Tell the GM something that is not part of the combat log (files, refusals)."""
        self.status_report.say(line)

    def activate_tool(self, key: str) -> MapTool:
        """Switch the map to the tool named `key` ("select", "wall", ...) and return it."""
        return self.toolbar.activate(key)

    def set_encounter(self, encounter: Encounter, path: Path | None) -> None:
        """Show another encounter (a file was opened): one session, a fresh history."""
        self.files.path = path
        self.attacks.abandon()
        self.scene.set_image_root(path.parent if path else None)
        self.session.open_encounter(encounter, initiator=self)
        # A fresh tool: whatever the old one was doing (a wall half drawn) belonged to the old map.
        self.toolbar.restore()
        self._refresh()
        self.view.fit_map()

    def open_file(self, path: Path) -> bool:
        """Open an encounter file; a bad file is reported and the open encounter is kept."""
        return self.files.open_file(path)

    def save_to(self, path: Path) -> bool:
        """Save the encounter to `path`, which becomes its file; False when it failed."""
        return self.files.save_to(path)

    def confirm_unsaved(self, doing: str) -> bool:
        """Ask Save / Discard / Cancel when there are unsaved changes; True to go ahead."""
        return self.files.confirm_unsaved(doing)

    def start_targeting(
        self, creature_id: str, *, power_name: str | None = None, action: str | None = None
    ) -> TargetingTool | None:
        """Aim a power (or an attack action) of a creature on the map (`AttackDriver`)."""
        return self.attacks.start_targeting(creature_id, power_name=power_name, action=action)

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every menu action with a shortcut, then the fixed keys."""
        # Imported when first opened, not at start (start-up memory, issue 14).
        from orcus_desktop.ui.shortcuts_dialog import shortcut_rows

        return shortcut_rows(self.menuBar())

    def _refresh(self) -> None:
        self._update_title()
        self._fill_creature_list()

    def _update_title(self) -> None:
        name = self.path.name if self.path else "unsaved"
        # The GM's window names the ruleset (docs/rulesets.md); the player view does not.
        # "[*]" is Qt's unsaved mark: a "*" there (a dot in the close button on macOS).
        ruleset = self.session.ruleset.name
        self.setWindowTitle(f"{self.encounter.name} ({name})[*] — {ruleset} — Orcus Desktop")
        self.setWindowModified(not self.session.history.is_clean)

    def _fill_creature_list(self) -> None:
        self.creature_list.fill(self.encounter, self.scene.selected_creature_id())

    # --- slots --------------------------------------------------------------------------
    def _on_history_changed(self) -> None:
        history = self.session.history
        self.undo_action.setEnabled(history.can_undo)
        self.redo_action.setEnabled(history.can_redo)
        self.undo_action.setText(f"&Undo {history.undo_text}" if history.can_undo else "&Undo")
        self.redo_action.setText(f"&Redo {history.redo_text}" if history.can_redo else "&Redo")
        self._update_title()

    def _offer_opportunity_attacks(self) -> None:
        # 001-23..25: Strike! has Counter Strike! and Free Strike!, no opportunity attacks.
        offered = self.session.ruleset.hooks.reaction_rules.opportunity_attacks
        for act in (self.take_opportunity_action, self.let_pass_action):
            offer(act, offered)
        # 004 l.381 "attack of opportunity": the ruleset's own term.
        named = self.session.ruleset.label("opportunity_attack").title().replace(" Of ", " of ")
        self.take_opportunity_action.setText(f"Take &{named}")
        self.let_pass_action.setText(f"&Let the {named} Pass")

    def _on_resolve_first(self) -> None:
        """End turn asked and the GM answers what waits first: its prompts come to the front."""
        self.docks["actions"].raise_()
        self.reaction_prompt.refresh()
        self.view.setFocus()  # Enter and Esc answer the prompt

    def _on_undo(self) -> None:
        if self.view.cancel_drag():  # Ctrl+Z mid-drag cancels the drag, never an earlier step
            self.status_report.say("Drag cancelled.", SHORT_MS)
            return
        self.session.undo(initiator=self)

    def _on_redo(self) -> None:
        self.session.redo(initiator=self)

    def _on_delete(self) -> None:
        creature_id = self.scene.selected_creature_id()
        if creature_id is None:
            self.status_report.say("Select a creature to remove first.", SHORT_MS)
            return
        self._on_remove(creature_id)

    @property
    def player_window(self) -> PlayerWindow | None:
        """The player view while it is open (F5), else None."""
        return self.player_view.window

    def _on_tool_selected(self, creature_id: str | None) -> None:
        self.scene.select_creature(creature_id)
        self.creature_list.show_selected(creature_id)

    def _on_creature_chosen(self, creature_id: str | None) -> None:
        self.scene.select_creature(creature_id)
        item = self.scene.token_item(creature_id) if creature_id is not None else None
        if item is not None:
            self.view.ensureVisible(item)

    def _on_use_selected(self) -> None:
        panel = self.actions_panel
        panel.message.clear()
        panel.activate_current()
        if panel.message.text():
            self.status_report.say(panel.message.text())

    def token_menu(self, creature_id: str) -> QMenu | None:
        """The right-click menu of a token: hide or show it to the players, remove it."""
        return token_menu(self, self.session, creature_id)

    def _on_remove(self, creature_id: str) -> None:
        self.session.by(self).run(editing.remove_creature, creature_id)

    def _on_context_menu_requested(self, x: float, y: float, global_pos: QPoint) -> None:
        # Only the select and move tools: the drawing tools use the right button themselves.
        if not isinstance(self.view.tool, MoveTool):
            return
        creature = creature_at(self.encounter, (x, y))
        if creature is None:  # no token here: a door, else the zones, if any
            menu = (
                note_menu_at(self, self.session, x, y, adding=False)
                or door_menu_at(self, self.session, x, y)
                or self.zones.menu_at(x, y)
                or note_menu_at(self, self.session, x, y, adding=True)
            )
        else:
            self._on_tool_selected(creature.id)
            menu = self.token_menu(creature.id)
        if menu is not None:
            menu.exec(global_pos)
            menu.deleteLater()

    def _on_hovered_square(self, col: int, row: int) -> None:
        self.status_report.hovered_square(col, row, self.encounter.grid)

    def _ask_image_use(self, path: Path) -> ImageUse | None:
        return ask_image_use(self, path)

    def _on_about(self) -> None:
        # Imported when first opened, not at start (start-up memory, issue 14).
        from orcus_desktop.ui.about_dialog import show_about_dialog

        show_about_dialog(self)

    def _on_shortcuts(self) -> None:
        if self.shortcuts_dialog is None:
            # Imported when first opened, not at start (start-up memory, issue 14).
            from orcus_desktop.ui.shortcuts_dialog import ShortcutsDialog

            self.shortcuts_dialog = ShortcutsDialog(self.shortcut_rows(), self)
        self.shortcuts_dialog.show()

    def _on_quit(self) -> None:
        if self.files.confirm_unsaved("closing"):
            self._confirmed_close = True
            self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        # Closed by the GM (title bar, Cmd+Q): unsaved work is never lost silently. A close
        # from code (scripts, the app at exit, File > Quit after asking) does not ask again.
        if (
            event.spontaneous()
            and not self._confirmed_close
            and not self.files.confirm_unsaved("closing")
        ):
            event.ignore()
            return
        # Stop following the document: its signals must not reach a closed window's widgets.
        for signal, slot in self._connections:
            signal.disconnect(slot)
        self._connections.clear()
        self.result_reporter.detach()
        self.attacks.detach()
        self.lights.detach()
        self.scene.detach()
        self.view.set_tool(None)
        self.player_view.detach()  # the players' window goes with the GM's
        self.players_preview.action.setChecked(False)
        self.notes.detach()
        event.accept()
        self.closed.emit()
