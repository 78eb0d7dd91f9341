"""GM notes on the GM's map: pins with text, added and edited by right-click (R-152).

`NoteLayer` keeps one pin per note in the GM's scene only; the players' scenes never get one,
so a note's text reaches neither the Player view nor the pictures shared with the players.
`note_menu_at` is the right-click menu: Edit Note… and Remove Note on a pin, Add Note Here…
elsewhere. Each change is one undo step (`notes.add_note`, `edit_note`, `remove_note`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from orcus_desktop.controller.gm import notes as notes_cases
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.notes import MapNote
from orcus_desktop.ui.map.kept_items import KeptItems
from orcus_desktop.ui.map.layers import SQUARE_PX, DrawnItem, ZLayer
from orcus_desktop.ui.map.scene import MapScene

PIN = QColor("#e8c547")
PIN_EDGE = QColor("#6b5410")
PICK_UNITS = 0.4
"""How near (grid units) a right-click must be to a pin to pick it."""
LABEL_CHARS = 40

AskText = Callable[[QWidget, str, str], str | None]
"""Asks the GM for a note's text (title, current text); None when cancelled."""


def label_of(text: str) -> str:
    """The words drawn beside the pin: the first line, cut to `LABEL_CHARS`."""
    first = text.splitlines()[0] if text else ""
    return first if len(first) <= LABEL_CHARS else first[: LABEL_CHARS - 1] + "…"


class NoteItem(DrawnItem):
    """One note: a pin and the first line of its text; the whole text on hover."""

    def __init__(self, note: MapNote) -> None:
        super().__init__(ZLayer.OVERLAY)
        self.note = note
        x, y = note.point
        self.setPos(QPointF(x * SQUARE_PX, y * SQUARE_PX))
        self._label = label_of(note.text)
        width = SQUARE_PX * 0.3 + len(self._label) * SQUARE_PX * 0.12
        self._set_rect(QRectF(-SQUARE_PX * 0.15, -SQUARE_PX * 0.15, width, SQUARE_PX * 0.3))
        self.setToolTip(note.text)

    def draw(self, painter: QPainter) -> None:
        radius = SQUARE_PX * 0.12
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(PIN_EDGE, 2))
        painter.setBrush(QBrush(PIN))
        painter.drawEllipse(QPointF(0, 0), radius, radius)
        font = QFont(painter.font())
        font.setPixelSize(int(SQUARE_PX / 5))
        painter.setFont(font)
        painter.setPen(PIN_EDGE)
        painter.drawText(QPointF(radius + 3, SQUARE_PX / 14), self._label)


class NoteLayer(KeptItems[MapNote, NoteItem]):
    """Keeps the GM's scene's pins in step with the document's notes (the GM's map only)."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__(scene, scene.document.events.notes_changed)
        self.sync()

    def shown_things(self) -> dict[str, MapNote]:
        return {n.id: n for n in self._scene.document.encounter.notes}

    def item_for(self, thing: MapNote) -> NoteItem:
        return NoteItem(thing)


def note_at(session: GameSession, x: float, y: float) -> MapNote | None:
    """The note whose pin lies nearest grid point (x, y), within `PICK_UNITS`."""
    near = [
        (abs(n.point[0] - x) + abs(n.point[1] - y), n)
        for n in session.encounter.notes
        if abs(n.point[0] - x) <= PICK_UNITS and abs(n.point[1] - y) <= PICK_UNITS
    ]
    return min(near, key=lambda pair: pair[0])[1] if near else None


def ask_note_text(parent: QWidget, title: str, current: str) -> str | None:
    text, ok = QInputDialog.getMultiLineText(parent, title, "The note (only you see it):", current)
    return text if ok else None


def note_menu_at(
    parent: QWidget,
    session: GameSession,
    x: float,
    y: float,
    *,
    adding: bool,
    ask: AskText = ask_note_text,
) -> QMenu | None:
    """The right-click menu of the pin at (x, y); with `adding`, Add Note Here… elsewhere."""
    note = note_at(session, x, y)
    if note is None and not adding:
        return None
    menu = QMenu(parent)
    menu.addSection("GM note")
    if note is None:
        add = menu.addAction("Add Note Here…")
        add.setObjectName("add_note_action")

        def on_add() -> None:
            text = ask(parent, "Add Note", "")
            if text is not None:
                session.by(parent).run(notes_cases.add_note, (x, y), text)

        add.triggered.connect(on_add)
        return menu
    found = note
    edit = menu.addAction("Edit Note…")
    edit.setObjectName("edit_note_action")

    def on_edit() -> None:
        text = ask(parent, "Edit Note", found.text)
        if text is not None and text != found.text:
            session.by(parent).run(notes_cases.edit_note, found.id, text)

    edit.triggered.connect(on_edit)
    remove = menu.addAction("Remove Note")
    remove.setObjectName("remove_note_action")
    remove.triggered.connect(lambda: session.by(parent).run(notes_cases.remove_note, found.id))
    return menu
