"""Scripted fights under 002 (4e-quickref) and 004 (alloy-heroes), played from the GM's side.

Each step exercises one difference from 000 and quotes its mechanic id and seed line (the ids
and picks of docs/rulesets.md). Dice typed in are consumed in rolling order, as in
tests/controller/test_combat_scenarios.py. Where 000 would act differently, the test says so.
"""

from __future__ import annotations

from orcus_desktop.controller.actions import (
    attacks,
    combat_actions,
    forced_placement,
    grappling,
    interrupts,
)
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import creature, fighter, make_session, orc, orc_block


def _hp(session: GameSession, cid: str) -> int:
    state = session.encounter.creature(cid).state
    assert state is not None
    return state.current_hp


def _notes(session: GameSession) -> list[str]:
    return [str(e.data["mechanic"]) for e in session.encounter.combat.log if e.kind == "rule_note"]


def _until(session: GameSession, cid: str) -> None:
    for _ in range(8):
        if session.encounter.combat.current == cid:
            return
        assert session.end_turn().ok
    raise AssertionError(f"{cid}'s turn never came")


def _fight(ruleset_id: str, *creatures: object, order: dict[str, int]) -> GameSession:
    session = make_session(
        Encounter(GridBounds(14, 10), creatures=tuple(creatures), ruleset_id=ruleset_id)  # type: ignore[arg-type]
    )
    assert session.ruleset.id == ruleset_id
    assert session.run(initiative.roll_initiative, totals=order).ok
    assert session.run(initiative.start_combat).ok
    return session


# --- 002: the 4e quick reference ------------------------------------------------------------


def test_quickref_fight() -> None:
    """Hero between two orcs; a solo brute; every 002 difference in play."""
    s = _fight(
        "4e-quickref",
        fighter("hero", 4, 4),
        orc("orc", 5, 4),
        orc("goblin", 3, 4),
        orc("brute", 10, 8, role="solo", action_points=2),
        order={"hero": 20, "orc": 15, "goblin": 10, "brute": 5},
    )
    # 002-21, 002 l.66 "Drop prone" under MINOR ACTIONS: it costs the minor (swift) action
    # (000 "Free Actions": free).
    assert s.available_actions("hero").option(CombatAction.DROP_PRONE).kind is ActionKind.SWIFT
    assert s.run(combat_actions.take_action, CombatAction.DROP_PRONE, "hero").ok
    assert s.encounter.combat.combatant("hero").budget == ActionBudget(1, 1, 0)
    assert s.run(combat_actions.take_action, CombatAction.STAND_UP, "hero").ok
    # 002-01, 002 l.11-16: the same five combinations, "minor" for swift.
    assert s.ruleset.label("swift") == "minor"
    assert s.end_turn().ok

    # 002-05, 002 l.18 "as many opportunity actions as become available during a whole round,
    # but only one per combatant turn": the orc walks away, the hero strikes ...
    walk = s.move_creature("orc", Square(8, 4), MoveMode.WALK)
    assert walk.ok
    assert walk.opportunity_attackers == ("hero",)
    assert s.run(interrupts.opportunity_attack, "hero", "orc", dice=[2]).ok  # a miss
    hero = s.encounter.combat.combatant("hero")
    assert not hero.immediate_used  # 000 (docs/rulings.md R-02) would have spent it
    assert s.end_turn().ok
    # ... and on the goblin's turn, in the same round, the hero strikes again (000: refused,
    # "already took an immediate action this round").
    away = s.move_creature("goblin", Square(0, 4), MoveMode.WALK)
    assert away.ok
    assert away.opportunity_attackers == ("hero",)
    assert s.run(interrupts.opportunity_attack, "hero", "goblin", dice=[2]).ok
    assert s.end_turn().ok  # goblin

    # 002-06, 002 l.20 "Solo monsters may spend multiple Action Points per encounter, but only
    # one per turn".
    assert s.encounter.combat.current == "brute"
    assert s.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "brute").ok
    again = s.run(combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, "brute")
    assert not again.ok
    assert "this turn" in again.reason
    assert s.end_turn().ok

    # 002-19, 002 l.54 "Run: Move up to your speed + 2; grant combat advantage until next
    # turn" - no -5 to attacks as written (000 "Dash": -5).
    assert s.move_creature("hero", Square(4, 0), MoveMode.DASH).ok
    state = s.encounter.creature("hero").state
    assert state is not None
    dashing = state.instances_of(Condition.DASHING)
    assert dashing
    assert dashing[0].duration.kind is DurationKind.START_OF_TARGET_NEXT_TURN
    # 002-18, 002 l.18 "one immediate action per round, either as a readied action or ...":
    # the hero readies, the trigger comes, the readied action uses the immediate action.
    assert s.run(initiative.ready_action, "hero", ActionKind.STANDARD, "an orc comes close").ok
    assert s.end_turn().ok
    assert s.run(initiative.trigger_readied, "hero", "orc").ok
    assert s.encounter.combat.combatant("hero").immediate_used  # 000: not spent

    # 002-09, 002 l.25 restrained creatures "can ... be forced to move by a pull, push or a
    # slide" (000 "Restrained": cannot be moved).
    assert s.run(gm_edits.add_condition, "goblin", Condition.RESTRAINED, DurationKind.SAVE_ENDS).ok
    pushed = s.run(
        forced_placement.force_move, "goblin", "push", 1, Square(0, 5), source_square=Square(0, 3)
    )
    assert pushed.ok, pushed.reason


