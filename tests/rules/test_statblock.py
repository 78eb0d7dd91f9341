"""Stat blocks and powers as data: derived numbers, basic attacks, dict round trips, errors,
and the bundled creature library (resources/creatures/*.json)."""

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.geometry.grid import Size
from orcus_desktop.rules.abilities import Ability, AbilityScores
from orcus_desktop.rules.attack_modifiers import weapon_for
from orcus_desktop.rules.basic_attacks import basic_attacks
from orcus_desktop.rules.dice import roll, substitute
from orcus_desktop.rules.dice_values import MaxSource, MinSource
from orcus_desktop.rules.power_dicts import power_from_dict, power_to_dict
from orcus_desktop.rules.powers import (
    Frequency,
    basic_melee_attack,
    basic_ranged_attack,
)
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.rules.statblock import UNARMED_STRIKE, Role, Weapon, pc_defenses
from orcus_desktop.rules.statblock_dicts import statblock_from_dict, statblock_to_dict
from orcus_desktop.rules.terms import Defense
from orcus_desktop.vocabulary import Origin
from tests.rules.builders import monster, pc

CREATURES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "creatures").glob("*.json")
)


def _stat_blocks(path: Path) -> list[dict[str, Any]]:
    """The stat blocks of a bundled file: one creature, or a library file's list of them."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return list(data["creatures"]) if "creatures" in data else [data]


STAT_BLOCKS = [block for path in CREATURES for block in _stat_blocks(path)]


@pytest.mark.parametrize(
    ("max_hp", "staggered", "recovery"),
    [
        # 000 "Instant Death": "-22 HP if your HP is 44" (staggered value 22).
        (44, 22, 11),
        # 000 "Variant: No Negative HP": a cleric with 22 HP (staggered 11).
        (22, 11, 5),
        (29, 14, 7),  # 000 "Rounding Fractions": round down
    ],
)
def test_staggered_and_recovery_values(max_hp: int, staggered: int, recovery: int) -> None:
    sb = pc(max_hp=max_hp)
    assert sb.staggered_value(ORCUS) == staggered
    assert sb.recovery_value(ORCUS) == recovery


@pytest.mark.parametrize(
    ("level", "dice"),
    # 000 "Basic Attack": "Level 1: 1dW + Strength modifier ... Level 21: 2dW".
    [(1, "1dW"), (20, "1dW"), (21, "2dW"), (30, "2dW")],
)
def test_basic_attack_doubles_at_level_21(level: int, dice: str) -> None:
    melee = basic_melee_attack(level)
    ranged = basic_ranged_attack(level)
    assert melee.hit.damage is not None
    assert ranged.hit.damage is not None
    assert melee.hit.damage.expression == f"{dice} + Strength modifier"
    assert ranged.hit.damage.expression == f"{dice} + Dexterity modifier"
    assert melee.attack is not None
    assert (melee.attack.ability, melee.attack.defense) == (Ability.STRENGTH, Defense.AC)
    # 000: "Heavy thrown weapons use Strength not Dexterity".
    heavy = basic_ranged_attack(level, heavy_thrown=True)
    assert heavy.attack is not None
    assert heavy.attack.ability is Ability.STRENGTH


def test_basic_attacks_need_weapons_and_yield_to_own_basic_powers() -> None:
    assert [p.name for p in basic_attacks(pc())] == ["Basic Melee Attack"]
    # 000 l.507 "You need a weapon (or an unarmed strike)": no weapon, the melee one unarmed
    # (docs/rulings.md R-120), but no ranged one.
    assert [p.name for p in basic_attacks(pc(weapons=()))] == ["Basic Melee Attack"]


def test_a_ranger_with_only_a_longbow_strikes_unarmed_in_melee() -> None:
    """R-120: the melee basic attack with no melee weapon in hand uses the unarmed strike."""
    longbow = Weapon("Longbow", "1d10", proficiency=2, normal_range=20, long_range=40)
    ranger = pc(weapons=(longbow,))
    names = [p.name for p in basic_attacks(ranger)]
    assert names == ["Basic Melee Attack", "Basic Ranged Attack"]
    melee = ranger.power("Basic Melee Attack")
    assert weapon_for(ranger, melee) == UNARMED_STRIKE
    assert (UNARMED_STRIKE.die, UNARMED_STRIKE.proficiency) == ("1d4", 0)
    assert weapon_for(ranger, ranger.power("Basic Ranged Attack")) == longbow


def test_pc_defenses_follow_the_ability_pairs() -> None:
    # 000 "Abilities": Str/Con -> Fortitude, Dex/Int -> AC (light armor) and Reflex;
    # docs/rulings.md R-01: Wis/Cha -> Will. 000 "Level Bonus": half level.
    scores = AbilityScores(
        strength=12, constitution=16, dexterity=10, intelligence=14, wisdom=8, charisma=13
    )
    d = pc_defenses(scores, 4, ORCUS, armor_bonus=2)
    assert d[Defense.FORTITUDE].total == 10 + 2 + 3
    assert d[Defense.REFLEX].total == 10 + 2 + 2
    assert d[Defense.WILL].total == 10 + 2 + 1
    assert d[Defense.AC].total == 10 + 2 + 2 + 2
    heavy = pc_defenses(scores, 4, ORCUS, armor_bonus=6, light_armor=False)
    assert heavy[Defense.AC].total == 10 + 2 + 6


def test_initiative_modifier() -> None:
    # docs/rulings.md R-18: Dexterity modifier + half level + other modifiers.
    sb = pc(level=6, abilities=AbilityScores(dexterity=15), initiative_bonus=2)
    assert sb.initiative_modifier(ORCUS).total == 2 + 3 + 2


def test_dying_rules_by_role() -> None:
    # 000 "Monsters and Death".
    assert pc().falls_unconscious_at_zero(ORCUS)
    assert not monster().falls_unconscious_at_zero(ORCUS)
    assert monster(uses_death_saves=True).falls_unconscious_at_zero(ORCUS)
    assert monster().falls_unconscious_at_zero(ORCUS.with_changes(monsters_die_at_zero=False))


def test_statblock_round_trip() -> None:
    sb = pc(resistances=(("fire", 5),), vulnerabilities=(("radiant", 5),), regeneration=3)
    assert statblock_from_dict(statblock_to_dict(sb)) == sb
    assert statblock_from_dict(json.loads(json.dumps(statblock_to_dict(sb)))) == sb


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"level": "one"}, "statblock.level"),
        ({"level": 0}, "statblock.level"),
        ({"max_hp": None}, "statblock.max_hp"),
        ({"role": "boss"}, "statblock.role"),
        ({"size": "colossal"}, "statblock.size"),
        ({"abilities": {"strength": "x"}}, "statblock.abilities.strength"),
        ({"defenses": {"ac": 10}}, "statblock.defenses.fortitude"),
        ({"resistances": {"sonic": 5}}, "statblock.resistances"),
        ({"speeds": {"walk": -1}}, "statblock.speeds.walk"),
        ({"weapons": [{"name": "Sword", "die": "sharp"}]}, "statblock.weapons[0]"),
        ({"powers": [{"name": "Zap", "origin": "teleport"}]}, "statblock.powers[0] 'Zap'.origin"),
        (
            {"powers": [{"name": "Zap", "hit": {"damage": "2d6 +"}}]},
            "statblock.powers[0] 'Zap'.hit.damage",
        ),
        ({"colour": "green"}, "statblock: unknown field 'colour'"),
    ],
)
def test_statblock_errors_name_the_field(change: dict[str, object], field: str) -> None:
    data = statblock_to_dict(pc())
    data.update(change)
    with pytest.raises(
        ValueError, match="^" + field.replace("[", r"\[").replace("]", r"\]")
    ) as info:
        statblock_from_dict(data)
    assert "\n" not in str(info.value)


def test_power_round_trip_and_validation() -> None:
    for block in STAT_BLOCKS:
        for raw in block["powers"]:
            power = power_from_dict(raw)
            assert power_from_dict(power_to_dict(power)) == power
    with pytest.raises(ValueError, match="needs an area"):
        power_from_dict({"name": "Blast", "origin": "near"})
    with pytest.raises(ValueError, match="attack: needs an ability or a flat bonus"):
        power_from_dict({"name": "Hit", "attack": {"defense": "ac"}})


def test_bundled_creature_library_loads() -> None:
    assert 6 <= len(CREATURES) <= 10
    names = set()
    for block in STAT_BLOCKS:
        sb = statblock_from_dict(block)
        names.add(sb.name)
        # Every creature is in canonical form (what to_dict writes).
        assert block == json.loads(json.dumps(statblock_to_dict(sb)))
        # Every damage expression of every power rolls with the creature's own numbers.
        for power in (*sb.powers, *basic_attacks(sb)):
            for outcome in (power.hit, power.miss, power.effect):
                if outcome.damage is None:
                    continue
                weapon = sb.weapons[0].die if sb.weapons else None
                text = substitute(
                    outcome.damage.expression,
                    weapon_die=weapon,
                    ability_modifiers=sb.abilities.modifiers(),
                )
                assert roll(text, MinSource()).total <= roll(text, MaxSource()).total
    assert len(names) == len(STAT_BLOCKS)


def test_library_pcs_follow_000s_formulas() -> None:
    pcs = [statblock_from_dict(block) for block in STAT_BLOCKS]
    pcs = [sb for sb in pcs if sb.role is Role.PC]
    assert len(pcs) >= 3
    for sb in pcs:
        d = pc_defenses(sb.abilities, sb.level, ORCUS)
        for defense in (Defense.FORTITUDE, Defense.REFLEX, Defense.WILL):
            assert sb.defenses.get(defense) == d[defense].total, (sb.name, defense)
        # 000 "Hit Points and Recoveries": the Constitution score is part of the HP total.
        assert sb.max_hp > sb.abilities.score(Ability.CONSTITUTION)


def test_library_has_the_sizes_the_map_needs() -> None:
    sizes = {statblock_from_dict(block).size for block in STAT_BLOCKS}
    assert {Size.SMALL, Size.MEDIUM, Size.LARGE} <= sizes


@settings(max_examples=30, deadline=None)
@given(
    level=st.integers(min_value=1, max_value=30),
    hp=st.integers(min_value=1, max_value=500),
    scores=st.lists(st.integers(min_value=1, max_value=30), min_size=6, max_size=6),
    frequency=st.sampled_from(list(Frequency)),
    origin=st.sampled_from([Origin.MELEE, Origin.RANGED]),
)
def test_round_trip_property(
    level: int, hp: int, scores: list[int], frequency: Frequency, origin: Origin
) -> None:
    power = basic_melee_attack(level)
    from dataclasses import replace

    power = replace(power, name="Strike", frequency=frequency, origin=origin, basic=False)
    sb = pc(
        level=level,
        max_hp=hp,
        abilities=AbilityScores(*scores),
        powers=(power,),
    )
    assert statblock_from_dict(json.loads(json.dumps(statblock_to_dict(sb)))) == sb
