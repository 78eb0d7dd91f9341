"""The move and select tools: a token dragged, clicked or a door toggled (docs/design.md#tools)."""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.move_tool import MoveTool, SelectTool
from orcus_desktop.controller.tools.pointer import EMPTY_PREVIEW, Button, KeyModifier, PointerKind
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import freeze
from tests.controller.conftest import fighter, orc, orc_block
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
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "goblin": 10, "ogre": 5}).ok
    assert session.run(initiative.start_combat).ok
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


def _round_the_wall() -> GameSession:
    """The hero's turn at (0,4); blocking squares at column 2, rows 3-5; an orc at (2,7)
    beside the southern way round (2,6); the northern way round is as short (6 squares)."""
    encounter = Encounter(
        GridBounds(12, 10),
        creatures=(fighter("hero", 0, 4), orc("orc", 2, 7)),
        terrain=(TerrainPatch(TerrainKind.BLOCKING, frozenset(Square(2, r) for r in (3, 4, 5))),),
    )
    session = make_session(encounter)
    assert session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10}).ok
    assert session.run(initiative.start_combat).ok
    return session


def test_a_right_click_during_the_drag_makes_a_waypoint_and_the_walk_stays_one_move() -> None:
    """Issue 28: the GM drags the hero round the south of the wall, past the orc.

    The preview first takes the northern way (as short, provoking no one); the GM right-clicks
    over (2,6) to insist on the southern way: the preview now names the orc, and the release
    walks it as one move action.
    """
    session = _round_the_wall()
    tool = MoveTool(session)
    tool.on_pointer(ev(PointerKind.PRESS, 0.5, 4.5))
    for col, row in ((1, 5), (1, 6), (2, 6)):
        preview = tool.on_pointer(ev(PointerKind.MOVE, col + 0.5, row + 0.5))
    assert Square(2, 6) in preview.path
    preview = tool.on_pointer(ev(PointerKind.MOVE, 4.5, 4.5))
    assert Square(2, 2) in preview.path  # as short, and it provokes no one
    assert not preview.marked_ids
    # Back over (2,6), right-click: a waypoint.
    tool.on_pointer(ev(PointerKind.MOVE, 2.5, 6.5))
    tool.on_pointer(ev(PointerKind.PRESS, 2.5, 6.5, Button.LEFT | Button.RIGHT))
    tool.on_pointer(ev(PointerKind.RELEASE, 2.5, 6.5, Button.RIGHT))
    assert tool.dragging == "hero"  # the right button's release does not drop the token
    preview = tool.on_pointer(ev(PointerKind.MOVE, 4.5, 4.5))
    assert Square(2, 6) in preview.path
    assert preview.label.startswith("6 squares via 1 waypoint")
    assert "opportunity attacks: Orc" in preview.warnings
    done = tool.on_pointer(ev(PointerKind.RELEASE, 4.5, 4.5))
    assert "opportunity attack" in done.message
    hero = session.encounter.combat.combatant("hero")
    assert (hero.budget.standard, hero.budget.move) == (1, 0)  # one move action, not two
    walked = next(e for e in reversed(session.encounter.combat.log) if e.kind == "move")
    assert [2, 6] in [list(p) for p in walked.data["path"]]


def test_the_p_key_adds_a_waypoint_and_nothing_outside_a_drag() -> None:
    session = _round_the_wall()
    tool = MoveTool(session)
    assert tool.add_waypoint() == EMPTY_PREVIEW  # no drag: nothing
    tool.on_pointer(ev(PointerKind.PRESS, 0.5, 4.5))
    tool.on_pointer(ev(PointerKind.MOVE, 1.5, 6.5))
    tool.add_waypoint()
    preview = tool.on_pointer(ev(PointerKind.MOVE, 4.5, 4.5))
    assert preview.path[:3] == (Square(0, 4), Square(1, 5), Square(1, 6))