def test_quickref_escape_is_a_move_action_that_shifts() -> None:
    # 002-17, 002 l.53 "Escape: Escape a grab and shift" under MOVE ACTIONS (000: standard).
    s = _fight(
        "4e-quickref",
        fighter("hero", 2, 2),
        orc("orc", 3, 2),
        order={"hero": 20, "orc": 10},
    )
    assert s.run(grappling.grapple, "hero", "orc", dice=[19]).ok
    _until(s, "orc")
    assert s.available_actions("orc").option(CombatAction.ESCAPE_GRAPPLE).kind is ActionKind.MOVE
    assert s.run(grappling.escape_grapple, "orc", "athletics", die=20).ok
    assert s.encounter.combat.combatant("orc").budget.standard == 1
    assert _notes(s) == ["002-17"]


# --- 004: Alloy Heroes ----------------------------------------------------------------------


def test_alloy_fight() -> None:
    s = _fight(
        "alloy-heroes",
        fighter("hero", 2, 2),
        fighter("ally", 2, 6),
        orc("orc", 3, 2),
        orc("goblin", 9, 2),
        order={"hero": 20, "orc": 15, "ally": 12, "goblin": 10},
    )
    # 004-16, 004 l.279 and l.844 "drop prone as a swift action".
    assert s.available_actions("hero").option(CombatAction.DROP_PRONE).kind is ActionKind.SWIFT
    # 004-13, 004 l.451 "After you resolve the charge attack, the character can take no
    # further actions this turn" (000 "Charge": the move and swift actions are left).
    assert s.end_turn().ok
    # 004-08, 004 l.383 "Attack of Opportunity: Free Action"; "Once per Turn".
    walk = s.move_creature("orc", Square(6, 2), MoveMode.WALK)
    assert walk.ok
    assert walk.opportunity_attackers == ("hero",)
    assert s.run(interrupts.opportunity_attack, "hero", "orc", dice=[2]).ok
    assert not s.encounter.combat.combatant("hero").immediate_used
    assert s.end_turn().ok  # orc
    assert s.end_turn().ok  # ally
    assert s.end_turn().ok  # goblin
    charge = s.run(combat_actions.charge, "hero", Square(5, 2), "orc", dice=[2])
    assert charge.ok, charge.reason
    assert s.encounter.combat.combatant("hero").budget == ActionBudget(0, 0, 0)
    assert "004-13" in _notes(s)
    refused = s.move_creature("hero", Square(5, 3), MoveMode.SHIFT)
    assert not refused.ok


def test_alloy_delay_lasts_until_the_initiative_comes_again() -> None:
    # 004-15, 004 l.491 "If you don't use your delayed turn before your initiative comes up
    # again, your delayed turn is lost" (000 "Delay": wasted at the end of the round).
    s = _fight(
        "alloy-heroes",
        fighter("hero", 2, 2),
        orc("orc", 8, 2),
        order={"orc": 20, "hero": 10},
    )
    assert s.end_turn().ok  # orc
    assert s.delay().ok  # hero, last in the order: the round ends
    combat = s.encounter.combat
    assert (combat.round, combat.current) == (2, "orc")
    assert combat.combatant("hero").delaying  # 000 would have lost it at the round's end
    assert s.run(initiative.resume_delayed, "hero").ok  # it still acts, after the orc
    assert s.end_turn().ok
    assert s.encounter.combat.current == "hero"
    assert "turn_lost" not in [e.kind for e in s.encounter.combat.log]


def test_alloy_an_unused_delay_is_lost_when_the_initiative_comes_again() -> None:
    # 004-15, 004 l.492 "your delayed turn is lost and your initiative remains where it was".
    s = _fight(
        "alloy-heroes",
        fighter("hero", 2, 2),
        orc("orc", 8, 2),
        order={"hero": 20, "orc": 10},
    )
    assert s.delay().ok
    assert s.end_turn().ok  # orc; round 2 comes to the hero's count
    combat = s.encounter.combat
    assert (combat.round, combat.current) == (2, "hero")
    assert combat.combatant("hero").initiative == 20
    lost = [e for e in combat.log if e.kind == "turn_lost"]
    assert len(lost) == 1
    assert lost[0].round == 2


