"""Universal VTT `lights` and `environment`: read, then turned into this app's light (issue 20).

A file light is `{"position": {"x", "y"}, "range", "intensity", "color": "AARRGGBB", "shadows"}`
in world squares; `environment.ambient_light` is an "AARRGGBB" colour. docs/rulings.md R-63: a
light's range is its dim radius and half of it (rounded) its bright radius; the intensity is
not used; the ambient colour's brightness gives the ambient level (bright from 0.6, dim from
0.3, dark below). Lights off the grid are left out. Export writes the fixed, lit lights and
the ambient level back the same way (`lights_document`, `AMBIENT_COLOURS`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import (
    DEFAULT_LIGHT_COLOUR,
    MAX_LIGHT_RADIUS,
    Lighting,
    LightSource,
)

Point = tuple[float, float]

BRIGHT_FROM = 0.6
DIM_FROM = 0.3
"""Ambient colour brightness (0 to 1) from which the ambient light is bright, dim."""


class UvttLightError(ValueError):
    """A light or environment the file spells wrongly (the reader makes it a MapFileError)."""


@dataclass(frozen=True, slots=True)
class UvttLight:
    """A light as the file gives it: world position (squares), range (squares), colour."""

    position: Point
    range: float
    colour: str


def _number(value: object, where: str) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        raise UvttLightError(f"{where}: expected a number")
    return float(value)


def _colour(value: object) -> str:
    """'#rrggbb' from "AARRGGBB" or "RRGGBB"; the default light colour for anything else."""
    text = value if isinstance(value, str) else ""
    digits = text[-6:]
    if len(text) in (6, 8) and all(c in "0123456789abcdefABCDEF" for c in text):
        return f"#{digits.lower()}"
    return DEFAULT_LIGHT_COLOUR


def read_lights(items: list[Any]) -> tuple[UvttLight, ...]:
    """The file's lights; a light without a position or range is an error naming it."""
    lights: list[UvttLight] = []
    for i, item in enumerate(items):
        where = f"lights[{i}]"
        if not isinstance(item, Mapping):
            raise UvttLightError(f"{where}: expected an object")
        position = item.get("position")
        if not isinstance(position, Mapping):
            raise UvttLightError(f"{where}.position: expected an object")
        point = (
            _number(position.get("x"), f"{where}.position.x"),
            _number(position.get("y"), f"{where}.position.y"),
        )
        reach = _number(item.get("range"), f"{where}.range")
        if reach < 0:
            raise UvttLightError(f"{where}.range: expected a number of 0 or more")
        lights.append(UvttLight(point, reach, _colour(item.get("color"))))
    return tuple(lights)


def ambient_level(environment: Mapping[str, Any] | None) -> Illumination | None:
    """The ambient level an `environment` gives, or None when it gives no ambient colour."""
    if environment is None:
        return None
    value = environment.get("ambient_light")
    if not isinstance(value, str) or len(value) not in (6, 8):
        return None
    try:
        channels = [int(value[i : i + 2], 16) / 255 for i in range(0, len(value), 2)]
    except ValueError:
        return None
    alpha = channels[0] if len(channels) == 4 else 1.0
    red, green, blue = channels[-3:]
    brightness = alpha * (0.2126 * red + 0.7152 * green + 0.0722 * blue)
    if brightness >= BRIGHT_FROM:
        return Illumination.BRIGHT
    return Illumination.DIM if brightness >= DIM_FROM else Illumination.DARK


def light_sources(
    lights: tuple[UvttLight, ...], shift: tuple[int, int], grid: GridBounds
) -> tuple[tuple[LightSource, ...], int]:
    """The lights as light sources on the grid (ids light-1...), and how many fell off it."""
    sources: list[LightSource] = []
    off = 0
    for light in lights:
        x, y = light.position[0] - shift[0], light.position[1] - shift[1]
        square = Square(math.floor(x), math.floor(y))
        if not grid.contains(square):
            off += 1
            continue
        dim = min(MAX_LIGHT_RADIUS, round(light.range))
        sources.append(
            LightSource(
                LightId(f"light-{len(sources) + 1}"),
                "Light",
                square,
                bright=min(dim, round(light.range / 2)),
                dim=dim,
                colour=light.colour,
                # where the file put it, not its square's centre: beside a wall, the centre
                # can lie on the wall's other side (issue 33, R-141)
                within=(_fraction(x - square.col), _fraction(y - square.row)),
            )
        )
    return tuple(sources), off


def _fraction(offset: float) -> float:
    """An offset within a square, to a millionth, kept below 1 (float noise at an edge)."""
    return min(round(offset, 6), 0.999999) + 0.0


AMBIENT_COLOURS: Final = {
    Illumination.BRIGHT: "ffffffff",
    Illumination.DIM: "ff808080",
    Illumination.DARK: "ff202020",
}
"""The `ambient_light` written for each level (read back as the same level)."""


def lights_document(lighting: Lighting) -> list[dict[str, Any]]:
    """The fixed, lit light sources as Universal VTT lights (range: the dim radius)."""
    return [
        {
            "position": {"x": s.position[0], "y": s.position[1]},
            "range": float(s.dim),
            "intensity": 1.0,
            "color": "ff" + s.colour[1:],
            "shadows": True,
        }
        for s in lighting.sources
        if s.lit and s.carried_by is None
    ]
