"""000 "Unwilling Movement" names three kinds: push, pull and *slip* (4th Edition's *slide*).

One `ForcedMovementKind` serves the rules, the map and the document (issue 10 item 7). Files
written before it keep opening: an owed move saved as "slide" or "slip" is a slip, and the
log's forced moves, which have always stored "slide", keep that spelling and read "is slid".
"""

from __future__ import annotations

from typing import Any

import pytest

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.actions import forced_placement
from orcus_desktop.controller.log.text import describe, names_of
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.serialization import (
    encounter_from_dict,
    encounter_to_dict,
    load_encounter,
)
from orcus_desktop.vocabulary import CreatureId, ForcedMovementKind, MoveMode
from tests.controller.conftest import make_session


@pytest.fixture
def session() -> GameSession:
    """The demo: Brakka next to Goblin Warrior 1 (10, 4)."""
    s = make_session(load_encounter(demo_encounter_path()))
    assert s.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    return s


def with_owed(session: GameSession, kind: str) -> dict[str, Any]:
    """The session's file, owing a 2-square move of `kind` on the goblin."""
    data = encounter_to_dict(session.encounter)
    data.setdefault("combat", {})["owed_forced_moves"] = [
        {"target": "goblin-1", "kind": kind, "squares": 2, "source": "brakka"}
    ]
    return data


@pytest.mark.parametrize("spelling", ["slip", "slide"])
def test_an_owed_slip_saved_in_either_spelling_opens_and_saves_as_slip(
    session: GameSession, spelling: str
) -> None:
    data = with_owed(session, spelling)
    owed = encounter_from_dict(data).combat.owed_forced_moves
    assert [(m.target, m.kind, m.squares) for m in owed] == [
        (CreatureId("goblin-1"), ForcedMovementKind.SLIP, 2)
    ]
    again = encounter_to_dict(encounter_from_dict(data))
    assert again["combat"]["owed_forced_moves"][0]["kind"] == "slip"


def test_an_owed_move_of_an_unknown_kind_is_refused_with_the_kinds(session: GameSession) -> None:
    data = with_owed(session, "fling")
    with pytest.raises(ValueError, match=r"owed_forced_moves\[0\]\.kind: expected one of push"):
        encounter_from_dict(data)


@pytest.mark.parametrize("spelling", ["slip", "slide"])
def test_a_slip_is_logged_as_slid_and_stored_as_slide(session: GameSession, spelling: str) -> None:
    # "Slip X: The creature is moved X squares, as the attacker chooses": any way, even
    # towards the attacker.
    assert session.run(
        forced_placement.force_move, "goblin-1", spelling, 1, Square(10, 5), source_id="brakka"
    ).ok
    entry = session.encounter.combat.log[-1]
    assert (entry.kind, entry.data["kind"]) == ("forced_move", "slide")
    assert describe(entry, names_of(session.encounter)) == (
        "Goblin Warrior 1 is slid 1 square by Brakka"
    )


def test_a_push_the_wrong_way_says_pushed(session: GameSession) -> None:
    # Push: "each move must be away from the attacker": (8, 4) is towards Brakka at (9, 4).
    refused = session.run(
        forced_placement.force_move, "goblin-1", "push", 1, Square(9, 5), source_id="brakka"
    )
    assert not refused.ok
    assert "cannot be pushed to that square" in refused.reason
