"""Combat > Ready Items…: what a creature holds ready, limited by its hands (001-34).

001 l.330 "All weapons, shields, tools and spells ... must be made Ready before they can be used
and can only be made Ready one at a time. You can only have a number of ready items equal to
your number of hands"; l.186 a Shoot! "requires a Ready! weapon or spell". The dialog is for the
creature the Actions panel shows (else whose turn it is): it lists its ready items and its
hands, readies one item (name, kind, hands) and puts the selected one away; each is one session
call (one undo step), a refusal is said in the dialog. The GM sees the list in the token's
tooltip too. Disabled under a ruleset without Ready items (docs/rulings.md R-98).
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QSpinBox, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.strike import ready_items
from orcus_desktop.model.ready_items import MAX_ITEM_NAME, ItemKind, ReadyItem
from orcus_desktop.ui.dialog_parts import ListEditorDialog, wrapped_label
from orcus_desktop.ui.shown_creature_actions import Item, ShownCreatureDialogItem


class ReadyItemsDialog(ListEditorDialog):
    """One creature's ready items, with Ready and Put Away.

    Attributes:
        summary: its hands, and what 001-34 asks of ready items.
        entries: one row per ready item ("longbow (ranged weapon, 2 hands)").
        name, kind, hands: the item to ready.
        add_button, remove_button: Ready; Put Away Selected.
        error: the reason the last change was refused.
    """

    def __init__(self, session: GameSession, creature_id: str, parent: QWidget | None = None):
        who = session.encounter.name_of(creature_id)
        super().__init__(parent, "readyItemsDialog", f"{who}: ready items (001-34)")
        self._session = session
        self._creature_id = creature_id
        self.summary = wrapped_label(self)
        self.name = QLineEdit(self)
        self.name.setMaxLength(MAX_ITEM_NAME)
        self.name.setPlaceholderText("e.g. longbow")
        self.kind = QComboBox(self)
        for kind in ItemKind:
            self.kind.addItem(kind.value, kind)
        self.hands = QSpinBox(self)
        self.hands.setRange(1, 2)
        form = QFormLayout()
        form.addRow("Item:", self.name)
        form.addRow("Kind:", self.kind)
        form.addRow("Hands:", self.hands)
        self._lay_out([self.summary], form, "&Ready", "&Put Away Selected")

    def _held(self) -> tuple[ReadyItem, ...]:
        return ready_items.ready_items(self._session.encounter, self._creature_id)

    def rows(self) -> list[str]:
        return [item.label for item in self._held()]

    def follow_map(self) -> None:
        """R-240: the list as the map has it now; the creature gone, the dialog closes."""
        if self._session.encounter.find_creature(self._creature_id) is None:
            self.reject()
        else:
            self.refresh()

    def refresh(self) -> None:
        encounter = self._session.encounter
        used = ready_items.hands_in_use(encounter, self._creature_id)
        total = self._session.ask(ready_items.hands, self._creature_id)
        self.summary.setText(
            f"Hands: {total}, {used} in use. One item is readied at a time (one a turn in "
            "combat, on its own turn); a Shoot! needs a ready ranged weapon or spell, a "
            "Spell! a ready spell."
        )
        super().refresh()

    def add(self) -> None:
        """Readies the item the form describes."""
        kind = ItemKind(self.kind.currentData())
        result = self._session.by(self).run(
            ready_items.ready_item, self._creature_id, self.name.text(), kind, self.hands.value()
        )
        self._after(result, self.name)

    def remove_selected(self) -> None:
        """Puts the selected item away."""
        row = self._selected_row("Select the item to put away")
        if row is not None:
            name = self._held()[row].name
            self._after(self._session.by(self).run(ready_items.put_away, self._creature_id, name))


class ReadyItemsActions(ShownCreatureDialogItem):
    """The Combat menu's Ready Items… item (enabled under a ruleset with Ready items)."""

    ITEM = Item(
        "Rea&dy Items…",
        "ready_items_action",
        "001: the items the shown creature holds ready, up to its hands",
    )
    REFUSAL = "Refused: select the creature whose ready items to show"
    dialog: ReadyItemsDialog | None = None

    def _offered(self) -> bool:
        return ready_items.keeps_ready_items(self._session.ruleset)

    def _creature_dialog(self, creature_id: str) -> ReadyItemsDialog:
        return ReadyItemsDialog(self._session, creature_id, self._window)
