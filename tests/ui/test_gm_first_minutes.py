"""The GM's first ten minutes with the real window (File > New, the library, the tracker).

Each test is a thing a GM met while running a fight at the table:
what the GM does, then what the GM sees.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QInputDialog,
    QLabel,
    QMenu,
    QMenuBar,
    QPushButton,
)
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.features import Wall, WallKind
from orcus_desktop.geometry.grid import Square
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.panels.actions.ready import ReadyDialog
from orcus_desktop.ui.panels.common import ask_d20_dialog
from orcus_desktop.ui.panels.initiative_model import Column
from orcus_desktop.ui.panels.library_panel import LibraryPanel
from orcus_desktop.ui.rename import EncounterNameDialog, RenameDialog
from orcus_desktop.ui.ruleset_actions import RulesetDialog
from orcus_desktop.ui.shortcuts_dialog import shortcut_rows
from orcus_desktop.vocabulary import MoveMode
from tests.ui.demo_window import LAPTOP, shown_demo_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    """The GM's window on the demo, shown at the size of a laptop's screen."""
    win = shown_demo_window(qtbot, LAPTOP)
    win.view.fit_map()  # as the app shows it
    return win


@pytest.fixture
def library(window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> LibraryPanel:
    """The window's creature library, its own creatures kept in a fresh data folder."""
    monkeypatch.setenv("ORCUS_DESKTOP_DATA_DIR", str(tmp_path / "data"))
    panel = window.creature_palette
    assert isinstance(panel, LibraryPanel)
    return panel


def start_fight(window: MainWindow) -> GameSession:
    """Initiative in the order the creatures were placed, and the fight on: Brakka acts."""
    session = window.session
    order: dict[str, int] = {c.id: 30 - i for i, c in enumerate(session.encounter.creatures)}
    assert session.run(initiative.roll_initiative, totals=order).ok
    assert session.run(initiative.start_combat).ok
    return session


def goblin_beside_brakka(window: MainWindow) -> tuple[GameSession, Square]:
    """Brakka's turn, Goblin Warrior 1 moved by the GM to the square east of him."""
    session = start_fight(window)
    brakka = session.encounter.creature("brakka").square
    goblin = Square(brakka.col + 1, brakka.row)
    assert session.move_creature("goblin-1", goblin, MoveMode.GM).ok
    return session, goblin


def place_from_library(window: MainWindow, qtbot: QtBot, name: str) -> None:
    """The GM types `name` in the library's search box and presses Enter on the first hit."""
    panel = window.creature_palette
    assert isinstance(panel, LibraryPanel)
    panel.search.setText(name)
    panel.list_view.setFocus()
    panel.list_view.setCurrentIndex(panel.proxy.index(0, 0))
    qtbot.keyClick(panel.list_view, Qt.Key.Key_Return)
    panel.search.clear()


