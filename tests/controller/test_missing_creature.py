"""A creature id the encounter does not hold gets one wording, whichever action named it.

Issue 10 item 7: one name for one fact. The GM once read `no creature 'x'`, `no creature "x"`
or `no such creature: x` depending on the action; every refusal now says `no creature 'x'`.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from orcus_desktop.controller.actions import grappling
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc

ASKS: dict[str, Callable[[GameSession], OperationResult]] = {
    "move": lambda s: s.move_creature("ghost", Square(4, 4), MoveMode.WALK),
    "remove": lambda s: s.run(editing.remove_creature, "ghost"),
    "initiative": lambda s: s.run(initiative.set_initiative, "ghost", 12),
    "hit points": lambda s: s.run(gm_edits.set_hit_points, "ghost", 3),
    "grapple a ghost": lambda s: s.run(grappling.grapple, "hero", "ghost"),
    "a ghost grapples": lambda s: s.run(grappling.grapple, "ghost", "orc"),
}


@pytest.mark.parametrize("ask", ASKS.values(), ids=ASKS.keys())
def test_every_action_names_a_missing_creature_the_same_way(
    ask: Callable[[GameSession], OperationResult],
) -> None:
    s = make_session(
        Encounter(GridBounds(8, 8), creatures=(fighter("hero", 2, 2), orc("orc", 3, 2)))
    )
    result = ask(s)
    assert not result.ok
    assert result.reason == "no creature 'ghost'"
