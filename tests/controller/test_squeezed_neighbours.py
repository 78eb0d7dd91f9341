"""A squeezing creature fills one size smaller, so its neighbours may stand where it does not.

000 "Squeeze": "A creature can squeeze through a space that is large enough for a creature one
size smaller than it ... attack rolls against the creature have combat advantage while it's in
the smaller space." R-131: while it squeezes it fills the space one size smaller at its square,
"among the others". R-213 (and every move's destination) checked the neighbours' full spaces,
so a squeeze could not end, nor a creature stand, beside another squeezing creature where both
fit (R-229).
"""

from __future__ import annotations

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.rules.conditions import Condition
from tests.controller.conftest import fight_started, fighter
from tests.controller.random_gm_map import library_creature
from tests.controller.test_random_gm import reopened


def _squeeze_of(session: GameSession, creature_id: str) -> int:
    state = session.encounter.creature(creature_id).state
    assert state is not None
    (effect,) = (c.effect_id for c in state.conditions if c.condition is Condition.SQUEEZING)
    return effect


def _two_ogres() -> GameSession:
    """The brute (Large) squeezing at (2, 1), in one square; the ogre (Large) far off."""
    session = fight_started(
        GridBounds(10, 8),
        (
            library_creature("ogre.json", "ogre", Square(6, 5)),
            library_creature("ogre.json", "brute", Square(2, 1)),
            fighter("hero", 8, 7),
        ),
        {"ogre": 20, "brute": 10, "hero": 5},
    )
    assert session.run(gm_edits.add_condition, "brute", Condition.SQUEEZING).ok
    return session


def test_the_gm_stands_an_ogre_where_only_a_squeezing_ogres_full_space_would_be() -> None:
    """The ogre's space at (3, 2) is (3..4, 2..3); the squeezing brute fills (2, 1) alone: no
    overlap, though the brute's full space would cover (3, 2). It was refused "occupied by"."""
    session = _two_ogres()
    moved = session.move_creature("ogre", Square(3, 2))
    assert moved.ok, moved.reason
    assert reopened(session.encounter) == session.encounter


def test_a_squeeze_ends_beside_a_squeezing_ogre_where_the_full_space_fits() -> None:
    """R-213 refuses ending a squeeze where the full space would overlap another creature: the
    creature as it stands, squeezed. The brute's squeeze ending there is still refused, as its
    full space would then cover the ogre's square."""
    session = _two_ogres()
    assert session.run(gm_edits.add_condition, "ogre", Condition.SQUEEZING).ok
    assert session.move_creature("ogre", Square(3, 2)).ok
    ended = session.run(gm_edits.remove_effect, "ogre", _squeeze_of(session, "ogre"))
    assert ended.ok, ended.reason
    assert reopened(session.encounter) == session.encounter
    refused = session.run(gm_edits.remove_effect, "brute", _squeeze_of(session, "brute"))
    assert not refused.ok
    assert "its full space would be occupied by Ogre Bruiser" in refused.reason
