"""A power card in the Actions panel: the card's lines as rich text (000 "Power Description").

The same text is the power's tooltip in the list (hover) and the card under the list (click).
On the card under the list, a damage line's roll is a link: a click rolls it in the dice dock
(issue 17: "A click on a power's damage in a power card rolls it there").
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QWidget

from orcus_desktop.controller.views.power_cards import PowerCard

ROLL_LINK = "roll:"
"""A damage link's address: ``roll:Hit`` rolls the Hit line's damage."""


def card_html(card: PowerCard, *, roll_links: bool = False) -> str:
    """The card as Qt rich text: the name in bold, its usage, then one line per heading.

    With `roll_links`, each line with a roll ends with a "Roll" link to it.
    """
    rows = [f"<b>{escape(card.name)}</b>", f"<i>{escape(card.usage)}</i>"]
    for line in card.lines:
        row = f"<b>{escape(line.heading)}:</b> {escape(line.text)}"
        if roll_links and line.roll:
            link = f"{ROLL_LINK}{escape(line.heading)}"
            row += f' <a href="{link}">&#9856; Roll {escape(line.roll)}</a>'
        rows.append(row)
    return "<qt>" + "<br>".join(rows) + "</qt>"


class PowerCardView(QLabel):
    """The card of the power clicked in the list; hidden when no power is selected.

    Signals:
        roll_requested: (dice expression, what it is for: "Brakka: Cleave, Hit damage") of a
            damage link the GM clicked.
    """

    roll_requested = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("powerCard")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setFrameShape(QLabel.Shape.StyledPanel)
        self.setMargin(4)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        self.linkActivated.connect(self.follow_link)
        self.card: PowerCard | None = None
        self.user = ""
        """The creature whose powers the cards show (names a roll: "Brakka: Cleave …")."""
        self.setVisible(False)

    def show_card(self, card: PowerCard | None) -> None:
        """Show `card` (None: hide the view)."""
        self.card = card
        self.setText(card_html(card, roll_links=True) if card is not None else "")
        self.setVisible(card is not None)

    def follow_link(self, link: str) -> None:
        """Roll the damage of the card line a link names (``roll:Hit``)."""
        card = self.card
        if card is None or not link.startswith(ROLL_LINK):
            return
        heading = link.removeprefix(ROLL_LINK)
        line = next((ln for ln in card.lines if ln.heading == heading and ln.roll), None)
        if line is not None:
            whose = f"{self.user}: " if self.user else ""
            self.roll_requested.emit(line.roll, f"{whose}{card.name}, {heading} damage")
