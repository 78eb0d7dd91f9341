"""Versioned JSON for encounters: read (validated, never running code) and write (atomically).

The file is `{"format": "orcus-encounter", "version": N, ...}`. Version 1's core is fixed by
issue 3: grid, walls, terrain and creatures; unknown fields are allowed and optional ones are
defaulted. Every problem in a file becomes one `EncounterFileError` whose message names the
field, so the app can show it in one line and keep what is already open.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import GridBounds, Size, Square
from orcus_desktop.model.atomic_file import write_atomically
from orcus_desktop.model.combat import (
    ActionBudget,
    Aid,
    AidKind,
    Combat,
    Combatant,
    CombatPhase,
    LogEntry,
    Maintained,
    OwedForcedMove,
    PendingAttack,
    ReadiedAction,
)
from orcus_desktop.model.encounter import Creature, Encounter, MapImage, WallEntry
from orcus_desktop.model.frozen import freeze as _freeze
from orcus_desktop.model.frozen import thaw as _thaw
from orcus_desktop.model.ids import WallId
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import (
    DEFAULT_RULESET_ID,
    RULESETS,
    UnknownRulesetError,
    ruleset_by_id,
)
from orcus_desktop.rules.state import CreatureState
from orcus_desktop.vocabulary import CreatureId

FORMAT = "orcus-encounter"
CURRENT_VERSION = 1
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_GRID_SIDE = 1000

# Upgrades from version N to N+1, applied in order on load; none yet (version 1 is the first).
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class EncounterFileError(ValueError):
    """A file that is not a readable encounter; the message is one line for the user."""


def load_encounter(path: str | os.PathLike[str]) -> Encounter:
    """Read an encounter file.

    A relative map-image path in the file is resolved against the file's folder, so the
    returned encounter holds an absolute one.

    Raises:
        EncounterFileError: the file is missing, unreadable, not JSON or not a valid encounter.
    """
    file = Path(path)
    try:
        size = file.stat().st_size
        if size > MAX_FILE_BYTES:
            raise EncounterFileError(f"{file.name}: too large for an encounter ({size} bytes)")
        raw = file.read_bytes()
    except FileNotFoundError:
        raise EncounterFileError(f"{file}: no such file") from None
    except IsADirectoryError:
        raise EncounterFileError(f"{file}: is a folder, not an encounter file") from None
    except OSError as exc:
        raise EncounterFileError(f"{file}: cannot be read ({exc.strerror})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise EncounterFileError(f"{file.name}: not an encounter file (not UTF-8 text)") from None
    except json.JSONDecodeError as exc:
        raise EncounterFileError(
            f"{file.name}: not an encounter file (invalid JSON at line {exc.lineno}, "
            f"column {exc.colno}: {exc.msg})"
        ) from None
    try:
        encounter = encounter_from_dict(data)
    except EncounterFileError as exc:
        raise EncounterFileError(f"{file.name}: {exc}") from None
    return _with_map_image_path(encounter, _absolute_image_path(encounter, file.parent))


def save_encounter(path: str | os.PathLike[str], encounter: Encounter) -> None:
    """Write an encounter atomically: a temporary file beside the target, fsync, rename.

    A crash or a full disk never leaves a half-written file in place of the old one. An
    absolute map-image path is written relative to the target's folder where it can be.
    """
    target = Path(path)
    on_disk = _with_map_image_path(encounter, _relative_image_path(encounter, target.parent))
    text = json.dumps(encounter_to_dict(on_disk), indent=1, ensure_ascii=False) + "\n"
    write_atomically(target, text)


# A map image's path is relative to the encounter file on disk (so a folder of files can be
# moved or shared whole) and absolute in memory (so "Save As" into another folder, or the
# bundled demo opened from the app's resources, never loses the image).
def _absolute_image_path(encounter: Encounter, folder: Path) -> str | None:
    image = encounter.map_image
    if image is None:
        return None
    path = Path(image.path)
    return str(path if path.is_absolute() else (folder / path).resolve())


def _relative_image_path(encounter: Encounter, folder: Path) -> str | None:
    image = encounter.map_image
    if image is None:
        return None
    path = Path(image.path)
    if not path.is_absolute():
        return image.path
    try:
        return Path(os.path.relpath(path, folder.resolve())).as_posix()
    except ValueError:  # another drive (Windows): only an absolute path can say where it is
        return image.path


def _with_map_image_path(encounter: Encounter, image_path: str | None) -> Encounter:
    if encounter.map_image is None or image_path is None:
        return encounter
    return replace(encounter, map_image=replace(encounter.map_image, path=image_path))


def encounter_from_dict(data: object) -> Encounter:
    """Build an encounter from decoded JSON, upgrading older versions first.

    Raises:
        EncounterFileError: naming the first field that is wrong.
    """
    doc = _mapping(data, "the file")
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

    grid_data = _mapping(upgraded.get("grid"), "grid")
    grid = GridBounds(
        _int(grid_data.get("columns"), "grid.columns", 1, MAX_GRID_SIDE),
        _int(grid_data.get("rows"), "grid.rows", 1, MAX_GRID_SIDE),
    )
    walls = tuple(
        _wall_from(item, f"walls[{i}]", i)
        for i, item in enumerate(_list(upgraded.get("walls", []), "walls"))
    )
    terrain = tuple(
        _terrain_from(item, f"terrain[{i}]", grid)
        for i, item in enumerate(_list(upgraded.get("terrain", []), "terrain"))
    )
    creatures: list[Creature] = []
    seen: set[str] = set()
    for i, item in enumerate(_list(upgraded.get("creatures", []), "creatures")):
        creature = _creature_from(item, f"creatures[{i}]", grid)
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
    if upgraded.get("combat") is not None:
        combat = _combat_from(upgraded["combat"], seen)
    ruleset_id = _ruleset_from(upgraded.get("ruleset"))
    return Encounter(
        ruleset_id=ruleset_id,
        grid=grid,
        name=name,
        walls=walls,
        terrain=terrain,
        creatures=tuple(creatures),
        map_image=map_image,
        combat=combat,
    )


def encounter_to_dict(encounter: Encounter) -> dict[str, Any]:
    """The current-version JSON form of an encounter (the inverse of `encounter_from_dict`)."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": CURRENT_VERSION,
        "name": encounter.name,
        "grid": {"columns": encounter.grid.columns, "rows": encounter.grid.rows},
        "walls": [
            {
                "id": entry.id,
                "kind": entry.wall.kind.value,
                "open": entry.wall.is_open,
                "points": [list(p) for p in entry.wall.points],
            }
            for entry in encounter.walls
        ],
        "terrain": [
            {"kind": patch.kind.value, "squares": [list(s) for s in sorted(patch.squares)]}
            for patch in encounter.terrain
        ],
        "creatures": [_creature_to(c) for c in encounter.creatures],
        # The ruleset by id and version only: a file never carries rules or code.
        "ruleset": {"id": encounter.ruleset_id, "version": _ruleset_version(encounter)},
    }
    if encounter.map_image is not None:
        image = encounter.map_image
        out["map_image"] = {
            "path": image.path,
            "pixels_per_square": image.pixels_per_square,
            "offset_px": list(image.offset_px),
        }
    if encounter.combat != Combat():
        # Optional in version 1: files without it load as "no combat running".
        out["combat"] = _combat_to(encounter.combat)
    return out


