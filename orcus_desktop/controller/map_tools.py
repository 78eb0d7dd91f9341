"""Pointer tools for the battle map as Qt-free state machines (HOUSE_STYLE 7.6, napari-style).

`ui/map/view.py` is the only place that turns `QMouseEvent`s into `PointerEvent`s; every tool
here takes those, keeps its own small state, asks the `GameSession` for previews while the
pointer moves and commits through the session on release. A tool answers each event with a
`ToolPreview`, a frozen value the scene draws (ghost token, path, reachable squares, template
squares, wall being drawn, sight line) and a `message` for the status bar. Tools never touch the
document: every change is a session call, hence one undo step with a descriptive text.

Coordinates are grid units (DESIGN.md "Coordinates"); pixels exist only in `ui/`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import IntFlag, StrEnum
from types import MappingProxyType
from typing import Any, Protocol

import numpy as np

from orcus_desktop.controller.actions import CombatAction, find_power
from orcus_desktop.controller.engine import TargetPreview
from orcus_desktop.controller.placement import destination_problem
from orcus_desktop.controller.results import MoveMode, MovePreview, OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.areas import (
    AreaShape,
    arc_placements,
    burst_squares,
    creatures_in_area,
    far_origin_allowed,
    near_burst_squares,
    wall_area_problem,
)
from orcus_desktop.geometry.battlefield import Battlefield, UnknownOccupantError
from orcus_desktop.geometry.features import TerrainKind, Wall, WallKind
from orcus_desktop.geometry.forced import ForcedKind, forced_destinations
from orcus_desktop.geometry.grid import Size, Space, Square, square_distance
from orcus_desktop.geometry.sight import lines_of_effect, sight
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules.conditions import HELPLESS_CONDITIONS
from orcus_desktop.rules.powers import TargetKind
from orcus_desktop.vocabulary import ConcealmentDegree, CoverDegree, CreatureId, Origin

Point = tuple[float, float]

WALL_PICK_UNITS = 0.2
"""How near (in grid units) the pointer must be to a wall to pick it (erase, toggle a door)."""


class PointerKind(StrEnum):
    """What the pointer did."""

    PRESS = "press"
    MOVE = "move"
    RELEASE = "release"
    DOUBLE_CLICK = "double-click"
    LEAVE = "leave"


class Button(IntFlag):
    """Mouse buttons (held, or the one pressed/released)."""

    NONE = 0
    LEFT = 1
    RIGHT = 2
    MIDDLE = 4


class Modifier(IntFlag):
    """Keyboard modifiers held during a pointer event."""

    NONE = 0
    SHIFT = 1
    CTRL = 2
    ALT = 4


@dataclass(frozen=True, slots=True)
class PointerEvent:
    """One pointer event on the map, in grid units.

    Attributes:
        kind: press, move, release, double-click or leave.
        grid_xy: the pointer position in grid units (square (c, r) spans [c, c+1]).
        buttons: for press/release the button that changed, for a move the buttons held.
        modifiers: keyboard modifiers held.
    """

    kind: PointerKind
    grid_xy: Point
    buttons: Button = Button.NONE
    modifiers: Modifier = Modifier.NONE

    @property
    def square(self) -> Square:
        return Square(math.floor(self.grid_xy[0]), math.floor(self.grid_xy[1]))

    @property
    def corner(self) -> tuple[int, int]:
        """The grid corner nearest the pointer (walls snap to corners)."""
        return (round(self.grid_xy[0]), round(self.grid_xy[1]))


@dataclass(frozen=True, slots=True)
class TokenGhost:
    """A token being dragged.

    Attributes:
        creature_id: the creature dragged.
        top_left: where the token's space is drawn now (follows the pointer), grid units.
        destination: the square it would land on if released now.
        legal: whether the move as previewed is allowed.
    """

    creature_id: str
    top_left: Point
    destination: Square
    legal: bool


@dataclass(frozen=True, slots=True)
class ToolPreview:
    """What a tool wants drawn right now; the empty preview draws nothing.

    Attributes:
        ghost: a token being dragged.
        path: a movement or measuring path, square by square.
        path_ok: False when the path is refused (drawn in a warning colour).
        reachable: squares the dragged creature may end this move in (shaded).
        squares: squares of an area template or a terrain stroke.
        affected_ids: creatures an area template affects (line of effect from its origin).
        polyline: a wall being drawn, or a sight line (grid points).
        shaded: polygons to shade (the part of a target hidden from the attacker).
        marked_ids: creatures to ring (opportunity attackers, the line-of-sight target).
        candidate_ids: creatures a targeting tool may choose (legal targets, thin rings).
        label: a short text drawn by the pointer ("4 squares", "half cover").
        label_at: where to draw the label, grid units.
        warnings: things the GM must know before letting go (difficult terrain, OAs).
        message: a status-bar line (a refusal's reason, what was done).
    """

    ghost: TokenGhost | None = None
    path: tuple[Square, ...] = ()
    path_ok: bool = True
    reachable: frozenset[Square] = frozenset()
    squares: frozenset[Square] = frozenset()
    affected_ids: tuple[str, ...] = ()
    polyline: tuple[Point, ...] = ()
    shaded: tuple[tuple[Point, ...], ...] = ()
    marked_ids: tuple[str, ...] = ()
    candidate_ids: tuple[str, ...] = ()
    label: str = ""
    label_at: Point | None = None
    warnings: tuple[str, ...] = ()
    message: str = ""


EMPTY_PREVIEW = ToolPreview()


class MapTool(Protocol):
    """A pointer tool: a state machine fed with pointer events."""

    name: str

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        """Handle one pointer event; returns what to draw now."""
        ...

    def cancel(self) -> ToolPreview:
        """Drop whatever is in progress (Escape, tool switched)."""
        ...

    def finish(self) -> ToolPreview:
        """Complete whatever is in progress (Enter): a polyline wall is committed."""
        ...


# -- hit testing (pure, grid units) ------------------------------------------------------------


def creature_at(encounter: Encounter, point: Point) -> Creature | None:
    """The topmost creature whose space contains `point` (tokens later in the list are on top)."""
    x, y = point
    for creature in reversed(encounter.creatures):
        x0, y0, x1, y1 = creature.space.bounds()
        if x0 <= x < x1 and y0 <= y < y1:
            return creature
    return None


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Euclidean distance from point `p` to segment `ab`."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = (
        0.0
        if length2 == 0
        else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    )
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def wall_at(encounter: Encounter, point: Point, tolerance: float = WALL_PICK_UNITS) -> str | None:
    """The id of the wall nearest `point` within `tolerance` grid units, or None."""
    best: tuple[float, str] | None = None
    for entry in encounter.walls:
        for a, b in entry.wall.segments():
            d = point_segment_distance(point, a, b)
            if d <= tolerance and (best is None or d < best[0]):
                best = (d, entry.id)
    return best[1] if best else None


def straight_squares(a: Square, b: Square) -> tuple[Square, ...]:
    """Squares along a straight line from `a` to `b`, one per step (a measuring path).

    000 "Movement and Position": diagonals count 1, so the path has `distance + 1` squares.
    """
    n = square_distance(a, b)
    if n == 0:
        return (a,)
    return tuple(
        Square(round(a.col + (b.col - a.col) * i / n), round(a.row + (b.row - a.row) * i / n))
        for i in range(n + 1)
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# -- select / move ------------------------------------------------------------------------------


@dataclass
class _Drag:
    creature: Creature
    grab_offset: Point  # pointer minus the token's top-left, grid units
    destination: Square
    mode: MoveMode
    preview: MovePreview | None = None
    reachable: dict[MoveMode, frozenset[Square]] = field(default_factory=dict)


class MoveTool:
    """Drag a token to move it: live path, cost, reachable squares and warnings; commit on release.

    Shift held = a shift (000 "Shift": 1 square, provokes nothing); Ctrl or Alt held, or
    `gm_move` set, = a free GM move (no action, nothing provoked, only the destination checked).
    A click on a token without dragging selects it; in the select tool a click on a door opens or
    closes it.

    Args:
        session: the game session every preview and move goes through.
        on_select: called with the creature id clicked (or None when the map was clicked).
        toggles_doors: a click on a door (not on a token) toggles it.
    """

    name = "move"

    def __init__(
        self,
        session: GameSession,
        on_select: Callable[[str | None], None] | None = None,
        *,
        toggles_doors: bool = False,
    ) -> None:
        self._session = session
        self._on_select = on_select
        self._toggles_doors = toggles_doors
        self._drag: _Drag | None = None
        self.gm_move = False

    @property
    def dragging(self) -> str | None:
        """The id of the creature being dragged, or None."""
        return self._drag.creature.id if self._drag else None

    def _mode(self, modifiers: Modifier) -> MoveMode:
        if self.gm_move or modifiers & (Modifier.CTRL | Modifier.ALT):
            return MoveMode.GM
        if modifiers & Modifier.SHIFT:
            return MoveMode.SHIFT
        return MoveMode.WALK

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if event.kind is PointerKind.PRESS and event.buttons & Button.LEFT:
            return self._press(event)
        if event.kind is PointerKind.MOVE and self._drag is not None:
            return self._move(event)
        if event.kind is PointerKind.RELEASE and self._drag is not None:
            return self._release(event)
        return EMPTY_PREVIEW if self._drag is None else self._drag_preview(event)

    def cancel(self) -> ToolPreview:
        self._drag = None
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return EMPTY_PREVIEW

    def _press(self, event: PointerEvent) -> ToolPreview:
        encounter = self._session.encounter
        creature = creature_at(encounter, event.grid_xy)
        if creature is None:
            if self._toggles_doors:
                wall_id = wall_at(encounter, event.grid_xy)
                if wall_id is not None and encounter.wall(wall_id).wall.kind is WallKind.DOOR:
                    door = encounter.wall(wall_id).wall
                    result = self._session.set_door_open(wall_id, not door.is_open, self)
                    return ToolPreview(message=_result_message(result))
            if self._on_select is not None:
                self._on_select(None)
            return EMPTY_PREVIEW
        if self._on_select is not None:
            self._on_select(creature.id)
        x0, y0, _, _ = creature.space.bounds()
        self._drag = _Drag(
            creature,
            (event.grid_xy[0] - x0, event.grid_xy[1] - y0),
            creature.square,
            self._mode(event.modifiers),
        )
        return self._drag_preview(event)

    def _destination(self, event: PointerEvent) -> Square:
        assert self._drag is not None
        gx, gy = self._drag.grab_offset
        x0, y0, x1, y1 = self._drag.creature.space.bounds()
        # The token lands where most of it is: the square under its centre, minus the offset
        # of that square inside a large space (000 sizes: the position is the top-left square).
        centre_x = event.grid_xy[0] - gx + (x1 - x0) / 2
        centre_y = event.grid_xy[1] - gy + (y1 - y0) / 2
        side = self._drag.creature.size.side_squares
        return Square(math.floor(centre_x - side / 2 + 0.5), math.floor(centre_y - side / 2 + 0.5))

    def _move(self, event: PointerEvent) -> ToolPreview:
        drag = self._drag
        assert drag is not None
        destination = self._destination(event)
        mode = self._mode(event.modifiers)
        if destination != drag.destination or mode is not drag.mode or drag.preview is None:
            drag.destination = destination
            drag.mode = mode
            drag.preview = (
                None
                if destination == drag.creature.square
                else self._session.preview_move(drag.creature.id, destination, mode)
            )
        return self._drag_preview(event)

    def _reachable(self, drag: _Drag) -> frozenset[Square]:
        # Computed once per drag and mode: the search is the expensive part of a preview.
        squares = drag.reachable.get(drag.mode)
        if squares is None:
            squares = self._session.reachable_squares(drag.creature.id, drag.mode)
            drag.reachable[drag.mode] = squares
        return squares

    def _drag_preview(self, event: PointerEvent) -> ToolPreview:
        drag = self._drag
        assert drag is not None
        top_left = (event.grid_xy[0] - drag.grab_offset[0], event.grid_xy[1] - drag.grab_offset[1])
        preview = drag.preview
        reachable = self._reachable(drag) if drag.mode is not MoveMode.GM else frozenset()
        if preview is None:
            return ToolPreview(
                ghost=TokenGhost(drag.creature.id, top_left, drag.destination, True),
                reachable=reachable,
                label="",
            )
        encounter = self._session.encounter
        warnings: list[str] = []
        difficult = [
            s for s in preview.path[1:] if TerrainKind.DIFFICULT in encounter.terrain_at(s)
        ]
        if difficult:
            # 000 "Difficult Terrain": each square of it costs one extra.
            warnings.append(f"difficult terrain: +{_plural(len(difficult), 'square')}")
        if preview.provoking_enemy_ids:
            names = ", ".join(
                c.name
                for c in (encounter.find_creature(i) for i in preview.provoking_enemy_ids)
                if c is not None
            )
            warnings.append(f"opportunity attacks: {names}")
        mode_text = {MoveMode.SHIFT: "shift ", MoveMode.GM: "GM move "}.get(drag.mode, "")
        if preview.reachable:
            label = mode_text + (
                _plural(preview.cost, "square") if drag.mode is not MoveMode.GM else ""
            )
        else:
            label = preview.reason
        if warnings:
            label = label.strip() + "\n" + "\n".join(f"⚠ {w}" for w in warnings)
        end = drag.destination
        return ToolPreview(
            ghost=TokenGhost(drag.creature.id, top_left, end, preview.reachable),
            path=preview.path,
            path_ok=preview.reachable,
            reachable=reachable,
            marked_ids=preview.provoking_enemy_ids,
            label=label.strip(),
            label_at=(top_left[0] + drag.creature.size.side_units, top_left[1]),
            warnings=tuple(warnings),
        )

    def _release(self, event: PointerEvent) -> ToolPreview:
        drag = self._drag
        assert drag is not None
        self._move(event)
        self._drag = None
        if drag.destination == drag.creature.square:
            return EMPTY_PREVIEW
        result = self._session.move_creature(drag.creature.id, drag.destination, drag.mode, self)
        return ToolPreview(message=_result_message(result, self._session.encounter))


class SelectTool(MoveTool):
    """Select a creature by clicking it (and drag it, like the move tool); click doors to toggle.

    Args:
        session: the game session.
        on_select: called with the creature id clicked (or None when the map was clicked).
    """

    name = "select"

    def __init__(
        self, session: GameSession, on_select: Callable[[str | None], None] | None = None
    ) -> None:
        super().__init__(session, on_select, toggles_doors=True)


def _result_message(result: OperationResult, encounter: Encounter | None = None) -> str:
    """A status line for a session result: what was done, or "Refused: <reason>"."""
    if result.ok:
        text = result.text
        if result.opportunity_attackers:
            names = [
                encounter.name_of(i) if encounter is not None else i
                for i in result.opportunity_attackers
            ]
            text += " — opportunity attacks offered to " + ", ".join(names)
        return text
    return f"Refused: {result.reason}"


# -- measure ------------------------------------------------------------------------------------


class MeasureTool:
    """Press and drag to measure: squares counted with diagonals as 1 (000 "Distance")."""

    name = "measure"

    def __init__(self) -> None:
        self._start: Square | None = None

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if event.kind is PointerKind.PRESS and event.buttons & Button.LEFT:
            self._start = event.square
        if self._start is None:
            return EMPTY_PREVIEW
        end = event.square
        if event.kind is PointerKind.RELEASE:
            distance = square_distance(self._start, end)
            self._start = None
            return ToolPreview(message=f"Distance: {_plural(distance, 'square')}")
        path = straight_squares(self._start, end)
        distance = len(path) - 1
        return ToolPreview(
            path=path,
            label=_plural(distance, "square"),
            label_at=(end.col + 1.0, end.row),
        )

    def cancel(self) -> ToolPreview:
        self._start = None
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return self.cancel()


# -- walls --------------------------------------------------------------------------------------


class WallTool:
    """Draw a wall, window or door as a polyline snapped to grid corners.

    Click a corner to start, click further corners to add points; double-click, Enter or a
    right click finishes (one undo step), Escape drops it. A door is usually one segment: the
    door tool finishes after its second point.

    Args:
        session: the game session the finished wall goes to.
        kind: wall, window or door.
    """

    def __init__(self, session: GameSession, kind: WallKind) -> None:
        self._session = session
        self.kind = kind
        self.name = f"draw-{kind.value}"
        self._points: list[tuple[int, int]] = []

    @property
    def points(self) -> tuple[tuple[int, int], ...]:
        return tuple(self._points)

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        corner = event.corner
        if event.kind is PointerKind.PRESS and event.buttons & Button.RIGHT:
            return self.finish()
        if event.kind is PointerKind.DOUBLE_CLICK:
            return self.finish()
        if event.kind is PointerKind.PRESS and event.buttons & Button.LEFT:
            if not self._points or self._points[-1] != corner:
                self._points.append(corner)
            if self.kind is WallKind.DOOR and len(self._points) == 2:
                return self.finish()
        return self._preview(corner)

    def _preview(self, corner: tuple[int, int]) -> ToolPreview:
        points: list[Point] = [(float(x), float(y)) for x, y in self._points]
        points.append((float(corner[0]), float(corner[1])))
        if len(points) == 1:
            # Nothing drawn yet: show where the first click would snap.
            return ToolPreview(polyline=(points[0], points[0]))
        length = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
        return ToolPreview(
            polyline=tuple(points), label=f"{length:.1f} squares", label_at=points[-1]
        )

    def cancel(self) -> ToolPreview:
        self._points.clear()
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        points = self._points
        self._points = []
        if len(points) < 2:
            return EMPTY_PREVIEW
        wall = Wall(self.kind, tuple((float(x), float(y)) for x, y in points))
        self._session.add_wall(wall, self)
        return ToolPreview(
            message=f"Added {self.kind.value} ({_plural(len(points) - 1, 'segment')})"
        )


# -- terrain and erasing ------------------------------------------------------------------------


class TerrainTool:
    """Paint terrain by pressing and dragging over squares; a right-button stroke erases it.

    The whole stroke is one session call on release, so one undo step.

    Args:
        session: the game session.
        kind: the terrain kind painted.
    """

    def __init__(self, session: GameSession, kind: TerrainKind) -> None:
        self._session = session
        self.kind = kind
        self.name = f"paint-{kind.value}"
        self._stroke: set[Square] = set()
        self._erase = False
        self._active = False

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if event.kind is PointerKind.PRESS and event.buttons & (Button.LEFT | Button.RIGHT):
            self._active = True
            self._erase = bool(event.buttons & Button.RIGHT)
            self._stroke = {event.square}
        elif not self._active:
            return ToolPreview(squares=frozenset({event.square}))
        elif event.kind is PointerKind.MOVE:
            self._stroke.add(event.square)
        elif event.kind is PointerKind.RELEASE:
            self._stroke.add(event.square)
            squares = self._stroke
            self._active = False
            self._stroke = set()
            result = self._session.paint_terrain(
                self.kind, squares, erase=self._erase, initiator=self
            )
            return ToolPreview(message=_result_message(result))
        verb = "erase" if self._erase else "paint"
        return ToolPreview(
            squares=frozenset(self._stroke),
            path_ok=not self._erase,
            label=f"{verb} {self.kind.value}: {_plural(len(self._stroke), 'square')}",
            label_at=(event.square.col + 1.0, float(event.square.row)),
        )

    def cancel(self) -> ToolPreview:
        self._active = False
        self._stroke = set()
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return self.cancel()


class EraseTool:
    """Click a wall, window or door to remove it; drag over squares to erase all their terrain.

    Terrain erased in one stroke is one undo step ("Erase terrain") however many kinds it held.
    """

    name = "erase"

    def __init__(self, session: GameSession) -> None:
        self._session = session
        self._stroke: set[Square] | None = None

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        encounter = self._session.encounter
        if event.kind is PointerKind.PRESS and event.buttons & Button.LEFT:
            wall_id = wall_at(encounter, event.grid_xy)
            if wall_id is not None:
                result = self._session.remove_wall(wall_id, self)
                return ToolPreview(message=_result_message(result))
            self._stroke = {event.square}
        elif self._stroke is None:
            wall_id = wall_at(encounter, event.grid_xy)
            if wall_id is not None:
                return ToolPreview(
                    polyline=encounter.wall(wall_id).wall.points, path_ok=False, label="remove"
                )
            return EMPTY_PREVIEW
        elif event.kind is PointerKind.MOVE:
            self._stroke.add(event.square)
        elif event.kind is PointerKind.RELEASE:
            self._stroke.add(event.square)
            squares = self._stroke
            self._stroke = None
            return ToolPreview(message=self._erase_terrain(squares))
        return ToolPreview(squares=frozenset(self._stroke), path_ok=False)

    def _erase_terrain(self, squares: set[Square]) -> str:
        encounter = self._session.encounter
        kinds = [p.kind for p in encounter.terrain if p.squares & squares]
        if not kinds:
            return "Nothing to erase there"
        # One GM gesture, one undo step, even when it clears several kinds of terrain.
        with self._session.history.group("Erase terrain"):
            for kind in kinds:
                self._session.paint_terrain(kind, squares, erase=True, initiator=self)
        return f"Erased terrain on {_plural(len(squares), 'square')}"

    def cancel(self) -> ToolPreview:
        self._stroke = None
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return self.cancel()


# -- placing creatures from the library ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LibraryEntry:
    """A creature the GM can drag from the palette: enough to place it, plus its stat block.

    Attributes:
        name: shown in the palette and on the token.
        side: "heroes" or "monsters" (or another side).
        size: the size category.
        speed: walking speed in squares.
        statblock: the stat block as stored in the library file.
        source: the library file's name, for the palette's tooltip.
    """

    name: str
    side: str
    size: Size = Size.MEDIUM
    speed: int = 6
    statblock: Mapping[str, Any] = field(default_factory=dict, compare=False)
    source: str = ""


def drop_square(size: Size, grid_xy: Point) -> Square:
    """The top-left square of a space of `size` centred as near `grid_xy` as the grid allows."""
    side = size.side_squares
    return Square(math.floor(grid_xy[0] - side / 2 + 0.5), math.floor(grid_xy[1] - side / 2 + 0.5))


def new_creature_id(encounter: Encounter, name: str) -> CreatureId:
    """An id for a new creature: its name as a slug plus the first free number."""
    slug = (
        "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split()) or "creature"
    )
    taken = set(encounter.creature_ids())
    n = 1
    while f"{slug}-{n}" in taken:
        n += 1
    return CreatureId(f"{slug}-{n}")


def creature_from_entry(encounter: Encounter, entry: LibraryEntry, grid_xy: Point) -> Creature:
    """A new creature for `entry`, placed with its space centred under `grid_xy`.

    A second creature of a name already on the map is numbered ("Goblin Warrior 2") so that
    the log, the initiative and the GM can tell them apart.
    """
    creature_id = new_creature_id(encounter, entry.name)
    name = entry.name
    if any(c.name == name for c in encounter.creatures):
        name = f"{name} {creature_id.rsplit('-', 1)[-1]}"
    return Creature(
        id=creature_id,
        name=name,
        side=entry.side,
        size=entry.size,
        square=drop_square(entry.size, grid_xy),
        speed=entry.speed,
        statblock=MappingProxyType(dict(entry.statblock)),
    )


def placement_preview(encounter: Encounter, entry: LibraryEntry, grid_xy: Point) -> ToolPreview:
    """The footprint a dropped entry would take, red with the reason where it cannot stand.

    The reason is the one `GameSession.place_creature` gives (`controller.placement`), so the
    GM reads it before letting go; the drop itself still asks the session.
    """
    creature = creature_from_entry(encounter, entry, grid_xy)
    problem = destination_problem(encounter, creature, creature.square)
    square = creature.square
    return ToolPreview(
        squares=frozenset(creature.space.squares()),
        path_ok=not problem,
        label=f"{entry.name}: {problem}" if problem else entry.name,
        label_at=(square.col + entry.size.side_units, float(square.row)),
    )


# -- area templates -----------------------------------------------------------------------------


class AreaOrigin(StrEnum):
    """Where an area power originates (000 "Areas of effect")."""

    NEAR = "near"
    """In the user's space: a Near burst surrounds it, a Near arc or wall starts beside it."""
    FAR = "far"
    """In an origin square within range of the user."""


_EDGE_STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))


