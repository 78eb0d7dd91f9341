"""The window's status bar: what the GM is told outside the combat log.

Files opened and saved, refusals and their reasons, what a tool or an undo did; and, in a
permanent widget, the square under the pointer (a refusal's reason must not vanish as soon
as the mouse moves on).
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow

from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.geometry.grid import GridBounds

MESSAGE_MS = 8000
"""How long a status line stays."""

SHORT_MS = 5000
"""How long an undo, a redo or a hint stays."""


def outcome_text(result: OperationResult) -> str:
    """What an operation did, or ``Refused: <reason>``."""
    if not result.ok:
        return f"Refused: {result.reason}"
    repaired = result.details.get("repaired")
    return f"{result.text} (repaired {repaired})" if repaired else result.text


class StatusReport:
    """Status lines of one window.

    Attributes:
        square_label: the hovered square, a permanent widget of the status bar.
    """

    def __init__(self, window: QMainWindow) -> None:
        self._bar = window.statusBar()
        self.square_label = QLabel()
        self.square_label.setObjectName("hoveredSquare")
        self._bar.addPermanentWidget(self.square_label)

    def say(self, text: str, ms: int = MESSAGE_MS) -> None:
        """Show a line for `ms` milliseconds."""
        self._bar.showMessage(text, ms)

    def outcome(self, result: OperationResult) -> None:
        """Show what an operation did, or why it was refused."""
        self.say(outcome_text(result))

    def undo_redo(self, result: OperationResult, verb: str) -> None:
        """``Undid Move Brakka`` / ``Redid ...``, or the reason there was nothing to."""
        self.say(f"{verb} {result.text}" if result.ok else result.reason.capitalize(), SHORT_MS)

    def hovered_square(self, col: int, row: int, grid: GridBounds) -> None:
        """Name the square under the pointer (nothing off the map)."""
        inside = 0 <= col < grid.columns and 0 <= row < grid.rows
        self.square_label.setText(f"Square ({col}, {row})" if inside else "")
