"""A checked Universal VTT map moved onto this app's grid: `ImportedMap`, Qt-free.

Placement (the classic importer bug is ignoring `map_origin`): the image's top-left corner lies
at `map_origin` in the file's world. The grid keeps the world's squares, shifted by whole squares
so that the map starts in column 0 and row 0: square (0, 0) of the grid is world square
(floor(origin.x), floor(origin.y)). Walls and doors move by that same whole shift, and the image
is calibrated to sit at the origin's fraction of a square, so walls stay on the art for any
origin, cropped or not.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Encounter, MapImage, WallEntry
from orcus_desktop.model.ids import WallId
from orcus_desktop.model.lighting import Lighting, LightSource
from orcus_desktop.model.map_limits import lights_problem, lit_area_problem, walls_problem
from orcus_desktop.model.progress import Progress
from orcus_desktop.model.uvtt.images import store_image
from orcus_desktop.model.uvtt.lights import light_sources
from orcus_desktop.model.uvtt.reader import (
    MapFileError,
    Point,
    Polyline,
    UvttMap,
    read_uvtt,
)

DECIMALS = 6
"""Coordinates are rounded to a millionth of a square: float noise in files is not geometry."""


@dataclass(frozen=True, slots=True)
class ImportedMap:
    """A Universal VTT map in grid coordinates, ready to become (part of) an encounter.

    Attributes:
        name: the file's name without its suffix.
        grid: the grid the map needs.
        walls: walls (from both line-of-sight lists), windows and doors, in grid squares.
        map_image: the stored image and its calibration, or None when not stored (`query`).
        lights: the file's lights on the grid (docs/rulings.md R-63).
        ambient: the ambient light the file's environment gives, or None.
        lights_off_grid: lights left out because they lie off the grid.
        degenerate: polylines skipped because they had fewer than two distinct points.
    """

    name: str
    grid: GridBounds
    walls: tuple[Wall, ...]
    map_image: MapImage | None
    lights: tuple[LightSource, ...] = ()
    ambient: Illumination | None = None
    lights_off_grid: int = 0
    degenerate: int = 0

    def count(self, kind: WallKind) -> int:
        return sum(1 for wall in self.walls if wall.kind is kind)

    def summary(self) -> str:
        """What the import brought and what it skipped: "412 walls, 18 doors, 6 lights"."""
        parts = [
            _count(self.count(WallKind.WALL), "wall"),
            _count(self.count(WallKind.DOOR), "door"),
        ]
        if self.count(WallKind.WINDOW):
            parts.append(_count(self.count(WallKind.WINDOW), "window"))
        if self.lights:
            parts.append(_count(len(self.lights), "light"))
        if self.ambient is not None:
            parts.append(f"ambient light {self.ambient.name.lower()}")
        if self.lights_off_grid:
            parts.append(f"{_count(self.lights_off_grid, 'light')} off the map skipped")
        if self.degenerate:
            parts.append(f"{_count(self.degenerate, 'empty wall')} skipped")
        return ", ".join(parts)

    def as_encounter(self) -> Encounter:
        """A new encounter holding only this map."""
        return Encounter(
            grid=self.grid,
            name=self.name,
            walls=numbered(self.walls),
            map_image=self.map_image,
            lighting=self.lighting(),
        )

    def lighting(self) -> Lighting:
        """The map's light: the file's lights and ambient level (bright when it gives none)."""
        ambient = self.ambient if self.ambient is not None else Illumination.BRIGHT
        return Lighting(ambient, self.lights)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def numbered(
    walls: tuple[Wall, ...], taken: frozenset[str] = frozenset()
) -> tuple[WallEntry, ...]:
    """The walls as document entries with ids `wall-N` not in `taken`."""
    entries: list[WallEntry] = []
    n = 0
    for wall in walls:
        n += 1
        while f"wall-{n}" in taken:
            n += 1
        entries.append(WallEntry(WallId(f"wall-{n}"), wall))
    return tuple(entries)


def imported_map(uvtt: UvttMap, name: str, image_path: Path | None) -> ImportedMap:
    """Place a checked map on the grid (see the module docstring); the image at `image_path`."""
    shift = (math.floor(uvtt.origin[0]), math.floor(uvtt.origin[1]))
    degenerate = 0

    def to_grid(polyline: Polyline) -> tuple[Point, ...] | None:
        nonlocal degenerate
        points: list[Point] = []
        for x, y in polyline:
            point = (round(x - shift[0], DECIMALS) + 0.0, round(y - shift[1], DECIMALS) + 0.0)
            if not points or point != points[-1]:
                points.append(point)
        if len(points) < 2:
            degenerate += 1
            return None
        return tuple(points)

    walls: list[Wall] = []
    for kind, polylines in ((WallKind.WALL, uvtt.walls), (WallKind.WINDOW, uvtt.windows)):
        for polyline in polylines:
            points = to_grid(polyline)
            if points is not None:
                walls.append(Wall(kind, points))
    for portal in uvtt.portals:
        points = to_grid(portal.bounds)
        if points is not None:
            walls.append(Wall(WallKind.DOOR, points, is_open=not portal.closed))
    fraction = (uvtt.origin[0] - shift[0], uvtt.origin[1] - shift[1])
    # The image's own pixels per square, so that the art spans map_size exactly even when
    # pixels_per_grid was rounded by the tool that wrote the file.
    per_square = uvtt.image_header.width / uvtt.size[0]
    image = None
    if image_path is not None:
        offset = (
            round(-fraction[0] * per_square, DECIMALS) + 0.0,
            round(-fraction[1] * per_square, DECIMALS) + 0.0,
        )
        image = MapImage(str(image_path), per_square, offset)
    if uvtt.grid is not None:
        grid = GridBounds(*uvtt.grid)
    else:
        grid = GridBounds(
            max(1, math.ceil(round(fraction[0] + uvtt.size[0], DECIMALS))),
            max(1, math.ceil(round(fraction[1] + uvtt.size[1], DECIMALS))),
        )
    if grid.columns > 1000 or grid.rows > 1000:
        raise MapFileError(
            f"the map needs a {grid.columns} x {grid.rows} grid (at most 1000 a side)"
        )
    problem = walls_problem(walls)
    if problem:
        raise MapFileError(f"the map cannot be kept: {problem}")
    lights, off_grid = light_sources(uvtt.lights, shift, grid)
    problem = lights_problem(len(lights)) or lit_area_problem(lights)
    if problem:
        raise MapFileError(f"the map cannot be kept: {problem}")
    return ImportedMap(
        name=name,
        grid=grid,
        walls=tuple(walls),
        map_image=image,
        lights=lights,
        ambient=uvtt.ambient,
        lights_off_grid=off_grid,
        degenerate=degenerate,
    )


def import_uvtt_file(
    path: str | Path, image_folder: Path | None, progress: Progress | None = None
) -> tuple[ImportedMap, bool]:
    """Read a Universal VTT file and store its image in `image_folder` (None: no image).

    Returns:
        The map, and whether its image file was created by this call (so a refused import can
        delete it again).

    Raises:
        MapFileError: a bad file, or the image cannot be written (one line).
        ImportCancelledError: `progress` asked to stop (nothing was written).
    """
    file = Path(path)
    uvtt = read_uvtt(file, progress)
    image_path, created = None, False
    if image_folder is not None:
        try:
            image_path, created = store_image(
                uvtt.image, uvtt.image_header.kind, image_folder, file.stem
            )
        except OSError as exc:
            raise MapFileError(
                f"{file.name}: cannot write its map image in {image_folder} "
                f"({exc.strerror or exc})"
            ) from None
    try:
        return imported_map(uvtt, file.stem, image_path), created
    except MapFileError as exc:
        if created and image_path is not None:  # a refused map leaves no image behind
            image_path.unlink(missing_ok=True)
        raise MapFileError(f"{file.name}: {exc}") from None


def map_as_encounter(path: str | Path, image_folder: Path | None) -> Encounter:
    """A Universal VTT file as a new encounter (the CLI and `orcus-desktop FILE` open it so)."""
    imported, _ = import_uvtt_file(path, image_folder)
    return imported.as_encounter()
