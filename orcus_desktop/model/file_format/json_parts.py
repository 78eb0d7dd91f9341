"""A big JSON text decoded part by part, telling how far it is (R-253).

`json.loads` decodes a whole text in one call: 37 MB took about a second, in which a reading
thread held the interpreter and the window could not repaint, and no progress could be told.
Here the outer objects and lists (two levels: the file, its walls, creatures, terrain, combat
and lighting) are walked in Python and each value inside them is decoded by the same decoder's
scanner, so the reading thread lets the GUI thread run between two values and reports the
share of the text done. Anything the walk does not expect (a malformed text, above all) is
handed to `json.loads` whole, which then gives its own answer or error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, Final

from orcus_desktop.model.progress import Progress, tell

WALKED_LEVELS: Final = 2
"""Objects and lists this deep are walked, deeper ones decoded in one call each (the combat
log's 100,000 entries too: one by one they cost a third more time than whole)."""
REPORT_EVERY: Final = 2_000
"""Values decoded between two reports."""

_Scan = Callable[[str, int], tuple[Any, int]]
_WHITESPACE: Final = re.compile(r"[ \t\n\r]*")
"""JSON's whitespace, as `json.decoder` matches it."""
_scanstring: Final[Callable[[str, int], tuple[str, int]]] = getattr(  # noqa: B009 - untyped
    json.decoder, "scanstring"
)


class _UnexpectedError(Exception):
    """The walk met what it does not handle: the decoder decodes the text whole."""


def decode_in_parts(
    text: str, hooks: dict[str, Any], progress: Progress | None, label: str
) -> Any:
    """`json.loads(text, **hooks)`, walked part by part, with `progress` told (`label`, share).

    Raises:
        json.JSONDecodeError, RecursionError, ValueError: as `json.loads(text, **hooks)`.
        ReadCancelledError: `progress` asked to stop.
    """
    scan: _Scan = getattr(json.JSONDecoder(**hooks), "scan_once")  # noqa: B009 - untyped
    walk = _Walk(text, scan, progress, label)
    try:
        value, end = walk.value(_skip(text, 0), 1)
        if _skip(text, end) != len(text):
            raise _UnexpectedError
    except (_UnexpectedError, ValueError, IndexError, RecursionError):
        return json.loads(text, **hooks)  # its own answer, or its own error
    return value


def _skip(text: str, at: int) -> int:
    """Past the whitespace from `at` (JSON's own pattern; it matches an empty run too)."""
    found = _WHITESPACE.match(text, at)
    return found.end() if found is not None else at


class _Walk:
    def __init__(self, text: str, scan: _Scan, progress: Progress | None, label: str) -> None:
        self._text = text
        self._scan = scan
        self._progress = progress
        self._label = label
        self._scanned = 0

    def value(self, at: int, level: int) -> tuple[Any, int]:
        opening = self._text[at] if at < len(self._text) else ""
        if level <= WALKED_LEVELS and opening == "{":
            return self._object(at + 1, level)
        if level <= WALKED_LEVELS and opening == "[":
            return self._list(at + 1, level)
        self._scanned += 1
        if self._scanned % REPORT_EVERY == 0:
            tell(self._progress, self._label, at / len(self._text))
        try:
            return self._scan(self._text, at)
        except StopIteration:
            raise _UnexpectedError from None

    def _object(self, at: int, level: int) -> tuple[dict[str, Any], int]:
        text = self._text
        found: dict[str, Any] = {}
        at = _skip(text, at)
        if text[at] == "}":
            return found, at + 1
        while True:
            if text[at] != '"':
                raise _UnexpectedError
            key, at = _scanstring(text, at + 1)
            at = _skip(text, at)
            if text[at] != ":":
                raise _UnexpectedError
            found[key], at = self.value(_skip(text, at + 1), level + 1)
            at = _skip(text, at)
            if text[at] == "}":
                return found, at + 1
            if text[at] != ",":
                raise _UnexpectedError
            at = _skip(text, at + 1)

    def _list(self, at: int, level: int) -> tuple[list[Any], int]:
        text = self._text
        found: list[Any] = []
        at = _skip(text, at)
        if text[at] == "]":
            return found, at + 1
        while True:
            item, at = self.value(at, level + 1)
            found.append(item)
            at = _skip(text, at)
            if text[at] == "]":
                return found, at + 1
            if text[at] != ",":
                raise _UnexpectedError
            at = _skip(text, at + 1)