def _ruleset_version(encounter: Encounter) -> int:
    ruleset = RULESETS.get(encounter.ruleset_id)
    return ruleset.version if ruleset is not None else 1


def _ruleset_from(item: object) -> str:
    """The ruleset id a file names; files without one are Orcus (000) files.

    Raises:
        EncounterFileError: an id (or a version of it) this program does not know.
    """
    if item is None:
        return DEFAULT_RULESET_ID
    data = _mapping(item, "ruleset")
    ruleset_id = _text(data.get("id"), "ruleset.id")
    version = data.get("version")
    if version is not None:
        version = _int(version, "ruleset.version", 1, 1_000_000)
    try:
        return ruleset_by_id(ruleset_id, version).id
    except UnknownRulesetError as exc:
        raise EncounterFileError(f"ruleset: {exc}") from None


def _combat_to(combat: Combat) -> dict[str, Any]:
    return {
        "phase": combat.phase.value,
        "round": combat.round,
        "order": list(combat.order),
        "current": combat.current,
        "combatants": [_combatant_to(c) for c in combat.combatants],
        "log": [
            {
                "seq": e.seq,
                "round": e.round,
                "kind": e.kind,
                "actor": e.actor,
                "targets": list(e.targets),
                "data": _thaw(e.data),
            }
            for e in combat.log
        ],
        "aids": [
            {
                "kind": a.kind.value,
                "helper": a.helper,
                "ally": a.ally,
                "enemy": a.enemy,
                "round_given": a.round_given,
            }
            for a in combat.aids
        ],
        "maintained": [
            {"owner": m.owner, "power": m.power, "kind": m.kind.value, "maintained": m.maintained}
            for m in combat.maintained
        ],
        "pending": None
        if combat.pending is None
        else {
            "attacker": combat.pending.attacker,
            "kind": combat.pending.kind,
            "power": combat.pending.power,
            "targets": list(combat.pending.targets),
            "options": _thaw(combat.pending.options),
            "text": combat.pending.text,
        },
        "owed_forced_moves": [
            {"target": m.target, "kind": m.kind, "squares": m.squares, "source": m.source}
            for m in combat.owed_forced_moves
        ],
    }


