"""The GM's window on a 1920x1080 screen: everything of the Actions panel in view (R-237, R-257).

Run by test_laptop_screen.py in a process of its own, on Qt's offscreen platform told of one
1920x1080 screen (`QT_QPA_PLATFORM=offscreen:configfile=...`, the JSON in `FULL_HD_SCREEN`).
Where the room is, the buttons under the list all show and no "More ▾" hides any.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from tests.ui.named_screens import (
    action_buttons_one_click_away,
    actions_rows_in_view,
    demo_window_on,
    one_screen,
    sister_venns_turn,
)

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

FULL_HD = "Full HD screen"
FULL_HD_SCREEN = one_screen(FULL_HD, 1920, 1080)


def test_every_action_button_shows_and_nine_powers_and_actions_too(qtbot: QtBot) -> None:
    window = demo_window_on(qtbot, FULL_HD)
    sister_venns_turn(window)
    panel = window.actions_panel
    assert panel.gm_header.is_open  # a tall window opens with the GM edits
    every = [*panel.action_buttons.buttons.values(), *panel.help_buttons.buttons.values()]
    shown, listed = action_buttons_one_click_away(qtbot, window)
    assert shown == [b.text() for b in every]
    assert listed == []
    rows = actions_rows_in_view(window)
    assert len(rows) >= 9, rows
    window.close()
