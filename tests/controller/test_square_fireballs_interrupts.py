"""003-18 (003 l.235-239 "Resolving Interrupts"): what an interrupt leaves of the action.

"If the interrupted action included movement, and the Interrupt caused Forced Movement, the
interrupted character subtracts the distance of the Forced Movement from the remaining movement
distance. Then, if they have any movement distance left, they use it to move to a new
position." And "remove any out of range characters as valid targets. No new targets can be
picked - if the triggering action no longer has enough valid targets, it stops."

Under 000 the walk ends where the push put it and a held attack with a target gone is dropped
whole (docs/rulings.md R-103). Both wait until the GM has placed the push.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from orcus_desktop.controller.actions import forced_placement, interrupts
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.routes import Route
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import (
    encounter_from_dict,
    encounter_to_dict,
    load_encounter,
    save_encounter,
)
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc

SHOVING_AXE: dict[str, Any] = {
    "name": "Shoving Axe",
    "basic": True,
    "origin": "melee",
    "attack": {"defense": "ac", "ability": "strength"},
    "hit": {"damage": "1d6", "forced_movement": {"kind": "push", "squares": 1}},
}
"""The orc's basic melee attack, so its opportunity attack pushes (000 "Basic Attack")."""

TWIN_BOLTS: dict[str, Any] = {
    "name": "Twin Bolts",
    "origin": "ranged",
    "range": {"normal": 5},
    "target_count": 2,
    "attack": {"defense": "reflex", "ability": "intelligence"},
    "hit": {"damage": "1d4"},
}


PAST_ORC = Route(via=(Square(3, 5),))
"""The GM drags the hero straight past the orc: a way round as short would provoke no one
(issue 28), so the square beside the orc is a waypoint."""


def _fight(ruleset_id: str, *others: Any, hero_speed: int = 6) -> GameSession:
    """The hero's turn; an orc whose basic attack pushes stands at (4, 4)."""
    hero = replace(fighter("hero", 1, 5, powers=[TWIN_BOLTS]), speed=hero_speed)
    session = make_session(
        Encounter(
            GridBounds(14, 12),
            creatures=(hero, orc("orc", 4, 4, powers=[SHOVING_AXE]), *others),
            ruleset_id=ruleset_id,
        )
    )
    order = {"hero": 20, "orc": 10} | {str(o.id): 5 for o in others}
    assert session.run(initiative.roll_initiative, totals=order).ok
    assert session.run(initiative.start_combat).ok
    return session


def _pushed_mid_walk(ruleset_id: str) -> GameSession:
    """The hero walks (1,5) → (7,5), 6 squares; the orc's attack at (3,5) pushes it to (3,6)."""
    session = _fight(ruleset_id)
    assert session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=PAST_ORC).ok
    assert session.encounter.creature("hero").square == Square(3, 5)  # 2 squares walked
    hit = session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3])
    assert hit.ok, hit.reason
    # The walk waits for the push: the hero has not walked on.
    assert session.encounter.creature("hero").square == Square(3, 5)
    assert session.encounter.combat.pending is not None
    blocked = session.use_power("hero", "Twin Bolts", ["orc"], dice=[2, 1])
    assert blocked.reason == "Hero's move waits: place or leave its forced movement first"
    placed = session.run(
        forced_placement.force_move, "hero", "push", 1, Square(3, 6), source_id="orc"
    )
    assert placed.ok, placed.reason
    return session


def _left(session: GameSession) -> int:
    return session.encounter.combat.combatant("hero").walk_left


