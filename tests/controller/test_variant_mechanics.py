"""002 and 004 mechanics that are actions of their own or the GM's call, from the GM's side.

Each test quotes its mechanic id and seed line (docs/rulesets.md). Where 000 differs, the same
steps run under Orcus and the test says what 000 does instead. Helpers are those of
tests/controller/test_variant_fights.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from orcus_desktop.controller.actions import aid_actions, combat_actions, grappling, interrupts
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.alloy_heroes import skill_uses
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import ActionBudget, AidKind
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.checks import skill_check
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.dice_values import ScriptedSource
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc
from tests.controller.test_variant_fights import _fight, _notes, _until

TWIN_SHOT: dict[str, Any] = {
    "name": "Twin Shot",
    "origin": "ranged",
    "range": {"weapon": True},
    "target_count": 2,
    "attack": {"defense": "ac", "ability": "dexterity"},
    "hit": {"damage": "1dW + Dexterity modifier"},
    "keywords": ["weapon"],
}
BOW = {"name": "Longbow", "die": "1d10", "proficiency": 2, "normal_range": 20, "long_range": 40}


def _archer(cid: str, col: int, row: int) -> Any:
    return fighter(cid, col, row, weapons=[BOW], powers=[TWIN_SHOT])


# --- 002 --------------------------------------------------------------------------------------


def test_002_11_and_002_15_potion_item_and_door_actions_are_offered_with_their_kinds() -> None:
    # 002-11, 002 l.38 "Administer a potion: Help an unconscious creature consume a potion."
    # (standard), l.65 "Drink a potion" (minor); 002-15, 002 l.44 "Equip or stow a shield"
    # (standard), l.64-70 the minor item and door actions.
    s = _fight("4e-quickref", fighter("hero", 2, 2), fighter("ally", 3, 2), order={"hero": 20})
    powers = {p.name: p.kind for p in s.available_actions("hero").powers}
    assert powers["Administer a Potion"] is ActionKind.STANDARD
    assert powers["Equip or Stow a Shield"] is ActionKind.STANDARD
    for minor in ("Drink a Potion", "Load a Crossbow", "Open or Close a Door", "Pick Up an Item"):
        assert powers[minor] is ActionKind.SWIFT
    given = s.use_power("hero", "Administer a Potion", ["ally"])
    assert given.ok, given.reason
    assert s.use_power("hero", "Drink a Potion", ["hero"]).ok
    assert s.encounter.combat.combatant("hero").budget == ActionBudget(0, 1, 0)
    # 000 has no potion or item actions: Orcus offers none of them.
    orcus = _fight("orcus", fighter("hero", 2, 2), order={"hero": 20})
    assert "Drink a Potion" not in {p.name for p in orcus.available_actions("hero").powers}


@pytest.mark.parametrize(("dice", "dragged"), [([15, 5], True), ([10, 10], False)])
def test_002_16_moving_a_grabbed_creature_takes_an_opposed_strength_check(
    dice: list[int], dragged: bool
) -> None:
    # 002-16, 002 l.45 "Grab: Grab an enemy. (Additional opposed Strength check needed to move
    # a grabbed opponent.)" Pick: d20 + Strength modifier + half level each, a tie fails. The
    # hero (Str +3, level 1) and the orc (Str +3, level 2): 15+3 = 18 beats 5+3+1 = 9, and
    # 10+3 = 13 does not beat 10+3+1 = 14.
    s = _fight("4e-quickref", fighter("hero", 2, 2), orc("orc", 3, 2), order={"hero": 20})
    assert s.run(grappling.grapple, "hero", "orc", dice=[19]).ok
    assert s.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "hero").ok
    moved = s.run(grappling.move_grappled, "hero", "orc", Square(2, 4), Square(3, 4), dice=dice)
    assert moved.ok, moved.reason
    assert (s.encounter.creature("orc").square == Square(3, 4)) is dragged
    assert _notes(s)[-1] == "002-16"
    # 000 "Move a Grappled Creature": a Strength attack vs Fortitude - no opposed check.
    o = _fight("orcus", fighter("hero", 2, 2), orc("orc", 3, 2), order={"hero": 20})
    assert o.run(grappling.grapple, "hero", "orc", dice=[19]).ok
    assert o.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "hero").ok
    assert o.run(
        grappling.move_grappled, "hero", "orc", Square(2, 4), Square(3, 4), dice=[15, 5]
    ).ok
    assert "002-16" not in _notes(o)


def test_002_22_checks_use_the_4e_skill_list() -> None:
    # 002-22, 002 l.112 "Roll 1d20 + (level/2) + (related ability modifier) + (5 if trained)";
    # l.114-148 the 4e skills: Bluff (Cha), Thievery (Dex), Nature (Wis)...
    s = _fight("4e-quickref", fighter("hero", 2, 2), order={"hero": 20})
    hero = s.engine.combatant(s.encounter, "hero")
    check = skill_check(hero, "Thievery", ScriptedSource([10]), s.ruleset, trained=True)
    assert check.total.total == 10 + 1 + 0 + 5  # d20, Dex +1, half of level 1, trained
    # 000 "Using Each Ability" has no Thievery (its Sleight of Hand).
    orcus = _fight("orcus", fighter("hero", 2, 2), order={"hero": 20})
    with pytest.raises(ValueError, match="unknown skill"):
        skill_check(hero, "Thievery", ScriptedSource([10]), orcus.ruleset)


def test_002_24_heal_gives_first_aid_to_the_dying() -> None:
    # 002-24, 002 l.130 "HEAL (Wis): Give first aid to prevent dying" (000 has no first aid;
    # the DC is unstated, so the GM rolls it: the action says what success does).
    s = _fight("4e-quickref", fighter("hero", 2, 2), fighter("ally", 3, 2), order={"hero": 20})
    assert s.run(gm_edits.apply_damage, "ally", 50).ok
    ally = s.encounter.creature("ally").state
    assert ally is not None
    assert ally.instances_of(Condition.DYING)
    aid = s.use_power("hero", "First Aid", ["ally"])
    assert aid.ok, aid.reason
    assert s.encounter.combat.combatant("hero").budget.standard == 0
    assert "stops dying" in s.encounter.combat.log[-1].data["targets"][0]["text"][0]
    orcus = _fight("orcus", fighter("hero", 2, 2), order={"hero": 20})
    assert "First Aid" not in {p.name for p in orcus.available_actions("hero").powers}


# --- 004 --------------------------------------------------------------------------------------


def test_004_06_a_multi_target_ranged_attack_needs_ammunition_per_target() -> None:
    # 004-06, 004 l.72 "you must have enough ammunition, or throwing weapons, for each target
    # in a multi-target attack" (000: only for areas with ranged weapons).
    for ruleset_id, noted in (("alloy-heroes", True), ("orcus", False)):
        s = _fight(
            ruleset_id,
            _archer("hero", 2, 2),
            orc("orc", 8, 2),
            orc("goblin", 8, 4),
            order={"hero": 20, "orc": 10, "goblin": 5},
        )
        shot = s.use_power("hero", "Twin Shot", ["orc", "goblin"], dice=[2, 2])
        assert shot.ok, shot.reason
        assert ("004-06" in _notes(s)) is noted


def test_004_09_using_a_skill_next_to_an_enemy_provokes() -> None:
    # 004-09, 004 l.262 "Use a skill that takes a standard action Yes" (000: only moving away
    # and ranged or area attacks provoke, docs/rulings.md R-02); "Aid Another No".
    s = _fight(
        "alloy-heroes",
        fighter("hero", 2, 2),
        fighter("ally", 2, 3),
        orc("orc", 3, 2),
        order={"hero": 20, "orc": 10, "ally": 5},
    )
    assert s.run(aid_actions.aid_another, "hero", "ally", "Athletics to climb").ok
    assert not s.run(interrupts.opportunity_attack, "orc", "hero", dice=[2]).ok
    assert s.run(skill_uses.use_skill, "hero", "Athletics", ActionKind.MOVE, die=10).ok
    assert s.run(interrupts.opportunity_attack, "orc", "hero", dice=[2]).ok
    assert "004-09" in _notes(s)


def test_004_09_and_004_22_autofire_spray_provokes_and_attacks_each_creature_in_the_burst() -> (
    None
):
    # 004-22, 004 l.601-603 Spray: "Area: 5 ft burst", "Dexterity vs. Reflex for each target",
    # "Hit: 1{W} damage ... you don't add ability bonuses"; 004-09, 004 l.259 "Special
    # Autofire Attacks Yes" (they provoke).
    s = _fight(
        "alloy-heroes",
        fighter("hero", 2, 2),
        orc("orc", 3, 2),
        orc("goblin", 2, 3),
        order={"hero": 20, "orc": 10, "goblin": 5},
    )
    spray = s.available_actions("hero").power("Autofire: Spray")
    assert spray.kind is ActionKind.STANDARD
    fired = s.use_power("hero", "Autofire: Spray", ["orc", "goblin"], dice=[2, 2])
    assert fired.ok, fired.reason
    assert set(fired.opportunity_attackers) == {"orc", "goblin"}
    assert s.available_actions("hero").power("Autofire: Suppressing Fire").kind is (
        ActionKind.STANDARD
    )


def test_004_10_aid_needs_a_roll_and_at_most_four_allies() -> None:
    # 004-10, 004 l.360 "make a basic attack vs. Defense 10. If you succeed, deal no damage";
    # l.362 "A single character may not receive aid another benefits from more than four (4)
    # allies" (000 "Help Attack": automatic, no limit).
    helpers = [("h1", 4, 4), ("h2", 5, 4), ("h3", 6, 4), ("h4", 6, 5), ("h5", 6, 6)]
    for ruleset_id, fifth_ok in (("alloy-heroes", False), ("orcus", True)):
        s = _fight(
            ruleset_id,
            fighter("ally", 4, 5),
            orc("orc", 5, 5),
            *(fighter(h, c, r) for h, c, r in helpers),
            order={"h1": 25, "h2": 24, "h3": 23, "h4": 22, "h5": 21, "ally": 20, "orc": 10},
        )
        for h, _, _ in helpers[:4]:
            assert s.run(aid_actions.help_ally, h, "ally", "orc", AidKind.ATTACK).ok
            assert s.end_turn().ok
        assert _notes(s).count("004-10") == (4 if not fifth_ok else 0)
        fifth = s.run(aid_actions.help_ally, "h5", "ally", "orc", AidKind.ATTACK)
        assert fifth.ok is fifth_ok
        if not fifth_ok:
            assert "more than 4 allies" in fifth.reason


def test_004_11_and_004_36_attack_held_object_and_trip_are_basic_actions() -> None:
    # 004-36, 004 l.638 "Trip: Make an Unarmed attack vs. Reflex defense. Hit: The target is
    # knocked prone."; 004-11, 004 l.372 "Attack Held Object: Make a weapon attack vs.
    # Fortitude. Hit: The target drops the weapon in their space".
    s = _fight("alloy-heroes", fighter("hero", 2, 2), orc("orc", 3, 2), order={"hero": 20})
    tripped = s.use_power("hero", "Trip", ["orc"], dice=[10])  # 10 + 3 = 13 vs Reflex 12
    assert tripped.ok, tripped.reason
    orc_state = s.encounter.creature("orc").state
    assert orc_state is not None
    assert orc_state.instances_of(Condition.PRONE)
    assert s.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "hero").ok
    knocked = s.use_power("hero", "Attack Held Object", ["orc"], dice=[15])
    assert knocked.ok, knocked.reason
    last = s.encounter.combat.log[-1]
    assert last.data["targets"][0]["defense_kind"] == "fortitude"
    assert "drops the held object" in last.data["targets"][0]["text"][0]
    # 000 has neither action.
    orcus = _fight("orcus", fighter("hero", 2, 2), order={"hero": 20})
    assert not {"Trip", "Attack Held Object"} & {
        p.name for p in orcus.available_actions("hero").powers
    }


def test_004_19_a_dragged_target_does_not_provoke_but_the_grappler_does() -> None:
    # 004-19, 004 l.550 "you and the target do not provoke attacks o opportunity from each other
    # and the target doesn't provoke from adjacent enemies. However, your movement provokes".
    s = _fight(
        "alloy-heroes",
        fighter("hero", 2, 2),
        orc("orc", 3, 2),
        orc("goblin", 1, 2),
        order={"hero": 20, "orc": 10, "goblin": 5},
    )
    assert s.run(grappling.grapple, "hero", "orc", dice=[19]).ok
    assert s.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "hero").ok
    dragged = s.run(grappling.move_grappled, "hero", "orc", Square(3, 4), Square(4, 4), dice=[19])
    assert dragged.ok, dragged.reason
    assert dragged.opportunity_attackers == ("goblin",)


def test_004_28_an_unseen_target_must_be_guessed() -> None:
    # 004-28, 004 l.776 "Total Concealment: A target to which you have no line of sight has
    # total concealment from you. ... You have to guess where they are".
    for ruleset_id, noted in (("alloy-heroes", True), ("orcus", False)):
        s = _fight(ruleset_id, fighter("hero", 2, 2), orc("orc", 8, 2), order={"hero": 20})
        assert s.run(editing.paint_terrain, TerrainKind.TOTALLY_OBSCURED, [Square(8, 2)]).ok
        shot = s.use_power("hero", "Arcane Bolt", ["orc"], dice=[10])
        assert shot.ok, shot.reason
        assert ("004-28" in _notes(s)) is noted


def test_004_35_the_surprise_round_is_000s() -> None:
    # 004-35, 004 l.208 "combatants who started the battle aware of their opponents each take
    # an attack action or move action during the surprise round" = docs/rulings.md R-05.
    budgets = []
    for ruleset_id in ("orcus", "alloy-heroes"):
        s = make_session(
            Encounter(
                GridBounds(14, 10),
                creatures=(fighter("hero", 2, 2), orc("orc", 8, 2)),
                ruleset_id=ruleset_id,
            )
        )
        assert s.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
        assert s.run(initiative.set_surprised, "orc").ok
        assert s.run(initiative.start_combat).ok
        assert s.encounter.combat.current == "hero"
        assert s.move_creature("hero", Square(4, 2), MoveMode.WALK).ok
        budgets.append(s.encounter.combat.combatant("hero").budget)
        assert not s.move_creature("hero", Square(5, 2), MoveMode.WALK).ok
    assert budgets[0] == budgets[1]


def _grappled(s: Any, cid: str) -> bool:
    state = s.encounter.creature(cid).state
    return state is not None and bool(state.instances_of(Condition.GRAPPLED))


def test_004_18_a_grapple_is_kept_with_a_swift_action_each_turn() -> None:
    # 004-18, 004 l.527 "Sustaining: You can maintain a grapple as a swift action. You can end a
    # grapple as a free action." Pick: maintained like a power (000 "Maintain").
    s = _fight("alloy-heroes", fighter("hero", 2, 2), orc("orc", 3, 2), order={"hero": 20})
    assert s.run(grappling.grapple, "hero", "orc", dice=[19]).ok
    assert _grappled(s, "orc")
    _until(s, "orc")
    _until(s, "hero")  # the grapple's own turn needs no upkeep
    assert _grappled(s, "orc")
    kept = s.run(combat_actions.maintain_power, "hero", "Grapple")
    assert kept.ok, kept.reason
    assert s.encounter.combat.combatant("hero").budget.swift == 0  # the swift action
    _until(s, "orc")
    _until(s, "hero")
    assert _grappled(s, "orc")
    assert s.end_turn().ok  # not maintained this turn: it lapses
    assert not _grappled(s, "orc")
    # 000 "Grapple": no upkeep; the grapple lasts a turn without one.
    o = _fight("orcus", fighter("hero", 2, 2), orc("orc", 3, 2), order={"hero": 20})
    assert o.run(grappling.grapple, "hero", "orc", dice=[19]).ok
    _until(o, "orc")
    _until(o, "hero")
    assert o.end_turn().ok
    assert _grappled(o, "orc")


def test_004_18_a_grappler_that_cannot_make_opportunity_attacks_lets_go() -> None:
    # 004-18, 004 l.529 "If you are affected by conditions that prevent you from making attacks
    # of opportunity then you immediately let go of a grappled enemy." (000 Dazed: no
    # opportunity actions.) 000 keeps the grapple until the grappler is incapacitated.
    for ruleset_id, held in (("alloy-heroes", False), ("orcus", True)):
        s = _fight(ruleset_id, fighter("hero", 2, 2), orc("orc", 3, 2), order={"hero": 20})
        assert s.run(grappling.grapple, "hero", "orc", dice=[19]).ok
        assert s.run(gm_edits.add_condition, "hero", Condition.DAZED).ok
        assert _grappled(s, "orc") is held


def test_004_18_a_grapple_ends_as_a_free_action_and_needs_no_more_upkeep() -> None:
    # 004-18, 004 l.527 "You can end a grapple as a free action."
    s = _fight("alloy-heroes", fighter("hero", 2, 2), orc("orc", 3, 2), order={"hero": 20})
    assert s.run(grappling.grapple, "hero", "orc", dice=[19]).ok
    assert s.run(grappling.release_grapple, "hero").ok
    assert not _grappled(s, "orc")
    assert not s.run(combat_actions.maintain_power, "hero", "Grapple").ok


def _hp(s: Any, cid: str) -> int:
    state = s.encounter.creature(cid).state
    assert state is not None
    return int(state.current_hp)


def _prone(s: Any, cid: str) -> bool:
    state = s.encounter.creature(cid).state
    return state is not None and bool(state.instances_of(Condition.PRONE))


def test_002_23_acrobatics_reduces_falling_damage() -> None:
    # 000 "Falling": "a creature takes 1d10 damage for every 10 feet it fell, to a maximum of
    # 50d10. The creature lands prone, unless it avoids taking damage from the fall."
    # 002-23, 002 l.114 "ACROBATICS (Dex): ... reduce falling damage (divide Acrobatic roll by 2
    # and subtract result from damage total)"; the roll is 002 l.112's check.
    s = _fight("4e-quickref", fighter("hero", 2, 2), order={"hero": 20})
    before = _hp(s, "hero")
    fell = s.run(gm_edits.falling_damage, "hero", 30, [6, 6, 6], check_die=10, trained=True)
    assert fell.ok, fell.reason
    # 18 - (10 + Dex 1 + half level 0 + trained 5) // 2 = 18 - 8
    assert before - _hp(s, "hero") == 10
    assert _prone(s, "hero")
    assert "002-23" in _notes(s)
    # A check that cancels the damage: no damage, so the creature does not land prone.
    t = _fight("4e-quickref", fighter("hero", 2, 2), order={"hero": 20})
    assert t.run(gm_edits.falling_damage, "hero", 10, [2], check_die=10, trained=True).ok
    assert _hp(t, "hero") == before
    assert not _prone(t, "hero")
    # Without the check, 002 is 000: the dice in full.
    u = _fight("4e-quickref", fighter("hero", 2, 2), order={"hero": 20})
    assert u.run(gm_edits.falling_damage, "hero", 30, [6, 6, 6]).ok
    assert before - _hp(u, "hero") == 18


def test_000_falling_damage_has_no_acrobatics_and_caps_at_50d10() -> None:
    # 000 "Falling" (quoted above): Orcus has no check against falls.
    o = _fight("orcus", fighter("hero", 2, 2), orc("orc", 8, 2), order={"hero": 20})
    before = _hp(o, "hero")
    assert o.run(gm_edits.falling_damage, "hero", 25, [3, 4]).ok  # 25 ft: 2d10
    assert before - _hp(o, "hero") == 7
    assert _prone(o, "hero")
    assert not o.run(gm_edits.falling_damage, "hero", 30, [1, 1, 1], check_die=10).ok
    assert o.run(gm_edits.falling_damage, "orc", 1000, [1] * 50).ok  # "to a maximum of 50d10"
    rolled = [e for e in o.encounter.combat.log if e.kind == "dice_roll"][-1]
    assert rolled.data["total"] == 50


def test_002_12_aid_another_is_one_action_with_a_choice() -> None:
    # 002-12, 002 l.39 "Aid another: Improve an ally's attack roll, defense, skill check, or
    # ability check." One action; each choice is 000's Help Attack, Help Defense or Aid
    # Another (000 "Actions in Combat": +2).
    folded = {CombatAction.HELP_ATTACK, CombatAction.HELP_DEFENSE}
    for choice, kind in (("attack", AidKind.ATTACK), ("defense", AidKind.DEFENSE)):
        s = _fight(
            "4e-quickref",
            fighter("hero", 2, 2),
            fighter("ally", 3, 3),
            orc("orc", 3, 2),
            order={"hero": 20, "ally": 15, "orc": 10},
        )
        offered = {o.action for o in s.available_actions("hero").actions}
        assert CombatAction.AID_ANOTHER in offered
        assert not folded & offered
        aided = s.run(aid_actions.aid_choice, "hero", "ally", choice, "orc")
        assert aided.ok, aided.reason
        (aid,) = s.encounter.combat.aids
        assert (aid.kind, aid.ally, aid.enemy) == (kind, "ally", "orc")
    s = _fight("4e-quickref", fighter("hero", 2, 2), fighter("ally", 3, 3), order={"hero": 20})
    assert not s.run(
        aid_actions.aid_choice, "hero", "ally", "attack"
    ).ok  # an attack roll against whom?
    assert s.run(aid_actions.aid_choice, "hero", "ally", "check", note="Athletics").ok
    assert "aid_another" in {e.kind for e in s.encounter.combat.log}
    # 000 keeps its three separate actions.
    o = _fight("orcus", fighter("hero", 2, 2), order={"hero": 20})
    assert folded <= {a.action for a in o.available_actions("hero").actions}
