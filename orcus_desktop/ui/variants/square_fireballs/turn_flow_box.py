"""The Actions panel's 003 turn-flow controls: Raise the Alarm and the "Forced" switch.

"Raise the alarm" (003-11, 003 l.170-178): the creature shown warns its surprised allies in a
close burst 5 (a minor action; each saves against surprise), one undo step. "Forced" (003-46,
003 l.460-472): while it is on, the moves and power uses the GM makes for the creature shown
are forced by the creature whose turn it is (its move or standard action pays) and provoke
nothing; it lasts that turn, is saved with the encounter and is undone like any edit. Both
show only under a ruleset that has them (Square Fireballs); disabled, each says why in its
tooltip.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QWidget

from orcus_desktop.controller.availability.table import why_not
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.square_fireballs import (
    forced_actions,
    questions,
    raise_alarm,
)
from orcus_desktop.ui.panels.actions.button_box import ShownCreatureButtons
from orcus_desktop.ui.panels.common import enable_with_reason, name_of
from orcus_desktop.ui.plugins import PanelContext, PanelPart

Report = Callable[[str], None]
"""Shows a message in the panel (a refusal's reason, what the switch does)."""


class TurnFlowBox(ShownCreatureButtons):
    """The "Raise the alarm" button and the "Forced" switch for the creature shown.

    Args:
        session: the game session to drive.
        creature_id: returns the creature shown, or None.
        report: shows a message in the panel.
        refresh: reads the panel again (the switch changes which powers are allowed).
        parent: the Qt parent.

    Attributes:
        buttons: "raise_the_alarm" (the push button the panel enables with the others).
        forced_check: the "Forced" switch.
    """

    def __init__(
        self,
        session: GameSession,
        creature_id: Callable[[], str | None],
        report: Report,
        refresh: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("turnFlowBox", session, creature_id, parent)
        self._report = report
        self._refresh = refresh
        self.add_button("raise_the_alarm", "Raise the alarm", self._on_alarm)
        self.forced_check = QCheckBox("Forced", self)
        self.forced_check.setObjectName("forced_check")
        self.forced_check.toggled.connect(self._on_forced)
        self.add(self.forced_check)

    @classmethod
    def panel_part(cls, context: PanelContext) -> PanelPart:
        """The box built into the Actions panel, under its buttons (`PanelBox.build`)."""
        box = cls(
            context.session, context.shown, context.show_refusal, context.refresh, context.parent
        )
        return PanelPart(box, box.update_for, box.buttons)

    def update_for(self, creature_id: str | None) -> None:
        """Show, enable and explain both controls for the creature shown (None: none)."""
        session = self._session
        alarm = self.buttons["raise_the_alarm"]
        alarm.setVisible(session.ask(questions.raise_alarm_offered))
        self.forced_check.setVisible(session.ask(questions.forced_actions_offered))
        self.setVisible(
            session.ask(questions.raise_alarm_offered)
            or session.ask(questions.forced_actions_offered)
        )
        if creature_id is None:
            enable_with_reason(alarm, "Select a creature.", "")
        else:
            allies = ", ".join(
                name_of(session, a) for a in session.ask(raise_alarm.alarmed_allies, creature_id)
            )
            enable_with_reason(
                alarm,
                session.ask(why_not, creature_id, raise_alarm.TABLE_KEY),
                f"Minor action, close burst 5: {allies} each save against surprise "
                "(003 'Raise the Alarm').",
            )
        current = session.encounter.combat.current
        if not session.encounter.combat.active or current is None:
            why = "No combat is running." if current is None else ""
            why = why or "It is nobody's turn."
        elif creature_id is None or creature_id == current:
            why = f"Select the creature {name_of(session, current)} forces to act."
        else:
            why = ""
        self.forced_check.blockSignals(True)
        self.forced_check.setChecked(not why and session.ask(questions.forcing) is not None)
        self.forced_check.blockSignals(False)
        enable_with_reason(
            self.forced_check,
            why,
            f"{name_of(session, current)} forces {name_of(session, creature_id)}: its moves "
            f"and attacks now take {name_of(session, current)}'s move or standard action and "
            "provoke nothing (003 'Forced Movement', 'Forced Attacks').",
        )

    def _on_alarm(self) -> None:
        cid = self._creature_id()
        if cid is not None:
            self._session.by(self).run(raise_alarm.raise_the_alarm, cid)

    def _on_forced(self, checked: bool) -> None:
        session = self._session
        current = session.encounter.combat.current
        # One undo step, saved with the encounter (it lasts the turn: docs/rulings.md R-97).
        done = session.by(self).run(forced_actions.set_forcing, current if checked else None).ok
        shown = self._creature_id()
        if done and checked and current is not None and shown is not None:
            self._report(
                f"Forced: move or attack with {name_of(session, shown)}; "
                f"{name_of(session, current)} pays the action."
            )
        self._refresh()
