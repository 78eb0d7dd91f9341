"""What every pointer tool shares: pointer events, the preview answer and the tool protocol.

Also the hit testing, the status texts and two small state helpers (a preview cache, a tool
that ends once) that several tools use.

Coordinates are grid units (docs/design.md#coordinates): square (c, r) spans [c, c+1] x [r, r+1].
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntFlag, StrEnum
from typing import Protocol

from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.geometry.grid import Size, Square, square_distance
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules.ruleset import ruleset_by_id

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


class KeyModifier(IntFlag):
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
    modifiers: KeyModifier = KeyModifier.NONE

    @property
    def square(self) -> Square:
        return Square(math.floor(self.grid_xy[0]), math.floor(self.grid_xy[1]))

    @property
    def corner(self) -> tuple[int, int]:
        """The grid corner nearest the pointer (walls snap to corners)."""
        return (round(self.grid_xy[0]), round(self.grid_xy[1]))

    @property
    def left_press(self) -> bool:
        return self.kind is PointerKind.PRESS and bool(self.buttons & Button.LEFT)

    @property
    def right_press(self) -> bool:
        return self.kind is PointerKind.PRESS and bool(self.buttons & Button.RIGHT)


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


def drop_square(size: Size, grid_xy: Point) -> Square:
    """The top-left square of a space of `size` centred as near `grid_xy` as the grid allows.

    000 sizes: a creature's position is the top-left square of its space, so a token lands
    where most of it is.
    """
    side = size.side_squares
    return Square(math.floor(grid_xy[0] - side / 2 + 0.5), math.floor(grid_xy[1] - side / 2 + 0.5))


# -- status texts ------------------------------------------------------------------------------


def result_message(result: OperationResult, encounter: Encounter | None = None) -> str:
    """A status line for a session result: what was done, or "Refused: <reason>".

    With `encounter`, a move's line names the enemies offered an opportunity attack.
    """
    if not result.ok:
        return f"Refused: {result.reason}"
    text = result.text
    if result.opportunity_attackers:
        names = [
            encounter.name_of(i) if encounter is not None else i
            for i in result.opportunity_attackers
        ]
        # 004 l.381: the ruleset's own term ("attacks of opportunity").
        named = (
            ruleset_by_id(encounter.ruleset_id).label("opportunity_attacks")
            if encounter is not None
            else "opportunity attacks"
        )
        text += f" — {named} offered to " + ", ".join(names)
    return text


# -- state helpers -----------------------------------------------------------------------------


class PreviewCache:
    """The last preview a tool computed, reused while the snapshot and the tool's key stay.

    Pointer moves within one square ask again; the answer only changes when the document does
    (a new snapshot, compared by identity) or what the tool keys on (pointer square, choices).
    """

    def __init__(self) -> None:
        self._entry: tuple[Encounter, object, ToolPreview] | None = None

    def get(self, encounter: Encounter, key: object) -> ToolPreview | None:
        entry = self._entry
        if entry is not None and entry[0] is encounter and entry[1] == key:
            return entry[2]
        return None

    def put(self, encounter: Encounter, key: object, preview: ToolPreview) -> ToolPreview:
        self._entry = (encounter, key, preview)
        return preview

    def clear(self) -> None:
        self._entry = None


class Stroke:
    """The squares a press-drag-release gesture sweeps (painting or erasing terrain)."""

    def __init__(self) -> None:
        self._squares: set[Square] | None = None

    @property
    def active(self) -> bool:
        return self._squares is not None

    @property
    def squares(self) -> frozenset[Square]:
        return frozenset(self._squares or ())

    def begin(self, square: Square) -> None:
        self._squares = {square}

    def drop(self) -> None:
        self._squares = None

    def follow(self, event: PointerEvent) -> frozenset[Square] | None:
        """Add the square under a move or a release; a release ends the stroke and returns it."""
        if self._squares is None or event.kind not in (PointerKind.MOVE, PointerKind.RELEASE):
            return None
        self._squares.add(event.square)
        if event.kind is not PointerKind.RELEASE:
            return None
        done = frozenset(self._squares)
        self._squares = None
        return done


class OneShotTool:
    """Base of a tool that ends once (done or cancelled) and then tells its owner.

    Once ended it ignores the pointer; Escape or a right click cancels it with
    `cancelled_message`.

    Args:
        on_finished: called once when the tool ends, so the UI can return to the previous tool.
    """

    def __init__(self, on_finished: Callable[[], None]) -> None:
        self._on_finished = on_finished
        self._finished = False

    @property
    def finished(self) -> bool:
        return self._finished

    def cancelled_message(self) -> str:
        """The status line when the GM cancels (Escape, right click)."""
        return "cancelled"

    def cancel(self) -> ToolPreview:
        if self._finished:
            return EMPTY_PREVIEW
        self._end()
        return ToolPreview(message=self.cancelled_message())

    def _ignores(self, event: PointerEvent) -> ToolPreview | None:
        """The answer to an event the tool does not handle itself: ended, or a right click."""
        if self._finished:
            return EMPTY_PREVIEW
        if event.right_press:
            return self.cancel()
        return None

    def _dropping(
        self, encounter: Encounter, creature_id: str, event: PointerEvent
    ) -> tuple[Creature, Square] | ToolPreview:
        """For a tool that places one creature: it and the square the pointer drops it on.

        The square is its space's top-left (`drop_square`). Or the answer to give instead: the
        tool ended or was cancelled (`_ignores`), or the creature is gone (the tool cancels).
        """
        if (ignored := self._ignores(event)) is not None:
            return ignored
        creature = encounter.find_creature(creature_id)
        if creature is None:
            return self.cancel()
        return creature, drop_square(creature.size, event.grid_xy)

    def _end(self) -> None:
        # Finished first: what the owner starts next (a dialog, a forced move) outlives the tool.
        self._finished = True
        self._on_finished()
