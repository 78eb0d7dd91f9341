"""A squeezing creature threatens, reaches, flanks and provokes from its smaller space (R-250).

000 "Squeeze": "A creature can squeeze through a space that is large enough for a creature one
size smaller than it ... attack rolls against the creature have combat advantage while it's in
the smaller space." R-131: while it squeezes it fills that smaller space at its square; R-229
already let others stand in the rest of its full space (`test_squeezed_neighbours.py`). The
battlefield still held it in its full space, so a hero standing where the text puts nothing of
the ogre was threatened, provoked, out-reached and flanked from squares it is not in. This
holds under every ruleset with squeezing, 003's Shrouded and Forced creatures among them.

The Ogre Bruiser is Large (2 by 2) with reach 2; squeezed at (2, 1) it fills (2, 1) alone.
"""

from __future__ import annotations

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.movement.movement import preview_move
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.flanking import flanked_by
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fight_started, fighter, orc
from tests.controller.random_gm_map import library_creature
from tests.controller.test_squeezed_neighbours import _squeeze_of

CLUB = "Greatclub"


def _squeezed_ogre(hero_at: Square, ruleset_id: str = "orcus") -> GameSession:
    """The ogre squeezing at (2, 1); the hero at `hero_at`; an orc ally of the ogre far off."""
    session = fight_started(
        GridBounds(12, 8),
        (
            library_creature("ogre.json", "ogre", Square(2, 1)),
            fighter("hero", hero_at.col, hero_at.row),
            orc("orc", 10, 6),
        ),
        {"hero": 20, "ogre": 10, "orc": 5},
        ruleset_id,
    )
    assert session.run(gm_edits.add_condition, "ogre", Condition.SQUEEZING).ok
    return session


def test_a_walk_away_from_where_only_its_full_space_would_be_provokes_nothing() -> None:
    """000 "Opportunity Attacks" (R-02: leaving a square adjacent to an enemy): the hero at
    (4, 1) is beside (3, 1), in the ogre's full space but not in its smaller one."""
    for ruleset_id in ("orcus", "square-fireballs"):
        s = _squeezed_ogre(Square(4, 1), ruleset_id)
        preview_ok = s.move_creature("hero", Square(6, 1), MoveMode.WALK)
        assert preview_ok.ok, preview_ok.reason
        assert preview_ok.opportunity_attackers == (), ruleset_id
        assert s.encounter.combat.pending is None
    # The same walk once the squeeze ends (the GM ends it: its full space fits) provokes.
    s = _squeezed_ogre(Square(4, 1))
    assert s.run(gm_edits.remove_effect, "ogre", _squeeze_of(s, "ogre")).ok
    walked = s.move_creature("hero", Square(6, 1), MoveMode.WALK)
    assert walked.opportunity_attackers == ("ogre",)


def test_its_reach_counts_from_its_smaller_space() -> None:
    """Reach 2 from (2, 1) does not reach the hero at (5, 1) (3 squares); from its full space
    (3, 1) it would (2 squares). The GM is told why, and undo is not needed."""
    s = _squeezed_ogre(Square(5, 1))
    assert s.end_turn().ok  # the hero's turn ends: the ogre's
    assert s.encounter.combat.current == "ogre"
    refused = s.use_power("ogre", CLUB, ["hero"], dice=[15, 6])
    assert not refused.ok
    assert "reach" in refused.reason
    assert s.run(gm_edits.remove_effect, "ogre", _squeeze_of(s, "ogre")).ok
    assert s.use_power("ogre", CLUB, ["hero"], dice=[15, 6]).ok


def test_it_flanks_only_from_its_smaller_space() -> None:
    """R-07 (004 "Able to Attack": adjacent): the ogre and the orc on either side of the hero
    at (4, 1) flank it only while the ogre's space is beside the hero."""
    s = _squeezed_ogre(Square(4, 1))
    assert s.move_creature("orc", Square(5, 1)).ok  # the GM stands the orc east of the hero
    assert flanked_by(s.engine.battlefield(s.encounter), "orc", "hero") == ()
    assert s.run(gm_edits.remove_effect, "ogre", _squeeze_of(s, "ogre")).ok
    assert flanked_by(s.engine.battlefield(s.encounter), "orc", "hero") == ("ogre",)


def test_a_squeezing_ogre_still_walks_at_its_full_size() -> None:
    """R-131: a move that is not a squeeze is the ogre at full size; only a squeeze is planned
    one size smaller (000 "Squeeze": "through a space that is large enough for a creature one
    size smaller"). A wall of blocking terrain down column 4 leaves a one-square gap at
    (4, 1): the ogre squeezed at (2, 1) squeezes through it, but cannot walk through."""
    s = _squeezed_ogre(Square(8, 4))
    wall = [Square(4, row) for row in range(8) if row != 1]
    assert s.run(editing.paint_terrain, TerrainKind.BLOCKING, wall).ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "ogre"
    walk = s.ask(preview_move, "ogre", Square(6, 1), MoveMode.WALK)
    assert (walk.reachable, walk.reason) == (False, "no legal path")
    squeeze = s.ask(preview_move, "ogre", Square(5, 1), MoveMode.SQUEEZE)
    assert squeeze.reachable, squeeze.reason
    assert squeeze.cost == 6  # 1 extra square for every square
