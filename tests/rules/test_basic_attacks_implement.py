"""003-49's Ranged Basic Attack (Implement) as a rule: who has it and what it rolls.

Seed 003 "5.10.1 PC Maneuvers" (l.540-548): "Ranged Basic Attack (Implement) - Maneuver /
Attack - Implement / Implement Range - Primary Ability vs Arm / Hit: 1d6+Primary Ability. /
Level 21: Increase Hit damage to 2d6+Primary Ability." Stat blocks do not say who wields an
implement: docs/rulings.md R-104 (an Implement power, or the stat block's ``implement``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from orcus_desktop.rules.abilities import Ability, AbilityScores
from orcus_desktop.rules.basic_attacks import basic_attacks, wields_implement
from orcus_desktop.rules.power_dicts import power_from_dict
from orcus_desktop.rules.powers import IMPLEMENT_RANGE, Power
from orcus_desktop.rules.ruleset import ruleset_by_id
from orcus_desktop.rules.statblock import StatBlock
from orcus_desktop.rules.statblock_dicts import statblock_from_dict, statblock_to_dict
from orcus_desktop.rules.terms import Defense
from tests.rules.builders import pc

IMPLEMENT = "Ranged Basic Attack (Implement)"
# A cleric: Wisdom 18 (+4) is the highest of Int 10, Wis 18, Cha 14.
CLERIC = AbilityScores(strength=12, constitution=12, dexterity=10, wisdom=18, charisma=14)
SACRED_FLAME = power_from_dict(
    {
        "name": "Sacred Flame",
        "origin": "ranged",
        "range": {"normal": 5},
        "attack": {"defense": "reflex", "ability": "wisdom"},
        "hit": {"damage": "1d6 + Wisdom modifier"},
        "keywords": ["divine", "Implement"],
    },
    "power",
)


def _implement_attack(sb: StatBlock, ruleset_id: str = "square-fireballs") -> Power | None:
    ruleset = ruleset_by_id(ruleset_id)
    attacks = basic_attacks(
        sb,
        ruleset.basic_attack_doubling_level,
        ruleset.basic_weapon_abilities,
        ruleset.basic_implement_abilities,
    )
    return next((p for p in attacks if p.name == IMPLEMENT), None)


def test_who_wields_an_implement() -> None:
    """R-104: the GM's mark or an Implement power (any case of the keyword); else nobody."""
    assert not wields_implement(pc(abilities=CLERIC))
    assert wields_implement(pc(abilities=CLERIC, implement=True))
    assert wields_implement(pc(abilities=CLERIC, powers=(SACRED_FLAME,)))


def test_003_implement_basic_attack_rolls_the_primary_ability_vs_arm() -> None:
    """003 l.544-546 "Implement Range - Primary Ability vs Arm. Hit: 1d6+Primary Ability":
    the highest mental ability (Wisdom here), vs AC ("Arm"), 1d6 + it, ranged 10 (R-104)."""
    power = _implement_attack(pc(abilities=CLERIC, implement=True))
    assert power is not None
    assert power.basic
    assert power.attack is not None
    assert power.attack.ability is Ability.WISDOM
    assert power.attack.defense is Defense.AC
    assert power.hit.damage is not None
    assert power.hit.damage.expression == "1d6 + Wisdom modifier"
    assert power.range.normal == IMPLEMENT_RANGE == 10
    assert "implement" in power.keywords


def test_003_level_21_doubles_the_die() -> None:
    """003 l.548 "Level 21: Increase Hit damage to 2d6+Primary Ability"."""
    for level, expression in ((20, "1d6 + Wisdom modifier"), (21, "2d6 + Wisdom modifier")):
        power = _implement_attack(pc(abilities=CLERIC, implement=True, level=level))
        assert power is not None
        assert power.hit.damage is not None
        assert power.hit.damage.expression == expression


def test_a_stat_block_power_of_that_name_replaces_it() -> None:
    own = replace(SACRED_FLAME, name=IMPLEMENT)
    sb = pc(abilities=CLERIC, powers=(own,))
    assert _implement_attack(sb) is None  # the generic one is not added beside it
    assert sb.powers == (own,)


@pytest.mark.parametrize("ruleset_id", ["orcus", "4e-quickref", "alloy-heroes", "strike"])
def test_other_rulesets_have_no_implement_basic_attack(ruleset_id: str) -> None:
    """000 "Basic Attack" names the melee and ranged weapon attacks only."""
    assert _implement_attack(pc(abilities=CLERIC, implement=True), ruleset_id) is None


def test_the_implement_mark_is_written_only_when_set_and_read_back() -> None:
    marked = pc(abilities=CLERIC, implement=True)
    data = statblock_to_dict(marked)
    assert data["implement"] is True
    assert statblock_from_dict(data) == marked
    assert "implement" not in statblock_to_dict(pc())


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_a_bad_implement_mark_is_named(bad: object) -> None:
    data = {**statblock_to_dict(pc()), "implement": bad}
    with pytest.raises(ValueError, match=r"^statblock\.implement: expected true or false"):
        statblock_from_dict(data)
