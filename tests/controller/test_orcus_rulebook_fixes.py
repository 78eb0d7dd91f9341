"""Orcus defects found when the engine was tried against the rulebook, played from the GM's side.

Each test quotes the 000 heading it checks (the Orcus rulebook, seed 000).
"""

from __future__ import annotations

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.actions import aid_actions, combat_actions
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.movement import placement
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.combat import ActionBudget, AidKind
from orcus_desktop.model.encounter import Encounter, WallEntry
from orcus_desktop.model.ids import WallId
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import conditions_of, fight_started, fighter, make_session, orc


def test_the_gm_knocking_a_hero_unconscious_leaves_it_prone_when_it_wakes(
    duel: GameSession,
) -> None:
    # 000 "Unconscious": "When you become unconscious you also fall prone."
    assert duel.run(
        gm_edits.add_condition, "hero", Condition.UNCONSCIOUS, DurationKind.SAVE_ENDS
    ).ok
    assert conditions_of(duel, "hero") == {Condition.UNCONSCIOUS, Condition.PRONE}
    added = [e for e in duel.encounter.combat.log if e.kind == "condition_added"]
    assert [e.data["effect"]["condition"] for e in added] == ["unconscious", "prone"]
    state = duel.encounter.creature("hero").state
    assert state is not None
    (sleep,) = state.instances_of(Condition.UNCONSCIOUS)
    assert duel.run(gm_edits.remove_effect, "hero", sleep.effect_id).ok
    # Awake but still prone (000 "Prone": "Your only movement option is to Crawl").
    walk = duel.move_creature("hero", Square(2, 4), MoveMode.WALK)
    assert not walk.ok
    assert "prone" in walk.reason
    assert duel.run(combat_actions.take_action, CombatAction.STAND_UP, "hero").ok
    assert conditions_of(duel, "hero") == set()
    duel.undo()
    assert conditions_of(duel, "hero") == {Condition.PRONE}


def test_a_monster_killed_by_persistent_damage_at_the_start_of_its_turn_passes_it_on(
    duel: GameSession,
) -> None:
    # 000 "Persistent damage": taken at the start of the creature's turn; 000 "Monsters and
    # Death": most monsters die at 0 HP. The dead take no turn: the next creature's begins.
    assert duel.run(gm_edits.apply_damage, "orc", 27).ok  # 3 HP left
    assert duel.run(gm_edits.add_persistent_damage, "orc", 5, ["fire"], source="Flaming oil").ok
    assert duel.end_turn().ok  # hero -> orc: 5 fire, dead
    state = duel.encounter.creature("orc").state
    assert state is not None
    assert state.dead
    assert duel.encounter.combat.current == "brute"
    assert duel.encounter.combat.combatant("brute").budget == ActionBudget(1, 1, 1)
    kinds = [e.kind for e in duel.encounter.combat.log if e.actor == "orc"]
    assert kinds[-2:] == ["turn_start", "turn_skipped"]
    assert duel.encounter.combat.log[-1].kind == "turn_start"


def test_a_hero_dying_on_its_third_failed_death_save_passes_the_turn_on(
    duel: GameSession,
) -> None:
    # 000 "Death Saving Throws": "On your third failure, you die"; docs/rulings.md R-03: the
    # death save is made at the start of the dying creature's turn.
    assert duel.run(gm_edits.apply_damage, "hero", 48).ok  # -4: dying, on its own turn
    for die in (3, 3):
        duel.end_turn()  # hero -> orc
        duel.end_turn()  # orc -> brute
        duel.end_turn(death_save_die=die)  # brute -> hero: a failed death save
        assert duel.encounter.combat.current == "hero"
    duel.end_turn()
    duel.end_turn()
    duel.end_turn(death_save_die=3)  # the third failure: dead
    state = duel.encounter.creature("hero").state
    assert state is not None
    assert state.dead
    assert duel.encounter.combat.current == "orc"
    assert duel.undo().ok
    assert duel.encounter.combat.current == "brute"