def test_003_takes_the_push_off_what_is_left_and_the_hero_walks_the_rest_anywhere() -> None:
    session = _pushed_mid_walk("square-fireballs")
    assert session.encounter.creature("hero").square == Square(3, 6)
    assert session.encounter.combat.pending is None
    # 4 squares were left at (3,5); the push took 1.
    assert _left(session) == 3
    note = session.encounter.combat.log[-1]
    assert note.kind == "rule_note"
    assert note.data["mechanic"] == "003-18"
    assert "3 squares of its walk left" in str(note.data["note"])
    # "This new position does not need to match the movement as declared": south, not east.
    too_far = session.preview_move("hero", Square(3, 10), MoveMode.WALK)
    assert not too_far.reachable
    assert too_far.reason == "too far: 4 squares of movement, 3 allowed"
    on = session.move_creature("hero", Square(3, 9), MoveMode.WALK)
    assert on.ok, on.reason
    hero = session.encounter.combat.combatant("hero")
    assert hero.walk_left == 0
    assert hero.budget.standard == 1  # no new action paid for the rest of the walk
    assert not session.preview_move("hero", Square(3, 10), MoveMode.WALK).reachable


def test_000_ends_the_walk_where_the_push_put_it() -> None:
    session = _pushed_mid_walk("orcus")
    assert session.encounter.creature("hero").square == Square(3, 6)
    assert _left(session) == 0
    assert session.encounter.combat.log[-1].kind == "move_stopped"
    assert all(e.data.get("mechanic") != "003-18" for e in session.encounter.combat.log)
    assert session.encounter.combat.combatant("hero").budget.move == 0


def test_another_action_first_gives_up_the_rest_of_the_walk() -> None:
    session = _pushed_mid_walk("square-fireballs")
    assert session.use_power("hero", "Twin Bolts", ["orc"], dice=[2, 1]).ok
    assert _left(session) == 0


def test_what_is_left_is_undone_and_saved(tmp_path: Path) -> None:
    session = _pushed_mid_walk("square-fireballs")
    path = tmp_path / "cut-short.orcus"
    save_encounter(path, session.encounter)
    reopened = load_encounter(path)
    assert reopened == session.encounter
    assert reopened.combat.combatant("hero").walk_left == 3
    session.undo()  # the push: back to waiting for it at (3,5)
    assert session.encounter.creature("hero").square == Square(3, 5)
    assert _left(session) == 0
    assert session.encounter.combat.pending is not None
    session.redo()
    assert _left(session) == 3


def test_leaving_the_push_lets_the_walk_go_on_as_declared() -> None:
    session = _fight("square-fireballs")
    assert session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=PAST_ORC).ok
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3]).ok
    assert session.run(forced_placement.leave_forced_move, "hero").ok
    assert session.encounter.creature("hero").square == Square(7, 5)
    assert _left(session) == 0


def _held_twin_bolts(ruleset_id: str) -> GameSession:
    """The hero, next to the orc, shoots two goblins: the orc's interrupt pushes it west."""
    session = _fight(ruleset_id, orc("near", 3, 9), orc("far", 8, 5))
    assert session.move_creature("hero", Square(3, 5), MoveMode.GM).ok
    shot = session.use_power("hero", "Twin Bolts", ["far", "near"], dice=[18, 17, 3, 2])
    assert shot.ok, shot.reason
    assert session.encounter.combat.pending is not None
    assert [
        c.creature_id
        for c in session.encounter.combat.combatants
        if c.out_of_turn is ActionKind.OPPORTUNITY
    ] == ["orc"]
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3]).ok
    assert session.encounter.combat.pending is not None  # waits for the push
    # Pushed to (2,5): "far" at (8,5) is now 6 squares away, past range 5.
    assert session.run(
        forced_placement.force_move, "hero", "push", 1, Square(2, 5), source_id="orc"
    ).ok
    return session


def _hp(session: GameSession, cid: str) -> int:
    """Hit points now (a creature never touched has no state yet: the orc block's 30)."""
    state = session.encounter.creature(cid).state
    return 30 if state is None else state.current_hp


