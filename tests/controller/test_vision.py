"""The players' fog of war without Qt: what the heroes see and whom (000 "Line of Sight")."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from orcus_desktop.controller.battlefield_builder import battlefield_for
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.views.vision import PlayerVision, player_side, player_vision
from orcus_desktop.geometry.features import Point, TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.sight import space_sees_space
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.frozen import freeze
from orcus_desktop.model.ids import WallId
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from tests.controller.conftest import creature, make_session, pc_block

# A 4x4 room, x 2..6, y 2..6; its east side (x = 6, y 3..5) is whatever the test puts there.
ROOM = (
    Wall(WallKind.WALL, ((6.0, 3.0), (6.0, 2.0), (2.0, 2.0), (2.0, 6.0), (6.0, 6.0), (6.0, 5.0))),
)


def room(east: WallKind | None, *, is_open: bool = False, **kw: object) -> Encounter:
    walls = ROOM if east is None else (*ROOM, Wall(east, ((6.0, 3.0), (6.0, 5.0)), is_open))
    creatures: Sequence[Creature] = kw.pop("creatures", None) or (  # type: ignore[assignment]
        creature("hero", "heroes", 3, 3),
        creature("orc", "monsters", 9, 3),
    )
    return Encounter(
        grid=GridBounds(12, 9),
        walls=tuple(WallEntry(WallId(f"w{i}"), w) for i, w in enumerate(walls)),
        creatures=tuple(creatures),
        **kw,  # type: ignore[arg-type]
    )


def vision_of(encounter: Encounter) -> PlayerVision:
    return player_vision(encounter, make_session(encounter).rules)


def inside(rings: Sequence[Sequence[Point]], x: float, y: float) -> bool:
    """Odd-even point-in-region test over every ring, as the fog paints them."""
    crossings = 0
    for ring in rings:
        for (ax, ay), (bx, by) in zip(ring, (*ring[1:], ring[0]), strict=True):
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                crossings += 1
    return crossings % 2 == 1


def test_a_hero_in_a_closed_room_sees_nothing_outside() -> None:
    vision = vision_of(room(WallKind.DOOR))
    assert vision.side == "heroes"
    assert vision.viewers == {"hero"}
    assert vision.seen == {"hero"}
    assert inside(vision.rings, 3.5, 3.5)
    assert inside(vision.rings, 5.9, 5.9)  # the whole room
    for x, y in ((9.5, 3.5), (6.5, 4.0), (1.0, 1.0), (11.9, 8.9)):
        assert not inside(vision.rings, x, y), (x, y)
    xs = [x for ring in vision.rings for x, _ in ring]
    ys = [y for ring in vision.rings for _, y in ring]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((2, 2, 6, 6))


@pytest.mark.parametrize(
    ("east", "is_open"),
    [(WallKind.WINDOW, False), (WallKind.DOOR, True), (None, False)],
    ids=["window", "open door", "gap"],
)
def test_through_a_window_or_an_open_door_it_does(east: WallKind | None, is_open: bool) -> None:
    vision = vision_of(room(east, is_open=is_open))
    assert vision.seen == {"hero", "orc"}
    assert inside(vision.rings, 9.5, 3.5)  # the orc's square, straight through the opening
    assert not inside(vision.rings, 9.5, 0.5)  # round the outside of the north wall


def test_a_blocking_square_hides_what_is_behind_it() -> None:
    blocking = (TerrainPatch(TerrainKind.BLOCKING, frozenset({Square(5, 3)})),)
    vision = vision_of(room(None, terrain=blocking))
    assert not inside(vision.rings, 5.5, 3.5)
    assert not inside(vision.rings, 9.5, 3.5)
    assert inside(vision.rings, 8.5, 5.8)  # past the pillar, through the gap under it


def test_a_blinded_hero_sees_nothing() -> None:
    hero = creature("hero", "heroes", 3, 3, statblock=freeze(pc_block()))
    encounter = room(WallKind.WINDOW, creatures=(hero, creature("orc", "monsters", 9, 3)))
    session = make_session(encounter)
    assert vision_of(encounter).seen == {"hero", "orc"}
    assert session.run(
        gm_edits.add_condition, "hero", Condition.BLINDED, DurationKind.SAVE_ENDS
    ).ok
    vision = player_vision(session.encounter, session.rules)
    assert vision.viewers == frozenset()
    # The players still see their own hero, and nothing else: its square is all the region.
    assert vision.seen == {"hero"}
    assert inside(vision.rings, 3.5, 3.5)
    assert not inside(vision.rings, 4.5, 3.5)
    assert not inside(vision.rings, 9.5, 3.5)


def test_one_heros_eyes_are_enough_and_a_hidden_hero_lends_none() -> None:
    scout = creature("scout", "heroes", 9, 5)
    encounter = room(WallKind.WALL, creatures=(*room(None).creatures, scout))
    vision = vision_of(encounter)
    assert vision.seen == {"hero", "scout", "orc"}
    assert inside(vision.rings, 3.5, 3.5)
    assert inside(vision.rings, 9.5, 3.5)
    hidden = encounter.with_creature(replace(scout, hidden=True))
    vision = vision_of(hidden)
    assert vision.viewers == {"hero"}
    assert "orc" not in vision.seen
    assert not inside(vision.rings, 9.5, 5.5)  # no hole in the fog gives the scout away


def test_the_players_side_is_the_side_of_the_pcs_else_heroes() -> None:
    party = creature("hero", "party", 3, 3, statblock=freeze(pc_block()))
    encounter = room(WallKind.WINDOW, creatures=(party, creature("orc", "monsters", 9, 3)))
    rules = make_session(encounter).rules
    assert player_side(encounter, rules) == "party"
    assert player_vision(encounter, rules).seen == {"hero", "orc"}
    assert player_side(room(None), rules) == "heroes"
    # The side can be named: the monsters' view of the same room.
    monsters = player_vision(encounter, rules, side="monsters")
    assert monsters.viewers == {"orc"}
    assert monsters.seen == {"orc", "hero"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_creature_is_seen_when_any_hero_sees_it_from_near_or_far(seed: int) -> None:
    # 000 "Line of Sight": one viewer's sight is enough. The nearest heroes are asked first and
    # the far ones only about what the near ones miss: the creatures seen must be those some
    # hero, near or far, has line of sight to, asked pair by pair.
    rng = random.Random(seed)
    walls = []
    for i in range(60):
        x, y = rng.randrange(30), rng.randrange(30)
        end = (float(min(30, x + 4)), float(y)) if i % 2 else (float(x), float(min(30, y + 4)))
        walls.append(WallEntry(WallId(f"w{i}"), Wall(WallKind.WALL, ((float(x), float(y)), end))))
    squares = rng.sample([(c, r) for c in range(30) for r in range(30)], 40)
    creatures = [
        creature(f"c{n}", "heroes" if n < 15 else "monsters", c, r)
        for n, (c, r) in enumerate(squares)
    ]
    encounter = Encounter(grid=GridBounds(30, 30), walls=tuple(walls), creatures=tuple(creatures))
    session = make_session(encounter)
    field = battlefield_for(encounter, session.rules)
    heroes = [c for c in creatures if c.side == "heroes"]
    expected = {c.id for c in heroes} | {
        o.id
        for o in creatures
        if o.side == "monsters" and any(space_sees_space(field, h.space, o.space) for h in heroes)
    }
    seen = player_vision(encounter, session.rules).seen
    assert seen == expected
    assert len(heroes) < len(seen) < len(creatures)  # some monsters seen, some not