def _edge_chain(
    first: Square, toward: Square, count: int, avoid: Iterable[Square] = ()
) -> list[Square]:
    """`count` edge-connected squares from `first` stepping toward `toward` (RULINGS: Wall area).

    Each step prefers the axis with the larger remaining difference, then the other axis,
    then carrying on straight, so the chain is a staircase (never a diagonal step). A step
    never revisits a square, never enters `avoid` (the base square, the user's space) and
    never touches the chain anywhere but where it came from, so no square ends with more than
    two edge-neighbours in the wall.
    Returns fewer squares only when boxed in.
    """
    chain = [first]
    taken = {first, *avoid}
    last = (1, 0)
    while len(chain) < count:
        here = chain[-1]
        dc, dr = toward.col - here.col, toward.row - here.row
        along_col = ((1 if dc > 0 else -1), 0) if dc else None
        along_row = (0, (1 if dr > 0 else -1)) if dr else None
        ordered = (along_col, along_row) if abs(dc) >= abs(dr) else (along_row, along_col)
        candidates = [*(step for step in ordered if step is not None), last, *_EDGE_STEPS]
        for step in candidates:
            nxt = here.offset(*step)
            if nxt in taken:
                continue
            touching = sum(nxt.offset(*d) in chain for d in _EDGE_STEPS)
            if touching == 1:  # only `here`
                chain.append(nxt)
                taken.add(nxt)
                last = step
                break
        else:
            break
    return chain