def _combatant_to(c: Combatant) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": c.creature_id,
        "initiative": c.initiative,
        "initiative_roll": c.initiative_roll,
        "initiative_modifier": c.initiative_modifier,
        "tie_break": c.tie_break,
        "group": c.group,
        "surprised": c.surprised,
        "acted_round": c.acted_round,
        "delaying": c.delaying,
        "budget": [c.budget.standard, c.budget.move, c.budget.swift],
        "turn_budget": [c.turn_budget.standard, c.turn_budget.move, c.turn_budget.swift],
        "immediate_used": c.immediate_used,
        "action_point_spent": c.action_point_spent,
        "spent_action_point_turn": c.spent_action_point_turn,
        "moved_squares": c.moved_squares,
        "out_of_turn": None if c.out_of_turn is None else c.out_of_turn.value,
        "turn_started_round": c.turn_started_round,
        "readied": None,
    }
    if c.readied is not None:
        out["readied"] = {
            "kind": c.readied.kind.value,
            "trigger": c.readied.trigger,
            "description": c.readied.description,
            "round_readied": c.readied.round_readied,
        }
    if c.opportunity_turn:
        out["opportunity_turn"] = c.opportunity_turn
    return out


def _combat_from(item: object, creature_ids: set[str]) -> Combat:
    data = _mapping(item, "combat")
    phase = _enum(CombatPhase, data.get("phase", "setup"), "combat.phase")
    round_ = _int(data.get("round", 0), "combat.round", 0, 10**6)
    order = tuple(
        CreatureId(_known_id(v, f"combat.order[{i}]", creature_ids))
        for i, v in enumerate(_list(data.get("order", []), "combat.order"))
    )
    current_raw = data.get("current")
    current = (
        None
        if current_raw is None
        else CreatureId(_known_id(current_raw, "combat.current", creature_ids))
    )
    combatants = tuple(
        _combatant_from(v, f"combat.combatants[{i}]", creature_ids)
        for i, v in enumerate(_list(data.get("combatants", []), "combat.combatants"))
    )
    log = tuple(
        _log_entry_from(v, f"combat.log[{i}]")
        for i, v in enumerate(_list(data.get("log", []), "combat.log"))
    )
    aids = tuple(
        _aid_from(v, f"combat.aids[{i}]", creature_ids)
        for i, v in enumerate(_list(data.get("aids", []), "combat.aids"))
    )
    maintained = tuple(
        _maintained_from(v, f"combat.maintained[{i}]", creature_ids)
        for i, v in enumerate(_list(data.get("maintained", []), "combat.maintained"))
    )
    pending = None
    if data.get("pending") is not None:
        pending = _pending_from(data["pending"], "combat.pending", creature_ids)
    # Files saved before forced movement was kept in the document have none owed.
    owed = tuple(
        _owed_from(v, f"combat.owed_forced_moves[{i}]", creature_ids)
        for i, v in enumerate(_list(data.get("owed_forced_moves", []), "combat.owed_forced_moves"))
    )
    return Combat(phase, round_, order, current, combatants, log, aids, maintained, pending, owed)


