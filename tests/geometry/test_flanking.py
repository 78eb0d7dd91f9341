"""Flanking (docs/rulings.md R-07, 004 "Opposite Sides", "Able to Attack", "Big Opponents")."""

from __future__ import annotations

import pytest

from orcus_desktop.geometry.flanking import flanked_by, flanks
from orcus_desktop.geometry.grid import Size
from tests.geometry.builders import field, occ, wall

FLANK_TABLE = [
    # (attacker, ally, enemy size, flanks, why); enemy at (5, 5)
    ((4, 5), (6, 5), Size.MEDIUM, True, "opposite sides"),
    ((4, 4), (6, 6), Size.MEDIUM, True, "opposite corners"),
    ((5, 4), (5, 6), Size.MEDIUM, True, "top and bottom"),
    ((4, 5), (6, 6), Size.MEDIUM, False, "a side and a corner: not opposite"),
    ((4, 5), (5, 6), Size.MEDIUM, False, "adjacent sides"),
    ((3, 5), (6, 5), Size.MEDIUM, False, "must be adjacent to the enemy"),
    ((4, 5), (7, 6), Size.LARGE, True, '004 "Big Opponents": all the area it takes up counts'),
    ((4, 4), (7, 7), Size.LARGE, True, "opposite corners of a large space"),
    ((4, 5), (6, 7), Size.LARGE, False, "left side and bottom side of a large space"),
]


@pytest.mark.parametrize(("a", "b", "size", "expected", "why"), FLANK_TABLE)
def test_flank_table(
    a: tuple[int, int], b: tuple[int, int], size: Size, expected: bool, why: str
) -> None:
    bf = field(occupants=(occ("a", *a), occ("b", *b), occ("e", 5, 5, side="monsters", size=size)))
    assert flanks(bf, "a", "b", "e") is expected, why
    assert flanks(bf, "b", "a", "e") is expected, why


def test_no_flank_without_line_of_effect() -> None:
    # 004 "Able to Attack": "If there's no line of effect between your enemy and either you or
    # your ally, you don't flank."
    bf = field(
        walls=(wall((5, 0), (5, 12)),),
        occupants=(occ("a", 4, 5), occ("b", 6, 5), occ("e", 5, 5, side="monsters")),
    )
    assert not flanks(bf, "a", "b", "e")


def test_no_flank_when_unable_to_take_opportunity_actions() -> None:
    bf = field(
        occupants=(
            occ("a", 4, 5),
            occ("b", 6, 5, can_take_opportunity_actions=False),
            occ("e", 5, 5, side="monsters"),
        )
    )
    assert not flanks(bf, "a", "b", "e")
    assert flanked_by(bf, "a", "e") == ()


def test_flanked_by_lists_allies() -> None:
    bf = field(occupants=(occ("a", 4, 5), occ("b", 6, 5), occ("c", 6, 6), occ("e", 5, 5, "m")))
    assert flanked_by(bf, "a", "e") == ("b",)
