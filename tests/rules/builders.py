"""Small stat block and combatant factories for the rules tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from orcus_desktop.rules.abilities import AbilityScores
from orcus_desktop.rules.attack_modifiers import Combatant
from orcus_desktop.rules.statblock import Defenses, Role, Side, StatBlock, Weapon
from orcus_desktop.rules.state import CreatureState, initial_state
from orcus_desktop.vocabulary import CreatureId


def pc(max_hp: int = 44, **changes: Any) -> StatBlock:
    sb = StatBlock(
        name="Hero",
        level=1,
        role=Role.PC,
        side=Side.HEROES,
        abilities=AbilityScores(strength=16, constitution=14, dexterity=12, wisdom=10),
        defenses=Defenses(ac=16, fortitude=14, reflex=12, will=11),
        max_hp=max_hp,
        recoveries=8,
        action_points=1,
        weapons=(Weapon("Longsword", "1d10", proficiency=3),),
    )
    return replace(sb, **changes)


def monster(max_hp: int = 30, **changes: Any) -> StatBlock:
    sb = StatBlock(
        name="Orc",
        level=2,
        role=Role.MONSTER,
        side=Side.MONSTERS,
        abilities=AbilityScores(strength=16, constitution=14, dexterity=10),
        defenses=Defenses(ac=15, fortitude=15, reflex=12, will=11),
        max_hp=max_hp,
        weapons=(Weapon("Axe", "1d12"),),
    )
    return replace(sb, **changes)


def combatant(
    cid: str, statblock: StatBlock, state: CreatureState | None = None, **state_changes: Any
) -> Combatant:
    base = state if state is not None else initial_state(statblock)
    return Combatant(CreatureId(cid), statblock, replace(base, **state_changes))