class TemplateTool:
    """Place an area template (burst, arc, wall; Near or Far) and see what it affects.

    The template follows the pointer: a Far burst centres on the square under it, a Near burst
    surrounds the selected creature; for an arc or a wall the base square follows the pointer
    until a press pins it, after which the pointer picks the arc's placement or the wall's
    direction. Affected creatures are those with a square in the area and line of effect from
    the origin (000 "Areas of effect"; RULINGS "Arc", "Wall area", "Near bursts and the user").
    A template is a look, not a change: nothing goes into the document or the undo history.

    Args:
        session: the game session (its battlefield answers line of effect).
        shape: burst, arc or wall.
        origin: Near or Far.
        size: the area's size N.
        range_squares: a Far area's range (its origin must be within it and in line of effect).
        user_id: returns the creature using the power (the selected one), or None.
    """

    name = "template"

    def __init__(
        self,
        session: GameSession,
        shape: AreaShape = AreaShape.BURST,
        origin: AreaOrigin = AreaOrigin.FAR,
        size: int = 1,
        range_squares: int = 10,
        user_id: Callable[[], str | None] = lambda: None,
    ) -> None:
        self._session = session
        self.shape = shape
        self.origin = origin
        self.size = max(0 if shape is AreaShape.BURST else 1, size)
        self.range_squares = range_squares
        self._user_id = user_id
        self._pinned: Square | None = None
        self._frozen: ToolPreview | None = None
        # (snapshot, (pointer, pinned, user), preview): snapshots compared by identity.
        self._cache: tuple[Encounter, tuple[object, ...], ToolPreview] | None = None

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if event.kind is PointerKind.PRESS and event.buttons & Button.RIGHT:
            return self.cancel()
        if event.kind is PointerKind.PRESS and event.buttons & Button.LEFT:
            self._frozen = None
            self._pinned = event.square
            return self.preview_at(event.square)
        if event.kind is PointerKind.RELEASE and self._pinned is not None:
            preview = self.preview_at(event.square)
            self._pinned = None
            # The template stays on the map for the GM to read until the next press or Escape.
            self._frozen = replace(preview, message=preview.label.replace("\n", " — "))
            return self._frozen
        if self._frozen is not None:
            return replace(self._frozen, message="")
        return self.preview_at(event.square)

    def cancel(self) -> ToolPreview:
        self._pinned = None
        self._frozen = None
        return EMPTY_PREVIEW

    def pin(self, square: Square | None) -> None:
        """Pin (or, with None, free) an arc's or wall's base square, as a press does."""
        self._pinned = square

    def finish(self) -> ToolPreview:
        return self.cancel()

    def _user(self) -> Creature | None:
        user_id = self._user_id()
        return self._session.encounter.find_creature(user_id) if user_id else None

    def area(self, pointer: Square) -> tuple[list[Square], Space | None, str]:
        """The area's squares, the space line of effect is traced from, and a problem or ""."""
        encounter = self._session.encounter
        bounds = encounter.grid
        user = self._user()
        n = self.size
        if self.origin is AreaOrigin.NEAR and user is None:
            return [], None, "select the creature using the power (Near areas start from it)"
        if self.shape is AreaShape.BURST:
            if self.origin is AreaOrigin.NEAR:
                assert user is not None
                return near_burst_squares(user.space, n, bounds), user.space, ""
            return burst_squares(pointer, n, bounds), Space(pointer, Size.MEDIUM), ""
        # Arc and wall: a base square, then a placement or direction from the pointer.
        if self.origin is AreaOrigin.NEAR:
            assert user is not None
            target = self._pinned or pointer
            base = min(user.space.squares(), key=lambda s: square_distance(s, target))
            aim = pointer if pointer not in user.space.squares() else base.offset(1, 0)
            origin_space: Space = user.space
        else:
            base = self._pinned or pointer
            aim = pointer if self._pinned is not None and pointer != base else base.offset(n, 0)
            origin_space = Space(base, Size.MEDIUM)
        if self.shape is AreaShape.ARC:
            placements = arc_placements(
                base, n, user.space if self.origin is AreaOrigin.NEAR and user else None
            )
            if not placements:
                return [], origin_space, f"no arc {n} fits there"
            ax, ay = aim.center()

            def off(block: list[Square]) -> float:
                cx = sum(s.col + 0.5 for s in block) / len(block)
                cy = sum(s.row + 0.5 for s in block) / len(block)
                return math.hypot(cx - ax, cy - ay)

            block = min(placements, key=off)
            return [s for s in block if bounds.contains(s)], origin_space, ""
        step_col = max(-1, min(1, aim.col - base.col))
        step_row = max(-1, min(1, aim.row - base.row))
        if (step_col, step_row) == (0, 0):
            step_col = 1
        if step_col and step_row:
            # The first square shares an edge with the base square (RULINGS: Wall area).
            if abs(aim.col - base.col) >= abs(aim.row - base.row):
                step_row = 0
            else:
                step_col = 0
        first = base.offset(step_col, step_row)
        avoid = {base, *(user.space.squares() if user and self.origin is AreaOrigin.NEAR else ())}
        chain = _edge_chain(first, aim, n, avoid)
        problem = wall_area_problem(base, chain, n) or ""
        return [s for s in chain if bounds.contains(s)], origin_space, problem

    def preview_at(self, pointer: Square) -> ToolPreview:
        # Pointer moves within a square ask again: answer from the last result.
        encounter = self._session.encounter
        key = (pointer, self._pinned, self._user_id())
        cached = self._cache
        if cached is not None and cached[0] is encounter and cached[1] == key:
            return cached[2]
        preview = self._compute_preview(pointer)
        self._cache = (encounter, key, preview)
        return preview

    def _compute_preview(self, pointer: Square) -> ToolPreview:
        encounter = self._session.encounter
        squares, origin_space, problem = self.area(pointer)
        kind = f"{self.origin.value.title()} {self.shape.value} {self.size}"
        if not squares:
            return ToolPreview(
                label=f"{kind}: {problem}" if problem else kind,
                label_at=(pointer.col + 1.0, float(pointer.row)),
                path_ok=False,
            )
        battlefield = self._session.engine.battlefield(encounter)
        user = self._user()
        warnings: list[str] = []
        if problem:
            warnings.append(problem)
        if self.origin is AreaOrigin.FAR and user is not None and origin_space is not None:
            origin_square = origin_space.origin
            try:
                allowed = far_origin_allowed(
                    battlefield, user.id, origin_square, self.range_squares
                )
            except UnknownOccupantError:
                allowed = True
            if not allowed:
                warnings.append(
                    f"origin out of range {self.range_squares} or out of {user.name}'s "
                    "line of effect"
                )
        exclude = (user.id,) if user is not None and self.origin is AreaOrigin.NEAR else ()
        affected = (
            tuple(creatures_in_area(battlefield, squares, origin_space, exclude=exclude))
            if origin_space is not None
            else ()
        )
        names = [c.name for c in (encounter.find_creature(i) for i in affected) if c is not None]
        label = f"{kind}: " + (", ".join(names) if names else "nobody affected")
        if warnings:
            label += "\n" + "\n".join(f"⚠ {w}" for w in warnings)
        top = min(squares, key=lambda s: (s.row, -s.col))
        right = max(s.col for s in squares)
        return ToolPreview(
            squares=frozenset(squares),
            path_ok=not warnings,
            affected_ids=affected,
            label=label,
            label_at=(right + 1.0, float(top.row)),
        )