def test_003_keeps_the_targets_still_in_range() -> None:
    session = _held_twin_bolts("square-fireballs")
    assert session.encounter.combat.pending is None
    log = session.encounter.combat.log
    dropped = [e for e in log if e.kind == "rule_note" and e.data.get("mechanic") == "003-18"]
    assert len(dropped) == 1
    assert "Far is out of range (6 squares, range 5)" in str(dropped[0].data["note"])
    attack = [e for e in log if e.kind == "attack"][-1]
    assert attack.actor == "hero"
    assert attack.targets == ("near",)
    # The dropped target's typed attack roll (18) went with it: 17 hits "near", and the
    # damage roll that follows the attack rolls (3) is its damage.
    assert _hp(session, "near") == 30 - 3
    assert _hp(session, "far") == 30


def test_000_drops_the_held_attack_whole() -> None:
    session = _held_twin_bolts("orcus")
    log = session.encounter.combat.log
    assert log[-1].kind == "attack_dropped"
    assert "out of range" in str(log[-1].data["reason"])
    assert _hp(session, "near") == 30


@pytest.mark.parametrize("ruleset_id", ["square-fireballs", "orcus"])
def test_with_every_target_gone_the_attack_stops(ruleset_id: str) -> None:
    session = _fight(ruleset_id, orc("far", 8, 5))
    assert session.move_creature("hero", Square(3, 5), MoveMode.GM).ok
    assert session.use_power("hero", "Twin Bolts", ["far"], dice=[18, 3]).ok
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3]).ok
    assert session.run(
        forced_placement.force_move, "hero", "push", 1, Square(2, 5), source_id="orc"
    ).ok
    assert session.encounter.combat.log[-1].kind == "attack_dropped"
    assert _hp(session, "far") == 30


def test_a_run_cut_short_leaves_the_rest_to_walk_and_a_new_run_gives_it_up() -> None:
    """003-40 Run ("Move your Speed", a standard action) is "movement" too (003 l.239)."""
    session = _fight("square-fireballs")
    assert session.move_creature("hero", Square(7, 5), MoveMode.DASH, route=PAST_ORC).ok
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3]).ok
    assert session.run(
        forced_placement.force_move, "hero", "push", 1, Square(3, 6), source_id="orc"
    ).ok
    assert _left(session) == 3
    note = session.encounter.combat.log[-1]
    assert note.data["mechanic"] == "003-18"
    assert "3 squares of its move left, to move anywhere" in str(note.data["note"])
    hero = session.encounter.combat.combatant("hero")
    assert (hero.budget.standard, hero.budget.move) == (0, 1)
    # The rest is walked with no new action: the move action is still there afterwards.
    assert not session.preview_move("hero", Square(3, 10), MoveMode.WALK).reachable
    assert session.move_creature("hero", Square(3, 9), MoveMode.WALK).ok
    assert session.encounter.combat.combatant("hero").budget.move == 1
    assert _left(session) == 0


def test_a_fresh_run_is_at_full_speed_and_spends_the_rest_of_the_walk() -> None:
    session = _pushed_mid_walk("square-fireballs")
    assert _left(session) == 3
    # 003-40 Run is a new standard action: its own speed, not the 3 squares left.
    assert session.preview_move("hero", Square(3, 11), MoveMode.DASH).reachable
    assert session.move_creature("hero", Square(3, 11), MoveMode.DASH).ok
    assert _left(session) == 0


def test_a_push_as_long_as_the_rest_ends_the_walk_and_says_so() -> None:
    session = _fight("square-fireballs", hero_speed=3)
    # (1,5) → (4,5), speed 3: it provokes leaving (3,5), with 1 square of its speed left.
    assert session.move_creature("hero", Square(4, 5), MoveMode.WALK, route=PAST_ORC).ok
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3]).ok
    assert session.run(
        forced_placement.force_move, "hero", "push", 1, Square(3, 6), source_id="orc"
    ).ok
    assert session.encounter.creature("hero").square == Square(3, 6)
    assert _left(session) == 0
    note = str(session.encounter.combat.log[-1].data["note"])
    assert note == (
        "Hero was moved 1 square by the interrupt, all of the 1 square its move had left: "
        "it stops there"
    )
    assert session.use_power("hero", "Twin Bolts", ["orc"], dice=[2, 1]).ok


