"""A creature's powers and whether it may use one now.

`powers_of`: its own, the basic attacks 000 gives everyone and the ruleset's actions;
`power_problem`: why not now.
"""

from __future__ import annotations

from orcus_desktop.controller import plugins
from orcus_desktop.controller.availability.kinds import attack_barred, kind_problem
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.ruleset_powers import ruleset_powers
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.basic_attacks import basic_attacks
from orcus_desktop.rules.powers import ActionKind, Power


def powers_of(rules: CombatRules, encounter: Encounter, creature_id: str) -> tuple[Power, ...]:
    """The creature's powers, the basic attacks 000 gives everyone and the ruleset's actions."""
    creature = encounter.creature(creature_id)
    sb = rules.statblock(creature)
    if sb is None:
        return ()
    return (
        *sb.powers,
        *basic_attacks(
            sb,
            rules.ruleset.basic_attack_doubling_level,
            rules.ruleset.basic_weapon_abilities,
            rules.ruleset.basic_implement_abilities,
        ),
        # 002-11, 002-15, 004-11, 004-22, 004-36: the ruleset's own actions (none in 000).
        *ruleset_powers(rules),
    )


def find_power(
    rules: CombatRules, encounter: Encounter, creature_id: str, name: str
) -> Power | None:
    for power in powers_of(rules, encounter, creature_id):
        if power.name == name:
            return power
    return None


def power_problem(rules: CombatRules, encounter: Encounter, creature_id: str, power: Power) -> str:
    """Why the creature cannot use `power` now (used up, no action of its type...), or ""."""
    creature = encounter.creature(creature_id)
    state = rules.state(creature)
    if state is not None and not state.power_available(power):
        # 000 "Power Category and Frequency": encounter/daily powers need a rest to recharge.
        frequency = power.frequency.value.replace("_", "-")
        article = "an" if frequency[0] in "aeiou" else "a"
        return f"{power.name} is {article} {frequency} power already used"
    kind = power.action
    problem = kind_problem(rules, encounter, creature_id, kind)
    if not problem and power.attack is not None:
        problem = attack_barred(rules, encounter, creature_id)
    if not problem and kind is ActionKind.FREE and rules.ruleset.actions.own_turn_free_limits:
        problem = _free_limit_problem(rules, encounter, creature_id, power)
    return problem or plugins.power_problem(rules, encounter, creature_id, power)


def _free_limit_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, power: Power
) -> str:
    """Why a free action power is over 003-17's own-turn limits, or "".

    003 l.257-258: "One Free Action Attack. Any number of non-attack Free Actions, but each
    power can only be used once per turn this way." The turn's uses are read from the log
    back to its ``turn_start``.
    """
    combat = encounter.combat
    if not combat.active or combat.current != creature_id:
        return ""
    name = encounter.creature(creature_id).name
    for entry in reversed(combat.log):
        if entry.kind == "turn_start":
            return ""
        if entry.kind != "attack" or entry.actor != creature_id:
            continue
        used = find_power(rules, encounter, creature_id, str(entry.data.get("power", "")))
        if used is None or used.action is not ActionKind.FREE:
            continue
        if used.name == power.name:
            return f"{power.name} can only be used once per turn as a free action (003-17)"
        if used.attack is not None and power.attack is not None:
            return f"{name} already made its one free action attack this turn (003-17)"
    return ""
