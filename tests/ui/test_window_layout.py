"""The window at the sizes GMs run it: a 1024x700 laptop, 1440x900, a 2560x1440 monitor.

What a GM would notice: the map keeps most of the room, every button of the side panels is on
screen and none lies over another, an opportunity attack offered does not make the window
grow past the screen, and there is one End turn button, not two that act differently.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.panels.initiative_model import Column
from orcus_desktop.vocabulary import MoveMode

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def make_window(qtbot: QtBot, width: int, height: int) -> MainWindow:
    win = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(win)
    win.resize(width, height)
    win.show()
    qtbot.wait_exposed(win)
    settle()
    return win


def settle() -> None:
    for _ in range(6):  # layouts that wrap rows settle over a few passes
        QApplication.processEvents()


def start_combat(window: MainWindow) -> None:
    session = window.session
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    ids = [c.id for c in session.encounter.creatures]
    assert session.run(
        initiative.roll_initiative, totals={c: 30 - i for i, c in enumerate(ids)}
    ).ok
    assert session.run(initiative.start_combat).ok
    settle()


def in_window(window: MainWindow, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


def visible_buttons(panel: QWidget) -> list[QAbstractButton]:
    return [b for b in panel.findChildren(QAbstractButton) if b.isVisible()]


def assert_panel_usable(window: MainWindow, panel: QWidget) -> None:
    """Every button shows whole inside the panel's own area and none covers another."""
    buttons = [b for b in visible_buttons(panel) if b.parent() is not None]
    groups: list[tuple[QWidget, list[QAbstractButton]]] = [(panel, buttons)]
    scroll = getattr(panel, "scroll_area", None)
    if scroll is not None:
        inner = scroll.widget()
        assert inner is not None
        # Scrolling is up and down only: nothing may stick out at the right.
        assert inner.width() <= scroll.viewport().width()
        # The scrolling part's buttons lie in it; the GM box under it lies in the panel
        # (issue 31: it never scrolls away). Neither part's buttons overlap each other.
        groups = [
            (inner, [b for b in buttons if inner.isAncestorOf(b)]),
            (panel, [b for b in buttons if not inner.isAncestorOf(b)]),
        ]
    for content, group in groups:
        area = QRect(content.mapTo(window, content.rect().topLeft()), content.size())
        rects = {b: in_window(window, b) for b in group}
        for button, rect in rects.items():
            assert area.contains(rect), f"{button.text()!r} is cut off: {rect} not in {area}"
        pushes = [(b, r) for b, r in rects.items() if isinstance(b, QPushButton)]
        for i, (a, ra) in enumerate(pushes):
            for b, rb in pushes[i + 1 :]:
                assert not ra.intersects(rb), f"{a.text()!r} lies over {b.text()!r}"


@pytest.mark.parametrize(("width", "height"), [(1024, 700), (1440, 900), (2560, 1440)])
def test_every_size_keeps_the_map_large_and_the_panels_usable(
    qtbot: QtBot, width: int, height: int
) -> None:
    window = make_window(qtbot, width, height)
    start_combat(window)
    # The window is the size asked for: nothing forced it taller than the screen.
    assert (window.width(), window.height()) == (width, height)
    # The map has the largest share of the width (it had under a third at 1024 px).
    assert window.view.width() >= 0.38 * width
    for panel in (window.actions_panel, window.initiative_panel):
        assert_panel_usable(window, panel)
    # The creature library and the list of the creatures on the map share one column.
    assert window.docks["creatures"] in window.tabifiedDockWidgets(window.docks["library"])
    window.close()


def test_one_end_turn_button_and_one_delay(qtbot: QtBot) -> None:
    window = make_window(qtbot, 1440, 900)
    start_combat(window)
    texts = [b.text() for b in visible_buttons(window)]
    assert texts.count("End turn") == 1
    assert texts.count("Delay") == 1
    window.close()


@pytest.mark.parametrize(("width", "height"), [(1024, 700), (1440, 900)])
def test_an_opportunity_attack_offer_shows_without_growing_the_window(
    qtbot: QtBot, width: int, height: int
) -> None:
    window = make_window(qtbot, width, height)
    start_combat(window)
    panel = window.actions_panel
    docks_before = window.docks["actions"].width()
    walk = window.session.move_creature("brakka", Square(7, 4), MoveMode.WALK)
    assert walk.opportunity_attackers == ("goblin-1",)
    settle()
    assert panel.offers_box.isVisible()
    assert (window.width(), window.height()) == (width, height)
    assert window.docks["actions"].width() == docks_before  # the map is not squeezed either
    dice, take, let_pass = panel.offer_rows["goblin-1"]
    viewport = panel.scroll_area.viewport()
    for widget in (dice, take, let_pass):
        # On screen in the panel's visible part, where the GM is looking.
        corner = widget.mapTo(viewport, widget.rect().bottomRight())
        assert viewport.rect().contains(corner), widget
    assert_panel_usable(window, panel)
    window.close()


def test_a_long_status_does_not_squeeze_the_conditions_away(qtbot: QtBot) -> None:
    window = make_window(qtbot, 1440, 900)
    start_combat(window)
    session = window.session
    assert session.run(
        gm_edits.add_condition, "goblin-1", Condition.WEAKENED, DurationKind.SAVE_ENDS
    ).ok
    assert session.run(gm_edits.apply_damage, "goblin-1", 16).ok  # staggered
    assert session.move_creature("brakka", Square(7, 4), MoveMode.WALK).opportunity_attackers
    settle()
    table = window.initiative_panel.table
    header = table.horizontalHeader()
    # The GM reads the goblin's condition on its row without scrolling sideways (the
    # duration may be cut short: the tooltip gives it whole).
    assert not table.horizontalScrollBar().isVisible()
    model = table.model()
    for row in range(model.rowCount()):
        if model.index(row, Column.NAME).data() == "Goblin Warrior 1":
            break
    else:
        raise AssertionError("no row for the goblin")
    text = str(model.index(row, Column.CONDITIONS).data())
    assert "weakened" in text.lower()
    metrics = table.fontMetrics()
    assert header.sectionSize(Column.CONDITIONS) >= metrics.horizontalAdvance(text[:10] + "…")
    status = model.index(row, Column.STATUS)
    assert status.data() == "OA offered"
    assert "opportunity attack" in str(status.data(Qt.ItemDataRole.ToolTipRole))
    window.close()


def test_a_narrow_actions_dock_wraps_its_buttons_without_overlap(qtbot: QtBot) -> None:
    window = make_window(qtbot, 1440, 900)
    start_combat(window)
    row = window.actions_panel.button_row
    wide = (row.height(), len(row.left_out()))
    window.resizeDocks([window.docks["actions"]], [260], Qt.Orientation.Horizontal)
    settle()
    assert window.docks["actions"].width() < 300
    # More lines of buttons, or more of them behind More ▾ where the dock has no room for
    # another line; none over another or cut off at the right.
    narrow = (row.height(), len(row.left_out()))
    assert narrow[0] > wide[0] or narrow[1] > wide[1], (wide, narrow)
    for panel in (window.actions_panel, window.initiative_panel):
        assert_panel_usable(window, panel)
    window.close()
