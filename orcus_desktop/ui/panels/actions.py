"""The actions panel: what the selected creature (or the one whose turn it is) can do now.

It shows the actions left this turn, the side-panel numbers the rules engine computes
(current defenses, effective speed, hit points; `orcus_desktop.rules.derived`), the creature's
conditions, every action of 000 "Actions in Combat" and every power from
`GameSession.available_actions` with the reason for each one it cannot take, and buttons for
the actions the session carries out without further choices (end turn, stand up, total
defense, action point, rally...). Double-clicking (or Enter on) a power or a targeted action
emits `power_activated`/`action_activated`: the window then aims it on the map. Opportunity
attacks offered by a move are listed at the top whoever is shown, each with "Take" (dice typed
in or rolled) and "Let it pass". Every button is one session call (one undo step) and is
disabled with the session's reason as its tooltip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import psygnal
from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtCore import SignalInstance as QtSignalInstance
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.controller.availability import (
    AvailableActions,
    CombatAction,
    find_power,
    kind_problem,
)
from orcus_desktop.controller.results import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.encounter import Creature
from orcus_desktop.rules.conditions import Condition, ConditionInstance, PersistentDamage
from orcus_desktop.rules.derived import current_defenses, effective_speed
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.format import format_resolved
from orcus_desktop.rules.powers import ActionKind, Frequency
from orcus_desktop.ui.attack_dialog import parse_dice
from orcus_desktop.ui.panels.common import (
    DURATION_TEXT,
    DocumentConnections,
    effect_text,
    effects_summary,
    hit_points_text,
    name_of,
)
from orcus_desktop.ui.panels.flow import FlowBox

SelectionSignal = psygnal.SignalInstance | QtSignalInstance
"""A signal announcing that the selection changed (Qt's or psygnal's; its arguments unused)."""

SelectedCreature = Callable[[], str | None]
"""Returns the id of the selected creature, or None."""

AskReady = Callable[[QWidget, str], tuple[ActionKind, str] | None]
"""Asks the GM what a creature readies: (action type, trigger), or None when cancelled."""

GM_CONDITIONS = tuple(
    c
    for c in Condition
    if c
    not in (
        Condition.DYING,
        Condition.SURPRISED,
        Condition.TOTAL_DEFENSE,
        Condition.RALLIED,
        Condition.DASHING,
        Condition.SQUEEZING,
    )
)
"""Conditions the GM imposes by hand (the others follow from hit points or actions)."""

GM_DURATIONS = (
    DurationKind.SAVE_ENDS,
    DurationKind.END_OF_TARGET_NEXT_TURN,
    DurationKind.START_OF_TARGET_NEXT_TURN,
    DurationKind.END_OF_ENCOUNTER,
    DurationKind.UNTIL_COUNTERED,
)
"""Durations the GM can give without naming another creature as the user."""

EFFECT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Tree item data: the effect id of a condition or persistent damage item."""

POWER_ROLE = Qt.ItemDataRole.UserRole + 2
"""Tree item data: the power's name on a power item."""

ACTION_ROLE = Qt.ItemDataRole.UserRole + 3
"""Tree item data: the `CombatAction` value on an action item."""

READY_KINDS = (ActionKind.STANDARD, ActionKind.MOVE, ActionKind.SWIFT)
"""000 "Ready": a standard, move or swift action can be readied."""


def ask_ready_dialog(parent: QWidget, name: str) -> tuple[ActionKind, str] | None:
    """Ask for the readied action's type and its trigger with two input dialogs."""
    labels = [kind.value for kind in READY_KINDS]
    label, ok = QInputDialog.getItem(
        parent, "Ready an action", f"Action {name} readies:", labels, 0, False
    )
    if not ok:
        return None
    trigger, ok = QInputDialog.getText(parent, "Ready an action", "Trigger:")
    if not ok or not trigger.strip():
        return None
    return ActionKind(label), trigger.strip()


@dataclass(frozen=True, slots=True)
class _Button:
    """A panel button: its label and the combat action whose answer enables it."""

    label: str
    action: CombatAction
    key: str


