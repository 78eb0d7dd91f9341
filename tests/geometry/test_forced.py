"""Forced movement destinations (000 "Unwilling Movement")."""

from __future__ import annotations

import itertools

from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.forced import forced_destinations
from orcus_desktop.geometry.grid import Size, Space, Square, space_distance
from orcus_desktop.vocabulary import ForcedMovementKind
from tests.geometry.builders import field, occ, patch, wall

ATTACKER = occ("a", 5, 5)
TARGET = occ("t", 6, 5, side="monsters")


def test_push_moves_each_square_away() -> None:
    # 000: push: "each move must be away from the attacker"
    bf = field(occupants=(ATTACKER, TARGET))
    dest = forced_destinations(bf, "t", ForcedMovementKind.PUSH, 2, source_id="a")
    for square, path in dest.items():
        d = [space_distance(Space(s, Size.MEDIUM), ATTACKER.space) for s in (Square(6, 5), *path)]
        assert all(b > a for a, b in itertools.pairwise(d)), (square, path)
    assert Square(8, 5) in dest
    assert Square(8, 7) in dest
    assert Square(6, 6) not in dest  # not farther


def test_pull_moves_each_square_nearer() -> None:
    bf = field(occupants=(ATTACKER, occ("t", 8, 5, side="monsters")))
    dest = forced_destinations(bf, "t", ForcedMovementKind.PULL, 3, source_id="a")
    assert Square(6, 5) in dest
    assert Square(5, 5) not in dest  # the attacker's own square is occupied


def test_slide_goes_anywhere_but_stops_at_walls_and_creatures() -> None:
    bf = field(
        walls=(wall((7, 0), (7, 12)),),
        terrain=(patch(TerrainKind.BLOCKING, (6, 6)),),
        occupants=(ATTACKER, TARGET),
    )
    dest = forced_destinations(bf, "t", ForcedMovementKind.SLIP, 1)
    assert Square(7, 5) not in dest  # through the wall
    assert Square(6, 6) not in dest  # the pillar
    assert Square(5, 5) not in dest  # the attacker
    assert Square(6, 4) in dest
    assert Square(5, 4) in dest


def test_far_push_is_from_the_origin_square() -> None:
    bf = field(occupants=(ATTACKER, TARGET))
    dest = forced_destinations(
        bf, "t", ForcedMovementKind.PUSH, 1, source=Space(Square(6, 3), Size.MEDIUM)
    )
    assert Square(6, 6) in dest
    assert Square(6, 4) not in dest
