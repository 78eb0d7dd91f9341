"""Choosing the encounter's ruleset (docs/rulesets.md): one undo step, refused during combat.

The encounter names its ruleset by id (`Encounter.ruleset_id`); the session's rules follow it.
Switching during combat is refused: the turn's budget, the reactions taken and the effects
running were set up under the current ruleset.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import OperationResult, Outcome, Step, refuse
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.ruleset import UnknownRulesetError, ruleset_by_id
from orcus_desktop.rules.ruleset.changes import ruleset_changes

IN_COMBAT = (
    "the ruleset cannot change during combat: the turns, actions and effects in play were "
    "set up under the current one; end combat first"
)


def switch_ruleset(engine: Engine, encounter: Encounter, ruleset_id: str) -> Outcome:
    """Play the encounter by another ruleset: "Ruleset Alloy Heroes (004)", one undo step.

    The result's ``details["changes"]`` lists every rules value that differs (what the GM is
    told changes).
    """
    op = "switch_ruleset"
    try:
        new = ruleset_by_id(ruleset_id)
    except UnknownRulesetError as exc:
        return refuse(op, str(exc))
    if new.id == encounter.ruleset_id:
        return refuse(op, f"the encounter is already played by {new.name}")
    if encounter.combat.active:
        return refuse(op, IN_COMBAT)
    changes = ruleset_changes(ruleset_by_id(encounter.ruleset_id), new)
    result = OperationResult(
        True,
        op,
        text=f"Ruleset {new.name}",
        details={"ruleset": new.id, "changes": changes},
    )
    return Step(replace(encounter, ruleset_id=new.id), result)
