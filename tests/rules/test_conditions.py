"""000 "Appendix: Conditions": every condition exists as data with its mechanical effects;
derived numbers for the side panel; ability and skill checks."""

from dataclasses import replace

import pytest

from orcus_desktop.rules.abilities import Ability, AbilityScores
from orcus_desktop.rules.attack_application import apply_attack
from orcus_desktop.rules.attack_modifiers import AttackContext, Combatant
from orcus_desktop.rules.attack_rolls import resolve_attack
from orcus_desktop.rules.checks import CheckSense, escape_check, make_check, skill_check
from orcus_desktop.rules.conditions import (
    ActionLimit,
    Condition,
    MovementLimit,
    condition_table,
    rules_for,
    with_implied,
)
from orcus_desktop.rules.derived import attack_preview, current_defenses, effective_speed
from orcus_desktop.rules.dice_values import ScriptedSource
from orcus_desktop.rules.durations import SAVE_ENDS, UNTIL_COUNTERED, DurationKind
from orcus_desktop.rules.powers import ConditionSpec, Outcome, basic_melee_attack
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.rules.state import (
    add_condition,
    impose_condition,
    initial_state,
    remove_condition,
    remove_effect,
)
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
    sb = combatant("hero", pc(level=4, abilities=AbilityScores(strength=14)))
    result = skill_check(
        sb, "Athletics", ScriptedSource([natural]), ORCUS, target_number=19, trained=True
    )
    assert result.total.total == natural + 2 + 2 + 5
    assert result.success is success
    with pytest.raises(ValueError, match="unknown skill"):
        skill_check(sb, "juggling", ScriptedSource([1]), ORCUS)


def test_ability_check_without_target() -> None:
    sb = combatant("hero", pc(abilities=AbilityScores(wisdom=8)))
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
    me = combatant("hero", pc(abilities=AbilityScores(strength=16, dexterity=8)))  # +3, -1
    grappler = combatant("orc", monster())
    result = escape_check(me, grappler, skill, ScriptedSource([natural]), ORCUS)
    assert result.success is escapes
    with pytest.raises(ValueError, match="athletics or acrobatics"):
        escape_check(me, grappler, "stealth", ScriptedSource([10]), ORCUS)


# --- Checks are made by the creature as it is now (000 "Conditions") -------------------------


def _hero_with(*conditions: Condition) -> Combatant:
    """A level-1 PC with Wisdom 10 (+0) under ``conditions``."""
    state = initial_state(pc())
    for condition in conditions:
        state, _ = add_condition(
            state, condition, holder=CreatureId("hero"), source="GM", duration=SAVE_ENDS
        )
    return combatant("hero", pc(), state)


@pytest.mark.parametrize(
    ("conditions", "perception"),
    [
        ((), 10),
        ((Condition.BLINDED,), 0),  # 000 "Blinded": "-10 penalty to Perception"
        ((Condition.DEAFENED,), 0),  # 000 "Deafened": "-10 penalty to Perception"
        # Ruling: untyped penalties of two conditions stack (000 "Stacking").
        ((Condition.BLINDED, Condition.DEAFENED), -10),
        ((Condition.DAZED, Condition.PRONE), 10),  # no other 000 condition changes a check
    ],
)
def test_a_perception_check_takes_the_creatures_conditions(
    conditions: tuple[Condition, ...], perception: int
) -> None:
    hero = _hero_with(*conditions)
    result = skill_check(hero, "Perception", ScriptedSource([10]), ORCUS, target_number=10)
    assert result.total.total == perception
    assert result.success is (perception >= 10)
    # Only Perception: an Athletics check of the same creature is untouched.
    athletics = skill_check(hero, "Athletics", ScriptedSource([10]), ORCUS)
    assert athletics.total.total == 10 + 3  # Str 16 (+3) of the builder's PC


def test_a_blinded_creature_automatically_fails_a_check_that_requires_sight() -> None:
    # 000 "Blinded": "automatically fail any ability or skill check that requires sight";
    # 000 "Deafened": the same for hearing.
    blind, deaf = _hero_with(Condition.BLINDED), _hero_with(Condition.DEAFENED)
    sight = skill_check(
        blind, "Insight", ScriptedSource([20]), ORCUS, target_number=5, requires=[CheckSense.SIGHT]
    )
    assert sight.success is False
    assert "sight" in sight.failed_because
    hearing = [CheckSense.HEARING]
    assert skill_check(
        blind, "Insight", ScriptedSource([20]), ORCUS, target_number=5, requires=hearing
    ).success
    assert (
        skill_check(
            deaf, "Insight", ScriptedSource([20]), ORCUS, target_number=5, requires=hearing
        ).success
        is False
    )


