"""The targeting tool: a power or attack aimed on the map, Qt-free (docs/design.md#tools)."""

from __future__ import annotations

from typing import Any

import pytest

from orcus_desktop.controller.actions import combat_actions
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import Button, PointerEvent, PointerKind
from orcus_desktop.controller.tools.targeting import (
    TargetingAction,
    TargetingChoice,
    TargetingRequest,
    targeting_request,
)
from orcus_desktop.controller.tools.targeting_tool import TargetingTool
from orcus_desktop.controller.tools.template_tool import AreaOrigin
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.vocabulary import AreaShape, MoveMode
from tests.controller.conftest import ARROW, KNOCKDOWN, fighter, make_session, orc

THUNDER: dict[str, Any] = {
    "name": "Thunder Ring",
    "frequency": "encounter",
    "origin": "near",
    "area": {"type": "burst", "size": 1},
    "targets": "enemies",
    "attack": {"defense": "fortitude", "ability": "strength"},
    "hit": {"damage": "1d6 + Strength modifier"},
}

FIREBALL: dict[str, Any] = {
    "name": "Fire Burst",
    "frequency": "daily",
    "origin": "far",
    "range": {"normal": 10},
    "area": {"type": "burst", "size": 1},
    "targets": "all",
    "attack": {"defense": "reflex", "ability": "intelligence"},
    "hit": {"damage": "2d6 + Intelligence modifier"},
}

TWIN: dict[str, Any] = {
    "name": "Twin Bolts",
    "origin": "ranged",
    "range": {"normal": 10},
    "targets": "one",
    "target_count": 2,
    "attack": {"defense": "reflex", "ability": "intelligence"},
    "hit": {"damage": "1d4"},
}

SECOND_WIND: dict[str, Any] = {
    "name": "Steel Nerve",
    "category": "utility",
    "frequency": "encounter",
    "action": "swift",
    "origin": "self",
    "targets": "self",
}


@pytest.fixture
def session() -> GameSession:
    """The hero at (2, 2) next to an orc at (3, 2); two more orcs at (8, 2) and (8, 3)."""
    return make_session(
        Encounter(
            GridBounds(14, 10),
            creatures=(
                fighter(
                    "hero", 2, 2, powers=[KNOCKDOWN, ARROW, THUNDER, FIREBALL, TWIN, SECOND_WIND]
                ),
                fighter("ally", 2, 4),
                orc("orc", 3, 2),
                orc("orc2", 8, 2),
                orc("orc3", 8, 3),
            ),
        )
    )


def ev(kind: PointerKind, x: float, y: float, buttons: Button = Button.LEFT) -> PointerEvent:
    return PointerEvent(kind, (x, y), buttons)


def tool_for(
    session: GameSession, *, power: str | None = None, action: str | None = None
) -> tuple[TargetingTool, list[TargetingChoice], list[bool]]:
    request = targeting_request(session, "hero", power_name=power, action=action)
    assert isinstance(request, TargetingRequest), request
    chosen: list[TargetingChoice] = []
    finished: list[bool] = []

    def confirm(choice: TargetingChoice) -> str:
        chosen.append(choice)
        return "confirmed"

    return (
        TargetingTool(session, request, confirm, lambda: finished.append(True)),
        chosen,
        finished,
    )


def test_requests_follow_the_power(session: GameSession) -> None:
    melee = targeting_request(session, "hero", power_name="Knockdown Strike")
    assert isinstance(melee, TargetingRequest)
    assert (melee.action, melee.max_targets, melee.area) == (TargetingAction.POWER, 1, None)
    twin = targeting_request(session, "hero", power_name="Twin Bolts")
    assert isinstance(twin, TargetingRequest)
    assert twin.max_targets == 2
    ring = targeting_request(session, "hero", power_name="Thunder Ring")
    assert isinstance(ring, TargetingRequest)
    assert (ring.area, ring.origin, ring.area_size) == (AreaShape.BURST, AreaOrigin.NEAR, 1)
    far = targeting_request(session, "hero", power_name="Fire Burst")
    assert isinstance(far, TargetingRequest)
    assert (far.origin, far.range_squares) == (AreaOrigin.FAR, 10)
    own = targeting_request(session, "hero", power_name="Steel Nerve")
    assert isinstance(own, TargetingRequest)
    assert not own.needs_map
    basic = targeting_request(session, "hero", action="basic_attack")
    assert isinstance(basic, TargetingRequest)
    assert basic.power_name == "Basic Melee Attack"
    charge = targeting_request(session, "hero", action="charge")
    assert isinstance(charge, TargetingRequest)
    assert (charge.action, charge.power_name) == (TargetingAction.CHARGE, "Basic Melee Attack")
    # Moves are dragged, not targeted; unknown powers are refused with the reason.
    assert "move tool" in str(targeting_request(session, "hero", action="walk"))
    assert targeting_request(session, "hero", power_name="Nope") == "Hero has no power 'Nope'"


