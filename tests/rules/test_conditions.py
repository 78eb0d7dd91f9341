"""000 "Appendix: Conditions": every condition exists as data with its mechanical effects;
derived numbers for the side panel; ability and skill checks."""

from dataclasses import replace

import pytest

from orcus_desktop.rules.abilities import Ability, AbilityScores
from orcus_desktop.rules.attacks import AttackContext
from orcus_desktop.rules.checks import make_check, skill_check
from orcus_desktop.rules.conditions import (
    ActionLimit,
    Condition,
    MovementLimit,
    condition_table,
    rules_for,
    with_implied,
)
from orcus_desktop.rules.derived import attack_preview, current_defenses, effective_speed
from orcus_desktop.rules.dice import ScriptedSource
from orcus_desktop.rules.durations import SAVE_ENDS
from orcus_desktop.rules.powers import basic_melee_attack
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.rules.state import add_condition, initial_state
from orcus_desktop.rules.terms import Defense
from orcus_desktop.vocabulary import CreatureId
from tests.rules.builders import combatant, monster, pc

# The 17 conditions of 000's appendix (and docs/rulings.md R-06).
CONDITIONS_000 = {
    "blinded", "controlled", "dazed", "deafened", "dying", "grappled", "helpless", "immobile",
    "marked", "petrified", "prone", "restrained", "slowed", "stunned", "surprised",
    "unconscious", "weakened",
}  # fmt: skip


def test_every_000_condition_is_in_the_table() -> None:
    table = condition_table(ORCUS)
    assert {c.value for c in table if table[c].in_000} == CONDITIONS_000
    assert set(table) == set(Condition)


EFFECTS = [
    # (condition, attribute, expected, quoted rule)
    (Condition.BLINDED, "grants_combat_advantage", True, "Attack rolls against you have CA"),
    (Condition.BLINDED, "cannot_flank", True, "Cannot flank"),
    (Condition.BLINDED, "perception_penalty", -10, "-10 penalty to Perception"),
    (Condition.DAZED, "actions", ActionLimit.SINGLE_ACTION, "only take one standard action"),
    (Condition.DAZED, "no_immediate_actions", True, "can't take immediate or opportunity"),
    (Condition.DEAFENED, "perception_penalty", -10, "-10 penalty to Perception"),
    (Condition.DYING, "death_saves", True, "You make a death saving throw"),
    (Condition.HELPLESS, "grants_combat_advantage", True, "Attack rolls against you have CA"),
    (Condition.IMMOBILE, "movement", MovementLimit.NO_WILLING_MOVE, "cannot willingly move"),
    (Condition.GRAPPLED, "movement", MovementLimit.NO_WILLING_MOVE, "docs/rulings.md R-06"),
    (Condition.PETRIFIED, "actions", ActionLimit.NONE, "You can't take any actions"),
    (Condition.PETRIFIED, "resist_all", 20, "Resistance to all 20"),
    (Condition.PRONE, "attack_penalty", -2, "-2 to attack rolls"),
    (Condition.PRONE, "grants_combat_advantage_to_melee", True, "Melee attack rolls ... CA"),
    (Condition.PRONE, "ranged_defense_bonus", 2, "+2 ... against ranged attacks"),
    (Condition.PRONE, "movement", MovementLimit.CRAWL_ONLY, "only movement option is to Crawl"),
    (Condition.RESTRAINED, "can_be_moved", False, "cannot be moved ... with unwilling movement"),
    (Condition.RESTRAINED, "attack_penalty", -2, "-2 penalty to attack rolls"),
    (Condition.SLOWED, "movement", MovementLimit.SPEED_2, "speed ... is reduced to 2"),
    (Condition.STUNNED, "actions", ActionLimit.NONE, "can't take actions or reactions"),
    (Condition.STUNNED, "cannot_flank", True, "Cannot flank"),
    (Condition.SURPRISED, "actions", ActionLimit.SINGLE_STANDARD, "single standard action"),
    (Condition.SURPRISED, "no_free_actions", True, "You can't take free actions"),
    (Condition.UNCONSCIOUS, "defense_modifier", -5, "-5 penalty to all defenses"),
    (Condition.UNCONSCIOUS, "actions", ActionLimit.NONE, "You can't take any actions"),
    (Condition.WEAKENED, "damage_halved", True, "The damage of your attacks is halved"),
]