def _owed_from(item: object, where: str, creature_ids: set[str]) -> OwedForcedMove:
    data = _mapping(item, where)
    kind = _text(data.get("kind"), f"{where}.kind")
    if kind not in ("push", "pull", "slide", "slip"):
        raise EncounterFileError(f'{where}.kind: expected "push", "pull", "slide" or "slip"')
    source = data.get("source")
    return OwedForcedMove(
        target=CreatureId(_known_id(data.get("target"), f"{where}.target", creature_ids)),
        kind=kind,
        squares=_int(data.get("squares"), f"{where}.squares", 0, 1000),
        source=None
        if source is None
        else CreatureId(_known_id(source, f"{where}.source", creature_ids)),
    )


def _pending_from(item: object, where: str, creature_ids: set[str]) -> PendingAttack:
    data = _mapping(item, where)
    kind = _text(data.get("kind"), f"{where}.kind")
    if kind not in ("charge", "power"):
        raise EncounterFileError(f'{where}.kind: expected "charge" or "power"')
    return PendingAttack(
        attacker=CreatureId(_known_id(data.get("attacker"), f"{where}.attacker", creature_ids)),
        kind=kind,
        power=_text(data.get("power", ""), f"{where}.power"),
        targets=tuple(
            CreatureId(_known_id(v, f"{where}.targets[{i}]", creature_ids))
            for i, v in enumerate(_list(data.get("targets", []), f"{where}.targets"))
        ),
        options=_freeze(_mapping(data.get("options", {}), f"{where}.options")),
        text=_text(data.get("text", ""), f"{where}.text"),
    )


def _maintained_from(item: object, where: str, creature_ids: set[str]) -> Maintained:
    data = _mapping(item, where)
    return Maintained(
        owner=CreatureId(_known_id(data.get("owner"), f"{where}.owner", creature_ids)),
        power=_text(data.get("power"), f"{where}.power"),
        kind=_enum(ActionKind, data.get("kind"), f"{where}.kind"),
        maintained=_bool(data.get("maintained", True), f"{where}.maintained"),
    )


def _aid_from(item: object, where: str, creature_ids: set[str]) -> Aid:
    data = _mapping(item, where)
    return Aid(
        kind=_enum(AidKind, data.get("kind"), f"{where}.kind"),
        helper=CreatureId(_known_id(data.get("helper"), f"{where}.helper", creature_ids)),
        ally=CreatureId(_known_id(data.get("ally"), f"{where}.ally", creature_ids)),
        enemy=CreatureId(_known_id(data.get("enemy"), f"{where}.enemy", creature_ids)),
        round_given=_int(data.get("round_given", 0), f"{where}.round_given", 0, 10**6),
    )


def _known_id(value: object, where: str, creature_ids: set[str]) -> str:
    if not isinstance(value, str) or value not in creature_ids:
        raise EncounterFileError(f"{where}: not the id of a creature in this encounter")
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise EncounterFileError(f"{where}: expected true or false")
    return value


def _opt_int(value: object, where: str) -> int | None:
    return None if value is None else _int(value, where, -(10**6), 10**6)


