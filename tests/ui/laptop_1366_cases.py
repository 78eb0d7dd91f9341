"""The GM's window and fight dialogs on a 1366x768 laptop (R-235, R-236).

Run by test_laptop_screen.py in a process of its own, on Qt's offscreen platform told of one
1366x768 screen (`QT_QPA_PLATFORM=offscreen:configfile=...`, the JSON in `WIDE_LAPTOP`), the
commonest laptop screen. What a GM would notice: a burst over a crowd opened an attack dialog
taller than the screen, its Attack button below the screen's edge; the Actions panel's Type
column read "standard,..." with the rest only in a tooltip; the Ready dialog cut its own
example of a trigger.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QHelpEvent, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QPushButton,
    QToolTip,
    QTreeWidgetItem,
)
from pytestqt.qtbot import QtBot

from orcus_desktop.app import show_main_window
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.ui.attack_dialog import AttackDialog
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.panels.actions.gm_section import GM_EDITS_KEY
from orcus_desktop.ui.panels.actions.ready import ReadyDialog
from orcus_desktop.ui.screens import app_settings
from orcus_desktop.ui.variants.square_fireballs.monster_groups_dialog import MonsterGroupsDialog
from orcus_desktop.vocabulary import MoveMode
from tests.controller.conftest import creature, fighter, orc_block
from tests.ui.named_screens import (
    OFFSCREEN_WARNINGS,
    action_buttons_one_click_away,
    actions_rows_in_view,
    demo_window_on,
    on_screen,
    sister_venns_turn,
)

pytestmark = pytest.mark.qt_log_ignore(*OFFSCREEN_WARNINGS)

WIDE = "1366x768 laptop"
WIDE_LAPTOP = {
    "screens": [{"name": WIDE, "x": 0, "y": 0, "width": 1366, "height": 768, "logicalDpi": 96}]
}

CROWD = {
    "brakka": Square(8, 4),
    "sister-venn": Square(8, 6),
    "quill": Square(9, 7),
    "goblin-1": Square(10, 4),
    "goblin-2": Square(10, 7),
    "goblin-archer": Square(12, 3),
    "ogre": Square(11, 5),
    "rat": Square(12, 7),
}
"""Eight creatures inside the 5x5 squares of a burst 2 centred on (10, 5)."""


def open_window(qtbot: QtBot) -> MainWindow:
    return demo_window_on(qtbot, WIDE)


def free_area() -> QRect:
    area = QGuiApplication.primaryScreen().availableGeometry()
    assert area.size().toTuple() == (1366, 768)
    return area


def power_row(window: MainWindow, name: str) -> QTreeWidgetItem:
    powers = window.actions_panel.tree.topLevelItem(0)
    assert powers is not None
    rows = [powers.child(i) for i in range(powers.childCount())]
    found = [row for row in rows if row is not None and row.text(0) == name]
    assert found, name
    return found[0]


def test_a_burst_over_eight_creatures_keeps_the_attack_dialog_and_its_buttons_on_screen(
    qtbot: QtBot,
) -> None:
    window = open_window(qtbot)
    session = window.session
    for creature_id, square in CROWD.items():
        if window.encounter.creature(creature_id).square != square:
            assert session.move_creature(creature_id, square, MoveMode.GM).ok, creature_id
    # The GM aims Ilsabet's Slumber (Far burst 2, every creature in it) from the Actions
    # panel and clicks the map where the burst goes.
    window.scene.select_creature("ilsabet")
    tree = window.actions_panel.tree
    tree.setCurrentItem(power_row(window, "Slumber"))
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Return)
    view = window.view
    centre = view.mapFromScene(QPointF(10.5 * SQUARE_PX, 5.5 * SQUARE_PX))
    qtbot.mouseMove(view.viewport(), centre)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    dialog = window.attack_dialog
    assert isinstance(dialog, AttackDialog)
    assert set(dialog.choice.target_ids) == set(CROWD)
    qtbot.wait_exposed(dialog)
    QApplication.processEvents()
    area = free_area()
    assert area.contains(dialog.frameGeometry()), dialog.frameGeometry()
    # The rows get the screen's room before they scroll (not Qt's two thirds of it).
    assert dialog.frameGeometry().height() >= 0.9 * area.height(), dialog.frameGeometry()
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    attack = buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert attack is not None
    assert attack.text() == "Attack"
    assert attack.isVisible()
    assert on_screen(dialog).contains(on_screen(attack))
    assert area.contains(on_screen(dialog.dice))
    # Every target's cover can still be reached: the last one scrolls into view.
    last = dialog.cover_boxes[dialog.choice.target_ids[-1]]
    dialog.target_rows.ensureWidgetVisible(last)
    QApplication.processEvents()
    rows = dialog.target_rows.viewport()
    assert on_screen(rows).contains(on_screen(last))
    # A wheel turned over a cover box while scrolling moves the rows, not the GM's choice.
    before = last.currentIndex()
    _turn_wheel(last)
    assert last.currentIndex() == before
    # Nothing lost: the dice typed and Enter attack all eight, as on a big screen.
    qtbot.keyClicks(dialog.dice, " ".join(["12"] * len(CROWD)) + " 3 3")
    qtbot.keyClick(dialog.dice, Qt.Key.Key_Return)
    assert window.attack_dialog is None
    assert session.history.undo_text.startswith("Ilsabet: Slumber on ")
    window.close()


def _turn_wheel(box: QComboBox) -> None:
    """One notch of the mouse wheel over `box`, sent as the window system would."""
    centre = QPointF(box.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(box.mapToGlobal(box.rect().center())),
        QPoint(0, 0),
        QPoint(0, -120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(box, event)
    QApplication.processEvents()


def test_every_power_and_action_type_is_whole_in_the_actions_panel(qtbot: QtBot) -> None:
    window = open_window(qtbot)
    tree = window.actions_panel.tree
    metrics = tree.fontMetrics()
    seen: set[str] = set()
    # Heroes and monsters, with encounter and daily powers (R-236: "standard, encounter").
    for shown in window.encounter.creatures:
        window.scene.select_creature(shown.id)
        for _ in range(3):
            QApplication.processEvents()
        for branch in (tree.topLevelItem(0), tree.topLevelItem(1)):
            assert branch is not None
            for i in range(branch.childCount()):
                row = branch.child(i)
                assert row is not None
                kind = row.text(1)
                cell = tree.visualRect(tree.indexFromItem(row, 1))
                needed = metrics.boundingRect(cell, Qt.TextFlag.TextWordWrap, kind)
                assert needed.width() <= cell.width(), (shown.name, kind, cell)
                assert needed.height() <= cell.height(), (shown.name, kind, needed, cell)
                seen.add(kind)
    assert {"standard", "standard, encounter", "standard, daily"} <= seen
    window.close()


def test_the_ready_dialog_shows_its_example_trigger_whole(qtbot: QtBot) -> None:
    window = open_window(qtbot)
    dialog = ReadyDialog("Sister Venn", {}, window)
    qtbot.add_widget(dialog)
    dialog.show()
    qtbot.wait_exposed(dialog)
    field = dialog.trigger
    example = field.placeholderText()
    assert example.startswith("e.g. ")
    room = field.contentsRect().width() - 2 * field.style().pixelMetric(
        field.style().PixelMetric.PM_DefaultFrameWidth
    )
    assert field.fontMetrics().horizontalAdvance(example) <= room, (example, room)
    assert free_area().contains(dialog.frameGeometry())
    window.close()


def test_a_wave_of_monsters_keeps_the_monster_groups_dialog_and_ok_on_screen(
    qtbot: QtBot,
) -> None:
    """003-07 (003 l.125 "The GM arranges all monsters in the encounter into monster groups"):
    one row per monster, 28 goblins of a wave in this fight."""
    assert [s.name() for s in QGuiApplication.screens()] == [WIDE], "run with WIDE_LAPTOP"
    block = freeze(orc_block("Goblin"))
    goblins = tuple(
        creature(f"g{i}", "monsters", 2 + i % 14, 2 + i // 14, statblock=block) for i in range(28)
    )
    encounter = Encounter(
        GridBounds(20, 12),
        creatures=(fighter("hero", 1, 1), *goblins),
        ruleset_id="square-fireballs",
    )
    window = show_main_window(encounter, None, player_view=False)
    qtbot.add_widget(window)
    qtbot.wait_exposed(window)
    button = window.initiative_panel.findChild(QPushButton, "monster_groups_button")
    assert button is not None
    button.click()  # opens the dialog, not modal to the test
    dialogs = window.initiative_panel.findChildren(MonsterGroupsDialog)
    assert dialogs
    dialog = dialogs[-1]
    qtbot.wait_exposed(dialog)
    QApplication.processEvents()
    assert len(dialog.fields) == 28
    assert free_area().contains(dialog.frameGeometry()), dialog.frameGeometry()
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok is not None
    assert ok.isVisible()
    assert on_screen(dialog).contains(on_screen(ok))
    # The last goblin's group can still be typed: its row scrolls into view.
    last = dialog.fields["g27"]
    dialog.rows.ensureWidgetVisible(last)
    QApplication.processEvents()
    assert on_screen(dialog.rows.viewport()).contains(on_screen(last))
    last.setCurrentText("Rear guard")
    dialog.accept()
    assert window.session.ask(sf_questions.arranged_monster_group, "g27") == "Rear guard"
    window.close()


def test_the_actions_list_shows_six_rows_and_the_gm_edits_open_with_one_click(
    qtbot: QtBot,
) -> None:
    """R-237: the GM box took most of the Actions dock; the list showed two powers."""
    window = open_window(qtbot)
    sister_venns_turn(window)
    panel = window.actions_panel
    header = panel.gm_header
    # A window under 900 pixels tall opens with the GM edits closed, the list with its room;
    # the Initiative panel's empty message line is gone.
    assert not header.is_open
    assert header.text() == "GM edits ▸"
    assert not panel.gm_box.isVisible()
    message = window.initiative_panel.message
    assert not message.isVisible()
    window.initiative_panel.show_refusal("Not its turn.")  # as the `ResultReporter` says it
    assert message.isVisible()
    window.initiative_panel.show_refusal("")
    assert not message.isVisible()
    rows = actions_rows_in_view(window)
    assert len(rows) >= 6, rows
    assert rows[:4] == ["Sacred Flame", "Healing Word", "Beacon of Hope", "Avenging Flame"]
    # One click opens the box, whole in the dock; its Damage works on Sister Venn.
    assert on_screen(window).contains(on_screen(header))
    qtbot.mouseClick(header, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert header.text() == "GM edits ▾"
    assert panel.gm_box.isVisible()
    assert free_area().contains(on_screen(panel.gm_box))
    assert on_screen(window.docks["actions"]).contains(on_screen(panel.gm_box))
    panel.gm_box.amount.setValue(6)
    qtbot.mouseClick(panel.buttons["damage"], Qt.MouseButton.LeftButton)
    assert "HP 20/26" in panel.numbers.text()
    assert app_settings().value(GM_EDITS_KEY) == "open"
    window.close()
    # The next window remembers the GM's choice, short screen or not.
    again = open_window(qtbot)
    assert again.actions_panel.gm_header.is_open
    assert again.actions_panel.gm_box.isVisible()
    # From the keyboard: the header takes the focus and Space closes it, remembered too.
    again.actions_panel.gm_header.setFocus()
    qtbot.keyClick(again.actions_panel.gm_header, Qt.Key.Key_Space)
    assert not again.actions_panel.gm_box.isVisible()
    assert app_settings().value(GM_EDITS_KEY) == "closed"
    # And Ctrl+Shift+G from wherever the focus is in the window (the list here) opens it again.
    again.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is again, timeout=2000)
    again.actions_panel.tree.setFocus()
    keys = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(again.actions_panel.tree, Qt.Key.Key_G, keys)
    qtbot.waitUntil(again.actions_panel.gm_box.isVisible, timeout=2000)
    assert again.actions_panel.gm_header.is_open
    again.close()


def test_every_action_button_is_one_click_away_with_seven_powers_in_view(qtbot: QtBot) -> None:
    """R-257: under the list, Stand up, Rally... took six lines; at 1366x768 one showed."""
    window = open_window(qtbot)
    sister_venns_turn(window)
    panel = window.actions_panel
    every = [*panel.action_buttons.buttons.values(), *panel.help_buttons.buttons.values()]
    assert len(every) == 14  # 000 has them all: opportunity attacks, help attack and defense
    shown, listed = action_buttons_one_click_away(qtbot, window)
    assert sorted(shown + listed) == sorted(b.text() for b in every)
    assert shown[:3] == ["Stand up", "Spend action point", "Rally"]  # the commonest first
    rows = actions_rows_in_view(window)
    assert len(rows) >= 7, rows
    # A greyed item says why not, as its button did: Sister Venn grapples no one.
    more = panel.findChild(QPushButton, "more_button")
    assert more is not None
    qtbot.mouseClick(more, Qt.MouseButton.LeftButton)
    menu = panel.button_row.menu
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    (release,) = [a for a in menu.actions() if a.text() == "Release grapple"]
    assert not release.isEnabled()
    available = panel.available
    assert available is not None
    reason = available.option(CombatAction.RELEASE_GRAPPLE).reason
    assert reason
    place = menu.actionGeometry(release).center()
    QApplication.sendEvent(menu, QHelpEvent(QEvent.Type.ToolTip, place, menu.mapToGlobal(place)))
    assert QToolTip.text() == reason
    menu.close()
    # From the keyboard: the focus on More ▾, Space opens it, Enter takes the first item
    # allowed (Total defense: Sister Venn has her standard action), one undo step.
    more.setFocus()
    qtbot.keyClick(more, Qt.Key.Key_Space)
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    qtbot.keyClick(menu, Qt.Key.Key_Down)
    assert menu.activeAction() is not None
    assert menu.activeAction().text() == "Total defense"
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    assert window.session.history.undo_text == "Sister Venn: total defense"
    assert "Standard 0" in panel.budget.text()
    window.close()


def _drag(window: MainWindow, start: QPoint, end: QPoint) -> None:
    """The GM drags from `start` to `end` (window coordinates) with the left button."""
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(window, left, none, start)
    steps = 8
    for i in range(1, steps + 1):
        QTest.mouseMove(window, start + (end - start) * i / steps)
        QApplication.processEvents()
    QTest.mouseRelease(window, left, none, end)
    for _ in range(4):
        QApplication.processEvents()


OLD_LEAST = QSize(214, 307)
"""The Initiative dock's least size at 1366x768 before R-258: its check box and its rows."""


