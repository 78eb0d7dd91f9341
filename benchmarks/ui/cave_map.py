"""A Dungeondraft-sized cave map as a Universal VTT file, seeded (issue 33's big-map benchmark).

The cave is a lattice of chambers about `PITCH` squares across; every border between two
chambers (and the map's rim) is a wall of free-angle segments wandering up to `WANDER` squares
off the straight line; most inner borders have a gap two squares wide, one gap in six holds a
closed door. Torches stand 0.15 to 0.3 squares off a chamber's wall, inside it (where a torch
snapped to its square's centre can end up on the wall's other side). The ambient light is dark.
The art is drawn with Qt (the chambers' floors, the walls) and stored as a PNG in the file, as
Dungeondraft does.

    .venv/bin/python benchmarks/ui/cave_map.py L out.dd2vtt
"""

from __future__ import annotations

import base64
import json
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtGui import QImage

Point = tuple[float, float]

PITCH = 8
"""Squares between chamber borders (before jitter)."""
WANDER = 0.8
"""How far (squares) a border's segments stray from its straight line."""
GAP_SEGMENTS = 2
"""Segments left out in the middle of an inner border: the passage between two chambers."""


@dataclass(frozen=True, slots=True)
class CaveSize:
    """One benchmark size: squares a side, wall segments, torches, art pixels a side."""

    name: str
    squares: int
    segments: int
    torches: int
    art_px: int


SIZES = {
    "L": CaveSize("L", 120, 12_000, 120, 8_400),
    "XL": CaveSize("XL", 200, 30_000, 300, 10_000),
}


@dataclass(frozen=True, slots=True)
class Cave:
    """The generated cave in grid squares."""

    size: CaveSize
    walls: list[list[Point]]
    doors: list[tuple[Point, Point]]
    torches: list[Point]

    @property
    def segment_count(self) -> int:
        return sum(len(w) - 1 for w in self.walls) + len(self.doors)


def _corners(cells: int, rng: random.Random) -> list[list[Point]]:
    """The chambers' corners, jittered (the rim's corners stay on the rim)."""
    side = cells * PITCH
    out: list[list[Point]] = []
    for j in range(cells + 1):
        row: list[Point] = []
        for i in range(cells + 1):
            x, y = float(i * PITCH), float(j * PITCH)
            if 0 < i < cells:
                x += rng.uniform(-1.5, 1.5)
            if 0 < j < cells:
                y += rng.uniform(-1.5, 1.5)
            row.append((min(side, max(0.0, x)), min(side, max(0.0, y))))
        out.append(row)
    return out


def _border(a: Point, b: Point, pieces: int, rng: random.Random, rim: bool) -> list[Point]:
    """A wandering line from a to b in `pieces` segments (a rim border stays straight-ish)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    points = [a]
    offset = 0.0
    for k in range(1, pieces):
        t = k / pieces
        offset = 0.6 * offset + rng.uniform(-WANDER, WANDER) * 0.6
        taper = math.sin(math.pi * t)  # the ends meet the corners
        wander = 0.0 if rim else offset * taper
        points.append((a[0] + dx * t + nx * wander, a[1] + dy * t + ny * wander))
    points.append(b)
    return points


def generate(size: CaveSize, seed: int = 33) -> Cave:
    """The cave of `size`: about `size.segments` wall segments, `size.torches` torches."""
    rng = random.Random(seed)
    cells = size.squares // PITCH
    corners = _corners(cells, rng)
    borders = 2 * cells * (cells + 1)
    inner_borders = 2 * cells * (cells - 1)
    # each inner border loses its gap's segments; about one in six gets a door segment back
    lost = inner_borders * (GAP_SEGMENTS - 1 / 6)
    pieces = max(GAP_SEGMENTS + 2, round((size.segments + lost) / borders))
    walls: list[list[Point]] = []
    doors: list[tuple[Point, Point]] = []
    inner: list[tuple[list[Point], Point]] = []  # a border's points and a chamber centre beside it
    for j in range(cells + 1):
        for i in range(cells + 1):
            for di, dj in ((1, 0), (0, 1)):
                if i + di > cells or j + dj > cells:
                    continue
                a, b = corners[j][i], corners[j + dj][i + di]
                rim = (di == 1 and j in (0, cells)) or (dj == 1 and i in (0, cells))
                line = _border(a, b, pieces, rng, rim)
                if rim:
                    walls.append(line)
                    continue
                mid = pieces // 2
                first, last = line[: mid - GAP_SEGMENTS // 2 + 1], line[mid + GAP_SEGMENTS // 2 :]
                walls += [first, last]
                if rng.random() < 1 / 6:
                    doors.append((first[-1], last[0]))
                # the chamber below or right of this border, for torches
                ci, cj = min(i, cells - 1), min(j, cells - 1)
                centre = ((ci + 0.5) * PITCH, (cj + 0.5) * PITCH)
                inner.append((first, centre))
    torches = _torches(inner, size.torches, rng)
    return Cave(size, walls, doors, torches)


def _torches(
    inner: list[tuple[list[Point], Point]], count: int, rng: random.Random
) -> list[Point]:
    """`count` torches 0.15-0.3 squares off a border, on its side towards a chamber centre."""
    out: list[Point] = []
    for line, centre in rng.sample(inner, min(count, len(inner))):
        k = rng.randrange(1, len(line) - 1)
        (x0, y0), (x1, y1) = line[k - 1], line[k]
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        if (centre[0] - mx) * nx + (centre[1] - my) * ny < 0:
            nx, ny = -nx, -ny
        off = rng.uniform(0.15, 0.3)
        out.append((mx + nx * off, my + ny * off))
    return out


def art_png(cave: Cave) -> bytes:
    """The map art: dark rock, lighter chamber floors, the walls drawn over them (PNG bytes)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    image = art_image(cave)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # The stubs want bytes for the format; PySide6 itself takes only text.
    image.save(buffer, "PNG", 10)  # type: ignore[call-overload]
    buffer.close()
    return bytes(data.data())


