"""No file hangs the app: the lights' squares together stay within one budget (R-218).

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

from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format.limits import MAX_LIT_SQUARES
from orcus_desktop.model.file_format.write import encounter_to_dict
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import Lighting, LightSource
from orcus_desktop.model.map_limits import lit_area_problem, lit_squares
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
