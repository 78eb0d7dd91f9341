"""Combat > End-of-Round Activities…: the GM's list for 001's end-of-round step (001-04).

001 l.47-49 "The End Of Round Activities Are Performed Including Adding 1 to the Round Count";
the activities are the GM's (001 names none). The dialog lists them with when each runs, adds
one (every round, or once at the end of a given round) and removes the selected one; each
change is one session call (one undo step) and a refusal is said in the dialog. The flow runs
and logs them as each round ends (`controller/variants/strike/round_end.py`). Disabled under
a ruleset without the step.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLineEdit, QSpinBox, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.controller.variants.strike import round_end
from orcus_desktop.model.round_end import MAX_ACTIVITY_TEXT
from orcus_desktop.ui.dialog_parts import ListEditorDialog, wrapped_label
from orcus_desktop.ui.shown_creature_actions import DialogItem, Item


class RoundEndDialog(ListEditorDialog):
    """The list of end-of-round activities, with Add and Remove.

    Attributes:
        entries: one row per activity ("text — every round").
        text: what the new activity is.
        at_round: 0 for every round, else the round at whose end it runs once.
        add_button, remove_button: Add; Remove Selected.
        error: the reason the last change was refused.
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent, "roundEndDialog", "End-of-round activities (001-04)")
        self._session = session
        intro = wrapped_label(
            self,
            "001: after every turn of the round, the end-of-round activities are performed "
            "and 1 is added to the round count. They are run and logged as each round ends.",
        )
        self.text = QLineEdit(self)
        self.text.setMaxLength(MAX_ACTIVITY_TEXT)
        self.text.setPlaceholderText("e.g. the fire spreads one square")
        self.at_round = QSpinBox(self)
        self.at_round.setRange(0, 10**6)
        self.at_round.setSpecialValueText("every round")
        self.at_round.setPrefix("round ")
        self.at_round.setToolTip("0: every round; else once, at the end of that round")
        form = QFormLayout()
        form.addRow("Activity:", self.text)
        form.addRow("At the end of:", self.at_round)
        self._lay_out([intro], form, "&Add", "&Remove Selected")

    def rows(self) -> list[str]:
        return [
            f"{a.text} — {a.when}"
            for a in self._session.ask(strike_questions.round_end_activities)
        ]

    def add(self) -> None:
        """Adds the activity the form describes."""
        result = self._session.by(self).run(
            round_end.add_activity, self.text.text(), self.at_round.value()
        )
        self._after(result, self.text)

    def remove_selected(self) -> None:
        """Removes the selected activity."""
        row = self._selected_row("Select the activity to remove")
        if row is not None:
            self._after(self._session.by(self).run(round_end.remove_activity, row))


class RoundEndActions(DialogItem):
    """The Combat menu's End-of-Round Activities… item (enabled under 001's flow)."""

    ITEM = Item(
        "End-of-&Round Activities…",
        "round_end_action",
        "001: what is resolved at the end of each round, logged there",
    )
    dialog: RoundEndDialog | None = None

    def _offered(self) -> bool:
        return self._session.ask(strike_questions.has_round_end_step)

    def _dialog(self) -> RoundEndDialog:
        return RoundEndDialog(self._session, self._window)