# -- line of sight ------------------------------------------------------------------------------

_SIGHT_SAMPLES = 4
"""Sample points per square side when shading the part of a target hidden from the attacker."""


class SightTool:
    """Hover a target to see the sight line from the attacker's best corner, cover, concealment.

    The attacker is the selected creature (a press on a creature selects it). Hovering another
    creature draws the line from the attacker's corner that gives the target the least cover
    (RULINGS "Cover degree"), shades the part of the target's space that corner cannot see
    past walls, and names cover and concealment (000 "Cover", "Concealment") with penalties.

    Args:
        session: the game session (its battlefield and ruleset answer).
        user_id: returns the attacker (the selected creature), or None.
        on_select: called with the creature id pressed, to make it the attacker.
    """

    name = "sight"

    def __init__(
        self,
        session: GameSession,
        user_id: Callable[[], str | None],
        on_select: Callable[[str | None], None] | None = None,
    ) -> None:
        self._session = session
        self._user_id = user_id
        self._on_select = on_select
        self._last: tuple[object, str | None, str | None] | None = None
        self._last_preview = EMPTY_PREVIEW

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        encounter = self._session.encounter
        under = creature_at(encounter, event.grid_xy)
        if event.kind is PointerKind.PRESS and event.buttons & Button.LEFT:
            if self._on_select is not None:
                self._on_select(under.id if under is not None else None)
            self._last = None
            return EMPTY_PREVIEW
        attacker_id = self._user_id()
        target_id = under.id if under is not None and under.id != attacker_id else None
        key = (attacker_id, target_id)
        last = self._last
        if last is not None and last[0] is encounter and last[1:] == key:
            return self._last_preview
        self._last = (encounter, *key)
        self._last_preview = self.preview(attacker_id, target_id, event)
        return self._last_preview

    def preview(
        self, attacker_id: str | None, target_id: str | None, event: PointerEvent
    ) -> ToolPreview:
        encounter = self._session.encounter
        at = (event.grid_xy[0] + 0.3, event.grid_xy[1])
        if attacker_id is None:
            return ToolPreview(label="Click the attacker first", label_at=at)
        if target_id is None:
            return EMPTY_PREVIEW
        attacker = encounter.find_creature(attacker_id)
        target = encounter.find_creature(target_id)
        if attacker is None or target is None:
            return EMPTY_PREVIEW
        battlefield = self._session.engine.battlefield(encounter)
        try:
            result = sight(battlefield, attacker_id, target_id, Origin.RANGED)
        except UnknownOccupantError:
            return ToolPreview(label="the dead neither see nor block", label_at=at)
        ruleset = self._session.rules.ruleset
        cover = result.cover
        penalty = {
            CoverDegree.HALF: f" ({ruleset.half_cover_penalty:+d})",
            CoverDegree.THREE_QUARTERS: f" ({ruleset.three_quarters_cover_penalty:+d})",
            CoverDegree.TOTAL: " (cannot be targeted)",
        }.get(cover.degree, "")
        conceal = {
            ConcealmentDegree.CONCEALED: f" ({ruleset.concealment_penalty:+d})",
            ConcealmentDegree.TOTAL: f" ({ruleset.total_concealment_penalty:+d})",
        }.get(result.concealment, "")
        lines = [
            f"{attacker.name} → {target.name}",
            f"line of sight: {'yes' if result.line_of_sight else 'no'}, "
            f"line of effect: {'yes' if result.line_of_effect else 'no'}",
            f"cover: {cover.degree.label}{penalty}",
            f"concealment: {result.concealment.value}{conceal}",
        ]
        x0, y0, x1, y1 = target.space.bounds()
        target_centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        ax0, ay0, ax1, ay1 = attacker.space.bounds()
        corner = cover.corner or ((ax0 + ax1) / 2, (ay0 + ay1) / 2)
        return ToolPreview(
            polyline=(corner, target_centre),
            path_ok=result.line_of_effect,
            shaded=_hidden_cells(battlefield, corner, target.space.bounds()),
            marked_ids=(target_id,),
            label="\n".join(lines),
            label_at=(x1 + 0.1, y0),
        )

    def cancel(self) -> ToolPreview:
        self._last = None
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return self.cancel()


