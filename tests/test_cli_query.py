"""`orcus-desktop query ...`: JSON on stdout, exit 0; one line on stderr and exit 2 on errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.cli import query_main

ENCOUNTER: dict[str, Any] = {
    "format": "orcus-encounter",
    "version": 1,
    "grid": {"columns": 12, "rows": 10},
    "walls": [{"kind": "wall", "open": False, "points": [[4, 0], [4, 5]]}],
    "terrain": [{"kind": "difficult", "squares": [[1, 2]]}],
    "creatures": [
        {
            "id": "fighter",
            "name": "Fighter",
            "side": "heroes",
            "size": "medium",
            "square": [1, 1],
            "speed": 6,
        },
        {
            "id": "orc",
            "name": "Orc",
            "side": "monsters",
            "size": "medium",
            "square": [6, 2],
            "speed": 6,
        },
        {
            "id": "goblin",
            "name": "Goblin",
            "side": "monsters",
            "square": [2, 0],
            "extra": "ignored",
        },
    ],
    "notes": "extra fields are allowed",
}


@pytest.fixture
def encounter_file(tmp_path: Path) -> Path:
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(ENCOUNTER), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    code = query_main(list(argv))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out else None), err


def test_distance(capsys: pytest.CaptureFixture[str], encounter_file: Path) -> None:
    code, out, err = run(
        capsys, "distance", str(encounter_file), "--from", "fighter", "--to", "orc"
    )
    assert (code, out, err) == (0, {"distance": 5}, "")


def test_sight(capsys: pytest.CaptureFixture[str], encounter_file: Path) -> None:
    code, out, _ = run(capsys, "sight", str(encounter_file), "--from", "fighter", "--to", "goblin")
    assert code == 0
    assert out == {
        "line_of_sight": True,
        "line_of_effect": True,
        "cover": "none",
        "concealment": "none",
    }
    _, out, _ = run(capsys, "sight", str(encounter_file), "--from", "fighter", "--to", "orc")
    assert out["cover"] == "total"
    assert out["line_of_effect"] is False


def test_area(capsys: pytest.CaptureFixture[str], encounter_file: Path) -> None:
    code, out, _ = run(
        capsys, "area", str(encounter_file), "--shape", "burst", "--size", "1", "--origin", "2,1"
    )
    assert code == 0
    assert out["squares"] == sorted(out["squares"])
    assert len(out["squares"]) == 9
    assert out["creatures"] == ["fighter", "goblin"]


def test_path(capsys: pytest.CaptureFixture[str], encounter_file: Path) -> None:
    code, out, _ = run(capsys, "path", str(encounter_file), "--creature", "fighter", "--to", "1,4")
    assert code == 0
    assert set(out) == {"reachable", "cost", "path", "provokes"}
    assert out["path"][0] == [1, 1]
    assert out["path"][-1] == [1, 4]
    assert out["reachable"] is True
    assert out["provokes"] == ["goblin"]


def test_the_demo_goblins_path_provokes_the_fewest_and_follows_waypoints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 28: goblin-1 to (2,6) went by (3,6) and provoked Brakka and Sister Venn, while a
    walk as short by (3,5) provokes only Brakka (000 "Opportunity Attacks"; R-02)."""
    demo = str(demo_encounter_path())
    code, out, _ = run(capsys, "path", demo, "--creature", "goblin-1", "--to", "2,6")
    assert code == 0
    assert out["cost"] == 8
    assert out["provokes"] == ["brakka"]
    # The GM insists on (3,6): as short, and it provokes both; --via is repeatable, in order.
    code, out, _ = run(
        capsys, "path", demo, "--creature", "goblin-1", "--to", "2,6", "--via", "3,6"
    )
    assert code == 0
    assert (out["cost"], out["provokes"]) == (8, ["brakka", "sister-venn"])
    assert [3, 6] in out["path"]
    code, out, _ = run(
        capsys, "path", demo, "--creature", "goblin-1", "--to", "2,6",
        "--via", "9,2", "--via", "6,2",
    )  # fmt: skip
    assert code == 0
    assert out["path"].index([9, 2]) < out["path"].index([6, 2])
    assert (out["cost"], out["reachable"]) == (10, False)  # one move of 6 cannot do it


