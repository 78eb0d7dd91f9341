"""The move and select tools: a token dragged, clicked or a door toggled (docs/design.md#tools)."""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.move_tool import MoveTool, SelectTool
from orcus_desktop.controller.tools.pointer import KeyModifier, PointerKind
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.frozen import freeze
from tests.controller.conftest import orc_block
from tests.controller.tools.builders import drag, ev, make_session


def test_drag_previews_path_cost_and_reachable_then_moves_one_undo_step() -> None:
    session = make_session()
    selected: list[str | None] = []
    tool = MoveTool(session, selected.append)
    press = tool.on_pointer(ev(PointerKind.PRESS, 1.5, 1.5))
    assert selected == ["hero"]
    assert tool.dragging == "hero"
    assert press.ghost is not None
    assert press.ghost.creature_id == "hero"
    assert Square(5, 1) in press.reachable
    preview = tool.on_pointer(ev(PointerKind.MOVE, 5.5, 1.5))
    assert preview.ghost is not None
    assert preview.ghost.destination == Square(5, 1)
    assert preview.path[0] == Square(1, 1)
    assert preview.path[-1] == Square(5, 1)
    assert preview.path_ok
    assert "squares" in preview.label
    done = tool.on_pointer(ev(PointerKind.RELEASE, 5.5, 1.5))
    assert session.encounter.creature("hero").square == Square(5, 1)
    assert done.ghost is None
    assert done.message.startswith("Move Hero")
    assert session.history.undo_text.startswith("Move Hero")
    session.undo()
    assert session.encounter.creature("hero").square == Square(1, 1)


def _goblin_fight() -> GameSession:
    """The small map in combat on the hero's turn, the goblin with a stat block to attack
    with (docs/rulings.md R-120: a token without one is offered no opportunity attack)."""
    encounter = make_session().encounter
    goblin = replace(encounter.creature("goblin"), statblock=freeze(orc_block("Goblin")))
    session = make_session(encounter.with_creature(goblin))
    assert session.roll_initiative(totals={"hero": 20, "goblin": 10, "ogre": 5}).ok
    assert session.start_combat().ok
    return session


def test_drag_warns_of_opportunity_attacks_and_difficult_terrain() -> None:
    session = _goblin_fight()
    tool = MoveTool(session)
    tool.on_pointer(ev(PointerKind.PRESS, 1.5, 1.5))
    # Leaving the goblin's side provokes (docs/rulings.md R-02).
    preview = tool.on_pointer(ev(PointerKind.MOVE, 1.5, 5.5))
    assert preview.marked_ids == ("goblin",)
    assert any("opportunity attacks: Goblin" in w for w in preview.warnings)
    tool.cancel()
    tool.on_pointer(ev(PointerKind.PRESS, 1.5, 1.5))
    preview = tool.on_pointer(ev(PointerKind.MOVE, 4.5, 1.5))
    assert any("difficult terrain" in w for w in preview.warnings)


def test_shift_drag_shifts_and_does_not_provoke() -> None:
    session = make_session()
    tool = MoveTool(session)
    preview, _done = drag(tool, (1.5, 1.5), (1.5, 0.5), modifiers=KeyModifier.SHIFT)
    assert not preview.warnings
    assert session.encounter.creature("hero").square == Square(1, 0)


def test_illegal_drop_snaps_back_with_the_reason() -> None:
    session = make_session()
    tool = MoveTool(session)
    preview, done = drag(tool, (1.5, 1.5), (11.5, 9.5))
    assert not preview.path_ok
    assert preview.ghost is not None
    assert not preview.ghost.legal
    assert done.message.startswith("Refused: ")
    assert session.encounter.creature("hero").square == Square(1, 1)
    assert not session.history.can_undo


def test_gm_move_goes_anywhere_free() -> None:
    session = make_session()
    tool = MoveTool(session)
    tool.gm_move = True
    _, _done = drag(tool, (1.5, 1.5), (11.5, 9.5))
    assert session.encounter.creature("hero").square == Square(11, 9)
    assert session.history.undo_text == "Move Hero"
    tool.gm_move = False
    # Ctrl+drag is a one-off GM move.
    drag(tool, (11.5, 9.5), (0.5, 9.5), modifiers=KeyModifier.CTRL)
    assert session.encounter.creature("hero").square == Square(0, 9)


def test_large_token_lands_under_its_centre() -> None:
    session = make_session()
    tool = MoveTool(session)
    tool.gm_move = True
    # Grab the ogre by its top-left square and drop it two squares left.
    drag(tool, (7.5, 5.5), (5.5, 5.5))
    assert session.encounter.creature("ogre").square == Square(5, 5)


def test_click_without_drag_selects_and_changes_nothing() -> None:
    session = make_session()
    selected: list[str | None] = []
    tool = SelectTool(session, selected.append)
    _, done = drag(tool, (2.5, 2.5), (2.6, 2.4))
    assert selected == ["goblin"]
    assert done.message == ""
    assert not session.history.can_undo
    tool.on_pointer(ev(PointerKind.PRESS, 6.5, 8.5))
    assert selected[-1] is None


def test_select_tool_toggles_doors_and_undo_closes_them() -> None:
    session = make_session()
    tool = SelectTool(session)
    done = tool.on_pointer(ev(PointerKind.PRESS, 9.05, 1.0))
    assert done.message == "Open door"
    assert session.encounter.wall("door").wall.is_open
    session.undo()
    assert not session.encounter.wall("door").wall.is_open


def test_a_provoking_move_names_the_enemies_offered_an_attack() -> None:
    session = _goblin_fight()
    tool = MoveTool(session)
    _, done = drag(tool, (1.5, 1.5), (1.5, 5.5))
    assert done.message.startswith("Move Hero 4 squares")
    assert done.message.endswith("opportunity attacks offered to Goblin")
