"""001's "Who goes first?": the GM's adjudication before the first turn (001-36).

001 l.348-358: "The creature that has surprise on its enemies. A creature that is not aware of
another creature cannot act against the the creature it is unaware of. The creature that
declares first. When a creature declares an action that starts combat that creature goes first.
If another creature previously declared it is watching the acting creature the acting creature
must win a test to go first otherwise the watching creature goes first. The creature that wins
a roll off." Picks (docs/rulings.md R-101): once initiative is rolled and before combat starts,
the GM names the creature that goes first and why; its initiative becomes one more than the
head's, so it heads the order; the
creatures the GM names as unaware are marked surprised (000's surprise round, R-05: they take no
actions in it), and a rule note with the mechanic id says all of it. One undo step.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from orcus_desktop.controller.engine import Engine, named_step
from orcus_desktop.controller.outcomes import Outcome, refuse
from orcus_desktop.controller.turns import turn_order
from orcus_desktop.model.encounter import Encounter

MECHANIC = "001-36"
"""001-36 Who goes first (001 l.348-358)."""


class FirstBy(StrEnum):
    """Why the creature goes first: 001's three cases, the second with its watcher test."""

    SURPRISE = "surprise"
    DECLARED = "declared"
    WATCHER = "watcher"
    ROLL_OFF = "roll-off"

    @property
    def reason(self) -> str:
        """The rule's words, with the 001 line, for the log and the dialog."""
        return {
            FirstBy.SURPRISE: "has surprise on its enemies (001 l.350)",
            FirstBy.DECLARED: "declared the action that starts combat (001 l.354-356)",
            FirstBy.WATCHER: "was watching the declarer and won the test (001 l.356)",
            FirstBy.ROLL_OFF: "won the roll-off (001 l.358)",
        }[self]


def adjudicates_first(engine: Engine) -> bool:
    """Whether the ruleset plays 001's initiative (H1 "strike"), and with it who goes first."""
    return engine.ruleset.hooks.initiative == "strike"


def _problem(
    engine: Engine, encounter: Encounter, first_id: str, by: FirstBy, surprised: Sequence[str]
) -> str:
    if not adjudicates_first(engine):
        return f"{engine.ruleset.name} has no 'Who goes first?' step (001-36)"
    combat = encounter.combat
    if combat.active:
        return "Who goes first is decided before combat starts (001-36)"
    if first_id not in combat.order:
        return "Roll initiative first: the creature that goes first then heads the order (001-36)"
    if surprised and by is not FirstBy.SURPRISE:
        return "Only surprise leaves creatures unaware: choose 'surprise' (001 l.350-352)"
    if first_id in surprised:
        return f"{engine.name(encounter, first_id)} goes first: it cannot be surprised"
    missing = [s for s in surprised if encounter.combat.find(s) is None]
    if missing:
        return f"{engine.name(encounter, missing[0])} is not in the initiative"
    return ""


def who_goes_first(
    engine: Engine,
    encounter: Encounter,
    first_id: str,
    by: FirstBy,
    surprised: Sequence[str] = (),
) -> Outcome:
    """The GM's answer to "Who goes first?" (module docstring): one undo step, logged."""
    op = "who_goes_first"
    problem = _problem(engine, encounter, first_id, by, surprised)
    if problem:
        return refuse(op, problem, first_id)

    def change(e: Encounter) -> Encounter:
        # Marked first: marking re-sorts the order by initiative, which would undo the move.
        for cid in surprised:
            e = turn_order.set_surprised(e, cid, True)
        head = e.combat.combatant(e.combat.order[0])
        if head.creature_id != first_id:
            # One more than the head's result, so every later sort keeps it first.
            total = head.initiative + 1
            e = turn_order.set_initiative(e, first_id, total, engine.rng, log_tie=False)
        note = f"goes first: it {by.reason}"
        if surprised:
            names = ", ".join(engine.name(e, s) for s in surprised)
            note += (
                f"; unaware of it, surprised: {names} (001 l.352: cannot act against it; "
                "no actions in the surprise round, docs/rulings.md R-05)"
            )
        return Engine.rule_note(e, first_id, MECHANIC, note)

    return named_step(engine, encounter, op, "{name} goes first", change, first_id)
