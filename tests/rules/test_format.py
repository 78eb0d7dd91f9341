"""The log formatter is separate from the results and shows every die and modifier source."""

from dataclasses import replace

from orcus_desktop.rules.attack_application import apply_attack
from orcus_desktop.rules.attack_modifiers import AttackContext
from orcus_desktop.rules.attack_rolls import resolve_attack
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.damage import apply_damage
from orcus_desktop.rules.dice import ScriptedSource, roll
from orcus_desktop.rules.durations import SAVE_ENDS
from orcus_desktop.rules.format import (
    format_attack,
    format_attack_applied,
    format_damage,
    format_end_of_turn,
    format_healing,
    format_roll,
    format_start_of_turn,
)
from orcus_desktop.rules.healing import apply_healing
from orcus_desktop.rules.modifiers import Modifier, resolve
from orcus_desktop.rules.powers import basic_melee_attack
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.rules.state import add_condition, add_persistent_damage, initial_state
from orcus_desktop.rules.terms import DamageType
from orcus_desktop.rules.turns import end_of_turn, start_of_turn
from orcus_desktop.vocabulary import CreatureId
from tests.rules.builders import combatant, monster, pc

A = CreatureId("a")


def test_format_roll_shows_every_die_and_source() -> None:
    text = format_roll(roll("4d6kh3 + 2 [Strength modifier]", ScriptedSource([3, 1, 6, 5])))
    assert text == "4d6kh3 (3, ~~1~~, 6, 5) + 2 [Strength modifier] = 16"
    assert format_roll(roll("1d20-1", ScriptedSource([7]))) == "1d20 (7) - 1 = 6"
    forced = roll("1d20", ScriptedSource([7])).forced(20, "GM")
    assert format_roll(forced).endswith("-> 20 (GM)")


def test_format_attack_lists_modifiers_and_verdict() -> None:
    hero = combatant("hero", pc())
    orc = combatant("orc", monster())
    result = resolve_attack(
        hero,
        basic_melee_attack(1),
        [(orc, AttackContext(combat_advantage=("flanked",)))],
        ScriptedSource([20, 4]),
        ORCUS,
    )
    text = format_attack(result, ORCUS)
    assert "hero uses Basic Melee Attack with Longsword" in text
    assert "+3 Strength" in text
    assert "+2 combat advantage" in text
    assert "CRITICAL HIT" in text
    assert "maximum 1d10 (10)" in text
    applied_text = format_attack_applied(apply_attack(result, {orc.id: orc}, ORCUS)[1], ORCUS)
    assert "orc takes 13 damage" in applied_text


def test_format_damage_and_healing_events() -> None:
    sb = pc(max_hp=20)
    state = replace(initial_state(sb), temp_hp=3)
    state, dmg = apply_damage(state, sb, 25, ORCUS, target=A, source="ogre")
    text = format_damage(dmg)
    assert "3 absorbed by temporary HP" in text
    assert "HP 20 -> -2" in text
    assert "falls unconscious" in text
    _, heal = apply_healing(state, sb, 5, target=A, source="potion")
    assert "HP -2 -> 5" in format_healing(heal)
    assert "regains consciousness" in format_healing(heal)


def test_format_turn_boundaries() -> None:
    sb = pc(max_hp=30)
    state, _ = add_persistent_damage(
        initial_state(sb), 4, (DamageType.ACID,), holder=A, source="acid", duration=SAVE_ENDS
    )
    state, _ = add_condition(state, Condition.DAZED, holder=A, source="x", duration=SAVE_ENDS)
    state, start = start_of_turn(state, sb, ORCUS, ScriptedSource([]), target=A)
    assert "takes 4 damage" in format_start_of_turn(start)
    _, end = end_of_turn(state, sb, ORCUS, ScriptedSource([12, 3]), target=A)
    text = format_end_of_turn(end)
    assert "Dazed: save 12 (d20) = 12 vs 10: succeeds" in text
    assert "persistent damage: save 3 (d20) = 3 vs 10: fails" in text


def test_not_stacking_modifiers_are_shown() -> None:
    from orcus_desktop.rules.format import format_resolved
    from orcus_desktop.rules.modifiers import ModifierType

    value = resolve(
        10,
        "base",
        [Modifier(2, "bless", ModifierType.POWER), Modifier(1, "aid", ModifierType.POWER)],
    )
    assert format_resolved(value) == "10 (base) +2 bless = 12 [not stacking: +1 aid]"


def test_healing_reads_as_the_combat_log_words_it() -> None:
    # One wording for a heal (controller/log_text.py's, which the log panel shows): the
    # amount, then where it came from, then the hit points.
    sb = pc(max_hp=20)
    state, _ = apply_damage(initial_state(sb), sb, 12, ORCUS, target=A, source="ogre")
    _, heal = apply_healing(state, sb, 5, target=A, source="potion")
    assert format_healing(heal) == "a heals 5 from potion: HP 8 -> 13"
