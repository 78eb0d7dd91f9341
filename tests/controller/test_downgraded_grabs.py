"""003-21's downgrade to Grabbed holds only beside its grabber (R-242), from the GM's side.

Seed 003 "5.8.2 Standard Status Effects": "Restrained | Grabbed", "Swallowed | Grabbed",
"Exiled | Grabbed"; Grabbed (003-27): "The condition ends if at any time the grabbed character
is not adjacent to the grabbing character" and "Grabbed character can use the Escape combat
maneuver to end the condition". A Restrained no creature imposed (the GM's, a web) downgraded
by hand, by a save (R-80) or by the end-of-turn save left a Grabbed that no creature held: the
Actions panel offered Escape, then refused it ("the grappler is unknown"). Found while making
the long random GM reach the GM box's Downgrade.
"""

from __future__ import annotations

from orcus_desktop.controller.actions import grappling
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.rules.conditions import Condition, ConditionInstance
from orcus_desktop.rules.durations import DurationKind
from tests.controller.conftest import fight_started, fighter, orc

SF = "square-fireballs"


def _fight() -> GameSession:
    """The hero's turn; the orc beside it, the shaman three squares off."""
    return fight_started(
        GridBounds(12, 8),
        (fighter("hero", 3, 3), orc("orc", 4, 3), orc("shaman", 7, 3)),
        {"hero": 20, "orc": 15, "shaman": 10},
        SF,
    )


def _held(session: GameSession, cid: str, condition: Condition) -> list[ConditionInstance]:
    state = session.encounter.creature(cid).state
    assert state is not None
    return [c for c in state.conditions if c.condition is condition]


def _restrained(session: GameSession, cid: str, source_id: str | None = None) -> int:
    imposed = session.run(
        gm_edits.add_condition,
        cid,
        Condition.RESTRAINED,
        DurationKind.SAVE_ENDS,
        source_id=source_id,
    )
    assert imposed.ok, imposed.reason
    (restrained,) = _held(session, cid, Condition.RESTRAINED)
    return restrained.effect_id


def test_a_restraint_no_creature_imposed_downgrades_to_no_grab_at_all() -> None:
    s = _fight()
    effect = _restrained(s, "orc")
    done = s.run(gm_edits.downgrade_effect, "orc", effect)
    assert done.ok, done.reason
    assert _held(s, "orc", Condition.GRAPPLED) == []
    assert _held(s, "orc", Condition.RESTRAINED) == []
    # Nothing offers an Escape the orc could not take.
    assert not s.available_actions("orc").option(CombatAction.ESCAPE_GRAPPLE).allowed
    # One undo step gives the restraint back.
    assert s.undo().ok
    assert [c.effect_id for c in _held(s, "orc", Condition.RESTRAINED)] == [effect]


def test_a_save_that_downgrades_it_frees_the_creature_too() -> None:
    """R-80: under 003 a successful save downgrades a save-ends condition."""
    by_hand = _fight()
    effect = _restrained(by_hand, "orc")
    assert by_hand.run(gm_edits.saving_throw, "orc", effect, die=15).ok
    assert _held(by_hand, "orc", Condition.GRAPPLED) == []
    # The end-of-turn save (000 "Duration") on the hero's own restraint.
    at_turn_end = _fight()
    effect = _restrained(at_turn_end, "hero")
    assert at_turn_end.end_turn(save_dice={effect: 15}).ok
    assert _held(at_turn_end, "hero", Condition.GRAPPLED) == []
    assert _held(at_turn_end, "hero", Condition.RESTRAINED) == []


def test_a_restraint_by_a_creature_beside_it_stays_a_grab_it_can_escape() -> None:
    s = _fight()
    effect = _restrained(s, "orc", source_id="hero")
    assert s.run(gm_edits.downgrade_effect, "orc", effect).ok
    (grab,) = _held(s, "orc", Condition.GRAPPLED)
    assert (grab.source_id, grab.downgraded_from) == ("hero", Condition.RESTRAINED)
    assert s.end_turn().ok  # the orc's turn: Escape is offered, and taken
    assert s.available_actions("orc").option(CombatAction.ESCAPE_GRAPPLE).allowed
    escaped = s.run(grappling.escape_grapple, "orc", die=20)
    assert escaped.ok, escaped.reason


def test_a_restraint_by_a_creature_not_beside_it_ends_on_the_downgrade() -> None:
    s = _fight()
    effect = _restrained(s, "hero", source_id="shaman")
    assert s.run(gm_edits.downgrade_effect, "hero", effect).ok
    assert _held(s, "hero", Condition.GRAPPLED) == []