def test_the_tracker_widens_its_columns_for_creatures_placed_on_a_new_map(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ORCUS_DESKTOP_DATA_DIR", str(tmp_path / "data"))
    assert window.rulesets.new_encounter("orcus", 20, 15)  # File > New…, OK
    qtbot.wait(50)  # the empty tracker is drawn
    for name in ("Dwarf Cleric", "Goblin Warrior"):
        place_from_library(window, qtbot, name)
    qtbot.wait(50)  # the GM looks at the tracker
    table = window.initiative_panel.table
    header = table.horizontalHeader()
    # The names and hit points are read whole, not "Dwarf …" and "…".
    for column in (Column.NAME, Column.HIT_POINTS):
        assert header.sectionSize(column) >= table.sizeHintForColumn(column), column.name


def test_an_attack_in_the_combat_log_keeps_every_row_one_line_high(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = start_fight(window)
    brakka = session.encounter.creature("brakka").square
    assert session.move_creature("goblin-1", Square(brakka.col + 1, brakka.row), MoveMode.GM).ok
    result = session.use_power("brakka", "Basic Melee Attack", ["goblin-1"], dice=[15, 6])
    assert result.ok, result.reason
    qtbot.wait(50)
    view = window.log_panel.view
    model = view.model()
    last = model.index(model.rowCount() - 1, 0)
    line_px = view.fontMetrics().lineSpacing()
    # The log was a column of short lines, not one line in three and empty rows between.
    for row in range(model.rowCount()):
        assert view.visualRect(model.index(row, 0)).height() < 2 * line_px, row
    # The attack's row starts with who did what; its whole text is the row's tooltip.
    text = last.data()
    assert text.startswith("Brakka uses Basic Melee Attack")
    assert "\n" not in text
    assert "Goblin Warrior 1 takes" in text
    assert "\n" in last.data(Qt.ItemDataRole.ToolTipRole)


def test_a_fight_opened_from_its_file_shows_the_newest_lines_of_its_log(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    session = start_fight(window)
    for _ in range(12):  # a round and a bit: more lines than the log shows at once
        assert session.end_turn().ok
    fight = tmp_path / "fight.json"
    assert window.save_to(fight)
    assert window.rulesets.new_encounter("orcus", 10, 10)  # File > New…, then File > Open…
    qtbot.wait(50)
    assert window.open_file(fight)
    qtbot.wait(50)
    view = window.log_panel.view
    model = view.model()
    newest = view.visualRect(model.index(model.rowCount() - 1, 0))
    assert view.viewport().rect().contains(newest.center()), "the log shows its first lines"


def click_square(qtbot: QtBot, window: MainWindow, square: Square) -> None:
    """A left click in the middle of `square` on the GM's map."""
    point = QPointF((square.col + 0.5) * SQUARE_PX, (square.row + 0.5) * SQUARE_PX)
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(point))


def test_a_die_typed_wrong_is_corrected_in_the_attack_dialog_not_lost(
    qtbot: QtBot, window: MainWindow
) -> None:
    session, goblin = goblin_beside_brakka(window)
    hp_before = session.encounter.creature("goblin-1").state
    window.start_targeting("brakka", power_name="Basic Melee Attack")
    click_square(qtbot, window, goblin)
    dialog = window.attack_dialog
    assert dialog is not None
    dialog.cover_boxes["goblin-1"].setCurrentIndex(2)  # the GM rules half cover
    dialog.dice.setText("99 6")  # "19" typed with a finger too many
    dialog.accept()
    # Nothing happened, and the dialog is still there, saying why, with the GM's choices.
    assert window.attack_dialog is dialog
    assert dialog.isVisible()
    assert "99 is not a face of a d20" in dialog.error.text()
    assert dialog.cover_boxes["goblin-1"].currentIndex() == 2
    assert session.encounter.creature("goblin-1").state == hp_before
    dialog.dice.setText("19 6")
    dialog.accept()
    assert not dialog.isVisible()
    attack = window.log_panel.model.lines()[-1]
    assert attack.startswith("Brakka uses Basic Melee Attack")
    assert "half cover" in attack
    assert window.undo_action.text() == "&Undo Brakka: Basic Melee Attack on Goblin Warrior 1"


def test_a_target_behind_a_wall_says_it_has_total_cover_not_just_no(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.session
    archer, hero = Square(2, 1), Square(8, 1)
    assert session.move_creature("goblin-archer", archer, MoveMode.GM).ok
    assert session.move_creature("ilsabet", hero, MoveMode.GM).ok
    assert session.run(editing.add_wall, Wall(WallKind.WALL, ((5, 0), (5, 3)))).ok
    assert session.run(initiative.roll_initiative, totals={"goblin-archer": 40}).ok
    assert session.run(initiative.start_combat).ok
    window.start_targeting("goblin-archer", power_name="Shortbow")
    view = window.view
    centre = QPointF((hero.col + 0.5) * SQUARE_PX, (hero.row + 0.5) * SQUARE_PX)
    qtbot.mouseMove(view.viewport(), view.mapFromScene(centre))
    # Hovering her: the reason the rules give, so the GM knows a wall is in the way.
    assert window.statusBar().currentMessage() == (
        "Ilsabet: not a legal target — no line of effect to Ilsabet (total cover)"
    )
    click_square(qtbot, window, hero)
    assert window.attack_dialog is None
    assert "(total cover)" in window.statusBar().currentMessage()
    qtbot.keyClick(view, Qt.Key.Key_Escape)


def test_the_gm_names_the_encounter_from_the_encounter_menu(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.rulesets.new_encounter("orcus", 12, 12)  # "Untitled encounter"
    window.rename_encounter_action.trigger()
    dialog = window.findChild(EncounterNameDialog)
    assert dialog is not None
    assert dialog.isVisible()
    assert dialog.name_edit.selectedText() == "Untitled encounter"
    dialog.name_edit.clear()
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    # An empty name is refused where the GM typed it; the dialog waits for a name.
    assert dialog.isVisible()
    assert dialog.error.text() == "the encounter needs a name"
    qtbot.keyClicks(dialog.name_edit, "The Flooded Crypt")
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    assert window.windowTitle().startswith("The Flooded Crypt (unsaved)")
    assert window.undo_action.text() == "&Undo Rename encounter to The Flooded Crypt"
    window.undo_action.trigger()
    assert window.windowTitle().startswith("Untitled encounter (unsaved)")


def test_the_creature_editor_spells_armor_class_ac(library: LibraryPanel) -> None:
    editor = library.editor()  # the library's New…
    labels = {label.text() for label in editor.findChildren(QLabel)}
    assert {"AC", "Fortitude", "Reflex", "Will", "HP"} <= labels
    assert "Ac" not in labels
    editor.reject()


def test_the_log_names_a_monsters_bow_once(window: MainWindow) -> None:
    session = window.session
    archer = session.encounter.creature("goblin-archer").square
    assert session.move_creature("quill", Square(archer.col, archer.row - 3), MoveMode.GM).ok
    assert session.run(initiative.roll_initiative, totals={"goblin-archer": 40}).ok
    assert session.run(initiative.start_combat).ok
    result = session.use_power("goblin-archer", "Shortbow", ["quill"], dice=[12, 3])
    assert result.ok, result.reason
    line = window.log_panel.model.lines()[-1].splitlines()[0]
    assert line == "Goblin Archer uses Shortbow (ranged)"


def test_a_refused_double_click_on_a_power_scrolls_its_reason_into_sight(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = start_fight(window)  # Brakka's turn
    panel = window.actions_panel
    panel.show_creature("goblin-1")  # the GM looks at a goblin, whose turn it is not
    panel.scroll_area.verticalScrollBar().setValue(0)
    tree = panel.tree
    item = tree.findItems("Short Sword", Qt.MatchFlag.MatchRecursive)[0]
    tree.scrollToItem(item)
    centre = tree.visualItemRect(item).center()
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert panel.message.text() == "it is not Goblin Warrior 1's turn"
    assert session.encounter.combat.current == "brakka"
    viewport = panel.scroll_area.viewport()

    def reason_in_sight() -> bool:
        top = panel.message.mapTo(viewport, QPoint(0, 0)).y()
        return top >= 0 and top + panel.message.height() <= viewport.height()

    qtbot.waitUntil(reason_in_sight, timeout=1000)


def test_the_ruleset_dialog_gives_the_ruleset_its_source_on_lines_of_their_own(
    window: MainWindow,
) -> None:
    dialog = RulesetDialog(window.session, window)  # Encounter > Ruleset…
    label = dialog.current
    # Title, description and source: three lines however wide the dialog is.
    assert label.heightForWidth(2000) >= 3 * label.fontMetrics().lineSpacing()
    assert "Source: seed 000" in label.text()
    dialog.reject()


def shown_items(window: MainWindow, title: str) -> list[str]:
    """The items the GM sees on opening the menu `title` ("Combat")."""
    bar = window.menuBar()
    menu = next(a.menu() for a in bar.actions() if a.text().replace("&", "") == title)
    assert isinstance(menu, QMenu)
    menu.aboutToShow.emit()
    return [a.text().replace("&", "") for a in menu.actions() if a.isVisible() and a.text()]


def test_the_menus_show_only_what_the_ruleset_in_play_has(window: MainWindow) -> None:
    others = {"Block (+1 AC)", "Withdraw", "Ready Melee Attack", "Who Goes First…"}
    combat = shown_items(window, "Combat")  # the demo is played by Orcus (000)
    assert {"Basic Attack", "Take Opportunity Attack"} <= set(combat)
    assert not others & set(combat)
    assert "New wave…" not in shown_items(window, "Encounter")
    assert window.rulesets.switch_ruleset("strike").ok  # 001-28 Block, 001-36 Who goes first
    combat = shown_items(window, "Combat")
    assert {"Block (+1 AC)", "Withdraw", "Who Goes First…"} <= set(combat)
    assert "Ready Melee Attack" not in combat
    assert "Take Opportunity Attack" not in combat  # 001-23..25: none in Strike!
    assert window.rulesets.switch_ruleset("square-fireballs").ok  # 003-52, 003-14
    assert {"Ready Melee Attack", "Take Opportunity Attack"} <= set(shown_items(window, "Combat"))
    assert "New wave…" in shown_items(window, "Encounter")


def test_f2_with_nothing_selected_says_what_to_select(qtbot: QtBot, window: MainWindow) -> None:
    window.scene.select_creature(None)
    window.renamer.action.trigger()  # F2
    assert window.findChild(RenameDialog) is None
    assert window.statusBar().currentMessage() == (
        "Select a creature to rename: click its token or its initiative row."
    )


def test_a_power_card_goes_when_the_panel_shows_another_creature(
    qtbot: QtBot, window: MainWindow
) -> None:
    start_fight(window)  # Brakka's turn
    panel = window.actions_panel
    tree = panel.tree
    cleave = tree.findItems("Cleave", Qt.MatchFlag.MatchRecursive)[0]
    qtbot.mouseClick(
        tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(cleave).center()
    )
    assert panel.power_card.isVisibleTo(panel)
    assert panel.power_card.card is not None
    assert panel.power_card.card.name == "Cleave"
    panel.show_creature("goblin-1")  # the GM clicks a goblin, which has no Cleave
    assert not panel.power_card.isVisibleTo(panel)
    panel.show_creature("brakka")
    panel.show_creature(None)
    assert not panel.power_card.isVisibleTo(panel)


def test_a_typo_in_the_dice_box_says_where_and_shows_the_way(
    qtbot: QtBot, window: MainWindow
) -> None:
    dock = window.dice_dock
    dock.expression.setText("1d20 + x")
    qtbot.keyClick(dock.expression, Qt.Key.Key_Return)
    assert dock.result.text() == (
        "Cannot roll: cannot read dice expression '1d20 + x': unexpected 'x' at character 8 "
        "(write dice like 1d20+5, 2d6+1d4, 4d6kh3 or d%)"
    )
    dock.expression.setText("1d20+")
    qtbot.keyClick(dock.expression, Qt.Key.Key_Return)
    assert "'1d20+': it ends too soon" in dock.result.text()


def test_enter_in_the_library_places_at_once_on_the_largest_map(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ORCUS_DESKTOP_DATA_DIR", str(tmp_path / "data"))
    assert window.rulesets.new_encounter("orcus", 1000, 1000)  # the largest grid File > New takes
    view = window.view
    middle = view.mapToScene(view.viewport().rect().center())
    wanted = Square(int(middle.x() // SQUARE_PX), int(middle.y() // SQUARE_PX))
    started = time.perf_counter()
    place_from_library(window, qtbot, "Goblin Warrior")
    place_from_library(window, qtbot, "Goblin Warrior")
    took = time.perf_counter() - started
    first, second = window.session.encounter.creatures
    assert first.square == wanted
    # The second takes the nearest square with a square of room around it (issue 28: not
    # touching the first): two rows above, from the left.
    assert second.square == Square(wanted.col - 2, wanted.row - 2)
    # Every square of the map was tried for each: 5 s on the 2-core machine, now a few ms.
    assert took < 1.0, f"{took:.2f} s"


def test_after_the_roll_the_tracker_says_what_comes_next(window: MainWindow) -> None:
    panel = window.initiative_panel
    assert panel.heading.text() == "No combat: roll initiative, mark the surprised, then start."
    panel.roll_button.click()  # 000 "Initiative": everyone rolls
    assert panel.heading.text() == "Initiative rolled: mark the surprised, then Start combat."
    panel.start_button.click()
    assert panel.heading.text().startswith("Round 1: ")


def test_the_shortcut_table_names_undo_not_the_step_it_would_undo(window: MainWindow) -> None:
    session = start_fight(window)
    assert session.end_turn().ok  # Edit > Undo now reads "Undo End Brakka's turn"
    keys = {what: key for key, what in window.shortcut_rows()}
    assert keys["Edit: Undo"].startswith("Ctrl+Z")
    assert "Ctrl+Shift+Z" in keys["Edit: Redo"]
    assert not [what for what in keys if "Brakka" in what]


def test_the_shortcut_table_lists_only_keys_a_keyboard_has(qtbot: QtBot) -> None:
    # X11's standard bindings (what Qt gives Undo and Quit under a Linux desktop).
    bar = QMenuBar()
    qtbot.add_widget(bar)
    edit = bar.addMenu("&Edit")
    undo = edit.addAction("&Undo")
    undo.setShortcuts(
        [QKeySequence("Ctrl+Z"), QKeySequence(Qt.Key.Key_F14), QKeySequence(Qt.Key.Key_Undo)]
    )
    quit_ = edit.addAction("&Quit")
    quit_.setShortcuts([QKeySequence("Ctrl+Q"), QKeySequence(Qt.Key.Key_Exit)])
    rows = shortcut_rows(bar)
    assert rows[:2] == [("Ctrl+Z", "Edit: Undo"), ("Ctrl+Q", "Edit: Quit")]


def test_edit_on_a_bundled_creature_says_a_copy_of_it_is_made(library: LibraryPanel) -> None:
    panel = library
    panel.search.setText("Goblin Warrior")
    panel.list_view.setCurrentIndex(panel.proxy.index(0, 0))
    entry = panel.selected_entry()
    assert entry is not None
    editor = panel.editor(entry)  # Edit… on a bundled creature
    assert editor.windowTitle() == (
        "New Creature from Goblin Warrior (the bundled one stays as it is)"
    )
    assert editor.name.text() == "Goblin Warrior"
    editor.reject()
    assert panel.editor().windowTitle() == "New Creature"  # New…


def test_ready_without_a_trigger_asks_for_one(qtbot: QtBot, window: MainWindow) -> None:
    session = start_fight(window)  # Brakka's turn
    panel = window.actions_panel
    seen: list[tuple[bool, str]] = []

    def fill_in() -> None:
        dialog = window.findChild(ReadyDialog)
        assert dialog is not None
        box = dialog.findChild(QDialogButtonBox)
        assert box is not None
        ok = box.button(QDialogButtonBox.StandardButton.Ok)
        ok.click()  # no trigger typed
        seen.append((dialog.isVisible(), dialog.error.text()))
        dialog.trigger.setText("a goblin comes within reach")
        ok.click()

    QTimer.singleShot(0, fill_in)
    panel.action_buttons.buttons["ready"].click()  # Ready…
    assert seen == [(True, "Say what triggers it: the readied action waits for it (000 'Ready').")]
    readied = session.encounter.combat.find("brakka")
    assert readied is not None
    assert readied.readied is not None
    assert readied.readied.trigger == "a goblin comes within reach"


def test_the_table_die_dialog_says_its_second_button_lets_the_app_roll(
    window: MainWindow,
) -> None:
    seen: list[list[str]] = []

    def answer() -> None:
        dialog = window.findChild(QInputDialog)
        assert dialog is not None
        seen.append(sorted(b.text() for b in dialog.findChildren(QPushButton)))
        dialog.reject()  # the second button

    QTimer.singleShot(0, answer)
    assert ask_d20_dialog(window, "Initiative d20 for Brakka:") is None
    assert seen == [["Let the app roll", "Use this roll"]]


def test_undoing_a_push_left_where_it_was_asks_for_it_again_in_a_sentence(
    qtbot: QtBot, window: MainWindow
) -> None:
    session, _ = goblin_beside_brakka(window)
    result = session.use_power("brakka", "Tide of Iron", ["goblin-1"], dice=[19, 4])
    assert result.ok, result.reason  # 000 "Push": the hit owes a push of 1
    qtbot.wait(20)  # the map offers the squares
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)  # leave it where it is
    window.undo_action.trigger()
    qtbot.wait(20)
    assert window.statusBar().currentMessage() == (
        "Push Goblin Warrior 1 up to 1 square: click where it ends (Esc: leave it)"
    )


def test_ok_in_map_grid_keeps_a_map_larger_than_200_squares(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from orcus_desktop.ui.map.grid_dialog import GridDialog

    assert window.rulesets.new_encounter("orcus", 300, 250)  # File > New allows 1,000
    shown: list[tuple[int, int]] = []

    def press_ok(dialog: GridDialog) -> int:  # the GM only looks, then presses OK
        shown.append((dialog.columns.value(), dialog.rows.value()))
        return int(GridDialog.DialogCode.Accepted.value)

    monkeypatch.setattr(GridDialog, "exec", press_ok)
    window.grid_action.trigger()  # View > Map Grid…
    assert shown == [(300, 250)]
    assert tuple(window.encounter.grid) == (300, 250)
    assert window.undo_action.text() == "&Undo"  # nothing changed, nothing to undo
