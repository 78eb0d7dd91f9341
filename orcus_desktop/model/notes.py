"""GM notes: pins with text on the map, for the GM's eyes only (issue 31 item 5, R-152).

A note is a point on the grid (grid units, like a wall's points) and its text. Only the GM's
map draws notes; the players' screen and the pictures shared with their devices never hold
them (their scenes are built with `gm=False`).
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_NOTE_TEXT = 2_000
"""Characters in one note."""


@dataclass(frozen=True, slots=True)
class MapNote:
    """A GM's pin: `id`, where it stands (grid units) and what it says."""

    id: str
    point: tuple[float, float]
    text: str
