"""Reading a Universal VTT file (format 0.2 and 0.3) into a checked `UvttMap`, Qt-free.

Universal VTT (`.dd2vtt` from Dungeondraft, `.df2vtt` from DungeonFog, `.uvtt`, sometimes
`.json`) is one JSON object: `format`; `resolution` with `map_origin` and `map_size` in grid
squares and `pixels_per_grid`; `line_of_sight` and `objects_line_of_sight`, lists of polylines
of `{"x", "y"}` points in grid squares; `portals` (doors: `position`, `bounds`, `rotation`,
`closed`, `freestanding`); `lights`; `environment`; and `image`, a base64 PNG or WebP.

Every coordinate is in the file's world: the image's top-left corner lies at `map_origin`, not
at (0, 0), when the map was cropped. The reader keeps world coordinates; `importing` moves them
onto the grid. Any problem is one `MapFileError` naming the field; nothing is kept from a file
that fails. A `Progress` callback hears how far the reading is and can cancel it.
"""

from __future__ import annotations

import base64
import binascii
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.file_format.limits import (
    MAX_LIGHTS,
    MAX_PIXELS_PER_SQUARE,
    MAX_WALL_POINTS,
    MAX_WALL_SEGMENTS,
    MAX_WALLS,
    MIN_PIXELS_PER_SQUARE,
    decode_json,
)
from orcus_desktop.model.file_reading import UnreadableFileError, open_regular
from orcus_desktop.model.map_limits import lights_problem
from orcus_desktop.model.progress import Progress, ReadCancelledError
from orcus_desktop.model.serialization import EncounterFileError
from orcus_desktop.model.uvtt.images import (
    MAX_IMAGE_SIDE,
    ImageHeader,
    over_pixel_budget,
    read_header,
)
from orcus_desktop.model.uvtt.lights import UvttLight, UvttLightError, ambient_level, read_lights

UVTT_SUFFIXES: Final = (".dd2vtt", ".uvtt", ".df2vtt")
"""File suffixes that are always Universal VTT (a `.json` file may be one too)."""
FORMATS: Final = (0.2, 0.3)
EXPORT_FORMAT = 0.3
MAX_FILE_BYTES = 256 * 1024 * 1024
"""A bigger file is refused before it is read (the largest real exports are about 100 MB)."""
MAX_MAP_SIDE = 1000
"""Squares along a side, as for an encounter's grid."""
MIN_PIXELS_PER_GRID, MAX_PIXELS_PER_GRID = MIN_PIXELS_PER_SQUARE, MAX_PIXELS_PER_SQUARE
MAX_POLYLINES = MAX_WALLS
MAX_POINTS = MAX_WALLS + MAX_WALL_SEGMENTS
"""Read no further than a map can hold (the limits table, R-136): the file is refused early."""
IMAGE_MISMATCH = 0.02
"""How far (as a share) the image's pixels may stray from map_size x pixels_per_grid."""

Point = tuple[float, float]
Polyline = tuple[Point, ...]


class MapFileError(EncounterFileError):
    """A file that is not a usable Universal VTT map; the message is one line for the user."""


class ImportCancelledError(ReadCancelledError):
    """The `Progress` callback asked to stop; nothing was imported."""


@dataclass(frozen=True, slots=True)
class Portal:
    """A door: the polyline it closes (`bounds`) and whether it is closed."""

    bounds: Polyline
    closed: bool


@dataclass(frozen=True, slots=True)
class UvttMap:
    """A checked Universal VTT map, in the file's world coordinates (grid squares).

    Attributes:
        version: the file's `format` (0.2 or 0.3).
        origin: `map_origin`: where the image's top-left corner lies in the world.
        size: `map_size`: the image's width and height in squares.
        pixels_per_grid: `pixels_per_grid` as written in the file.
        walls: `line_of_sight` polylines, then `objects_line_of_sight` ones.
        object_walls: how many of `walls` came from `objects_line_of_sight`.
        windows: this app's windows (an `orcus_desktop` extension other tools ignore).
        portals: the doors.
        lights: the file's lights (`uvtt.lights`).
        environment: whether the file describes an environment (ambient light).
        image: the decoded image file's bytes.
        image_header: its kind and size in pixels.
        grid: the grid size this app exported (the extension), or None.
    """

    version: float
    origin: Point
    size: Point
    pixels_per_grid: float
    walls: tuple[Polyline, ...]
    object_walls: int
    windows: tuple[Polyline, ...]
    portals: tuple[Portal, ...]
    lights: tuple[UvttLight, ...]
    environment: bool
    image: bytes
    image_header: ImageHeader
    grid: tuple[int, int] | None = None
    ambient: Illumination | None = None
    """The ambient level `environment.ambient_light` gives, or None."""


