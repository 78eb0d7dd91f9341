"""The GM's first ten minutes with the real window (File > New, the library, the tracker).

Each test is a thing a GM met while running a fight at the table:
what the GM does, then what the GM sees.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.panels.initiative_model import Column
from orcus_desktop.ui.panels.library_panel import LibraryPanel
from orcus_desktop.vocabulary import MoveMode

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    """The GM's window on the demo, shown at the size of a laptop's screen."""
    win = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(win)
    win.resize(1440, 900)
    win.show()
    qtbot.wait_exposed(win)
    return win


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
    session = window.session
    order: dict[str, int] = {c.id: 30 - i for i, c in enumerate(session.encounter.creatures)}
    assert session.roll_initiative(totals=order).ok
    assert session.start_combat().ok
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
    session = window.session
    order: dict[str, int] = {c.id: 30 - i for i, c in enumerate(session.encounter.creatures)}
    assert session.roll_initiative(totals=order).ok
    assert session.start_combat().ok
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
