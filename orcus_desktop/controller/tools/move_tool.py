"""Drag a token to move it (the move tool), or click to select it and toggle doors (select)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.outcomes import MovePreview
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    Button,
    KeyModifier,
    Point,
    PointerEvent,
    PointerKind,
    TokenGhost,
    ToolPreview,
    creature_at,
    drop_square,
    result_message,
    wall_at,
)
from orcus_desktop.geometry.features import TerrainKind, WallKind
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.routes import NO_ROUTE, Route
from orcus_desktop.model.encounter import Creature
from orcus_desktop.vocabulary import MoveMode


@dataclass
class _Drag:
    creature: Creature
    grab_offset: Point  # pointer minus the token's top-left, grid units
    destination: Square
    mode: MoveMode
    preview: MovePreview | None = None
    reachable: dict[MoveMode, frozenset[Square]] = field(default_factory=dict)
    waypoints: list[Square] = field(default_factory=list)  # P or a right-click adds one
    trail: set[Square] = field(default_factory=set)  # the squares the token crossed
    last: PointerEvent | None = None

    def route(self) -> Route:
        """The GM's say in the path: the waypoints, then the squares crossed (issue 28)."""
        if self.mode is MoveMode.GM:
            return NO_ROUTE
        return Route(tuple(self.waypoints), frozenset(self.trail))

    def crossed(self, square: Square) -> None:
        """The token's destination moved to `square`: every square on the way is crossed."""
        at = self.destination
        self.trail.add(at)
        while at != square:  # the pointer may jump several squares between two events
            at = Square(at.col + _sign(square.col - at.col), at.row + _sign(square.row - at.row))
            self.trail.add(at)


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


class MoveTool:
    """Drag a token to move it: live path, cost, reachable squares and warnings; commit on release.

    Shift held = a shift (000 "Shift": 1 square, provokes nothing); Ctrl or Alt held, or
    `gm_move` set, = a free GM move (no action, nothing provoked, only the destination checked).
    The path keeps to the squares the token was dragged across, among the cheapest that
    provoke the fewest; P or a right-click while dragging adds a waypoint the walk passes
    through (`add_waypoint`, `geometry/routes.py`; issue 28).
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

    def _mode(self, modifiers: KeyModifier) -> MoveMode:
        if self.gm_move or modifiers & (KeyModifier.CTRL | KeyModifier.ALT):
            return MoveMode.GM
        if modifiers & KeyModifier.SHIFT:
            return MoveMode.SHIFT
        return MoveMode.WALK

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if event.right_press and self._drag is not None:
            return self.add_waypoint()
        if event.left_press:
            return self._press(event)
        if event.kind is PointerKind.MOVE and self._drag is not None:
            return self._move(event)
        if event.kind is PointerKind.RELEASE and self._drag is not None:
            if not event.buttons & Button.LEFT:
                return self._drag_preview(event)  # the right button of a waypoint let go
            return self._release(event)
        return EMPTY_PREVIEW if self._drag is None else self._drag_preview(event)

    def add_waypoint(self) -> ToolPreview:
        """Make the square the dragged token is over a waypoint of its walk (P, right-click).

        The path then passes through it, as Foundry's ruler does; nothing while not dragging,
        in a GM move, or on the square it starts from or the last waypoint.
        """
        drag = self._drag
        if drag is None or drag.last is None:
            return EMPTY_PREVIEW
        last = drag.waypoints[-1] if drag.waypoints else drag.creature.square
        if drag.mode is not MoveMode.GM and drag.destination != last:
            drag.waypoints.append(drag.destination)
            drag.trail = {drag.destination}  # the trail guides the leg after it
            drag.preview = None
        return self._move(drag.last)

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
                    result = self._session.by(self).run(
                        editing.set_door_open, wall_id, not door.is_open
                    )
                    return ToolPreview(message=result_message(result))
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
        # The token lands where most of it is: under the centre of the token being dragged.
        centre = (event.grid_xy[0] - gx + (x1 - x0) / 2, event.grid_xy[1] - gy + (y1 - y0) / 2)
        return drop_square(self._drag.creature.size, centre)

    def _move(self, event: PointerEvent) -> ToolPreview:
        drag = self._drag
        assert drag is not None
        drag.last = event
        destination = self._destination(event)
        mode = self._mode(event.modifiers)
        if destination != drag.destination or mode is not drag.mode or drag.preview is None:
            drag.crossed(destination)
            drag.destination = destination
            drag.mode = mode
            drag.preview = (
                None
                if destination == drag.creature.square and not drag.waypoints
                else self._session.preview_move(drag.creature.id, destination, mode, drag.route())
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
            warnings.append(f"difficult terrain: +{plural(len(difficult), 'square')}")
        if preview.provoking_enemy_ids:
            names = ", ".join(encounter.name_of(i) for i in preview.provoking_enemy_ids)
            # 004 l.381: the ruleset's own term ("attacks of opportunity").
            warnings.append(f"{self._session.ruleset.label('opportunity_attacks')}: {names}")
        mode_text = {MoveMode.SHIFT: "shift ", MoveMode.GM: "GM move "}.get(drag.mode, "")
        if preview.reachable:
            label = mode_text + (
                plural(preview.cost, "square") if drag.mode is not MoveMode.GM else ""
            )
            if drag.waypoints and drag.mode is not MoveMode.GM:
                label += f" via {plural(len(drag.waypoints), 'waypoint')}"
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
        if drag.destination == drag.creature.square and not drag.waypoints:
            return EMPTY_PREVIEW
        result = self._session.move_creature(
            drag.creature.id, drag.destination, drag.mode, self, route=drag.route()
        )
        return ToolPreview(message=result_message(result, self._session.encounter))


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