def _hidden_cells(
    battlefield: Battlefield, corner: Point, box: tuple[float, float, float, float]
) -> tuple[tuple[Point, ...], ...]:
    """Small cells of `box` whose centre a sight line from `corner` cannot reach past walls."""
    x0, y0, x1, y1 = box
    n_x = max(1, round((x1 - x0) * _SIGHT_SAMPLES))
    n_y = max(1, round((y1 - y0) * _SIGHT_SAMPLES))
    w, h = (x1 - x0) / n_x, (y1 - y0) / n_y
    cells = [(x0 + i * w, y0 + j * h) for j in range(n_y) for i in range(n_x)]
    ends = np.array([(x + w / 2, y + h / 2) for x, y in cells], dtype=float)
    starts = np.repeat(np.array([corner], dtype=float), len(cells), axis=0)
    clear = lines_of_effect(battlefield, starts, ends)
    return tuple(
        ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        for (x, y), ok in zip(cells, clear, strict=True)
        if not ok
    )


# -- map image calibration ----------------------------------------------------------------------


def calibration_from_drag(
    pixels_per_square: float, offset_px: Point, start: Point, end: Point
) -> tuple[float, Point] | None:
    """The calibration that makes the dragged box exactly one grid square of the image.

    `start` and `end` are grid points under the current calibration (image pixel =
    offset + grid * pixels_per_square). The new square side is the box's larger side in image
    pixels, and the offset puts a grid corner on the box's top-left corner. None for a box
    too small to mean anything (under 4 image pixels).
    """
    ax, ay = (
        offset_px[0] + start[0] * pixels_per_square,
        offset_px[1] + start[1] * pixels_per_square,
    )
    bx, by = (offset_px[0] + end[0] * pixels_per_square, offset_px[1] + end[1] * pixels_per_square)
    side = max(abs(bx - ax), abs(by - ay))
    if side < 4:
        return None
    left, top = min(ax, bx), min(ay, by)
    return side, (left % side, top % side)


class CalibrateTool:
    """Drag a box over one square drawn on the map image to line the grid up with it.

    Args:
        session: the game session (the current calibration is read from its encounter).
        commit: applies a calibration (pixels per square, offset in image pixels); returns a
            status line. The UI passes its map-image setter, one undo step.
    """

    name = "calibrate"

    def __init__(self, session: GameSession, commit: Callable[[float, Point], str]) -> None:
        self._session = session
        self._commit = commit
        self._start: Point | None = None

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        image = self._session.encounter.map_image
        if image is None:
            return ToolPreview(
                label="Import a map image first (File menu)",
                label_at=(event.grid_xy[0] + 0.3, event.grid_xy[1]),
            )
        if event.kind is PointerKind.PRESS and event.buttons & Button.LEFT:
            self._start = event.grid_xy
        if self._start is None:
            return ToolPreview(
                label="Drag over one square of the map image",
                label_at=(event.grid_xy[0] + 0.3, event.grid_xy[1]),
            )
        start, end = self._start, event.grid_xy
        box = (start, (end[0], start[1]), end, (start[0], end[1]))
        found = calibration_from_drag(image.pixels_per_square, image.offset_px, start, end)
        if event.kind is PointerKind.RELEASE:
            self._start = None
            if found is None:
                return ToolPreview(message="Refused: drag a box the size of one square")
            return ToolPreview(message=self._commit(found[0], found[1]))
        label = "too small" if found is None else f"{found[0]:.1f} px per square"
        return ToolPreview(polyline=(*box, start), label=label, label_at=end)

    def cancel(self) -> ToolPreview:
        self._start = None
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        return self.cancel()


# -- targeting a power or an attack action -------------------------------------------------------


class TargetingAction(StrEnum):
    """The session call a targeting ends in (000 "Use a Power" and "Actions in Combat")."""

    POWER = "use_power"
    CHARGE = "charge"
    GRAPPLE = "grapple"
    SHOVE = "shove"
    COUP_DE_GRACE = "coup_de_grace"
    HELP_ATTACK = "help_attack"
    HELP_DEFENSE = "help_defense"

    @property
    def rolls(self) -> bool:
        """Whether it makes an attack roll (and so asks for the dice); helping does not."""
        return self not in (TargetingAction.HELP_ATTACK, TargetingAction.HELP_DEFENSE)