def test_the_gm_drags_the_initiative_dock_smaller_and_the_map_and_actions_get_the_room(
    qtbot: QtBot,
) -> None:
    """R-258: the Initiative dock could not be dragged smaller than its content."""
    window = open_window(qtbot)
    sister_venns_turn(window)
    initiative, actions = window.docks["initiative"], window.docks["actions"]
    panel = window.initiative_panel
    assert panel.model.rowCount() == 9
    assert initiative.height() >= OLD_LEAST.height()  # it opens with every row in view
    actions_before = actions.height()
    # Its lower edge, between it and the Actions dock, dragged 150 pixels up.
    x = initiative.geometry().center().x()
    edge = (initiative.geometry().bottom() + actions.geometry().top()) // 2
    _drag(window, QPoint(x, edge), QPoint(x, edge - 150))
    assert initiative.height() < OLD_LEAST.height() - 100, initiative.height()
    assert actions.height() > actions_before + 100
    # The rows scroll; the turn's buttons stay whole in the dock.
    assert panel.table.verticalScrollBar().maximum() > 0
    assert on_screen(initiative).contains(on_screen(panel.end_turn_button))
    # Its left edge, between the map and the right-hand docks, dragged 120 pixels right: the
    # map gets the room, the check box's words end in "…".
    view_width = window.view.width()
    left = initiative.geometry().left() - 3
    middle = initiative.geometry().center().y()
    _drag(window, QPoint(left, middle), QPoint(left + 260, middle))
    assert initiative.width() < OLD_LEAST.width() - 40, initiative.width()
    assert window.view.width() > view_width + 150
    # The turn's buttons wrap onto more lines, the heading too, all whole and none over another.
    QApplication.processEvents()
    dock_area = on_screen(initiative)
    turn_buttons = [b for b in panel.combat_controls.findChildren(QPushButton) if b.isVisible()]
    assert len(turn_buttons) == 7
    places = [on_screen(b) for b in (*turn_buttons, panel.typed_dice_check)]
    for place in places:
        assert dock_area.contains(place), place
    assert all(not a.intersects(b) for i, a in enumerate(places) for b in places[i + 1 :])
    heading = on_screen(panel.heading)
    assert heading.height() >= panel.heading.heightForWidth(heading.width())
    assert not heading.intersects(on_screen(panel.table))
    window.close()
    # The next window keeps the GM's shorter dock (its rows scroll), not every row again.
    again = open_window(qtbot)
    assert not again.initiative_panel.table.holds_rows
    again.close()


def test_before_combat_a_narrow_initiative_dock_wraps_its_buttons_and_shortens_its_words(
    qtbot: QtBot,
) -> None:
    """R-258: Roll initiative, Start combat, the check boxes, whole inside a narrow dock."""
    window = open_window(qtbot)
    initiative, panel = window.docks["initiative"], window.initiative_panel
    left = initiative.geometry().left() - 3
    middle = initiative.geometry().center().y()
    _drag(window, QPoint(left, middle), QPoint(left + 260, middle))
    QApplication.processEvents()
    assert initiative.width() < OLD_LEAST.width() - 40, initiative.width()
    shown = [panel.roll_button, panel.start_button, panel.group_check, panel.surprised_button]
    places = [on_screen(w) for w in (*shown, panel.typed_dice_check)]
    for place in places:
        assert on_screen(initiative).contains(place), place
    assert all(not a.intersects(b) for i, a in enumerate(places) for b in places[i + 1 :])
    words = panel.group_check.text()
    assert panel.group_check.fontMetrics().horizontalAdvance(words) > panel.group_check.width()
    window.close()
