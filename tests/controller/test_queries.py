"""The four headless questions on a model `Encounter` (issue 3 "query")."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from orcus_desktop.controller.battlefield_builder import battlefield_for
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.views.queries import (
    QueryError,
    area_query,
    distance_query,
    path_query,
    sight_query,
)
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import encounter_from_dict
from orcus_desktop.rules.ruleset import ORCUS


def core(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "orcus-encounter",
        "version": 1,
        "grid": {"columns": 12, "rows": 10},
        "walls": [
            {"kind": "wall", "open": False, "points": [[4, 0], [4, 5]]},
            {"kind": "window", "open": False, "points": [[8, 0], [8, 10]]},
        ],
        "terrain": [
            {"kind": "difficult", "squares": [[1, 6], [2, 6]]},
            {"kind": "lightly-obscured", "squares": [[6, 7]]},
        ],
        "creatures": [
            {
                "id": "fighter",
                "name": "Fighter",
                "side": "heroes",
                "size": "medium",
                "square": [1, 1],
                "speed": 6,
            },
            {
                "id": "orc",
                "name": "Orc",
                "side": "monsters",
                "size": "medium",
                "square": [6, 2],
                "speed": 6,
            },
            {
                "id": "ogre",
                "name": "Ogre",
                "side": "monsters",
                "size": "large",
                "square": [2, 2],
                "speed": 6,
            },
            {"id": "archer", "name": "Archer", "side": "monsters", "square": [10, 2]},
            {"id": "scout", "name": "Scout", "side": "monsters", "square": [6, 7]},
        ],
    }
    data.update(overrides)
    return data


@pytest.fixture
def encounter() -> Encounter:
    return encounter_from_dict(core())


def test_battlefield_mirrors_the_encounter(encounter: Encounter) -> None:
    bf = battlefield_for(encounter, CombatRules(random.Random(0), ORCUS))
    assert {o.id for o in bf.occupants} == {"fighter", "orc", "ogre", "archer", "scout"}
    assert len(bf.walls) == 2
    assert bf.occupant("ogre").space.side == 2


def test_distance(encounter: Encounter) -> None:
    # 000 "Range": count squares, diagonals 1; the ogre's nearest square is (2, 2)
    assert distance_query(encounter, "fighter", "orc") == 5
    assert distance_query(encounter, "fighter", "ogre") == 1
    assert distance_query(encounter, "orc", "fighter") == 5


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        # a wall at x = 4 (rows 0..5) stands between fighter and orc
        ("fighter", "orc", (False, False, "total", "total")),
        # 000 "Line of Effect": the window at x = 8 blocks effect, not sight
        ("orc", "archer", (True, False, "total", "none")),
        # 000 "Concealment": lightly obscured square; the ogre stands in between:
        # docs/rulings.md R-13 gives half cover
        ("fighter", "scout", (True, True, "half", "concealed")),
        ("orc", "scout", (True, True, "none", "concealed")),
    ],
)
def test_sight(
    encounter: Encounter, a: str, b: str, expected: tuple[bool, bool, str, str]
) -> None:
    s = sight_query(encounter, a, b)
    assert (s.line_of_sight, s.line_of_effect, s.cover, s.concealment) == expected


def test_area_far_burst(encounter: Encounter) -> None:
    answer = area_query(encounter, "burst", 1, Square(3, 3))
    assert len(answer.squares) == 9
    assert list(answer.squares) == sorted(answer.squares)
    # the ogre has four squares in the burst: listed once
    assert answer.creatures == ("ogre",)


def test_area_respects_line_of_effect_from_the_origin(encounter: Encounter) -> None:
    # origin just left of the window: the archer beyond it is in the burst but not affected
    answer = area_query(encounter, "burst", 3, Square(7, 2))
    assert "archer" not in answer.creatures
    assert "orc" in answer.creatures


def test_path(encounter: Encounter) -> None:
    answer = path_query(encounter, "fighter", Square(1, 4))
    assert answer.path[0] == Square(1, 1)
    assert answer.path[-1] == Square(1, 4)
    assert answer.cost == 3
    assert answer.reachable
    # leaving (1, 1), adjacent to the ogre (which can see the fighter), provokes it
    assert answer.provokes == ("ogre",)


def test_path_to_an_occupied_square_is_unreachable(encounter: Encounter) -> None:
    answer = path_query(encounter, "fighter", Square(6, 2))
    assert (answer.reachable, answer.cost, answer.path) == (False, None, ())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda e: distance_query(e, "fighter", "nobody"), "nobody"),
        (lambda e: sight_query(e, "ghost", "orc"), "ghost"),
        (lambda e: path_query(e, "fighter", Square(12, 0)), "off the grid"),
        (lambda e: area_query(e, "burst", 2, Square(-1, 3)), "off the grid"),
        (lambda e: area_query(e, "cone", 2, Square(1, 3)), "shape"),
    ],
)
def test_errors_are_one_line(
    encounter: Encounter, call: Callable[[Encounter], object], message: str
) -> None:
    with pytest.raises(QueryError, match=message) as info:
        call(encounter)
    assert "\n" not in str(info.value)