def art_image(cave: Cave) -> QImage:
    """The map art as a QImage (RGB32): dark rock, lighter floors, the walls drawn over them."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF

    px = cave.size.art_px
    scale = px / cave.size.squares
    image = QImage(px, px, QImage.Format.Format_RGB32)
    image.fill(QColor(52, 46, 40))
    painter = QPainter(image)
    rng = random.Random(7)
    for _ in range(cave.size.squares**2 // 6):  # floor stones
        x, y = rng.uniform(0, px), rng.uniform(0, px)
        shade = rng.randrange(70, 110)
        painter.fillRect(
            int(x), int(y), int(scale), int(scale), QColor(shade, shade - 8, shade - 16)
        )
    painter.setPen(QPen(QColor(20, 18, 16), scale * 0.25))
    for line in cave.walls:
        painter.drawPolyline(QPolygonF([QPointF(x * scale, y * scale) for x, y in line]))
    painter.setPen(QPen(QColor(140, 90, 40), scale * 0.3))
    for a, b in cave.doors:
        painter.drawLine(QPointF(a[0] * scale, a[1] * scale), QPointF(b[0] * scale, b[1] * scale))
    painter.end()
    return image


def uvtt_document(cave: Cave, image: bytes) -> dict[str, Any]:
    """The Universal VTT 0.3 object Dungeondraft writes for the cave."""

    def xy(p: Point) -> dict[str, float]:
        return {"x": round(p[0], 4), "y": round(p[1], 4)}

    side = cave.size.squares
    return {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0.0, "y": 0.0},
            "map_size": {"x": side, "y": side},
            "pixels_per_grid": cave.size.art_px // side,
        },
        "line_of_sight": [[xy(p) for p in line] for line in cave.walls],
        "objects_line_of_sight": [],
        "portals": [
            {
                "position": xy(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)),
                "bounds": [xy(a), xy(b)],
                "rotation": 0.0,
                "closed": True,
                "freestanding": False,
            }
            for a, b in cave.doors
        ],
        "environment": {"baked_lighting": True, "ambient_light": "ff141414"},
        "lights": [
            {
                "position": xy(t),
                "range": 6.0,
                "intensity": 1.0,
                "color": "ffffb060",
                "shadows": True,
            }
            for t in cave.torches
        ],
        "image": base64.b64encode(image).decode("ascii"),
    }


def write_cave(size: CaveSize, path: Path, seed: int = 33) -> Cave:
    """Generate the cave of `size` and write it to `path` as a .dd2vtt file."""
    cave = generate(size, seed)
    path.write_text(json.dumps(uvtt_document(cave, art_png(cave))), encoding="utf-8")
    return cave


if __name__ == "__main__":
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication([])
    made = write_cave(SIZES[sys.argv[1]], Path(sys.argv[2]))
    print(f"{sys.argv[2]}: {made.segment_count} segments, {len(made.torches)} torches")
