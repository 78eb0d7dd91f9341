"""The "On the map" dock: the creatures placed, in order, and each token's right-click menu.

The list follows the document (the window refills it on its events) and the map's selection;
choosing a row selects the creature on the map and scrolls its token into view.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QMenu, QWidget

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.encounter import Encounter


class CreatureList(QListWidget):
    """One row per creature on the map: name, side, size, and whether it is hidden.

    Args:
        on_chosen: called with the creature id of the row the GM chose (None: no row).
        parent: the Qt parent.
    """

    def __init__(
        self, on_chosen: Callable[[str | None], None], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("creatureList")
        self._on_chosen = on_chosen
        self.currentItemChanged.connect(self._on_current)

    def fill(self, encounter: Encounter, selected: str | None) -> None:
        """List the encounter's creatures, `selected` current (without telling anyone)."""
        self.blockSignals(True)
        self.clear()
        for creature in encounter.creatures:
            hidden = " — hidden" if creature.hidden else ""
            item = QListWidgetItem(
                f"{creature.name}  ({creature.side}, {creature.size.value}){hidden}"
            )
            item.setData(Qt.ItemDataRole.UserRole, creature.id)
            self.addItem(item)
            if creature.id == selected:
                self.setCurrentItem(item)
        self.blockSignals(False)

    def show_selected(self, creature_id: str | None) -> None:
        """Make the creature's row current (without telling anyone)."""
        for row in range(self.count()):
            item = self.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == creature_id:
                self.blockSignals(True)
                self.setCurrentItem(item)
                self.blockSignals(False)
                break

    def _on_current(self, current: QListWidgetItem | None, _previous: object) -> None:
        creature_id = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        self._on_chosen(creature_id if isinstance(creature_id, str) else None)


def token_menu(
    parent: QWidget,
    session: GameSession,
    creature_id: str,
) -> QMenu | None:
    """The right-click menu of a token: hide or show it to the players, remove it.

    Each entry is one session call (one undo step, `parent` its initiator; the window's
    `ResultReporter` shows the outcome). None when there is no such creature.
    """
    creature = session.encounter.find_creature(creature_id)
    if creature is None:
        return None
    menu = QMenu(parent)
    menu.setTitle(creature.name)
    hide = menu.addAction("Show to the Players" if creature.hidden else "Hide from the Players")
    hide.triggered.connect(
        lambda: session.by(parent).run(
            editing.update_creature, creature_id, hidden=not creature.hidden
        )
    )
    remove = menu.addAction(f"Remove {creature.name}")
    remove.triggered.connect(lambda: session.by(parent).run(editing.remove_creature, creature_id))
    return menu
