"""A provoking walk waits where it provokes until its offers are settled (`move_interrupts`).

000 "Opportunity Attacks": "The attack occurs right before the creature leaves your reach";
000 "Immediate Actions": "When your immediate action interrupts another creature's action, that
creature can continue its action right after". docs/rulings.md R-02: each enemy gets one
opportunity attack per provoking creature's turn. Scripted from the GM's side with fixed dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.text import describe, names_of
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds, Space, Square, spaces_adjacent
from orcus_desktop.geometry.routes import Route
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fight_started, fighter, orc, saved_and_reopened

DESTINATION = Square(6, 2)
OA_RULESETS = ("orcus", "4e-quickref", "alloy-heroes", "square-fireballs")  # 001: none


def _past_two(ruleset_id: str = "orcus") -> GameSession:
    """An orc brute at (0, 2) whose turn it is; heroes Ana at (2, 1) and Bo at (4, 1)."""
    return fight_started(
        GridBounds(10, 5),
        (orc("brute", 0, 2), fighter("ana", 2, 1), fighter("bo", 4, 1)),
        {"brute": 20, "ana": 10, "bo": 5},
        ruleset_id,
    )


def _offered(session: GameSession) -> set[str]:
    return {
        c.creature_id
        for c in session.encounter.combat.combatants
        if c.out_of_turn is ActionKind.OPPORTUNITY
    }


def _where(session: GameSession) -> Square:
    return session.encounter.creature("brute").square


def _first_next_to(session: GameSession, path: Sequence[Square], enemy_id: str) -> Square:
    """R-02: the first square of the path (but the last) whose leaving provokes the enemy."""
    enemy = session.encounter.creature(enemy_id)
    brute = session.encounter.creature("brute")
    return next(s for s in path[:-1] if spaces_adjacent(Space(s, brute.size), enemy.space))


def _walk(session: GameSession) -> tuple[Square, Square]:
    """Brute walks to DESTINATION; where it must stop for Ana, then for Bo."""
    # The GM drags it along row 2, past both (issue 28: the way along row 3 is as short and
    # provokes no one, so the squares beside them are waypoints).
    along = Route(via=(Square(2, 2), Square(4, 2)))
    walk = session.move_creature("brute", DESTINATION, MoveMode.WALK, route=along)
    assert walk.ok, walk.reason
    assert walk.opportunity_attackers == ("ana",)  # offered now; Bo further along
    path = walk.details["path"]
    return _first_next_to(session, path, "ana"), _first_next_to(session, path, "bo")


@pytest.mark.parametrize("ruleset_id", OA_RULESETS)
def test_offers_come_one_at_a_time_at_the_provoking_squares(ruleset_id: str) -> None:
    session = _past_two(ruleset_id)
    at_ana, at_bo = _walk(session)
    assert at_ana != at_bo
    # The token waits where it provokes Ana; Bo is not offered yet.
    assert _where(session) == at_ana
    assert _offered(session) == {"ana"}
    held = session.encounter.combat.pending
    assert held is not None
    assert held.kind == "move"
    assert session.encounter.combat.combatant("brute").budget.move == 0  # the move is spent
    refused = session.move_creature("brute", Square(7, 2), MoveMode.WALK)
    assert not refused.ok

    # Let pass: the move goes on to the square where it provokes Bo, and waits again.
    assert session.run(interrupts.decline_opportunity_attack, "ana").ok
    assert _where(session) == at_bo
    assert _offered(session) == {"bo"}

    # Let pass: the rest of the move happens.
    assert session.run(interrupts.decline_opportunity_attack, "bo").ok
    assert _where(session) == DESTINATION
    assert _offered(session) == set()
    assert session.encounter.combat.pending is None


def test_an_oa_that_kills_the_mover_stops_the_move_there() -> None:
    session = _past_two()
    assert session.run(gm_edits.apply_damage, "brute", 28).ok  # 2 HP left; monsters die at 0
    at_ana, _ = _walk(session)
    oa = session.run(interrupts.opportunity_attack, "ana", "brute", dice=[19, 6])
    assert oa.ok, oa.reason
    assert session.rules.is_dead(session.encounter, "brute")
    assert _where(session) == at_ana  # the rest of the move does not happen
    assert _offered(session) == set()  # Bo is never offered one
    assert session.encounter.combat.pending is None


def test_an_oa_that_hits_and_leaves_it_standing_lets_the_move_continue() -> None:
    session = _past_two()
    _, at_bo = _walk(session)
    oa = session.run(interrupts.opportunity_attack, "ana", "brute", dice=[19, 1])
    assert oa.ok, oa.reason
    assert not session.rules.is_dead(session.encounter, "brute")
    assert _where(session) == at_bo
    assert _offered(session) == {"bo"}


@pytest.mark.parametrize("condition", [Condition.IMMOBILE, Condition.RESTRAINED, Condition.PRONE])
def test_a_mover_held_in_place_while_it_waits_goes_no_further(condition: Condition) -> None:
    # 000 "Immobile", "Restrained": it cannot move on its own; 000 "Prone": it may only crawl,
    # so the rest of a walk does not happen.
    session = _past_two()
    at_ana, _ = _walk(session)
    assert session.run(gm_edits.add_condition, "brute", condition, DurationKind.SAVE_ENDS).ok
    assert session.run(interrupts.decline_opportunity_attack, "ana").ok
    assert _where(session) == at_ana
    assert session.encounter.combat.pending is None
    stopped = session.encounter.combat.log[-1]
    assert describe(stopped, names_of(session.encounter)) == "Brute is stopped where it provoked"


def test_undo_steps_back_one_offer_at_a_time() -> None:
    session = _past_two()
    start = session.encounter
    at_ana, at_bo = _walk(session)
    waiting_for_ana = session.encounter
    assert session.run(interrupts.opportunity_attack, "ana", "brute", dice=[2, 1]).ok  # a miss
    assert _where(session) == at_bo
    assert session.undo().ok
    assert session.encounter == waiting_for_ana
    assert _where(session) == at_ana
    assert session.undo().ok
    assert session.encounter == start


def test_a_move_waiting_for_an_offer_survives_save_and_reopen(tmp_path: Path) -> None:
    session = _past_two()
    at_ana, at_bo = _walk(session)
    reopened = saved_and_reopened(session, tmp_path / "waiting.orcus")
    assert reopened.encounter.creature("brute").square == at_ana
    assert reopened.run(interrupts.decline_opportunity_attack, "ana").ok
    assert reopened.encounter.creature("brute").square == at_bo
    assert reopened.run(interrupts.decline_opportunity_attack, "bo").ok
    assert reopened.encounter.creature("brute").square == DESTINATION


def test_end_turn_while_the_walk_waits_asks_and_letting_it_pass_walks_on() -> None:
    """Issue 28, R-117: End turn never drops the waiting walk; letting the offers pass walks on.

    000 "Immediate Actions": the interrupted creature "can continue its action right after".
    """
    session = _past_two()
    at_ana, at_bo = _walk(session)
    refused = session.end_turn()
    assert not refused.ok
    assert "Brute's move waits for the opportunity attacks" in refused.reason
    assert "Ana may make an opportunity attack on Brute" in refused.reason
    assert _where(session) == at_ana
    # Letting Ana's pass walks on to Bo, whose offer is new: the turn does not end unasked.
    first = session.end_turn(let_pass=True)
    assert first.ok
    assert _where(session) == at_bo
    assert session.encounter.combat.current == "brute"
    assert "Bo may make an opportunity attack on Brute" in first.text
    second = session.end_turn(let_pass=True)
    assert second.ok
    assert _where(session) == DESTINATION
    assert session.encounter.combat.current != "brute"
    assert not [e for e in session.encounter.combat.log if e.kind == "attack_dropped"]
    # Each answer is one undo step.
    session.undo()
    assert (_where(session), session.encounter.combat.current) == (at_bo, "brute")
    session.undo()
    assert _where(session) == at_ana
    assert session.encounter.combat.pending is not None


def test_a_shift_and_a_gm_move_never_wait() -> None:
    session = _past_two()
    assert session.move_creature("brute", Square(1, 2), MoveMode.SHIFT).ok
    assert session.encounter.combat.pending is None
    assert session.move_creature("brute", DESTINATION, MoveMode.GM).ok
    assert _where(session) == DESTINATION
    assert _offered(session) == set()


def test_a_waiting_mover_the_gm_moves_away_goes_no_further() -> None:
    # The rest of the path starts where the token waited; moved elsewhere, it stays there.
    session = _past_two()
    _walk(session)
    assert session.move_creature("brute", Square(1, 4), MoveMode.GM).ok
    assert session.run(interrupts.decline_opportunity_attack, "ana").ok
    assert _where(session) == Square(1, 4)
    assert session.encounter.combat.pending is None
    assert _offered(session) == set()