_ACTION_TARGETING: dict[str, TargetingAction] = {
    "charge": TargetingAction.CHARGE,
    "grapple": TargetingAction.GRAPPLE,
    "shove": TargetingAction.SHOVE,
    "coup_de_grace": TargetingAction.COUP_DE_GRACE,
    "help_attack": TargetingAction.HELP_ATTACK,
    "help_defense": TargetingAction.HELP_DEFENSE,
}

_ON_THE_MAP = frozenset({"walk", "dash", "five_foot_step", "crawl", "squeeze", "move_grappled"})
"""Actions carried out by dragging the token (the move tool), not by choosing a target."""


@dataclass(frozen=True, slots=True)
class TargetingRequest:
    """What the GM is choosing targets for, read from the power (000 "Targeting").

    Attributes:
        creature_id: the user.
        action: the session call it ends in.
        power_name: the power used, or whose reach gives the targets (the basic melee attack
            of a charge, grapple, shove or coup de grace).
        label: what the GM activated ("Cleave", "Charge").
        max_targets: how many creatures a Melee/Ranged power targets ("two creatures": 2);
            0 when there is nothing to choose (a Self power).
        area: the area's shape for Near/Far powers, else None.
        origin: Near or Far (areas only).
        area_size: the area's size N.
        range_squares: a Far area's range.
        attack_roll: False for a power without an attack (nothing to roll: no dice asked).
    """

    creature_id: str
    action: TargetingAction
    power_name: str
    label: str
    max_targets: int = 1
    area: AreaShape | None = None
    origin: AreaOrigin = AreaOrigin.NEAR
    area_size: int = 0
    range_squares: int = 0
    attack_roll: bool = True

    @property
    def needs_map(self) -> bool:
        """False for a power with nothing to choose (Self): it is confirmed straight away."""
        return self.area is not None or self.max_targets > 0


@dataclass(frozen=True, slots=True)
class TargetingChoice:
    """The GM's choice on the map, ready for the dice and the session call.

    Attributes:
        request: what was targeted.
        target_ids: the targets (for an area: the creatures in it the power targets; for
            help: the enemy).
        area_origin: a Far area's origin square.
        area_squares: an area's squares as placed.
        destination: the square a charge ends on.
        ally_id: the ally helped (Help Attack / Help Defense).
    """

    request: TargetingRequest
    target_ids: tuple[str, ...] = ()
    area_origin: Square | None = None
    area_squares: tuple[Square, ...] | None = None
    destination: Square | None = None
    ally_id: str | None = None


def targeting_request(
    session: GameSession,
    creature_id: str,
    *,
    power_name: str | None = None,
    action: str | None = None,
) -> TargetingRequest | str:
    """What activating a power (or an attack action) of the creature asks the GM to choose.

    Returns:
        the request, or the reason it cannot be used now (the session's answer) or how to
        take it instead (moves are dragged on the map).
    """
    encounter = session.encounter
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return f"no creature {creature_id!r}"
    available = session.available_actions(creature_id)
    if power_name is not None:
        power = find_power(session.rules, encounter, creature_id, power_name)
        if power is None:
            return f"{creature.name} has no power {power_name!r}"
        reason = available.power(power_name).reason
        if reason:
            return reason
        if power.area is not None:
            return TargetingRequest(
                creature_id,
                TargetingAction.POWER,
                power.name,
                power.name,
                area=AreaShape(power.area.type.value),
                origin=AreaOrigin.FAR if power.origin is Origin.FAR else AreaOrigin.NEAR,
                area_size=power.area.size,
                range_squares=power.range.normal or 0,
                attack_roll=power.attack is not None,
            )
        if power.origin is Origin.SELF or power.targets is TargetKind.SELF:
            return TargetingRequest(
                creature_id,
                TargetingAction.POWER,
                power.name,
                power.name,
                max_targets=0,
                attack_roll=power.attack is not None,
            )
        return TargetingRequest(
            creature_id,
            TargetingAction.POWER,
            power.name,
            power.name,
            max_targets=max(1, power.target_count),
            attack_roll=power.attack is not None,
        )
    if action is None:
        return "nothing to target"
    try:
        combat_action = CombatAction(action)
    except ValueError:
        return f"unknown action {action!r}"
    reason = available.option(combat_action).reason
    if reason:
        return reason
    if combat_action.value in _ON_THE_MAP:
        return f"{combat_action.label}: drag {creature.name}'s token with the move tool"
    basic = session.basic_attack_name(creature_id)
    if combat_action is CombatAction.BASIC_ATTACK or combat_action is CombatAction.USE_POWER:
        if basic is None:
            basic = session.basic_attack_name(creature_id, ranged=True)
        if basic is None:
            return f"{creature.name} has no basic attack"
        return targeting_request(session, creature_id, power_name=basic)
    targeting = _ACTION_TARGETING.get(combat_action.value)
    if targeting is None:
        return f"{combat_action.label}: use its button in the actions panel"
    if basic is None and targeting.rolls:
        return f"{creature.name} has no basic melee attack"
    return TargetingRequest(
        creature_id, targeting, basic or "", combat_action.label, max_targets=1
    )


def attack_summary(preview: TargetPreview, encounter: Encounter, extra_bonus: int = 0) -> str:
    """One line the GM reads before rolling: the number needed and what changes it.

    ``Goblin Warrior 1: needs 9 on the d20 (+8 vs AC 17) · half cover · combat advantage``.
    000 "Making an Attack": the attack hits when d20 + bonus reaches the defense; a natural 20
    always hits and a natural 1 always misses (000 "Critical Hits", "Automatic Miss").
    """
    name = encounter.name_of(preview.target)
    if preview.defense is None or preview.defense_kind is None:
        return f"{name}: no attack roll"
    bonus = preview.attack_bonus + extra_bonus
    needed = preview.defense - bonus
    if needed > 20:
        need = "only a natural 20 hits"
    elif needed <= 2:
        need = "hits on anything but a natural 1"
    else:
        need = f"needs {needed} on the d20"
    defense = (
        preview.defense_kind.upper()
        if preview.defense_kind == "ac"
        else (preview.defense_kind.capitalize())
    )
    parts = [f"{name}: {need} ({bonus:+d} vs {defense} {preview.defense})"]
    cover = str(preview.facts.get("cover", "none"))
    if cover not in ("none", ""):
        parts.append(f"{cover.replace('_', '-')} cover")
    concealment = str(preview.facts.get("concealment", "none"))
    if concealment == "total":
        parts.append("total concealment")
    elif concealment not in ("none", ""):
        parts.append("concealment")
    if preview.facts.get("long_range"):
        parts.append("long range")
    if preview.combat_advantage:
        parts.append("combat advantage (" + ", ".join(preview.combat_advantage) + ")")
    return " · ".join(parts)


