"""Hover a target to see the attacker's sight line, the target's cover and its concealment."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import (
    EMPTY_PREVIEW,
    Point,
    PointerEvent,
    PreviewCache,
    ToolPreview,
    creature_at,
)
from orcus_desktop.geometry.battlefield import Battlefield, UnknownOccupantError
from orcus_desktop.geometry.grid import Space
from orcus_desktop.geometry.lighting import light_cause
from orcus_desktop.geometry.sight import SightResult, lines_of_effect, sight
from orcus_desktop.vocabulary import ConcealmentDegree, CoverDegree, Origin

_SIGHT_SAMPLES = 4
"""Sample points per square side when shading the part of a target hidden from the attacker."""


class SightTool:
    """Hover a target to see the sight line from the attacker's best corner, cover, concealment.

    The attacker is the selected creature (a press on a creature selects it). Hovering another
    creature draws the line from the attacker's corner that gives the target the least cover
    (docs/rulings.md R-14), shades the part of the target's space that corner cannot see
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
        self._cache = PreviewCache()  # keyed by (attacker, target)

    def on_pointer(self, event: PointerEvent) -> ToolPreview:
        encounter = self._session.encounter
        under = creature_at(encounter, event.grid_xy)
        if event.left_press:
            if self._on_select is not None:
                self._on_select(under.id if under is not None else None)
            self._cache.clear()
            return EMPTY_PREVIEW
        attacker_id = self._user_id()
        target_id = under.id if under is not None and under.id != attacker_id else None
        key = (attacker_id, target_id)
        cached = self._cache.get(encounter, key)
        if cached is not None:
            return cached
        return self._cache.put(encounter, key, self.preview(attacker_id, target_id, event))

    def preview(
        self, attacker_id: str | None, target_id: str | None, event: PointerEvent
    ) -> ToolPreview:
        """The sight line, shading and label from the attacker to the target under the pointer."""
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
        battlefield = self._session.battlefield()
        try:
            ruleset = self._session.rules.ruleset
            buckets = ruleset.cover_buckets()
            result = sight(battlefield, attacker_id, target_id, Origin.RANGED, buckets)
        except UnknownOccupantError:
            return ToolPreview(label="the dead neither see nor block", label_at=at)
        cover = result.cover
        # Every level of the ruleset's scale with its number (000: two; 001-11: four).
        level = ruleset.cover.level_of(cover.degree)
        penalty = f" ({level.modifier:+d})" if level is not None else ""
        if cover.degree is CoverDegree.TOTAL:
            penalty = " (cannot be targeted)"
        ids = (attacker_id, target.space)
        conceal = {
            ConcealmentDegree.CONCEALED: f" ({ruleset.concealment_penalty:+d})",
            ConcealmentDegree.TOTAL: f" ({ruleset.total_concealment_penalty:+d})",
        }.get(result.concealment, "")
        lines = [
            f"{attacker.name} → {target.name}",
            f"line of sight: {'yes' if result.line_of_sight else 'no'}, "
            f"line of effect: {'yes' if result.line_of_effect else 'no'}",
            # The ruleset's cover names (D3; 004-29 "cover", "improved cover").
            f"cover: {ruleset.label(cover.degree.value)}{penalty}",
            f"concealment: {result.concealment.value}{conceal}{_cause(battlefield, result, ids)}",
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
        self._cache.clear()
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


def _cause(battlefield: Battlefield, result: SightResult, ids: tuple[str, Space]) -> str:
    """The cause of the concealment when light gives it (docs/rulings.md R-61), or "".

    Spelled to follow the degree: ", dim light" or ", darkness".
    """
    if result.concealment is ConcealmentDegree.NONE:
        return ""
    cause = light_cause(battlefield, battlefield.occupant(ids[0]), ids[1])
    return f", {cause}" if cause else ""
