"""Place an area template (burst, arc, wall; Near or Far) and see which creatures it affects."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import replace
from enum import StrEnum
from typing import Final

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    PointerEvent,
    PointerKind,
    PreviewCache,
    ToolPreview,
)
from orcus_desktop.geometry.areas import (
    arc_placements,
    burst_squares,
    creatures_in_area,
    far_origin_allowed,
    near_burst_squares,
    wall_area_problem,
)
from orcus_desktop.geometry.battlefield import UnknownOccupantError
from orcus_desktop.geometry.grid import Size, Space, Square, space_distance, square_distance
from orcus_desktop.model.encounter import Creature
from orcus_desktop.vocabulary import AreaShape


class AreaOrigin(StrEnum):
    """Where an area power originates (000 "Areas of effect")."""

    NEAR = "near"
    """In the user's space: a Near burst surrounds it, a Near arc or wall starts beside it."""
    FAR = "far"
    """In an origin square within range of the user."""


_EDGE_STEPS: Final = ((1, 0), (0, 1), (-1, 0), (0, -1))


def _edge_chain(
    first: Square, toward: Square, count: int, avoid: Iterable[Square] = ()
) -> list[Square]:
    """`count` edge-connected squares from `first` stepping toward `toward` (docs/rulings.md R-11).

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
    the origin (000 "Areas of effect"; docs/rulings.md R-10, R-11, R-09).
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
        self._cache = PreviewCache()  # keyed by (pointer, pinned, user)

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        if event.right_press:
            return self.cancel()
        if event.left_press:
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

    @property
    def placed(self) -> frozenset[Square]:
        """The squares of the template a click left on the map (empty while none is).

        The GM can keep them as a zone (`zones.place_zone`).
        """
        return self._frozen.squares if self._frozen is not None else frozenset()

    @property
    def kind_text(self) -> str:
        """``Far burst 2``: what the template is, a zone's default name."""
        return f"{self.origin.value.title()} {self.shape.value} {self.size}"

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
            # The first square shares an edge with the base square (docs/rulings.md R-11).
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
        """What the template shows with the pointer on `pointer` (asked again per square only)."""
        encounter = self._session.encounter
        key = (pointer, self._pinned, self._user_id())
        cached = self._cache.get(encounter, key)
        if cached is not None:
            return cached
        return self._cache.put(encounter, key, self._compute_preview(pointer))

    def _compute_preview(self, pointer: Square) -> ToolPreview:
        encounter = self._session.encounter
        squares, origin_space, problem = self.area(pointer)
        kind = self.kind_text
        if not squares:
            return ToolPreview(
                label=f"{kind}: {problem}" if problem else kind,
                label_at=(pointer.col + 1.0, float(pointer.row)),
                path_ok=False,
            )
        battlefield = self._session.battlefield()
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
                # One plain reason (000 "Far area": within range, with line of effect).
                away = space_distance(user.space, Space(origin_square, Size.MEDIUM))
                warnings.append(
                    f"origin out of range {self.range_squares}: it is {away} squares from "
                    f"{user.name}"
                    if away > self.range_squares
                    else f"{user.name} has no line of effect to the origin square"
                )
        exclude = (user.id,) if user is not None and self.origin is AreaOrigin.NEAR else ()
        affected = (
            tuple(creatures_in_area(battlefield, squares, origin_space, exclude=exclude))
            if origin_space is not None
            else ()
        )
        names = [encounter.name_of(i) for i in affected]
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
