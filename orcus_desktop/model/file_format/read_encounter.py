"""Reading an encounter file's decoded JSON: version, grid, walls, terrain, creatures, image."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import chain
from typing import Any, Final

from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.combat import Combat
from orcus_desktop.model.encounter import Creature, Encounter, MapImage, WallEntry
from orcus_desktop.model.file_format.fields import (
    CURRENT_VERSION,
    FORMAT,
    EncounterFileError,
    enum_at,
    list_at,
    mapping,
    point,
    square_at,
    text,
    whole,
)
from orcus_desktop.model.file_format.limits import (
    MAX_CREATURES,
    MAX_GRID_SIDE,
    MAX_NAME_CHARS,
    MAX_NESTING_DEPTH,
    MAX_PIXELS_PER_SQUARE,
    MAX_TERRAIN_PATCHES,
    MAX_TEXT_CHARS,
    MAX_WALL_POINTS,
    MAX_WALLS,
    MIN_PIXELS_PER_SQUARE,
    check_depth,
)
from orcus_desktop.model.file_format.notes import notes_from
from orcus_desktop.model.file_format.read_combat import combat_from
from orcus_desktop.model.file_format.read_lighting import lighting_from
from orcus_desktop.model.file_format.zones import zones_from
from orcus_desktop.model.frozen import freeze as _freeze
from orcus_desktop.model.ids import WallId
from orcus_desktop.model.invariants import check_encounter, statblock_problem
from orcus_desktop.model.map_limits import terrain_problem
from orcus_desktop.model.progress import Progress, tell
from orcus_desktop.model.text_repair import repair_tree
from orcus_desktop.rules.ruleset import DEFAULT_RULESET_ID, UnknownRulesetError, ruleset_by_id
from orcus_desktop.rules.state import CreatureState
from orcus_desktop.vocabulary import CreatureId

# Upgrades from version N to N+1, applied in order on load; none yet (version 1 is the first).
MIGRATIONS: Final[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}


@dataclass(frozen=True, slots=True)
class UnreadableCreature:
    """A creature whose stat block the rules cannot read: left out only if the GM agrees.

    Attributes:
        where: its place in the file ("creatures[3]").
        id, name: the creature.
        problem: why its stat block cannot be read.
    """

    where: str
    id: str
    name: str
    problem: str


@dataclass(frozen=True, slots=True)
class ReadEncounter:
    """What a file opens into.

    Attributes:
        encounter: the encounter, without the `unreadable` creatures; passes
            `check_encounter`.
        repairs: text that was repaired ("creatures[2].name: control characters were
            removed"), for the GM to be told.
        unreadable: creatures left out because their stat blocks cannot be read.
    """

    encounter: Encounter
    repairs: tuple[str, ...] = ()
    unreadable: tuple[UnreadableCreature, ...] = ()


def encounter_from_dict(data: object) -> Encounter:
    """Build an encounter from decoded JSON; nothing is left out.

    Raises:
        EncounterFileError: naming the first field that is wrong, or the creatures whose stat
            blocks cannot be read.
    """
    result = read_encounter(data)
    if result.unreadable:
        raise EncounterFileError(unreadable_message(result.unreadable))
    return result.encounter


def unreadable_message(unreadable: Sequence[UnreadableCreature]) -> str:
    """One line naming the creatures whose stat blocks cannot be read."""
    first = unreadable[0]
    more = f" (and {len(unreadable) - 1} more)" if len(unreadable) > 1 else ""
    return f"{first.where}.statblock: cannot be read: {first.problem}{more}"


def read_encounter(
    data: object,
    *,
    owned: bool = False,
    decoded: bool = False,
    clean: bool = False,
    progress: Progress | None = None,
) -> ReadEncounter:
    """Read decoded JSON into an encounter that passes the invariant check, within the limits.

    Text is repaired (`text_repair`); creatures with unreadable stat blocks are left out of
    the encounter and listed, so the caller can ask the GM or refuse.

    Args:
        data: the decoded JSON.
        owned: the caller gives `data` away (it is repaired in place, not copied).
        decoded: `data` comes from `limits.decode_json`, which checked its depth (R-218: not
            again, a second walk over every field).
        clean: every text of `data` is known to need no repair (`JsonTextScan`, R-253: the
            walk over every field is skipped).
        progress: told how far the reading is, between its parts (R-252); from 0.2 on, the
            file's decoding being the part before.

    Raises:
        EncounterFileError: naming the field path and the problem.
        ReadCancelledError: `progress` asked to stop.
    """
    if not decoded and check_depth(data):
        raise EncounterFileError(f"nested more than {MAX_NESTING_DEPTH} levels deep")
    if not owned:
        data = copy.deepcopy(data)
    tell(progress, "Checking the text", 0.2)
    fixed = [] if clean else repair_tree(data, MAX_TEXT_CHARS)
    repairs = [f"{where}: {change}" for where, change in fixed]
    repairs += _limit_names(data)
    encounter = _encounter_from(data, progress)
    tell(progress, "Reading the stat blocks", 0.8)
    unreadable = tuple(
        UnreadableCreature(f"creatures[{i}]", c.id, c.name, problem)
        for i, c in enumerate(encounter.creatures)
        if (problem := statblock_problem(c.statblock))
    )
    for creature in unreadable:
        encounter = replace(
            encounter.without_creature(creature.id),
            combat=encounter.combat.without(creature.id),
        )
    tell(progress, "Checking the encounter", 0.9)
    check_encounter(encounter)
    return ReadEncounter(encounter, tuple(repairs), unreadable)


def _limit_names(data: object) -> list[str]:
    """Cut the encounter's and the creatures' names to `MAX_NAME_CHARS`, saying so."""
    if not isinstance(data, dict):
        return []
    named: list[tuple[dict[str, Any], str]] = [(data, "name")]
    creatures = data.get("creatures")
    if isinstance(creatures, list):
        named += [
            (c, f"creatures[{i}].name") for i, c in enumerate(creatures) if isinstance(c, dict)
        ]
    notices = []
    for holder, where in named:
        name = holder.get("name")
        if isinstance(name, str) and len(name) > MAX_NAME_CHARS:
            holder["name"] = name[:MAX_NAME_CHARS]
            notices.append(f"{where}: cut from {len(name)} to {MAX_NAME_CHARS} characters")
    return notices


def _encounter_from(data: object, progress: Progress | None = None) -> Encounter:
    doc = mapping(data, "the file")
    if doc.get("format") != FORMAT:
        raise EncounterFileError(f'not an Orcus encounter (format is not "{FORMAT}")')
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise EncounterFileError("version: expected a whole number of 1 or more")
    if version > CURRENT_VERSION:
        raise EncounterFileError(
            f"made by a newer Orcus Desktop (file version {version}; "
            f"this one reads up to {CURRENT_VERSION})"
        )
    upgraded = dict(doc)
    for step in range(version, CURRENT_VERSION):
        upgraded = MIGRATIONS[step](upgraded)

    grid_data = mapping(upgraded.get("grid"), "grid")
    grid = GridBounds(
        whole(grid_data.get("columns"), "grid.columns", 1, MAX_GRID_SIDE),
        whole(grid_data.get("rows"), "grid.rows", 1, MAX_GRID_SIDE),
    )
    tell(progress, "Reading the walls", 0.3)
    walls = tuple(
        _wall_from(item, f"walls[{i}]", i)
        for i, item in enumerate(list_at(upgraded.get("walls", []), "walls", MAX_WALLS))
    )
    tell(progress, "Reading the terrain", 0.4)
    terrain = _terrain_list(upgraded.get("terrain", []), grid)
    tell(progress, "Reading the creatures", 0.55)
    creatures: list[Creature] = []
    seen: set[str] = set()
    statblocks: dict[str, Mapping[str, Any]] = {}
    for i, item in enumerate(list_at(upgraded.get("creatures", []), "creatures", MAX_CREATURES)):
        creature = _creature_from(item, f"creatures[{i}]", grid, statblocks)
        if creature.id in seen:
            raise EncounterFileError(f'creatures[{i}].id: "{creature.id}" is used twice')
        seen.add(creature.id)
        creatures.append(creature)
    name = upgraded.get("name", "Untitled encounter")
    if not isinstance(name, str):
        raise EncounterFileError("name: expected text")
    map_image = None
    if upgraded.get("map_image") is not None:
        map_image = _map_image_from(upgraded["map_image"])
    combat = Combat()
    tell(progress, "Reading the combat log", 0.65)
    if upgraded.get("combat") is not None:
        combat = combat_from(upgraded["combat"], seen)
    ruleset_id = _ruleset_from(upgraded.get("ruleset"))
    zones = zones_from(upgraded.get("zones", []), grid, seen)
    return Encounter(
        ruleset_id=ruleset_id,
        grid=grid,
        name=name,
        walls=walls,
        terrain=terrain,
        creatures=tuple(creatures),
        map_image=map_image,
        combat=combat,
        lighting=lighting_from(upgraded.get("lighting"), grid, seen),
        zones=zones,
        notes=notes_from(upgraded.get("gm_notes", []), grid),
    )


def _ruleset_from(item: object) -> str:
    """The ruleset id a file names; files without one are Orcus (000) files.

    Raises:
        EncounterFileError: an id (or a version of it) this program does not know.
    """
    if item is None:
        return DEFAULT_RULESET_ID
    data = mapping(item, "ruleset")
    ruleset_id = text(data.get("id"), "ruleset.id")
    version = data.get("version")
    if version is not None:
        version = whole(version, "ruleset.version", 1, 1_000_000)
    try:
        return ruleset_by_id(ruleset_id, version).id
    except UnknownRulesetError as exc:
        raise EncounterFileError(f"ruleset: {exc}") from None


def _wall_from(item: object, where: str, index: int) -> WallEntry:
    data = mapping(item, where)
    kind = enum_at(WallKind, data.get("kind", "wall"), f"{where}.kind")
    points_raw = list_at(data.get("points"), f"{where}.points", MAX_WALL_POINTS)
    if len(points_raw) < 2:
        raise EncounterFileError(f"{where}.points: a wall needs at least two points")
    points = tuple(point(p, f"{where}.points[{j}]") for j, p in enumerate(points_raw))
    is_open = data.get("open", False)
    if not isinstance(is_open, bool):
        raise EncounterFileError(f"{where}.open: expected true or false")
    wall_id = data.get("id", f"wall-{index + 1}")
    if not isinstance(wall_id, str) or not wall_id:
        raise EncounterFileError(f"{where}.id: expected text")
    # Files before secret doors (issue 31) have no "secret": every door is a plain one.
    secret = data.get("secret", False)
    if not isinstance(secret, bool):
        raise EncounterFileError(f"{where}.secret: expected true or false")
    if secret and (kind is not WallKind.DOOR or is_open):
        raise EncounterFileError(f"{where}.secret: only a closed door can be secret")
    return WallEntry(WallId(wall_id), Wall(kind, points, is_open, secret))


def _terrain_list(value: object, grid: GridBounds) -> tuple[TerrainPatch, ...]:
    """The file's terrain, refused before its squares are read when they are too many (R-219)."""
    items = list_at(value, "terrain", MAX_TERRAIN_PATCHES)
    listed = sum(
        len(squares)
        for item in items
        if isinstance(item, dict) and isinstance(squares := item.get("squares"), list)
    )
    problem = terrain_problem(listed)
    if problem:
        raise EncounterFileError(f"terrain: {problem}")
    return tuple(_terrain_from(item, f"terrain[{i}]", grid) for i, item in enumerate(items))


def _terrain_from(item: object, where: str, grid: GridBounds) -> TerrainPatch:
    data = mapping(item, where)
    kind = enum_at(TerrainKind, data.get("kind"), f"{where}.kind")
    raw = list_at(data.get("squares"), f"{where}.squares")
    squares = _plain_squares(raw, grid)
    if squares is None:  # one is not a square on the grid: name the first
        squares = frozenset(square_at(s, f"{where}.squares[{j}]", grid) for j, s in enumerate(raw))
    return TerrainPatch(kind, squares)


def _plain_squares(raw: list[Any], grid: GridBounds) -> frozenset[Square] | None:
    """The squares when each is a [column, row] of whole numbers on the grid, else None.

    The common case checked and built by C loops alone (R-219: a million terrain squares;
    R-253: Python's loops over them took seconds), as `square_at` reads.
    """
    if not raw:
        return frozenset()
    if set(map(type, raw)) != {list} or set(map(len, raw)) != {2}:
        return None
    numbers = list(chain.from_iterable(raw))
    if set(map(type, numbers)) != {int}:  # not bool, float or text
        return None
    columns, rows = numbers[0::2], numbers[1::2]
    on_grid = min(columns) >= 0 and max(columns) < grid.columns
    if not (on_grid and min(rows) >= 0 and max(rows) < grid.rows):
        return None
    return frozenset(map(_as_square, raw))


_as_square: Final = partial(tuple.__new__, Square)
"""[column, row] as a `Square`, made in C (a checked pair: two whole numbers)."""


def _creature_from(
    item: object, where: str, grid: GridBounds, statblocks: dict[str, Mapping[str, Any]]
) -> Creature:
    data = mapping(item, where)
    creature_id = data.get("id")
    if not isinstance(creature_id, str) or not creature_id:
        raise EncounterFileError(f"{where}.id: expected non-empty text")
    if len(creature_id) > MAX_NAME_CHARS:
        raise EncounterFileError(f"{where}.id: longer than {MAX_NAME_CHARS} characters")
    name = data.get("name", creature_id)
    side = data.get("side", "monsters")
    if not isinstance(name, str):
        raise EncounterFileError(f"{where}.name: expected text")
    if not isinstance(side, str) or not side:
        raise EncounterFileError(f"{where}.side: expected non-empty text")
    size = enum_at(Size, data.get("size", "medium"), f"{where}.size")
    square = square_at(data.get("square"), f"{where}.square", grid)
    # Its space on the grid (one size smaller while it squeezes) is the invariant's check.
    return Creature(
        id=CreatureId(creature_id),
        name=name,
        side=side,
        size=size,
        square=square,
        speed=whole(data.get("speed", 6), f"{where}.speed", 0, 100),
        hidden=bool(data.get("hidden", False)),
        statblock=_shared_statblock(
            mapping(data.get("statblock", {}), f"{where}.statblock"), statblocks
        ),
        state=_state_from(data.get("state"), f"{where}.state"),
    )


def _shared_statblock(
    raw: Mapping[str, Any], seen: dict[str, Mapping[str, Any]]
) -> Mapping[str, Any]:
    """The stat block frozen, one value for all equal ones in the file (`seen`, by content).

    R-253: 2,000 goblins share one stat block, so it is frozen, checked and parsed for the
    rules once (their caches go by the value's identity), not once per goblin.
    """
    try:
        key = json.dumps(raw, sort_keys=True)
    except (TypeError, ValueError):  # not as a file holds it: frozen on its own
        return _freeze(raw)
    found = seen.get(key)
    if found is None:
        found = seen[key] = _freeze(raw)
    return found


def _state_from(value: object, where: str) -> CreatureState | None:
    if value is None:
        return None
    try:
        return CreatureState.from_dict(mapping(value, where))
    except EncounterFileError:
        raise
    except (ValueError, TypeError, KeyError) as exc:
        raise EncounterFileError(f"{where}: {exc}") from None


def _map_image_from(item: object) -> MapImage:
    data = mapping(item, "map_image")
    path = data.get("path")
    if not isinstance(path, str) or not path:
        raise EncounterFileError("map_image.path: expected text")
    ppsq = data.get("pixels_per_square", 100.0)
    if (
        not isinstance(ppsq, int | float)
        or isinstance(ppsq, bool)
        or not MIN_PIXELS_PER_SQUARE <= ppsq <= MAX_PIXELS_PER_SQUARE
    ):
        raise EncounterFileError(
            "map_image.pixels_per_square: expected a number from "
            f"{MIN_PIXELS_PER_SQUARE} to {MAX_PIXELS_PER_SQUARE}"
        )
    offset = point(data.get("offset_px", [0, 0]), "map_image.offset_px")
    return MapImage(path, float(ppsq), offset)
