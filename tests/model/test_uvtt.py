"""Universal VTT import and export (issue 18), Qt-free: placement, doors, images, bad input.

Every file is made by the test (tests/uvtt_files.py). "Lines up with the art" is checked the
way the map draws it: a grid point (x, y) lies on image pixel (x * pixels_per_square + offset_x,
y * pixels_per_square + offset_y), and the file says the same point lies on pixel
((x_world - origin.x) * pixels_per_grid, ...).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from orcus_desktop.controller.views.queries import sight_query
from orcus_desktop.geometry.features import WallKind
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import Lighting, LightSource
from orcus_desktop.model.uvtt import (
    ImportCancelledError,
    MapFileError,
    import_uvtt_file,
    load_encounter_or_map,
    read_uvtt,
    write_uvtt,
)
from orcus_desktop.model.uvtt import reader as uvtt_reader
from orcus_desktop.model.uvtt.images import ImageKind, read_header
from tests.uvtt_files import corridor_map, png_bytes, polyline, portal, uvtt_map, write_map


def _pixel(point: tuple[float, float], image: Any) -> tuple[float, float]:
    return (
        point[0] * image.pixels_per_square + image.offset_px[0],
        point[1] * image.pixels_per_square + image.offset_px[1],
    )


@pytest.mark.parametrize("origin", [(0.0, 0.0), (7.0, -3.0), (12.5, 4.25)])
def test_walls_line_up_with_the_art_whatever_the_origin(
    tmp_path: Path, origin: tuple[float, float]
) -> None:
    data = corridor_map(origin)
    imported, created = import_uvtt_file(write_map(tmp_path / "cave.dd2vtt", data), tmp_path)
    assert created
    image = imported.map_image
    assert image is not None
    ppg = data["resolution"]["pixels_per_grid"]
    world = [[(p["x"], p["y"]) for p in line] for line in data["line_of_sight"]] + [
        [(p["x"], p["y"]) for p in d["bounds"]] for d in data["portals"]
    ]
    placed = [w.points for w in imported.walls]
    assert len(placed) == len(world)
    for file_line, grid_line in zip(world, placed, strict=True):
        for (wx, wy), point in zip(file_line, grid_line, strict=True):
            expected = ((wx - origin[0]) * ppg, (wy - origin[1]) * ppg)
            assert _pixel(point, image) == pytest.approx(expected)
    # The whole image is on the grid, from square (0, 0).
    assert imported.grid.columns * image.pixels_per_square >= 10 * ppg + image.offset_px[0]
    assert imported.grid.rows * image.pixels_per_square >= 8 * ppg + image.offset_px[1]
    assert -image.pixels_per_square < image.offset_px[0] <= 0


def test_a_cropped_export_blocks_sight_where_its_wall_is_drawn(tmp_path: Path) -> None:
    # The wall is drawn 5 squares from the image's left edge: squares 4 and 5 of the grid
    # (counted from the image's left edge) are on either side, whatever the origin.
    encounter = load_encounter_or_map(write_map(tmp_path / "c.dd2vtt", corridor_map((7, -3))))
    assert sight_query(encounter, Square(4, 1), Square(5, 1)).line_of_sight is False
    assert sight_query(encounter, Square(3, 1), Square(4, 1)).line_of_sight is True
    assert sight_query(encounter, Square(5, 1), Square(6, 6)).line_of_sight is True


@pytest.mark.parametrize("closed", [True, False])
def test_sight_through_a_door_follows_its_state_in_the_file(tmp_path: Path, closed: bool) -> None:
    path = write_map(tmp_path / "door.uvtt", corridor_map((2, 2), door_closed=closed))
    encounter = load_encounter_or_map(path)
    doors = [w.wall for w in encounter.walls if w.wall.kind is WallKind.DOOR]
    assert [d.is_open for d in doors] == [not closed]
    answer = sight_query(encounter, Square(2, 3), Square(7, 3))
    assert answer.line_of_sight is not closed
    assert answer.line_of_effect is not closed


def test_objects_line_of_sight_become_walls(tmp_path: Path) -> None:
    pillar = polyline((4, 3), (6, 3), (6, 5), (4, 5), (4, 3))
    data = uvtt_map(objects=[pillar])
    imported, _ = import_uvtt_file(write_map(tmp_path / "p.dd2vtt", data), None)
    assert [w.kind for w in imported.walls] == [WallKind.WALL]
    encounter = imported.as_encounter()
    assert sight_query(encounter, Square(2, 4), Square(8, 4)).line_of_sight is False
    assert sight_query(encounter, Square(2, 1), Square(8, 1)).line_of_sight is True


def test_format_0_2_and_0_3_both_read(tmp_path: Path) -> None:
    walls = [polyline((1, 1), (1, 5))]
    old = read_uvtt(write_map(tmp_path / "a.dd2vtt", uvtt_map(version=0.2, walls=walls)))
    new = read_uvtt(write_map(tmp_path / "b.dd2vtt", uvtt_map(version=0.3, walls=walls)))
    assert (old.version, new.version) == (0.2, 0.3)
    assert old.walls == new.walls == (((1.0, 1.0), (1.0, 5.0)),)


def test_summary_counts_walls_doors_lights_and_the_ambient_light(tmp_path: Path) -> None:
    imported, _ = import_uvtt_file(write_map(tmp_path / "c.dd2vtt", corridor_map()), None)
    # issue 20: lights and the environment come in (ambient "ff404040": dark grey, dark)
    assert imported.summary() == "2 walls, 1 door, 2 lights, ambient light dark"


def test_a_webp_image_is_stored_as_webp(tmp_path: Path) -> None:
    from PySide6.QtGui import QColor, QImage, QImageReader

    source = QImage(200, 160, QImage.Format.Format_RGB32)
    source.fill(QColor("darkgreen"))
    webp = tmp_path / "art.webp"
    assert source.save(str(webp))  # WebP by the suffix
    data = uvtt_map(image=webp.read_bytes(), walls=[polyline((5, 0), (5, 8))])
    imported, _ = import_uvtt_file(write_map(tmp_path / "w.df2vtt", data), tmp_path / "maps")
    assert imported.map_image is not None
    stored = Path(imported.map_image.path)
    assert stored.suffix == ".webp"
    assert stored.read_bytes() == webp.read_bytes()
    assert QImageReader(str(stored)).size().width() == 200
    assert imported.map_image.pixels_per_square == 20


@pytest.mark.parametrize(
    ("kind", "head"),
    [
        # Lossy, lossless and extended WebP headers, 300 x 200 pixels each.
        (
            "VP8 ",
            b"\x00" * 7  # chunk size, frame tag
            + b"\x9d\x01\x2a"
            + (300).to_bytes(2, "little")
            + (200).to_bytes(2, "little"),
        ),
        ("VP8L", b"\x00\x00\x00\x00\x2f" + (299 | (199 << 14)).to_bytes(4, "little") + b"\x00"),
        (
            "VP8X",
            b"\x00\x00\x00\x00"
            + b"\x00" * 4
            + (299).to_bytes(3, "little")
            + (199).to_bytes(3, "little"),
        ),
    ],
)
def test_webp_headers_give_the_image_size(kind: str, head: bytes) -> None:
    data = b"RIFF\x00\x00\x00\x00WEBP" + kind.encode() + head + b"\x00" * 8
    header = read_header(data)
    assert header is not None
    assert (header.kind, header.width, header.height) == (ImageKind.WEBP, 300, 200)


def test_the_image_is_written_once_however_often_imported(tmp_path: Path) -> None:
    path = write_map(tmp_path / "cave.dd2vtt", corridor_map())
    first, created = import_uvtt_file(path, tmp_path / "maps")
    again, created_again = import_uvtt_file(path, tmp_path / "maps")
    assert (created, created_again) == (True, False)
    assert first.map_image == again.map_image
    assert [p.name for p in (tmp_path / "maps").iterdir()] == ["cave.png"]


def test_a_json_file_may_be_a_universal_vtt_map(tmp_path: Path) -> None:
    encounter = load_encounter_or_map(write_map(tmp_path / "map.json", corridor_map()))
    assert len(encounter.walls) == 3
    assert encounter.name == "map"


def _bad(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    for dotted, value in changes.items():
        target = data
        *path, last = dotted.split("__")
        for key in path:
            target = target[key]
        if value is _DELETE:
            del target[last]
        else:
            target[last] = value
    return data


_DELETE = object()
_WALL = polyline((1, 1), (1, 5))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"image": _DELETE}, "no map image"),
        ({"image": ""}, "no map image"),
        ({"image": "not base64!"}, "not valid base64"),
        ({"image": "aGVsbG8gd29ybGQh"}, "not a PNG or WebP image"),
        ({"image": 42}, "image: expected base64 text"),
        ({"format": _DELETE}, 'no "format"'),
        ({"format": 1.0}, "unknown Universal VTT version"),
        ({"format": "0.3"}, "format: expected a number"),
        ({"resolution__map_size": "big"}, "resolution.map_size: expected an object"),
        ({"resolution__map_size__x": 0}, "each side must be more than 0"),
        ({"resolution__map_size__x": 5000}, "at most 1000"),
        ({"resolution__pixels_per_grid": 1}, "pixels_per_grid: 1"),
        ({"resolution__pixels_per_grid": True}, "pixels_per_grid: expected a number"),
        ({"line_of_sight": {"x": 1}}, "line_of_sight: expected a list"),
        ({"line_of_sight": [[{"x": "1", "y": 2}, {"x": 1, "y": 3}]]}, "line_of_sight[0][0].x"),
        ({"line_of_sight": [[{"x": 70, "y": 70}, {"x": 1400, "y": 70}]]}, "far outside"),
        ({"portals": [{"bounds": [{"x": 1, "y": 1}]}]}, "a door needs two different points"),
        ({"portals": [portal((1, 1), (1, 2)) | {"closed": "yes"}]}, "portals[0].closed"),
        ({"lights": {}}, "lights: expected a list"),
    ],
)
def test_bad_input_gives_one_clear_message_and_writes_nothing(
    tmp_path: Path, changes: dict[str, Any], message: str
) -> None:
    data = _bad(uvtt_map(walls=[_WALL]), **changes)
    path = write_map(tmp_path / "bad.dd2vtt", data)
    with pytest.raises(MapFileError) as caught:
        import_uvtt_file(path, tmp_path / "maps")
    text = str(caught.value)
    assert message in text
    assert text.startswith("bad.dd2vtt: ")
    assert "\n" not in text
    assert not (tmp_path / "maps").exists()


def test_an_image_that_does_not_fit_map_size_is_refused(tmp_path: Path) -> None:
    data = uvtt_map(size=(10, 8), ppg=20, image=png_bytes(200, 400))
    with pytest.raises(MapFileError, match="does not fit map_size"):
        read_uvtt(write_map(tmp_path / "m.dd2vtt", data))


def test_not_json_and_too_big_are_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    junk = tmp_path / "junk.uvtt"
    junk.write_text("{ nope", encoding="utf-8")
    with pytest.raises(MapFileError, match="invalid JSON at line 1"):
        read_uvtt(junk)
    monkeypatch.setattr(uvtt_reader, "MAX_FILE_BYTES", 100)
    with pytest.raises(MapFileError, match="too large"):
        read_uvtt(write_map(tmp_path / "big.uvtt", corridor_map()))


def test_cancelling_stops_the_import_and_writes_nothing(tmp_path: Path) -> None:
    path = write_map(tmp_path / "cave.dd2vtt", corridor_map())
    seen: list[str] = []

    def cancel_at_image(label: str, done: float) -> bool:
        seen.append(label)
        return "image" not in label

    with pytest.raises(ImportCancelledError):
        import_uvtt_file(path, tmp_path / "maps", cancel_at_image)
    assert any("image" in label for label in seen)
    assert not (tmp_path / "maps").exists()


def test_polylines_without_two_points_are_skipped_and_counted(tmp_path: Path) -> None:
    data = uvtt_map(walls=[_WALL, polyline((2, 2)), polyline((3, 3), (3, 3))])
    imported, _ = import_uvtt_file(write_map(tmp_path / "d.dd2vtt", data), None)
    assert len(imported.walls) == 1
    assert "2 empty walls skipped" in imported.summary()


def _shape(encounter: Any) -> list[tuple[str, tuple[tuple[float, float], ...], bool]]:
    return sorted((w.wall.kind.value, w.wall.points, w.wall.is_open) for w in encounter.walls)


@pytest.mark.parametrize("origin", [(0.0, 0.0), (3.0, 5.0), (2.5, 1.75)])
def test_round_trip_keeps_every_wall_door_and_the_grid(
    tmp_path: Path, origin: tuple[float, float]
) -> None:
    data = corridor_map(origin, door_closed=False)
    data["objects_line_of_sight"] = [
        polyline((origin[0] + 1, origin[1] + 1), (origin[0] + 2, origin[1] + 2))
    ]
    first = load_encounter_or_map(write_map(tmp_path / "in.dd2vtt", data), tmp_path)
    assert first.map_image is not None
    exported = tmp_path / "out.uvtt"
    write_uvtt(exported, first, Path(first.map_image.path).read_bytes())
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["format"] == 0.3
    assert len(document["portals"]) == 1
    assert document["portals"][0]["closed"] is False
    second = load_encounter_or_map(exported, tmp_path / "again")
    assert _shape(second) == _shape(first)
    assert second.grid == first.grid
    assert second.map_image is not None
    assert second.map_image.pixels_per_square == pytest.approx(first.map_image.pixels_per_square)
    assert second.map_image.offset_px == pytest.approx(first.map_image.offset_px)


def test_a_map_made_here_exports_windows_doors_and_grid_without_an_image(tmp_path: Path) -> None:
    from orcus_desktop.geometry.features import Wall
    from orcus_desktop.geometry.grid import GridBounds
    from orcus_desktop.model.encounter import Encounter
    from orcus_desktop.model.uvtt import numbered

    made = Encounter(
        grid=GridBounds(12, 9),
        walls=numbered(
            (
                Wall(WallKind.WALL, ((0, 0), (12, 0), (12, 9))),
                Wall(WallKind.WINDOW, ((3, 9), (5, 9))),
                Wall(WallKind.DOOR, ((6, 0), (6, 4), (6, 9))),  # straight: one portal
            )
        ),
    )
    path = tmp_path / "made.uvtt"
    write_uvtt(path, made, None)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["portals"][0]["bounds"] == polyline((6, 0), (6, 9))
    again = load_encounter_or_map(path, tmp_path)
    assert again.grid == made.grid
    kinds = sorted((w.wall.kind.value, w.wall.points) for w in again.walls)
    assert kinds == [
        ("door", ((6.0, 0.0), (6.0, 9.0))),
        ("wall", ((0.0, 0.0), (12.0, 0.0), (12.0, 9.0))),
        ("window", ((3.0, 9.0), (5.0, 9.0))),
    ]
    assert sight_query(again, Square(4, 4), Square(8, 4)).line_of_sight is False


def test_lights_and_environment_become_light_sources_and_ambient_light(tmp_path: Path) -> None:
    # docs/rulings.md R-63: range 4 -> dim 4, bright 2; colour "ffffcc88" -> "#ffcc88"; a
    # cropped export's origin (2.5, 1.0) shifts the grid by whole squares, the lights with it.
    data = uvtt_map(origin=(2.5, 1.0), lights=1)
    data["lights"][0]["position"] = {"x": 4.5, "y": 3.5}
    data["environment"]["ambient_light"] = "ff808080"
    imported, _ = import_uvtt_file(write_map(tmp_path / "lit.dd2vtt", data), None)
    (light,) = imported.lights
    assert (light.square, light.bright, light.dim, light.colour) == (Square(2, 2), 2, 4, "#ffcc88")
    lighting = imported.as_encounter().lighting
    assert lighting.ambient is Illumination.DIM
    assert lighting.sources == (light,)
    data["lights"][0]["position"] = {"x": 40.0, "y": 3.5}
    data["environment"] = {"ambient_light": "ffffffff"}
    far, _ = import_uvtt_file(write_map(tmp_path / "far.dd2vtt", data), None)
    assert far.lights == ()
    assert far.summary().endswith("ambient light bright, 1 light off the map skipped")


def test_a_light_without_a_range_is_named(tmp_path: Path) -> None:
    data = uvtt_map(lights=1)
    del data["lights"][0]["range"]
    with pytest.raises(MapFileError, match=r"lights\[0\]\.range: expected a number"):
        import_uvtt_file(write_map(tmp_path / "bad.dd2vtt", data), None)


def test_exported_lights_and_ambient_light_come_back(tmp_path: Path) -> None:
    brazier = LightSource(LightId("light-1"), "Light", Square(3, 2), 3, 6, "#aa5500")
    out = LightSource(LightId("light-2"), "Candle", Square(5, 5), 1, 2, lit=False)
    encounter = Encounter(
        grid=GridBounds(10, 8), lighting=Lighting(Illumination.DIM, (brazier, out))
    )
    path = tmp_path / "lit.dd2vtt"
    write_uvtt(path, encounter, None)
    again = import_uvtt_file(path, None)[0].as_encounter().lighting
    assert again.ambient is Illumination.DIM
    assert again.sources == (brazier,)  # the put-out candle is not exported