def _combatant_from(item: object, where: str, creature_ids: set[str]) -> Combatant:
    data = _mapping(item, where)
    big = 10**6
    budget = _budget(data.get("budget", [1, 1, 1]), f"{where}.budget")
    turn_budget = _budget(data.get("turn_budget", [1, 1, 1]), f"{where}.turn_budget")
    readied = None
    if data.get("readied") is not None:
        r = _mapping(data["readied"], f"{where}.readied")
        readied = ReadiedAction(
            kind=_enum(ActionKind, r.get("kind"), f"{where}.readied.kind"),
            trigger=_text(r.get("trigger", ""), f"{where}.readied.trigger"),
            description=_text(r.get("description", ""), f"{where}.readied.description"),
            round_readied=_int(
                r.get("round_readied", 0), f"{where}.readied.round_readied", 0, big
            ),
        )
    group = data.get("group")
    if group is not None and not isinstance(group, str):
        raise EncounterFileError(f"{where}.group: expected text")
    return Combatant(
        creature_id=CreatureId(_known_id(data.get("id"), f"{where}.id", creature_ids)),
        initiative=_int(data.get("initiative", 0), f"{where}.initiative", -big, big),
        initiative_roll=_opt_int(data.get("initiative_roll"), f"{where}.initiative_roll"),
        initiative_modifier=_int(
            data.get("initiative_modifier", 0), f"{where}.initiative_modifier", -big, big
        ),
        tie_break=_int(data.get("tie_break", 0), f"{where}.tie_break", -big, big),
        group=group,
        surprised=_bool(data.get("surprised", False), f"{where}.surprised"),
        acted_round=_int(data.get("acted_round", -1), f"{where}.acted_round", -1, big),
        delaying=_bool(data.get("delaying", False), f"{where}.delaying"),
        readied=readied,
        budget=budget,
        turn_budget=turn_budget,
        immediate_used=_bool(data.get("immediate_used", False), f"{where}.immediate_used"),
        opportunity_turn=_text(data.get("opportunity_turn", ""), f"{where}.opportunity_turn"),
        action_point_spent=_bool(
            data.get("action_point_spent", False), f"{where}.action_point_spent"
        ),
        spent_action_point_turn=_bool(
            data.get("spent_action_point_turn", False), f"{where}.spent_action_point_turn"
        ),
        moved_squares=_int(data.get("moved_squares", 0), f"{where}.moved_squares", 0, big),
        turn_started_round=_int(
            data.get("turn_started_round", -1), f"{where}.turn_started_round", -1, big
        ),
        out_of_turn=None
        if data.get("out_of_turn") is None
        else _enum(ActionKind, data.get("out_of_turn"), f"{where}.out_of_turn"),
    )


def _budget(value: object, where: str) -> ActionBudget:
    items = _list(value, where)
    if len(items) != 3:
        raise EncounterFileError(f"{where}: expected [standard, move, swift]")
    return ActionBudget(*(_int(v, where, 0, 99) for v in items))


def _log_entry_from(item: object, where: str) -> LogEntry:
    data = _mapping(item, where)
    actor = data.get("actor")
    if actor is not None and not isinstance(actor, str):
        raise EncounterFileError(f"{where}.actor: expected text")
    targets = _list(data.get("targets", []), f"{where}.targets")
    if not all(isinstance(t, str) for t in targets):
        raise EncounterFileError(f"{where}.targets: expected a list of ids")
    return LogEntry(
        seq=_int(data.get("seq", 0), f"{where}.seq", 0, 10**9),
        round=_int(data.get("round", 0), f"{where}.round", 0, 10**6),
        kind=_text(data.get("kind"), f"{where}.kind"),
        actor=None if actor is None else CreatureId(actor),
        targets=tuple(CreatureId(t) for t in targets),
        data=_freeze(_mapping(data.get("data", {}), f"{where}.data")),
    )


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise EncounterFileError(f"{where}: expected text")
    return value


def _creature_to(creature: Creature) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": creature.id,
        "name": creature.name,
        "side": creature.side,
        "size": creature.size.value,
        "square": list(creature.square),
        "speed": creature.speed,
    }
    if creature.hidden:
        out["hidden"] = True
    if creature.statblock:
        out["statblock"] = _thaw(creature.statblock)
    if creature.state is not None:
        out["state"] = creature.state.to_dict()
    return out


def _wall_from(item: object, where: str, index: int) -> WallEntry:
    data = _mapping(item, where)
    kind = _enum(WallKind, data.get("kind", "wall"), f"{where}.kind")
    points_raw = _list(data.get("points"), f"{where}.points")
    if len(points_raw) < 2:
        raise EncounterFileError(f"{where}.points: a wall needs at least two points")
    points = tuple(_point(p, f"{where}.points[{j}]") for j, p in enumerate(points_raw))
    is_open = data.get("open", False)
    if not isinstance(is_open, bool):
        raise EncounterFileError(f"{where}.open: expected true or false")
    wall_id = data.get("id", f"wall-{index + 1}")
    if not isinstance(wall_id, str) or not wall_id:
        raise EncounterFileError(f"{where}.id: expected text")
    return WallEntry(WallId(wall_id), Wall(kind, points, is_open))


