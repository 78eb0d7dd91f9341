"""How a long, Qt-free read tells how far it is, and how the GM's Cancel stops it (R-252).

Reading an encounter file and importing a Universal VTT map both take a `Progress`: the
reader calls it between its parts with what it is doing and the share done; the caller (a
progress dialog, `ui/progress.py`) answers False once the GM pressed Cancel, and the reader
stops with `ReadCancelledError`, having changed nothing.
"""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[str, float], bool]
"""Told (what is being done, share of the whole done from 0 to 1); returns False to cancel."""


class ReadCancelledError(Exception):
    """The `Progress` callback asked to stop; nothing was read into the app or changed."""


def tell(progress: Progress | None, label: str, done: float) -> None:
    """Report to `progress` (if any) how far the work is.

    Raises:
        ReadCancelledError: `progress` answered False.
    """
    if progress is not None and not progress(label, min(1.0, max(0.0, done))):
        raise ReadCancelledError(label)


def part_of(progress: Progress | None, start: float, end: float) -> Progress | None:
    """`progress` for one part of the work, which reports 0 to 1 for its own share."""
    if progress is None:
        return None
    whole = progress

    def report(label: str, done: float) -> bool:
        return whole(label, start + (end - start) * done)

    return report