def test_an_ogres_path_does_not_cross_a_wall_through_its_space(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Issue 11: "a wall or blocking square inside the creature's space blocks placement and
    # movement". In the demo the inner wall runs along row line 9 from column 8 to 11: the
    # ogre (2x2) cannot stand on (8, 8) (the wall between its rows) nor pass (10, 8).
    demo = str(demo_encounter_path())
    code, out, _ = run(capsys, "path", demo, "--creature", "ogre", "--to", "8,8")
    assert code == 0
    assert out == {"reachable": False, "cost": None, "path": [], "provokes": []}
    _, out, _ = run(capsys, "path", demo, "--creature", "ogre", "--to", "11,8")
    assert out["reachable"] is True
    assert [10, 8] not in out["path"]


@pytest.mark.parametrize(
    "argv",
    [
        ["distance", "{file}", "--from", "fighter", "--to", "nobody"],
        ["path", "{file}", "--creature", "fighter", "--to", "40,1"],
        ["area", "{file}", "--shape", "burst", "--size", "2", "--origin", "1"],
        ["area", "{file}", "--shape", "cone", "--size", "2", "--origin", "1,1"],
        ["sight", "{missing}", "--from", "a", "--to", "b"],
        ["sight", "{bad}", "--from", "a", "--to", "b"],
        ["teleport", "{file}"],
        ["path", "{file}", "--creature", "fighter", "--to", "1,4", "--via", "99,1"],
        ["path", "{file}", "--creature", "fighter", "--to", "1,4", "--via", "1"],
        [],
    ],
)
def test_errors_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], encounter_file: Path, tmp_path: Path, argv: list[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    args = [
        a.format(file=encounter_file, missing=tmp_path / "missing.json", bad=bad) for a in argv
    ]
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out is None
    assert err.count("\n") == 1
    assert err.startswith("orcus-desktop query: ")
    assert "Traceback" not in err


def test_in_a_real_process(encounter_file: Path) -> None:
    code = (
        "import sys; from orcus_desktop.cli import query_main; sys.exit(query_main(sys.argv[1:]))"
    )
    ok = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "distance",
            str(encounter_file),
            "--from",
            "orc",
            "--to",
            "fighter",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (ok.returncode, json.loads(ok.stdout)) == (0, {"distance": 5})
    bad = subprocess.run(
        [sys.executable, "-c", code, "distance", str(encounter_file), "--from", "x", "--to", "y"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert len(bad.stderr.splitlines()) == 1
    assert "Traceback" not in bad.stderr


@pytest.mark.parametrize(
    ("args", "code", "expected"),
    [
        (["distance", "{file}", "--from", "fighter", "--to", "orc"], 0, {"distance": 5}),
        (
            ["area", "{file}", "--shape", "burst", "--size", "0", "--origin", "2,0"],
            0,
            {"squares": [[2, 0]], "creatures": ["goblin"]},
        ),
        (["path", "{file}", "--creature", "ghost", "--to", "1,1"], 2, None),
    ],
)
def test_python_dash_m(
    encounter_file: Path, args: list[str], code: int, expected: dict[str, Any] | None
) -> None:
    """`python -m orcus_desktop query ...` reaches the same command (app.main dispatches)."""
    argv = [a.format(file=encounter_file) for a in args]
    done = subprocess.run(
        [sys.executable, "-m", "orcus_desktop", "query", *argv],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == code
    if expected is None:
        assert done.stdout == ""
        assert len(done.stderr.splitlines()) == 1
        assert "Traceback" not in done.stderr
    else:
        assert json.loads(done.stdout) == expected


def test_waiting_names_the_offer_and_the_held_attack_of_a_saved_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 28, R-117: a file saved while an offer waits says what waits, as End turn does."""
    from orcus_desktop.model.serialization import save_encounter
    from tests.controller.test_end_turn_waits import _fight

    session = _fight("orcus")
    assert session.use_power("hero", "Arcane Bolt", ["orc"], dice=[18, 4]).ok
    path = tmp_path / "held.json"
    save_encounter(path, session.encounter)
    assert query_main(["waiting", str(path)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer == {
        "waiting": [
            {
                "kind": "held",
                "creature": "hero",
                "about": "orc",
                "text": "Hero's Arcane Bolt waits for the opportunity attacks",
            },
            {
                "kind": "offer",
                "creature": "goblin",
                "about": "hero",
                "text": "Goblin may make an opportunity attack on Hero",
            },
        ]
    }
    assert query_main(["waiting", str(demo_encounter_path())]) == 0
    assert json.loads(capsys.readouterr().out) == {"waiting": []}
