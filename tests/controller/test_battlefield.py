"""One battlefield for the map and the headless CLI (issue 10, divergence 2).

`orcus-desktop query path` and the map's drag preview answer "who gets an opportunity attack if
this creature walks there?" from the same battlefield: the dead leave the field, and an enemy
that cannot take an opportunity action now does not threaten (000 "Opportunity Attacks";
000 "Dazed": "You can't take immediate or opportunity actions"; 000 "Dominated"/Controlled
implies dazed; docs/rulings.md R-02, one immediate action per round), and an enemy that cannot
see the mover does not either (000 "Opportunity Attacks": "a hostile creature that you can
see"; 000 "Blinded": "You can't see"; docs/rulings.md R-113).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from orcus_desktop.cli import query_main
from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import save_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import fighter, make_session, orc


@pytest.fixture
def session() -> GameSession:
    """The hero stands amid six orcs: one alive and ready, one dead, one dominated, one
    stunned, one blinded and one that already spent its immediate action on the scout this
    round."""
    s = make_session(
        Encounter(
            GridBounds(10, 10),
            creatures=(
                fighter("hero", 2, 2),
                fighter("scout", 3, 4),
                orc("ready", 3, 1),
                orc("dead", 1, 1),
                orc("dominated", 1, 3),
                orc("stunned", 3, 2),
                orc("spent", 2, 3),
                orc("blinded", 2, 1),
            ),
        )
    )
    assert s.run(gm_edits.apply_damage, "dead", 30).ok
    s.run(
        initiative.roll_initiative,
        totals={
            "scout": 25,
            "hero": 20,
            "ready": 5,
            "dominated": 4,
            "stunned": 3,
            "spent": 2,
            "blinded": 1,
        },
    )
    s.run(initiative.start_combat)
    assert s.move_creature("scout", Square(8, 8), MoveMode.WALK).opportunity_attackers == (
        "spent",
    )
    assert s.run(interrupts.opportunity_attack, "spent", "scout", dice=[1, 1]).ok
    assert s.end_turn().ok
    assert s.encounter.combat.current == "hero"
    assert s.run(
        gm_edits.add_condition, "dominated", Condition.CONTROLLED, DurationKind.SAVE_ENDS
    ).ok
    assert s.run(gm_edits.add_condition, "stunned", Condition.STUNNED, DurationKind.SAVE_ENDS).ok
    assert s.run(gm_edits.add_condition, "blinded", Condition.BLINDED, DurationKind.SAVE_ENDS).ok
    return s


def _query_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encounter: Encounter, to: Square
) -> dict[str, Any]:
    """`orcus-desktop query path` for the hero on the encounter saved to a file."""
    path = tmp_path / "fight.json"
    save_encounter(path, encounter)
    capsys.readouterr()
    assert query_main(["path", str(path), "--creature", "hero", "--to", f"{to.col},{to.row}"]) == 0
    answer: dict[str, Any] = json.loads(capsys.readouterr().out)
    return answer


def test_query_path_and_drag_preview_agree_on_who_provokes(
    session: GameSession, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    destination = Square(5, 5)
    preview = session.preview_move("hero", destination, MoveMode.WALK)
    answer = _query_path(tmp_path, capsys, session.encounter, destination)
    # Only the orc that is alive, able to react and sees the hero threatens it as it leaves.
    assert preview.provoking_enemy_ids == ("ready",)
    assert answer["provokes"] == ["ready"]
    assert answer["reachable"] is preview.reachable is True
    assert answer["cost"] == preview.cost


def test_the_dead_do_not_block_the_path(
    session: GameSession, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The dead orc's square is free to walk through, on the map and in the CLI alike.
    destination = Square(0, 0)
    preview = session.preview_move("hero", destination, MoveMode.WALK)
    answer = _query_path(tmp_path, capsys, session.encounter, destination)
    assert [tuple(s) for s in answer["path"]] == [tuple(s) for s in preview.path]
    assert (1, 1) in [tuple(s) for s in answer["path"]]


def test_query_sight_of_the_dead_says_what_the_map_says(
    session: GameSession, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The map's targeting tool answers "the dead neither see nor block"; so does the CLI,
    # while the distance to a body is still counted (000 "Range").
    path = tmp_path / "fight.json"
    save_encounter(path, session.encounter)
    capsys.readouterr()
    assert query_main(["sight", str(path), "--from", "hero", "--to", "dead"]) == 2
    assert "the dead neither see nor block" in capsys.readouterr().err
    assert query_main(["distance", str(path), "--from", "hero", "--to", "dead"]) == 0
    assert json.loads(capsys.readouterr().out) == {"distance": 1}