class TargetingTool:
    """Choose the targets of a power or an attack action on the map, then hand them over.

    Legal targets (the session's `power_targets`: reach, range, line of effect) are ringed;
    hovering one names what the d20 must show and why (cover, concealment, combat advantage,
    `GameSession.preview_attack`). A single-target power takes one click on a token; a
    multi-target power takes clicks (a second click drops a target) until its count, or Enter;
    an area power shows its template following the pointer with the creatures it would attack
    (line of effect from the origin, 000 "Areas of effect") and takes a click to place (a Far
    arc or wall: a click for the base square, a second for the direction). Help takes the ally,
    then the enemy. Escape or a right click cancels; nothing changes until `confirm` runs.

    Args:
        session: the game session (targets, previews).
        request: what is being targeted (`targeting_request`).
        confirm: called once with the GM's choice; returns a status line (the UI then asks for
            the dice and calls the session).
        on_finished: called once when the tool is done (confirmed or cancelled), so the UI
            can return to the previous tool.
    """

    name = "target"

    def __init__(
        self,
        session: GameSession,
        request: TargetingRequest,
        confirm: Callable[[TargetingChoice], str],
        on_finished: Callable[[], None] = lambda: None,
    ) -> None:
        self._session = session
        self.request = request
        self._confirm = confirm
        self._on_finished = on_finished
        self._finished = False
        self.chosen: list[str] = []
        self.ally_id: str | None = None
        self._template = (
            TemplateTool(
                session,
                request.area,
                request.origin,
                request.area_size,
                request.range_squares,
                lambda: request.creature_id,
            )
            if request.area is not None
            else None
        )
        self._pinned: Square | None = None
        self._hover_cache: tuple[Encounter, tuple[object, ...], ToolPreview] | None = None
        self.charge_target: str | None = None
        self.charge_squares: tuple[Square, ...] = ()

    # -- what can be chosen --------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self._finished

    def candidates(self) -> tuple[str, ...]:
        """The creatures a click may choose now (for an area: none, the template decides)."""
        request = self.request
        session = self._session
        encounter = session.encounter
        me = encounter.find_creature(request.creature_id)
        if me is None or request.area is not None:
            return ()
        others = [
            c
            for c in encounter.creatures
            if c.id != me.id and not session.rules.is_dead(encounter, c.id)
        ]
        if request.action in (TargetingAction.HELP_ATTACK, TargetingAction.HELP_DEFENSE):
            # 000 "Help Attack"/"Help Defense": an ally, then an enemy adjacent to the helper.
            if self.ally_id is None:
                return tuple(c.id for c in others if c.side == me.side)
            return tuple(c.id for c in others if c.side != me.side)
        if request.action is TargetingAction.CHARGE:
            return tuple(
                c.id
                for c in others
                if c.side != me.side and session.charge_destinations(me.id, c.id)
            )
        within = [t for t in session.power_targets(me.id, request.power_name) if t != me.id]
        if request.action is TargetingAction.COUP_DE_GRACE:
            # 000 "Coup de Grace": only a helpless opponent.
            within = [
                t for t in within if HELPLESS_CONDITIONS & session.rules.conditions(encounter, t)
            ]
        return tuple(within)

    # -- events --------------------------------------------------------------------------------

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if self._finished:
            return EMPTY_PREVIEW
        if event.kind is PointerKind.PRESS and event.buttons & Button.RIGHT:
            return self.cancel()
        if self.request.area is not None:
            return self._area_event(event)
        if self.charge_target is not None:
            return self._charge_event(event)
        if event.kind is PointerKind.PRESS and event.buttons & Button.LEFT:
            return self._click(event)
        if event.kind is PointerKind.LEAVE:
            return self._token_preview(None, event.grid_xy)
        under = creature_at(self._session.encounter, event.grid_xy)
        return self._token_preview(under.id if under is not None else None, event.grid_xy)

    def cancel(self) -> ToolPreview:
        if not self._finished:
            self._finished = True
            self._on_finished()
            return ToolPreview(message=f"{self.request.label}: cancelled")
        return EMPTY_PREVIEW

    def finish(self) -> ToolPreview:
        """Enter: a multi-target power goes ahead with the targets clicked so far."""
        if self._finished or self.request.area is not None:
            return EMPTY_PREVIEW
        if not self.chosen:
            return ToolPreview(message=f"{self.request.label}: click a target first")
        return self._done(TargetingChoice(self.request, tuple(self.chosen)))

    # -- single and multiple targets -----------------------------------------------------------

    def _name(self, creature_id: str | None) -> str:
        return self._session.encounter.name_of(creature_id)

    def _prompt(self) -> str:
        request = self.request
        user = self._name(request.creature_id)
        if request.action in (TargetingAction.HELP_ATTACK, TargetingAction.HELP_DEFENSE):
            if self.ally_id is None:
                return f"{user}: {request.label} — click the ally to help (Esc cancels)"
            return (
                f"{user}: {request.label} — click the enemy {self._name(self.ally_id)} "
                "faces (Esc cancels)"
            )
        if request.max_targets > 1:
            return (
                f"{user}: {request.label} — click up to {request.max_targets} targets "
                f"({len(self.chosen)} chosen), Enter to go ahead, Esc cancels"
            )
        return f"{user}: {request.label} — click a target (Esc cancels)"

    def _click(self, event: PointerEvent) -> ToolPreview:
        under = creature_at(self._session.encounter, event.grid_xy)
        request = self.request
        if under is None or under.id not in self.candidates():
            why = (
                "not a legal target (out of reach or range, or no line of effect)"
                if under is not None
                else "click a ringed token"
            )
            name = f"{under.name}: " if under is not None else ""
            hovered = under.id if under is not None else None
            refused = replace(
                self._token_preview(hovered, event.grid_xy), message=f"Refused: {name}{why}"
            )
            # The reason stays in the status bar while the pointer stays on that token.
            self._hover_cache = (self._session.encounter, self._hover_key(hovered), refused)
            return refused
        if request.action in (TargetingAction.HELP_ATTACK, TargetingAction.HELP_DEFENSE):
            if self.ally_id is None:
                self.ally_id = under.id
                self._hover_cache = None
                return self._token_preview(under.id, event.grid_xy)
            return self._done(TargetingChoice(request, (under.id,), ally_id=self.ally_id))
        if request.action is TargetingAction.CHARGE:
            squares = self._session.charge_destinations(request.creature_id, under.id)
            if len(squares) == 1:
                return self._done(TargetingChoice(request, (under.id,), destination=squares[0]))
            # 000 "Charge": every closest square will do; the GM picks one (flanking...).
            self.charge_target = under.id
            self.charge_squares = squares
            self._hover_cache = None
            return self._charge_preview(event)
        if request.max_targets <= 1:
            return self._done(TargetingChoice(request, (under.id,)))
        if under.id in self.chosen:
            self.chosen.remove(under.id)
        else:
            self.chosen.append(under.id)
        self._hover_cache = None
        if len(self.chosen) >= request.max_targets:
            return self._done(TargetingChoice(request, tuple(self.chosen)))
        return self._token_preview(under.id, event.grid_xy)

    def _hover_key(self, hovered: str | None) -> tuple[object, ...]:
        return (hovered, self.ally_id, tuple(self.chosen))

    def _token_preview(self, hovered: str | None, at: Point) -> ToolPreview:
        encounter = self._session.encounter
        key = self._hover_key(hovered)
        cached = self._hover_cache
        if cached is not None and cached[0] is encounter and cached[1] == key:
            return cached[2]
        candidates = self.candidates()
        lines = [self._prompt()]
        label_at: Point | None = None
        if hovered is not None and hovered != self.request.creature_id:
            target = encounter.find_creature(hovered)
            if hovered in candidates:
                lines = [self._hover_line(hovered)]
            elif target is not None:
                lines = [f"{target.name}: not a legal target"]
            if target is not None:
                _x0, y0, x1, _y1 = target.space.bounds()
                label_at = (x1, y0)
        preview = ToolPreview(
            candidate_ids=candidates,
            affected_ids=tuple(self.chosen) + ((self.ally_id,) if self.ally_id else ()),
            marked_ids=(hovered,) if hovered is not None and hovered in candidates else (),
            label=lines[0] if label_at is not None else "",
            label_at=label_at,
            message=lines[0],
        )
        self._hover_cache = (encounter, key, preview)
        return preview

    def _hover_line(self, target_id: str) -> str:
        request = self.request
        session = self._session
        if not request.action.rolls:
            verb = "helps against" if self.ally_id else "helps"
            return f"{self._name(request.creature_id)} {verb} {self._name(target_id)}"
        if request.action in (TargetingAction.GRAPPLE, TargetingAction.SHOVE):
            # Special attacks (Strength vs Reflex/Fortitude) have no stat-block power to preview.
            return f"{request.label} {self._name(target_id)}: click to roll"
        previews, problem = session.preview_attack(
            request.creature_id, request.power_name, [target_id]
        )
        if problem or not previews:
            return f"{self._name(target_id)}: {problem or 'cannot be attacked'}"
        # 000 "Charge": +1 to the attack roll.
        extra = 1 if request.action is TargetingAction.CHARGE else 0
        return attack_summary(previews[0], session.encounter, extra)

    # -- a charge's end square -----------------------------------------------------------------

    def _charge_square(self, event: PointerEvent) -> Square | None:
        me = self._session.encounter.find_creature(self.request.creature_id)
        if me is None:
            return None
        square = drop_square(me.size, event.grid_xy)
        return square if square in self.charge_squares else None

    def _charge_event(self, event: PointerEvent) -> ToolPreview:
        if event.kind is PointerKind.PRESS and event.buttons & Button.LEFT:
            square = self._charge_square(event)
            if square is None:
                return replace(
                    self._charge_preview(event),
                    message="Refused: click one of the shaded squares (the closest ones "
                    "from which it can attack)",
                )
            assert self.charge_target is not None
            return self._done(
                TargetingChoice(self.request, (self.charge_target,), destination=square)
            )
        return self._charge_preview(event)

    def _charge_preview(self, event: PointerEvent) -> ToolPreview:
        target = self._name(self.charge_target)
        square = self._charge_square(event)
        hint = f"{self._name(self.request.creature_id)} charges {target}: click where it ends"
        if square is not None:
            path = self._session.preview_move(self.request.creature_id, square, MoveMode.WALK)
            return ToolPreview(
                reachable=frozenset(self.charge_squares),
                path=path.path,
                path_ok=path.reachable,
                marked_ids=(*path.provoking_enemy_ids, self.charge_target or ""),
                message=hint
                + (
                    " — opportunity attacks: "
                    + ", ".join(self._name(i) for i in path.provoking_enemy_ids)
                    if path.provoking_enemy_ids
                    else ""
                ),
            )
        return ToolPreview(
            reachable=frozenset(self.charge_squares),
            marked_ids=(self.charge_target or "",),
            message=hint,
        )

    # -- areas ---------------------------------------------------------------------------------

    def _area_squares(self, pointer: Square) -> tuple[list[Square], Square | None, str]:
        template = self._template
        assert template is not None
        template.pin(self._pinned)
        squares, origin_space, problem = template.area(pointer)
        far = self.request.origin is AreaOrigin.FAR
        origin = origin_space.origin if far and origin_space is not None else None
        return squares, origin, problem

    def _area_event(self, event: PointerEvent) -> ToolPreview:
        pointer = event.square
        preview = self._area_preview(pointer)
        if not (event.kind is PointerKind.PRESS and event.buttons & Button.LEFT):
            return preview
        request = self.request
        two_step = request.origin is AreaOrigin.FAR and request.area is not AreaShape.BURST
        if two_step and self._pinned is None:
            self._pinned = pointer
            self._hover_cache = None
            return self._area_preview(pointer)
        if not preview.path_ok or not preview.squares:
            reason = preview.warnings[0] if preview.warnings else "the area does not fit there"
            refused = replace(preview, message=f"Refused: {reason}")
            # The reason stays in the status bar while the pointer stays on that square.
            self._hover_cache = (self._session.encounter, (pointer, self._pinned), refused)
            return refused
        squares, origin, _ = self._area_squares(pointer)
        return self._done(
            TargetingChoice(
                request,
                preview.affected_ids,
                area_origin=origin,
                area_squares=tuple(sorted(squares, key=lambda s: (s.row, s.col))),
            )
        )

    def _area_preview(self, pointer: Square) -> ToolPreview:
        encounter = self._session.encounter
        key = (pointer, self._pinned)
        cached = self._hover_cache
        if cached is not None and cached[0] is encounter and cached[1] == key:
            return cached[2]
        template = self._template
        assert template is not None
        template.pin(self._pinned)
        shown = template.preview_at(pointer)
        request = self.request
        squares, origin, problem = self._area_squares(pointer)
        warnings = [w.removeprefix("⚠ ") for w in shown.label.split("\n")[1:]]
        targets: tuple[str, ...] = ()
        lines: list[str] = []
        if squares:
            targets = self._session.power_targets(
                request.creature_id,
                request.power_name,
                area_origin=origin,
                area_squares=squares,
            )
            if targets:
                previews, why = self._session.preview_attack(
                    request.creature_id,
                    request.power_name,
                    targets,
                    area_origin=origin,
                    area_squares=squares,
                )
                lines = (
                    [attack_summary(p, encounter) for p in previews] if not why else [f"⚠ {why}"]
                )
        kind = f"{request.origin.value.title()} {request.area} {request.area_size}"
        user = self._name(request.creature_id)
        head = f"{user}: {request.label} ({kind}) — " + (
            "click for the base square"
            if request.origin is AreaOrigin.FAR
            and request.area is not AreaShape.BURST
            and self._pinned is None
            else "click to place"
        )
        if not targets:
            lines = ["nobody targeted", *lines]
        label = "\n".join([head, *lines, *(f"⚠ {w}" for w in warnings)])
        # The label goes under the area, not over the creatures it names.
        label_at = (
            (float(min(s.col for s in squares)), max(s.row for s in squares) + 1.2)
            if squares
            else shown.label_at
        )
        preview = ToolPreview(
            squares=frozenset(squares),
            path_ok=not warnings and not problem,
            affected_ids=targets,
            label=label,
            label_at=label_at,
            warnings=tuple(warnings),
            message=head,
        )
        self._hover_cache = (encounter, key, preview)
        return preview

    # -- the end -------------------------------------------------------------------------------

    def _done(self, choice: TargetingChoice) -> ToolPreview:
        # Finished first: what `confirm` starts (a dialog, a forced move) outlives this tool.
        self._finished = True
        self._on_finished()
        return ToolPreview(message=self._confirm(choice))


