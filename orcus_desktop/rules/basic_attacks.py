"""The basic attacks every creature has from its weapons and implements (000 "Basic Attack").

003-49 (003 "5.10.1 PC Maneuvers") adds the Ranged Basic Attack (Implement) and makes the
"Primary Ability" the attack's; the ruleset says which abilities count (`Ruleset`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orcus_desktop.rules.abilities import Ability, primary_ability
from orcus_desktop.rules.powers import (
    Power,
    basic_implement_attack,
    basic_melee_attack,
    basic_ranged_attack,
)
from orcus_desktop.vocabulary import Origin

if TYPE_CHECKING:
    from orcus_desktop.rules.statblock import StatBlock


def basic_attacks(
    statblock: StatBlock,
    ruleset_doubling_level: int = 21,
    primary_abilities: tuple[str, ...] = (),
    implement_abilities: tuple[str, ...] = (),
) -> tuple[Power, ...]:
    """The generic basic attacks a creature can make with its weapons (000 "Basic Attack").

    The basic ranged attack needs a ranged or thrown weapon (000 "Tags": "You need a weapon");
    the basic melee attack is everyone's, made with a melee weapon or, with none, an unarmed
    strike (000 l.507: "You need a weapon (or an unarmed strike) to use a Weapon power";
    `statblock.UNARMED_STRIKE`, docs/rulings.md R-120). A stat block power marked ``basic``
    with the same origin (a monster's "Short Sword" basic attack) replaces the generic one, as
    does a power with the same name. 003-49: both use the highest of ``primary_abilities`` if
    any, and a creature that wields an implement (:func:`wields_implement`) also gets the
    implement basic attack, by the highest of ``implement_abilities`` (R-102, R-104).
    """
    own_names = {p.name for p in statblock.powers}
    own_basic = {p.origin for p in statblock.powers if p.basic}
    ranged_weapon = [w for w in statblock.weapons if w.ranged or w.heavy_thrown]
    primary = primary_ability(statblock.abilities, primary_abilities)
    out: list[Power] = []
    melee_ability = primary or Ability.STRENGTH
    melee = basic_melee_attack(statblock.level, ruleset_doubling_level, melee_ability)
    if Origin.MELEE not in own_basic and melee.name not in own_names:
        out.append(melee)
    if ranged_weapon and Origin.RANGED not in own_basic:
        ranged = basic_ranged_attack(
            statblock.level,
            heavy_thrown=ranged_weapon[0].heavy_thrown,
            ruleset_doubling_level=ruleset_doubling_level,
            ability=primary,
        )
        if ranged.name not in own_names:
            out.append(ranged)
    implement = primary_ability(statblock.abilities, implement_abilities)
    if implement is not None and wields_implement(statblock):
        power = basic_implement_attack(statblock.level, ruleset_doubling_level, implement)
        if power.name not in own_names:
            out.append(power)
    return tuple(out)


def wields_implement(statblock: StatBlock) -> bool:
    """Whether the creature wields an implement (003-49; docs/rulings.md R-104).

    The GM marked it so (the stat block's ``implement``, the editor's Implement box), or one
    of its powers has the Implement keyword (000 "Keywords"; the stat block's own words).
    """
    return statblock.implement or any(
        "implement" in (k.lower() for k in p.keywords) for p in statblock.powers
    )
