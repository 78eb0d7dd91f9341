"""What a JSON text's characters tell before its values are walked (R-253).

A big file holds millions of values; walking them in Python to find the deepest nesting or a
text needing repair took seconds. In a text without a backslash no quote is escaped, so every
quote opens or closes a text in turn, and the nesting, the longest run of digits and the
longest text can be read off the characters with numpy at once. A text with a backslash is
left to the walks (`limits.check_depth`, `text_repair.repair_tree`), as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

_QUOTE: Final = 2
_KINDS: Final = np.zeros(256, dtype=np.int8)
_KINDS[[ord("["), ord("{")]] = 1
_KINDS[[ord("]"), ord("}")]] = -1
_KINDS[ord('"')] = _QUOTE
_NOT_MARKS: Final = bytes(set(range(256)) - set(b'"[]{}'))
"""Every byte but quotes and brackets: deleted, what is left tells the nesting."""
_DIGITS_AS_NINES: Final = bytes.maketrans(b"012345678", b"999999999")
_DEL: Final = "\x7f"


@dataclass(frozen=True, slots=True)
class JsonTextScan:
    """What the characters of a JSON text without a backslash tell.

    Attributes:
        depth: the deepest nesting of objects and lists (the outermost one is 1).
        long_digit_run: somewhere `number_chars` digits follow each other (only then can a
            number literal, its digits and sign, be longer than that).
        longest_text: the most characters of one text, keys too (valid when `ascii`).
        ascii: printable ASCII only, line breaks and tabs aside (no DEL): every text then
            needs no repair but a cut past the limit (`text_repair`).
    """

    depth: int
    long_digit_run: bool
    longest_text: int
    ascii: bool

    def needs_no_repair(self, limit: int) -> bool:
        """Whether every text is printable ASCII within `limit` characters."""
        return self.ascii and self.longest_text <= limit


def scan_json_text(text: str, number_chars: int) -> JsonTextScan | None:
    """The scan of `text`, or None when it holds a backslash (or an odd count of quotes).

    `number_chars`: the most characters of a number literal (`long_digit_run`).

    The answer is meant for a text that is valid JSON (decode it too): a quote or bracket out
    of place is the decoder's to report.
    """
    if "\\" in text:
        return None
    data = text.encode("utf-8")
    quotes = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == ord('"'))
    if len(quotes) % 2:
        return None
    # The quotes and brackets alone, in order (a C pass): a bracket between an opening and a
    # closing quote is text.
    marks = _KINDS[np.frombuffer(data.translate(None, _NOT_MARKS), dtype=np.uint8)]
    is_quote = marks == _QUOTE
    inside = (np.cumsum(is_quote, dtype=np.int32) & 1).astype(np.bool_)
    steps = np.where(is_quote | inside, 0, marks).astype(np.int32)
    depth = int(np.cumsum(steps).max()) if len(steps) else 0
    longest_text = int((quotes[1::2] - quotes[0::2]).max()) - 1 if len(quotes) else 0
    return JsonTextScan(
        depth=max(depth, 0),
        long_digit_run=b"9" * number_chars in data.translate(_DIGITS_AS_NINES),
        longest_text=longest_text,
        ascii=text.isascii() and _DEL not in text,
    )
