"""Writing an encounter's map as Universal VTT 0.3: image, grid, walls and doors, Qt-free.

The grid's squares are the file's world: `map_origin` is where the image's top-left corner lies
on the grid (minus its calibration offset, in squares), so reading the file back puts every wall
and door where it was. Walls go to `line_of_sight`; each straight run of a door becomes one
portal (`bounds` its two ends, `position` its middle, `rotation` its angle in radians), which is
what other tools read. Windows have no Universal VTT kind: they travel in an `orcus_desktop`
block, with the grid's exact size, which other tools ignore. A map with no image gets a blank
white one so the file still opens elsewhere. Fixed lights and the ambient light go to `lights`
and `environment` (docs/rulings.md R-63).
"""

from __future__ import annotations

import base64
import json
import math
from pathlib import Path
from typing import Any

from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.model.atomic_file import write_atomically
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.uvtt.images import ImageHeader, ImageKind, blank_png, read_header
from orcus_desktop.model.uvtt.lights import AMBIENT_COLOURS, lights_document
from orcus_desktop.model.uvtt.reader import EXPORT_FORMAT, MapFileError, Point

BLANK_MAX_PIXELS = 8192
"""The blank image of a map without one stays under this many pixels a side."""


def uvtt_document(encounter: Encounter, image: bytes | None) -> dict[str, Any]:
    """The Universal VTT 0.3 object for an encounter's map.

    Args:
        encounter: the map to write (grid, walls, doors, windows, image calibration).
        image: the map image's bytes (PNG or WebP), or None for a map without an image.

    Raises:
        MapFileError: `image` is not a PNG or WebP image.
    """
    grid = encounter.grid
    calibration = encounter.map_image
    if image is None or calibration is None:
        per_square = float(max(8, min(100, BLANK_MAX_PIXELS // max(grid.columns, grid.rows))))
        width, height = int(grid.columns * per_square), int(grid.rows * per_square)
        image = blank_png(width, height)
        header = ImageHeader(ImageKind.PNG, width, height)
        origin: Point = (0.0, 0.0)
    else:
        found = read_header(image)
        if found is None:
            raise MapFileError("the map image is not a PNG or WebP image")
        header = found
        per_square = calibration.pixels_per_square
        origin = (
            -calibration.offset_px[0] / per_square + 0.0,
            -calibration.offset_px[1] / per_square + 0.0,
        )
    walls = [w.wall for w in encounter.walls]
    return {
        "format": EXPORT_FORMAT,
        "software": "orcus-desktop",
        "resolution": {
            "map_origin": _xy(origin),
            "map_size": _xy((header.width / per_square, header.height / per_square)),
            # An integer in the format; map_size carries the exact scale for a fractional one.
            "pixels_per_grid": max(1, round(per_square)),
        },
        "line_of_sight": [_polyline(w.points) for w in walls if w.kind is WallKind.WALL],
        "objects_line_of_sight": [],
        "portals": [portal for w in walls if w.kind is WallKind.DOOR for portal in _portals(w)],
        "environment": {
            "baked_lighting": True,
            "ambient_light": AMBIENT_COLOURS[encounter.lighting.ambient],
        },
        "lights": lights_document(encounter.lighting),
        "orcus_desktop": {
            "grid": {"columns": grid.columns, "rows": grid.rows},
            "windows": [_polyline(w.points) for w in walls if w.kind is WallKind.WINDOW],
        },
        "image": base64.b64encode(image).decode("ascii"),
    }


def write_uvtt(path: str | Path, encounter: Encounter, image: bytes | None) -> None:
    """Write the map as a Universal VTT 0.3 file, atomically (see `uvtt_document`)."""
    text = json.dumps(uvtt_document(encounter, image), separators=(",", ":"))
    write_atomically(Path(path), text + "\n")


def _xy(point: Point) -> dict[str, float]:
    return {"x": point[0], "y": point[1]}


def _polyline(points: tuple[Point, ...]) -> list[dict[str, float]]:
    return [_xy(p) for p in points]


def _portals(door: Wall) -> list[dict[str, Any]]:
    """One portal per straight run of the door's polyline (collinear points merge)."""
    runs: list[list[Point]] = [[door.points[0], door.points[1]]]
    for point in door.points[2:]:
        run = runs[-1]
        if _collinear(run[0], run[-1], point):
            run[-1] = point
        else:
            runs.append([run[-1], point])
    portals = []
    for a, b in runs:
        portals.append(
            {
                "position": _xy(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)),
                "bounds": _polyline((a, b)),
                "rotation": math.atan2(b[1] - a[1], b[0] - a[0]),
                "closed": not door.is_open,
                "freestanding": False,
            }
        )
    return portals


def _collinear(a: Point, b: Point, c: Point) -> bool:
    """Whether `c` continues the run from `a` to `b` in the same direction."""
    cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    same_way = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) > 0
    return abs(cross) < 1e-9 and same_way
