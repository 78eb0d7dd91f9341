"""004's own actions (004-11, 004-22, 004-36), offered as built-in powers.

The ruleset names them in its action economy (``actions.extra_actions``: id -> kind,
`rules/variants/alloy_heroes/ruleset.py`); these are the powers behind the ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from orcus_desktop.controller.ruleset_powers import AUTOFIRE_KEYWORD
from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import (
    Area,
    AttackSpec,
    ConditionSpec,
    DamageSpec,
    Outcome,
    Power,
    PowerCategory,
    PowerRange,
    TargetKind,
)
from orcus_desktop.rules.terms import Defense
from orcus_desktop.vocabulary import AreaShape, Origin

POWERS: Final[Mapping[str, Power]] = MappingProxyType(
    {
        # 004-11, 004 l.365-376 "Attack Held Object": "Make a weapon attack vs. Fortitude. Hit: The
        # target drops the weapon in their space"; unarmed, "you may choose to hold the object".
        "attack_held_object": Power(
            name="Attack Held Object",
            origin=Origin.MELEE,
            range=PowerRange(weapon=True),
            attack=AttackSpec(Ability.STRENGTH, Defense.FORTITUDE),
            hit=Outcome(
                text="004-11: the target drops the held object in its space (unarmed: the "
                "attacker may hold it instead)"
            ),
            keywords=("weapon",),
        ),
        # 004-36, 004 l.632-639 "Trip": "Make an Unarmed attack vs. Reflex defense. Hit: The
        # target is knocked prone."
        "trip": Power(
            name="Trip",
            origin=Origin.MELEE,
            attack=AttackSpec(Ability.STRENGTH, Defense.REFLEX),
            hit=Outcome(
                conditions=(ConditionSpec(Condition.PRONE, DurationKind.UNTIL_COUNTERED),)
            ),
        ),
        # 004-22, 004 l.591-600 Autofire, Spray: "5 ft burst", Dex vs Reflex against each creature,
        # 1[W] without the ability bonus, ammunition per target (004-06, noted when used).
        "autofire_spray": Power(
            name="Autofire: Spray",
            origin=Origin.NEAR,
            area=Area(AreaShape.BURST, 1),
            targets=TargetKind.ALL,
            range=PowerRange(weapon=True),
            attack=AttackSpec(Ability.DEXTERITY, Defense.REFLEX),
            hit=Outcome(damage=DamageSpec("1dW")),
            keywords=("weapon", AUTOFIRE_KEYWORD),
        ),
        # 004-22, 004 l.601-607 Suppressing Fire: a 30 ft burst (burst 6) zone for 10 rounds + 1
        # per attack; "As an immediate action, you may make a basic ranged attack against any
        # creature in the area that either takes a standard action or fails to take any action".
        "suppressing_fire": Power(
            name="Autofire: Suppressing Fire",
            category=PowerCategory.UTILITY,
            origin=Origin.SELF,
            targets=TargetKind.SELF,
            effect=Outcome(
                text="004-22: a burst 6 zone; as an immediate action, a basic ranged attack "
                "against a creature in it that takes a standard action or fails to act"
            ),
            keywords=(AUTOFIRE_KEYWORD,),
        ),
    }
)
"""004's actions by the id its ruleset's ``extra_actions`` names."""
