"""The encounter's light as the document stores it: light sources, ambient light, darkness.

000 "Vision and Light". A light source shines from a square, or from the space of the creature
carrying it (a torch moves with its bearer); `geometry.lighting` works out what it lights.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.ids import LightId
from orcus_desktop.vocabulary import CreatureId

DEFAULT_LIGHT_COLOUR = "#ffd27f"
"""Torchlight."""

CENTRE: Final = (0.5, 0.5)
"""A light in the middle of its square (`LightSource.within`)."""

MAX_LIGHT_RADIUS = 100
"""Squares; a radius past this is a typing slip (the map is at most 1000 squares a side)."""


@dataclass(frozen=True, slots=True)
class LightSource:
    """One light on the map.

    Attributes:
        id: unique within the encounter.
        name: what the GM calls it ("Torch").
        square: where it stands; for a carried light, where it was placed (it shines from its
            bearer's space while the bearer is on the map).
        bright: squares of bright light (counted from its square or its bearer's space).
        dim: squares lit at least dimly: the outer radius, never less than `bright`.
        colour: "#rrggbb", how the map tints its light.
        carried_by: the creature carrying it, or None for a fixed light.
        lit: False once put out (it stays on the map, dark).
        within: where in its square a fixed light stands, in squares from the square's
            top-left corner (each from 0 to less than 1): where the map file or the GM put it,
            the centre by default (issue 33, docs/rulings.md R-141). A carried light shines
            from its bearer's space.
    """

    id: LightId
    name: str = "Light"
    square: Square = Square(0, 0)  # noqa: RUF009 - a NamedTuple, immutable
    bright: int = 4
    dim: int = 8
    colour: str = DEFAULT_LIGHT_COLOUR
    carried_by: CreatureId | None = None
    lit: bool = True
    within: tuple[float, float] = CENTRE

    @property
    def position(self) -> tuple[float, float]:
        """Where the fixed light stands, in grid units."""
        return (self.square.col + self.within[0], self.square.row + self.within[1])


@dataclass(frozen=True, slots=True)
class Lighting:
    """The map's light.

    Attributes:
        ambient: the level of every square no light reaches (bright by default: a map
            without light stays as it was before lighting existed).
        sources: the light sources.
        magical_darkness: squares no non-magical light brightens.
    """

    ambient: Illumination = Illumination.BRIGHT
    sources: tuple[LightSource, ...] = ()
    magical_darkness: frozenset[Square] = frozenset()

    @property
    def shapes_sight(self) -> bool:
        """Whether light limits what creatures see (not bright everywhere, as before issue 20).

        True when the ambient light is not bright or some square is magically dark.
        """
        return self.ambient is not Illumination.BRIGHT or bool(self.magical_darkness)

    def source(self, light_id: str) -> LightSource | None:
        """The light source with that id, or None."""
        return next((s for s in self.sources if s.id == light_id), None)

    def with_source(self, source: LightSource) -> Lighting:
        """A copy with `source` replacing the one of the same id, or added at the end."""
        if self.source(source.id) is None:
            return replace(self, sources=(*self.sources, source))
        return replace(
            self, sources=tuple(source if s.id == source.id else s for s in self.sources)
        )

    def without_source(self, light_id: str) -> Lighting:
        return replace(self, sources=tuple(s for s in self.sources if s.id != light_id))

    def within(self, grid: GridBounds) -> Lighting:
        """The lighting of a map resized to `grid`.

        Fixed lights and magical darkness off it go; a carried light's placed square moves
        onto it (its bearer is on it).
        """
        sources: list[LightSource] = []
        for source in self.sources:
            if grid.contains(source.square):
                sources.append(source)
            elif source.carried_by is not None:
                col = min(source.square.col, grid.columns - 1)
                row = min(source.square.row, grid.rows - 1)
                sources.append(replace(source, square=Square(col, row)))
        darkness = frozenset(s for s in self.magical_darkness if grid.contains(s))
        return replace(self, sources=tuple(sources), magical_darkness=darkness)

    def next_id(self) -> LightId:
        """A light id no source uses yet ("light-N")."""
        taken = {s.id for s in self.sources}
        n = len(self.sources) + 1
        while f"light-{n}" in taken:
            n += 1
        return LightId(f"light-{n}")


NO_LIGHTING = Lighting()


def light_problem(source: LightSource) -> str:
    """Why a light source cannot be, or "" (radii, colour, name)."""
    if not source.name.strip():
        return "a light needs a name"
    if not 0 <= source.bright <= MAX_LIGHT_RADIUS or not 0 <= source.dim <= MAX_LIGHT_RADIUS:
        return f"light radii run from 0 to {MAX_LIGHT_RADIUS} squares"
    if source.dim < source.bright:
        return "the dim radius is the outer one: it cannot be less than the bright radius"
    if not all(0 <= v < 1 for v in source.within):
        return "a light stands within its square: each offset from 0 to less than 1"
    colour = source.colour
    if (
        len(colour) != 7
        or colour[0] != "#"
        or any(c not in "0123456789abcdefABCDEF" for c in colour[1:])
    ):
        return f'a light colour is written "#rrggbb", not "{colour}"'
    return ""
