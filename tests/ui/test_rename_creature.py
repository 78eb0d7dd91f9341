"""F2 renames a creature, from the map or the initiative list, and Ctrl+Z undoes it (issue 13)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.rename import RenameDialog
from tests.ui.demo_window import shown_demo_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = shown_demo_window(qtbot)
    win.view.fit_map()
    return win


def click_token(qtbot: QtBot, window: MainWindow, creature_id: str) -> None:
    square = window.encounter.creature(creature_id).square
    point = QPointF((square.col + 0.5) * SQUARE_PX, (square.row + 0.5) * SQUARE_PX)
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(point))


def type_name(qtbot: QtBot, window: MainWindow, name: str) -> None:
    """The rename dialog is open: replace the selected old name and press Enter."""
    dialog = window.findChild(RenameDialog)
    assert dialog is not None
    assert dialog.isVisible()
    qtbot.keyClicks(dialog.name_edit, name)
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    QApplication.processEvents()
    assert not dialog.isVisible()


def label(window: MainWindow, creature_id: str) -> str:
    item = window.scene.token_item(creature_id)
    assert item is not None
    return item.look.label


def initiative_names(window: MainWindow) -> list[str]:
    model = window.initiative_panel.model
    return [
        str(model.index(row, 0).data(Qt.ItemDataRole.DisplayRole))
        for row in range(model.rowCount())
    ]


def test_f2_on_a_token_renames_it_and_ctrl_z_brings_the_old_name_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    click_token(qtbot, window, "goblin-1")
    assert window.scene.selected_creature_id() == "goblin-1"
    qtbot.keyClick(window.view, Qt.Key.Key_F2)
    type_name(qtbot, window, "Snaga")
    assert window.encounter.creature("goblin-1").name == "Snaga"
    assert label(window, "goblin-1") == "SN"
    # The other warrior is no longer one of two: it keeps the number its name carries.
    assert label(window, "goblin-2") == "GW2"
    assert any("Snaga" in name for name in initiative_names(window))
    assert window.undo_action.text() == "&Undo Rename Goblin Warrior 1 to Snaga"
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.encounter.creature("goblin-1").name == "Goblin Warrior 1"
    assert label(window, "goblin-1") == "GW1"
    assert not any("Snaga" in name for name in initiative_names(window))


def test_f2_in_the_initiative_list_renames_its_row(qtbot: QtBot, window: MainWindow) -> None:
    panel = window.initiative_panel
    panel.select_creature("ogre")
    panel.table.setFocus()
    window.scene.select_creature("brakka")  # the list has the focus: its row is renamed
    qtbot.keyClick(panel.table, Qt.Key.Key_F2)
    type_name(qtbot, window, "Grumsh the Ogre")
    assert window.encounter.creature("ogre").name == "Grumsh the Ogre"
    assert window.encounter.creature("brakka").name == "Brakka"
    assert any("Grumsh the Ogre" in name for name in initiative_names(window))
    assert label(window, "ogre") == "GT"


def test_a_name_with_control_characters_is_repaired_and_an_empty_one_refused(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.scene.select_creature("goblin-2")
    window.renamer.action.trigger()
    dialog = window.renamer.dialog
    assert dialog is not None
    dialog.name_edit.setText("Gob\x07lin")
    dialog.accept()
    assert window.encounter.creature("goblin-2").name == "Goblin"
    window.renamer.action.trigger()
    dialog = window.renamer.dialog
    assert dialog is not None
    dialog.name_edit.setText("   ")
    dialog.accept()
    assert window.encounter.creature("goblin-2").name == "Goblin"
    # Refused where the GM typed it: the dialog stays open for a name.
    assert dialog.isVisible()
    assert "needs a name" in dialog.error.text()
    dialog.reject()
