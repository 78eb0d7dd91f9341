"""The library editor on a 1366x768 laptop at Windows' 125% scale: 1093x614 (R-235).

Run by test_laptop_screen.py in a process of its own, on Qt's offscreen platform told of one
1093x614 screen (`QT_QPA_PLATFORM=offscreen:configfile=...`, the JSON in `SCALED_LAPTOP`):
the size a 1366x768 laptop's screen has for the app at 125%, the scale Windows picks for many
of them. The editor needed 640 pixels of height: its Save button fell below the screen.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from orcus_desktop.app import show_main_window
from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from tests.ui.named_screens import actions_rows_in_view, on_screen, sister_venns_turn

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SCALED = "1366x768 laptop at 125%"
SCALED_LAPTOP = {
    "screens": [{"name": SCALED, "x": 0, "y": 0, "width": 1093, "height": 614, "logicalDpi": 96}]
}


def test_the_library_editor_keeps_save_on_the_screen_and_its_fields_within_reach(
    qtbot: QtBot,
) -> None:
    assert [s.name() for s in QGuiApplication.screens()] == [SCALED], "run with SCALED_LAPTOP"
    window = show_main_window(load_encounter(demo_encounter_path()), None, player_view=False)
    qtbot.add_widget(window)
    qtbot.wait_exposed(window)
    editor = window.creature_palette.editor()  # Creature library > New...
    qtbot.add_widget(editor)
    editor.show()
    qtbot.wait_exposed(editor)
    QApplication.processEvents()
    area = QGuiApplication.primaryScreen().availableGeometry()
    assert area.contains(editor.frameGeometry()), editor.frameGeometry()
    buttons = editor.findChild(QDialogButtonBox)
    assert buttons is not None
    save = buttons.button(QDialogButtonBox.StandardButton.Save)
    assert save is not None
    assert save.isVisible()
    assert on_screen(editor).contains(on_screen(save))
    # The last field on the left, hit points, scrolls into view and takes the GM's number.
    editor.fields.ensureWidgetVisible(editor.max_hp)
    QApplication.processEvents()
    assert on_screen(editor.fields.viewport()).contains(on_screen(editor.max_hp))
    editor.max_hp.setValue(33)
    assert editor.max_hp.value() == 33
    editor.reject()
    window.close()


def test_the_actions_list_shows_three_powers_with_the_gm_edits_closed(qtbot: QtBot) -> None:
    """R-237: at 125% on a 1366x768 laptop the list showed no power without scrolling."""
    window = show_main_window(load_encounter(demo_encounter_path()), None, player_view=False)
    qtbot.add_widget(window)
    qtbot.wait_exposed(window)
    sister_venns_turn(window)
    panel = window.actions_panel
    assert not panel.gm_header.is_open
    assert not panel.gm_box.isVisible()
    rows = actions_rows_in_view(window)
    assert len(rows) >= 3, rows
    assert rows[:3] == ["Sacred Flame", "Healing Word", "Beacon of Hope"]
    # The GM's edits one click away, whole on the screen once open.
    assert on_screen(window).contains(on_screen(panel.gm_header))
    qtbot.mouseClick(panel.gm_header, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert panel.gm_box.isVisible()
    assert on_screen(window.docks["actions"]).contains(on_screen(panel.gm_box))
    window.close()
