"""The Actions panel's Stealth box: 003's stealth maneuvers for the creature shown (003-47).

Enshroud and Spot need nothing more; Hide… and Search… ask the GM for the "Medium" DC, the
other side's training tier and the d20 rolled at the table (docs/rulings.md R-99); Sneak…
puts the sneak tool on the map (`PanelContext.start_tool`). Each is one session call (one
undo step); a button the session would refuse is disabled with its reason. Shown only under
a ruleset that has these maneuvers (003).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from orcus_desktop.controller.availability.table import why_not
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.square_fireballs import questions, stealth_maneuvers
from orcus_desktop.controller.variants.square_fireballs.sneak_tool import SneakTool
from orcus_desktop.controller.variants.square_fireballs.stealth_maneuvers import StealthCheck
from orcus_desktop.ui.attack_dialog import parse_dice
from orcus_desktop.ui.dialog_parts import FormDialog
from orcus_desktop.ui.panels.common import enable_with_reason, name_of
from orcus_desktop.ui.panels.flow import FlowBox
from orcus_desktop.ui.plugins import PanelContext, PanelPart, ToolMaker

TIERS: Final = ("none", "Trained (+1)", "Master (+2)", "Grandmaster (+3)")
"""003 l.690, 702: "+1/+2/+3: ... Trained/Master/Grandmaster" (use highest)."""

MEDIUM_DC = 15
"""The DC the dialog starts from; 003's "Medium" is the GM's (docs/rulings.md R-99)."""

_BUTTONS: Final = (
    ("enshroud", "Enshroud", "Standard: Shrouded, or Hidden if already Shrouded (in cover)."),
    ("hide", "Hide…", "Standard: a Stealth check against the GM's DC; success: Hidden."),
    ("search", "Search…", "Standard: a Perception check; success finds the nearby hidden."),
    ("sneak", "Sneak…", "Move: half its speed without losing Shrouded or Hidden."),
    ("spot", "Spot", "Minor: Shrouded enemies within 2 lose it; Hidden become Shrouded."),
)
"""003 l.672-721 "5.10.5 Stealth Maneuvers"."""


class StealthCheckDialog(FormDialog[StealthCheck]):
    """Hide's or Search's check: the DC, the other side's tier, trained, the d20."""

    def __init__(self, title: str, opposing: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        form = QFormLayout(self)
        self.dc = QSpinBox(self)
        self.dc.setRange(1, 60)
        self.dc.setValue(MEDIUM_DC)
        self.tier = QComboBox(self)
        self.tier.addItems(TIERS)
        self.trained = QCheckBox("trained in the skill (+5)", self)
        self.die = QLineEdit(self)
        self.die.setPlaceholderText("d20 rolled (empty: roll)")
        form.addRow("Medium DC:", self.dc)
        form.addRow(f"{opposing}:", self.tier)
        form.addRow(self.trained)
        form.addRow("Die:", self.die)
        self._finish_form(form, "stealthError")

    def answer(self) -> StealthCheck:
        """The form read; ValueError naming a bad die."""
        typed = parse_dice(self.die.text())
        if len(typed) > 1:
            raise ValueError("one d20, please")
        return StealthCheck(
            self.dc.value(),
            self.tier.currentIndex(),
            typed[0] if typed else None,
            self.trained.isChecked(),
        )


AskCheck = Callable[[QWidget, str, str], StealthCheck | None]
"""Asks the GM for a check (title, what the tier is of): the answer, or None (cancelled)."""


def ask_check_dialog(parent: QWidget, title: str, opposing: str) -> StealthCheck | None:
    return StealthCheckDialog(title, opposing, parent).ask()


class StealthBox(QGroupBox):
    """The five stealth maneuvers of the creature shown, hidden outside 003.

    Args:
        session: the game session to drive.
        creature_id: returns the creature shown, or None.
        start_tool: puts a pointer tool on the map (Sneak's).
        parent: the Qt parent.

    Attributes:
        buttons: the buttons by key ("enshroud", "hide", "search", "sneak", "spot").
        ask_check: asks the GM for Hide's and Search's check (a dialog; tests replace it).
    """

    def __init__(
        self,
        session: GameSession,
        creature_id: Callable[[], str | None],
        start_tool: Callable[[ToolMaker], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Stealth (003)", parent)
        self.setObjectName("stealthBox")
        self._session = session
        self._creature_id = creature_id
        self._start_tool = start_tool
        self.ask_check: AskCheck = ask_check_dialog
        flow = FlowBox(parent=self)
        layout = QFormLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addRow(flow)
        self.buttons: dict[str, QPushButton] = {}
        for key, label, _ in _BUTTONS:
            button = QPushButton(label, self)
            button.setObjectName(f"{key}_button")
            button.clicked.connect(lambda _=False, k=key: self._on_clicked(k))
            self.buttons[key] = button
            flow.add(button)
        self.setVisible(False)

    @classmethod
    def panel_part(cls, context: PanelContext) -> PanelPart:
        """The box built into the Actions panel, under its buttons (`PanelBox.build`)."""
        box = cls(context.session, context.shown, context.start_tool, context.parent)
        return PanelPart(box, box.update_for, box.buttons)

    def update_for(self, creature_id: str | None) -> None:
        """Shown under 003 only; each button enabled when the session would take it."""
        offered = self._session.ask(questions.stealth_offered)
        self.setVisible(offered)
        for key, _, tooltip in _BUTTONS:
            if not offered or creature_id is None:
                reason = "No stealth maneuvers under this ruleset." if not offered else ""
                enable_with_reason(self.buttons[key], reason or "Select a creature.", tooltip)
                continue
            table_key = stealth_maneuvers.table_key(key)
            reason = self._session.ask(why_not, creature_id, table_key)
            enable_with_reason(self.buttons[key], reason, tooltip)

    def _on_clicked(self, key: str) -> None:
        cid = self._creature_id()
        if cid is None:
            return
        session = self._session
        if key == "sneak":
            self._start_tool(lambda done: SneakTool(session, cid, done))
        elif key == "enshroud":
            session.by(self).run(stealth_maneuvers.enshroud, cid)
        elif key == "spot":
            session.by(self).run(stealth_maneuvers.spot, cid)
        else:
            name = name_of(session, cid)
            title = f"{name}: {'Hide' if key == 'hide' else 'Search'} (003-47)"
            opposing = "Enemies' Perception" if key == "hide" else "Hidden enemies' Stealth"
            check = self.ask_check(self, title, opposing)
            if check is None:
                return
            if key == "hide":
                session.by(self).run(stealth_maneuvers.hide, cid, check)
            else:
                session.by(self).run(stealth_maneuvers.search, cid, check)
