"""No file hangs the app: lit squares (R-218) and terrain squares (R-219) have one limit each.

Before: 2,000 lights of dim radius 100 were within every limit, and opening the file froze the
GM's window for minutes lighting 80 million squares. Now the file is refused in one line naming
the lit area; a file just within it opens; and the step that would pass it (placing a light,
widening one, lighting a put-out one, importing a map's lights) is refused in the GM's words, so
every state the app lets the GM reach still saves and reopens (issue 12).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from orcus_desktop.controller.editing import editing, lighting_edits
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model import map_limits
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format.limits import MAX_LIT_SQUARES, MAX_TERRAIN_SQUARES
from orcus_desktop.model.file_format.write import encounter_to_dict
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import Lighting, LightSource
from orcus_desktop.model.map_limits import lit_area_problem, lit_squares, terrain_problem
from orcus_desktop.model.serialization import EncounterFileError, load_encounter, save_encounter
from tests.controller.conftest import make_session

# A light of dim radius 100 reaches a window of 201 x 201 squares.
_WIDEST = 201 * 201
_WITHIN = MAX_LIT_SQUARES // _WIDEST


def _light(i: int, dim: int = 100, *, lit: bool = True) -> LightSource:
    square = Square(i % 300, i // 300)
    return LightSource(LightId(f"l{i}"), "Torch", square, dim // 2, dim, lit=lit)


def _encounter(lights: list[LightSource]) -> Encounter:
    lighting = Lighting(Illumination.DARK, tuple(lights))
    return Encounter(GridBounds(300, 300), lighting=lighting)


def _file(tmp_path: Path, lights: list[LightSource]) -> Path:
    path = tmp_path / "lights.json"
    path.write_text(json.dumps(encounter_to_dict(_encounter(lights))), encoding="utf-8")
    return path


def test_each_light_counts_the_window_its_dim_radius_spans_and_a_put_out_one_none() -> None:
    assert lit_squares([_light(0, dim=0), _light(1, dim=2), _light(2, lit=False)]) == 1 + 25
    assert lit_area_problem([_light(0, dim=2)] * 4, most=100) == ""
    problem = lit_area_problem([_light(0, dim=2)] * 5, most=100)
    assert problem.startswith("the lights reach 125 squares together")
    assert problem.endswith("a map lights at most 100")


def test_a_file_over_the_lit_area_budget_is_refused_in_one_line(tmp_path: Path) -> None:
    path = _file(tmp_path, [_light(i) for i in range(_WITHIN + 1)])
    with pytest.raises(EncounterFileError) as refused:
        load_encounter(path)
    message = str(refused.value)
    assert len(message.splitlines()) == 1
    assert message.startswith("lights.json: lighting.sources: the lights reach ")
    assert f"a map lights at most {MAX_LIT_SQUARES:,}" in message


def test_a_file_just_within_the_budget_opens_saves_and_reopens(tmp_path: Path) -> None:
    lights = [_light(i) for i in range(_WITHIN)]
    opened = load_encounter(_file(tmp_path, lights))
    assert lit_squares(opened.lighting.sources) == _WITHIN * _WIDEST <= MAX_LIT_SQUARES
    saved = tmp_path / "saved.json"
    save_encounter(saved, opened)
    assert load_encounter(saved).lighting.sources == opened.lighting.sources


def test_placing_the_light_that_would_pass_the_budget_is_refused() -> None:
    session = make_session(_encounter([_light(i) for i in range(_WITHIN)]))
    result = session.run(lighting_edits.add_light, _light(999))
    assert not result.ok
    assert result.reason.startswith("cannot place the light: the lights reach ")
    assert len(session.encounter.lighting.sources) == _WITHIN
    assert session.run(lighting_edits.add_light, _light(999, dim=2)).ok


def test_widening_or_relighting_a_light_past_the_budget_is_refused() -> None:
    lights = [_light(i) for i in range(_WITHIN)]
    session = make_session(_encounter([*lights, _light(500, dim=10), _light(501, lit=False)]))
    small = session.encounter.lighting.source(LightId("l500"))
    put_out = session.encounter.lighting.source(LightId("l501"))
    assert small is not None
    assert put_out is not None
    widened = session.run(lighting_edits.update_light, replace(small, dim=100))
    assert not widened.ok
    assert "a map lights at most" in widened.reason
    relit = session.run(lighting_edits.update_light, replace(put_out, lit=True))
    assert not relit.ok
    assert session.encounter.lighting.source(LightId("l501")) == put_out


# terrain's squares together, the same way; tried with a limit of 100 squares (the
# limit itself is tried by `terrain_problem` alone: a million squares take seconds to read).


@pytest.fixture
def hundred_squares(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(map_limits, "MAX_TERRAIN_SQUARES", 100)
    return 100


def _terrain_file(tmp_path: Path, squares: int) -> Path:
    data = encounter_to_dict(Encounter(GridBounds(10, 10)))
    every = [[c, r] for r in range(10) for c in range(10)]
    data["terrain"] = [
        {"kind": "difficult", "squares": every[: min(squares, 100)]},
        {"kind": "lightly-obscured", "squares": every[: max(0, squares - 100)]},
    ]
    path = tmp_path / "terrain.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_limit_is_the_largest_grid_painted_once() -> None:
    assert terrain_problem(MAX_TERRAIN_SQUARES) == ""
    assert terrain_problem(MAX_TERRAIN_SQUARES + 1) == (
        "1,000,001 squares of terrain; a map holds at most 1,000,000"
    )


def test_a_file_with_more_terrain_squares_than_the_limit_is_refused_in_one_line(
    tmp_path: Path, hundred_squares: int
) -> None:
    with pytest.raises(EncounterFileError) as refused:
        load_encounter(_terrain_file(tmp_path, hundred_squares + 1))
    assert str(refused.value) == (
        "terrain.json: terrain: 101 squares of terrain; a map holds at most 100"
    )


def test_a_file_with_terrain_just_within_the_limit_opens(
    tmp_path: Path, hundred_squares: int
) -> None:
    opened = load_encounter(_terrain_file(tmp_path, hundred_squares))
    assert sum(len(p.squares) for p in opened.terrain) == hundred_squares


def test_painting_past_the_terrain_limit_is_refused_and_within_it_paints(
    hundred_squares: int,
) -> None:
    every = [Square(c, r) for r in range(10) for c in range(10)]
    session = make_session(Encounter(GridBounds(10, 10)))
    assert session.run(editing.paint_terrain, TerrainKind.DIFFICULT, every).ok
    result = session.run(editing.paint_terrain, TerrainKind.LIGHTLY_OBSCURED, every[:1])
    assert not result.ok
    assert result.reason == (
        "cannot paint: the map would hold 101 squares of terrain; a map holds at most 100"
    )
    erased = session.run(editing.paint_terrain, TerrainKind.DIFFICULT, every[:1], erase=True)
    assert erased.ok
    assert session.run(editing.paint_terrain, TerrainKind.LIGHTLY_OBSCURED, every[:1]).ok