# -- forced movement after a hit ------------------------------------------------------------------


class ForcedMoveTool:
    """Carry out a push, pull or slide a power imposed: click the square the target ends on.

    The squares the target can be moved to (000 "Unwilling Movement": a push moves it away
    from the attacker, a pull towards it, a slide anywhere; forced movement never provokes)
    are shaded; hovering one draws the path. A click moves it through the session (one undo
    step); Escape or a right click leaves it where it is (a power says "up to").

    Args:
        session: the game session.
        target_id: the creature moved.
        kind: "push", "pull" or "slip"/"slide", as the attack result names it.
        squares: how far, at most.
        source_id: the attacker (what "away" and "towards" refer to).
        on_finished: called once when done (moved or skipped).
    """

    name = "forced"

    def __init__(
        self,
        session: GameSession,
        target_id: str,
        kind: str,
        squares: int,
        source_id: str | None,
        on_finished: Callable[[], None] = lambda: None,
    ) -> None:
        self._session = session
        self.target_id = target_id
        self.kind = kind
        self.squares = squares
        self.source_id = source_id
        self._on_finished = on_finished
        self._finished = False
        forced_kind = ForcedKind("slide" if kind in ("slip", "slide") else kind)
        try:
            self.destinations = forced_destinations(
                session.engine.battlefield(session.encounter),
                target_id,
                forced_kind,
                squares,
                source_id=source_id,
            )
        except (UnknownOccupantError, ValueError):
            self.destinations = {}

    @property
    def finished(self) -> bool:
        return self._finished

    def _text(self) -> str:
        name = self._session.encounter.name_of(self.target_id)
        return f"{self.kind.capitalize()} {name} up to {_plural(self.squares, 'square')}"

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if self._finished:
            return EMPTY_PREVIEW
        if event.kind is PointerKind.PRESS and event.buttons & Button.RIGHT:
            return self.cancel()
        target = self._session.encounter.find_creature(self.target_id)
        if target is None:
            return self.cancel()
        # The pointer names the target's new top-left square (its space follows).
        square = drop_square(target.size, event.grid_xy)
        path = self.destinations.get(square)
        if event.kind is PointerKind.PRESS and event.buttons & Button.LEFT:
            if path is None:
                return ToolPreview(
                    reachable=frozenset(self.destinations),
                    marked_ids=(self.target_id,),
                    message=f"Refused: {target.name} cannot be moved there "
                    f"({self.kind} {self.squares})",
                )
            result = self._session.force_move(
                self.target_id, self.kind, self.squares, square, source_id=self.source_id
            )
            self._finish()
            return ToolPreview(message=_result_message(result))
        hint = f"{self._text()}: click where it ends (Esc: leave it)"
        return ToolPreview(
            reachable=frozenset(self.destinations),
            path=(target.square, *path) if path is not None else (),
            marked_ids=(self.target_id,),
            label=hint if path is not None else "",
            label_at=(square.col + target.size.side_units, float(square.row)),
            message=hint,
        )

    def cancel(self) -> ToolPreview:
        if self._finished:
            return EMPTY_PREVIEW
        self._finish()
        return ToolPreview(message=f"{self._text()}: left where it is")

    def finish(self) -> ToolPreview:
        return EMPTY_PREVIEW

    def _finish(self) -> None:
        self._finished = True
        self._on_finished()