def test_escaping_a_grappler_on_total_defense_is_harder() -> None:
    # 000 "Escape a Grapple": "vs the grappler's Fortitude"; 000 "Total Defense": "+2 to all
    # defenses". Fortitude 15 + 2: a total of 16 no longer escapes.
    me = combatant("hero", pc(abilities=AbilityScores(strength=16)))  # Str +3, half level 0
    guarded, _ = add_condition(
        initial_state(monster()),
        Condition.TOTAL_DEFENSE,
        holder=CreatureId("orc"),
        source="Total Defense",
        duration=SAVE_ENDS,
    )
    grappler = combatant("orc", monster(), guarded)
    result = escape_check(me, grappler, "athletics", ScriptedSource([13]), ORCUS)
    assert (result.total.total, result.target_number) == (16, 17)
    assert result.success is False


# --- 000 "Unconscious": "When you become unconscious you also fall prone." ------------------


@pytest.mark.parametrize("condition", [Condition.UNCONSCIOUS, Condition.DYING])
def test_becoming_unconscious_by_an_imposed_condition_also_makes_prone(
    condition: Condition,
) -> None:
    # 000 "Unconscious" (and "Dying": "You are unconscious").
    hero = CreatureId("hero")
    state, added = impose_condition(
        initial_state(pc()), condition, ORCUS, holder=hero, source="Sleep", duration=SAVE_ENDS
    )
    assert [i.condition for i in added] == [condition, Condition.PRONE]
    assert added[1].duration == UNTIL_COUNTERED
    # ... with all that prone brings: "Melee attack rolls against you have combat advantage"
    # (Unconscious alone does not grant it in 000).
    melee = attack_preview(
        combatant("orc", monster()),
        basic_melee_attack(1),
        combatant("hero", pc(), state),
        AttackContext(),
        ORCUS,
    )
    assert (2, "combat advantage") in melee.bonus.parts
    # The Prone is its own: waking up leaves the creature prone (000 "Death Saving Throws":
    # "become conscious, although you are still prone").
    awake = remove_effect(state, added[0].effect_id)
    assert awake.active_conditions(ORCUS) == {Condition.PRONE}


def test_a_creature_already_prone_or_unconscious_does_not_fall_prone_again() -> None:
    # 000 "Conditions": "A creature either has a condition or doesn't."
    hero = CreatureId("hero")
    lying, _ = impose_condition(
        initial_state(pc()), Condition.PRONE, ORCUS, holder=hero, source="GM", duration=SAVE_ENDS
    )
    asleep, added = impose_condition(
        lying, Condition.UNCONSCIOUS, ORCUS, holder=hero, source="Sleep", duration=SAVE_ENDS
    )
    assert [i.condition for i in added] == [Condition.UNCONSCIOUS]
    stood = remove_condition(asleep, Condition.PRONE)
    # Already unconscious: a second Unconscious does not "become" unconscious.
    _, again = impose_condition(
        stood, Condition.UNCONSCIOUS, ORCUS, holder=hero, source="Sleep", duration=SAVE_ENDS
    )
    assert [i.condition for i in again] == [Condition.UNCONSCIOUS]


def test_a_power_that_knocks_unconscious_leaves_the_target_prone() -> None:
    # 000 "Unconscious": the target of a hit that imposes it falls prone too.
    sleeper = replace(
        basic_melee_attack(1),
        name="Sleep Strike",
        hit=Outcome(conditions=(ConditionSpec(Condition.UNCONSCIOUS, DurationKind.SAVE_ENDS),)),
    )
    hero, orc = combatant("hero", pc()), combatant("orc", monster())
    result = resolve_attack(hero, sleeper, [(orc, AttackContext())], ScriptedSource([19]), ORCUS)
    states, applied = apply_attack(result, {hero.id: hero, orc.id: orc}, ORCUS)
    assert [i.condition for i in applied.targets[0].conditions] == [
        Condition.UNCONSCIOUS,
        Condition.PRONE,
    ]
    assert states[orc.id].has(Condition.PRONE, ORCUS)