def test_a_file_saved_while_the_walk_waits_for_the_push_goes_on_when_reopened(
    tmp_path: Path,
) -> None:
    session = _fight("square-fireballs")
    assert session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=PAST_ORC).ok
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3]).ok
    path = tmp_path / "waiting.orcus"
    save_encounter(path, session.encounter)
    reopened = make_session(load_encounter(path))
    assert reopened.encounter == session.encounter
    placed = reopened.run(
        forced_placement.force_move, "hero", "push", 1, Square(3, 6), source_id="orc"
    )
    assert placed.ok, placed.reason
    assert reopened.encounter.combat.combatant("hero").walk_left == 3


def test_undo_of_the_push_takes_back_the_trimmed_attack_in_one_step() -> None:
    session = _held_twin_bolts("square-fireballs")
    assert _hp(session, "near") == 27
    session.undo()
    assert session.encounter.creature("hero").square == Square(3, 5)
    assert session.encounter.combat.pending is not None
    assert _hp(session, "near") == 30
    assert not any(e.data.get("mechanic") == "003-18" for e in session.encounter.combat.log)
    session.redo()
    assert _hp(session, "near") == 27
    assert session.encounter.combat.pending is None


def test_003_what_is_left_is_the_speed_not_the_declared_walk() -> None:
    """003 l.239 "the remaining movement distance" (R-103): the hero declared only 4 of its 6
    squares, (1,5) to (5,5); 2 walked to (3,5), pushed 1: 6 - 2 - 1 = 3 squares left, not
    the declared 4 - 2 - 1 = 1."""
    session = _fight("square-fireballs")
    assert session.move_creature("hero", Square(5, 5), MoveMode.WALK, route=PAST_ORC).ok
    assert session.encounter.creature("hero").square == Square(3, 5)
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3]).ok
    assert session.run(
        forced_placement.force_move, "hero", "push", 1, Square(3, 6), source_id="orc"
    ).ok
    assert _left(session) == 3


def test_after_a_walk_cut_short_the_panel_offers_only_the_rest_of_the_walk() -> None:
    """Issue 30: 003-18's rest of the walk is for a walk; a five-foot step is a new move.

    The GM walks the hero past the orc, the orc's opportunity attack pushes it and the GM
    places the push: the hero has spent its move action, so the Actions panel must not offer
    Five-Foot Step, and dropping one is refused in words (it used to raise ValueError).
    """
    session = _pushed_mid_walk("square-fireballs")
    offered = session.available_actions("hero")
    assert offered.option(CombatAction.WALK).allowed  # the 3 squares left
    step = offered.option(CombatAction.FIVE_FOOT_STEP)
    assert not step.allowed
    assert step.reason == "Hero has no move action left"
    assert not session.preview_move("hero", Square(3, 7), MoveMode.SHIFT).reachable
    refused = session.move_creature("hero", Square(3, 7), MoveMode.SHIFT)
    assert not refused.ok
    assert refused.reason == "Hero has no move action left"


def test_with_the_standard_action_spent_first_run_and_charge_are_not_offered() -> None:
    """Issue 28 5b: 003-40 Run and Charge are standard actions, spent by Twin Bolts first."""
    session = _fight("square-fireballs")
    assert session.use_power("hero", "Twin Bolts", ["orc"], dice=[2, 1]).ok
    assert session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=PAST_ORC).ok
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3]).ok
    assert session.run(
        forced_placement.force_move, "hero", "push", 1, Square(3, 6), source_id="orc"
    ).ok
    assert _left(session) == 3
    offered = session.available_actions("hero")
    for action in (CombatAction.DASH, CombatAction.CHARGE):
        option = offered.option(action)
        assert not option.allowed, action
        assert option.reason == "Hero has no standard action left"
    refused = session.move_creature("hero", Square(3, 11), MoveMode.DASH)
    assert refused.reason == "Hero has no standard action left"
    assert session.move_creature("hero", Square(3, 9), MoveMode.WALK).ok


