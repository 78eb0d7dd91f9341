"""The attack workflow without a window: targeting → dice → resolution → forced moves (issue 10).

000 "Unwilling Movement": after a hit that pushes, the attacker chooses where the target ends
("up to" the distance). The push still to place is part of the document
(`combat.owed_forced_moves`), so undo, saving and crash recovery keep it in step; the flow
reads it from there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.actions import forced_placement
from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.attack_flow import (
    AskForDice,
    AttackFlow,
    AttackOptions,
    ChooseTargets,
    Done,
    PlaceForcedMove,
    Stage,
)
from orcus_desktop.controller.tools.targeting import TargetingChoice
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.combat import OwedForcedMove
from orcus_desktop.model.serialization import (
    encounter_from_dict,
    encounter_to_dict,
    load_encounter,
    save_encounter,
)
from orcus_desktop.vocabulary import CreatureId, ForcedMovementKind, MoveMode
from tests.controller.conftest import make_session

PUSH = OwedForcedMove(CreatureId("goblin-1"), ForcedMovementKind.PUSH, 1, CreatureId("brakka"))
"""Tide of Iron's hit on the goblin: "you push the target 1 square"."""


def owed(session: GameSession) -> tuple[OwedForcedMove, ...]:
    """The forced movement the document owes now."""
    return session.encounter.combat.owed_forced_moves


def stage(flow: AttackFlow) -> Stage:
    """Where the flow stands now (a call: each assertion reads it afresh)."""
    return flow.stage


@pytest.fixture
def session() -> GameSession:
    """The demo: Brakka steps up next to Goblin Warrior 1 (10, 4)."""
    s = make_session(load_encounter(demo_encounter_path()))
    assert s.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    return s


def hit_with_tide_of_iron(flow: AttackFlow) -> PlaceForcedMove:
    """Targeting, then the dice: a 15 hits AC 17 at +7; 6 on the longsword."""
    step = flow.start("brakka", power_name="Tide of Iron")
    assert isinstance(step, ChooseTargets)
    assert stage(flow) is Stage.TARGETING
    flow.targeting_finished()
    step2 = flow.targets_chosen(TargetingChoice(step.request, ("goblin-1",)))
    assert isinstance(step2, AskForDice)
    assert stage(flow) is Stage.DICE
    placed = flow.dice_given(AttackOptions(dice=(15, 6)))
    assert isinstance(placed, PlaceForcedMove), placed
    return placed


def test_targeting_dice_resolve_push_done(session: GameSession) -> None:
    flow = AttackFlow(session)
    step = hit_with_tide_of_iron(flow)
    assert step.owed == PUSH
    assert "push Goblin Warrior 1 up to 1 square: click where it ends" in step.message
    assert stage(flow) is Stage.FORCED_MOVE
    assert owed(session) == (PUSH,)
    # The attack and the owed push are one undo step.
    assert session.history.undo_text == "Brakka: Tide of Iron on Goblin Warrior 1"
    # The GM clicks where the goblin ends (the map tool calls the session): placed, not owed.
    assert session.run(
        forced_placement.force_move, "goblin-1", "push", 1, Square(11, 4), source_id="brakka"
    ).ok
    assert session.encounter.creature("goblin-1").square == Square(11, 4)
    assert owed(session) == ()
    done = flow.forced_move_finished(step.owed, replaced=False)
    assert done == Done()
    assert stage(flow) is Stage.IDLE
    # Undoing the push owes it again, and the flow offers it again.
    session.undo()
    assert owed(session) == (PUSH,)
    again = flow.sync()
    assert isinstance(again, PlaceForcedMove)
    assert again.owed == PUSH


def test_leaving_the_push_is_an_undo_step(session: GameSession) -> None:
    flow = AttackFlow(session)
    step = hit_with_tide_of_iron(flow)
    # Esc: the tool finishes with the push still owed ("up to": the GM may leave it).
    assert flow.forced_move_finished(step.owed, replaced=False) == Done()
    assert owed(session) == ()
    assert session.encounter.creature("goblin-1").square == Square(10, 4)
    assert session.history.undo_text == "Leave Goblin Warrior 1 where it is"
    assert flow.sync() is None
    session.undo()
    assert isinstance(flow.sync(), PlaceForcedMove)
    refused = session.run(forced_placement.leave_forced_move, "brakka")
    assert not refused.ok
    assert "no forced movement is owed for 'brakka'" in refused.reason


def test_undoing_the_attack_removes_the_owed_push(session: GameSession) -> None:
    flow = AttackFlow(session)
    hit_with_tide_of_iron(flow)
    session.undo()
    assert owed(session) == ()
    # The map was placing it: the flow says it is over.
    assert flow.sync() == Done()
    assert stage(flow) is Stage.IDLE
    assert flow.sync() is None


def test_the_owed_push_survives_save_and_reopen(session: GameSession, tmp_path: Path) -> None:
    hit_with_tide_of_iron(AttackFlow(session))
    path = tmp_path / "pushed.json"
    save_encounter(path, session.encounter)
    reopened = make_session(load_encounter(path))
    assert owed(reopened) == (PUSH,)
    # A recovered window's flow offers it straight away.
    step = AttackFlow(reopened).sync()
    assert isinstance(step, PlaceForcedMove)
    assert step.owed == PUSH


def test_files_saved_before_owed_moves_existed_still_open(session: GameSession) -> None:
    hit_with_tide_of_iron(AttackFlow(session))
    data = encounter_to_dict(session.encounter)
    del data["combat"]["owed_forced_moves"]
    assert encounter_from_dict(data).combat.owed_forced_moves == ()


def test_removing_the_pushed_creature_drops_the_owed_push(session: GameSession) -> None:
    hit_with_tide_of_iron(AttackFlow(session))
    assert session.run(editing.remove_creature, "goblin-1").ok
    assert owed(session) == ()


def test_a_miss_owes_nothing_and_the_flow_is_done(session: GameSession) -> None:
    flow = AttackFlow(session)
    step = flow.start("brakka", power_name="Tide of Iron")
    assert isinstance(step, ChooseTargets)
    flow.targets_chosen(TargetingChoice(step.request, ("goblin-1",)))
    done = flow.dice_given(AttackOptions(dice=(2,)))
    assert isinstance(done, Done)
    assert done.result is not None
    assert done.result.ok
    assert owed(session) == ()
    assert stage(flow) is Stage.IDLE


def test_a_refusal_carries_the_sessions_reason(session: GameSession) -> None:
    flow = AttackFlow(session)
    step = flow.start("brakka", power_name="No Such Power")
    assert isinstance(step, Done)
    assert step.refusal == "Brakka has no power 'No Such Power'"
    assert step.message == f"Refused: {step.refusal}"
    assert stage(flow) is Stage.IDLE


def test_cancelling_the_dice_changes_nothing(session: GameSession) -> None:
    before = session.encounter
    flow = AttackFlow(session)
    step = flow.start("brakka", power_name="Tide of Iron")
    assert isinstance(step, ChooseTargets)
    flow.targets_chosen(TargetingChoice(step.request, ("goblin-1",)))
    assert flow.dice_cancelled() == Done("Tide of Iron: cancelled, nothing changed")
    assert session.encounter is before
    assert stage(flow) is Stage.IDLE


def test_picking_another_tool_leaves_every_owed_push(session: GameSession) -> None:
    flow = AttackFlow(session)
    step = hit_with_tide_of_iron(flow)
    assert flow.forced_move_finished(step.owed, replaced=True) is None
    assert owed(session) == ()
    assert session.history.undo_text == "Leave the forced movement"
