"""001's movement around other creatures, from the GM's side (001-07..09, H6).

001 l.126-130 "Moving around Other Creatures".
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fight_started, fighter, make_session, orc


def _corridor(ruleset_id: str = "strike", orc_size: Size = Size.MEDIUM) -> GameSession:
    """A one-square corridor (rows 0 and 2 blocked): the hero at 1, the orc at 3."""
    from orcus_desktop.geometry.features import TerrainKind, TerrainPatch

    walls = frozenset(Square(c, r) for c in range(10) for r in (0, 2))
    return make_session(
        Encounter(
            GridBounds(10, 3),
            creatures=(fighter("hero", 1, 1), replace(orc("orc", 3, 1), size=orc_size)),
            terrain=(TerrainPatch(TerrainKind.BLOCKING, walls),),
            ruleset_id=ruleset_id,
        )
    )


def _walk(s: GameSession, to: Square) -> tuple[bool, int, str]:
    preview = s.preview_move("hero", to, MoveMode.WALK)
    return preview.reachable, preview.cost, preview.reason


def test_001_07_08_an_incapacitated_enemys_space_is_passable_and_difficult() -> None:
    for ruleset_id in ("orcus", "strike"):
        s = _corridor(ruleset_id)
        assert s.run(gm_edits.add_condition, "orc", Condition.UNCONSCIOUS).ok
        reachable, cost, _ = _walk(s, Square(5, 1))
        if ruleset_id == "orcus":
            assert not reachable  # 000: an enemy's space, same size
        else:
            # l.126 "a creature that has the Incapacitated condition"; l.128 "Another
            # creature's space is Difficult Terrain for you": 4 squares + 1.
            assert reachable
            assert cost == 5


def test_001_07_08_tiny_creatures_and_allies_are_passed_at_no_cost() -> None:
    small = _corridor("strike", Size.TINY)
    # 001 l.126 "a Tiny creature"; l.128 "unless that creature is Tiny or your ally".
    assert _walk(small, Square(5, 1))[:2] == (True, 4)
    ally = make_session(
        Encounter(
            GridBounds(10, 3),
            creatures=(fighter("hero", 1, 1), fighter("friend", 3, 1)),
            ruleset_id="strike",
        )
    )
    assert _walk(ally, Square(5, 1))[:2] == (True, 4)


def test_001_09_only_tiny_creatures_share_a_space_and_they_never_fall_prone() -> None:
    # 001 l.130 "If you somehow end a turn in a space with another creature, you have the
    # Prone condition ... unless you are Tiny or are of a larger size than the other
    # creature": the map lets only tiny creatures share (docs/rulings.md R-17), and the tiny
    # one and the larger one are both exempt - nobody ends a turn prone from sharing.
    s = fight_started(
        GridBounds(10, 3),
        (fighter("hero", 1, 1), replace(orc("rat", 3, 1), size=Size.TINY)),
        {"rat": 20, "hero": 10},
        "strike",
    )
    assert s.move_creature("rat", Square(1, 1), MoveMode.WALK).ok
    assert s.end_turn().ok
    assert s.end_turn().ok
    for cid in ("rat", "hero"):
        assert Condition.PRONE not in s.rules.conditions(s.encounter, cid)
    refused = s.move_creature("hero", Square(3, 1), MoveMode.WALK)
    assert refused.ok or "occupied" not in refused.reason
