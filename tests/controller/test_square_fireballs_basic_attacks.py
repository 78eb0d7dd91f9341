"""003-49 basic attacks use the "Primary Ability", played from the GM's side.

003 "5.10.1 PC Maneuvers" (l.530-558): "Melee Basic Attack (Weapon) ... Melee - Primary Ability
vs Arm. Hit: 1W+Primary Ability." docs/rulings.md R-102 picks the higher of Strength and
Dexterity; 000 "Basic Attack" keeps Strength for melee.
"""

from __future__ import annotations

from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from tests.controller.conftest import fighter, make_session, orc

# Str 12 (+1), Dex 18 (+4): a fighter whose primary ability is Dexterity under R-102.
NIMBLE = {"strength": 12, "constitution": 14, "dexterity": 18, "intelligence": 10}


def _duel(ruleset_id: str) -> GameSession:
    creatures = (fighter("hero", 4, 4, abilities=NIMBLE), orc("orc", 5, 4))
    s = make_session(Encounter(GridBounds(10, 10), creatures=creatures, ruleset_id=ruleset_id))
    assert s.roll_initiative(totals={"hero": 20, "orc": 5}).ok
    assert s.start_combat().ok
    return s


def _basic_attack(s: GameSession) -> tuple[list[object], int]:
    """The attack roll's parts and the damage rolled (d20 15, the longsword's d10 6)."""
    result = s.basic_attack("hero", "orc", dice=[15, 6])
    assert result.ok, result.reason
    target = result.details["attack"]["targets"][0]
    return target["attack_parts"], target["damage"][0]["rolled"]


def test_003_basic_attack_rolls_with_the_primary_ability() -> None:
    """003-49, 003 l.532-534 "Primary Ability vs Arm. Hit: 1W+Primary Ability": the higher
    of Strength and Dexterity (docs/rulings.md R-102) for the roll and the damage."""
    parts, damage = _basic_attack(_duel("square-fireballs"))
    assert [4, "Dexterity"] in parts
    assert not any("Strength" in str(part) for part in parts)
    assert damage == 6 + 4


def test_000_basic_attack_keeps_strength() -> None:
    """000 "Basic Melee Attack": Strength vs AC, 1dW + Strength modifier, whatever the Dex."""
    parts, damage = _basic_attack(_duel("orcus"))
    assert [1, "Strength"] in parts
    assert damage == 6 + 1
