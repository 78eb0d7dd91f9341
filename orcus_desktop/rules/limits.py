"""The limits of a stat block: what the editor, a library file and an encounter file all accept.

Part of the one limits table (`model/file_format/limits.py` gathers them all, issue 29): a
creature the editor or a library accepts is one an encounter file reopens with. They sit here
because the stat block's own validation (`rules/statblock.py`) enforces them, below the model.
docs/rulings.md R-136.
"""

from __future__ import annotations

MAX_NAME_CHARS = 200
"""Characters of a creature's or the encounter's name, and of an id."""
MAX_LEVEL = 100
"""A creature's level (000's heroes go to 30; monsters may go beyond, not to 10^30)."""
MAX_SPEED = 100
"""Squares of any speed, sense, reach, area size or forced movement (a map is at most 1,000
squares a side; 000's speeds are about 6)."""
MAX_STAT = 10_000
"""The size of any other whole number of a stat block: hit points, defenses, ability scores,
bonuses, resistances, counts (derived numbers such as initiative stay far below the file's
bound of 10^6)."""
