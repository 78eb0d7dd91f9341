"""What an attacker's power is in its hands: the ability used, the reach, the ranges, the basics.

Read by attack resolution and by every action that attacks (charges, opportunity attacks,
readied attacks, Counter Strike!).
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.availability.actions import opportunity_problem
from orcus_desktop.controller.availability.powers import powers_of
from orcus_desktop.controller.engine import Engine
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.attack_modifiers import Combatant
from orcus_desktop.rules.powers import Power
from orcus_desktop.vocabulary import Origin


def with_ability(power: Power, attacker: Combatant, ability_attack: str | None) -> Power:
    if ability_attack is None or power.attack is None:
        return power
    sb = attacker.statblock
    if not sb.is_pc:
        basic = next((p for p in sb.powers if p.basic and p.origin is Origin.MELEE), None)
        if basic is not None and basic.attack is not None and basic.attack.bonus is not None:
            spec = replace(power.attack, ability=None, bonus=basic.attack.bonus)
            return replace(power, attack=spec)
    from orcus_desktop.rules.abilities import Ability

    return replace(power, attack=replace(power.attack, ability=Ability(ability_attack)))


def reach_of(attacker: Combatant, power: Power) -> int:
    if power.range.normal is not None and not power.range.weapon:
        return power.range.normal
    return attacker.statblock.reach


def ranges_of(attacker: Combatant, power: Power) -> tuple[int | None, int | None]:
    if power.range.weapon:
        for weapon in attacker.statblock.weapons:
            if weapon.ranged:
                return weapon.normal_range, weapon.long_range
        return None, None
    return power.range.normal, power.range.long


def takes_opportunity_attacks(
    engine: Engine, encounter: Encounter, enemy_ids: tuple[str, ...]
) -> tuple[str, ...]:
    """The enemies of `enemy_ids` that can make an opportunity attack now, with what they hold.

    000 "Opportunity Attacks": "one melee attack", the basic melee attack
    (`interrupts.opportunity_attack`). Every creature with a stat block has one, unarmed if
    need be (000 l.507, docs/rulings.md R-120); a token without a stat block has none, so it
    is never offered one and no walk waits on it. Nor is a creature the availability table
    says could not take one now (R-248): the creature whose turn it is, provoked by a readied
    move (000 "Immediate Actions": "It must occur on someone else's turn").
    """
    return tuple(
        e
        for e in enemy_ids
        if basic_attack_name(engine, encounter, e) is not None
        and not opportunity_problem(engine.rules, encounter, e)
    )


def basic_attack_name(
    engine: Engine, encounter: Encounter, creature_id: str, *, ranged: bool = False
) -> str | None:
    """The name of the creature's basic melee (or ranged) attack, or None without one.

    000 "Basic Attack": a monster's stat block may name its own ("Short Sword", marked
    basic); otherwise it is the generic "Basic Melee Attack"/"Basic Ranged Attack". Charges
    and opportunity attacks use it (000 "Charge", "Opportunity Attacks").
    """
    if encounter.find_creature(creature_id) is None:
        return None
    wanted = Origin.RANGED if ranged else Origin.MELEE
    basics = [p for p in powers_of(engine.rules, encounter, creature_id) if p.basic]
    return next((p.name for p in basics if p.origin is wanted), None)
