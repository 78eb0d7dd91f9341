"""A variant's menu items stand beside the items they belong with (`MenuItems.after`).

003-52 (003 l.786-800): Ready Melee Attack and Ready Ranged Attack are a creature's attacks
(a standard action that readies a basic attack), so under Square Fireballs the Combat menu
lists them with Basic Attack and Charge, before the opportunity attacks and End Turn, not
after every other item. Under Orcus the menu is as it was.
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.session import GameSession
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import History
from orcus_desktop.ui import plugins
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.plugins import MenuItems, WindowContext
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _window(qtbot: QtBot, ruleset_id: str) -> MainWindow:
    encounter = Encounter(
        GridBounds(8, 6),
        creatures=(fighter("hero", 2, 2), orc("orc", 3, 2)),
        ruleset_id=ruleset_id,
    )
    document = Document(encounter)
    session = GameSession(document, History(document), random.Random(0))
    window = MainWindow(encounter, None, session=session)
    qtbot.add_widget(window)
    return window


def _combat_menu(window: MainWindow) -> list[str]:
    """The Combat menu as the GM sees it: shown items in order, "--" for a group's end."""
    top = next(a for a in window.menuBar().actions() if a.text() == "&Combat")
    menu = top.menu()
    assert isinstance(menu, QMenu)
    menu.aboutToShow.emit()
    seen = [
        "--" if a.isSeparator() else a.text().split("\t")[0]
        for a in menu.actions()
        if a.isVisible()
    ]
    return [
        s
        for i, s in enumerate(seen)
        if s != "--" or (0 < i < len(seen) - 1 and seen[i + 1] != "--")
    ]


ORCUS_COMBAT = [
    "&Use Selected Power or Action",
    "&Basic Attack",
    "&Charge",
    "--",
    "Take &Opportunity Attack",
    "&Let the Opportunity Attack Pass",
    "&End Turn",
]


def test_square_fireballs_ready_attacks_stand_with_the_attacks(qtbot: QtBot) -> None:
    assert _combat_menu(_window(qtbot, "square-fireballs")) == [
        *ORCUS_COMBAT[:3],
        "Ready &Melee Attack",
        "Ready &Ranged Attack",
        *ORCUS_COMBAT[3:],
    ]


def test_under_orcus_the_combat_menu_is_000s_alone(qtbot: QtBot) -> None:
    assert _combat_menu(_window(qtbot, "orcus")) == ORCUS_COMBAT


def test_a_place_the_menu_does_not_have_is_refused_by_name(qtbot: QtBot) -> None:
    """A variant naming an item that is gone is told so when the window is built."""
    window = _window(qtbot, "orcus")
    menu = QMenu(window)
    menu.addAction("First").setObjectName("first")
    context = WindowContext(window, window.session, lambda: None, lambda: None, lambda _: None)
    placed = MenuItems("combat", lambda _ui, m: m.addAction("Mine"), after="first")
    menu.addAction("Last")
    plugins.build_menu_items(placed, context, menu)
    assert [a.text() for a in menu.actions()] == ["First", "Mine", "Last"]
    lost = MenuItems("combat", lambda _ui, m: m.addAction("Lost"), after="charge_action")
    with pytest.raises(LookupError, match="charge_action"):
        plugins.build_menu_items(lost, context, menu)
