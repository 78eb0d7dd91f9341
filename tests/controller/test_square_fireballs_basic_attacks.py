"""003-49 basic attacks use the "Primary Ability", played from the GM's side.

003 "5.10.1 PC Maneuvers" (l.530-558): "Melee Basic Attack (Weapon) ... Melee - Primary Ability
vs Arm. Hit: 1W+Primary Ability." docs/rulings.md R-102 picks the higher of Strength and
Dexterity; 000 "Basic Attack" keeps Strength for melee.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import ready_attacks
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import thaw
from orcus_desktop.model.serialization import (
    EncounterFileError,
    encounter_from_dict,
    encounter_to_dict,
    load_encounter,
    save_encounter,
)
from tests.controller.conftest import fighter, make_session, orc

# Str 12 (+1), Dex 18 (+4): a fighter whose primary ability is Dexterity under R-102.
NIMBLE = {"strength": 12, "constitution": 14, "dexterity": 18, "intelligence": 10}


def _duel(ruleset_id: str) -> GameSession:
    creatures = (fighter("hero", 4, 4, abilities=NIMBLE), orc("orc", 5, 4))
    s = make_session(Encounter(GridBounds(10, 10), creatures=creatures, ruleset_id=ruleset_id))
    assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 5}).ok
    assert s.run(initiative.start_combat).ok
    return s


def _basic_attack(s: GameSession) -> tuple[list[object], int]:
    """The attack roll's parts and the damage rolled (d20 15, the longsword's d10 6)."""
    result = s.run(attacks.basic_attack, "hero", "orc", dice=[15, 6])
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


# Int 18 (+4), Wis 14 (+2), Cha 8 (-1): a caster whose implement ability is Intelligence.
SCHOLAR = {"strength": 10, "dexterity": 12, "intelligence": 18, "wisdom": 14, "charisma": 8}
IMPLEMENT_POWER = {
    "name": "Magic Missile",
    "origin": "ranged",
    "range": {"normal": 20},
    "attack": {"defense": "reflex", "ability": "intelligence"},
    "hit": {"damage": "2d4 + Intelligence modifier"},
    "keywords": ["arcane", "implement"],
}
IMPLEMENT_BASIC = "Ranged Basic Attack (Implement)"


def _caster_duel(ruleset_id: str, *, powers: list[object], orc_col: int = 14) -> GameSession:
    creatures = (
        fighter("mage", 2, 4, abilities=SCHOLAR, powers=powers),
        orc("orc", orc_col, 4),
    )
    s = make_session(Encounter(GridBounds(20, 10), creatures=creatures, ruleset_id=ruleset_id))
    assert s.run(initiative.roll_initiative, totals={"mage": 20, "orc": 5}).ok
    assert s.run(initiative.start_combat).ok
    return s


def _power_names(s: GameSession, cid: str) -> list[str]:
    """The powers the Actions panel lists for the creature (`available_actions`)."""
    return [p.name for p in s.available_actions(cid).powers]


def test_003_an_implement_wielder_gets_the_implement_basic_attack() -> None:
    """003-49, 003 l.540-548 "Ranged Basic Attack (Implement) ... Implement Range - Primary
    Ability vs Arm. Hit: 1d6+Primary Ability": Intelligence here (docs/rulings.md R-104); the
    orc 12 squares away is out of the 10-square implement range, at 10 it is not."""
    s = _caster_duel("square-fireballs", powers=[IMPLEMENT_POWER], orc_col=14)
    assert IMPLEMENT_BASIC in _power_names(s, "mage")
    far = s.use_power("mage", IMPLEMENT_BASIC, ["orc"], dice=[15, 5])
    assert far.reason == "Orc is out of range (12 squares, range 10)"
    s = _caster_duel("square-fireballs", powers=[IMPLEMENT_POWER], orc_col=12)
    shot = s.use_power("mage", IMPLEMENT_BASIC, ["orc"], dice=[15, 5])
    assert shot.ok, shot.reason
    target = shot.details["attack"]["targets"][0]
    assert [4, "Intelligence"] in target["attack_parts"]
    assert target["defense_kind"] == "ac"  # "vs Arm"
    assert target["damage"][0]["rolled"] == 5 + 4  # the d6 and the Intelligence modifier


def test_003_without_an_implement_power_there_is_none() -> None:
    s = _caster_duel("square-fireballs", powers=[])
    assert IMPLEMENT_BASIC not in _power_names(s, "mage")


def test_000_has_no_implement_basic_attack() -> None:
    """000 "Basic Attack" names only the melee and ranged weapon attacks."""
    s = _caster_duel("orcus", powers=[IMPLEMENT_POWER])
    assert IMPLEMENT_BASIC not in _power_names(s, "mage")


def test_003_the_gm_marks_a_caster_as_wielding_an_implement(tmp_path: Path) -> None:
    """003-49: stat blocks do not say who wields an implement; docs/rulings.md R-104 lets the
    GM mark it (the stat block's ``implement``). Undo takes the mark back; save and reopen
    keep it, and the attack it gives rolls 1d6 + the primary ability."""
    s = _caster_duel("square-fireballs", powers=[], orc_col=12)
    assert IMPLEMENT_BASIC not in _power_names(s, "mage")
    block = thaw(s.encounter.creature("mage").statblock)
    assert isinstance(block, dict)
    marked = s.run(editing.update_creature, "mage", statblock={**block, "implement": True})
    assert marked.ok, marked.reason
    assert IMPLEMENT_BASIC in _power_names(s, "mage")
    s.undo()
    assert IMPLEMENT_BASIC not in _power_names(s, "mage")
    s.redo()
    path = tmp_path / "caster.json"
    save_encounter(path, s.encounter)
    reopened = make_session(load_encounter(path))
    assert IMPLEMENT_BASIC in _power_names(reopened, "mage")
    shot = reopened.use_power("mage", IMPLEMENT_BASIC, ["orc"], dice=[15, 2])
    assert shot.ok, shot.reason
    assert shot.details["attack"]["targets"][0]["damage"][0]["rolled"] == 2 + 4  # d6 + Int


def test_a_bad_implement_mark_is_refused_with_its_field(tmp_path: Path) -> None:
    s = _caster_duel("square-fireballs", powers=[])
    block = thaw(s.encounter.creature("mage").statblock)
    assert isinstance(block, dict)
    refused = s.run(editing.update_creature, "mage", statblock={**block, "implement": "yes"})
    assert not refused.ok
    assert "statblock.implement: expected true or false, got 'yes'" in refused.reason
    data = encounter_to_dict(s.encounter)
    data["creatures"][0]["statblock"]["implement"] = "yes"
    with pytest.raises(EncounterFileError) as caught:
        encounter_from_dict(data)
    assert str(caught.value) == (
        "creatures[0].statblock: cannot be read: "
        "statblock.implement: expected true or false, got 'yes'"
    )


def test_003_ready_ranged_attack_measures_the_implement_attacks_range() -> None:
    """003-52, 003 l.800 Ready Ranged Attack "only if there are no enemies ... within Long
    Range of your Ranged Basic Attack": a caster with no ranged weapon has the 003-49 Ranged
    Basic Attack (Implement), "Implement Range" 10 (docs/rulings.md R-104): an orc 10 squares
    away is within it, one 11 squares away is not."""
    near = _caster_duel("square-fireballs", powers=[IMPLEMENT_POWER], orc_col=12)
    refused = near.run(ready_attacks.ready_attack, "mage", ranged=True)
    assert refused.reason == "Orc is within long range: 003-52 needs no enemy there"
    far = _caster_duel("square-fireballs", powers=[IMPLEMENT_POWER], orc_col=13)
    readied = far.run(ready_attacks.ready_attack, "mage", ranged=True)
    assert readied.ok, readied.reason
    assert far.encounter.combat.combatant("mage").readied is not None
    unarmed = _caster_duel("square-fireballs", powers=[], orc_col=13)
    assert (
        unarmed.run(ready_attacks.ready_attack, "mage", ranged=True).reason
        == "Mage has no ranged basic attack"
    )
