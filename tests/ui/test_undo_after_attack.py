"""Undo right after an attack undoes the attack (issue 28, item 2).

The GM clicks a target, the attack dialog takes over the mouse, the GM confirms the dice and
presses Ctrl+Z: the attack is undone at once. Before, the map still thought its button was
held (the release went to the dialog) and the first Ctrl+Z only said "Drag cancelled.".
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.ui.attack_dialog import AttackDialog
from orcus_desktop.ui.main_window import MainWindow
from tests.ui.test_interaction_count import Gm, _start, window  # noqa: F401 (fixture)

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_ctrl_z_after_a_confirmed_attack_undoes_the_attack(
    qtbot: QtBot,
    window: MainWindow,  # noqa: F811
) -> None:
    session = window.session
    _start(window, "goblin-archer")
    before = session.encounter
    gm = Gm(qtbot, window)
    gm.key(Qt.Key.Key_B)  # the archer's basic attack
    # The GM clicks Ilsabet: the press confirms the target and opens the attack dialog, which
    # is modal, so the release reaches the dialog, not the map (as on the desktop).
    viewport = window.view.viewport()
    ilsabet = session.encounter.creature("ilsabet").square
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=gm._at(ilsabet))
    dialog = window.attack_dialog
    assert isinstance(dialog, AttackDialog)
    qtbot.mouseRelease(dialog, Qt.MouseButton.LeftButton)
    gm.type_dice_and_enter("18 4")
    # The dialog closed: the window is the GM's again (offscreen, say so as the desktop does).
    window.activateWindow()
    qtbot.wait_until(lambda: QApplication.activeWindow() is window, timeout=2000)
    attacks = [e for e in session.encounter.combat.log if e.kind == "attack"]
    assert [a.actor for a in attacks] == ["goblin-archer"]
    hp_hit = session.encounter.creature("ilsabet").state
    assert hp_hit != before.creature("ilsabet").state
    gm.key(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not [e for e in session.encounter.combat.log if e.kind == "attack"]
    assert session.encounter.creature("ilsabet").state == before.creature("ilsabet").state
    assert "Drag cancelled" not in window.statusBar().currentMessage()
