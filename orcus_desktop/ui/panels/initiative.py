"""The initiative panel: who acts in what order, whose turn it is, and the turn-flow buttons.

`InitiativePanel` puts the `InitiativeTableModel` (`initiative_model.py`) in a table with the
buttons of 000 "Combat Step by Step": roll initiative (optionally one roll per
group of identical monsters), mark the surprised, start combat; then end turn (Ctrl+Return,
saving throws rolled or typed in), delay and act now, take a readied action on its trigger,
join a newcomer, move a creature up the order, end combat. Initiative values are edited in
place. Every button calls one `GameSession` method (one undo step) and is disabled, with the
reason as its tooltip, when the session would refuse.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QObject,
    QPoint,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeySequence, QMouseEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative, waiting_decisions
from orcus_desktop.ui import plugins
from orcus_desktop.ui.choice_actions import remember_choice, remembered_choice
from orcus_desktop.ui.connections import DocumentConnections
from orcus_desktop.ui.panels.common import (
    AskDie,
    ask_d20_dialog,
    enable_with_reason,
    name_of,
    typed_save_dice,
)
from orcus_desktop.ui.panels.flow import FlowBox
from orcus_desktop.ui.panels.initiative_buttons import heading_text, turn_flow_states
from orcus_desktop.ui.panels.initiative_model import Column, InitiativeTableModel
from orcus_desktop.ui.panels.shrinking import ElidedCheckBox, RowsTable, WrappedLabel
from orcus_desktop.ui.plugins import InitiativeContext
from orcus_desktop.ui.screens import app_settings

if TYPE_CHECKING:
    from orcus_desktop.ui.end_turn_dialog import EndTurnDialog

ROW_PADDING = 4
"""Pixels above and below the text of an initiative row (compact rows)."""

HINTED_ROWS = 14
"""The table makes room for this many rows at most (a bigger fight scrolls)."""

TABLE_SHARE = 0.25
"""The most of the window's height the table takes for its rows."""

INITIATIVE_ROWS_KEY: Final = "initiativePanel/rows"


class InitiativeRows(StrEnum):
    """Whether the table keeps every row in view (the setting's values, R-258)."""

    ALL = "all"  # its dock is as tall as the rows, at least
    SHORTER = "shorter"  # the GM dragged the dock shorter: the rows scroll


def _on_an_edge(window: QWidget, event: QEvent) -> bool:
    """Whether `event` is a left press between the window's docks (on no widget in it).

    That is where the GM drags a dock's edge.
    """
    if not isinstance(event, QMouseEvent) or event.button() is not Qt.MouseButton.LeftButton:
        return False
    return window.childAt(event.position().toPoint()) is None