# Only actions the session carries out without a target or a square to choose. End turn and
# Delay are the Initiative panel's (one button each: that one asks for the table's save dice).
_BUTTONS = (
    _Button("Stand up", CombatAction.STAND_UP, "stand_up"),
    _Button("Drop prone", CombatAction.DROP_PRONE, "drop_prone"),
    _Button("Total defense", CombatAction.TOTAL_DEFENSE, "total_defense"),
    _Button("Spend action point", CombatAction.SPEND_ACTION_POINT, "spend_action_point"),
    _Button("Rally", CombatAction.RALLY, "rally"),
    _Button("Escape grapple", CombatAction.ESCAPE_GRAPPLE, "escape_grapple"),
    _Button("Release grapple", CombatAction.RELEASE_GRAPPLE, "release_grapple"),
    _Button("Opportunity attack", CombatAction.OPPORTUNITY_ATTACK, "opportunity_attack"),
    _Button("Ready…", CombatAction.READY, "ready"),
)

_COMBAT_ONLY = frozenset({CombatAction.OPPORTUNITY_ATTACK, CombatAction.READY})
"""Buttons that only mean something in a running combat."""

_TOOLTIPS: dict[CombatAction, str] = {
    CombatAction.STAND_UP: "Stand up from prone (move action).",
    CombatAction.DROP_PRONE: "Drop prone (free action).",
    CombatAction.TOTAL_DEFENSE: "+2 to all defenses until the start of its next turn (standard).",
    CombatAction.SPEND_ACTION_POINT: "One extra action this turn (once per encounter).",
    CombatAction.RALLY: "Spend a recovery and gain +2 to defenses (standard, once per encounter).",
    CombatAction.ESCAPE_GRAPPLE: "Athletics vs Fortitude to escape the grapple (standard).",
    CombatAction.RELEASE_GRAPPLE: "Let go of the creatures it grapples (free action).",
    CombatAction.OPPORTUNITY_ATTACK: "A basic melee attack against the creature that provoked.",
    CombatAction.READY: "Ready an action for a trigger (standard action, 000 'Ready').",
}


def budget_text(available: AvailableActions, session: GameSession) -> str:
    """``Standard 1 · Move 1 · Swift 1 · Immediate ready · Action point 1``."""
    if not available.in_combat:
        return "Outside combat: actions cost nothing."
    combat = session.encounter.combat
    combatant = combat.find(available.creature_id)
    if combatant is None:
        return "Not in the initiative."
    budget = available.budget
    if available.its_turn:
        parts = [
            f"Standard {budget.standard}",
            f"Move {budget.move}",
            f"Swift {budget.swift}",
        ]
    else:
        parts = ["Not its turn"]
    parts.append("Immediate used" if combatant.immediate_used else "Immediate ready")
    creature = session.encounter.creature(available.creature_id)
    state = session.rules.state(creature)
    if state is not None:
        if state.action_point_spent:
            parts.append("Action point spent")
        else:
            parts.append(f"Action points {state.action_points}")
    return " · ".join(parts)


class _ShortTree(QTreeWidget):
    """The actions list asks for its minimum height and takes whatever room is left over.

    It then gives up room first: the buttons and the GM's edits under it stay in view
    rather than scroll away in a short dock.
    """

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self.minimumHeight())


