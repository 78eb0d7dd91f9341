"""A skill used as an action, rolled and logged (004-09; `skill_uses`).

Kept apart from `skill_uses` so that `interrupts.settle` can roll a skill use that waited for
its attacks of opportunity without importing the use case that held it.
"""

from __future__ import annotations

from orcus_desktop.controller.combat_rules import QueuedSource
from orcus_desktop.controller.engine import Engine
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.checks import skill_check
from orcus_desktop.rules.format import format_resolved

MECHANIC = "004-09"


def roll_skill_use(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    skill: str,
    action: str,
    dice: list[int],
    target_number: int | None,
) -> Encounter:
    """The encounter with the creature's skill check rolled and logged (a rule note).

    `dice`: the d20 the GM rolled at the table (empty: the app rolls).
    """
    combatant = engine.combatant(encounter, creature_id)
    check = skill_check(
        combatant,
        skill,
        QueuedSource(engine.rng, list(dice)),
        engine.ruleset,
        target_number=target_number,
    )
    outcome = ""
    if check.success is not None:
        outcome = f" vs DC {target_number}: {'success' if check.success else 'failure'}"
        if check.failed_because:
            outcome += f" ({check.failed_because})"
    name = engine.name(encounter, creature_id)
    note = (
        f"{name} uses {skill.capitalize()} ({engine.ruleset.action_label(action)} action): "
        f"{format_resolved(check.total)}{outcome}"
    )
    return engine.rule_note(encounter, creature_id, MECHANIC, note)
