"""The base of the Actions panel's button rows: buttons by key for the creature shown."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QPushButton, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.ui.panels.common import enable_with_reason
from orcus_desktop.ui.panels.flow import FlowBox


class ShownCreatureButtons(FlowBox):
    """A wrapping row of buttons that act on the creature shown through the session.

    Args:
        name: the row's object name.
        session: the game session to drive.
        creature_id: returns the creature shown, or None.
        parent: the Qt parent.

    Attributes:
        buttons: the buttons by key (object name "<key>_button").
    """

    def __init__(
        self,
        name: str,
        session: GameSession,
        creature_id: Callable[[], str | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent=parent)
        self.setObjectName(name)
        self._session = session
        self._creature_id = creature_id
        self.buttons: dict[str, QPushButton] = {}

    def add_button(self, key: str, label: str, slot: Callable[[], object]) -> QPushButton:
        """Adds the button `key` at the end of the row; a click calls `slot`."""
        button = QPushButton(label, self)
        button.setObjectName(f"{key}_button")
        button.clicked.connect(slot)
        self.buttons[key] = button
        self.add(button)
        return button

    def disable_all(self, reason: str) -> None:
        """Disables every button, `reason` as its tooltip."""
        for button in self.buttons.values():
            enable_with_reason(button, reason, "")