class ActionsPanel(QWidget):
    """The actions dock for one creature: the selected one, else the one whose turn it is.

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
        tree: every action and power, allowed or not, with the reason.
        buttons: the action buttons by key ("end_turn", "stand_up"...).
        maintain_buttons: one "Maintain" button per power the creature keeps going.
        message: the reason the last request was refused.
        ask_ready: asks the GM for the readied action's type and trigger (a dialog; tests
            replace it).
        offers_box: the opportunity attacks offered now, whoever is shown (000 "Opportunity
            Attacks"): per enemy, the dice rolled at the table (empty: the app rolls), "Take"
            and "Let it pass"; hidden when none is offered.
        offer_rows: the widgets of each offer by the enemy's id: (dice, take, let pass).

    Signals:
        power_activated: `(creature_id, power_name)` when the GM double-clicks (or presses
            Enter on) a power the creature may use now; the window aims it on the map.
        action_activated: `(creature_id, action)` likewise for an allowed action of
            "Actions in combat" (`CombatAction` value), e.g. a charge or a grapple.
    """

    power_activated = Signal(str, str)
    action_activated = Signal(str, str)

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
        self._creature_id: str | None = None
        self._available: AvailableActions | None = None
        self.ask_ready: AskReady = ask_ready_dialog
        self.maintain_buttons: dict[str, QPushButton] = {}

        self.title = QLabel(self)
        font = QFont(self.title.font())
        font.setBold(True)
        self.title.setFont(font)
        self.budget = QLabel(self)
        self.budget.setWordWrap(True)
        self.numbers = QLabel(self)
        self.numbers.setWordWrap(True)
        self.conditions = QLabel(self)
        self.conditions.setWordWrap(True)
        self.tree = _ShortTree(self)
        self.tree.setObjectName("actionsTree")
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Action", "Type", "Why not"])
        self.tree.setRootIsDecorated(True)
        self.tree.setMinimumHeight((self.fontMetrics().height() + 4) * 4)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.message = QLabel(self)
        self.message.setObjectName("actionsMessage")
        self.message.setWordWrap(True)

        self.buttons: dict[str, QPushButton] = {}
        self.action_buttons = FlowBox(parent=self)
        self.action_buttons.setObjectName("actionButtons")
        for spec in _BUTTONS:
            button = QPushButton(spec.label, self.action_buttons)
            button.setObjectName(f"{spec.key}_button")
            button.clicked.connect(self._slot_for(spec.action))
            self.buttons[spec.key] = button
            self.action_buttons.add(button)
        decline = QPushButton("Let it pass", self.action_buttons)
        decline.setObjectName("decline_opportunity_button")
        decline.clicked.connect(self._on_decline_opportunity)
        self.buttons["decline_opportunity"] = decline
        self.action_buttons.add(decline)

        self.gm_box = self._build_gm_box()
        self.offers_box = QGroupBox("Opportunity attacks offered", self)
        self.offers_box.setObjectName("offersBox")
        self._offers_layout = QGridLayout(self.offers_box)
        self._offers_layout.setContentsMargins(4, 4, 4, 4)
        self._offers_key: tuple[tuple[str, str], ...] = ()
        self._held_text = ""
        self.offer_rows: dict[str, tuple[QLineEdit, QPushButton, QPushButton]] = {}
        self.offers_box.setVisible(False)

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
        # The dock area gives its spare height to this panel (the initiative keeps its hint).
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll_area)
        self._content = content
        layout = QVBoxLayout(content)
        layout.setContentsMargins(4, 4, 4, 4)
        for widget in (self.title, self.budget, self.numbers, self.conditions):
            layout.addWidget(widget)
        layout.addWidget(self.offers_box)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.action_buttons)
        self._maintain_row = QHBoxLayout()
        layout.addLayout(self._maintain_row)
        layout.addWidget(self.gm_box)
        layout.addWidget(self.message)

        self._connections = DocumentConnections()
        events = session.document.events
        for signal in (
            events.combat_changed,
            events.creature_removed,
            events.creature_added,
            events.reset,
        ):
            self._connections.connect(signal, self._on_document_changed)
        self._connections.connect(events.creature_changed, self._on_creature_changed)
        if isinstance(selection_changed, psygnal.SignalInstance):
            self._connections.connect(selection_changed, self._on_selection_changed)
        elif selection_changed is not None:
            selection_changed.connect(self._on_selection_changed)
        self._connections.bind(self)
        self.tree.itemSelectionChanged.connect(self._on_tree_selection_changed)
        self.tree.itemActivated.connect(self._on_item_activated)
        self.refresh()
        self._fit_width()

    def _build_gm_box(self) -> QGroupBox:
        """The GM's edits: damage, healing, conditions, saves and ending effects."""
        box = QGroupBox("GM", self)
        self.gm_amount = QSpinBox(box)
        self.gm_amount.setRange(-999, 999)  # Set HP may go below 0 (000 "Hit Points")
        self.gm_amount.setValue(5)
        self.gm_amount.setObjectName("gm_amount")
        self.gm_condition = QComboBox(box)
        for condition in GM_CONDITIONS:
            # Qt keeps a str subclass as a plain string: store the value, convert back.
            self.gm_condition.addItem(condition.label, condition.value)
        self.gm_duration = QComboBox(box)
        for duration in GM_DURATIONS:
            self.gm_duration.addItem(DURATION_TEXT[duration], duration.value)
        row = (
            ("damage", "Damage", self._on_damage),
            ("heal", "Heal", self._on_heal),
            ("set_hit_points", "Set HP", self._on_set_hit_points),
            ("grant_temp_hp", "Temp HP", self._on_grant_temp_hp),
            ("add_condition", "Add", self._on_add_condition),
            ("saving_throw", "Save", self._on_saving_throw),
            ("remove_effect", "End effect", self._on_remove_effect),
        )
        for key, label, slot in row:
            button = QPushButton(label, box)
            button.setObjectName(f"{key}_button")
            button.clicked.connect(slot)
            self.buttons[key] = button
        # Two rows (hit points, effects) that wrap in a narrow dock.
        b = self.buttons
        rows: tuple[tuple[QWidget, ...], ...] = (
            (self.gm_amount, b["damage"], b["heal"], b["set_hit_points"], b["grant_temp_hp"]),
            (
                self.gm_condition,
                self.gm_duration,
                b["add_condition"],
                b["saving_throw"],
                b["remove_effect"],
            ),
        )
        layout = QVBoxLayout(box)
        layout.setContentsMargins(4, 4, 4, 4)
        for widgets in rows:
            layout.addWidget(FlowBox(widgets, box))
        return box

    # -- public ----------------------------------------------------------------------------

    @property
    def creature_id(self) -> str | None:
        """The creature shown, or None."""
        return self._creature_id

    @property
    def available(self) -> AvailableActions | None:
        """The session's answer shown, or None when no creature is shown."""
        return self._available

    def show_creature(self, creature_id: str | None) -> None:
        """Show this creature whatever the selection (None: follow the selection again)."""
        self._pinned = creature_id or None
        self.refresh()

    def refresh(self) -> None:
        """Read the snapshot and the session's answers again."""
        self._fill_offers()
        creature = self._shown_creature()
        self._creature_id = creature.id if creature is not None else None
        if creature is None:
            self._available = None
            self.title.setText("Select a creature to see what it can do.")
            for label in (self.budget, self.numbers, self.conditions):
                label.clear()
            self.tree.clear()
            for button in self.buttons.values():
                _enable(button, "Select a creature.", "")
            self._fill_maintained(None)
            return
        available = self._session.available_actions(creature.id)
        self._available = available
        self.title.setText(self._title_text(creature, available))
        self.budget.setText(budget_text(available, self._session))
        self._fill_numbers(creature)
        self._fill_tree(creature, available)
        self._update_buttons(available)
        self._fill_maintained(creature)

    # -- reading ---------------------------------------------------------------------------

    def _shown_creature(self) -> Creature | None:
        enc = self._session.encounter
        for candidate in (
            self._pinned,
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
        effects = effects_summary(creature)
        implied = sorted(c.label for c in session.rules.conditions(session.encounter, creature.id))
        text = f"Conditions: {effects}" if effects else "No conditions."
        explicit = {label.split(" (")[0] for label in effects.split(", ")} if effects else set()
        extra = [c for c in implied if c not in explicit]
        if extra:
            text += f" (also {', '.join(extra).lower()})"
        combatant = session.encounter.combat.find(creature.id)
        if combatant is not None and combatant.readied is not None:
            text += f"\nReadied {combatant.readied.kind.value} action: {combatant.readied.trigger}"
        if combatant is not None and combatant.out_of_turn is ActionKind.OPPORTUNITY:
            text += "\nMay take an opportunity attack now."
        self.conditions.setText(text)

    def _fill_tree(self, creature: Creature, available: AvailableActions) -> None:
        session = self._session
        state = session.rules.state(creature)
        selected_effect = self._selected_effect_id()
        self.tree.clear()
        powers = QTreeWidgetItem(self.tree, ["Powers"])
        for power_option in available.powers:
            power = find_power(session.rules, session.encounter, creature.id, power_option.name)
            usage = ""
            if power is not None:
                usage = power.frequency.value.replace("_", "-")
                if power.frequency is not Frequency.AT_WILL and state is not None:
                    used = power.name in state.powers_used
                    usage += ", used" if used else ", available"
            kind = f"{power_option.kind.value}, {usage}" if usage else power_option.kind.value
            item = QTreeWidgetItem(powers, [power_option.name, kind, power_option.reason])
            item.setData(0, POWER_ROLE, power_option.name)
            tip = power_option.reason or "Allowed now: double-click (or Enter) to choose targets."
            item.setToolTip(0, tip)
            item.setToolTip(2, power_option.reason)
            item.setDisabled(not power_option.allowed)
        actions = QTreeWidgetItem(self.tree, ["Actions in combat"])
        for option in available.actions:
            item = QTreeWidgetItem(
                actions, [option.action.label, option.kind.value, option.reason]
            )
            item.setData(0, ACTION_ROLE, option.action.value)
            item.setToolTip(0, option.reason or f"{option.action.label}: allowed now")
            item.setToolTip(2, option.reason)
            item.setDisabled(not option.allowed)
        if state is not None and (state.conditions or state.persistent):
            effects = QTreeWidgetItem(self.tree, ["Effects"])
            listed: list[ConditionInstance | PersistentDamage] = [
                *state.conditions,
                *state.persistent,
            ]
            for effect in listed:
                text = effect_text(effect)
                item = QTreeWidgetItem(effects, [text, "", effect.source])
                item.setData(0, EFFECT_ROLE, effect.effect_id)
                item.setToolTip(0, f"{text}, from {effect.source}. Select it to save or end it.")
            effects.setExpanded(True)
            for i in range(effects.childCount()):
                child = effects.child(i)
                if child is not None and child.data(0, EFFECT_ROLE) == selected_effect:
                    child.setSelected(True)
        actions.setExpanded(True)
        powers.setExpanded(True)

    def _fill_offers(self) -> None:
        """One row per enemy offered an opportunity attack now (docs/rulings.md R-02)."""
        session = self._session
        combat = session.encounter.combat
        mover = combat.current if combat.active else None
        key = tuple(
            (str(c.creature_id), mover)
            for c in combat.combatants
            if mover is not None and c.out_of_turn is ActionKind.OPPORTUNITY
        )
        # An attack held for the offers (a charge's, a ranged one) resolves once they are all
        # taken or let pass (000 "Immediate Actions").
        held = combat.pending.text if combat.pending is not None and key else ""
        if key == self._offers_key and held == self._held_text:
            return
        self._offers_key = key
        self._held_text = held
        layout = self._offers_layout
        while layout.count():
            taken = layout.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.deleteLater()
        self.offer_rows = {}
        for row, (enemy_id, mover_id) in enumerate(key):
            label = QLabel(
                f"{name_of(session, enemy_id)} may attack {name_of(session, mover_id)}",
                self.offers_box,
            )
            dice = QLineEdit(self.offers_box)
            dice.setObjectName("offer_dice")
            dice.setPlaceholderText("dice (empty: roll)")
            dice.setToolTip("The d20 and damage dice rolled at the table, in order")
            dice.setMaximumWidth(120)
            take = QPushButton("Take", self.offers_box)
            take.setObjectName("take_opportunity_button")
            take.setToolTip(
                f"{name_of(session, enemy_id)} makes its basic melee attack against "
                f"{name_of(session, mover_id)} (its immediate action)"
            )
            take.clicked.connect(self._offer_slot(enemy_id, mover_id, take=True))
            let_pass = QPushButton("Let it pass", self.offers_box)
            let_pass.setObjectName("let_pass_button")
            let_pass.setToolTip("Decline: its immediate action stays unused")
            let_pass.clicked.connect(self._offer_slot(enemy_id, mover_id, take=False))
            # Who may attack whom on a line of its own, the answer under it: the box stays as
            # narrow as the dock (a wide row made the window grow when an offer came).
            label.setWordWrap(True)
            layout.addWidget(label, 2 * row, 0, 1, 3)
            layout.addWidget(dice, 2 * row + 1, 0)
            layout.addWidget(take, 2 * row + 1, 1)
            layout.addWidget(let_pass, 2 * row + 1, 2)
            self.offer_rows[enemy_id] = (dice, take, let_pass)
        if held:
            note = QLabel(f"{held} waits for the opportunity attacks", self.offers_box)
            note.setObjectName("held_attack_note")
            note.setWordWrap(True)
            layout.addWidget(note, 2 * len(key), 0, 1, 3)
        self.offers_box.setVisible(bool(key))
        self._fit_width()

    def sizeHint(self) -> QSize:
        # All of it without scrolling when the window has the room (the dock area shares its
        # height between the docks by their size hints; a scroll area asks for little).
        bar = self.scroll_area.verticalScrollBar().sizeHint().width()
        hint = self._content.sizeHint()
        return QSize(hint.width() + bar, hint.height())

    def _fit_width(self) -> None:
        """Keep the dock as wide as the panel's widest row: it scrolls up and down only."""
        bar = self.scroll_area.verticalScrollBar().sizeHint().width()
        self.scroll_area.setMinimumWidth(self._content.minimumSizeHint().width() + bar)

    def _offer_slot(self, enemy_id: str, mover_id: str, *, take: bool) -> Callable[[], None]:
        def slot() -> None:
            self._on_offer(enemy_id, mover_id, take)

        return slot

    def _on_offer(self, enemy_id: str, mover_id: str, take: bool) -> None:
        session = self._session
        if not take:
            self._report(session.decline_opportunity_attack(enemy_id, initiator=self))
            return
        row = self.offer_rows.get(enemy_id)
        try:
            dice = parse_dice(row[0].text()) if row is not None else ()
        except ValueError as exc:
            self.message.setText(str(exc))
            return
        self._report(session.opportunity_attack(enemy_id, mover_id, dice=dice, initiator=self))

    def take_opportunity_attacks(self, enemy_id: str | None = None) -> None:
        """Take an offered opportunity attack (`enemy_id`'s, else the first one listed).

        The dice typed in its row are used; with none the app rolls (a keyboard shortcut).
        """
        offers = [o for o in self._offers_key if enemy_id is None or o[0] == enemy_id]
        if offers:
            self._on_offer(offers[0][0], offers[0][1], True)
        else:
            self.message.setText("No opportunity attack is offered.")

    def decline_opportunity_attacks(self) -> None:
        """Let the first opportunity attack offered pass (a keyboard shortcut)."""
        if self._offers_key:
            enemy_id, mover_id = self._offers_key[0]
            self._on_offer(enemy_id, mover_id, False)
        else:
            self.message.setText("No opportunity attack is offered.")

    def activate_current(self) -> None:
        """Use the power or action selected in the list, as a double-click does."""
        item = self.tree.currentItem()
        if item is None:
            self.message.setText("Select a power or an action in the list first.")
            return
        self._on_item_activated(item, 0)

    def activate_action(self, action: CombatAction) -> None:
        """Ask for `action` of the creature shown (a keyboard shortcut: basic attack, charge)."""
        if self._creature_id is None or self._available is None:
            self.message.setText("Select a creature first.")
            return
        reason = self._available.option(action).reason
        if reason:
            self.message.setText(reason)
            return
        self.action_activated.emit(self._creature_id, action.value)

    def _fill_maintained(self, creature: Creature | None) -> None:
        """One button per power the creature maintains (000 "Maintain")."""
        session = self._session
        entries = (
            [m for m in session.encounter.combat.maintained if m.owner == creature.id]
            if creature is not None
            else []
        )
        if [m.power for m in entries] != list(self.maintain_buttons):
            for button in self.maintain_buttons.values():
                self._maintain_row.removeWidget(button)
                button.deleteLater()
            self.maintain_buttons = {}
            for entry in entries:
                button = QPushButton(f"Maintain {entry.power}", self)
                button.setObjectName("maintain_button")
                button.clicked.connect(self._maintain_slot(entry.power))
                self._maintain_row.addWidget(button)
                self.maintain_buttons[entry.power] = button
        for entry in entries:
            assert creature is not None
            if entry.maintained:
                reason = f"{entry.power} is already maintained this turn"
            else:
                reason = kind_problem(session.rules, session.encounter, creature.id, entry.kind)
            _enable(
                self.maintain_buttons[entry.power],
                reason,
                f"Spend a {entry.kind.value} action to keep {entry.power} going; "
                "it ends at the end of the turn otherwise.",
            )

    def _update_buttons(self, available: AvailableActions) -> None:
        session = self._session
        combat = session.encounter.combat
        for spec in _BUTTONS:
            reason = available.option(spec.action).reason
            tooltip = _TOOLTIPS[spec.action]
            if spec.action in _COMBAT_ONLY and not reason and not combat.active:
                # Allowed by the rules outside combat, but these need a running combat: a
                # provoking creature whose turn it is, a place in the initiative.
                reason = "No combat is running."
            if spec.action is CombatAction.OPPORTUNITY_ATTACK and combat.current:
                tooltip = f"A basic melee attack against {name_of(session, combat.current)}."
            _enable(self.buttons[spec.key], reason, tooltip)
        self._update_gm_buttons()
        combatant = combat.find(available.creature_id) if combat.active else None
        offered = combatant is not None and combatant.out_of_turn is ActionKind.OPPORTUNITY
        _enable(
            self.buttons["decline_opportunity"],
            "" if offered else "No opportunity attack is offered.",
            "Decline the opportunity attack (its immediate action stays unused).",
        )

    def _selected_effect_id(self) -> int | None:
        for item in self.tree.selectedItems():
            value = item.data(0, EFFECT_ROLE)
            if isinstance(value, int):
                return value
        return None

    def _selected_effect(self) -> ConditionInstance | PersistentDamage | None:
        effect_id = self._selected_effect_id()
        creature = (
            self._session.encounter.find_creature(self._creature_id) if self._creature_id else None
        )
        if effect_id is None or creature is None or creature.state is None:
            return None
        effects: list[ConditionInstance | PersistentDamage] = [
            *creature.state.conditions,
            *creature.state.persistent,
        ]
        return next((e for e in effects if e.effect_id == effect_id), None)

    def _update_gm_buttons(self) -> None:
        creature = (
            self._session.encounter.find_creature(self._creature_id) if self._creature_id else None
        )
        has_state = creature is not None and self._session.rules.state(creature) is not None
        no_state = "" if has_state else "Select a creature with a stat block."
        _enable(self.buttons["damage"], no_state, "Deal this much damage (resistances apply).")
        _enable(self.buttons["heal"], no_state, "Heal this many hit points.")
        _enable(self.buttons["set_hit_points"], no_state, "Set current hit points to this.")
        _enable(
            self.buttons["grant_temp_hp"],
            no_state,
            "Grant this many temporary hit points (the higher value is kept, never the sum).",
        )
        _enable(
            self.buttons["add_condition"],
            no_state,
            "Impose the chosen condition with the chosen duration.",
        )
        effect = self._selected_effect()
        if effect is None:
            why = "Select an effect in the list."
            _enable(self.buttons["remove_effect"], why, "")
            _enable(self.buttons["saving_throw"], why, "")
            return
        _enable(self.buttons["remove_effect"], "", f"End {effect_text(effect)}.")
        _enable(
            self.buttons["saving_throw"],
            ""
            if effect.duration.kind is DurationKind.SAVE_ENDS
            else "Only a save-ends effect ends on a saving throw.",
            f"Roll a saving throw against {effect_text(effect)} now (10 or higher ends it).",
        )

    # -- slots -----------------------------------------------------------------------------

    def _report(self, result: OperationResult) -> None:
        self.message.setText("" if result.ok else result.reason)

    def _slot_for(self, action: CombatAction) -> Callable[[], None]:
        def slot() -> None:
            self._on_action(action)

        return slot

    def _on_action(self, action: CombatAction) -> None:
        cid = self._creature_id
        if cid is None:
            return
        session = self._session
        calls: dict[CombatAction, Callable[[], OperationResult]] = {
            CombatAction.STAND_UP: lambda: session.stand_up(cid, initiator=self),
            CombatAction.DROP_PRONE: lambda: session.drop_prone(cid, initiator=self),
            CombatAction.TOTAL_DEFENSE: lambda: session.total_defense(cid, initiator=self),
            CombatAction.SPEND_ACTION_POINT: lambda: session.spend_action_point(
                cid, initiator=self
            ),
            CombatAction.RALLY: lambda: session.rally(cid, initiator=self),
            CombatAction.ESCAPE_GRAPPLE: lambda: session.escape_grapple(cid, initiator=self),
            CombatAction.RELEASE_GRAPPLE: lambda: session.release_grapple(cid, initiator=self),
            CombatAction.OPPORTUNITY_ATTACK: lambda: session.opportunity_attack(
                cid, session.encounter.combat.current or "", initiator=self
            ),
        }
        if action is CombatAction.READY:
            answer = self.ask_ready(self, name_of(session, cid))
            if answer is None:
                return
            kind, trigger = answer
            self._report(session.ready_action(cid, kind, trigger, initiator=self))
            return
        self._report(calls[action]())

    def _maintain_slot(self, power: str) -> Callable[[], None]:
        def slot() -> None:
            if self._creature_id is not None:
                self._report(
                    self._session.maintain_power(self._creature_id, power, initiator=self)
                )

        return slot

    def _on_decline_opportunity(self) -> None:
        if self._creature_id is not None:
            self._report(
                self._session.decline_opportunity_attack(self._creature_id, initiator=self)
            )

    def _on_damage(self) -> None:
        if self._creature_id is not None:
            self._report(
                self._session.apply_damage(
                    self._creature_id, self.gm_amount.value(), initiator=self
                )
            )

    def _on_heal(self) -> None:
        if self._creature_id is not None:
            self._report(
                self._session.heal(self._creature_id, self.gm_amount.value(), initiator=self)
            )

    def _on_set_hit_points(self) -> None:
        if self._creature_id is not None:
            self._report(
                self._session.set_hit_points(
                    self._creature_id, self.gm_amount.value(), initiator=self
                )
            )

    def _on_grant_temp_hp(self) -> None:
        if self._creature_id is not None:
            self._report(
                self._session.grant_temp_hp(
                    self._creature_id, self.gm_amount.value(), initiator=self
                )
            )

    def _on_add_condition(self) -> None:
        if self._creature_id is None:
            return
        condition = Condition(str(self.gm_condition.currentData()))
        duration = DurationKind(str(self.gm_duration.currentData()))
        self._report(
            self._session.add_condition(self._creature_id, condition, duration, initiator=self)
        )

    def _on_saving_throw(self) -> None:
        effect_id = self._selected_effect_id()
        if self._creature_id is not None and effect_id is not None:
            self._report(self._session.saving_throw(self._creature_id, effect_id, initiator=self))

    def _on_remove_effect(self) -> None:
        effect_id = self._selected_effect_id()
        if self._creature_id is not None and effect_id is not None:
            self._report(self._session.remove_effect(self._creature_id, effect_id, initiator=self))

    def _on_item_activated(self, item: QTreeWidgetItem, _column: int) -> None:
        if self._creature_id is None:
            return
        if item.isDisabled():
            self.message.setText(item.text(2))
            return
        power = item.data(0, POWER_ROLE)
        action = item.data(0, ACTION_ROLE)
        if isinstance(power, str):
            self.power_activated.emit(self._creature_id, power)
        elif isinstance(action, str):
            self.action_activated.emit(self._creature_id, action)

    def _on_tree_selection_changed(self) -> None:
        self._update_gm_buttons()

    def _on_document_changed(self, _what: object = None) -> None:
        self.refresh()

    def _on_creature_changed(self, creature: Creature) -> None:
        # Another creature's change that matters here (a grapple, a mark) also logs, and
        # so arrives as combat_changed.
        if creature.id == self._creature_id:
            self.refresh()

    def _on_selection_changed(self, *_args: object) -> None:
        self._pinned = None
        self.message.clear()
        self.refresh()


def _enable(button: QPushButton, reason: str, tooltip: str) -> None:
    """Enable `button` with `tooltip`, or disable it with `reason` as the tooltip."""
    button.setEnabled(not reason)
    button.setToolTip(reason or tooltip)
