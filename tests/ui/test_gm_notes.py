"""GM notes, from the GM's side (issue 31 item 5, docs/rulings.md R-152).

"No GM notes on the map." The GM right-clicks the map, Add Note Here…, types; a pin with the
text shows on the GM's map only, never on the players' screen; edit and remove by right-click,
each one undo step; the file keeps them, and files without notes still open.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.gm import notes
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.notes import note_menu_at
from tests.ui.demo_window import shown_demo_window
from tests.ui.test_player_view import open_player_view, render

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SECRET_TEXT = "Trap under the third flagstone"


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    return shown_demo_window(qtbot)


def choose(window: MainWindow, x: float, y: float, name: str, answer: str | None) -> None:
    """The GM right-clicks (x, y), picks the entry `name` and types `answer` if asked."""
    menu = note_menu_at(
        window, window.session, x, y, adding=True, ask=lambda _parent, _title, _now: answer
    )
    assert menu is not None
    (action,) = [a for a in menu.actions() if a.objectName() == name]
    action.trigger()
    QApplication.processEvents()


def texts_of(window: QWidget, scene_items: list[QGraphicsItem]) -> list[str]:
    """Every tooltip of the window's widgets and the scene's items, and every text item's."""
    texts = [w.toolTip() for w in window.findChildren(QWidget)]
    for item in scene_items:
        texts.append(item.toolTip())
        if isinstance(item, QGraphicsTextItem):
            texts.append(item.toPlainText())
        if isinstance(item, QGraphicsSimpleTextItem):
            texts.append(item.text())
    return texts


def only_note_text(window: MainWindow) -> str:
    (note,) = window.encounter.notes
    return note.text


def test_a_note_shows_on_the_gms_map_only(window: MainWindow) -> None:
    window.fog_action.setChecked(False)  # nothing hides the note's place but its being the GM's
    players = open_player_view(window)
    before = render(players.scene)
    choose(window, 5.5, 3.5, "add_note_action", SECRET_TEXT)
    (note,) = window.encounter.notes
    assert note.text == SECRET_TEXT
    assert note.point == (5.5, 3.5)
    pin = window.notes.items[note.id]
    assert pin.toolTip() == SECRET_TEXT  # the GM hovers the pin
    assert pin.scene() is window.scene
    # The players' screen draws exactly what it drew before: not the pin, not the text.
    assert render(players.scene) == before
    assert not [t for t in texts_of(players, players.scene.items()) if SECRET_TEXT in t]
    window.players_preview.action.trigger()  # nor does the GM's preview as players
    preview = window.players_preview.preview
    assert preview is not None
    assert render(preview.scene) == before
    window.players_preview.action.trigger()
    players.close()


def test_edit_remove_and_undo(window: MainWindow) -> None:
    choose(window, 2.0, 2.0, "add_note_action", SECRET_TEXT)
    (note,) = window.encounter.notes
    choose(window, 2.1, 1.9, "edit_note_action", "The trap is disarmed")
    assert only_note_text(window) == "The trap is disarmed"
    assert window.notes.items[note.id].toolTip() == "The trap is disarmed"
    choose(window, 2.0, 2.0, "remove_note_action", None)
    assert window.encounter.notes == ()
    assert window.notes.items == {}
    for expected in ("The trap is disarmed", SECRET_TEXT):
        assert window.session.undo().ok
        QApplication.processEvents()
        assert only_note_text(window) == expected
        assert window.notes.items[note.id].toolTip() == expected
    # An empty note is refused with the reason, and nothing changes.
    refused = window.session.run(notes.add_note, (1.0, 1.0), "   ")
    assert not refused.ok
    assert "needs some text" in refused.reason
    assert len(window.encounter.notes) == 1


def test_the_file_keeps_the_notes_and_files_without_notes_open(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "notes.json"
    save_encounter(path, window.encounter)
    assert "gm_notes" not in json.loads(path.read_text(encoding="utf-8"))  # saved as before
    assert load_encounter(path).notes == ()
    assert window.session.run(notes.add_note, (3.0, 4.0), "Line one\nline two").ok
    save_encounter(path, window.encounter)
    assert load_encounter(path).notes == window.encounter.notes