@pytest.mark.parametrize(("condition", "attribute", "expected", "rule"), EFFECTS)
def test_condition_effects(
    condition: Condition, attribute: str, expected: object, rule: str
) -> None:
    assert getattr(rules_for(condition, ORCUS), attribute) == expected, rule


def test_implied_conditions() -> None:
    # 000 Controlled: "You are dazed."; Dying: "You are unconscious."
    assert Condition.DAZED in with_implied([Condition.CONTROLLED], ORCUS)
    assert Condition.UNCONSCIOUS in with_implied([Condition.DYING], ORCUS)


def test_ruleset_numbers_flow_into_the_table() -> None:
    harsh = ORCUS.with_changes(unconscious_defense_penalty=-7)
    assert rules_for(Condition.UNCONSCIOUS, harsh).defense_modifier == -7


def _with(sb, *conditions: Condition):  # type: ignore[no-untyped-def]
    state = initial_state(sb)
    for c in conditions:
        state, _ = add_condition(
            state,
            c,
            holder=CreatureId("x"),
            source="t",
            duration=SAVE_ENDS,
            source_id=CreatureId("y"),
        )
    return state


def test_effective_speed() -> None:
    sb = pc(speeds=replace(pc(), speeds=pc().speeds).speeds)
    assert effective_speed(sb, initial_state(sb), ORCUS).total == 6
    assert effective_speed(sb, _with(sb, Condition.SLOWED), ORCUS).total == 2
    assert effective_speed(sb, _with(sb, Condition.IMMOBILE), ORCUS).total == 0
    assert effective_speed(sb, _with(sb, Condition.PRONE), ORCUS).total == 3  # rulings.md R-08
    assert effective_speed(sb, _with(sb, Condition.PRONE, Condition.RESTRAINED), ORCUS).total == 0


def test_current_defenses() -> None:
    sb = pc()
    defenses = current_defenses(sb, _with(sb, Condition.DYING), ORCUS)
    # Dying implies Unconscious: -5 to all defenses.
    assert defenses[Defense.AC].total == sb.defenses.ac - 5
    assert defenses[Defense.WILL].parts[-1] == (-5, "unconscious")


def test_attack_preview_needed_roll() -> None:
    hero = combatant("hero", pc())
    orc = combatant("orc", monster())
    preview = attack_preview(hero, basic_melee_attack(1), orc, AttackContext(), ORCUS)
    assert preview.bonus.total == 6
    assert preview.needed == 9  # AC 15 - 6
    armoured = combatant("knight", monster(defenses=replace(monster().defenses, ac=40)))
    assert (
        attack_preview(hero, basic_melee_attack(1), armoured, AttackContext(), ORCUS).needed == 20
    )


@pytest.mark.parametrize(("natural", "success"), [(9, False), (10, True)])
def test_skill_check(natural: int, success: bool) -> None:
    # 002 "Skills": 1d20 + (level/2) + ability modifier + (5 if trained) vs the DC.
    sb = pc(level=4, abilities=AbilityScores(strength=14))
    result = skill_check(
        sb, "Athletics", ScriptedSource([natural]), ORCUS, target_number=19, trained=True
    )
    assert result.total.total == natural + 2 + 2 + 5
    assert result.success is success
    with pytest.raises(ValueError, match="unknown skill"):
        skill_check(sb, "juggling", ScriptedSource([1]), ORCUS)


def test_ability_check_without_target() -> None:
    sb = pc(abilities=AbilityScores(wisdom=8))
    result = make_check(sb, Ability.WISDOM, ScriptedSource([12]), ORCUS)
    assert result.total.total == 11
    assert result.success is None


@pytest.mark.parametrize(
    ("skill", "natural", "escapes"),
    # 000 "Escape a Grapple": Athletics vs Fortitude (15), Acrobatics vs Reflex (12).
    [
        ("athletics", 11, False),
        ("athletics", 12, True),
        ("acrobatics", 12, False),
        ("acrobatics", 13, True),
    ],
)
def test_escape_check(skill: str, natural: int, escapes: bool) -> None:
    from orcus_desktop.rules.checks import escape_check

    me = pc(abilities=AbilityScores(strength=16, dexterity=8))  # Str +3, Dex -1
    result = escape_check(me, monster(), skill, ScriptedSource([natural]), ORCUS)
    assert result.success is escapes
    with pytest.raises(ValueError, match="athletics or acrobatics"):
        escape_check(me, monster(), "stealth", ScriptedSource([10]), ORCUS)
