"""The limits an encounter file is read within, and the JSON decoding that enforces them.

Stated in docs/files.md ("Limits"). They keep every load bounded in time and memory whatever the
file holds: the decoder refuses deep nesting (no RecursionError), long number literals (no
4,300-digit ValueError, no float overflow to infinity) and NaN/Infinity; the readers refuse
grids, coordinates and counts beyond these bounds; `text_repair` cuts overlong text.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Final

from orcus_desktop.model.file_format.fields import EncounterFileError
from orcus_desktop.model.file_format.json_parts import decode_in_parts
from orcus_desktop.model.file_format.json_text import JsonTextScan, scan_json_text
from orcus_desktop.model.progress import Progress
from orcus_desktop.rules.limits import MAX_LEVEL, MAX_NAME_CHARS, MAX_SPEED, MAX_STAT

__all__ = [
    "MAX_CREATURES",
    "MAX_FILE_BYTES",
    "MAX_GRID_SIDE",
    "MAX_LEVEL",
    "MAX_LIGHTS",
    "MAX_LIT_SQUARES",
    "MAX_LOG_ENTRIES",
    "MAX_NAME_CHARS",
    "MAX_NESTING_DEPTH",
    "MAX_NUMBER_CHARS",
    "MAX_PIXELS_PER_SQUARE",
    "MAX_SPEED",
    "MAX_STAT",
    "MAX_TERRAIN_PATCHES",
    "MAX_TERRAIN_SQUARES",
    "MAX_TEXT_CHARS",
    "MAX_WALLS",
    "MAX_WALL_CROSSINGS",
    "MAX_WALL_POINTS",
    "MAX_WALL_SEGMENTS",
    "MIN_PIXELS_PER_SQUARE",
    "WALL_MARGIN",
    "check_depth",
    "decode_json",
    "decode_json_scanned",
]

MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_NESTING_DEPTH = 64
"""Objects and lists inside each other; a stat block needs about 8."""
MAX_NUMBER_CHARS = 40
"""Characters of one number literal (a 64-bit integer has 20)."""
MAX_TEXT_CHARS = 10_000
"""Characters of any text in the file; longer text is cut, with a notice."""
MAX_GRID_SIDE = 1000
"""Columns and rows of the grid: at most 1,000 x 1,000 squares."""
WALL_MARGIN = 100
"""Wall points lie at most this many squares outside the largest grid, whatever the grid's
size (so shrinking the grid never strands a wall); creatures lie on the grid."""
MAX_WALLS = 20_000
"""Walls, windows and doors of a map."""
MAX_WALL_POINTS = 10_000
"""Points of one wall."""
MAX_WALL_SEGMENTS = 50_000
"""Straight pieces of all walls together (a wall of n points has n - 1): R-136."""
MAX_WALL_CROSSINGS = 10_000
"""Points where one wall cuts through another (not where walls meet end to end): R-136. Each
splits a wall for the sight geometry; 1,000 random walls on a 4 x 3 grid cross 111,000 times."""
MAX_LIGHTS = 2_000
"""Light sources of a map (R-136); a real map has tens."""
MAX_LIT_SQUARES = 1_500_000
"""Squares all lit lights reach together, each counting the (2 x dim + 1)-square side window
its radius spans (R-218): the work of lighting the map grows with it. A big imported map's few
hundred torches of radius under 20 stay under a third of it; 2,000 lights of radius 100
(80 million) is a damaged or hostile file, which would freeze the window for minutes."""
MAX_CREATURES = 2_000
MAX_TERRAIN_PATCHES = 10_000
MAX_TERRAIN_SQUARES = 1_000_000
"""Squares of all terrain patches together (R-219): the largest grid painted once over. A file
may list a square in several patches; painting merges one kind into one patch."""
MAX_LOG_ENTRIES = 100_000
MIN_PIXELS_PER_SQUARE, MAX_PIXELS_PER_SQUARE = 4, 4096
"""Pixels of the map image one square spans (a Universal VTT map's pixels per grid alike)."""


def decode_json(text: str, what: str = "an encounter file") -> object:
    """Decode `text` as JSON within the limits above; `what` the file should be, for messages.

    Encounters, Universal VTT maps and creature libraries are all decoded so (issue 29).

    Raises:
        EncounterFileError: not JSON, nested too deeply, a number too long or not finite.
    """
    return decode_json_scanned(text, what)[0]


def decode_json_scanned(
    text: str, what: str, progress: Progress | None = None
) -> tuple[object, JsonTextScan | None]:
    """`decode_json`, and what the text's characters told (`json_text.scan_json_text`).

    R-253: the depth is read off the text and integers are Python's own unless a run of digits
    is as long as the limit: a walk over every value and a call per integer cost seconds on a
    big file. A text with a backslash is decoded and walked as before. A text over
    `DECODED_WHOLE_AT_MOST` is decoded part by part, `progress` told how far
    (`json_parts.decode_in_parts`).

    Raises:
        EncounterFileError: as `decode_json`.
        ReadCancelledError: `progress` asked to stop.
    """
    scan = scan_json_text(text, MAX_NUMBER_CHARS)
    plain_ints = scan is not None and not scan.long_digit_run
    hooks: dict[str, Any] = {
        "parse_int": None if plain_ints else _parse_int,
        "parse_float": _parse_float,
        "parse_constant": _refuse_constant,
    }
    try:
        if len(text) > DECODED_WHOLE_AT_MOST:
            data = decode_in_parts(text, hooks, progress, "Decoding the file")
        else:
            data = json.loads(text, **hooks)
    except RecursionError:
        raise EncounterFileError(_too_deep(what)) from None
    except json.JSONDecodeError as exc:
        raise EncounterFileError(
            f"not {what} (invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    if scan.depth > MAX_NESTING_DEPTH if scan is not None else check_depth(data):
        raise EncounterFileError(_too_deep(what))
    return data, scan


DECODED_WHOLE_AT_MOST: Final = 1024 * 1024
"""Characters of a text decoded in one call; a longer one is decoded part by part."""


def _too_deep(what: str) -> str:
    return f"not {what} (nested more than {MAX_NESTING_DEPTH} levels deep)"


def _parse_int(literal: str) -> int:
    if len(literal) > MAX_NUMBER_CHARS:
        raise EncounterFileError(
            f"a number of {len(literal)} digits (at most {MAX_NUMBER_CHARS}): {literal[:12]}..."
        )
    return int(literal)


def _parse_float(literal: str) -> float:
    if len(literal) > MAX_NUMBER_CHARS:
        raise EncounterFileError(
            f"a number of {len(literal)} characters (at most {MAX_NUMBER_CHARS}): "
            f"{literal[:12]}..."
        )
    value = float(literal)
    if value in (float("inf"), float("-inf")):
        raise EncounterFileError(f"the number {literal} is too large")
    return value


def _refuse_constant(name: str) -> object:
    raise EncounterFileError(f"{name} is not a number an encounter can hold")


def check_depth(data: object, limit: int = MAX_NESTING_DEPTH) -> bool:
    """Whether `data` nests deeper than `limit`, found without recursion."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Iterable[object] = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        deeper = depth + 1
        # a plain loop (a million [x, y] pairs: 2.4 s with a generator, about half now)
        for child in children:
            if isinstance(child, dict | list):
                stack.append((child, deeper))
    return False