def _terrain_from(item: object, where: str, grid: GridBounds) -> TerrainPatch:
    data = _mapping(item, where)
    kind = _enum(TerrainKind, data.get("kind"), f"{where}.kind")
    squares = frozenset(
        _square(s, f"{where}.squares[{j}]", grid)
        for j, s in enumerate(_list(data.get("squares"), f"{where}.squares"))
    )
    return TerrainPatch(kind, squares)


def _creature_from(item: object, where: str, grid: GridBounds) -> Creature:
    data = _mapping(item, where)
    creature_id = data.get("id")
    if not isinstance(creature_id, str) or not creature_id:
        raise EncounterFileError(f"{where}.id: expected non-empty text")
    name = data.get("name", creature_id)
    side = data.get("side", "monsters")
    if not isinstance(name, str):
        raise EncounterFileError(f"{where}.name: expected text")
    if not isinstance(side, str) or not side:
        raise EncounterFileError(f"{where}.side: expected non-empty text")
    size = _enum(Size, data.get("size", "medium"), f"{where}.size")
    square = _square(data.get("square"), f"{where}.square", grid)
    creature = Creature(
        id=CreatureId(creature_id),
        name=name,
        side=side,
        size=size,
        square=square,
        speed=_int(data.get("speed", 6), f"{where}.speed", 0, 100),
        hidden=bool(data.get("hidden", False)),
        statblock=_freeze(_mapping(data.get("statblock", {}), f"{where}.statblock")),
        state=_state_from(data.get("state"), f"{where}.state"),
    )
    if not grid.contains_space(creature.space):
        raise EncounterFileError(f"{where}.square: the creature's space runs off the grid")
    return creature


def _state_from(value: object, where: str) -> CreatureState | None:
    if value is None:
        return None
    try:
        return CreatureState.from_dict(_mapping(value, where))
    except EncounterFileError:
        raise
    except (ValueError, TypeError) as exc:
        raise EncounterFileError(f"{where}: {exc}") from None


def _map_image_from(item: object) -> MapImage:
    data = _mapping(item, "map_image")
    path = data.get("path")
    if not isinstance(path, str) or not path:
        raise EncounterFileError("map_image.path: expected text")
    ppsq = data.get("pixels_per_square", 100.0)
    if not isinstance(ppsq, int | float) or isinstance(ppsq, bool) or not 4 <= ppsq <= 4096:
        raise EncounterFileError("map_image.pixels_per_square: expected a number from 4 to 4096")
    offset = _point(data.get("offset_px", [0, 0]), "map_image.offset_px")
    return MapImage(path, float(ppsq), offset)


def _mapping(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise EncounterFileError(f"{where}: expected an object")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise EncounterFileError(f"{where}: expected a list")
    return value


def _int(value: object, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise EncounterFileError(f"{where}: expected a whole number from {low} to {high}")
    return value


def _number(value: object, where: str) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or value != value:
        raise EncounterFileError(f"{where}: expected a number")
    return float(value)


def _point(value: object, where: str) -> tuple[float, float]:
    items = _list(value, where)
    if len(items) != 2:
        raise EncounterFileError(f"{where}: expected [x, y]")
    return (_number(items[0], where), _number(items[1], where))


def _square(value: object, where: str, grid: GridBounds) -> Square:
    items = value if isinstance(value, list) else None
    if items is None or len(items) != 2:
        raise EncounterFileError(f"{where}: expected [column, row]")
    square = Square(_int(items[0], where, -(10**6), 10**6), _int(items[1], where, -(10**6), 10**6))
    if not grid.contains(square):
        raise EncounterFileError(
            f"{where}: square ({square.col}, {square.row}) is off the "
            f"{grid.columns}x{grid.rows} grid"
        )
    return square


_E = TypeVar("_E", WallKind, TerrainKind, Size, CombatPhase, ActionKind, AidKind)


def _enum(kind: type[_E], value: object, where: str) -> _E:
    try:
        return kind(str(value)) if isinstance(value, str) else kind("\0")
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise EncounterFileError(f"{where}: expected one of {allowed}") from None
