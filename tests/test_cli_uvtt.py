"""Universal VTT maps on the command line (issue 18): wherever an encounter goes, and
`query sight` between squares, so a map's walls and doors can be checked without creatures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from orcus_desktop.cli import query_main
from tests.test_app_cli import _colour_share, run_app
from tests.uvtt_files import corridor_map, png_bytes, uvtt_map, write_map


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    code = query_main(list(argv))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out else None), err


@pytest.mark.parametrize(("closed", "sees"), [(True, False), (False, True)])
def test_query_sight_between_squares_follows_the_files_door(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, closed: bool, sees: bool
) -> None:
    # A cropped export (origin not 0, 0): the door is drawn 5 squares from the image's edge.
    path = write_map(tmp_path / "keep.dd2vtt", corridor_map((9, 2), door_closed=closed))
    code, out, err = run(capsys, "sight", str(path), "--from", "2,3", "--to", "7,3")
    assert code == 0, err
    assert out["line_of_sight"] is sees
    assert out["line_of_effect"] is sees
    assert out["cover"] == ("none" if sees else "total")
    # Beside the door, the wall blocks whatever the door's state.
    _, beside, _ = run(capsys, "sight", str(path), "--from", "2,6", "--to", "7,6")
    assert beside["line_of_sight"] is False


def test_query_sight_mixes_squares_and_creatures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "fight.json"
    path.write_text(
        json.dumps(
            {
                "format": "orcus-encounter",
                "version": 1,
                "grid": {"columns": 8, "rows": 5},
                "walls": [{"kind": "wall", "points": [[4, 0], [4, 5]]}],
                "creatures": [{"id": "hero", "name": "Hero", "side": "heroes", "square": [1, 2]}],
            }
        ),
        encoding="utf-8",
    )
    _, out, _ = run(capsys, "sight", str(path), "--from", "hero", "--to", "6,2")
    assert out["line_of_sight"] is False
    # A creature standing on the queried square is that end, not an obstacle.
    _, out, _ = run(capsys, "sight", str(path), "--from", "1,2", "--to", "hero")
    assert out == {
        "line_of_sight": True,
        "line_of_effect": True,
        "cover": "none",
        "concealment": "none",
    }
    code, _, err = run(capsys, "sight", str(path), "--from", "9,2", "--to", "hero")
    assert code == 2
    assert "square 9,2 is off the grid" in err


def test_every_query_takes_a_map_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_map(tmp_path / "keep.uvtt", corridor_map())
    code, out, err = run(
        capsys, "area", str(path), "--shape", "burst", "--size", "1", "--origin", "4,3"
    )
    assert code == 0, err
    # A map file is an encounter with no creatures.
    assert len(out["squares"]) == 9
    assert out["creatures"] == []


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (uvtt_map(version=1.0), "unknown Universal VTT version"),
        ({"format": 0.3}, "resolution: expected an object"),
    ],
)
def test_a_bad_map_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: dict[str, Any], expected: str
) -> None:
    path = write_map(tmp_path / "bad.dd2vtt", data)
    code, out, err = run(capsys, "sight", str(path), "--from", "1,1", "--to", "2,2")
    assert code == 2
    assert out is None
    assert len(err.strip().splitlines()) == 1
    assert expected in err


def test_the_app_opens_a_map_file_with_its_art(tmp_path: Path) -> None:
    red = (200, 30, 30)
    data = corridor_map((3, 3))
    data["image"] = uvtt_map(image=png_bytes(200, 160, red))["image"]
    path = write_map(tmp_path / "keep.dd2vtt", data)
    shot = tmp_path / "shot.png"
    result = run_app(str(path), "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "keep.png").read_bytes() == png_bytes(200, 160, red)
    assert _colour_share(shot, red, tolerance=40) > 0.05