def is_uvtt_path(path: str | Path) -> bool:
    """Whether the file's suffix says Universal VTT (`.dd2vtt`, `.uvtt`, `.df2vtt`)."""
    return Path(path).suffix.lower() in UVTT_SUFFIXES


def looks_like_uvtt(path: str | Path) -> bool:
    """Whether a file (a `.json` one) starts like Universal VTT: a numeric `format`."""
    try:
        with open_regular(Path(path), "a map file") as file:
            head = file.read(65536).decode("utf-8", "replace")
    except (OSError, UnreadableFileError):
        return False
    at = head.find('"format"')
    rest = head[at + len('"format"') :].lstrip(" \t\r\n:") if at >= 0 else ""
    return rest[:1].isdigit()


def read_uvtt(path: str | Path, progress: Progress | None = None) -> UvttMap:
    """Read and check a Universal VTT file.

    Raises:
        MapFileError: the file is missing, too big, not JSON, or not a usable map (the message
            starts with the file's name).
        ImportCancelledError: `progress` returned False.
    """
    file = Path(path)
    report = progress or _no_progress
    try:
        with open_regular(file, "a map file") as stream:
            size = max(1, os.fstat(stream.fileno()).st_size)
            chunks: list[bytes] = []
            done = 0
            while chunk := stream.read(4 * 1024 * 1024):
                chunks.append(chunk)
                done += len(chunk)
                if done > MAX_FILE_BYTES:
                    raise MapFileError(
                        f"{file.name}: too large for a map (more than {MAX_FILE_BYTES} bytes)"
                    )
                _tell(report, f"Reading {file.name}", 0.4 * min(1.0, done / size))
    except UnreadableFileError as exc:
        raise MapFileError(str(exc)) from None
    except OSError as exc:
        raise MapFileError(f"{file}: cannot be read ({exc.strerror or exc})") from None
    try:
        return parse_uvtt(b"".join(chunks), report)
    except MapFileError as exc:
        raise MapFileError(f"{file.name}: {exc}") from None


def parse_uvtt(raw: bytes, progress: Progress | None = None) -> UvttMap:
    """Check the bytes of a Universal VTT file (see `read_uvtt`)."""
    report = progress or _no_progress
    _tell(report, "Reading the map", 0.4)
    try:
        data = decode_json(raw.decode("utf-8-sig"), "a Universal VTT map")
    except UnicodeDecodeError:
        raise MapFileError("not a Universal VTT map (not UTF-8 text)") from None
    except EncounterFileError as exc:
        raise MapFileError(str(exc)) from None
    del raw
    root = _mapping(data, "the file")
    version = _version(root.get("format"))
    resolution = _mapping(root.get("resolution"), "resolution")
    origin = _point(resolution.get("map_origin", {"x": 0, "y": 0}), "resolution.map_origin")
    size = _point(resolution.get("map_size"), "resolution.map_size")
    if not all(0 < side <= MAX_MAP_SIDE for side in size):
        raise MapFileError(
            f"resolution.map_size: {size[0]:g} x {size[1]:g} squares; each side must be more "
            f"than 0 and at most {MAX_MAP_SIDE}"
        )
    if not all(abs(c) <= 10 * MAX_MAP_SIDE for c in origin):
        raise MapFileError(f"resolution.map_origin: ({origin[0]:g}, {origin[1]:g}) is absurd")
    ppg = _number(resolution.get("pixels_per_grid"), "resolution.pixels_per_grid")
    if not MIN_PIXELS_PER_GRID <= ppg <= MAX_PIXELS_PER_GRID:
        raise MapFileError(
            f"resolution.pixels_per_grid: {ppg:g}; expected {MIN_PIXELS_PER_GRID} to "
            f"{MAX_PIXELS_PER_GRID}"
        )
    image, header = _image(root.get("image"), size, ppg, report)
    area = _Area(origin, size)
    _tell(report, "Reading walls and doors", 0.85)
    counter = _Counter()
    walls = _polylines(root.get("line_of_sight", []), "line_of_sight", area, counter)
    objects = _polylines(
        root.get("objects_line_of_sight", []), "objects_line_of_sight", area, counter
    )
    portals = tuple(
        _portal(item, f"portals[{i}]", area, counter)
        for i, item in enumerate(_list(root.get("portals", []), "portals"))
    )
    environment = root.get("environment")
    if environment is not None and not isinstance(environment, Mapping):
        raise MapFileError("environment: expected an object")
    file_lights = _list(root.get("lights", []), "lights")
    if len(file_lights) > MAX_LIGHTS:  # refused before reading them (the limits table, R-136)
        raise MapFileError(f"lights: {lights_problem(len(file_lights))}")
    try:
        lights = read_lights(file_lights)
    except UvttLightError as exc:
        raise MapFileError(str(exc)) from None
    windows, grid = _extension(root.get("orcus_desktop"), area, counter)
    _tell(report, "Reading walls and doors", 1.0)
    return UvttMap(
        version=version,
        origin=origin,
        size=size,
        pixels_per_grid=ppg,
        walls=walls + objects,
        object_walls=len(objects),
        windows=windows,
        portals=portals,
        lights=lights,
        environment=bool(environment),
        ambient=ambient_level(environment),
        image=image,
        image_header=header,
        grid=grid,
    )


