"""The actions panel: what the selected creature (or the one whose turn it is) can do now.

It shows the actions left this turn, the side-panel numbers the rules engine computes
(current defenses, effective speed, hit points; `orcus_desktop.rules.derived`), the creature's
conditions, every action of 000 "Actions in Combat" and every power from
`GameSession.available_actions` with the reason for each one it cannot take (`tree`), and
buttons for the actions the session carries out without further choices (`buttons`,
`maintained`). Double-clicking (or Enter on) a power or a targeted action emits
`power_activated`/`action_activated`: the window then aims it on the map. Opportunity attacks
offered by a move are listed at the top whoever is shown (`offers`). Every button is one
session call (one undo step) and is disabled with the session's reason as its tooltip.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import psygnal
from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtCore import SignalInstance as QtSignalInstance
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.availability.table import AvailableActions
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.model.encounter import Creature
from orcus_desktop.rules.derived import current_defenses, effective_speed
from orcus_desktop.rules.format import format_resolved
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.ui import plugins
from orcus_desktop.ui.connections import DocumentConnections
from orcus_desktop.ui.panels.actions.buttons import ActionButtons
from orcus_desktop.ui.panels.actions.card import PowerCardView
from orcus_desktop.ui.panels.actions.gm_box import GmEditsBox
from orcus_desktop.ui.panels.actions.gm_section import GmEditsHeader
from orcus_desktop.ui.panels.actions.help_box import HelpButtons
from orcus_desktop.ui.panels.actions.maintained import MaintainButtons
from orcus_desktop.ui.panels.actions.offers import OpportunityOffers
from orcus_desktop.ui.panels.actions.ready import AskReady, ask_ready_dialog
from orcus_desktop.ui.panels.actions.tree import ActionTree
from orcus_desktop.ui.panels.common import (
    effects_summary,
    enable_with_reason,
    hit_points_text,
)
from orcus_desktop.ui.panels.overflow import ButtonRow
from orcus_desktop.ui.plugins import PanelContext

SelectionSignal = psygnal.SignalInstance | QtSignalInstance
"""A signal announcing that the selection changed (Qt's or psygnal's; its arguments unused)."""

Part = TypeVar("Part", bound=QWidget)

SelectedCreature = Callable[[], str | None]
"""Returns the id of the selected creature, or None."""


def budget_text(available: AvailableActions, session: GameSession) -> str:
    """``Standard 1 · Move 1 · Swift 1 · Immediate ready · Action point 1``."""
    if not available.in_combat:
        return "Outside combat: actions cost nothing."
    combat = session.encounter.combat
    combatant = combat.find(available.creature_id)
    if combatant is None:
        return "Not in the initiative."
    budget = available.budget
    if available.its_turn and session.ruleset.actions.action_ends_move:
        # 001-05, 001 l.53: "you can move and take one action", the move first.
        parts = [f"Move {budget.move}", f"Action {budget.standard}"]
    elif available.its_turn:
        parts = [
            f"Standard {budget.standard}",
            f"Move {budget.move}",
            # The ruleset's name for the swift action (002-01 "minor").
            f"{session.ruleset.label('swift').capitalize()} {budget.swift}",
        ]
    else:
        parts = ["Not its turn"]
    if available.its_turn and combatant.walk_left:
        # 003-18: what an interrupt's push left of its walk, walked with no new action.
        parts.insert(0, f"Walk on {combatant.walk_left} (003-18)")
    parts.append("Immediate used" if combatant.immediate_used else "Immediate ready")
    creature = session.encounter.creature(available.creature_id)
    state = session.rules.state(creature)
    if state is not None:
        if state.action_point_spent:
            parts.append("Action point spent")
        else:
            parts.append(f"Action points {state.action_points}")
    return " · ".join(parts)


class ActionsPanel(QWidget):
    """The actions dock for one creature, the first of these there is.

    The one pinned (`show_creature`); the one whose turn just began (until the GM selects
    another on the map); the one selected; the one whose turn it is.

    Args:
        session: the game session to drive.
        selected_creature: returns the id of the creature selected on the map, or None.
        selection_changed: emitted when that selection changes (e.g. the map scene's
            `selectionChanged`); the panel then shows the newly selected creature.
        parent: the Qt parent.

    Attributes:
        title: the creature's name and whether it is its turn.
        budget: the actions left this turn.
        numbers: defenses, speed, hit points.
        conditions: its conditions and persistent damage.
        tree: every action and power, allowed or not, with the reason; a power's card on hover.
        power_card: the card of the power clicked in the list (hidden when none is).
        action_buttons: the simple actions' buttons.
        help_buttons: Help attack…, Help defense…, Aid another… and Fall… (dialogs ask who).
        button_row: where both boxes' buttons show, under the list: the lines the dock has
            room for, the rest in its "More ▾" menu (R-257).
        maintained: one "Maintain" button per power the creature keeps going.
        gm_box: the GM's edits.
        gm_header: the "GM edits" button beside the title that opens and closes the GM box
            (R-237).
        buttons: every button by key ("stand_up", "help_attack", "fall", "damage"...), of the
            action buttons, the help buttons and the GM box.
        message: the reason the last request was refused.
        ask_ready: asks the GM for the readied action's type (of those the table lets it
            ready, the others greyed with why) and trigger (a dialog; tests
            replace it).
        offers_box: the opportunity attacks offered now, whoever is shown; hidden when none
            is offered.

    Signals:
        power_activated: `(creature_id, power_name)` when the GM double-clicks (or presses
            Enter on) a power the creature may use now; the window aims it on the map.
        action_activated: `(creature_id, action)` likewise for an allowed action of
            "Actions in combat" (`CombatAction` value), e.g. a charge or a grapple.
        tool_requested: `(make)` when a variant's box puts a pointer tool on the map
            (`ui/plugins.py::ToolMaker`, 003-47's Sneak); the window shows it.
    """

    power_activated = Signal(str, str)
    action_activated = Signal(str, str)
    tool_requested = Signal(object)

    def __init__(
        self,
        session: GameSession,
        selected_creature: SelectedCreature | None = None,
        selection_changed: SelectionSignal | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("actionsPanel")
        self._session = session
        self._selected = selected_creature
        self._pinned: str | None = None
        # The turn moved on: its creature is shown until the GM selects another on the map.
        self._turn_shown: str | None = None
        self._turn_seen = (session.encounter.combat.current, session.encounter.combat.round)
        self._creature_id: str | None = None
        self._available: AvailableActions | None = None
        self.ask_ready: AskReady = ask_ready_dialog
        self._build_labels()
        self._build_boxes()
        self._lay_out()
        self._connect(selection_changed)
        self.refresh()
        self._fit_width()

    def _build_labels(self) -> None:
        self.title = QLabel(self)
        font = QFont(self.title.font())
        font.setBold(True)
        self.title.setFont(font)
        # Beside the GM edits button: a long name wraps rather than widen the dock.
        self.title.setWordWrap(True)
        self.budget = QLabel(self)
        self.budget.setWordWrap(True)
        self.numbers = QLabel(self)
        self.numbers.setWordWrap(True)
        self.conditions = QLabel(self)
        self.conditions.setWordWrap(True)
        self.tree = ActionTree(self._session, self)
        self.power_card = PowerCardView(self)
        self.tree.card_shown.connect(self.power_card.show_card)
        self.message = QLabel(self)
        self.message.setObjectName("actionsMessage")
        self.message.setWordWrap(True)
        self.message.hide()  # shown with a refusal: empty, its line is the buttons' (R-257)

    def _build_boxes(self) -> None:
        session, shown = self._session, self._shown_id
        # The simple actions and the help actions share one row under the list, on the lines
        # the dock has room for, the rest behind "More ▾".
        self.button_row = ButtonRow(self)
        self.action_buttons = ActionButtons(
            session,
            shown,
            lambda _parent, name, kinds: self.ask_ready(self, name, kinds),
            self,
            self.button_row,
        )
        self.help_buttons = HelpButtons(session, shown, self.show_refusal, self, self.button_row)
        self.maintained = MaintainButtons(session, self)
        self.gm_box = GmEditsBox(session, shown, self.tree.selected_effect_id, self)
        self.gm_header = GmEditsHeader(self.gm_box, self)
        self.offers_box = OpportunityOffers(session, self.show_refusal, self)
        self.offers_box.refilled.connect(self._fit_width)
        self.offers_box.refilled.connect(self._show_offers)
        # The installed variants' boxes (ui/plugins.py): what waits for the GM's word above
        # the list (001's "Against Who?", 004's "take the hit"), their tools under it.
        context = PanelContext(
            session, shown, self.show_refusal, self.refresh, self, self.tool_requested.emit
        )
        self._decision_parts = [box.build(context) for box in plugins.panel_boxes("decisions")]
        self._tool_parts = [box.build(context) for box in plugins.panel_boxes("tools")]
        self.buttons: dict[str, QPushButton] = {
            **self.action_buttons.buttons,
            **self.help_buttons.buttons,
            **self.gm_box.buttons,
        }
        for part in (*self._decision_parts, *self._tool_parts):
            self.buttons.update(part.buttons)

    def _lay_out(self) -> None:
        # Everything scrolls when the dock is shorter than the panel: an opportunity attack
        # offered, or a small screen, never makes the window grow past the screen.
        content = QWidget(self)
        content.setObjectName("actionsContent")
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setObjectName("actionsScroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setWidget(content)
        self.scroll_area.viewport().installEventFilter(self)
        # The dock area gives its spare height to this panel (the initiative keeps its hint).
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        # The creature's name and the GM box's button stay on top, unscrolled: the button one
        # click away, on a line the title leaves mostly empty.
        top = QHBoxLayout()
        top.setContentsMargins(4, 2, 4, 0)
        top.addWidget(self.title, 1)
        top.addWidget(self.gm_header)
        outer.addLayout(top)
        outer.addWidget(self.scroll_area)
        # The GM box sits under the scrolling part, at the dock's foot: never scrolled out of
        # view on a 1280x800 laptop, and in the same place after each selection (issue 31),
        # closed by its button to give the list its room on a laptop.
        outer.addWidget(self.gm_box)
        self._content = content
        layout = QVBoxLayout(content)
        layout.setContentsMargins(4, 2, 4, 4)
        self._content_layout = layout
        for widget in (self.budget, self.numbers, self.conditions):
            layout.addWidget(widget)
        layout.addWidget(self.offers_box)
        for part in self._decision_parts:
            layout.addWidget(part.widget)
        layout.addWidget(self.tree, 1)
        # The buttons right under the list, where a power's card shown below cannot move them.
        layout.addWidget(self.button_row)
        layout.addWidget(self.power_card)
        for part in self._tool_parts:
            layout.addWidget(part.widget)
        layout.addWidget(self.maintained)
        layout.addWidget(self.message)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.scroll_area.viewport() and event.type() is QEvent.Type.Resize:
            # Once the layout has placed the list in the new room.
            QTimer.singleShot(0, self, self._fit_tree_to_view)
        return super().eventFilter(watched, event)

    def _fit_tree_to_view(self) -> None:
        """The list and the buttons under it share the room the view has left (R-237, R-257).

        The list takes that room less one line of buttons (within its least and wanted
        heights); the buttons take as many lines as are left, at least one, the rest of them
        behind "More ▾". At 1366x768 the list keeps its seven rows and every button is one
        click away without scrolling.
        """
        layout = self._content_layout
        room = self.scroll_area.viewport().height() - self.tree.y()
        room -= layout.contentsMargins().bottom() + layout.spacing()
        row = self.button_row
        line, gap = row.line_height(), row.gap()
        listed = self.tree.fit_height(room - line)
        row.set_max_lines((room - listed + gap) // (line + gap))

    def _connect(self, selection_changed: SelectionSignal | None) -> None:
        self._connections = DocumentConnections()
        events = self._session.document.events
        for signal in (
            events.combat_changed,
            events.creature_removed,
            events.creature_added,
            events.reset,
            events.map_changed,  # another ruleset: its actions, names and buttons
        ):
            self._connections.connect(signal, self._on_document_changed)
        self._connections.connect(events.creature_changed, self._on_creature_changed)
        if isinstance(selection_changed, psygnal.SignalInstance):
            self._connections.connect(selection_changed, self._on_selection_changed)
        elif selection_changed is not None:
            selection_changed.connect(self._on_selection_changed)
        self._connections.bind(self)
        self.tree.itemSelectionChanged.connect(self.gm_box.update_buttons)
        self.tree.power_activated.connect(self._on_power_activated)
        self.tree.action_activated.connect(self._on_action_activated)
        self.tree.refused.connect(self.show_refusal)

    # -- public ----------------------------------------------------------------------------

    @property
    def creature_id(self) -> str | None:
        """The creature shown, or None."""
        return self._creature_id

    @property
    def available(self) -> AvailableActions | None:
        """The session's answer shown, or None when no creature is shown."""
        return self._available

    @property
    def maintain_buttons(self) -> dict[str, QPushButton]:
        """The "Maintain" buttons by power name."""
        return self.maintained.buttons

    @property
    def offer_rows(self) -> dict[str, tuple[QLineEdit, QPushButton, QPushButton]]:
        """The widgets of each offer by the enemy's id: (dice, take, let pass)."""
        return self.offers_box.rows

    def part(self, kind: type[Part]) -> Part:
        """The box of this kind an installed variant built into the panel (tests, the window).

        Raises:
            LookupError: no installed variant built one.
        """
        widgets = (p.widget for p in (*self._decision_parts, *self._tool_parts))
        found = next((w for w in widgets if isinstance(w, kind)), None)
        if found is None:
            raise LookupError(f"no {kind.__name__} is plugged into the Actions panel")
        return found

    def show_creature(self, creature_id: str | None) -> None:
        """Show this creature whatever the selection (None: follow the selection again)."""
        self._pinned = creature_id or None
        self.refresh()

    def refresh(self) -> None:
        """Read the snapshot and the session's answers again."""
        self.offers_box.fill()
        self.action_buttons.follow_ruleset()
        self.button_row.refit()  # its words follow the ruleset (004's "Attack of opportunity")
        creature = self._shown_creature()
        self._creature_id = creature.id if creature is not None else None
        for part in (*self._decision_parts, *self._tool_parts):
            part.update_for(self._creature_id)
        if creature is None:
            self._available = None
            self.title.setText("Select a creature to see what it can do.")
            for label in (self.budget, self.numbers, self.conditions):
                label.clear()
            self.tree.clear()
            self.power_card.show_card(None)
            for button in self.buttons.values():
                enable_with_reason(button, "Select a creature.", "")
            self.maintained.fill(None)
            return
        available = self._session.available_actions(creature.id)
        self._available = available
        self.title.setText(self._title_text(creature, available))
        self.budget.setText(budget_text(available, self._session))
        self._fill_numbers(creature)
        self.power_card.user = creature.name  # whose damage a card roll is, in the log
        self.tree.fill(creature, available)
        self.action_buttons.update_for(available)
        self.help_buttons.update_for(available)
        self.gm_box.update_buttons()
        self.maintained.fill(creature)

    def take_opportunity_attacks(self, enemy_id: str | None = None) -> None:
        """Take an offered opportunity attack (`enemy_id`'s, else the first one listed).

        The dice typed in its row are used; with none the app rolls (a keyboard shortcut).
        """
        self.offers_box.take(enemy_id)

    def decline_opportunity_attacks(self) -> None:
        """Let the first opportunity attack offered pass (a keyboard shortcut)."""
        self.offers_box.decline_first()

    def activate_current(self) -> None:
        """Use the power or action selected in the list, as a double-click does."""
        item = self.tree.currentItem()
        if item is None:
            self.show_refusal("Select a power or an action in the list first.")
            return
        if self._creature_id is not None:
            self.tree.activate(item)

    def activate_action(self, action: CombatAction) -> None:
        """Ask for `action` of the creature shown (a keyboard shortcut: basic attack, charge)."""
        if self._creature_id is None or self._available is None:
            self.show_refusal("Select a creature first.")
            return
        reason = self._available.option(action).reason
        if reason:
            self.show_refusal(reason)
            return
        self.action_activated.emit(self._creature_id, action.value)

    def sizeHint(self) -> QSize:
        # All of it without scrolling when the window has the room (the dock area shares its
        # height between the docks by their size hints; a scroll area asks for little).
        bar = self.scroll_area.verticalScrollBar().sizeHint().width()
        hint = self._content.sizeHint()
        title_line = max(self.title.sizeHint().height(), self.gm_header.sizeHint().height()) + 2
        return QSize(hint.width() + bar, hint.height() + title_line)

    # -- reading ---------------------------------------------------------------------------

    def _shown_id(self) -> str | None:
        return self._creature_id

    def _shown_creature(self) -> Creature | None:
        enc = self._session.encounter
        for candidate in (
            self._pinned,
            self._turn_shown,
            self._selected() if self._selected is not None else None,
            enc.combat.current,
        ):
            creature = enc.find_creature(candidate) if candidate else None
            if creature is not None:
                return creature
        return None

    def _title_text(self, creature: Creature, available: AvailableActions) -> str:
        if available.its_turn:
            return f"{creature.name}: its turn"
        if available.in_combat:
            return f"{creature.name}: not its turn"
        return creature.name

    def _fill_numbers(self, creature: Creature) -> None:
        session = self._session
        statblock = session.rules.statblock(creature)
        state = session.rules.state(creature)
        if statblock is None or state is None:
            self.numbers.setText(f"No stat block; speed {creature.speed}.")
            self.numbers.setToolTip("")
        else:
            defenses = current_defenses(statblock, state, session.ruleset)
            speed = effective_speed(statblock, state, session.ruleset)
            parts = [f"{d.label} {v.total}" for d, v in defenses.items()]
            parts.append(f"Speed {speed.total}")
            parts.append(f"HP {hit_points_text(session, creature)}")
            parts.append(f"Recoveries {state.recoveries_left}")
            if state.death_save_failures:
                parts.append(f"Death save failures {state.death_save_failures}")
            self.numbers.setText(" · ".join(parts))
            lines = [f"{d.label}: {format_resolved(v)}" for d, v in defenses.items()]
            lines.append(f"Speed: {format_resolved(speed)}")
            self.numbers.setToolTip("\n".join(lines))
        label = session.ruleset.label
        effects = effects_summary(creature, label)
        implied = sorted(
            label(c.value).capitalize()
            for c in session.rules.conditions(session.encounter, creature.id)
        )
        text = f"Conditions: {effects}" if effects else "No conditions."
        explicit = {label.split(" (")[0] for label in effects.split(", ")} if effects else set()
        extra = [c for c in implied if c not in explicit]
        if extra:
            text += f" (also {', '.join(extra).lower()})"
        combatant = session.encounter.combat.find(creature.id)
        if combatant is not None and combatant.readied is not None:
            text += f"\nReadied {combatant.readied.kind.value} action: {combatant.readied.trigger}"
        if combatant is not None and combatant.out_of_turn is ActionKind.OPPORTUNITY:
            readied = session.ask(
                questions.readied_attack, creature.id
            )  # 003-52's readied shot, "" elsewhere
            strike = session.ask(questions.strike_name, creature.id)  # 001-23/24, "" elsewhere
            reaction = (
                f"a {strike}" if strike else f"an {session.ruleset.label('opportunity_attack')}"
            )
            text += (
                f"\nMay make its readied {readied} now."
                if readied
                else f"\nMay take {reaction} now."
            )
        self.conditions.setText(text)

    def _fit_width(self) -> None:
        """Keep the dock as wide as the panel's widest row: it scrolls up and down only."""
        bar = self.scroll_area.verticalScrollBar().sizeHint().width()
        self.scroll_area.setMinimumWidth(self._content.minimumSizeHint().width() + bar)

    # -- slots -----------------------------------------------------------------------------

    def show_refusal(self, reason: str) -> None:
        """Why the panel's last request was refused, under its buttons ("" clears it).

        The window's `ResultReporter` calls it for the panel and the boxes inside it. The
        panel scrolls to the line: under the GM box it was out of sight on a laptop's screen,
        so a refused double-click seemed to do nothing.
        """
        self.message.setText(reason)
        self.message.setVisible(bool(reason))
        if reason:
            # Once the label has its new height.
            QTimer.singleShot(0, self, self._show_message)

    def _show_offers(self) -> None:
        """An opportunity attack offered: its answer scrolls into view.

        The GM box sits under the scrolling part, so on a small screen that part is short.
        """
        rows = list(self.offers_box.rows.values())
        if rows:
            QTimer.singleShot(0, self, lambda: self._ensure_shown(rows[0][2]))

    def _ensure_shown(self, widget: QWidget) -> None:
        if self._content.isAncestorOf(widget):
            self.scroll_area.ensureWidgetVisible(widget)

    def _show_message(self) -> None:
        self.scroll_area.ensureWidgetVisible(self.message)

    def _on_power_activated(self, power: str) -> None:
        if self._creature_id is not None:
            self.power_activated.emit(self._creature_id, power)

    def _on_action_activated(self, action: str) -> None:
        if self._creature_id is not None:
            self.action_activated.emit(self._creature_id, action)

    def _on_document_changed(self, _what: object = None) -> None:
        combat = self._session.encounter.combat
        turn = (combat.current, combat.round)
        if turn != self._turn_seen:
            self._turn_seen = turn
            self._turn_shown = combat.current  # unless the GM pinned another (`show_creature`)
        self.refresh()

    def _on_creature_changed(self, creature: Creature) -> None:
        # Another creature's change that matters here (a grapple, a mark) also logs, and
        # so arrives as combat_changed.
        if creature.id == self._creature_id:
            self.refresh()

    def _on_selection_changed(self, *_args: object) -> None:
        self._pinned = None
        self._turn_shown = None
        self.show_refusal("")
        self.refresh()
