"""An opportunity attack needs an enemy that can see the mover (000 "Opportunity Attacks").

000 "Opportunity Attacks": "You can make an opportunity attack when a hostile creature that you
can see moves out of your reach". 000 "Blinded": "You can't see". 000 "Vision and Light":
darkness is heavily obscured, "full concealment, except for creatures adjacent to it (where
it has partial concealment)"; dim light is lightly obscured. 000 "Concealment": "any target in
a totally obscured square has total concealment". The hero walks away from the orc next to it;
the drag preview's warning and the move agree on who strikes (docs/rulings.md R-02, R-113).
"""

from __future__ import annotations

from typing import Any

from orcus_desktop.controller.editing import editing, lighting_edits
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc

AWAY = Square(0, 2)  # two squares west: only the first square it leaves is next to the orc


def _fight(*others: Creature, **orc_changes: Any) -> GameSession:
    """The hero's turn, the orc next to it (east), and `others` acting after them."""
    s = make_session(
        Encounter(
            GridBounds(12, 10),
            creatures=(fighter("hero", 2, 2), orc("orc", 3, 2, **orc_changes), *others),
        )
    )
    assert s.run(
        initiative.roll_initiative, totals={"hero": 20, "orc": 5} | {c.id: 1 for c in others}
    ).ok
    assert s.run(initiative.start_combat).ok
    return s


def _walk_away(s: GameSession) -> tuple[str, ...]:
    """Who the hero's walk provokes: the drag preview's warning, checked against the move."""
    preview = s.preview_move("hero", AWAY, MoveMode.WALK)
    walk = s.move_creature("hero", AWAY, MoveMode.WALK)
    assert walk.ok, walk.reason
    assert preview.provoking_enemy_ids == walk.opportunity_attackers
    return walk.opportunity_attackers


def test_a_seeing_orc_gets_its_opportunity_attack() -> None:
    """The control for the cases below: in bright light the orc strikes as the hero leaves."""
    assert _walk_away(_fight()) == ("orc",)


def test_a_blinded_orc_gets_no_opportunity_attack_when_the_hero_walks_away() -> None:
    s = _fight()
    assert s.run(gm_edits.add_condition, "orc", Condition.BLINDED).ok
    assert _walk_away(s) == ()
    assert s.encounter.combat.pending is None  # the walk did not wait for it
    assert s.encounter.creature("hero").square == AWAY


def test_in_darkness_the_orc_next_to_the_hero_still_sees_it_darkvision_or_not() -> None:
    """Darkness gives a creature adjacent to you only partial concealment, so the orc next to
    the hero sees it leave: it strikes, with darkvision or without (it would take the -2 of
    concealment without, as any attack does)."""
    for changes in ({}, {"senses": {"darkvision": 6}}):
        s = _fight(**changes)
        assert s.run(lighting_edits.set_ambient_light, Illumination.DARK).ok
        assert _walk_away(s) == ("orc",), changes


def test_in_dim_light_the_orc_still_strikes() -> None:
    s = _fight()
    assert s.run(lighting_edits.set_ambient_light, Illumination.DIM).ok
    assert _walk_away(s) == ("orc",)


def test_leaving_a_totally_obscured_square_provokes_no_one() -> None:
    """The hero stands in a totally obscured square (000 "Concealment"): the orc beside it
    cannot see it go; leaving a plain square next to the orc afterwards would provoke."""
    s = _fight()
    assert s.run(editing.paint_terrain, TerrainKind.TOTALLY_OBSCURED, [Square(2, 2)]).ok
    assert _walk_away(s) == ()

    s = _fight()
    assert s.run(editing.paint_terrain, TerrainKind.TOTALLY_OBSCURED, [Square(2, 2)]).ok
    # by way of (3, 3), a plain square next to the orc, the walk provokes there
    assert s.preview_move("hero", Square(4, 4), MoveMode.WALK).path[1] == Square(3, 3)
    assert _walk_away_to(s, Square(4, 4)) == ("orc",)


def _walk_away_to(s: GameSession, to: Square) -> tuple[str, ...]:
    walk = s.move_creature("hero", to, MoveMode.WALK)
    assert walk.ok, walk.reason
    return walk.opportunity_attackers


def test_a_bolt_next_to_a_blinded_orc_provokes_nothing() -> None:
    """000 "Ranged and Far Attacks in Close Combat": a ranged attack next to an enemy provokes
    it; "otherwise provokes an opportunity attack" still needs an enemy that can see you."""
    s = _fight(orc("far", 9, 2))
    assert s.run(gm_edits.add_condition, "orc", Condition.BLINDED).ok
    bolt = s.use_power("hero", "Arcane Bolt", ["far"], dice=[15, 3])
    assert bolt.ok, bolt.reason
    assert bolt.opportunity_attackers == ()
    assert s.encounter.combat.pending is None  # resolved at once, nothing held