def _no_progress(label: str, done: float) -> bool:
    return True


def _tell(progress: Progress, label: str, done: float) -> None:
    if not progress(label, min(1.0, done)):
        raise ImportCancelledError(label)


def _version(value: object) -> float:
    if value is None:
        raise MapFileError('not a Universal VTT map (no "format")')
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise MapFileError(f"format: expected a number such as 0.3, got {value!r}")
    for known in FORMATS:
        if math.isclose(value, known):
            return known
    supported = " and ".join(f"{f}" for f in FORMATS)
    raise MapFileError(
        f"format {value}: unknown Universal VTT version (this app reads {supported})"
    )


def _image(value: object, size: Point, ppg: float, report: Progress) -> tuple[bytes, ImageHeader]:
    if value is None or value == "":
        raise MapFileError("image: the file has no map image")
    if not isinstance(value, str):
        raise MapFileError("image: expected base64 text")
    text = value.split(",", 1)[1] if value.startswith("data:") else value
    text = "".join(text.split()) if any(c in text[:200] for c in " \r\n") else text
    if len(text) % 4:
        raise MapFileError("image: not valid base64")
    step = 4 * 1024 * 1024  # a multiple of 4: every piece decodes on its own
    pieces: list[bytes] = []
    try:
        for start in range(0, len(text), step):
            pieces.append(base64.b64decode(text[start : start + step], validate=True))
            _tell(report, "Decoding the map image", 0.45 + 0.35 * start / len(text))
    except binascii.Error:
        raise MapFileError("image: not valid base64") from None
    image = b"".join(pieces)
    header = read_header(image)
    if header is None:
        raise MapFileError("image: not a PNG or WebP image")
    if not (0 < header.width <= MAX_IMAGE_SIDE and 0 < header.height <= MAX_IMAGE_SIDE):
        raise MapFileError(
            f"image: {header.width} x {header.height} pixels; each side must be 1 to "
            f"{MAX_IMAGE_SIDE}"
        )
    too_big = over_pixel_budget(header.width, header.height)
    if too_big:
        raise MapFileError(f"image: {too_big}")
    expected = (size[0] * ppg, size[1] * ppg)
    scale_x, scale_y = header.width / size[0], header.height / size[1]
    if abs(scale_x - scale_y) > IMAGE_MISMATCH * max(scale_x, scale_y):
        raise MapFileError(
            f"image: {header.width} x {header.height} pixels does not fit map_size "
            f"{size[0]:g} x {size[1]:g} squares (expected about {expected[0]:.0f} x "
            f"{expected[1]:.0f})"
        )
    return image, header


