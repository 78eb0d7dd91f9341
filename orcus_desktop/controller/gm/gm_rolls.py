"""The GM shows a dice-roller roll to the table: one combat-log entry, one undo step.

The dice roller (issue 17) rolls what the rules do not model; a roll the GM keeps private never
reaches the document, a shown one is logged here (the session is the only writer).
"""

from __future__ import annotations

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import DiceRolled
from orcus_desktop.controller.outcomes import Outcome, run_step
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.dice_values import DiceRoll


def log_roll(_engine: Engine, encounter: Encounter, roll: DiceRoll, label: str = "") -> Outcome:
    """The encounter with the roll in its combat log (`DiceRolled`); undo removes it."""
    record = DiceRolled.from_roll(roll, label.strip())

    def change(before: Encounter) -> Encounter:
        return record.logged_on(before)

    return run_step("log_dice_roll", f"Roll {record.label or roll.expression}", encounter, change)
