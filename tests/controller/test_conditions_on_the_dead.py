"""The GM's conditions on a dead creature (R-249).

000 "Instant Death", "Monsters and Death": a creature dies; its conditions end with it
(`rules.damage.dead_state`). 000 says nothing of giving the dead new ones: a Dazed or Slowed
body changes nothing the rules play. The GM box refuses, saying why and what brings it back
(Set HP above 0, R-130); the table, the box and the use case give one answer, and undo of the
kill gives the choice back.
"""

from __future__ import annotations

from orcus_desktop.controller.availability import table
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.rules.conditions import Condition
from tests.controller.conftest import fight_started, fighter, orc

DEAD = "Orc is dead: Dazed would change nothing for it; Set HP above 0 to bring it back first"


def _orc_killed() -> GameSession:
    session = fight_started(
        GridBounds(10, 6), (fighter("hero", 2, 2), orc("orc", 5, 2)), {"hero": 20, "orc": 10}
    )
    assert session.run(gm_edits.apply_damage, "orc", 200).ok
    assert session.rules.is_dead(session.encounter, "orc")
    return session


def test_the_gm_cannot_daze_a_dead_orc_and_is_told_why() -> None:
    s = _orc_killed()
    last_step = s.history.undo_text
    dazed = s.run(gm_edits.add_condition, "orc", Condition.DAZED)
    assert (dazed.ok, dazed.reason) == (False, DEAD)
    assert s.ask(table.why_not, "orc", table.ADD_CONDITION, Condition.DAZED.value) == DEAD
    state = s.encounter.creature("orc").state
    assert state is not None
    assert state.conditions == ()
    assert s.history.undo_text == last_step  # a refusal is no undo step
    # The living hero still takes it.
    assert s.run(gm_edits.add_condition, "hero", Condition.DAZED).ok


def test_undoing_the_kill_or_setting_hp_above_0_gives_the_condition_back() -> None:
    s = _orc_killed()
    assert s.undo().ok  # the kill
    assert s.ask(table.why_not, "orc", table.ADD_CONDITION, Condition.DAZED.value) == ""
    assert s.redo().ok  # killed again: refused again
    assert not s.run(gm_edits.add_condition, "orc", Condition.DAZED).ok
    assert s.undo().ok
    assert s.run(gm_edits.add_condition, "orc", Condition.DAZED).ok
    assert s.undo().ok
    assert s.redo().ok  # the condition on the living orc, back
    assert Condition.DAZED in s.rules.conditions(s.encounter, "orc")
    assert s.undo().ok
    assert s.run(gm_edits.apply_damage, "orc", 200).ok
    # the GM's Set HP above 0 brings it back; then the condition is taken.
    assert s.run(gm_edits.set_hit_points, "orc", 5).ok
    assert s.run(gm_edits.add_condition, "orc", Condition.DAZED).ok
    assert Condition.DAZED in s.rules.conditions(s.encounter, "orc")
