"""The Ruleset holds 000's numbers and switches; variants are data. Results are frozen."""

import dataclasses
import json

import pytest

from orcus_desktop.rules import results
from orcus_desktop.rules.attack_modifiers import AttackContext
from orcus_desktop.rules.attack_rolls import resolve_attack
from orcus_desktop.rules.damage import falling_damage_expression
from orcus_desktop.rules.dice import bounds
from orcus_desktop.rules.dice_values import ScriptedSource
from orcus_desktop.rules.powers import basic_melee_attack
from orcus_desktop.rules.ruleset import ORCUS, ORCUS_NO_NEGATIVE_HP, DeathSaveTiming, Ruleset
from tests.rules.builders import combatant, monster, pc

# (field, 000's value, where 000 or docs/rulings.md fixes it)
DEFAULTS = [
    ("combat_advantage_bonus", 2, '000 "Combat Advantage": "Add +2"'),
    ("half_cover_penalty", -2, '000 "Cover": "half cover gives a -2 penalty"'),
    ("three_quarters_cover_penalty", -5, '000 "Cover": "three-quarters cover ... -5"'),
    ("concealment_penalty", -2, '000 "Concealment": "-2 penalty"'),
    ("total_concealment_penalty", -5, '000 "Concealment": "total concealment (-5"'),
    ("concealment_applies_to_areas", False, '000: "do not apply to Near or Far attacks"'),
    ("long_range_penalty", -2, '000 "Ranged": "-2 penalty when your target is beyond"'),
    ("save_target", 10, '000 "Saving Throws": "10 or higher"'),
    ("death_save_failures_to_die", 3, '000: "On your third failure, you die"'),
    ("death_save_timing", DeathSaveTiming.START_OF_TURN, "docs/rulings.md R-03"),
    ("negative_hp", True, '000 "Hit Points": "You can have negative hit points"'),
    ("monsters_die_at_zero", True, '000 "Monsters and Death"'),
    ("minimum_halved_damage", 1, "docs/rulings.md R-04"),
    ("basic_attack_doubling_level", 21, '000 "Basic Attack": "Level 21: 2dW"'),
]


@pytest.mark.parametrize(("field", "value", "rule"), DEFAULTS)
def test_orcus_defaults(field: str, value: object, rule: str) -> None:
    assert getattr(ORCUS, field) == value, rule


def test_variant_is_data() -> None:
    assert not ORCUS_NO_NEGATIVE_HP.negative_hp
    restored = Ruleset.from_dict(json.loads(json.dumps(ORCUS_NO_NEGATIVE_HP.to_dict())))
    assert restored == ORCUS_NO_NEGATIVE_HP
    with pytest.raises(ValueError, match="unknown field 'luck'"):
        Ruleset.from_dict({"luck": 1})
    with pytest.raises(ValueError, match=r"ruleset\.save_target: expected int"):
        Ruleset.from_dict({"save_target": "ten"})
    with pytest.raises(ValueError, match=r"ruleset\.death_save_timing"):
        Ruleset.from_dict({"death_save_timing": "noon"})


def test_gm_forced_hit_is_recorded() -> None:
    hero, orc = combatant("hero", pc()), combatant("orc", monster())
    result = resolve_attack(
        hero,
        basic_melee_attack(1),
        [(orc, AttackContext())],
        ScriptedSource([2, 5]),
        ORCUS,
        forced_hits={orc.id: True},
    )
    target = result.targets[0]
    assert target.hit is True
    assert target.automatic == "GM"
    assert target.roll is not None
    assert target.roll.natural == 2


@pytest.mark.parametrize(
    ("feet", "expression"),
    # 000 "Falling": "1d10 damage for every 10 feet it fell, to a maximum of 50d10".
    [(5, None), (10, "1d10"), (35, "3d10"), (1000, "50d10")],
)
def test_falling_damage(feet: int, expression: str | None) -> None:
    assert falling_damage_expression(feet) == expression
    if expression is not None:
        low, high = bounds(expression)
        assert high == 10 * low


def test_every_result_type_is_frozen() -> None:
    for name in results.__all__:
        cls = getattr(results, name)
        assert dataclasses.is_dataclass(cls), name
        assert cls.__dataclass_params__.frozen, name  # type: ignore[union-attr]