class InitiativePanel(QWidget):
    """The initiative dock: the order, the round, and the turn-flow buttons.

    Args:
        session: the game session to drive.
        parent: the Qt parent.

    Attributes:
        model: the `InitiativeTableModel`.
        table: the table view.
        ask_die: asks for a d20 rolled at the table when "Type in dice rolled at the table"
            is checked (a dialog; tests replace it).

    Signals:
        creature_selected: `(creature_id)` when the GM picks a row ("" when none).
        resolve_requested: End turn asked, and the GM will answer what waits first.
    """

    creature_selected = Signal(str)
    resolve_requested = Signal()

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("initiativePanel")
        # Not expanding: the window's spare height goes to the Actions panel under it; the
        # table makes room for the fight's rows (`_fit_rows`).
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._session = session
        self._selecting = False
        # 003-07: the member of a group's row picked on the map (the row stands for them all).
        self._picked: str | None = None
        self.model = InitiativeTableModel(session, self)
        self.heading = WrappedLabel(self)  # a narrow dock wraps it
        self.heading.setObjectName("initiativeHeading")
        self._build_table()
        self.message = QLabel(self)
        self.message.setObjectName("initiativeMessage")
        self.message.setWordWrap(True)
        self.message.hide()  # shown with a refusal: empty, its line is the Actions list's
        self._build_setup_controls()
        self._build_combat_controls()
        self._rows_hinted = -1
        self._watched_window: QWidget | None = None
        self._dragging = False
        # Every row in view unless the GM dragged the dock shorter, in this run or before.
        rows = remembered_choice(app_settings(), INITIATIVE_ROWS_KEY, InitiativeRows.ALL)
        self.table.hold_rows(rows is InitiativeRows.ALL)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.setup_controls)
        layout.addWidget(self.combat_controls)
        layout.addWidget(self.typed_dice_check)
        layout.addWidget(self.message)
        self._connect()
        self._refresh()

    def _build_table(self) -> None:
        self.table = RowsTable(self)
        self.table.setObjectName("initiativeTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.table.verticalHeader().setVisible(False)
        # Compact rows (issue 13: an 11-creature fight at 1080p without scrolling).
        row_px = self.fontMetrics().height() + ROW_PADDING
        self.table.verticalHeader().setDefaultSectionSize(row_px)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(Column.CONDITIONS, QHeaderView.ResizeMode.Stretch)
        # A long status ("readied (the orc comes close)") is cut short with its tooltip giving
        # it whole, rather than squeezing the conditions away behind a horizontal scroll bar.
        header.setSectionResizeMode(Column.STATUS, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(
            Column.STATUS, self.fontMetrics().horizontalAdvance("OA offered") + 16
        )
        # Qt refits the columns sized to their contents only when the header's geometry
        # changes: a name or hit points placed on a new map stayed cut short ("Dwarf …").
        for changed in (
            self.model.rowsInserted,
            self.model.modelReset,
            self.model.dataChanged,
            self.model.layoutChanged,
        ):
            changed.connect(header.resizeSections)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._on_context_menu)

    def _build_setup_controls(self) -> None:
        """Before combat: roll, start, group, surprised, and the variants' buttons."""
        self.roll_button = self._button("Roll initiative", self._on_roll)
        self.group_check = ElidedCheckBox("Group identical monsters", self)
        self.group_check.setToolTip(
            "One roll for each group of identical monsters (000 'Initiative')."
        )
        self.surprised_button = self._button("Surprised", self._on_surprised)
        self.surprised_button.setCheckable(True)
        self.end_turn_dialog: EndTurnDialog | None = None
        self.start_button = self._button("Start combat", self._on_start)
        # The installed variants' buttons (ui/plugins.py; 001-01's "Initiative check…", 003-07's
        # "Monster groups…").
        self._plug_context = InitiativeContext(self._session, self.selected_creature_id, self)
        self._tools = [b.build(self._plug_context) for b in plugins.initiative_buttons()]
        # Setup buttons show before combat, turn buttons during it: the table keeps the room.
        # Wrapped to the dock's width, as narrow as the widest button.
        setup = (self.roll_button, self.start_button, self.group_check, self.surprised_button)
        self.setup_controls = FlowBox((*setup, *(tool.button for tool in self._tools)), self)

    def _build_combat_controls(self) -> None:
        """During combat: the turn's buttons, wrapped to the dock's width."""
        self.end_turn_button = self._button("End turn", self._on_end_turn)
        self.end_turn_button.setShortcut(QKeySequence("Ctrl+Return"))
        self.typed_dice_check = ElidedCheckBox("Type in dice rolled at the table", self)
        self.typed_dice_check.setObjectName("typed_dice_check")
        self.typed_dice_check.setToolTip(
            "Roll initiative, Join combat and End turn ask for each d20 rolled at the table: "
            "initiative (one per group), saving throws and death saving throws (cancel one to "
            "let the app roll it)."
        )
        self.ask_die: AskDie = ask_d20_dialog
        self.delay_button = self._button("Delay", self._on_delay)
        self.resume_button = self._button("Act now", self._on_resume)
        self.trigger_button = self._button("Readied action", self._on_trigger)
        self.join_button = self._button("Join combat", self._on_join)
        self.move_up_button = self._button("Move up", self._on_move_up)
        self.end_combat_button = self._button("End combat", self._on_end_combat)
        buttons = (
            self.end_turn_button,
            self.delay_button,
            self.resume_button,
            self.trigger_button,
            self.join_button,
            self.move_up_button,
            self.end_combat_button,
        )
        # Wrapped to the dock's width rather than four a row (which kept the dock wide).
        self.combat_controls = FlowBox(buttons, self)

    def _connect(self) -> None:
        self._connections = DocumentConnections()
        events = self._session.document.events
        for signal in (
            events.combat_changed,
            events.creature_added,
            events.creature_removed,
            events.creature_changed,
            events.reset,
            events.map_changed,  # a ruleset switch (001-01's check button)
        ):
            self._connections.connect(signal, self._on_document_changed)
        self._connections.bind(self)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)

    # -- public ----------------------------------------------------------------------------

    def selected_creature_id(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        value = rows[0].data(Qt.ItemDataRole.UserRole)
        picked = self._picked
        if picked is not None and self.model.row_of(picked) == rows[0].row():
            return picked
        return value if isinstance(value, str) else None

    def select_creature(self, creature_id: str | None) -> None:
        """Select the row of `creature_id` (or none) without announcing it."""
        row = self.model.row_of(creature_id) if creature_id else -1
        self._picked = creature_id
        self._selecting = True
        try:
            if row < 0:
                self.table.clearSelection()
            else:
                self.table.selectRow(row)
        finally:
            self._selecting = False
        self._update_buttons()

    # -- construction ----------------------------------------------------------------------

    def _button(self, text: str, slot: Callable[..., None]) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(text.lower().replace(" ", "_") + "_button")
        button.clicked.connect(slot)
        return button

    # -- state -----------------------------------------------------------------------------

    def _refresh(self) -> None:
        active = self._session.encounter.combat.active
        rows = self.model.rowCount()
        self.heading.setText(heading_text(self._session))
        self.setup_controls.setHidden(active)
        self.combat_controls.setHidden(not active)
        if rows != self._rows_hinted:
            self._rows_hinted = rows
            self._fit_rows()
        self._update_buttons()

    def _fit_rows(self) -> None:
        """Make the table tall enough for the fight's rows, within TABLE_SHARE of the window.

        Up to HINTED_ROWS: an 11-creature fight at 1080p needs no scrolling, and at 1024x700
        the Actions panel under it keeps its room.
        """
        table = self.table
        row_px = table.verticalHeader().defaultSectionSize()
        rows = min(max(self.model.rowCount(), 4), HINTED_ROWS)
        chrome = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
        wanted = chrome + rows * row_px
        top = self.window()
        if top is not self and top.height() > 0:
            wanted = min(wanted, max(chrome + 4 * row_px, int(top.height() * TABLE_SHARE)))
        table.set_wanted_height(wanted)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._watched_window:
            kind = event.type()
            if kind == QEvent.Type.Resize:
                self._fit_rows()
            elif kind == QEvent.Type.MouseButtonPress and _on_an_edge(self._watched_window, event):
                # The GM drags a dock's edge: the rows may give up their room.
                self._dragging = True
                self.table.hold_rows(False)
            elif kind == QEvent.Type.MouseButtonRelease and self._dragging:
                self._dragging = False
                self._keep_rows(self.table.height() >= self.table.wanted_height)
        return False

    def _keep_rows(self, hold: bool) -> None:
        """The GM left the dock tall enough for every row (held from now on) or shorter."""
        self.table.hold_rows(hold)
        choice = InitiativeRows.ALL if hold else InitiativeRows.SHORTER
        remember_choice(app_settings(), INITIATIVE_ROWS_KEY, choice)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        top = self.window()
        if top is not self and top is not self._watched_window:
            if self._watched_window is not None:
                self._watched_window.removeEventFilter(self)
            self._watched_window = top
            top.installEventFilter(self)
        self._fit_rows()

    def _update_buttons(self) -> None:
        session = self._session
        enc = session.encounter
        combat = enc.combat
        selected = self.selected_creature_id()
        combatant = combat.find(selected) if selected else None

        in_order = set(combat.order)
        to_roll = [c for c in enc.creatures if c.id not in in_order]
        if combat.active:
            why_not_roll = "Combat is running: a newcomer joins with 'Join combat'."
        elif not enc.creatures:
            why_not_roll = "No creatures on the map."
        elif not to_roll:
            why_not_roll = "Everyone has an initiative; double-click a value to edit it."
        else:
            why_not_roll = ""
        enable_with_reason(
            self.roll_button,
            why_not_roll,
            f"Roll initiative for {len(to_roll)} creature(s) not yet in the order.",
        )
        self.group_check.setEnabled(not why_not_roll)
        # 003-07: the groups are the GM's arrangement there, not identical creatures.
        self.group_check.setVisible(not session.ask(questions.has_monster_groups))
        for tool in self._tools:
            tool.update()

        if combat.active:
            why_not_surprise = "Surprise is decided before combat starts."
        elif selected is None:
            why_not_surprise = "Select a creature in the initiative."
        elif combatant is None:
            why_not_surprise = "Roll initiative for it first."
        else:
            why_not_surprise = ""
        enable_with_reason(
            self.surprised_button,
            why_not_surprise,
            f"Mark the selected creature surprised: {session.ask(questions.surprise_cost)}.",
        )
        self.surprised_button.blockSignals(True)
        self.surprised_button.setChecked(combatant is not None and combatant.surprised)
        self.surprised_button.blockSignals(False)

        if combat.active:
            why_not_start = "Combat is already running."
        elif not combat.combatants:
            why_not_start = "Roll initiative first."
        else:
            why_not_start = ""
        surprised = any(c.surprised for c in combat.combatants)
        enable_with_reason(
            self.start_button,
            why_not_start,
            session.ask(questions.start_combat_tip, surprised),
        )

        before = self._row_above(selected) if combatant is not None else None
        states = turn_flow_states(session, selected, before)
        for button, state in (
            (self.end_turn_button, states.end_turn),
            (self.delay_button, states.delay),
            (self.resume_button, states.resume),
            (self.trigger_button, states.trigger),
            (self.join_button, states.join),
            (self.move_up_button, states.move_up),
            (self.end_combat_button, states.end_combat),
        ):
            enable_with_reason(button, state.reason, state.tip)

    def show_refusal(self, reason: str) -> None:
        """Why the panel's last request was refused ("" clears it; the `ResultReporter` calls)."""
        self.message.setText(reason)
        self.message.setVisible(bool(reason))

    # -- slots -----------------------------------------------------------------------------

    def _on_document_changed(self, _what: object = None) -> None:
        self._refresh()

    def _on_selection_changed(
        self, _selected: QItemSelection, _deselected: QItemSelection
    ) -> None:
        if not self._selecting:
            self._picked = None
        self._update_buttons()
        if not self._selecting:
            self.creature_selected.emit(self.selected_creature_id() or "")

    def _on_roll(self) -> None:
        groups: dict[str, str] = {}
        if self.group_check.isChecked():
            for creature in self._session.encounter.creatures:
                statblock = self._session.rules.statblock(creature)
                if statblock is not None and not statblock.is_pc:
                    groups[creature.id] = f"{creature.side}: {statblock.name}"
        dice: dict[str, int] = {}
        if self.typed_dice_check.isChecked():
            dice = self._typed_initiative_dice(groups)
        self._session.by(self).run(initiative.roll_initiative, groups=groups, dice=dice)

    def _typed_initiative_dice(self, groups: dict[str, str]) -> dict[str, int]:
        """One d20 per creature to roll, or per group (000 "Initiative"; 003-07)."""
        enc = self._session.encounter
        in_order = set(enc.combat.order)
        rolling = [c for c in enc.creatures if c.id not in in_order]
        # 003-07: a monster group rolls once too, as `roll_initiative` groups them.
        rolled = self._session.ask(questions.roll_groups, tuple(c.id for c in rolling), groups)
        group_of = {c.id: rolled.get(c.id) for c in rolling}
        shared = Counter(g for g in group_of.values() if g)
        asked: dict[str, int | None] = {}
        dice: dict[str, int] = {}
        for creature in rolling:
            group = group_of[creature.id]
            key = f"group {group}" if group else creature.id
            if key not in asked:
                several = group and shared[group] > 1
                who = group.split(": ", 1)[-1] + " (group)" if group and several else creature.name
                asked[key] = self.ask_die(self, f"Initiative d20 for {who}:")
            value = asked[key]
            if value is not None:
                dice[creature.id] = value
        return dice

    def _on_surprised(self, checked: bool) -> None:
        selected = self.selected_creature_id()
        if selected is not None:
            self._session.by(self).run(initiative.set_surprised, selected, checked)
        self._update_buttons()

    def _on_start(self) -> None:
        self._session.by(self).run(initiative.start_combat)

    def _on_end_turn(self) -> None:
        self.end_turn()

    def end_turn(self) -> None:
        """End turn (the button, the Combat menu, Ctrl+Return).

        While something waits for the GM's word (an offer, a held attack or walk, a push to
        place...), the `EndTurnDialog` asks first: nothing lapses unsaid (docs/rulings.md R-117).
        """
        session = self._session
        waiting = session.ask(waiting_decisions.decisions)
        if not waiting:
            self._end_turn(let_pass=False)
            return
        # Imported when first opened, not at start (start-up memory, issue 14).
        from orcus_desktop.ui.end_turn_dialog import EndTurnDialog

        whose = name_of(session, session.encounter.combat.current)
        dialog = EndTurnDialog(whose, waiting, self)
        dialog.let_pass.connect(lambda: self._end_turn(let_pass=True))
        dialog.resolve_first.connect(self.resolve_requested)
        dialog.finished.connect(lambda _code: self._forget_end_turn_dialog())
        self.end_turn_dialog = dialog
        dialog.open()

    def _forget_end_turn_dialog(self) -> None:
        dialog, self.end_turn_dialog = self.end_turn_dialog, None
        if dialog is not None:
            dialog.deleteLater()

    def _end_turn(self, *, let_pass: bool) -> None:
        session = self._session
        dice: dict[int, int] = {}
        death_die: int | None = None
        if self.typed_dice_check.isChecked():
            dice = typed_save_dice(session, self, self.ask_die)
            # A dying creature's player rolls the death save at the table too.
            dying = session.ask(initiative.death_save_on_end_turn)
            if dying is not None:
                death_die = self.ask_die(self, f"{name_of(session, dying)}'s death saving throw:")
        session.end_turn(
            save_dice=dice, death_save_die=death_die, let_pass=let_pass, initiator=self
        )

    def _on_delay(self) -> None:
        self._session.delay(initiator=self)

    def _on_resume(self) -> None:
        selected = self.selected_creature_id()
        if selected is not None:
            self._session.by(self).run(initiative.resume_delayed, selected)

    def _on_trigger(self) -> None:
        selected = self.selected_creature_id()
        current = self._session.encounter.combat.current
        if selected is not None and current is not None:
            self._session.by(self).run(initiative.trigger_readied, selected, current)

    def _on_join(self) -> None:
        selected = self.selected_creature_id()
        if selected is None:
            return
        die = None
        if self.typed_dice_check.isChecked():
            die = self.ask_die(self, f"Initiative d20 for {name_of(self._session, selected)}:")
        self._session.by(self).run(initiative.join_combat, selected, die=die)

    def _row_above(self, creature_id: str | None) -> str | None:
        """The creature of the row above `creature_id`'s (a group's first member), or None."""
        row = self.model.row_of(creature_id) if creature_id else -1
        return self.model.creature_ids()[row - 1] if row > 0 else None

    def _on_move_up(self) -> None:
        selected = self.selected_creature_id()
        before = self._row_above(selected)
        if selected is None or before is None:
            return
        self._session.by(self).run(initiative.reorder_initiative, selected, before)

    def context_menu(self, creature_id: str | None) -> QMenu:
        """A row's right-click menu (None: no row under the pointer): the variants' items."""
        menu = QMenu(self)
        menu.setObjectName("initiativeMenu")
        plugins.initiative_menu(self._plug_context, creature_id, menu)
        return menu

    def _on_context_menu(self, pos: QPoint) -> None:
        index = self.table.indexAt(pos)
        value = index.data(Qt.ItemDataRole.UserRole) if index.isValid() else None
        creature_id = value if isinstance(value, str) else None
        menu = self.context_menu(creature_id)
        if not menu.isEmpty():
            menu.popup(self.table.viewport().mapToGlobal(pos))

    def _on_end_combat(self) -> None:
        self._session.by(self).run(initiative.end_combat)