def test_used_power_is_refused_with_the_sessions_reason(session: GameSession) -> None:
    assert session.use_power("hero", "Knockdown Strike", ["orc"], dice=[1]).ok
    assert targeting_request(session, "hero", power_name="Knockdown Strike") == (
        "Knockdown Strike is an encounter power already used"
    )


def test_single_target_rings_the_legal_targets_and_takes_a_click(session: GameSession) -> None:
    tool, chosen, finished = tool_for(session, power="Knockdown Strike")
    preview = tool.on_pointer(ev(PointerKind.MOVE, 6.5, 6.5, Button.NONE))
    # 000 "Melee": only the adjacent orc is within reach.
    assert preview.candidate_ids == ("orc",)
    assert "click a target" in preview.message
    hover = tool.on_pointer(ev(PointerKind.MOVE, 3.5, 2.5, Button.NONE))
    assert hover.marked_ids == ("orc",)
    # +3 Strength +3 proficiency vs AC 15: the d20 must show 9 (000 "Making an Attack").
    assert hover.label.startswith("Orc: needs 9 on the d20 (+6 vs AC 15)")
    far = tool.on_pointer(ev(PointerKind.PRESS, 8.5, 2.5))
    assert far.message.startswith("Refused: Orc2: not a legal target")
    # The rules' reason, not a guess (000 "Melee": reach).
    assert far.label == "Orc2: not a legal target — Orc2 is out of reach (6 squares, reach 1)"
    # The reason stays while the pointer stays on that token, and goes when it leaves.
    assert tool.on_pointer(ev(PointerKind.MOVE, 8.6, 2.6, Button.NONE)).message == far.message
    assert tool.on_pointer(ev(PointerKind.MOVE, 6.5, 6.5, Button.NONE)).message.startswith("Hero")
    assert not chosen
    done = tool.on_pointer(ev(PointerKind.PRESS, 3.5, 2.5))
    assert done.message == "confirmed"
    assert chosen == [TargetingChoice(tool.request, ("orc",))]
    assert finished == [True]
    assert tool.finished
    # Finished tools ignore further events and finish only once.
    assert tool.on_pointer(ev(PointerKind.PRESS, 3.5, 2.5)).message == ""
    tool.cancel()
    assert finished == [True]


def test_multi_target_takes_clicks_then_enter(session: GameSession) -> None:
    tool, chosen, _ = tool_for(session, power="Twin Bolts")
    assert set(tool.candidates()) == {"orc", "orc2", "orc3", "ally"}
    tool.on_pointer(ev(PointerKind.PRESS, 8.5, 2.5))
    assert tool.chosen == ["orc2"]
    assert tool.on_pointer(ev(PointerKind.MOVE, 1, 1, Button.NONE)).affected_ids == ("orc2",)
    tool.on_pointer(ev(PointerKind.PRESS, 8.5, 2.5))  # a second click drops it again
    assert tool.chosen == []
    assert tool.finish().message.endswith("click a target first")
    tool.on_pointer(ev(PointerKind.PRESS, 8.5, 3.5))
    assert not chosen
    assert tool.finish().message == "confirmed"
    assert chosen[0].target_ids == ("orc3",)
    # Reaching the power's count goes ahead without Enter.
    tool, chosen, _ = tool_for(session, power="Twin Bolts")
    tool.on_pointer(ev(PointerKind.PRESS, 8.5, 2.5))
    tool.on_pointer(ev(PointerKind.PRESS, 8.5, 3.5))
    assert chosen[0].target_ids == ("orc2", "orc3")


def test_escape_and_right_click_cancel_without_a_change(session: GameSession) -> None:
    before = session.encounter
    tool, chosen, finished = tool_for(session, power="Knockdown Strike")
    assert tool.cancel().message == "Knockdown Strike: cancelled"
    assert finished == [True]
    tool, chosen, finished = tool_for(session, power="Fire Burst")
    tool.on_pointer(ev(PointerKind.MOVE, 8.5, 2.5, Button.NONE))
    tool.on_pointer(ev(PointerKind.PRESS, 8.5, 2.5, Button.RIGHT))
    assert finished == [True]
    assert not chosen
    assert session.encounter is before
    assert not session.history.can_undo


