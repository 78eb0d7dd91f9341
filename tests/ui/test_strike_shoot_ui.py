"""001's cover in quarters in the attack dialog, from the GM's side (001-11, 001-12).

001 l.148-156 "1/4 Cover +0, 1/2 Cover +1, 3/4 Cover +2, 7/8 Cover +3"; l.146 "If a creature
can Crouch it can generally improve its Cover by one Level".
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.geometry.grid import Square
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.vocabulary import MoveMode
from tests.ui.test_targeting import accept_dialog, activate, at, window

__all__ = ["window"]

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_the_gm_picks_a_quarter_cover_level_under_strike(qtbot: QtBot, window: MainWindow) -> None:
    session = window.session
    assert session.switch_ruleset("strike").ok
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    activate(qtbot, window, "brakka", "Cleave")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    dialog = window.attack_dialog
    assert dialog is not None
    box = dialog.cover_boxes["goblin-1"]
    levels = [box.itemText(i) for i in range(box.count())]
    assert levels[2:6] == [
        "1/4 cover (+0)",
        "1/2 cover (-1)",
        "3/4 cover (-2)",
        "7/8 cover (-3)",
    ]
    summary = dialog.summaries["goblin-1"]
    before = summary.text()
    box.setCurrentIndex(box.findData("seven_eighths"))
    assert summary.text() != before
    # The line names the level as the cover box does (001 l.156 "7/8 Cover").
    assert "7/8 cover" in summary.text()
    assert "seven-eighths" not in summary.text()
    assert "goblin-1" in dialog.crouch_boxes  # 001-12's toggle, per target
    dialog.crouch_boxes["goblin-1"].setChecked(True)  # the GM's own level stands
    assert "7/8 cover" in summary.text()
    accept_dialog(qtbot, window, "11 3")
    target = session.encounter.combat.log[-1].data["targets"][0]
    assert target["cover"] == "seven_eighths"
    assert session.undo().ok
