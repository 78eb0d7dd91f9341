"""A readied action taken on another creature's turn offers that creature no opportunity attack.

000 "Ready": "you may take the readied action in response to those circumstances ... you
interrupt the other character"; 000 "Opportunity Attacks": "you use your immediate action to
make one melee attack against the provoking creature"; 000 "Immediate Actions": "It must occur
on someone else's turn". The creature whose turn it is cannot make it, so the GM is offered
nothing from it (R-248). Before, the offer was made and withdrawn at once (R-225's line).
"""

from __future__ import annotations

from orcus_desktop.controller.movement import movement
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fight_started, fighter, orc


def _orc_next_to_the_ready_hero(kind: ActionKind) -> GameSession:
    """The hero readies an action; on the orc's turn the orc walks next to it; it is taken."""
    session = fight_started(
        GridBounds(10, 6), (fighter("hero", 2, 2), orc("orc", 5, 2)), {"hero": 20, "orc": 10}
    )
    assert session.run(initiative.ready_action, "hero", kind, "the orc comes close").ok
    assert session.end_turn().ok
    assert session.move_creature("orc", Square(3, 2), MoveMode.WALK).ok
    assert session.run(initiative.trigger_readied, "hero", "orc").ok
    return session


def _kinds(session: GameSession) -> list[str]:
    return [e.kind for e in session.encounter.combat.log]


def test_a_readied_walk_away_on_the_orcs_turn_offers_the_orc_nothing() -> None:
    s = _orc_next_to_the_ready_hero(ActionKind.MOVE)
    # The drag preview names nobody the walk provokes.
    preview = s.ask(movement.preview_move, "hero", Square(0, 2), MoveMode.WALK)
    assert preview.reachable
    assert preview.provoking_enemy_ids == ()
    moved = s.move_creature("hero", Square(0, 2), MoveMode.WALK)
    assert moved.ok, moved.reason
    assert moved.opportunity_attackers == ()
    assert "warning" not in moved.details  # no "... is withdrawn" line
    assert s.encounter.creature("hero").square == Square(0, 2)  # the walk is done, not held
    assert s.encounter.combat.pending is None
    assert s.encounter.combat.combatant("orc").out_of_turn is None
    assert "offer_withdrawn" not in _kinds(s)
    assert "attack_held" not in _kinds(s)
    assert s.end_turn().ok  # nothing waits


def test_the_same_walk_on_the_heros_own_turn_still_offers_the_orc_its_attack() -> None:
    """000 "Opportunity Attacks": a hostile creature that "moves out of your reach" provokes;
    the offer stays until the GM answers it."""
    s = fight_started(
        GridBounds(10, 6), (fighter("hero", 2, 2), orc("orc", 3, 2)), {"hero": 20, "orc": 10}
    )
    moved = s.move_creature("hero", Square(0, 2), MoveMode.WALK)
    assert moved.ok, moved.reason
    assert moved.opportunity_attackers == ("orc",)
    assert s.encounter.combat.combatant("orc").out_of_turn is ActionKind.OPPORTUNITY
    assert s.encounter.combat.pending is not None
    assert "offer_withdrawn" not in _kinds(s)


def test_a_readied_bolt_next_to_the_orc_on_its_turn_offers_it_nothing() -> None:
    """000 "Ranged and Far Attacks in Close Combat" provoke from adjacent enemies, but not from
    the creature whose turn it is (000 "Immediate Actions")."""
    s = _orc_next_to_the_ready_hero(ActionKind.STANDARD)
    bolt = s.use_power("hero", "Arcane Bolt", ["orc"], dice=[15, 3])
    assert bolt.ok, bolt.reason
    assert bolt.opportunity_attackers == ()
    assert "warning" not in bolt.details
    assert s.encounter.combat.pending is None
    assert "attack" in _kinds(s)
    assert "offer_withdrawn" not in _kinds(s)