def test_alloy_ready_costs_its_kind_ends_the_turn_and_uses_the_immediate() -> None:
    # 004-20, 004 l.557-566: "Readying is the same kind of action as the action you ready";
    # "Readying an action ends your character's actions for the turn"; "A readied action is
    # an immediate reaction", "immediately after the action that triggers it".
    s = _fight(
        "alloy-heroes",
        fighter("hero", 2, 2),
        orc("orc", 8, 2),
        order={"hero": 20, "orc": 10},
    )
    assert s.run(initiative.ready_action, "hero", ActionKind.MOVE, "the orc moves").ok
    assert s.encounter.combat.combatant("hero").budget == ActionBudget(0, 0, 0)
    assert s.end_turn().ok
    assert s.run(initiative.trigger_readied, "hero", "orc").ok
    assert s.encounter.combat.combatant("hero").immediate_used
    assert "004-20" in _notes(s)


def test_alloy_movement_rules() -> None:
    s = _fight(
        "alloy-heroes",
        fighter("hero", 2, 2),
        fighter("ally", 4, 2),
        orc("orc", 10, 8),
        order={"hero": 20, "orc": 10, "ally": 5},
    )
    # 004-25, 004 l.711 "You can end your movement in an ally's square only if the ally is
    # prone" (000/docs/rulings.md R-17: never).
    assert not s.move_creature("hero", Square(4, 2), MoveMode.WALK).ok
    assert s.run(gm_edits.add_condition, "ally", Condition.PRONE, DurationKind.UNTIL_COUNTERED).ok
    ended = s.move_creature("hero", Square(4, 2), MoveMode.WALK)
    assert ended.ok, ended.reason
    # 004-24, 004 l.700 "his or her speed is limited to one-half normal" when unable to see.
    assert s.end_turn().ok
    assert s.run(gm_edits.add_condition, "orc", Condition.BLINDED, DurationKind.SAVE_ENDS).ok
    reach = s.reachable_squares("orc", MoveMode.WALK)
    assert Square(7, 8) in reach  # 3 squares: half of speed 6
    assert Square(6, 8) not in reach


def test_alloy_close_bursts_spare_the_user_and_melee_rolls_damage_per_target() -> None:
    cleave = {
        "name": "Cleave",
        "origin": "melee",
        "target_count": 2,
        "attack": {"defense": "ac", "ability": "strength"},
        "hit": {"damage": "1dW + Strength modifier"},
        "keywords": ["weapon"],
    }
    s = _fight(
        "alloy-heroes",
        fighter("hero", 2, 2, powers=[cleave]),
        orc("orc", 3, 2),
        orc("goblin", 3, 3),
        order={"hero": 20, "orc": 10, "goblin": 5},
    )
    # 004-03, 004 l.61 "each attack and damage roll is different for each target": d20s 18 and
    # 18, then 1d10 = 9 for the orc and 1d10 = 2 for the goblin (000: one roll for both).
    used = s.use_power("hero", "Cleave", ["orc", "goblin"], dice=[18, 18, 9, 2])
    assert used.ok, used.reason
    assert _hp(s, "orc") == 30 - (9 + 3)
    assert _hp(s, "goblin") == 30 - (2 + 3)


def test_alloy_a_miss_only_because_of_cover_strikes_the_cover() -> None:
    # 004-27, 004 l.752 "If the attack only missed because of the cover modifier then the cover
    # was struck" (pick: the total without the cover modifier meets the defense).
    s = _fight(
        "alloy-heroes",
        fighter("hero", 2, 2),
        orc("orc", 3, 2),
        order={"hero": 20, "orc": 10},
    )
    # d20 10 + 3 Str + 3 proficiency = 16, -2 cover = 14 vs AC 15: a miss only through cover.
    missed = s.run(
        attacks.basic_attack,
        "hero",
        "orc",
        dice=[10],
        choices=AttackChoices(cover={"orc": "half"}),
    )
    assert missed.ok
    assert missed.details["hits"] == ()
    assert _notes(s) == ["004-27"]


def test_alloy_bull_rush_and_grapple_need_a_target_within_one_size() -> None:
    # 004-12, 004 l.434 "Adjacent creature within one size category (one size larger, same
    # size, one size smaller)"; l.525 for Grapple. 000 "Shove": only "no more than one size
    # larger" - a tiny target two sizes smaller is allowed there.
    for ruleset_id, allowed in (("orcus", True), ("alloy-heroes", False)):
        s = _fight(
            ruleset_id,
            fighter("hero", 2, 2),
            creature("rat", "monsters", 3, 2, size=Size.TINY, statblock=freeze(orc_block("Rat"))),
            order={"hero": 20, "rat": 10},
        )
        shove = s.run(combat_actions.shove, "hero", "rat", dice=[2])
        assert shove.ok is allowed, shove.reason
        if allowed:
            assert s.undo().ok
        grab = s.run(grappling.grapple, "hero", "rat", dice=[2])
        assert grab.ok is allowed, grab.reason
        if not allowed:
            assert "more than one size smaller" in grab.reason
