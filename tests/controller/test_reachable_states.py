"""Issue 29: states a GM reached in play that the file then refused, tried from the GM's side.

Each case plays what the GM did, checks what the GM sees, and that the document saves and
reopens to the same encounter (`reopened`, as the random GM of test_random_gm.py checks).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from orcus_desktop.controller.actions import combat_actions, forced_placement, interrupts
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.forced_move_tool import ForcedMoveTool
from orcus_desktop.controller.tools.pointer import result_message
from orcus_desktop.controller.turns import initiative
from orcus_desktop.controller.variants.square_fireballs import forced_actions
from orcus_desktop.controller.variants.strike import engagement, interposition
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.combat import CombatPhase
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.model.invariants import encounter_problems
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.vocabulary import CreatureId, MoveMode
from tests.conftest import REPO_ROOT
from tests.controller.conftest import fight_started, fighter, hero_fights_orc, make_session, orc
from tests.controller.test_random_gm import reopened


@pytest.mark.parametrize("ruleset_id", ["orcus", "square-fireballs", "strike"])
def test_set_hp_above_zero_brings_a_dead_monster_back(ruleset_id: str) -> None:
    """Apply damage 100, then Set HP 20: it lives again with 20 HP (docs/rulings.md R-130)."""
    session = make_session(
        Encounter(GridBounds(6, 6), creatures=(orc("goblin", 2, 2),), ruleset_id=ruleset_id)
    )
    assert session.run(gm_edits.apply_damage, "goblin", 100).ok
    state = session.encounter.creature("goblin").state
    assert state is not None
    assert state.dead
    done = session.run(gm_edits.set_hit_points, "goblin", 20)
    assert done.ok, done.reason
    state = session.encounter.creature("goblin").state
    assert state is not None
    assert (state.dead, state.current_hp, state.death_save_failures) == (False, 20, 0)
    line = entry_text(session.encounter.combat.log[-1], session.encounter.name_of)
    assert line.endswith("HP -70 -> 20; alive again"), line
    assert reopened(session.encounter) == session.encounter


def test_set_hp_at_or_below_zero_leaves_the_dead_dead() -> None:
    session = make_session(Encounter(GridBounds(6, 6), creatures=(orc("goblin", 2, 2),)))
    assert session.run(gm_edits.apply_damage, "goblin", 100).ok
    assert session.run(gm_edits.set_hit_points, "goblin", -3).ok
    state = session.encounter.creature("goblin").state
    assert state is not None
    assert state.dead
    assert state.current_hp == -3
    assert reopened(session.encounter) == session.encounter


def _library(cid: str, file: str, col: int, row: int) -> Creature:
    block = json.loads((REPO_ROOT / "resources" / "creatures" / file).read_text("utf-8"))
    return Creature(
        CreatureId(cid),
        block["name"],
        block["side"],
        size=Size(block.get("size", "medium")),
        square=Square(col, row),
        speed=block["speeds"]["walk"],
        statblock=freeze(block),
    )


def _squeezing(session: GameSession, cid: str) -> bool:
    state = session.encounter.creature(cid).state
    return state is not None and bool(state.instances_of(Condition.SQUEEZING))


def _decline_every_offer(session: GameSession) -> None:
    """The GM lets every opportunity attack pass until the waiting walk has gone on."""
    for _ in range(5):
        if session.encounter.combat.pending is None:
            return
        for c in session.encounter.combat.combatants:
            if (
                session.available_actions(c.creature_id)
                .option(CombatAction.OPPORTUNITY_ATTACK)
                .allowed
            ):
                assert session.run(interrupts.decline_opportunity_attack, c.creature_id).ok
    raise AssertionError("the walk still waits")


def _ogre_beside_fighter(ruleset_id: str) -> GameSession:
    """The ogre (Large) squeezes in beside the fighter: its full space would cover the fighter."""
    session = fight_started(
        GridBounds(10, 8),
        (
            _library("ogre", "ogre.json", 1, 2),
            _library("fighter", "fighter.json", 5, 2),
            _library("cleric", "cleric.json", 5, 1),
        ),
        {"ogre": 20, "fighter": 10, "cleric": 5},
        ruleset_id,
    )
    squeezed = session.move_creature("ogre", Square(4, 2), MoveMode.SQUEEZE)
    assert squeezed.ok, squeezed.reason
    assert session.encounter.creature("ogre").square == Square(4, 2)
    assert _squeezing(session, "ogre")
    for _ in range(3):
        assert session.end_turn().ok
    assert session.encounter.combat.current == "ogre"
    return session


@pytest.mark.parametrize("ruleset_id", ["orcus", "4e-quickref", "square-fireballs"])
def test_an_ogre_walking_away_from_its_squeeze_stays_squeezed_while_its_walk_waits(
    ruleset_id: str,
) -> None:
    """000 "Squeeze"; R-131: it fills the smaller space until its full space has room."""
    session = _ogre_beside_fighter(ruleset_id)
    walk = session.move_creature("ogre", Square(1, 5), MoveMode.WALK)
    assert walk.ok, walk.reason
    assert walk.opportunity_attackers == ("cleric",)
    assert session.encounter.combat.pending is not None  # the walk waits for the cleric
    assert _squeezing(session, "ogre")
    assert list(encounter_problems(session.encounter)) == []
    assert reopened(session.encounter) == session.encounter
    _decline_every_offer(session)
    assert session.encounter.creature("ogre").square == Square(1, 5)
    assert not _squeezing(session, "ogre")
    assert reopened(session.encounter) == session.encounter


def test_an_ogre_that_dies_squeezed_beside_a_fighter_stays_squeezed() -> None:
    """000 "Death" ends its conditions; its body stays in the space it fills (R-131)."""
    session = _ogre_beside_fighter("orcus")
    assert session.run(gm_edits.apply_damage, "ogre", 500).ok
    state = session.encounter.creature("ogre").state
    assert state is not None
    assert state.dead
    assert _squeezing(session, "ogre")
    assert reopened(session.encounter) == session.encounter


def test_an_ogre_squeezes_into_the_last_row_of_the_map() -> None:
    """Squeezed, it fills one row: on the grid as among the others (R-131)."""
    session = make_session(
        Encounter(GridBounds(8, 6), creatures=(_library("ogre", "ogre.json", 1, 3),))
    )
    squeezed = session.move_creature("ogre", Square(1, 5), MoveMode.SQUEEZE)
    assert squeezed.ok, squeezed.reason
    assert list(encounter_problems(session.encounter)) == []
    assert reopened(session.encounter) == session.encounter
    # At full size it has no room there: it squeezes out, then stands at full size again.
    assert session.move_creature("ogre", Square(3, 5), MoveMode.WALK).ok is False
    assert session.move_creature("ogre", Square(3, 4), MoveMode.SQUEEZE).ok
    assert session.move_creature("ogre", Square(4, 3), MoveMode.WALK).ok
    assert not _squeezing(session, "ogre")
    assert reopened(session.encounter) == session.encounter


def test_a_step_the_file_would_refuse_is_refused_with_the_reason_and_not_committed() -> None:
    """Issue 29's one rule, where the document changes (`GameSession._apply`).

    Restoring an autosave whose dead goblin has 20 HP (what the old Set HP left) is refused
    with the file's reason in the GM's words; the open encounter and its history stay as they were.
    """
    session = make_session(Encounter(GridBounds(6, 6), creatures=(orc("goblin", 2, 2),)))
    assert session.run(gm_edits.apply_damage, "goblin", 100).ok
    before, steps = session.encounter, len(session.history)
    goblin = before.creature("goblin")
    assert goblin.state is not None
    broken = before.with_creature(goblin.with_state(replace(goblin.state, current_hp=20)))
    announced: list[object] = []
    session.operation_done.connect(lambda result, _initiator: announced.append(result))
    done = session.restore_encounter(broken)
    assert not done.ok
    assert done.reason == (  # in the GM's words
        "Goblin's hit points: 20, but it is dead "
        "(the encounter could not be saved and reopened so; nothing changed)"
    )
    # The status bar says "Refused" once, then the reason (it read "Refused: refused: ...").
    assert result_message(done).startswith("Refused: Goblin's hit points")
    assert result_message(done).lower().count("refused") == 1
    assert announced == [done]
    assert session.encounter is before
    assert len(session.history) == steps


def _push_beside_a_corpse(ruleset_id: str) -> GameSession:
    """The fighter beside the goblin; a dead orc lies just past the goblin."""
    session = make_session(
        Encounter(
            GridBounds(8, 6),
            creatures=(fighter("hero", 2, 2), orc("goblin", 3, 2), orc("fallen", 4, 2)),
            ruleset_id=ruleset_id,
        )
    )
    assert session.run(gm_edits.apply_damage, "fallen", 100).ok
    return session


@pytest.mark.parametrize("ruleset_id", ["orcus", "4e-quickref", "square-fireballs"])
def test_a_push_never_ends_on_a_fallen_creature(ruleset_id: str) -> None:
    """000 "Moving Around Other Creatures"; R-132: the forced-move tool offers no corpse."""
    session = _push_beside_a_corpse(ruleset_id)
    tool = ForcedMoveTool(session, "goblin", "push", 1, "hero")
    assert Square(4, 2) not in tool.destinations
    assert Square(4, 1) in tool.destinations
    pushed = session.run(
        forced_placement.force_move, "goblin", "push", 1, Square(4, 2), source_id="hero"
    )
    assert not pushed.ok
    assert session.encounter.creature("goblin").square == Square(3, 2)
    walk = session.move_creature("goblin", Square(4, 2))
    assert not walk.ok
    assert "occupied" in walk.reason


def test_a_shove_never_pushes_onto_a_fallen_creature() -> None:
    session = _push_beside_a_corpse("orcus")
    shoved = session.run(combat_actions.shove, "hero", "goblin", Square(4, 2), dice=[20])
    assert session.encounter.creature("goblin").square != Square(4, 2)
    assert list(encounter_problems(session.encounter)) == []
    if shoved.ok:
        assert reopened(session.encounter) == session.encounter


@pytest.mark.parametrize("condition", [Condition.SWALLOWED, Condition.EXILED])
def test_a_swallowed_or_exiled_creature_is_offered_no_walk(condition: Condition) -> None:
    """003-48 (003 l.434-450): "Does not occupy a space": no walk from nowhere."""
    session = hero_fights_orc((8, 6), (2, 2), (5, 2), "square-fireballs")
    assert session.run(gm_edits.add_condition, "hero", condition).ok
    walk = session.available_actions("hero").option(CombatAction.WALK)
    label = condition.value
    assert not walk.allowed
    assert walk.reason == f"Hero is {label}: it does not occupy a space"
    assert session.reachable_squares("hero", MoveMode.WALK) == frozenset()
    preview = session.preview_move("hero", Square(2, 4), MoveMode.WALK)
    assert not preview.reachable
    assert preview.reason == walk.reason
    moved = session.move_creature("hero", Square(2, 4), MoveMode.WALK)
    assert not moved.ok
    assert moved.reason == walk.reason


def test_a_readied_walk_triggered_while_another_forces_is_the_readiers_own() -> None:
    """003-46 Forced on for the hero's turn; the orc's readied walk is its own (R-133).

    Offered as allowed, it walks on the orc's readied move action, not on the hero's.
    """
    session = fight_started(
        GridBounds(10, 6),
        (fighter("hero", 1, 2), orc("orc", 6, 2), orc("ally", 8, 4)),
        {"orc": 20, "hero": 10, "ally": 5},
        "square-fireballs",
    )
    assert session.run(initiative.ready_action, "orc", ActionKind.MOVE, "the hero comes near").ok
    assert session.end_turn().ok
    assert session.encounter.combat.current == "hero"
    assert session.run(forced_actions.set_forcing, "hero").ok
    assert session.move_creature("hero", Square(3, 2), MoveMode.WALK).ok  # its move action
    assert session.run(initiative.trigger_readied, "orc", "hero").ok
    walk = session.available_actions("orc").option(CombatAction.WALK)
    assert walk.allowed, walk.reason
    assert Square(6, 4) in session.reachable_squares("orc", MoveMode.WALK)
    moved = session.move_creature("orc", Square(6, 4), MoveMode.WALK)
    assert moved.ok, moved.reason
    assert session.encounter.creature("orc").square == Square(6, 4)
    # The switch still forces the others on the hero's turn.
    forced = session.move_creature("ally", Square(8, 3), MoveMode.WALK)
    assert not forced.ok
    assert forced.reason == "Hero has no move action left"


def test_a_strike_aimed_at_its_own_user_engages_no_one() -> None:
    """001-25 (001 l.252): Engaged With another, never oneself; the API may aim a power so."""
    session = hero_fights_orc((8, 6), (2, 2), (3, 2), "strike")
    assert session.use_power("hero", "Basic Melee Attack", ["hero"], dice=[20] * 6).ok
    kept = session.run(
        interposition.keep_target
    )  # 001-10: the orc may step in; the GM keeps the target
    assert kept.ok, kept.reason
    assert session.encounter.combat.engagements == ()
    assert reopened(session.encounter) == session.encounter


def test_removing_the_last_creature_in_the_order_ends_the_combat() -> None:
    """A running combat with no one in its order would not reopen: it ends with the last."""
    session = hero_fights_orc((8, 6), (2, 2), (3, 2))
    assert session.run(editing.remove_creature, "orc").ok
    assert session.encounter.combat.active
    assert session.run(editing.remove_creature, "hero").ok
    assert session.encounter.combat.phase is CombatPhase.SETUP
    assert reopened(session.encounter) == session.encounter
    assert session.undo().ok
    assert session.encounter.combat.order == ("hero",)


def test_a_power_waiting_for_free_strikes_saves_and_reopens() -> None:
    """001-24 (R-127): the hero, engaged by the orc, shoots the brute; the shot waits.

    Found by the random GM (strike, seed 1): the held shot's options were kept unfrozen, so
    the reopened file differed from the document.
    """
    session = fight_started(
        GridBounds(10, 6),
        (fighter("hero", 2, 2), orc("orc", 3, 2), orc("brute", 7, 2)),
        {"hero": 20, "orc": 10, "brute": 5},
        "strike",
    )
    assert session.run(engagement.engage, "orc", "hero").ok
    assert session.use_power("hero", "Arcane Bolt", ["brute"], dice=[15] * 6).ok
    held = session.encounter.combat.pending
    assert held is not None
    assert held.options["free_strikers"] == ("orc",)
    assert reopened(session.encounter) == session.encounter
