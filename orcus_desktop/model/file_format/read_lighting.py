"""Reading the optional "lighting" object of an encounter file (issue 20).

A file without it (every file before issue 20) opens with bright light everywhere and no light
sources, as those encounters were played. A light carried by a creature that is not in the file
stays a fixed light where it was placed. A light's "within" (where in its square it stands,
issue 33) is written only off the centre: a file without it has every light at the centre.
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.file_format.fields import (
    EncounterFileError,
    boolean,
    list_at,
    mapping,
    point,
    square_at,
    text,
    whole,
)
from orcus_desktop.model.file_format.limits import MAX_LIGHTS, MAX_NAME_CHARS
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import (
    CENTRE,
    DEFAULT_LIGHT_COLOUR,
    MAX_LIGHT_RADIUS,
    NO_LIGHTING,
    Lighting,
    LightSource,
    light_problem,
)
from orcus_desktop.vocabulary import CreatureId

AMBIENT_NAMES: Final = {level: level.name.lower() for level in Illumination}
"""How the file spells ambient levels: "bright", "dim", "dark"."""


def ambient_from(value: object, where: str) -> Illumination:
    """An ambient level as a file (or a Universal VTT importer) spells it."""
    for level, name in AMBIENT_NAMES.items():
        if value == name:
            return level
    raise EncounterFileError(f"{where}: expected one of bright, dim, dark")


def lighting_from(item: object, grid: GridBounds, creature_ids: set[str]) -> Lighting:
    """The `Lighting` a file's "lighting" object holds (None or absent: `NO_LIGHTING`)."""
    if item is None:
        return NO_LIGHTING
    data = mapping(item, "lighting")
    ambient = ambient_from(data.get("ambient", "bright"), "lighting.ambient")
    sources: list[LightSource] = []
    seen: set[str] = set()
    raw = list_at(data.get("sources", []), "lighting.sources", MAX_LIGHTS)
    for i, entry in enumerate(raw):
        source = _source_from(entry, f"lighting.sources[{i}]", grid, creature_ids)
        if source.id in seen:
            raise EncounterFileError(f'lighting.sources[{i}].id: "{source.id}" is used twice')
        seen.add(source.id)
        sources.append(source)
    darkness = frozenset(
        square_at(s, f"lighting.magical_darkness[{j}]", grid)
        for j, s in enumerate(list_at(data.get("magical_darkness", []), "lighting"))
    )
    return Lighting(ambient, tuple(sources), darkness)


def _source_from(
    item: object, where: str, grid: GridBounds, creature_ids: set[str]
) -> LightSource:
    data = mapping(item, where)
    light_id = text(data.get("id"), f"{where}.id")
    if not light_id or len(light_id) > MAX_NAME_CHARS:
        raise EncounterFileError(f"{where}.id: expected text of 1 to {MAX_NAME_CHARS} characters")
    name = text(data.get("name", "Light"), f"{where}.name")[:MAX_NAME_CHARS]
    bearer = data.get("carried_by")
    if bearer is not None:
        bearer = text(bearer, f"{where}.carried_by")
    source = LightSource(
        id=LightId(light_id),
        name=name,
        square=square_at(data.get("square"), f"{where}.square", grid),
        bright=whole(data.get("bright", 4), f"{where}.bright", 0, MAX_LIGHT_RADIUS),
        dim=whole(data.get("dim", 8), f"{where}.dim", 0, MAX_LIGHT_RADIUS),
        colour=text(data.get("colour", DEFAULT_LIGHT_COLOUR), f"{where}.colour"),
        carried_by=CreatureId(bearer) if bearer in creature_ids else None,
        lit=boolean(data.get("lit", True), f"{where}.lit"),
        within=point(data.get("within", list(CENTRE)), f"{where}.within"),
    )
    problem = light_problem(source)
    if problem:
        raise EncounterFileError(f"{where}: {problem}")
    return source


def lighting_to(lighting: Lighting) -> dict[str, object]:
    """The JSON form of the lighting (the inverse of `lighting_from`)."""
    return {
        "ambient": AMBIENT_NAMES[lighting.ambient],
        "sources": [
            {
                "id": s.id,
                "name": s.name,
                "square": list(s.square),
                "bright": s.bright,
                "dim": s.dim,
                "colour": s.colour,
                "carried_by": s.carried_by,
                "lit": s.lit,
                **({"within": list(s.within)} if s.within != CENTRE else {}),
            }
            for s in lighting.sources
        ],
        "magical_darkness": [list(s) for s in sorted(lighting.magical_darkness)],
    }
