"""Light as plain values: illumination levels, light areas, the map's lighting, senses.

000 "Vision and Light": bright light, dim light and darkness; darkvision, blindsight,
tremorsense and truesight. The controller turns the document's light sources (ids, colours,
bearers) into these values; `lighting` works out what they light.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from orcus_desktop.geometry.grid import Space, Square


class Illumination(IntEnum):
    """000 "Vision and Light": the three categories of illumination (brighter is larger)."""

    DARK = 0
    DIM = 1
    BRIGHT = 2


@dataclass(frozen=True, slots=True)
class LightArea:
    """Where one light shines from and how far.

    Attributes:
        space: the square (or a bearer's space) the light shines from; its radii count
            squares from this space, as a burst does (000 "Areas of Effect").
        bright: squares of bright light around the space.
        dim: squares lit at least dimly (the outer radius, never less than `bright`).
        origin: the point (grid units) it sees from, when not the centre of its space: a
            torch the map put off the centre of its square, beside a wall (issue 33); its
            radii still count from its space.
    """

    space: Space
    bright: int
    dim: int
    origin: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class LightingScene:
    """The map's light: the ambient level, the lights that shine, the magical darkness.

    Attributes:
        ambient: the level every square has without a light (a sunlit field, a dungeon).
        lights: the lights that shine now (put-out lights are left out by the caller).
        magical_darkness: squares no non-magical light brightens (000 "Vision and Light":
            "an area of magical darkness"); only truesight sees in them.
    """

    ambient: Illumination = Illumination.BRIGHT
    lights: tuple[LightArea, ...] = ()
    magical_darkness: frozenset[Square] = frozenset()

    @property
    def all_bright(self) -> bool:
        """Whether every square is bright (then light changes nothing, as before issue 20)."""
        return self.ambient is Illumination.BRIGHT and not self.magical_darkness


UNLIMITED = 10**6
"""A sense radius with no limit (a stat block's darkvision without a range)."""


@dataclass(frozen=True, slots=True)
class Senses:
    """A creature's special senses as radii in squares from its space (0: it lacks the sense).

    000 "Vision and Light": darkvision sees dim light and darkness as bright; blindsight and
    tremorsense perceive without sight; truesight sees in normal and magical darkness.
    `blind`: the creature cannot see now (000 "Blinded"); only blindsight and tremorsense
    still perceive.
    """

    darkvision: int = 0
    blindsight: int = 0
    tremorsense: int = 0
    truesight: int = 0
    blind: bool = False

    @property
    def beyond_sight(self) -> int:
        """The radius within which the creature perceives without sight at all."""
        return max(self.blindsight, self.tremorsense)


NO_SENSES = Senses()
