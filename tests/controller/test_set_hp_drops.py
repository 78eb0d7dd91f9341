"""The GM's Set HP at 0 or below drops a standing creature as damage would (R-217).

000 "Dropping to 0 Hit Points or Below": "When you drop to 0 hit points or below, you either
die outright or fall unconscious"; "Instant Death": at minus the Staggered value or worse, you
die. Set HP left a standing fighter at 0 HP, awake, with no death saves to make.
"""

from __future__ import annotations

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from tests.controller.conftest import fighter, make_session
from tests.controller.test_random_gm import reopened


def _heroes() -> GameSession:
    """Two fighters of 44 HP (Staggered value 22)."""
    creatures = (fighter("hero", 1, 1), fighter("ally", 4, 4))
    return make_session(Encounter(GridBounds(8, 8), creatures=creatures))


def test_a_standing_fighter_set_to_zero_falls_unconscious_and_is_dying() -> None:
    session = _heroes()
    assert session.run(gm_edits.grant_temp_hp, "hero", 5).ok
    done = session.run(gm_edits.set_hit_points, "hero", 0)
    assert (done.ok, done.text) == (True, "Hero: 0 HP")
    state = session.encounter.creature("hero").state
    assert state is not None
    assert (state.current_hp, state.temp_hp, state.dead) == (0, 0, False)
    conditions = session.rules.conditions(session.encounter, "hero")
    assert {Condition.DYING, Condition.UNCONSCIOUS, Condition.PRONE} <= conditions
    line = entry_text(session.encounter.combat.log[-1], session.encounter.name_of)
    assert line == (
        "Hero takes 49 damage from the GM's Set HP, 5 absorbed by temporary HP: HP 44 -> 0; "
        "staggered, falls unconscious and is dying"
    )
    assert reopened(session.encounter) == session.encounter


def test_set_to_minus_the_staggered_value_the_fighter_dies() -> None:
    session = _heroes()
    assert session.run(gm_edits.set_hit_points, "ally", -22).ok
    assert session.rules.is_dead(session.encounter, "ally")
    assert reopened(session.encounter) == session.encounter


def test_a_dying_fighter_set_lower_stays_as_it_was_but_for_its_hp() -> None:
    """Set HP below 0 on a creature already down is the GM's number, as before (R-130)."""
    session = _heroes()
    assert session.run(gm_edits.set_hit_points, "hero", -3).ok
    before = session.rules.conditions(session.encounter, "hero")
    assert session.run(gm_edits.set_hit_points, "hero", -10).ok
    state = session.encounter.creature("hero").state
    assert state is not None
    assert (state.current_hp, state.dead) == (-10, False)
    assert session.rules.conditions(session.encounter, "hero") == before