def test_far_burst_follows_the_pointer_and_targets_everyone_in_it(session: GameSession) -> None:
    tool, chosen, _ = tool_for(session, power="Fire Burst")
    preview = tool.on_pointer(ev(PointerKind.MOVE, 9.5, 2.5, Button.NONE))
    assert preview.squares == {Square(c, r) for c in (8, 9, 10) for r in (1, 2, 3)}
    assert set(preview.affected_ids) == {"orc2", "orc3"}
    assert "Orc2: needs" in preview.label
    tool.on_pointer(ev(PointerKind.PRESS, 9.5, 2.5))
    (choice,) = chosen
    assert set(choice.target_ids) == {"orc2", "orc3"}
    assert choice.area_origin == Square(9, 2)
    assert choice.area_squares is not None
    assert set(choice.area_squares) == preview.squares
    # The choice is what the session takes: one attack, both orcs attacked once.
    result = session.use_power(
        "hero",
        "Fire Burst",
        choice.target_ids,
        choices=AttackChoices(area_origin=choice.area_origin, area_squares=choice.area_squares),
    )
    assert result.ok, result.reason
    assert sorted(t["target"] for t in result.details["attack"]["targets"]) == ["orc2", "orc3"]


def test_far_origin_out_of_range_is_refused(session: GameSession) -> None:
    tool, chosen, _ = tool_for(session, power="Fire Burst")
    session.move_creature("orc2", Square(13, 9), MoveMode.GM)
    preview = tool.on_pointer(ev(PointerKind.PRESS, 13.5, 9.5))
    assert preview.message.startswith("Refused: origin out of range 10")
    assert not chosen


def test_near_burst_surrounds_the_user(session: GameSession) -> None:
    tool, chosen, _ = tool_for(session, power="Thunder Ring")
    preview = tool.on_pointer(ev(PointerKind.MOVE, 12.5, 8.5, Button.NONE))
    assert Square(3, 2) in preview.squares
    # "enemies": the adjacent orc, not the ally (docs/rulings.md R-09).
    assert preview.affected_ids == ("orc",)
    tool.on_pointer(ev(PointerKind.PRESS, 12.5, 8.5))
    assert chosen[0].target_ids == ("orc",)
    assert chosen[0].area_origin is None


def test_help_takes_the_ally_then_the_enemy(session: GameSession) -> None:
    tool, chosen, _ = tool_for(session, action="help_attack")
    assert tool.candidates() == ("ally",)
    tool.on_pointer(ev(PointerKind.PRESS, 2.5, 4.5))
    assert tool.ally_id == "ally"
    assert set(tool.candidates()) == {"orc", "orc2", "orc3"}
    tool.on_pointer(ev(PointerKind.PRESS, 3.5, 2.5))
    assert chosen[0].ally_id == "ally"
    assert chosen[0].target_ids == ("orc",)


def test_charge_takes_the_target_then_one_of_the_closest_squares(session: GameSession) -> None:
    # In combat: before it nothing provokes (issue 28).
    order = {"hero": 20, "ally": 15, "orc": 10, "orc2": 5, "orc3": 1}
    assert session.run(initiative.roll_initiative, totals=order).ok
    assert session.run(initiative.start_combat).ok
    tool, chosen, _ = tool_for(session, action="charge")
    # The adjacent orc cannot be charged (a charge moves at least 2 squares).
    assert set(tool.candidates()) == {"orc2", "orc3"}
    shown = tool.on_pointer(ev(PointerKind.PRESS, 8.5, 2.5))
    assert tool.charge_target == "orc2"
    assert tool.charge_squares == session.ask(combat_actions.charge_destinations, "hero", "orc2")
    assert len(tool.charge_squares) > 1
    assert shown.reachable == set(tool.charge_squares)
    assert not chosen
    refused = tool.on_pointer(ev(PointerKind.PRESS, 0.5, 9.5))
    assert refused.message.startswith("Refused: click one of the shaded squares")
    end = tool.charge_squares[0]
    hover = tool.on_pointer(ev(PointerKind.MOVE, end.col + 0.5, end.row + 0.5, Button.NONE))
    assert hover.path[-1] == end
    # Walking away from the adjacent orc provokes it (000 "Charge": the move provokes).
    assert "orc" in hover.marked_ids
    assert "opportunity attacks: Orc" in hover.message
    tool.on_pointer(ev(PointerKind.PRESS, end.col + 0.5, end.row + 0.5))
    (choice,) = chosen
    assert choice.destination == end
    assert choice.target_ids == ("orc2",)
    result = session.run(combat_actions.charge, "hero", end, "orc2", dice=[20, 5, 5])
    assert result.ok, result.reason


