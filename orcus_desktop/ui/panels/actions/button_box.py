"""The base of the Actions panel's button rows: buttons by key for the creature shown."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QPushButton, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.ui.panels.common import enable_with_reason
from orcus_desktop.ui.panels.flow import FlowBox
from orcus_desktop.ui.panels.overflow import ButtonRow


class ShownCreatureButtons(FlowBox):
    """A wrapping row of buttons that act on the creature shown through the session.

    Args:
        name: the row's object name.
        session: the game session to drive.
        creature_id: returns the creature shown, or None.
        parent: the Qt parent.
        row: where the buttons go instead of this box's own wrapping row: the panel's
            `ButtonRow`, shared with other boxes, with "More ▾" for those with no room
            (R-257); this box then shows nothing itself.

    Attributes:
        buttons: the buttons by key (object name "<key>_button").
    """

    def __init__(
        self,
        name: str,
        session: GameSession,
        creature_id: Callable[[], str | None],
        parent: QWidget | None = None,
        row: ButtonRow | None = None,
    ) -> None:
        super().__init__(parent=parent)
        self.setObjectName(name)
        self._session = session
        self._creature_id = creature_id
        self._row = row
        self.buttons: dict[str, QPushButton] = {}
        if row is not None:
            self.hide()

    def add_button(self, key: str, label: str, slot: Callable[[], object]) -> QPushButton:
        """Adds the button `key` at the end of the row; a click calls `slot`."""
        if self._row is not None:
            button = self._row.add(label)
        else:
            button = QPushButton(label, self)
            self.add(button)
        button.setObjectName(f"{key}_button")
        button.clicked.connect(slot)
        self.buttons[key] = button
        return button

    def offer(self, key: str, offered: bool) -> None:
        """Show the button `key`, or leave it out where the ruleset has no such action."""
        button = self.buttons[key]
        if self._row is not None:
            self._row.offer(button, offered)
        else:
            button.setVisible(offered)

    def disable_all(self, reason: str) -> None:
        """Disables every button, `reason` as its tooltip."""
        for button in self.buttons.values():
            enable_with_reason(button, reason, "")