def test_delaying_ends_the_delayers_help_at_once_but_not_what_harms_it() -> None:
    # 000 "Delay": "Beneficial effects that end at the end of your turn end as soon as you
    # Delay." 000 "Help Attack": the bonus "expires at the end of your next turn".
    session = fight_started(
        GridBounds(12, 12),
        (fighter("hero", 2, 2), fighter("ally", 2, 3), orc("orc", 3, 2)),
        {"hero": 20, "ally": 15, "orc": 10},
    )
    assert session.run(aid_actions.help_ally, "hero", "ally", "orc", AidKind.ATTACK).ok
    session.end_turn()  # hero -> ally (who keeps the help for later)
    session.end_turn()  # ally -> orc
    # On the orc's turn: a harmful and a beneficial effect until the end of the hero's next turn.
    until_its_turn_ends = DurationKind.END_OF_TARGET_NEXT_TURN
    assert session.run(gm_edits.add_condition, "hero", Condition.SLOWED, until_its_turn_ends).ok
    assert session.run(
        gm_edits.add_condition, "hero", Condition.TOTAL_DEFENSE, until_its_turn_ends
    ).ok
    session.end_turn()  # orc -> hero, round 2
    assert session.encounter.combat.aids
    assert session.delay().ok
    assert session.encounter.combat.aids == ()
    assert conditions_of(session, "hero") == {Condition.SLOWED}
    log = session.encounter.combat.log
    delayed = [e for e in log if e.kind == "effect_ended" and e.data["reason"] == "delayed"]
    assert [(e.targets, e.data["effects"][0]["condition"]) for e in delayed] == [
        (("hero",), "total_defense")
    ]
    # The harm lasts until the end of the delayed turn.
    assert session.run(initiative.resume_delayed, "hero", after="ally").ok
    session.end_turn()  # ally -> hero
    assert conditions_of(session, "hero") == {Condition.SLOWED}
    session.end_turn()  # the hero's delayed turn ends
    assert conditions_of(session, "hero") == set()


def test_the_gm_cannot_put_an_ogre_where_a_wall_runs_through_its_space() -> None:
    # Issue 11: "a wall or blocking square inside the creature's space blocks placement and
    # movement" (the GM's placement and free move too). The demo's inner wall runs along row
    # line 9 from column 8 to 11.
    encounter = load_encounter(demo_encounter_path())
    session = make_session(encounter)
    ogre = encounter.creature("ogre")
    assert placement.destination_problem(encounter, ogre, Square(10, 8)) == (
        "a wall runs through its space"
    )
    assert placement.destination_problem(encounter, ogre, Square(11, 8)) == ""
    free = placement.free_squares(encounter, ogre)
    assert Square(10, 8) not in free
    assert Square(11, 8) in free
    moved = session.move_creature("ogre", Square(10, 8), MoveMode.GM)
    assert not moved.ok
    assert "wall" in moved.reason


def test_a_squeezing_ogre_passes_a_corridor_between_walls() -> None:
    # 000 "Squeeze": "A creature can squeeze through a space that is large enough for a
    # creature one size smaller than it": a corridor one square wide between two walls is
    # closed to the walking ogre (a wall would run through its space) but not when squeezing.
    corridor = tuple(
        WallEntry(WallId(name), Wall(WallKind.WALL, ((2.0, y), (8.0, y))))
        for name, y in (("north", 1.0), ("south", 2.0))
    )
    session = make_session(
        Encounter(
            GridBounds(8, 4),
            walls=corridor,
            creatures=(orc("ogre", 0, 0, size="large", speeds={"walk": 8}),),
        )
    )
    session.run(editing.update_creature, "ogre", size=Size.LARGE, speed=8)
    assert not session.preview_move("ogre", Square(4, 1), MoveMode.WALK).reachable
    squeeze = session.preview_move("ogre", Square(4, 1), MoveMode.SQUEEZE)
    assert squeeze.reachable, squeeze.reason
