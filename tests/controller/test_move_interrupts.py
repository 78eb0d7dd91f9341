"""An opportunity attack is offered before the provoking walk completes (issue 13).

000 "Opportunity Attacks": "The attack occurs right before the creature leaves your reach";
000 "Immediate Actions": "When your immediate action interrupts another creature's action,
that creature can continue its action right after." Issue 13: "An opportunity attack is
offered before the provoking move completes, and the token waits in its square until the
offer is resolved."
"""

from __future__ import annotations

from pathlib import Path

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.routes import Route
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc

PAST_ORC = Route(via=(Square(3, 5),))
"""The GM drags the hero straight past the orc: a way round as short would provoke no one
(issue 28), so the square beside the orc is a waypoint."""


def _walk_past_the_orc(*others: object) -> GameSession:
    """The hero (its turn) walks east along row 5, past an orc standing at (4, 4)."""
    session = make_session(
        Encounter(
            GridBounds(14, 10),
            creatures=(fighter("hero", 1, 5), orc("orc", 4, 4), *others),  # type: ignore[arg-type]
        )
    )
    order = {"hero": 20, "orc": 10} | {str(getattr(o, "id")): 5 for o in others}  # noqa: B009
    assert session.run(initiative.roll_initiative, totals=order).ok
    assert session.run(initiative.start_combat).ok
    return session


def _at(session: GameSession, cid: str) -> Square:
    return session.encounter.creature(cid).square


def _offered(session: GameSession) -> list[str]:
    return [
        c.creature_id
        for c in session.encounter.combat.combatants
        if c.out_of_turn is ActionKind.OPPORTUNITY
    ]


def test_the_walk_waits_where_it_provokes_then_goes_on_when_the_attack_is_let_pass() -> None:
    session = _walk_past_the_orc()
    walk = session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=PAST_ORC)
    assert walk.ok, walk.reason
    assert walk.opportunity_attackers == ("orc",)
    # (3, 5) is the first square next to the orc; leaving it provokes: the hero waits there.
    assert _at(session, "hero") == Square(3, 5)
    assert _offered(session) == ["orc"]
    pending = session.encounter.combat.pending
    assert pending is not None
    assert pending.text == "Hero's move"
    # The move action is spent already (the walk is one action).
    assert session.encounter.combat.combatant("hero").budget.move == 0
    assert session.run(interrupts.decline_opportunity_attack, "orc").ok
    assert _at(session, "hero") == Square(7, 5)
    assert session.encounter.combat.pending is None


def test_a_hit_that_does_not_stop_the_walker_lets_it_go_on() -> None:
    session = _walk_past_the_orc()
    assert session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=PAST_ORC).ok
    hp = session.encounter.creature("hero").state
    assert hp is not None
    taken = session.run(interrupts.opportunity_attack, "orc", "hero", dice=[15, 4])
    assert taken.ok, taken.reason
    after = session.encounter.creature("hero").state
    assert after is not None
    assert after.current_hp < hp.current_hp  # hit where it stood, on (3, 5)
    assert _at(session, "hero") == Square(7, 5)


def test_an_attack_that_drops_the_walker_leaves_it_where_it_provoked() -> None:
    session = _walk_past_the_orc()
    assert session.run(gm_edits.set_hit_points, "hero", 1).ok
    assert session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=PAST_ORC).ok
    assert session.run(interrupts.opportunity_attack, "orc", "hero", dice=[15, 12]).ok
    assert _at(session, "hero") == Square(3, 5)
    assert [e.kind for e in session.encounter.combat.log][-1] == "move_stopped"
    assert session.encounter.combat.pending is None


def test_two_enemies_along_the_way_interrupt_it_one_after_the_other() -> None:
    session = _walk_past_the_orc(orc("brute", 6, 6))
    straight = Route(via=(Square(3, 5), Square(5, 5)))  # the GM drags it along row 5
    walk = session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=straight)
    assert walk.ok, walk.reason
    assert walk.opportunity_attackers == ("orc",)
    assert _at(session, "hero") == Square(3, 5)
    assert session.run(interrupts.decline_opportunity_attack, "orc").ok
    # On to (5, 5), next to the brute at (6, 6): it waits there for the brute's attack.
    assert _at(session, "hero") == Square(5, 5)
    assert _offered(session) == ["brute"]
    assert session.run(interrupts.decline_opportunity_attack, "brute").ok
    assert _at(session, "hero") == Square(7, 5)


def test_undo_takes_the_walk_back_step_by_step() -> None:
    session = _walk_past_the_orc()
    assert session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=PAST_ORC).ok
    assert session.run(interrupts.decline_opportunity_attack, "orc").ok
    session.undo()
    assert _at(session, "hero") == Square(3, 5)
    assert _offered(session) == ["orc"]
    session.undo()
    assert _at(session, "hero") == Square(1, 5)
    assert _offered(session) == []


def test_a_waiting_walk_is_saved_and_goes_on_after_reopening(tmp_path: Path) -> None:
    session = _walk_past_the_orc()
    assert session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=PAST_ORC).ok
    path = tmp_path / "waiting.orcus"
    save_encounter(path, session.encounter)
    reopened = make_session(load_encounter(path))
    assert reopened.encounter.creature("hero").square == Square(3, 5)
    assert reopened.run(interrupts.decline_opportunity_attack, "orc").ok
    assert reopened.encounter.creature("hero").square == Square(7, 5)


def test_a_walk_through_an_allys_square_completes_and_the_attack_is_staged_there() -> None:
    # The hero cannot wait on its ally's square: the walk completes as before, and the attack
    # is made with the hero back on the square it provoked from.
    session = _walk_past_the_orc(fighter("ally", 3, 5))
    walk = session.move_creature("hero", Square(7, 5), MoveMode.WALK, route=PAST_ORC)
    assert walk.ok, walk.reason
    assert _at(session, "hero") == Square(7, 5)
    assert _offered(session) == ["orc"]
    assert session.encounter.combat.pending is None


def test_a_shift_provokes_nothing_and_completes() -> None:
    session = _walk_past_the_orc()
    assert session.move_creature("hero", Square(2, 5), MoveMode.SHIFT).ok
    assert _offered(session) == []
    assert _at(session, "hero") == Square(2, 5)