class _Area:
    """The map's rectangle in world squares, and how far outside a wall may reach."""

    def __init__(self, origin: Point, size: Point) -> None:
        # A wall may run past a cropped image's edge, but not by more than the map's own size:
        # points that far out are in pixels, not squares, or belong to another map.
        margin = max(size)
        self.box = (origin[0] - margin, origin[1] - margin)
        self.far = (origin[0] + size[0] + margin, origin[1] + size[1] + margin)
        self.text = f"the {size[0]:g} x {size[1]:g} map at ({origin[0]:g}, {origin[1]:g})"

    def check(self, point: Point, where: str) -> Point:
        x, y = point
        if not (self.box[0] <= x <= self.far[0] and self.box[1] <= y <= self.far[1]):
            raise MapFileError(
                f"{where}: ({x:g}, {y:g}) is far outside {self.text} "
                "(coordinates must be in grid squares, not pixels)"
            )
        return point


class _Counter:
    """Counts polylines and points across the file against the limits."""

    def __init__(self) -> None:
        self.polylines = 0
        self.points = 0

    def add(self, points: int, where: str) -> None:
        self.polylines += 1
        self.points += points
        if points > MAX_WALL_POINTS:
            raise MapFileError(
                f"{where}: a wall of {points:,} points (a map's walls have at most "
                f"{MAX_WALL_POINTS:,} each)"
            )
        if self.polylines > MAX_POLYLINES:
            raise MapFileError(
                f"{where}: more than {MAX_POLYLINES:,} walls, windows and doors (a map holds "
                f"at most {MAX_WALLS:,})"
            )
        if self.points > MAX_POINTS:
            raise MapFileError(
                f"{where}: the walls have more than {MAX_WALL_SEGMENTS:,} straight pieces "
                "(a map holds at most that many)"
            )


def _polylines(value: object, where: str, area: _Area, counter: _Counter) -> tuple[Polyline, ...]:
    return tuple(
        _polyline(item, f"{where}[{i}]", area, counter)
        for i, item in enumerate(_list(value, where))
    )


def _polyline(value: object, where: str, area: _Area, counter: _Counter) -> Polyline:
    items = _list(value, where)
    counter.add(len(items), where)
    return tuple(
        area.check(_point(p, f"{where}[{j}]"), f"{where}[{j}]") for j, p in enumerate(items)
    )


def _portal(value: object, where: str, area: _Area, counter: _Counter) -> Portal:
    data = _mapping(value, where)
    bounds = _polyline(data.get("bounds"), f"{where}.bounds", area, counter)
    if len(set(bounds)) < 2:
        raise MapFileError(f"{where}.bounds: a door needs two different points")
    closed = data.get("closed", True)
    if not isinstance(closed, bool):
        raise MapFileError(f"{where}.closed: expected true or false")
    return Portal(bounds, closed)


def _extension(
    value: object, area: _Area, counter: _Counter
) -> tuple[tuple[Polyline, ...], tuple[int, int] | None]:
    """This app's own block: windows (no Universal VTT kind) and the grid's exact size."""
    if value is None:
        return (), None
    data = _mapping(value, "orcus_desktop")
    windows = _polylines(data.get("windows", []), "orcus_desktop.windows", area, counter)
    grid = data.get("grid")
    if grid is None:
        return windows, None
    columns, rows = _point(grid, "orcus_desktop.grid", ("columns", "rows"))
    if not all(c == int(c) and 1 <= c <= MAX_MAP_SIDE for c in (columns, rows)):
        raise MapFileError(f"orcus_desktop.grid: expected 1 to {MAX_MAP_SIDE} squares a side")
    return windows, (int(columns), int(rows))


def _mapping(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise MapFileError(f"{where}: expected an object")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise MapFileError(f"{where}: expected a list")
    return value


def _number(value: object, where: str) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        raise MapFileError(f"{where}: expected a number")
    return float(value)


def _point(value: object, where: str, keys: tuple[str, str] = ("x", "y")) -> Point:
    data = _mapping(value, where)
    return (
        _number(data.get(keys[0]), f"{where}.{keys[0]}"),
        _number(data.get(keys[1]), f"{where}.{keys[1]}"),
    )