TIDE: dict[str, Any] = {
    "name": "Tide Strike",
    "origin": "melee",
    "attack": {"defense": "ac", "ability": "strength"},
    "hit": {
        "damage": "1dW + Strength modifier",
        "forced_movement": {"kind": "push", "squares": 1},
    },
    "keywords": ["weapon"],
}


def test_forced_move_tool_pushes_where_the_gm_clicks() -> None:
    from orcus_desktop.controller.tools.forced_move_tool import ForcedMoveTool

    session = make_session(
        Encounter(
            GridBounds(10, 10),
            creatures=(fighter("hero", 2, 2, powers=[TIDE]), orc("orc", 3, 2)),
        )
    )
    hit = session.use_power("hero", "Tide Strike", ["orc"], dice=[19, 4])
    assert hit.ok, hit.reason
    assert hit.details["forced"] == (("orc", "push", 1),)
    finished: list[bool] = []
    tool = ForcedMoveTool(session, "orc", "push", 1, "hero", lambda: finished.append(True))
    # 000 "Push": each square moves it farther from the attacker.
    assert set(tool.destinations) == {Square(4, 1), Square(4, 2), Square(4, 3)}
    hover = tool.on_pointer(ev(PointerKind.MOVE, 4.5, 2.5, Button.NONE))
    assert hover.reachable == set(tool.destinations)
    assert hover.path == (Square(3, 2), Square(4, 2))
    assert hover.marked_ids == ("orc",)
    refused = tool.on_pointer(ev(PointerKind.PRESS, 2.5, 5.5))
    assert refused.message.startswith("Refused: Orc cannot be moved there")
    assert not finished
    done = tool.on_pointer(ev(PointerKind.PRESS, 4.5, 2.5))
    assert done.message == "Push Orc"
    assert session.encounter.creature("orc").square == Square(4, 2)
    assert finished == [True]
    assert session.history.undo_text == "Push Orc"
    # Escape leaves it where it is ("up to"), changing nothing.
    session.undo()
    before = session.encounter
    skip = ForcedMoveTool(session, "orc", "push", 1, "hero", lambda: finished.append(True))
    assert skip.cancel().message == "Push Orc up to 1 square: left where it is"
    assert session.encounter is before


def test_coup_de_grace_offers_only_helpless_targets(session: GameSession) -> None:
    from orcus_desktop.rules.conditions import Condition
    from orcus_desktop.rules.durations import DurationKind

    tool, chosen, _ = tool_for(session, action="coup_de_grace")
    assert tool.request.action is TargetingAction.COUP_DE_GRACE
    assert tool.candidates() == ()
    assert session.run(
        gm_edits.add_condition, "orc", Condition.UNCONSCIOUS, DurationKind.SAVE_ENDS
    ).ok
    assert tool.candidates() == ("orc",)
    tool.on_pointer(ev(PointerKind.PRESS, 3.5, 2.5))
    assert chosen[0].target_ids == ("orc",)


FAN: dict[str, Any] = {
    "name": "Flame Fan",
    "origin": "near",
    "area": {"type": "arc", "size": 2},
    "targets": "all",
    "attack": {"defense": "reflex", "ability": "intelligence"},
    "hit": {"damage": "1d6"},
}


def test_near_arc_points_where_the_mouse_is() -> None:
    session = make_session(
        Encounter(
            GridBounds(10, 10),
            creatures=(fighter("hero", 2, 2, powers=[FAN]), orc("orc", 3, 2), orc("west", 0, 2)),
        )
    )
    request = targeting_request(session, "hero", power_name="Flame Fan")
    assert isinstance(request, TargetingRequest)
    assert (request.area, request.origin, request.area_size) == (
        AreaShape.ARC,
        AreaOrigin.NEAR,
        2,
    )
    chosen: list[TargetingChoice] = []

    def confirm(choice: TargetingChoice) -> str:
        chosen.append(choice)
        return "ok"

    tool = TargetingTool(session, request, confirm)
    east = tool.on_pointer(ev(PointerKind.MOVE, 6.5, 2.5, Button.NONE))
    assert len(east.squares) == 4
    assert all(s.col >= 3 for s in east.squares)
    assert east.affected_ids == ("orc",)  # not the orc behind the hero
    tool.on_pointer(ev(PointerKind.PRESS, 6.5, 2.5))
    (choice,) = chosen
    assert choice.target_ids == ("orc",)
    assert choice.area_origin is None
    assert choice.area_squares is not None
    result = session.use_power(
        "hero",
        "Flame Fan",
        choice.target_ids,
        dice=[20, 3],
        choices=AttackChoices(area_squares=choice.area_squares),
    )
    assert result.ok, result.reason
