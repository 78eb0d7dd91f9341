"""Issue 29's states a GM reached in play that the file then refused, each tried from the GM's side.

Each case plays what the GM did, checks what the GM sees, and that the document saves and
reopens to the same encounter (`reopened`, as the random GM of test_random_gm.py checks).
"""

from __future__ import annotations

import pytest

from orcus_desktop.controller.log_text import entry_text
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from tests.controller.conftest import make_session, orc
from tests.controller.test_random_gm import reopened


@pytest.mark.parametrize("ruleset_id", ["orcus", "square-fireballs", "strike"])
def test_set_hp_above_zero_brings_a_dead_monster_back(ruleset_id: str) -> None:
    """Apply damage 100, then Set HP 20: it lives again with 20 HP (docs/rulings.md R-130)."""
    session = make_session(
        Encounter(GridBounds(6, 6), creatures=(orc("goblin", 2, 2),), ruleset_id=ruleset_id)
    )
    assert session.apply_damage("goblin", 100).ok
    state = session.encounter.creature("goblin").state
    assert state is not None and state.dead
    done = session.set_hit_points("goblin", 20)
    assert done.ok, done.reason
    state = session.encounter.creature("goblin").state
    assert state is not None
    assert (state.dead, state.current_hp, state.death_save_failures) == (False, 20, 0)
    line = entry_text(session.encounter.combat.log[-1], session.encounter.name_of)
    assert line.endswith("HP -70 -> 20; alive again"), line
    assert reopened(session.encounter) == session.encounter


def test_set_hp_at_or_below_zero_leaves_the_dead_dead() -> None:
    session = make_session(Encounter(GridBounds(6, 6), creatures=(orc("goblin", 2, 2),)))
    assert session.apply_damage("goblin", 100).ok
    assert session.set_hit_points("goblin", -3).ok
    state = session.encounter.creature("goblin").state
    assert state is not None and state.dead and state.current_hp == -3
    assert reopened(session.encounter) == session.encounter
