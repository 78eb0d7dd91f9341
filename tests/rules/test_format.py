"""The shared wording of rules values: every die and modifier source, damage and healing tails."""

from dataclasses import replace

from orcus_desktop.rules.damage import apply_damage
from orcus_desktop.rules.dice import roll
from orcus_desktop.rules.dice_values import ScriptedSource
from orcus_desktop.rules.format import (
    damage_outcome,
    format_roll,
    healing_text,
    save_verdict,
    temp_hp_text,
)
from orcus_desktop.rules.healing import apply_healing
from orcus_desktop.rules.modifiers import Modifier, resolve
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.rules.state import initial_state
from orcus_desktop.vocabulary import CreatureId
from tests.rules.builders import pc

A = CreatureId("a")


def test_format_roll_shows_every_die_and_source() -> None:
    text = format_roll(roll("4d6kh3 + 2 [Strength modifier]", ScriptedSource([3, 1, 6, 5])))
    assert text == "4d6kh3 (3, ~~1~~, 6, 5) + 2 [Strength modifier] = 16"
    assert format_roll(roll("1d20-1", ScriptedSource([7]))) == "1d20 (7) - 1 = 6"
    forced = roll("1d20", ScriptedSource([7])).forced(20, "GM")
    assert format_roll(forced).endswith("-> 20 (GM)")


def test_a_damage_line_ends_with_temporary_hp_hit_points_and_what_befell() -> None:
    sb = pc(max_hp=20)
    state = replace(initial_state(sb), temp_hp=3)
    state, dmg = apply_damage(state, sb, 25, ORCUS, target=A, source="ogre")
    text = damage_outcome(dmg)
    assert "3 absorbed by temporary HP" in text
    assert "HP 20 -> -2" in text
    assert "falls unconscious" in text
    _, heal = apply_healing(state, sb, 5, target=A, source="potion")
    assert "HP -2 -> 5" in healing_text("a", heal)
    assert "regains consciousness" in healing_text("a", heal)


def test_a_save_reads_its_total_against_its_target_number() -> None:
    # 000 "Saving Throws": 10 or higher succeeds.
    assert save_verdict("12 (d20) = 12", 10, True) == "12 (d20) = 12 vs 10: succeeds"
    assert save_verdict("3 (d20) = 3", 10, False) == "3 (d20) = 3 vs 10: fails"


def test_temporary_hp_are_never_added_together() -> None:
    # 000 "Temporary Hit Points": the higher value is kept.
    assert temp_hp_text("a", 5, 3, 5) == (
        "a is offered 5 temporary HP: 3 -> 5 (never added together)"
    )


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
    # One wording for a heal (controller/log/text.py's, which the log panel shows): the
    # amount, then where it came from, then the hit points.
    sb = pc(max_hp=20)
    state, _ = apply_damage(initial_state(sb), sb, 12, ORCUS, target=A, source="ogre")
    _, heal = apply_healing(state, sb, 5, target=A, source="potion")
    assert healing_text("a", heal) == "a heals 5 from potion: HP 8 -> 13"
