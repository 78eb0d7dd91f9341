"""Movement costs, paths, the reachable set and opportunity attacks (000 "Movement and
Position", "Difficult Terrain", "Being Prone", "Moving Around Other Creatures", "Opportunity
Attacks", "Slowed"; docs/rulings.md R-20, R-08, R-17, R-02)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orcus_desktop.geometry.battlefield import Battlefield, Obscurement, Occupant
from orcus_desktop.geometry.corner_shares import space_reaches_box
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import Size, Space, Square, spaces_adjacent
from orcus_desktop.geometry.light import Senses
from orcus_desktop.geometry.movement import (
    STEPS,
    _unit_step_masks,
    reachable_squares,
    step_allowed,
    walled_spaces,
)
from orcus_desktop.geometry.paths import cheapest_path
from orcus_desktop.geometry.provoking import provoked_by
from orcus_desktop.vocabulary import MoveMode
from tests.geometry.builders import field, occ, patch, wall

COST_TABLE = [
    # (walls, terrain, others, destination, cost or None, why)
    (
        (),
        (),
        (),
        (3, 3),
        3,
        '000: "Moving from one square to another that is diagonal to it counts for 1 square"',
    ),
    (
        (),
        (patch(TerrainKind.DIFFICULT, (1, 0)),),
        (),
        (1, 0),
        2,
        '000 "Difficult Terrain": "costs 1 extra square"',
    ),
    (
        (),
        (patch(TerrainKind.DIFFICULT, (1, 0)),),
        (),
        (2, 0),
        2,
        "round a difficult square (1 + 1) is cheaper than through it (2 + 1)",
    ),
    (
        (wall((1, -5), (1, 5)),),
        (),
        (),
        (2, 0),
        11,
        "round the end of a wall at x = 1 (y -5..5): down to row 5, across, up; the diagonal "
        "through its end point is illegal (docs/rulings.md R-20)",
    ),
    (
        (),
        (patch(TerrainKind.BLOCKING, (1, 0)),),
        (),
        (0, 1),
        1,
        "a straight step beside a pillar is fine",
    ),
    (
        (),
        (patch(TerrainKind.BLOCKING, (1, 0)),),
        (),
        (1, 1),
        2,
        "docs/rulings.md R-20: no diagonal past a pillar's corner, (0, 1) then (1, 1)",
    ),
    (
        (),
        (patch(TerrainKind.BLOCKING, (0, 1)),),
        (),
        (1, 1),
        2,
        "docs/rulings.md R-20: no diagonal past a pillar's corner",
    ),
    (
        (wall((0.5, 1), (1, 1)),),
        (),
        (),
        (1, 1),
        2,
        "no diagonal through a wall end (the wall ends at the corner point)",
    ),
    (
        (wall((1, -5), (1, 5), kind=WallKind.DOOR, is_open=True),),
        (),
        (),
        (2, 0),
        2,
        "an open door is no wall",
    ),
    (
        (wall((1, -5), (1, 5), kind=WallKind.WINDOW),),
        (),
        (),
        (2, 0),
        11,
        "a window blocks movement like a wall",
    ),
    (
        (),
        (),
        (occ("ally", 1, 0),),
        (2, 0),
        2,
        '000: "You can move through an allied creature\'s space"',
    ),
    ((), (), (occ("ally", 1, 0),), (1, 0), None, "never ending in an occupied space"),
    (
        (),
        (),
        (occ("foe", 1, 0, side="monsters"), occ("foe2", 1, 1, side="monsters")),
        (2, 0),
        4,
        "not through enemies: round them by row 2",
    ),
    (
        (),
        (),
        (
            occ("cat", 1, 0, side="monsters", size=Size.TINY),
            occ("cat2", 1, 1, side="monsters", size=Size.TINY),
        ),
        (2, 0),
        2,
        "000: \"through a hostile creature's space only if ... at least two sizes larger or "
        'smaller"',
    ),
]


@pytest.mark.parametrize(("walls", "terrain", "others", "dest", "cost", "why"), COST_TABLE)
def test_cost_table(
    walls: tuple[Wall, ...],
    terrain: tuple[TerrainPatch, ...],
    others: tuple[Occupant, ...],
    dest: tuple[int, int],
    cost: int | None,
    why: str,
) -> None:
    bf = field(12, 12, walls, terrain, (occ("m", 0, 0, speed=12), *others))
    result = cheapest_path(bf, "m", Square(*dest))
    assert result.cost == cost, why
    if cost is not None:
        assert result.path[0] == Square(0, 0)
        assert result.path[-1] == Square(*dest)
        assert len(result.path) - 1 <= cost
        # the path itself is made of legal steps
        for a, b in zip(result.path, result.path[1:], strict=False):
            assert step_allowed(bf, "m", a, b), (a, b)
        assert reachable_squares(bf, "m").get(Square(*dest)) == cost, why


def test_crawling_costs_two_per_square() -> None:
    # docs/rulings.md R-08: one penalty stated twice; each square costs 2 of the speed.
    bf = field(occupants=(occ("m", 0, 0, speed=6),))
    reach = reachable_squares(bf, "m", mode=MoveMode.CRAWL)
    assert max(max(abs(s.col), abs(s.row)) for s in reach) == 3
    assert cheapest_path(bf, "m", Square(2, 0), mode=MoveMode.CRAWL).cost == 4


def test_slowed_speed_is_two() -> None:
    # 000 "Slowed": "Your speed ... is reduced to 2 and can't be increased."
    bf = field(occupants=(occ("m", 0, 0, speed=6),))
    reach = reachable_squares(bf, "m", slowed=True)
    assert max(max(s.col, s.row) for s in reach) == 2
    assert not cheapest_path(bf, "m", Square(3, 0), slowed=True).reachable


def test_reachable_set_on_an_open_map_is_a_square_of_side_2_speed_plus_1() -> None:
    bf = field(40, 40, occupants=(occ("m", 20, 20, speed=5),))
    assert len(reachable_squares(bf, "m")) == 11 * 11


def test_large_creature_needs_room_and_pays_once_for_difficult_squares() -> None:
    terrain = (patch(TerrainKind.DIFFICULT, (2, 0), (2, 1)),)
    bf = field(10, 10, (), terrain, (occ("ogre", 0, 0, size=Size.LARGE),))
    # stepping right enters (2, 0) and (2, 1): one extra square, not two
    assert cheapest_path(bf, "ogre", Square(1, 0)).cost == 2
    # a gap one square wide stops it
    narrow = field(
        10,
        10,
        (),
        (patch(TerrainKind.BLOCKING, (3, 0), (3, 2)),),
        (occ("ogre", 0, 0, size=Size.LARGE),),
    )
    assert Square(3, 0) not in reachable_squares(narrow, "ogre", speed=10)


def test_a_wall_through_a_large_creatures_space_blocks_it_there() -> None:
    # Issue 11: "a wall or blocking square inside the creature's space blocks placement and
    # movement". A wall along row line 5 from column 0 to 4: an ogre (2x2) cannot stand with
    # rows 4 and 5 both in its space where the wall runs, nor pass there; round the end it can.
    bf = field(10, 10, (wall((0, 5), (4, 5)),), (), (occ("ogre", 0, 2, size=Size.LARGE),))
    reach = reachable_squares(bf, "ogre", speed=20)
    assert Square(0, 4) not in reach  # squares (0..1, 4..5): the wall between them
    assert Square(3, 4) not in reach  # (3..4, 4..5): the wall ends at x=4, past column 3
    assert Square(4, 4) in reach  # (4..5, 4..5): the wall only meets its corner
    assert Square(0, 3) in reach  # rows 3..4: the wall lies along its edge
    # Below the wall: round its end, (0,2) -> (4,3) 4, -> (4,4) -> (4,5) 2, -> (0,6) 4.
    below = cheapest_path(bf, "ogre", Square(0, 6))
    assert below.cost == 10
    assert Square(4, 4) in below.path
    assert not any(walled_spaces(bf, 2)[sq.row, sq.col] for sq in below.path)
    # a medium creature on the same map is not hemmed in by walls between squares it is not in
    medium = field(10, 10, (wall((0, 5), (4, 5)),), (), (occ("m", 0, 3),))
    assert cheapest_path(medium, "m", Square(0, 4)).cost == 1
    assert walled_spaces(bf, 1).sum() == 0
    assert walled_spaces(bf, 2)[4, 0]
    assert not walled_spaces(bf, 2)[3, 0]


def test_tiny_creature_may_end_in_a_larger_creatures_space() -> None:
    # docs/rulings.md R-17
    bf = field(occupants=(occ("rat", 0, 0, size=Size.TINY), occ("ally", 1, 0)))
    assert cheapest_path(bf, "rat", Square(1, 0)).reachable


PROVOKE_TABLE = [
    # (enemy square, path, mode, provoked, why)
    (
        (1, 1),
        [(0, 0), (0, 1), (0, 2)],
        MoveMode.WALK,
        ("e",),
        "docs/rulings.md R-02: leaving an adjacent square provokes, even staying adjacent",
    ),
    ((3, 3), [(0, 0), (1, 0), (2, 0)], MoveMode.WALK, (), "never adjacent"),
    (
        (1, 1),
        [(0, 0), (0, 1)],
        MoveMode.SHIFT,
        (),
        '000: "You can avoid provoking an opportunity attack by shifting"',
    ),
    (
        (1, 1),
        [(0, 0), (5, 5)],
        MoveMode.GM,
        (),
        '000: "You also don\'t provoke ... when you teleport"',
    ),
    (
        (1, 1),
        [(0, 0), (0, 1), (0, 2)],
        MoveMode.CRAWL,
        ("e",),
        '000 "Being Prone": "you provoke opportunity attacks while crawling"',
    ),
    (
        (3, 0),
        [(0, 0), (1, 0), (2, 0), (2, 1), (1, 2)],
        MoveMode.WALK,
        ("e",),
        "provokes once however often it leaves adjacent squares",
    ),
]


@pytest.mark.parametrize(("enemy", "path", "mode", "provoked", "why"), PROVOKE_TABLE)
def test_provoke_table(
    enemy: tuple[int, int],
    path: list[tuple[int, int]],
    mode: MoveMode,
    provoked: tuple[str, ...],
    why: str,
) -> None:
    bf = field(occupants=(occ("m", 0, 0), occ("e", *enemy, side="monsters")))
    assert provoked_by(bf, "m", [Square(*p) for p in path], mode) == provoked, why


def test_enemy_that_cannot_see_is_not_provoked() -> None:
    # 000 "Opportunity Attacks": "a hostile creature that you can see"; a wall between them.
    bf = field(
        walls=(wall((0, 1), (5, 1)),), occupants=(occ("m", 0, 0), occ("e", 1, 1, side="monsters"))
    )
    assert provoked_by(bf, "m", [Square(0, 0), Square(1, 0)]) == ()


def test_allies_do_not_provoke() -> None:
    bf = field(occupants=(occ("m", 0, 0), occ("friend", 1, 1)))
    assert provoked_by(bf, "m", [Square(0, 0), Square(0, 1)]) == ()


def test_path_reports_what_it_provokes() -> None:
    bf = field(occupants=(occ("m", 0, 0), occ("e", 1, 1, side="monsters")))
    result = cheapest_path(bf, "m", Square(0, 4))
    assert result.provokes == ("e",)
    assert result.cost == 4


def _provoked_by_reference(
    bf: Battlefield, mover_id: str, path: list[Square], mode: MoveMode = MoveMode.WALK
) -> tuple[str, ...]:
    """The straightforward rule: every square left, every enemy, uncached sight and effect."""
    if mode in (MoveMode.SHIFT, MoveMode.GM):  # 000: shifting and teleporting
        return ()
    mover = bf.occupant(mover_id)
    provoked: list[str] = []
    for here in path[:-1]:
        space = Space(here, mover.size)
        for enemy in bf.occupants:
            if enemy.id == mover.id or not mover.is_enemy_of(enemy):
                continue
            if not enemy.can_take_opportunity_actions or enemy.id in provoked:
                continue
            if not spaces_adjacent(space, enemy.space):
                continue
            # docs/rulings.md R-113: a blinded enemy does not see; a mover wholly in totally
            # obscured squares has total concealment (000 "Concealment").
            if enemy.senses.blind or all(
                bf.obscurement_at(sq) is Obscurement.TOTAL for sq in space.squares()
            ):
                continue
            if space_reaches_box(bf.sight_index, enemy.space, space.bounds()) and (
                space_reaches_box(bf.effect_index, enemy.space, space.bounds())
            ):
                provoked.append(enemy.id)
    return tuple(provoked)


_SIZES = st.sampled_from([Size.TINY, Size.MEDIUM, Size.LARGE, Size.HUGE])
_WALL_KINDS = st.sampled_from([WallKind.WALL, WallKind.WINDOW, WallKind.DOOR])


@st.composite
def _provoke_cases(draw: st.DrawFn) -> tuple[Battlefield, list[Square], MoveMode]:
    walls = [
        wall(
            (float(draw(st.integers(0, 9))), float(draw(st.integers(0, 9)))),
            (float(draw(st.integers(0, 9))), float(draw(st.integers(0, 9)))),
            kind=draw(_WALL_KINDS),
        )
        for _ in range(draw(st.integers(0, 6)))
    ]
    others = [
        occ(
            f"o{k}",
            draw(st.integers(0, 8)),
            draw(st.integers(0, 8)),
            side=draw(st.sampled_from(["heroes", "monsters"])),
            size=draw(_SIZES),
            can_take_opportunity_actions=draw(st.booleans()),
            senses=Senses(blind=draw(st.booleans())),
        )
        for k in range(draw(st.integers(0, 6)))
    ]
    fog = [
        patch(TerrainKind.TOTALLY_OBSCURED, (draw(st.integers(0, 9)), draw(st.integers(0, 9))))
        for _ in range(draw(st.integers(0, 4)))
    ]
    mover = occ("m", draw(st.integers(0, 8)), draw(st.integers(0, 8)), size=draw(_SIZES))
    path = [mover.square]
    for _ in range(draw(st.integers(0, 8))):
        dc, dr = draw(st.sampled_from(STEPS))
        path.append(Square(path[-1].col + dc, path[-1].row + dr))
    mode = draw(st.sampled_from(list(MoveMode)))
    return field(walls=walls, terrain=fog, occupants=(mover, *others)), path, mode


@settings(max_examples=150, deadline=None)
@given(_provoke_cases())
def test_provoked_by_matches_the_straightforward_rule(
    case: tuple[Battlefield, list[Square], MoveMode],
) -> None:
    bf, path, mode = case
    expected = _provoked_by_reference(bf, "m", path, mode)
    assert provoked_by(bf, "m", path, mode) == expected
    assert provoked_by(bf, "m", path, mode) == expected  # again, from the cache


def _unit_step_masks_reference(bf: Battlefield) -> npt.NDArray[np.bool_]:
    """Every square and direction tested on its own (the reverse steps too)."""
    rows, cols = bf.bounds.rows, bf.bounds.columns
    free = ~bf.blocking
    masks = np.zeros((8, rows, cols), dtype=bool)
    for k, (dc, dr) in enumerate(STEPS):
        for r in range(rows):
            for c in range(cols):
                if not (0 <= c + dc < cols and 0 <= r + dr < rows):
                    continue
                if not (free[r, c] and free[r + dr, c + dc]):
                    continue
                if dc and dr and not (free[r, c + dc] and free[r + dr, c]):
                    continue
                start = np.asarray([[c + 0.5, r + 0.5]])
                end = start + np.asarray([[dc, dr]])
                masks[k, r, c] = not bf.wall_only_effect_index.segments_intersecting(start, end)[0]
    return masks


@settings(max_examples=40, deadline=None)
@given(_provoke_cases())
def test_step_masks_match_the_square_by_square_rule(
    case: tuple[Battlefield, list[Square], MoveMode],
) -> None:
    bf, _, _ = case
    blocking = [sq for o in bf.occupants for sq in o.space.squares() if bf.bounds.contains(sq)]
    bf = field(walls=bf.walls, terrain=(patch(TerrainKind.BLOCKING, *blocking[:3]),))
    assert np.array_equal(_unit_step_masks(bf), _unit_step_masks_reference(bf))
