"""The Initiative panel's "Initiative check…" button (001-01..03), shown under 001 only.

It opens `initiative_check_dialog.py` for the creature selected in the initiative, loaded when
first opened (start-up memory, issue 14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QPushButton

from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.ui.panels.common import enable_with_reason
from orcus_desktop.ui.plugins import InitiativeContext, InitiativeTool

if TYPE_CHECKING:
    from orcus_desktop.ui.variants.strike.initiative_check_dialog import InitiativeCheckDialog


class InitiativeCheckButton:
    """The button and the dialog it opened last.

    Attributes:
        button: "Initiative check…".
        dialog: the dialog last opened, or None.
    """

    def __init__(self, context: InitiativeContext) -> None:
        self._context = context
        self.dialog: InitiativeCheckDialog | None = None
        self.button = QPushButton("Initiative check…", context.parent)
        self.button.setObjectName("initiative_check_button")
        self.button.clicked.connect(self.open)

    def update(self) -> None:
        """Shown where each creature chooses its check; enabled with a creature selected."""
        context = self._context
        self.button.setVisible(context.session.ask(strike_questions.chooses_initiative_checks))
        enable_with_reason(
            self.button,
            "" if context.selected() else "Select a creature in the initiative.",
            "Which check the selected creature rolls, and its choice among ties (001).",
        )

    def open(self) -> None:
        """The dialog of the creature selected in the initiative (none selected: nothing)."""
        selected = self._context.selected()
        if selected is None:
            return
        # Imported when first opened, not at start (start-up memory, issue 14).
        from orcus_desktop.ui.variants.strike.initiative_check_dialog import (
            InitiativeCheckDialog,
        )

        self.dialog = InitiativeCheckDialog(self._context.session, selected, self._context.parent)
        self.dialog.open()


def initiative_check_tool(context: InitiativeContext) -> InitiativeTool:
    """The button built into the Initiative panel (`InitiativeButton.build`)."""
    tool = InitiativeCheckButton(context)
    return InitiativeTool(tool.button, tool.update)
