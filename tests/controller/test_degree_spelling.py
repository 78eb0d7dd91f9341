"""One spelling of each cover and concealment degree (issue 10, divergence 3).

`orcus-desktop query sight`, the saved encounter file, the combat log entries and the
`AttackChoices(cover=...)` API name a degree the same way, so a GM can copy what the CLI says
into a cover override and a script can compare the log with the CLI. An encounter saved by the
version before issue 10 (tests/data/saved_before_issue_10.json) still opens and reads the same.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from orcus_desktop.cli import query_main
from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter, WallEntry
from orcus_desktop.model.ids import WallId
from orcus_desktop.model.serialization import load_encounter, save_encounter
from tests.controller.conftest import fighter, make_session, orc

SAVED_BEFORE = Path(__file__).parent.parent / "data" / "saved_before_issue_10.json"


def _arrow_slit() -> Encounter:
    """000 "Cover": three-quarters "if about three-quarters of it is covered ... an arrow slit";
    000 "Concealment": the orc stands in a lightly obscured square."""
    slit = Wall(WallKind.WALL, ((9.0, 0.125), (9.0, 20.0)), False)
    return Encounter(
        GridBounds(20, 20),
        walls=(WallEntry(WallId("slit"), slit),),
        terrain=(TerrainPatch(TerrainKind.LIGHTLY_OBSCURED, frozenset({Square(10, 0)})),),
        creatures=(fighter("hero", 0, 0), orc("orc", 10, 0)),
    )


def _query_sight(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    path = tmp_path / "slit.json"
    save_encounter(path, _arrow_slit())
    capsys.readouterr()
    assert query_main(["sight", str(path), "--from", "hero", "--to", "orc"]) == 0
    answer: dict[str, Any] = json.loads(capsys.readouterr().out)
    return answer


def test_the_cli_the_log_the_file_and_the_api_spell_degrees_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = _query_sight(tmp_path, capsys)
    session = make_session(_arrow_slit())
    session.run(initiative.roll_initiative, totals={"hero": 20, "orc": 10})
    session.run(initiative.start_combat)
    result = session.use_power("hero", "Arcane Bolt", ["orc"], dice=[15, 3])
    assert result.ok, result.reason
    logged = next(e for e in result.log if e.kind == "attack").data["targets"][0]
    assert (answer["cover"], answer["concealment"]) == ("three_quarters", "concealed")
    assert (logged["cover"], logged["concealment"]) == (answer["cover"], answer["concealment"])
    # What the CLI says is what the API takes as a GM override.
    session.undo()
    override = session.use_power(
        "hero",
        "Arcane Bolt",
        ["orc"],
        dice=[15, 3],
        choices=AttackChoices(cover={"orc": answer["cover"]}),
    )
    assert override.ok, override.reason
    # ... and what the file keeps.
    saved = tmp_path / "after.json"
    save_encounter(saved, session.encounter)
    text = saved.read_text(encoding="utf-8")
    assert '"cover": "three_quarters"' in text
    assert '"concealment": "concealed"' in text


def test_a_file_saved_by_the_previous_version_still_opens(tmp_path: Path) -> None:
    encounter = load_encounter(SAVED_BEFORE)
    attacks = [e for e in encounter.combat.log if e.kind == "attack"]
    targets = [t for e in attacks for t in e.data["targets"]]
    assert [(t["target"], t["cover"], t["concealment"]) for t in targets] == [
        ("orc", "three_quarters", "none"),
        ("lurker", "none", "concealed"),
    ]
    # It opens in a session, and saves back the same degrees.
    session = make_session(encounter)
    assert session.available_actions("hero").its_turn
    again = tmp_path / "again.json"
    save_encounter(again, session.encounter)
    assert load_encounter(again).combat.log == encounter.combat.log
