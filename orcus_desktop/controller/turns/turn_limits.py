"""A limiting condition that starts or ends during its holder's turn (docs/rulings.md R-121).

A turn's actions are set when it starts, from the conditions then (`CombatRules.budget`:
000 "Dazed", "Stunned", "Dominated", and each ruleset's condition budgets). When a step
changes which of them the acting creature has, its actions follow at once, the same for every
condition: the turn's budget becomes the one it would have started with under the conditions
it has now, less the slots it has already used.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import Outcome, Step
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import CreatureId

_SLOTS: Final = (ActionKind.STANDARD, ActionKind.MOVE, ActionKind.SWIFT)


def after_step(engine: Engine, outcome: Outcome) -> Outcome:
    """The step with the acting creature's actions following its conditions now (R-121)."""
    if not isinstance(outcome, Step):
        return outcome
    after = followed(engine, outcome.after)
    return outcome if after is outcome.after else replace(outcome, after=after)


def followed(engine: Engine, encounter: Encounter) -> Encounter:
    """`encounter` with the acting creature's budget rebuilt if its limits changed (R-121)."""
    combat = encounter.combat
    current = combat.current if combat.active else None
    combatant = combat.find(current) if current else None
    if current is None or combatant is None:
        return encounter
    start = engine.rules.budget(encounter, CreatureId(current))
    if start == combatant.turn_budget:
        return encounter
    conversions = engine.rules.conversions(encounter, current)
    budget = start
    for kind in _SLOTS:
        slot = kind.value
        used = getattr(combatant.turn_budget, slot) - getattr(combatant.budget, slot)
        for _ in range(used):
            # A slot used stays used: spent from what the new limits allow (000 "Dazed":
            # the one standard action "you can exchange for a move or swift action").
            if budget.can_spend(kind, conversions):
                budget = budget.spend(kind, conversions)
        if used < 0:  # more than the turn started with (an action point's extra action)
            budget = replace(budget, **{slot: getattr(budget, slot) - used})
    changed = replace(combatant, budget=budget, turn_budget=start)
    return encounter.with_combat(combat.with_combatant(changed))
