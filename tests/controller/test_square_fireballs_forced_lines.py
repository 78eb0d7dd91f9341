"""003-44 (003 l.474-514 "5.9.1 Push"): push, pull and slide follow 003's Lines (003-02).

The figures are lost; the pick (docs/rulings.md R-83) keeps 000's "each square away from /
towards the source" and requires the path to be one of the Lines from the target's square.
The forced-move tool offers only those squares and the session refuses the others.
"""

from __future__ import annotations

from orcus_desktop.controller.actions import forced_placement
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.forced_move_tool import ForcedMoveTool
from orcus_desktop.controller.tools.pointer import Button, PointerEvent, PointerKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.lines import lines_between
from tests.controller.conftest import fight_started, fighter, orc


def _fight(ruleset_id: str) -> GameSession:
    """The hero at (5,5) pushes the orc east of it; a goblin stands in the straight Line."""
    return fight_started(
        GridBounds(14, 10),
        (fighter("hero", 5, 5), orc("orc", 6, 5), orc("goblin", 7, 5)),
        {"hero": 20, "orc": 15, "goblin": 10},
        ruleset_id,
    )


def test_the_tool_offers_only_squares_along_a_line_under_003() -> None:
    sf = ForcedMoveTool(_fight("square-fireballs"), "orc", "push", 3, "hero")
    orcus = ForcedMoveTool(_fight("orcus"), "orc", "push", 3, "hero")
    # 000 walks round the goblin ((7,6), (8,5), (9,5)); 003's one Line to (9,5) is straight,
    # through the goblin.
    assert Square(9, 5) in orcus.destinations
    assert Square(9, 5) not in sf.destinations
    assert set(sf.destinations) < set(orcus.destinations)
    for square, path in sf.destinations.items():
        assert path in lines_between(Square(6, 5), square)
    hover = sf.on_pointer(PointerEvent(PointerKind.MOVE, (9.5, 6.5), Button.NONE))
    assert hover.path == (Square(6, 5), Square(7, 6), Square(8, 6), Square(9, 6))
    refused = sf.on_pointer(PointerEvent(PointerKind.PRESS, (9.5, 5.5), Button.LEFT))
    assert refused.message == "Refused: Orc cannot be moved there (push 3)"


def test_the_session_refuses_a_push_off_the_lines_under_003_only() -> None:
    sf = _fight("square-fireballs")
    refused = sf.run(forced_placement.force_move, "orc", "push", 3, Square(9, 5), source_id="hero")
    assert refused.reason == "Orc cannot be pushed to that square"
    assert sf.run(forced_placement.force_move, "orc", "push", 3, Square(9, 6), source_id="hero").ok
    assert sf.encounter.creature("orc").square == Square(9, 6)
    sf.undo()  # one step
    assert sf.encounter.creature("orc").square == Square(6, 5)
    orcus = _fight("orcus")
    assert orcus.run(
        forced_placement.force_move, "orc", "push", 3, Square(9, 5), source_id="hero"
    ).ok
