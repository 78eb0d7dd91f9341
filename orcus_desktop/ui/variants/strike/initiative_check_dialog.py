"""The initiative check dialog (001-01..03): which check a creature rolls, and its choices.

Opened from the Initiative panel's "Initiative check…" button before rolling, under a ruleset
whose initiative is a check each creature chooses (seed 001 "Third: Roll The Initiative
Order"). OK records the choices as one undo step (`initiative_checks.set_choice`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QFormLayout, QWidget

from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.variants.strike import initiative_checks
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.controller.variants.strike.initiative_checks import CHECKS, TIE_CHOICES
from orcus_desktop.ui.dialog_parts import error_label, ok_cancel_buttons, shows_done, stacked


class InitiativeCheckDialog(QDialog):
    """The check, the standing tie choice and the situational flags of one creature.

    Attributes:
        check: Awareness, Perception or Quickness (001-01).
        tie_choice: before or after the ones it ties with, for the whole combat (001-03).
        unaware, unseen, hidden: 001-02's situational modifiers (-1, +1, +2).
    """

    def __init__(
        self, session: GameSession, creature_id: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("initiativeCheckDialog")
        self._session = session
        self.creature_id = creature_id
        name = session.encounter.name_of(creature_id)
        self.setWindowTitle(f"Initiative check of {name}")
        current = session.ask(strike_questions.initiative_choice, creature_id)
        self.check = QComboBox(self)
        for value, text in CHECKS:
            self.check.addItem(text, value)
        self.tie_choice = QComboBox(self)
        for value, text in TIE_CHOICES:
            self.tie_choice.addItem(text, value)
        self.unaware = QCheckBox("Unaware, distracted or overconfident (-1)", self)
        self.unseen = QCheckBox("Not seen by an opponent (+1)", self)
        self.hidden = QCheckBox("Hidden or imperceivable to an opponent (+2)", self)
        if current is not None:
            self.check.setCurrentIndex(self.check.findData(current.check.value))
            self.tie_choice.setCurrentIndex(self.tie_choice.findData(current.tie_choice.value))
            self.unaware.setChecked(current.unaware)
            self.unseen.setChecked(current.unseen)
            self.hidden.setChecked(current.hidden or self._hid_unasked(creature_id))

        self.error = error_label(self)
        form = QFormLayout()
        form.addRow("Check:", self.check)
        form.addRow("Among ties:", self.tie_choice)
        boxes = (self.unaware, self.unseen, self.hidden)
        stacked(self, form, *boxes, self.error, ok_cancel_buttons(self))

    def _hid_unasked(self, creature_id: str) -> bool:
        """001-02 "Hidden … +2": a creature that hid (001-15), unless the GM already chose."""
        encounter = self._session.encounter
        if any(c.creature_id == creature_id for c in encounter.combat.initiative_choices):
            return False
        return self._session.ask(questions.is_hidden, creature_id)

    def accept(self) -> None:
        result = self._session.by(self).run(
            initiative_checks.set_choice,
            self.creature_id,
            str(self.check.currentData()),
            str(self.tie_choice.currentData()),
            unaware=self.unaware.isChecked(),
            unseen=self.unseen.isChecked(),
            hidden=self.hidden.isChecked(),
        )
        if shows_done(self.error, result):
            super().accept()
