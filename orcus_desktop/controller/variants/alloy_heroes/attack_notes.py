"""004's notes after an attack, for the GM (004-06 ammunition, 004-28 unseen targets).

Logged as `rule_note` entries with their mechanic id once the attack is logged (the hook
`after_attack`); what they ask of the table the GM decides.
"""

from __future__ import annotations

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import Attack
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.vocabulary import ConcealmentDegree


def after_attack(
    engine: Engine, encounter: Encounter, attacker_id: str, attack: Attack
) -> Encounter:
    """The notes an attack's log record calls for (004-06 ammunition, 004-28 unseen targets)."""
    encounter = _ammunition(engine, encounter, attacker_id, attack)
    if engine.ruleset.hooks.targeting_policy.total_concealment_targets_a_square:
        for t in attack.targets:
            if t.concealment == ConcealmentDegree.TOTAL.value:
                name = engine.name(encounter, t.target)
                # 004-28 (004 l.776): "Total Concealment: A target to which you have no line
                # of sight ... You have to guess where they are".
                encounter = engine.rule_note(
                    encounter,
                    attacker_id,
                    "004-28",
                    f"no line of sight to {name}: total concealment. The attacker names a "
                    f"square; if {name} is not there, the attack misses (undo it)",
                )
    return encounter


def _ammunition(
    engine: Engine, encounter: Encounter, attacker_id: str, attack: Attack
) -> Encounter:
    """004-06 (004 l.72, 85, 95): "enough ammunition, or throwing weapons, for each target"."""
    count = len(attack.targets)
    if not engine.ruleset.ammunition_per_target or count < 2 or not attack.weapon:
        return encounter
    statblock = engine.rules.statblock(encounter.creature(attacker_id))
    weapons = statblock.weapons if statblock is not None else ()
    if not any(w.name == attack.weapon and (w.ranged or w.heavy_thrown) for w in weapons):
        return encounter
    return engine.rule_note(
        encounter,
        attacker_id,
        "004-06",
        f"{attack.power} with the {attack.weapon} uses one piece of ammunition (or one "
        f"throwing weapon) per target: {count}; without enough, fewer targets",
    )
