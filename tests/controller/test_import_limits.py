"""Import Map's merge stays within the limits table, and its light work grows with the count.

Issue 29: merging could make a map the loader refuses; 100,000 lights took over 90 s to import
because each one was added on its own (the work grew with the square of the count).
"""

from __future__ import annotations

import time

from orcus_desktop.controller.editing import map_import
from orcus_desktop.controller.editing.map_import import ImportMode
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format.limits import MAX_LIGHTS
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import Lighting, LightSource
from orcus_desktop.model.uvtt import ImportedMap, numbered
from tests.controller.conftest import make_session


def _imported(lights: int, walls: tuple[Wall, ...] = ()) -> ImportedMap:
    sources = tuple(
        LightSource(LightId(f"light-{i + 1}"), square=Square(i % 100, i // 100 % 100))
        for i in range(lights)
    )
    return ImportedMap("cave", GridBounds(100, 100), walls, None, lights=sources)


def test_merging_lights_past_the_limit_is_refused_quickly() -> None:
    session = make_session(Encounter(GridBounds(100, 100)))
    start = time.perf_counter()
    result = session.run(map_import.import_map, _imported(100_000), ImportMode.MERGE)
    assert time.perf_counter() - start < 10
    assert not result.ok
    assert f"100,000 lights; a map holds at most {MAX_LIGHTS:,}" in result.reason


def test_a_merge_that_would_pass_the_light_limit_is_refused() -> None:
    lit = Lighting(sources=tuple(_imported(MAX_LIGHTS - 10).lights))
    session = make_session(Encounter(GridBounds(100, 100), lighting=lit))
    before = session.encounter
    result = session.run(map_import.import_map, _imported(11), ImportMode.MERGE)
    assert not result.ok
    assert session.encounter == before
    assert session.run(map_import.import_map, _imported(10), ImportMode.MERGE).ok
    ids = [s.id for s in session.encounter.lighting.sources]
    assert len(ids) == len(set(ids)) == MAX_LIGHTS


def test_merged_lights_take_fresh_ids() -> None:
    lit = Lighting(sources=(LightSource(LightId("light-2")),))
    session = make_session(Encounter(GridBounds(100, 100), lighting=lit))
    assert session.run(map_import.import_map, _imported(3), ImportMode.MERGE).ok
    assert [s.id for s in session.encounter.lighting.sources] == [
        "light-2",
        "light-3",
        "light-4",
        "light-5",
    ]


def test_a_merge_whose_walls_cross_too_often_is_refused() -> None:
    across = tuple(
        Wall(WallKind.WALL, ((0.0, 1.0 + i * 0.5), (99.0, 1.0 + i * 0.5))) for i in range(101)
    )
    down = tuple(
        Wall(WallKind.WALL, ((1.0 + i * 0.5, 0.0), (1.0 + i * 0.5, 99.0))) for i in range(101)
    )
    session = make_session(Encounter(GridBounds(100, 100), walls=numbered(across)))
    result = session.run(map_import.import_map, _imported(0, down), ImportMode.MERGE)
    assert not result.ok
    assert "cut through one another more than 10,000 times" in result.reason
