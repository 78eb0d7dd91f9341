"""What the GM is told outside the combat log: the status bar and the one reporter of results.

`ResultReporter` is the one subscriber of `GameSession.operation_done`: every operation, done
or refused, is reported once, wherever it came from (a panel, a map tool, a drop, the attack
workflow, undo). A refusal goes to the panel that asked when the initiator is (or sits inside)
a panel that `ShowsRefusals`, else to the status bar; a success shows its line in the status
bar. `StatusReport` is the window's status bar: files opened and saved, hints, and, in a
permanent widget, the square under the pointer (a refusal's reason must not vanish as soon
as the mouse moves on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QMainWindow

from orcus_desktop.controller.outcomes import AttackDone, OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.attack_flow import attack_report
from orcus_desktop.controller.tools.pointer import result_message
from orcus_desktop.geometry.grid import GridBounds

MESSAGE_MS = 8000
"""How long a status line stays."""

SHORT_MS = 5000
"""How long an undo, a redo or a hint stays."""

Say = Callable[[str, int], None]
"""Shows a status line for a number of milliseconds."""


@runtime_checkable
class ShowsRefusals(Protocol):
    """A panel that shows why its own request was refused (next to the button pressed)."""

    def show_refusal(self, reason: str) -> None:
        """Show `reason`; "" clears it (the panel's last request was done)."""


def asking_panel(initiator: object) -> ShowsRefusals | None:
    """The panel that asked: the initiator, or its nearest Qt parent, that shows refusals.

    A button box inside the actions panel passes itself; its panel answers for it. A tool, a
    drop handler or the window has no such panel: None.
    """
    node = initiator
    while node is not None:
        if isinstance(node, ShowsRefusals):
            return node
        node = node.parent() if isinstance(node, QObject) else None
    return None


def one_line(text: str) -> str:
    """A status line: the lines of a multi-line text (an area attack's targets) joined by ; ."""
    return "; ".join(line.strip() for line in text.splitlines() if line.strip())


class ResultReporter:
    """Reports every result of one session once (connected for as long as it lives).

    Args:
        session: whose `operation_done` it follows.
        say: shows a status line (the window's status bar).
    """

    def __init__(self, session: GameSession, say: Say) -> None:
        self._session = session
        self._say = say
        session.operation_done.connect(self.report)

    def detach(self) -> None:
        """Stop reporting (the window closes)."""
        self._session.operation_done.disconnect(self.report)

    def report(self, result: OperationResult, initiator: object) -> None:
        """Show `result` to the GM: in the panel that asked, or in the status bar."""
        if result.operation in ("undo", "redo"):
            verb = "Undid" if result.operation == "undo" else "Redid"
            self._say(
                f"{verb} {result.text}" if result.ok else result.reason.capitalize(), SHORT_MS
            )
            return
        panel = asking_panel(initiator)
        if not result.ok:
            if panel is not None:
                panel.show_refusal(result.reason)
            else:
                self._say(f"Refused: {result.reason}", MESSAGE_MS)
            return
        if panel is not None:
            panel.show_refusal("")
        encounter = self._session.encounter
        if isinstance(result, AttackDone):
            text = attack_report(result, encounter)
        else:
            text = result_message(result, encounter)
        repaired = result.details.get("repaired")
        if repaired:  # typed text made saveable (model/text_repair.py): say what changed
            text = f"{text} (repaired {repaired})"
        warning = result.details.get("warning")
        if warning:  # what else the edit took with it (a removed creature's ready items)
            text = f"{text}: {warning}"
        if text:
            self._say(one_line(text), MESSAGE_MS)


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

    def hovered_square(self, col: int, row: int, grid: GridBounds) -> None:
        """Name the square under the pointer (nothing off the map)."""
        inside = 0 <= col < grid.columns and 0 <= row < grid.rows
        self.square_label.setText(f"Square ({col}, {row})" if inside else "")
