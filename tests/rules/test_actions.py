"""000 "Actions in Combat" that are attacks (Grapple, Shove, Move a Grappled Creature) and
000 "Summon"."""

from dataclasses import replace

from orcus_desktop.rules.attack_application import apply_attack
from orcus_desktop.rules.attack_modifiers import AttackContext
from orcus_desktop.rules.attack_rolls import resolve_attack
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.dice_values import ScriptedSource
from orcus_desktop.rules.powers import grapple_power, move_grappled_power, shove_power
from orcus_desktop.rules.ruleset import ORCUS
from orcus_desktop.rules.state import end_effects_from, initial_state
from orcus_desktop.rules.summons import summon_destroyed, summon_statblock
from orcus_desktop.rules.terms import Defense
from orcus_desktop.vocabulary import CreatureId, ForcedMovementKind
from tests.rules.builders import combatant, monster, pc

HERO = combatant("hero", pc())
ORC = combatant("orc", monster())


def test_grapple_is_strength_vs_reflex_and_grapples() -> None:
    # 000 "Grapple": "make a Strength attack vs Reflex ... you subject the target to the
    # grappled condition".
    power = grapple_power()
    assert power.attack is not None
    assert power.attack.defense is Defense.REFLEX
    result = resolve_attack(HERO, power, [(ORC, AttackContext())], ScriptedSource([12]), ORCUS)
    assert result.targets[0].hit
    states, _ = apply_attack(result, {ORC.id: ORC}, ORCUS)
    grabbed = states[ORC.id].instances_of(Condition.GRAPPLED)
    assert grabbed[0].source_id == HERO.id
    # docs/rulings.md R-06: it ends when the grappler is incapacitated.
    released, ended = end_effects_from(states[ORC.id], HERO.id)
    assert ended == grabbed
    assert not released.instances_of(Condition.GRAPPLED)


def test_shove_pushes_one_square() -> None:
    power = shove_power()
    assert power.attack is not None
    assert power.attack.defense is Defense.FORTITUDE
    result = resolve_attack(HERO, power, [(ORC, AttackContext())], ScriptedSource([15]), ORCUS)
    _, applied = apply_attack(result, {ORC.id: ORC}, ORCUS)
    (push,) = applied.targets[0].forced_movement
    assert (push.kind, push.squares) == (ForcedMovementKind.PUSH, 1)


def test_move_grappled_targets_fortitude() -> None:
    power = move_grappled_power()
    assert power.attack is not None
    assert power.attack.defense is Defense.FORTITUDE


def test_summon_uses_the_summoners_numbers() -> None:
    # 000 "Summon": defenses equal to the summoner's; HP equal to the summoner's Staggered value.
    wizard = pc(max_hp=30)
    summon = summon_statblock(wizard, ORCUS, name="Spectral Hound")
    assert summon.defenses == wizard.defenses
    assert summon.max_hp == 15
    assert summon.side is wizard.side
    assert not summon.falls_unconscious_at_zero(ORCUS)


def test_destroyed_summon_costs_a_recovery_or_hit_points() -> None:
    # 000 "Summon": "the summoner loses a recovery, if able to do so. If the summoner has no
    # recoveries left, they lose HP equal to half their Staggered value instead."
    wizard = pc(max_hp=30)
    wid = CreatureId("wizard")
    state = replace(initial_state(wizard), recoveries_left=1, temp_hp=5)
    state, lost = summon_destroyed(state, wizard, ORCUS, summoner_id=wid)
    assert lost.recovery_lost
    assert state.recoveries_left == 0
    state, lost = summon_destroyed(state, wizard, ORCUS, summoner_id=wid)
    assert not lost.recovery_lost
    assert state.current_hp == 30 - 7
    assert state.temp_hp == 5  # lost hit points, not damage
    assert lost.damage is not None
