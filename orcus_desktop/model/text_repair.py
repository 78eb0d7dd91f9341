"""Text that can always be saved: lone surrogates, control characters and overlong text repaired.

Pasted text or a file from elsewhere can hold what UTF-8 cannot encode (a lone surrogate) or
what no name should (control characters). Reading a file and taking the GM's input both pass
text through `repair_text`, which returns the text to keep and what it changed, so the GM is
told; right-to-left text and every other printable character is kept unchanged.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Final

REPLACEMENT = "\N{REPLACEMENT CHARACTER}"
_KEPT_CONTROLS: Final = frozenset("\n\r\t")
# Unicode's Cc category is exactly C0, DEL and C1; line breaks and tab are kept (`_is_control`).
_CONTROL: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def repair_text(text: str, limit: int) -> tuple[str, tuple[str, ...]]:
    """`text` made saveable and at most `limit` characters long, and what was changed.

    Lone surrogates become U+FFFD, control characters other than line breaks and tab are
    dropped, and text longer than `limit` is cut. Returns the text unchanged (and no
    changes) when it needed nothing.
    """
    if _needs_nothing(text, limit):
        return text, ()
    changes: list[str] = []
    if _has_surrogates(text):
        text = "".join(REPLACEMENT if _is_surrogate(ch) else ch for ch in text)
        changes.append(
            "a character that cannot be saved was replaced by \N{REPLACEMENT CHARACTER}"
        )
    if _CONTROL.search(text):
        text = "".join(ch for ch in text if not _is_control(ch))
        changes.append("control characters were removed")
    if len(text) > limit:
        changes.append(f"cut from {len(text)} to {limit} characters")
        text = text[:limit]
    return text, tuple(changes)


def repair_tree(data: Any, limit: int) -> list[tuple[str, str]]:
    """Repair every text (keys too) of decoded JSON in place; return (field path, change)s.

    Lists and objects are walked without recursion (a decoded file is already depth-checked).
    """
    notices: list[tuple[str, str]] = []

    def fixed(value: Any, path: str, part: str | int) -> Any:
        # the child's path is spelled only when it is needed (R-218: a big file has millions)
        if isinstance(value, str):
            value, changes = repair_text(value, limit)
            notices.extend((_joined(path, part), change) for change in changes)
        elif isinstance(value, dict | list):
            stack.append((value, _joined(path, part)))
        return value

    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, list):
            for i, value in enumerate(item):
                if isinstance(value, str | dict | list):
                    item[i] = fixed(value, path, i)
        elif isinstance(item, dict) and all(_needs_nothing(key, limit) for key in item):
            for key, value in item.items():
                if isinstance(value, str | dict | list):
                    item[key] = fixed(value, path, key)
        elif isinstance(item, dict):
            for key in list(item):
                value = item.pop(key)
                new_key, changes = repair_text(key, limit)
                child = _joined(path, new_key)
                notices.extend((child, f"field name: {change}") for change in changes)
                item[new_key] = fixed(value, path, new_key)
    return notices


def _needs_nothing(text: str, limit: int) -> bool:
    """Printable ASCII within the limit: most text of a file, found in one pass (R-218)."""
    return len(text) <= limit and text.isascii() and text.isprintable()


def _joined(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{part}" if path else part


def _has_surrogates(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _is_surrogate(ch: str) -> bool:
    return "\ud800" <= ch <= "\udfff"


def _is_control(ch: str) -> bool:
    # Cc is C0, DEL and C1; right-to-left marks and other format characters (Cf) are kept.
    return ch not in _KEPT_CONTROLS and unicodedata.category(ch) == "Cc"


MAX_ERROR_LINE = 300
"""Characters of an error line the GM is shown; an echoed input longer than this is cut."""


def error_line(message: str, most: int = MAX_ERROR_LINE) -> str:
    """`message` on one line, cut to `most` characters with the count of what was cut.

    An error may echo what the file or the GM gave (a name, a value): 10,000 characters of it
    help nobody (issue 29), so the line ends "... (9,865 more characters)".
    """
    line = " ".join(message.split())
    if len(line) <= most:
        return line
    return f"{line[:most]}... ({len(line) - most:,} more characters)"


def describe_exception(exc: BaseException) -> str:
    """An unexpected exception in a few words ("out of memory", "ValueError: ...")."""
    if isinstance(exc, MemoryError):
        return "out of memory"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
