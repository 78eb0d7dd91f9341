"""A library edit applied to the tokens on the map never moves their hit points across 0.

R-215 (with R-201): the damage a token took moves with its new maximum, but an edit is neither
damage nor healing (000 "Falling Unconscious": "If damage reduces you to 0 hit points or below
... you fall unconscious"; "This unconsciousness ends if you regain any hit points"). A
standing token stays at 1 HP or more; a dying one stays at 0 or fewer, still dying.
"""

from __future__ import annotations

from orcus_desktop.controller.editing.library_edits import LibraryChange
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session.facade import GameSession
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.state import CreatureState
from tests.controller.conftest import make_session
from tests.controller.random_gm_map import KeptInMemory, library_creature, statblock
from tests.controller.test_random_gm import reopened


def _two_of(file: str, creature_id: str) -> GameSession:
    tokens = (
        library_creature(file, creature_id, Square(2, 2)),
        library_creature(file, f"{creature_id}-2", Square(6, 2)),
    )
    return make_session(Encounter(GridBounds(12, 9), creatures=tokens))


def _apply_max_hp(session: GameSession, file: str, max_hp: int) -> str:
    """The GM saves the creature with `max_hp` and applies it to its tokens; the status text."""
    edited = dict(statblock(file), max_hp=max_hp)
    change = LibraryChange("Save it to your library", KeptInMemory(), [], [edited])
    done = session.edit_library(change, (edited["name"], edited))
    assert done.ok, done.reason
    return done.text


def _state(session: GameSession, creature_id: str) -> CreatureState:
    state = session.encounter.creature(creature_id).state
    assert state is not None
    return state


def test_a_wounded_ogre_stays_standing_when_its_maximum_drops_below_its_damage() -> None:
    session = _two_of("ogre.json", "ogre")  # Ogre Bruisers of 110 HP
    assert session.run(gm_edits.apply_damage, "ogre", 100).ok  # 10 left
    assert session.run(gm_edits.apply_damage, "ogre-2", 20).ok  # 90 left
    text = _apply_max_hp(session, "ogre.json", 60)
    ruleset = session.engine.ruleset
    held, kept = _state(session, "ogre"), _state(session, "ogre-2")
    assert (held.current_hp, held.dead) == (1, False)
    assert not held.has(Condition.UNCONSCIOUS, ruleset)
    assert not held.has(Condition.DYING, ruleset)
    assert kept.current_hp == 40  # its 20 damage kept against 60
    assert text.endswith("; Ogre Bruiser kept standing at 1 HP")
    assert reopened(session.encounter) == session.encounter


def test_a_dying_fighter_is_not_woken_by_a_higher_maximum() -> None:
    session = _two_of("fighter.json", "hero")  # Human Fighters of 29 HP, Staggered at 14
    assert session.run(gm_edits.apply_damage, "hero", 32).ok  # -3: unconscious, dying
    dying = _state(session, "hero")
    ruleset = session.engine.ruleset
    assert not dying.dead
    assert dying.has(Condition.DYING, ruleset)
    text = _apply_max_hp(session, "fighter.json", 40)  # its 32 damage against 40 would be 8
    after = _state(session, "hero")
    assert (after.current_hp, after.dead) == (0, False)
    assert after.has(Condition.DYING, ruleset)
    assert after.has(Condition.UNCONSCIOUS, ruleset)
    assert "kept standing" not in text
    assert reopened(session.encounter) == session.encounter
    assert session.undo().ok
    assert _state(session, "hero") == dying
