"""The GM's edits on the creature shown: damage, healing, conditions, saves, ending effects.

Each button is one session call (one undo step); those that need a stat block or a selected
effect are disabled with the reason as their tooltip.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PySide6.QtWidgets import QComboBox, QGroupBox, QPushButton, QSpinBox, QVBoxLayout, QWidget

from orcus_desktop.controller.availability.table import ADD_CONDITION, DOWNGRADE, why_not
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.rules.conditions import Condition, ConditionInstance, PersistentDamage
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.ui.panels.common import DURATION_TEXT, effect_text, enable_with_reason
from orcus_desktop.ui.panels.flow import FlowBox

GM_DURATIONS: Final = (
    DurationKind.SAVE_ENDS,
    DurationKind.END_OF_TARGET_NEXT_TURN,
    DurationKind.START_OF_TARGET_NEXT_TURN,
    DurationKind.END_OF_ENCOUNTER,
    DurationKind.UNTIL_COUNTERED,
)
"""Durations the GM can give without naming another creature as the user."""


class GmEditsBox(QGroupBox):
    """The "GM" box: an amount, a condition and a duration, and a button per edit.

    Args:
        session: the game session to drive.
        creature_id: returns the creature shown, or None.
        selected_effect_id: returns the effect selected in the panel's list, or None.
        parent: the Qt parent.

    Attributes:
        amount, condition, duration: the GM's choices.
        buttons: the buttons by key ("damage", "heal", ..., "remove_effect").
    """

    def __init__(
        self,
        session: GameSession,
        creature_id: Callable[[], str | None],
        selected_effect_id: Callable[[], int | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("GM", parent)
        self._session = session
        self._creature_id = creature_id
        self._selected_effect_id = selected_effect_id
        self.amount = QSpinBox(self)
        self.amount.setRange(-999, 999)  # Set HP may go below 0 (000 "Hit Points")
        self.amount.setValue(5)
        self.amount.setObjectName("gm_amount")
        self.condition = QComboBox(self)
        self._conditions_of: object = None  # the ruleset the list was filled for
        self._fill_conditions()
        self.duration = QComboBox(self)
        for duration in GM_DURATIONS:
            self.duration.addItem(DURATION_TEXT[duration], duration.value)
        row = (
            ("damage", "Damage", self._on_damage),
            ("heal", "Heal", self._on_heal),
            ("set_hit_points", "Set HP", self._on_set_hit_points),
            ("grant_temp_hp", "Temp HP", self._on_grant_temp_hp),
            ("add_condition", "Add", self._on_add_condition),
            ("saving_throw", "Save", self._on_saving_throw),
            ("downgrade_effect", "Downgrade", self._on_downgrade),
            ("remove_effect", "End effect", self._on_remove_effect),
        )
        self.buttons: dict[str, QPushButton] = {}
        for key, label, slot in row:
            button = QPushButton(label, self)
            button.setObjectName(f"{key}_button")
            button.clicked.connect(slot)
            self.buttons[key] = button
        # Two rows (hit points, effects) that wrap in a narrow dock.
        b = self.buttons
        rows: tuple[tuple[QWidget, ...], ...] = (
            (self.amount, b["damage"], b["heal"], b["set_hit_points"], b["grant_temp_hp"]),
            (
                self.condition,
                self.duration,
                b["add_condition"],
                b["saving_throw"],
                b["downgrade_effect"],
                b["remove_effect"],
            ),
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        for widgets in rows:
            layout.addWidget(FlowBox(widgets, self))

    def _fill_conditions(self) -> None:
        """The condition list of the encounter's ruleset, in its names (`Ruleset.label`)."""
        ruleset = self._session.ruleset
        if ruleset is self._conditions_of:
            return
        self._conditions_of = ruleset
        chosen = self.condition.currentData()
        self.condition.clear()
        for condition in self._session.ask(questions.gm_conditions):
            # Qt keeps a str subclass as a plain string: store the value, convert back.
            self.condition.addItem(ruleset.condition_label(condition.value), condition.value)
        index = self.condition.findData(chosen)
        self.condition.setCurrentIndex(max(0, index))

    def update_buttons(self) -> None:
        """Enable the edits that apply to the creature shown and the effect selected."""
        session = self._session
        self._fill_conditions()
        cid = self._creature_id()
        creature = session.encounter.find_creature(cid) if cid else None
        has_state = creature is not None and session.rules.state(creature) is not None
        no_state = "" if has_state else "Select a creature with a stat block."
        enable = enable_with_reason
        enable(self.buttons["damage"], no_state, "Deal this much damage (resistances apply).")
        enable(self.buttons["heal"], no_state, "Heal this many hit points.")
        enable(self.buttons["set_hit_points"], no_state, "Set current hit points to this.")
        enable(
            self.buttons["grant_temp_hp"],
            no_state,
            "Grant this many temporary hit points (the higher value is kept, never the sum).",
        )
        enable(
            self.buttons["add_condition"],
            # the dead take none, whichever is chosen
            no_state or session.ask(why_not, cid or "", ADD_CONDITION),
            "Impose the chosen condition with the chosen duration.",
        )
        effect = self._selected_effect()
        if effect is None:
            why = "Select an effect in the list."
            enable(self.buttons["remove_effect"], why, "")
            enable(self.buttons["saving_throw"], why, "")
            enable(self.buttons["downgrade_effect"], why, "")
            return
        assert cid is not None  # an effect is selected on the creature shown
        enable(
            self.buttons["downgrade_effect"],
            session.ask(why_not, cid, DOWNGRADE, str(effect.effect_id)),
            f"Downgrade {effect_text(effect, session.ruleset.label)} (003-21).",
        )
        enable(self.buttons["remove_effect"], "", f"End {effect_text(effect)}.")
        enable(
            self.buttons["saving_throw"],
            ""
            if effect.duration.kind is DurationKind.SAVE_ENDS
            else "Only a save-ends effect ends on a saving throw.",
            f"Roll a saving throw against {effect_text(effect)} now (10 or higher ends it).",
        )

    def _selected_effect(self) -> ConditionInstance | PersistentDamage | None:
        effect_id = self._selected_effect_id()
        cid = self._creature_id()
        creature = self._session.encounter.find_creature(cid) if cid else None
        if effect_id is None or creature is None or creature.state is None:
            return None
        return creature.state.effect(effect_id)

    def _on_amount(self, call: Callable[[str, int], OperationResult]) -> None:
        cid = self._creature_id()
        if cid is not None:
            call(cid, self.amount.value())

    def _on_damage(self) -> None:
        self._on_amount(lambda c, n: self._session.by(self).run(gm_edits.apply_damage, c, n))

    def _on_heal(self) -> None:
        self._on_amount(lambda c, n: self._session.by(self).run(gm_edits.heal, c, n))

    def _on_set_hit_points(self) -> None:
        self._on_amount(lambda c, n: self._session.by(self).run(gm_edits.set_hit_points, c, n))

    def _on_grant_temp_hp(self) -> None:
        self._on_amount(lambda c, n: self._session.by(self).run(gm_edits.grant_temp_hp, c, n))

    def _on_add_condition(self) -> None:
        cid = self._creature_id()
        if cid is None:
            return
        condition = Condition(str(self.condition.currentData()))
        duration = DurationKind(str(self.duration.currentData()))
        self._session.by(self).run(gm_edits.add_condition, cid, condition, duration)

    def _on_saving_throw(self) -> None:
        cid = self._creature_id()
        effect_id = self._selected_effect_id()
        if cid is not None and effect_id is not None:
            self._session.by(self).run(gm_edits.saving_throw, cid, effect_id)

    def _on_downgrade(self) -> None:
        cid = self._creature_id()
        effect_id = self._selected_effect_id()
        if cid is not None and effect_id is not None:
            self._session.by(self).run(gm_edits.downgrade_effect, cid, effect_id)

    def _on_remove_effect(self) -> None:
        cid = self._creature_id()
        effect_id = self._selected_effect_id()
        if cid is not None and effect_id is not None:
            self._session.by(self).run(gm_edits.remove_effect, cid, effect_id)
