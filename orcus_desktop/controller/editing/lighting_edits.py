"""Editing the encounter's light: light sources, the ambient light, magical darkness.

Each function checks the edit and returns the step the session commits (one undo step named
for the Edit menu: "Undo Place Torch"), or a refusal with the reason (000 "Vision and Light").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Final

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import OperationResult, Outcome, Step, no_creature, refuse
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.file_format.limits import MAX_NAME_CHARS
from orcus_desktop.model.lighting import LightSource, light_problem
from orcus_desktop.model.map_limits import lights_problem, lit_area_problem
from orcus_desktop.model.text_repair import repair_text

NOTHING = "nothing to change"

AMBIENT_WORDS: Final = {
    Illumination.BRIGHT: "bright light",
    Illumination.DIM: "dim light",
    Illumination.DARK: "darkness",
}


def _done(operation: str, text: str, after: Encounter, created_id: str | None = None) -> Step:
    return Step(after, OperationResult(True, operation, text=text, created_id=created_id))


def _checked(encounter: Encounter, source: LightSource) -> str:
    problem = light_problem(source)
    if problem:
        return problem
    if not encounter.grid.contains(source.square):
        return f"square ({source.square.col}, {source.square.row}) is off the map"
    if source.carried_by is not None and encounter.find_creature(source.carried_by) is None:
        return f"{no_creature(source.carried_by)} to carry the light"
    # the file would be refused past the lit-area budget, so the step is too
    others = [s for s in encounter.lighting.sources if s.id != source.id]
    return lit_area_problem([*others, source])


def add_light(engine: Engine, encounter: Encounter, source: LightSource) -> Outcome:
    """Put a light on the map under the next free id (`result.created_id`).

    The id given is ignored. A carried light starts on its bearer's square.
    """
    op = "add_light"
    lighting = encounter.lighting
    source = replace(
        source, id=lighting.next_id(), name=repair_text(source.name, MAX_NAME_CHARS)[0]
    )
    if source.carried_by is not None:
        bearer = encounter.find_creature(source.carried_by)
        if bearer is not None:
            source = replace(source, square=bearer.square)
    problem = lights_problem(len(lighting.sources) + 1) or _checked(encounter, source)
    if problem:
        return refuse(op, f"cannot place the light: {problem}")
    after = encounter.with_lighting(lighting.with_source(source))
    return _done(op, f"Place {source.name}", after, created_id=source.id)


def update_light(engine: Engine, encounter: Encounter, source: LightSource) -> Outcome:
    """Replace the light of the same id (radii, colour, bearer, lit or put out, square)."""
    op = "update_light"
    before = encounter.lighting.source(source.id)
    if before is None:
        return refuse(op, f'no light "{source.id}"')
    source = replace(source, name=repair_text(source.name, MAX_NAME_CHARS)[0])
    if source == before:
        return refuse(op, NOTHING)
    problem = _checked(encounter, source)
    if problem:
        return refuse(op, f"cannot change {before.name}: {problem}")
    if before.lit != source.lit and (before.name, before.bright, before.dim) == (
        source.name,
        source.bright,
        source.dim,
    ):
        text = f"{'Light' if source.lit else 'Put out'} {source.name}"
    else:
        text = f"Edit {source.name}"
    return _done(op, text, encounter.with_lighting(encounter.lighting.with_source(source)))


def remove_light(engine: Engine, encounter: Encounter, light_id: str) -> Outcome:
    op = "remove_light"
    source = encounter.lighting.source(light_id)
    if source is None:
        return refuse(op, f'no light "{light_id}"')
    after = encounter.with_lighting(encounter.lighting.without_source(light_id))
    return _done(op, f"Remove {source.name}", after)


def set_ambient_light(engine: Engine, encounter: Encounter, level: Illumination) -> Outcome:
    """The level of every square no light reaches: bright, dim or dark."""
    op = "set_ambient_light"
    if encounter.lighting.ambient is level:
        return refuse(op, f"the ambient light is already {AMBIENT_WORDS[level]}")
    after = encounter.with_lighting(replace(encounter.lighting, ambient=level))
    return _done(op, f"Ambient light: {AMBIENT_WORDS[level]}", after)


def paint_magical_darkness(
    engine: Engine, encounter: Encounter, squares: Iterable[Square], erase: bool = False
) -> Outcome:
    """Paint (or erase) magical darkness on some squares; off-grid squares are ignored."""
    op = "paint_magical_darkness"
    chosen = frozenset(Square(*s) for s in squares if encounter.grid.contains(Square(*s)))
    current = encounter.lighting.magical_darkness
    updated = current - chosen if erase else current | chosen
    if updated == current:
        return refuse(op, NOTHING)
    after = encounter.with_lighting(replace(encounter.lighting, magical_darkness=updated))
    return _done(op, f"{'Erase' if erase else 'Paint'} magical darkness", after)
