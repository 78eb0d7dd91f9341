"""Importing a Universal VTT map into the open encounter: one undoable step (issue 18).

The GM chooses how: REPLACE makes the file's map the encounter's map (grid, image, walls,
windows, doors; the old map's terrain goes with it), keeping the creatures and the fight;
MERGE adds the file's walls and doors to the current map square for square, grows the grid to
hold them and keeps the current image (the file's image only where the map had none).

Light (issue 20, docs/rulings.md R-63): REPLACE puts the file's lights in place of the old map's
fixed lights (lights creatures carry stay), takes its ambient light when it gives one, and
clears the magical darkness; MERGE adds the file's lights and keeps the ambient light.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from orcus_desktop.controller.editing.editing import within_grid
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import OperationResult, Outcome, Step, refuse
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import Lighting, LightSource
from orcus_desktop.model.map_limits import lights_problem, lit_area_problem, walls_problem
from orcus_desktop.model.uvtt import ImportedMap, numbered


class ImportMode(StrEnum):
    """What an imported map does to the current one."""

    REPLACE = "replace"
    MERGE = "merge"


def import_map(
    engine: Engine, encounter: Encounter, imported: ImportedMap, mode: ImportMode
) -> Outcome:
    """The step "Import map NAME"; `result.details["summary"]` says what came in.

    Refused (nothing changes) when a creature would be off the new grid.
    """
    op = "import_map"
    if mode is ImportMode.REPLACE:
        grid = imported.grid
        replaced = replace(
            encounter,
            walls=numbered(imported.walls),
            terrain=(),
            map_image=imported.map_image,
            lighting=_replaced_lighting(encounter.lighting, imported),
        )
        after = within_grid(replaced, grid)  # notes and zones on the new map
    else:
        grid = GridBounds(
            max(encounter.grid.columns, imported.grid.columns),
            max(encounter.grid.rows, imported.grid.rows),
        )
        taken = frozenset(entry.id for entry in encounter.walls)
        after = replace(
            encounter,
            grid=grid,
            walls=encounter.walls + numbered(imported.walls, taken),
            map_image=encounter.map_image or imported.map_image,
            lighting=_merged_lighting(encounter.lighting, imported.lights),
        )
    sources = after.lighting.sources
    problem = (
        walls_problem([entry.wall for entry in after.walls])
        or lights_problem(len(sources))
        or lit_area_problem(sources)
    )
    if problem:
        return refuse(op, f"the map would hold too much: {problem}")
    outside = [c.name for c in encounter.creatures if not grid.contains_space(c.space)]
    if outside:
        return refuse(
            op,
            f"{outside[0]} would be off the imported map's {grid.columns} x {grid.rows} grid; "
            "move it or merge instead",
        )
    summary = imported.summary()
    if mode is ImportMode.MERGE and encounter.map_image is not None:
        summary += "; kept the current map image"
    result = OperationResult(
        True, op, text=f"Import map {imported.name}", details={"summary": summary}
    )
    return Step(after, result)


def _merged_lighting(lighting: Lighting, lights: tuple[LightSource, ...]) -> Lighting:
    """`lighting` with `lights` added under ids it does not use yet ("light-N", N counting on).

    One pass over the ids (issue 29: adding them one by one through `with_source` and
    `next_id` grew with the square of the count: 100,000 lights took 90 s).
    """
    taken = {source.id for source in lighting.sources}
    added: list[LightSource] = []
    n = len(lighting.sources)
    for source in lights:
        n += 1
        while f"light-{n}" in taken:
            n += 1
        added.append(replace(source, id=LightId(f"light-{n}")))
    return replace(lighting, sources=(*lighting.sources, *added))


def _replaced_lighting(lighting: Lighting, imported: ImportedMap) -> Lighting:
    carried = tuple(s for s in lighting.sources if s.carried_by is not None)
    ambient = imported.ambient if imported.ambient is not None else lighting.ambient
    return _merged_lighting(Lighting(ambient, carried).within(imported.grid), imported.lights)
