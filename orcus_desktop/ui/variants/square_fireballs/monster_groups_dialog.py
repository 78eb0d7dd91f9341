"""The "Monster groups…" dialog (003-07): the GM arranges the monsters into groups.

Opened from the Initiative panel (its "Monster groups…" button and the table's context menu)
before combat, under a ruleset whose monster groups share one turn (seed 003 "5.3.1 Grouping
monsters"). Each monster gets a group name; an empty name leaves it in its default group, its
identical monsters (docs/rulings.md R-93). OK records every change as one undo step
(`monster_groups.arrange`); a refusal is shown in the dialog, which stays open.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.square_fireballs import monster_groups
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.ui.dialog_parts import (
    ScrollingRows,
    error_label,
    fit_height_to_screen,
    ok_cancel_buttons,
    shows_done,
    stacked,
    wrapped_label,
)


class MonsterGroupsDialog(QDialog):
    """One editable group name per monster.

    Attributes:
        fields: the group name box of each monster, by creature id.
        error: why the last OK was refused ("" when it was not).
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("monsterGroupsDialog")
        self.setWindowTitle("Monster groups")
        self._session = session
        monsters = session.ask(monster_groups.monsters)
        names = sorted(
            {g for m in monsters if (g := session.ask(sf_questions.monster_group, m)) is not None}
        )
        intro = wrapped_label(
            self,
            "Each group rolls one initiative and takes one turn (003 'Grouping monsters'). "
            "Type a name to put monsters together; leave it empty for the default group "
            "(identical monsters).",
        )
        # a wave of monsters scrolls its rows; OK stays on a laptop's screen.
        self.rows = ScrollingRows(self)
        form = QFormLayout(self.rows.rows)
        form.setContentsMargins(0, 0, 0, 0)
        self.fields: dict[str, QComboBox] = {}
        for cid in monsters:
            box = QComboBox(self)
            box.setEditable(True)
            box.addItem("")
            box.addItems(names)
            box.setCurrentText(session.ask(sf_questions.arranged_monster_group, cid) or "")
            line = box.lineEdit()
            if line is not None:
                line.setPlaceholderText(session.ask(sf_questions.monster_group, cid) or "alone")
            self.fields[cid] = box
            form.addRow(session.encounter.name_of(cid) + ":", box)
        self.rows.guard_wheel()
        self.error = error_label(self)
        self.error.setObjectName("monsterGroupsError")
        stacked(self, intro, self.rows, self.error, ok_cancel_buttons(self))
        fit_height_to_screen(self)

    def changes(self) -> dict[str, str | None]:
        """The monsters whose group the GM changed: name, or None for the default."""
        out: dict[str, str | None] = {}
        for cid, box in self.fields.items():
            typed = box.currentText().strip() or None
            if typed != self._session.ask(sf_questions.arranged_monster_group, cid):
                out[cid] = typed
        return out

    def accept(self) -> None:
        changes = self.changes()
        if not changes:
            super().accept()
            return
        result = self._session.by(self).run(monster_groups.arrange, changes)
        if shows_done(self.error, result):
            super().accept()
