"""Combat > Use a Skill…: a skill used as a standard or move action (004-09).

004 "Table: Actions in Combat": "Use a skill that takes a standard action Yes", "... a move
action Yes" - next to an enemy it provokes, and the attack of opportunity comes first (004
l.389). The dialog is for the creature the Actions panel shows (else whose turn it is): the
skill, the action it takes, the d20 rolled at the table (blank: the app rolls) and the DC the
GM set (blank: none). OK is one session call (one undo step); a refusal is said in the dialog.
Shown under a ruleset where using a skill provokes (Alloy Heroes), hidden elsewhere.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QSpinBox, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.alloy_heroes import questions as alloy_questions
from orcus_desktop.controller.variants.alloy_heroes import skill_uses
from orcus_desktop.controller.variants.alloy_heroes.skill_uses import SKILL_ACTIONS
from orcus_desktop.ui.dialog_parts import error_label, ok_cancel_buttons, shows_done, stacked
from orcus_desktop.ui.shown_creature_actions import Item, ShownCreatureDialogItem


class SkillUseDialog(QDialog):
    """The skill a creature uses as an action.

    Attributes:
        skill: the ruleset's skills.
        action: standard or move (the ruleset's names).
        die: the d20 rolled at the table; 0 reads "app rolls".
        target_number: the DC; 0 reads "none".
        error: why the last OK was refused.
    """

    def __init__(self, session: GameSession, creature_id: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("skillUseDialog")
        self._session = session
        self.creature_id = creature_id
        self.setWindowTitle(f"{session.encounter.name_of(creature_id)} uses a skill (004-09)")
        self.skill = QComboBox(self)
        for key in sorted(session.ruleset.skills.as_dict()):
            self.skill.addItem(key.capitalize(), key)
        self.action = QComboBox(self)
        for kind in SKILL_ACTIONS:
            self.action.addItem(f"{session.ruleset.action_label(kind.value)} action", kind.value)
        self.die = QSpinBox(self)
        self.die.setRange(0, 20)
        self.die.setSpecialValueText("app rolls")
        self.target_number = QSpinBox(self)
        self.target_number.setRange(0, 99)
        self.target_number.setSpecialValueText("none")
        self.error = error_label(self)
        form = QFormLayout()
        form.addRow("Skill:", self.skill)
        form.addRow("Takes:", self.action)
        form.addRow("d20:", self.die)
        form.addRow("DC:", self.target_number)
        stacked(self, form, self.error, ok_cancel_buttons(self))

    def follow_map(self) -> None:
        """R-240: the creature gone from the map (a removal, Ctrl+Z), the dialog closes."""
        if self._session.encounter.find_creature(self.creature_id) is None:
            self.reject()

    def accept(self) -> None:
        result = self._session.by(self).run(
            skill_uses.use_skill,
            self.creature_id,
            str(self.skill.currentData()),
            str(self.action.currentData()),
            die=self.die.value() or None,
            target_number=self.target_number.value() or None,
        )
        if shows_done(self.error, result):
            super().accept()


class SkillUseActions(ShownCreatureDialogItem):
    """The Combat menu's Use a Skill… item (shown under a ruleset where skill use provokes)."""

    ITEM = Item(
        "Use a S&kill…",
        "use_skill_action",
        "004-09: the shown creature uses a skill as its standard or move action",
    )
    REFUSAL = "Refused: select the creature that uses a skill"
    dialog: SkillUseDialog | None = None

    def _offered(self) -> bool:
        return self._session.ask(alloy_questions.skill_use_offered)

    def _creature_dialog(self, creature_id: str) -> SkillUseDialog:
        return SkillUseDialog(self._session, creature_id, self._window)
