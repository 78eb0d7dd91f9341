"""Editing the encounter: creatures, the map image, the grid, walls, doors, terrain, restore.

Each function checks the edit and returns the step the session commits (named for the Edit
menu: "Undo Place Goblin"), or a refusal with the reason.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, TypedDict, Unpack

from orcus_desktop.controller import plugins
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.movement import placement
from orcus_desktop.controller.outcomes import OperationResult, Outcome, Step, no_creature, refuse
from orcus_desktop.controller.turns import turn_order, withdrawn_offers
from orcus_desktop.controller.turns.initiative import combat_ended, start_hooks
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.combat import INTERPOSERS
from orcus_desktop.model.creature_names import names_numbered_like_labels
from orcus_desktop.model.encounter import Creature, Encounter, MapImage, WallEntry
from orcus_desktop.model.file_format.limits import (
    MAX_NAME_CHARS,
    MAX_PIXELS_PER_SQUARE,
    MAX_WALL_POINTS,
    MAX_WALL_SEGMENTS,
    MAX_WALLS,
    MIN_PIXELS_PER_SQUARE,
)
from orcus_desktop.model.frozen import freeze, thaw
from orcus_desktop.model.ids import WallId
from orcus_desktop.model.map_limits import terrain_problem
from orcus_desktop.model.notes import MapNote
from orcus_desktop.model.text_repair import repair_text
from orcus_desktop.rules.powers import ActionKind

NOTHING = "nothing to change"


# Every use case takes the shared engine first; the map edits need none of it.


def _done(
    operation: str,
    text: str,
    after: Encounter,
    creature_id: str | None = None,
    created_id: str | None = None,
) -> Step:
    result = OperationResult(
        True, operation, text=text, creature_id=creature_id, created_id=created_id
    )
    return Step(after, result)


def restore(recovered: Encounter) -> Step:
    """Put a recovered (autosaved) encounter in place as the step "Restore autosaved changes"."""
    return _done("restore_encounter", "Restore autosaved changes", recovered)


def place_creature(engine: Engine, encounter: Encounter, creature: Creature) -> Outcome:
    """Put a new creature on the map; refused off-grid, on an occupied or blocking square.

    Its name is repaired like a typed one (a library file's name may hold a lone surrogate).
    """
    op = "place_creature"
    repaired: list[str] = []
    name = _repaired("name", creature.name, repaired)
    if name != creature.name:
        creature = replace(creature, name=name)
    if encounter.find_creature(creature.id) is not None:
        reason = f'a creature with id "{creature.id}" is already on the map'
        return refuse(op, reason, creature.id)
    problem = placement.destination_problem(encounter, creature, creature.square)
    if problem:
        return refuse(op, f"cannot place {creature.name} there: {problem}", creature.id)
    after = encounter.with_creature(creature)
    text = f"Place {creature.name}"
    # Issue 28: the first "Goblin Warrior", labelled GW1 once a second comes, is named so too.
    for creature_id, new_name in names_numbered_like_labels(after.creatures, name).items():
        kin = after.creature(creature_id)
        if len(new_name) > MAX_NAME_CHARS:
            continue  # its label still tells it apart
        if kin.id == creature.id:
            text = f"Place {new_name}"
        else:
            text += f" ({kin.name} is now {new_name})"
        after = after.with_creature(replace(kin, name=new_name))
    return _noted(_done(op, text, after, creature.id), repaired)


def remove_creature(engine: Engine, encounter: Encounter, creature_id: str) -> Outcome:
    """Take a creature off the map (and out of the initiative)."""
    op = "remove_creature"
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return refuse(op, no_creature(creature_id), creature_id)
    after = encounter
    if encounter.combat.active and encounter.combat.current == creature_id:
        # Its turn passes on, without end-of-turn work for it; in a 003 group's turn to the
        # others (003-07, docs/rulings.md R-109).
        after = plugins.leave_turn(
            engine, after, creature_id, start_hooks(engine), turn_order.pass_turn
        )
    after = after.without_creature(creature_id)
    after = after.with_combat(after.combat.without(creature_id))
    if _offered(encounter, creature_id):
        # Its offer goes with it, as if let pass: what waited for it goes on once nothing else
        # is offered, nor anyone left to step in (000 "Immediate Actions"; ).
        after = withdrawn_offers.go_on(engine, after)
    if after.combat.active and not after.combat.order:
        after = combat_ended(after)  # the last in the order gone: nobody is left to fight
    step = _done(op, f"Remove {creature.name}", after, creature_id)
    warning = "; ".join(_went_with(encounter, after, creature_id))
    if not warning:
        return step
    return Step(step.after, replace(step.result, details={"warning": warning}))


def _offered(encounter: Encounter, creature_id: str) -> bool:
    """Whether a held step waits for the creature's offer or stepping in (001-10/29)."""
    combat = encounter.combat
    mine = combat.find(creature_id) if combat.active else None
    return combat.pending is not None and (
        (mine is not None and mine.out_of_turn is ActionKind.OPPORTUNITY)
        or any(o.reactor == creature_id for o in combat.strike_offers)
        or creature_id in combat.pending.options.get(INTERPOSERS, ())
    )


def _went_with(encounter: Encounter, after: Encounter, creature_id: str) -> list[str]:
    """What went with a removed creature that the GM is told of, and that Undo brings back.

    001-34: ready items belong to the creature (they outlive the fight, `Combat.ready_items`)
    and go with it; a creature placed again is a new one (docs/rulings.md R-98). An attack
    held on it alone goes too (R-211); what waited for its offer alone goes on (R-212).
    """
    went = []
    items = [r.name for r in encounter.combat.ready_items if r.creature_id == creature_id]
    if items:
        went.append(f"its ready items ({', '.join(items)}) went with it; Undo brings them back")
    held = encounter.combat.pending
    if held is None or held.attacker == creature_id:
        return went
    if held.targets == (creature_id,):
        went.append(f"{held.text}, held on it, went with it; Undo brings it back")
    elif after.combat.pending is None:
        went.append(f"{held.text}, which waited for it, went on; Undo brings it back")
    return went


class CreatureEdit(TypedDict, total=False):
    """The token data `update_creature` changes; a field left out keeps its value."""

    name: str
    side: str
    speed: int
    hidden: bool
    size: Size
    statblock: Mapping[str, Any]


def update_creature(
    engine: Engine, encounter: Encounter, creature_id: str, **edit: Unpack[CreatureEdit]
) -> Outcome:
    """Edit a creature's token data (name, side, speed, hidden, size, stat block).

    Refused when the new size does not fit where it stands, or the stat block cannot be
    read by the rules engine.
    """
    op = "update_creature"
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return refuse(op, no_creature(creature_id), creature_id)
    repaired: list[str] = []
    changes = _creature_changes(edit, repaired)
    if isinstance(changes, str):
        return refuse(op, changes, creature_id)
    updated = replace(creature, **changes)
    problem = _edited_creature_problem(engine, encounter, creature, updated, changes)
    if problem:
        return refuse(op, problem, creature_id)
    if updated == creature and updated.statblock == creature.statblock:
        return refuse(op, NOTHING, creature_id)
    text = f"Edit {updated.name}"
    if changes.keys() == {"hidden"}:
        # What the Edit menu says: "Undo Hide Goblin from the players".
        shown = "Hide {} from the players" if updated.hidden else "Show {} to the players"
        text = shown.format(updated.name)
    elif changes.keys() == {"name"}:
        text = f"Rename {creature.name} to {updated.name}"
    return _noted(_done(op, text, encounter.with_creature(updated), creature_id), repaired)


def _creature_changes(edit: CreatureEdit, repaired: list[str]) -> dict[str, Any] | str:
    """The fields an edit changes, its typed text repaired; or why the edit is refused."""
    changes: dict[str, Any] = {}
    for field in ("name", "side"):
        text = edit.get(field)
        if text is not None:
            text = _repaired(field, str(text), repaired)
            if not text.strip():
                return f"a creature needs a {field}"
            changes[field] = text
    speed = edit.get("speed")
    if speed is not None and not 0 <= speed <= 100:
        return "speed is 0 to 100 squares"
    for field in ("speed", "hidden", "size"):
        if edit.get(field) is not None:
            changes[field] = edit.get(field)
    statblock = edit.get("statblock")
    if statblock is not None:
        changes["statblock"] = freeze(thaw(statblock))
    return changes


def _edited_creature_problem(
    engine: Engine,
    encounter: Encounter,
    creature: Creature,
    updated: Creature,
    changes: Mapping[str, Any],
) -> str:
    """Why the edited creature is refused: a stat block the rules refuse, a size that won't fit."""
    if "statblock" in changes:
        problem = engine.rules.statblock_problem(updated)
        if problem:
            return f"stat block: {problem}"
    if "size" in changes:
        problem = placement.destination_problem(encounter, updated, updated.square)
        if problem:
            return f"{creature.name} does not fit there: {problem}"
    return ""


def _repaired(field: str, text: str, notes: list[str]) -> str:
    """Typed or pasted text made saveable (model/text_repair.py), noting what changed."""
    text, changes = repair_text(text, MAX_NAME_CHARS)
    notes.extend(f"{field}: {change}" for change in changes)
    return text


def _noted(step: Step, repaired: list[str]) -> Step:
    """The step, its result telling the GM what text was repaired (`details["repaired"]`)."""
    if not repaired:
        return step
    details = {**step.result.details, "repaired": "; ".join(repaired)}
    return Step(step.after, replace(step.result, details=details))


def set_map_image(
    engine: Engine, encounter: Encounter, image: MapImage | None, text: str = ""
) -> Outcome:
    """Set (or, with None, remove) the background image and its grid calibration.

    Refused with a calibration the file could not keep (R-210: 4 to 4,096 pixels a square).
    """
    op = "set_map_image"
    if image is not None and image.pixels_per_square <= 0:
        return refuse(op, "pixels per square must be positive")
    if image is not None and not (
        MIN_PIXELS_PER_SQUARE <= image.pixels_per_square <= MAX_PIXELS_PER_SQUARE
    ):
        return refuse(
            op,
            f"one square would span {image.pixels_per_square:.3g} pixels of the map image; "
            f"a map keeps {MIN_PIXELS_PER_SQUARE} to {MAX_PIXELS_PER_SQUARE:,} pixels a square "
            "(calibrate the image, or change the grid's columns)",
        )
    if encounter.map_image == image:
        return refuse(op, NOTHING)
    text = text or ("Remove map image" if image is None else "Set map image")
    return _done(op, text, replace(encounter, map_image=image))


def rename_encounter(engine: Engine, encounter: Encounter, name: str) -> Outcome:
    op = "rename_encounter"
    repaired: list[str] = []
    name = _repaired("name", name, repaired)
    if not name.strip():
        return refuse(op, "the encounter needs a name")
    if name == encounter.name:
        return refuse(op, NOTHING)
    return _noted(
        _done(op, f"Rename encounter to {name}", replace(encounter, name=name)), repaired
    )


def resize_grid(engine: Engine, encounter: Encounter, columns: int, rows: int) -> Outcome:
    """Change the map's size; refused while a creature would be off the new grid.

    What lies off it goes, a note moves to its nearest edge (`within_grid`, R-200).
    """
    op = "resize_grid"
    if not (1 <= columns <= 1000 and 1 <= rows <= 1000):
        return refuse(op, "a grid side is 1 to 1000 squares")
    grid = GridBounds(columns, rows)
    if grid == encounter.grid:
        return refuse(op, NOTHING)
    outside = [c.name for c in encounter.creatures if not grid.contains_space(c.space)]
    if outside:
        return refuse(op, f"{outside[0]} would be off the grid")
    return _done(op, f"Resize grid to {columns} x {rows}", within_grid(encounter, grid))


def within_grid(encounter: Encounter, grid: GridBounds) -> Encounter:
    """The encounter on `grid`, as its file would reopen (R-200).

    Terrain, fixed lights, magical darkness and zone squares off it go (a zone left with no
    square goes, as the file writes it); a note off it moves to the nearest edge.
    """
    terrain = tuple(
        TerrainPatch(p.kind, frozenset(s for s in p.squares if grid.contains(s)))
        for p in encounter.terrain
    )
    zones = tuple(
        replace(z, squares=frozenset(s for s in z.squares if grid.contains(s)))
        for z in encounter.zones
    )
    return replace(
        encounter,
        grid=grid,
        terrain=tuple(p for p in terrain if p.squares),
        lighting=encounter.lighting.within(grid),
        notes=tuple(_note_within(n, grid) for n in encounter.notes),
        zones=tuple(z for z in zones if z.squares),
    )


def _note_within(note: MapNote, grid: GridBounds) -> MapNote:
    """R-200: a note the smaller map leaves off moves to its nearest edge, never lost."""
    x, y = note.point
    return replace(note, point=(min(x, grid.columns), min(y, grid.rows)))


def add_wall(engine: Engine, encounter: Encounter, wall: Wall) -> Outcome:
    """Add a wall, window or door under the next free id (`result.created_id`).

    Refused when a point is not a finite number or lies off the grid, when the wall has no
    length, or past the file limits (`model/file_format/limits.py`): what the GM draws always
    saves and reopens (the loader's wall bounds, `model/invariants.py`).
    """
    problem = _wall_problem(encounter, wall)
    if problem:
        return refuse("add_wall", problem)
    taken = {entry.id for entry in encounter.walls}
    n = len(encounter.walls) + 1
    while f"wall-{n}" in taken:
        n += 1
    wall_id = WallId(f"wall-{n}")
    after = encounter.with_walls((*encounter.walls, WallEntry(wall_id, wall)))
    return _done("add_wall", f"Add {wall.kind.value}", after, created_id=wall_id)


def _wall_problem(encounter: Encounter, wall: Wall) -> str:
    what = wall.kind.value
    if len(encounter.walls) >= MAX_WALLS:
        return f"the map holds at most {MAX_WALLS:,} walls"
    if len(wall.points) > MAX_WALL_POINTS:
        return f"a {what} has at most {MAX_WALL_POINTS:,} points"
    pieces = sum(len(e.wall.points) - 1 for e in encounter.walls) + len(wall.points) - 1
    if pieces > MAX_WALL_SEGMENTS:
        return f"the map's walls hold at most {MAX_WALL_SEGMENTS:,} straight pieces"
    columns, rows = encounter.grid.columns, encounter.grid.rows
    for x, y in wall.points:
        if not (math.isfinite(x) and math.isfinite(y)):
            return f"a {what}'s points must be finite numbers"
        if not (0 <= x <= columns and 0 <= y <= rows):
            return f"the {what} leaves the map at ({x:g}, {y:g}); the grid is {columns} x {rows}"
    if len(set(wall.points)) < 2:
        return f"a {what} needs two different points"
    return ""


def remove_wall(engine: Engine, encounter: Encounter, wall_id: str) -> Outcome:
    op = "remove_wall"
    if not any(entry.id == wall_id for entry in encounter.walls):
        return refuse(op, f'no wall "{wall_id}"')
    kind = encounter.wall(wall_id).wall.kind
    after = encounter.with_walls(e for e in encounter.walls if e.id != wall_id)
    return _done(op, f"Remove {kind.value}", after)


def set_door_open(engine: Engine, encounter: Encounter, wall_id: str, is_open: bool) -> Outcome:
    op = "set_door_open"
    try:
        entry = encounter.wall(wall_id)
    except KeyError:
        return refuse(op, f'no wall "{wall_id}"')
    if entry.wall.kind is not WallKind.DOOR:
        return refuse(op, "only doors open and close")
    if entry.wall.is_open == is_open:
        return refuse(op, f"the door is already {'open' if is_open else 'closed'}")
    new_entry = WallEntry(entry.id, Wall(entry.wall.kind, entry.wall.points, is_open))
    after = encounter.with_walls(new_entry if e.id == wall_id else e for e in encounter.walls)
    return _done(op, "Open door" if is_open else "Close door", after)


def set_door_secret(engine: Engine, encounter: Encounter, wall_id: str, secret: bool) -> Outcome:
    """Mark a closed door secret (the players see a wall) or reveal it (R-151, issue 31)."""
    op = "set_door_secret"
    try:
        entry = encounter.wall(wall_id)
    except KeyError:
        return refuse(op, f'no wall "{wall_id}"')
    wall = entry.wall
    if wall.kind is not WallKind.DOOR:
        return refuse(op, "only a door can be secret")
    if wall.secret == secret:
        return refuse(op, f"the door is {'already' if secret else 'not'} secret")
    if secret and wall.is_open:
        return refuse(op, "close the door first: an open door is no secret")
    new_entry = WallEntry(entry.id, Wall(wall.kind, wall.points, wall.is_open, secret))
    after = encounter.with_walls(new_entry if e.id == wall_id else e for e in encounter.walls)
    return _done(op, "Make door secret" if secret else "Reveal secret door", after)


def paint_terrain(
    engine: Engine,
    encounter: Encounter,
    kind: TerrainKind,
    squares: Iterable[Square],
    erase: bool = False,
) -> Outcome:
    """Paint (or erase) terrain of one kind on some squares; off-grid squares are ignored.

    Blocking terrain is not painted under a creature (no creature stands in a solid square,
    model/invariants.py); refused when every chosen square holds one.
    """
    op = "paint_terrain"
    chosen = frozenset(s for s in squares if encounter.grid.contains(Square(*s)))
    if kind is TerrainKind.BLOCKING and not erase:
        occupied = {s for c in encounter.creatures for s in c.space.squares()}
        if chosen and chosen <= occupied:
            return refuse(op, "blocking terrain cannot go under a creature")
        chosen -= occupied
    current = frozenset(s for p in encounter.terrain if p.kind is kind for s in p.squares)
    updated = current - chosen if erase else current | chosen
    if updated == current:
        return refuse(op, NOTHING)
    others = [p for p in encounter.terrain if p.kind is not kind]
    if updated:
        others.append(TerrainPatch(kind, updated))
    too_much = terrain_problem(sum(len(p.squares) for p in others))
    if too_much:
        return refuse(op, f"cannot paint: the map would hold {too_much}")
    verb = "Erase" if erase else "Paint"
    return _done(op, f"{verb} {kind.value} terrain", encounter.with_terrain(others))


def erase_terrain(engine: Engine, encounter: Encounter, squares: Iterable[Square]) -> Outcome:
    """Erase every kind of terrain on some squares: one step, "Erase terrain"."""
    op = "erase_terrain"
    chosen = frozenset(squares)
    if not any(p.squares & chosen for p in encounter.terrain):
        return refuse(op, "nothing to erase there")
    kept = (TerrainPatch(p.kind, p.squares - chosen) for p in encounter.terrain)
    return _done(op, "Erase terrain", encounter.with_terrain(p for p in kept if p.squares))
