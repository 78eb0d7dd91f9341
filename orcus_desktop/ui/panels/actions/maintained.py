"""The "Maintain" buttons: one per power the creature shown keeps going (000 "Maintain")."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from orcus_desktop.controller.actions import combat_actions
from orcus_desktop.controller.availability.table import MAINTAIN, why_not
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.encounter import Creature
from orcus_desktop.ui.panels.common import enable_with_reason


class MaintainButtons(QWidget):
    """A row of "Maintain <power>" buttons; hidden while the creature maintains nothing.

    Args:
        session: the game session to drive.
        parent: the Qt parent.

    Attributes:
        buttons: the buttons by power name.
    """

    def __init__(
        self,
        session: GameSession,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._creature_id: str | None = None
        self.buttons: dict[str, QPushButton] = {}
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(0, 0, 0, 0)
        self.setVisible(False)

    def fill(self, creature: Creature | None) -> None:
        """One button per power `creature` maintains, enabled when it may maintain it now."""
        session = self._session
        self._creature_id = creature.id if creature is not None else None
        entries = (
            [m for m in session.encounter.combat.maintained if m.owner == creature.id]
            if creature is not None
            else []
        )
        if [m.power for m in entries] != list(self.buttons):
            for button in self.buttons.values():
                self._row.removeWidget(button)
                button.deleteLater()
            self.buttons = {}
            for entry in entries:
                button = QPushButton(f"Maintain {entry.power}", self)
                button.setObjectName("maintain_button")
                button.clicked.connect(self._maintain_slot(entry.power))
                self._row.addWidget(button)
                self.buttons[entry.power] = button
        self.setVisible(bool(entries))
        for entry in entries:
            assert creature is not None
            enable_with_reason(
                self.buttons[entry.power],
                session.ask(why_not, creature.id, MAINTAIN, entry.power),
                f"Spend a {entry.kind.value} action to keep {entry.power} going; "
                "it ends at the end of the turn otherwise.",
            )

    def _maintain_slot(self, power: str) -> Callable[[], None]:
        def slot() -> None:
            if self._creature_id is not None:
                self._session.by(self).run(combat_actions.maintain_power, self._creature_id, power)

        return slot
