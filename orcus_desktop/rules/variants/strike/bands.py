"""001's bands: the size of a modifier by how many creatures count (001-19, 001-21, 001-26)."""

from __future__ import annotations


def engagement_band(count: int) -> int:
    """The size of a 001 modifier by how many: 0 → 0, 1 → 1, 2-3 → 2, 4 or more → 3.

    The bands of 001-19 (l.220-224), 001-21 (l.230-234) and 001-26 (l.262-266).
    """
    if count <= 0:
        return 0
    if count == 1:
        return 1
    return 2 if count <= 3 else 3
