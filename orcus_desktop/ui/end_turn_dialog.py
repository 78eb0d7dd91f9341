"""The question End turn asks while something waits for the GM's word (issue 28, R-117).

An opportunity attack offered, a held attack or walk, 001's "Against Who?" or its strikes, a
push not placed, a readied action triggered: ending the turn would lose it. The dialog names
each and offers "Resolve first" (the default: nothing happens, the prompt comes to the front),
"Let it pass and end the turn" (one undo step) and Cancel.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QWidget

from orcus_desktop.controller.turns.waiting_decisions import Decision
from orcus_desktop.ui.dialog_parts import stacked, wrapped_label


class EndTurnDialog(QDialog):
    """Asks what to do with the decisions still waiting before a turn ends.

    Args:
        whose: the name of the creature whose turn would end.
        waiting: what waits (`waiting_decisions.decisions`).
        parent: the Qt parent.

    Signals:
        resolve_first: the GM will answer what waits first (the turn goes on).
        let_pass: the GM lets everything waiting pass and ends the turn.
    """

    resolve_first = Signal()
    let_pass = Signal()

    def __init__(
        self, whose: str, waiting: tuple[Decision, ...], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("endTurnDialog")
        self.setWindowTitle(f"End {whose}'s turn?")
        intro = wrapped_label(self, f"Before {whose}'s turn ends, this waits for your word:")
        self.waiting = wrapped_label(self, "\n".join(f"• {d.text}" for d in waiting))
        self.waiting.setObjectName("waiting_decisions")
        note = QLabel("Letting it pass declines each offer; a held attack or walk goes on.")
        note.setWordWrap(True)
        buttons = QDialogButtonBox(self)
        self.resolve_button = QPushButton("Resolve first", self)
        self.resolve_button.setObjectName("resolve_first_button")
        self.resolve_button.setToolTip("Keep the turn going and answer what waits")
        self.let_pass_button = QPushButton("Let it pass and end the turn", self)
        self.let_pass_button.setObjectName("let_pass_and_end_button")
        self.let_pass_button.setToolTip("One undo step: every offer let pass, then the turn ends")
        buttons.addButton(self.resolve_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.let_pass_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.resolve_button.setDefault(True)
        self.resolve_button.clicked.connect(self._on_resolve)
        self.let_pass_button.clicked.connect(self._on_let_pass)
        buttons.rejected.connect(self.reject)
        stacked(self, intro, self.waiting, note, buttons)

    def _on_resolve(self) -> None:
        self.accept()
        self.resolve_first.emit()

    def _on_let_pass(self) -> None:
        self.accept()
        self.let_pass.emit()
