"""A Universal VTT map the app imports is one its saved encounter reopens with (issue 29, R-136).

Before: 25,000 walls, one wall of 15,000 points, a wall 150 squares outside the map or 10,001
lights were imported and saved, then the file would not open. Now the importer checks the same
limits table as the loader and refuses such a file in one line, leaving nothing behind.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from orcus_desktop.model.file_format.limits import (
    MAX_LIGHTS,
    MAX_WALL_CROSSINGS,
    MAX_WALL_POINTS,
    MAX_WALLS,
)
from orcus_desktop.model.serialization import (
    EncounterFileError,
    encounter_to_dict,
    load_encounter,
    save_encounter,
)
from orcus_desktop.model.uvtt import MapFileError, import_uvtt_file
from tests.uvtt_files import png_bytes, polyline, uvtt_map, write_map


def _map(tmp_path: Path, name: str, **changes: object) -> Path:
    data = uvtt_map(size=(200.0, 200.0), ppg=4, image=png_bytes(800, 800))
    data.update(changes)
    return write_map(tmp_path / name, data)


def _lights(n: int) -> list[dict[str, object]]:
    return [
        {"position": {"x": 0.5 + i % 200, "y": 0.5 + i // 200}, "range": 4.0, "color": "ffffffff"}
        for i in range(n)
    ]


def _refused(path: Path, folder: Path) -> str:
    with pytest.raises(MapFileError) as refused:
        import_uvtt_file(path, folder)
    message = str(refused.value)
    assert len(message.splitlines()) == 1
    assert message.startswith(f"{path.name}: ")
    return message


def test_a_map_at_the_limits_imports_saves_and_reopens(tmp_path: Path) -> None:
    walls = [polyline((1, 1 + i / 100), (2, 1 + i / 100)) for i in range(2_000)]
    walls.append(polyline(*[(3 + (j % 2), 3 + j / 1000) for j in range(MAX_WALL_POINTS)]))
    walls.append(polyline((-99, -99), (299, -99)))  # as far out as a wall may lie
    path = _map(tmp_path, "full.dd2vtt", line_of_sight=walls, lights=_lights(MAX_LIGHTS))
    imported, _ = import_uvtt_file(path, tmp_path / "images")
    saved = tmp_path / "full.json"
    save_encounter(saved, imported.as_encounter())
    assert encounter_to_dict(load_encounter(saved)) == encounter_to_dict(imported.as_encounter())


def test_more_walls_than_a_map_holds_are_refused(tmp_path: Path) -> None:
    walls = [polyline((1, 1), (2, 2))] * (MAX_WALLS + 1)
    message = _refused(_map(tmp_path, "walls.dd2vtt", line_of_sight=walls), tmp_path)
    assert f"more than {MAX_WALLS:,} walls" in message


def test_a_wall_of_too_many_points_is_refused(tmp_path: Path) -> None:
    wall = polyline(*[(1 + (j % 3), 1 + j / 10_000) for j in range(MAX_WALL_POINTS + 1)])
    message = _refused(_map(tmp_path, "long.dd2vtt", line_of_sight=[wall]), tmp_path)
    assert f"a wall of {MAX_WALL_POINTS + 1:,} points" in message


def test_a_wall_150_squares_outside_is_refused_and_its_image_removed(tmp_path: Path) -> None:
    path = _map(tmp_path, "far.dd2vtt", line_of_sight=[polyline((-150, 5), (5, 5))])
    images = tmp_path / "images"
    message = _refused(path, images)
    assert "reaches (-150, 5), more than 100 squares outside the largest grid" in message
    assert list(images.iterdir()) == []  # the extracted image went with the refusal


def test_more_lights_than_a_map_holds_are_refused(tmp_path: Path) -> None:
    path = _map(tmp_path, "lights.dd2vtt", lights=_lights(MAX_LIGHTS + 1))
    assert f"{MAX_LIGHTS + 1:,} lights; a map holds at most {MAX_LIGHTS:,}" in _refused(
        path, tmp_path
    )


def test_walls_cutting_through_each_other_too_often_are_refused(tmp_path: Path) -> None:
    """101 x 101 crossing walls cut each other 10,201 times: more than a map may hold."""
    walls = [polyline((0, 10 + i), (150, 10 + i)) for i in range(101)]
    walls += [polyline((10 + i, 0), (10 + i, 150)) for i in range(101)]
    start = time.perf_counter()
    message = _refused(_map(tmp_path, "mesh.dd2vtt", line_of_sight=walls), tmp_path)
    assert time.perf_counter() - start < 10
    assert f"cut through one another more than {MAX_WALL_CROSSINGS:,} times" in message


def test_the_loader_refuses_what_the_importer_refuses(tmp_path: Path) -> None:
    """One table: an encounter file with the crossing walls above does not open either."""
    walls = [{"points": [[0, 10 + i], [150, 10 + i]]} for i in range(101)]
    walls += [{"points": [[10 + i, 0], [10 + i, 150]]} for i in range(101)]
    path = tmp_path / "mesh.json"
    path.write_text(
        '{"format": "orcus-encounter", "version": 1, "grid": {"columns": 160, "rows": 160}, '
        f'"walls": {str(walls).replace(chr(39), chr(34))}}}',
        encoding="utf-8",
    )
    with pytest.raises(EncounterFileError, match="cut through one another more than"):
        load_encounter(path)
