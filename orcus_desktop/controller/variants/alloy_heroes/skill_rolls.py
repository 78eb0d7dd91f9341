"""A skill used as an action, rolled and logged (004-09; `skill_uses`).

`finish_held` is the held step's hook: once the attacks of opportunity a skill use waited for
are settled (`interrupts.settle`), its check is rolled.
"""

from __future__ import annotations

from orcus_desktop.controller.attacks.held_attacks import held_dice
from orcus_desktop.controller.availability.kinds import cannot_act
from orcus_desktop.controller.combat_rules import QueuedSource
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import AttackDropped
from orcus_desktop.model.combat import PendingAttack
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


def finish_held(engine: Engine, encounter: Encounter, held: PendingAttack) -> Encounter:
    """The held skill use rolled once its attacks of opportunity are settled, or dropped.

    004-09, 004 l.389: "the creature resumes its action if it is still capable of it".
    """
    why = cannot_act(engine.rules, encounter, held.attacker)
    if why:
        return AttackDropped(held.text, why).logged_on(encounter, held.attacker, ())
    action, number = str(held.options.get("action", "")), held.options.get("target_number")
    target = None if number is None else int(number)
    return roll_skill_use(
        engine, encounter, held.attacker, held.power, action, held_dice(held), target
    )
