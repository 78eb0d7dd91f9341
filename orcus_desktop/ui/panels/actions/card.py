"""A power card in the Actions panel: the card's lines as rich text (000 "Power Description").

The same text is the power's tooltip in the list (hover) and the card under the list (click).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from orcus_desktop.controller.power_cards import PowerCard


def card_html(card: PowerCard) -> str:
    """The card as Qt rich text: the name in bold, its usage, then one line per heading."""
    rows = [f"<b>{escape(card.name)}</b>", f"<i>{escape(card.usage)}</i>"]
    rows += [f"<b>{escape(line.heading)}:</b> {escape(line.text)}" for line in card.lines]
    return "<qt>" + "<br>".join(rows) + "</qt>"


class PowerCardView(QLabel):
    """The card of the power clicked in the list; hidden when no power is selected."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("powerCard")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setFrameShape(QLabel.Shape.StyledPanel)
        self.setMargin(4)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.card: PowerCard | None = None
        self.setVisible(False)

    def show_card(self, card: PowerCard | None) -> None:
        """Show `card` (None: hide the view)."""
        self.card = card
        self.setText(card_html(card) if card is not None else "")
        self.setVisible(card is not None)