def test_003_what_is_left_counts_the_way_the_gm_dragged() -> None:
    """003-18 with a waypoint: the hero (speed 8) is dragged down by (1,7), then past the orc
    at (3,5): 4 squares spent there (the cheapest way to (3,5) is 2), the push takes 1."""
    session = _fight("square-fireballs", hero_speed=8)
    detour = Route(via=(Square(1, 7), Square(3, 5)))
    assert session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=detour).ok
    assert session.encounter.creature("hero").square == Square(3, 5)
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3]).ok
    assert session.run(
        forced_placement.force_move, "hero", "push", 1, Square(3, 6), source_id="orc"
    ).ok
    assert _left(session) == 8 - 4 - 1


def _taunted_twin_bolts(by: str) -> GameSession:
    """The held Twin Bolts at "far" and "near" with the hero taunted by `by` (003-30)."""
    session = _fight("square-fireballs", orc("near", 3, 9), orc("far", 8, 5))
    assert session.move_creature("hero", Square(3, 5), MoveMode.GM).ok
    assert session.run(gm_edits.add_condition, "hero", Condition.MARKED, source_id=by).ok
    shot = session.use_power("hero", "Twin Bolts", ["far", "near"], dice=[18, 17, 3, 2])
    assert shot.ok, shot.reason
    # Saved and reopened while the bolts wait: what was declared is kept.
    session = make_session(encounter_from_dict(encounter_to_dict(session.encounter)))
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[19, 3]).ok
    assert session.run(
        forced_placement.force_move, "hero", "push", 1, Square(2, 5), source_id="orc"
    ).ok
    return session


def _taunt_parts(session: GameSession) -> list[int]:
    attack = [e for e in session.encounter.combat.log if e.kind == "attack"][-1]
    assert attack.targets == ("near",)
    parts = attack.data["targets"][0]["attack_parts"]
    return [int(value) for value, source in parts if source == "taunted"]


def test_003_a_target_dropped_by_an_interrupt_does_not_make_the_attack_ignore_the_taunt() -> None:
    """003 l.395 "If an attack originally does not ignore the Taunt, and the attack targets are
    somehow changed by an enemy action or other effect, this does not cause the attack to
    ignore the Taunt" (R-157): "far", the taunter, was a target when the bolts were declared;
    the orc's push drops it (003-18), and the bolt at "near" still takes no -2."""
    assert _taunt_parts(_taunted_twin_bolts("far")) == []


def test_003_an_attack_that_ignored_the_taunt_when_declared_still_does() -> None:
    """003 l.391: taunted by the orc, which neither bolt targets, the bolt at "near" takes -2."""
    assert _taunt_parts(_taunted_twin_bolts("orc")) == [-2]


def test_003_a_taunt_gained_while_the_attack_waits_does_not_make_it_ignore_it() -> None:
    """003 l.396 "If an attack originally does not ignore the Taunt, and the attacker becomes
    Taunted during the attack (e.g. by an enemy reaction), this does not cause the attack to
    ignore the mark" (R-157): the orc taunts the hero while the bolts wait; no -2."""
    session = _fight("square-fireballs", orc("near", 3, 9), orc("far", 8, 5))
    assert session.move_creature("hero", Square(3, 5), MoveMode.GM).ok
    shot = session.use_power("hero", "Twin Bolts", ["far", "near"], dice=[18, 17, 3, 2])
    assert shot.ok, shot.reason
    assert session.run(gm_edits.add_condition, "hero", Condition.MARKED, source_id="orc").ok
    assert session.run(interrupts.decline_opportunity_attack, "orc").ok
    attack = [e for e in session.encounter.combat.log if e.kind == "attack"][-1]
    assert attack.targets == ("far", "near")
    for target in attack.data["targets"]:
        assert [v for v, source in target["attack_parts"] if source == "taunted"] == []
