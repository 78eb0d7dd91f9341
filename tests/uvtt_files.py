"""Universal VTT files made by the tests themselves (no third-party maps in the repository).

`uvtt_map` builds the JSON object a map tool would write: coordinates are given in the file's
world (grid squares, the image's top-left corner at `origin`), as Dungeondraft writes them.
"""

from __future__ import annotations

import base64
import json
import struct
import zlib
from pathlib import Path
from typing import Any

Point = tuple[float, float]


def png_bytes(width: int, height: int, rgb: tuple[int, int, int] = (90, 80, 70)) -> bytes:
    """A plain RGB PNG, written by hand so the tests need no image library."""
    row = b"\x00" + bytes(rgb) * width
    raw = row * height

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body)
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def xy(point: Point) -> dict[str, float]:
    return {"x": point[0], "y": point[1]}


def polyline(*points: Point) -> list[dict[str, float]]:
    return [xy(p) for p in points]


def portal(a: Point, b: Point, *, closed: bool = True) -> dict[str, Any]:
    return {
        "position": xy(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)),
        "bounds": polyline(a, b),
        "rotation": 0.0,
        "closed": closed,
        "freestanding": False,
    }


def uvtt_map(
    *,
    version: float = 0.3,
    origin: Point = (0.0, 0.0),
    size: Point = (10.0, 8.0),
    ppg: int = 20,
    walls: list[list[dict[str, float]]] | None = None,
    objects: list[list[dict[str, float]]] | None = None,
    portals: list[dict[str, Any]] | None = None,
    lights: int = 0,
    image: bytes | None = None,
) -> dict[str, Any]:
    """A Universal VTT object (0.2 has no `objects_line_of_sight`, as Dungeondraft's)."""
    if image is None:
        image = png_bytes(round(size[0] * ppg), round(size[1] * ppg))
    data: dict[str, Any] = {
        "format": version,
        "resolution": {"map_origin": xy(origin), "map_size": xy(size), "pixels_per_grid": ppg},
        "line_of_sight": walls or [],
        "portals": portals or [],
        "environment": {"baked_lighting": True, "ambient_light": "ff404040"},
        "lights": [
            {
                "position": xy((1.5, 1.5)),
                "range": 4.0,
                "intensity": 1.0,
                "color": "ffffcc88",
                "shadows": True,
            }
        ]
        * lights,
        "image": base64.b64encode(image).decode("ascii"),
    }
    if version >= 0.3:
        data["objects_line_of_sight"] = objects or []
    return data


def write_map(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def corridor_map(origin: Point = (0.0, 0.0), *, door_closed: bool = True) -> dict[str, Any]:
    """A 10 x 8 map: a wall down the middle (x = 5 squares from the image's left edge) with a
    door in it from row 3 to row 4, everything offset by `origin` as a cropped export is."""
    ox, oy = origin
    return uvtt_map(
        origin=origin,
        walls=[
            polyline((ox + 5, oy + 0), (ox + 5, oy + 3)),
            polyline((ox + 5, oy + 4), (ox + 5, oy + 8)),
        ],
        portals=[portal((ox + 5, oy + 3), (ox + 5, oy + 4), closed=door_closed)],
        lights=2,
    )
