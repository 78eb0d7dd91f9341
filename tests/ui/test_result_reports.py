"""Every operation's result is told to the GM once, where the GM asked (issue 10, item 5).

The window's one `ResultReporter` reads `GameSession.operation_done`: a refusal goes to the
panel that asked, or to the status bar when a tool, a drop or the window asked; a success is
one status line.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.tools.library_drop import LibraryEntry
from orcus_desktop.geometry.grid import Size, Square
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.panels.palette import entry_to_mime
from orcus_desktop.ui.status_report import one_line
from orcus_desktop.vocabulary import MoveMode
from tests.ui.test_map_scene import send_drop, view_point
from tests.ui.test_targeting import accept_dialog, activate, at, window

__all__ = ["window"]  # the demo encounter's window, shown, map centred (test_targeting)

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def refusals(window: MainWindow) -> Iterator[list[OperationResult]]:
    """The session's refused results, in order."""
    seen: list[OperationResult] = []

    def keep(result: OperationResult, _initiator: object) -> None:
        if not result.ok:
            seen.append(result)

    window.session.operation_done.connect(keep)
    yield seen
    window.session.operation_done.disconnect(keep)


@pytest.fixture
def shown(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line put in the window's status bar (each call, repeats included)."""
    lines: list[str] = []
    bar = window.statusBar()
    real = bar.showMessage

    def show(text: str, ms: int = 0) -> None:
        lines.append(text)
        real(text, ms)

    monkeypatch.setattr(bar, "showMessage", show)
    return lines


def test_a_refused_action_from_the_actions_panel_shows_its_reason_there(
    window: MainWindow, refusals: list[OperationResult], shown: list[str]
) -> None:
    window.scene.select_creature("brakka")
    panel = window.actions_panel
    stand_up = panel.buttons["stand_up"]
    assert not stand_up.isEnabled()  # Brakka is not prone: the panel knows why
    stand_up.setEnabled(True)  # pressed anyway: the session refuses
    stand_up.click()
    assert [r.operation for r in refusals] == ["stand_up"]
    reason = refusals[0].reason
    assert panel.message.text() == reason
    assert not [line for line in shown if reason in line]


def test_a_refused_map_drop_shows_its_reason_in_the_status_bar(
    window: MainWindow, refusals: list[OperationResult]
) -> None:
    brakka = window.encounter.creature("brakka").square
    mime = entry_to_mime(LibraryEntry("Rat", "monsters", Size.MEDIUM, 6))
    view = window.view
    assert send_drop(view, mime, view_point(view, brakka.col + 0.5, brakka.row + 0.5))
    assert [r.operation for r in refusals] == ["place_creature"]
    assert window.statusBar().currentMessage() == f"Refused: {refusals[0].reason}"
    assert window.actions_panel.message.text() == ""


def test_a_refused_tool_action_shows_its_reason_in_the_status_bar(
    qtbot: QtBot, window: MainWindow, refusals: list[OperationResult]
) -> None:
    window.activate_tool("select")
    goblin = window.encounter.creature("goblin-1").square
    brakka = window.encounter.creature("brakka").square
    view = window.view
    viewport = view.viewport()
    start = at(view, brakka.col + 0.5, brakka.row + 0.5)
    end = at(view, goblin.col + 0.5, goblin.row + 0.5)  # an enemy's square
    window.toolbar.gm_move_action.setChecked(True)  # a GM move: only the square is checked
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    assert window.encounter.creature("brakka").square == brakka
    message = window.statusBar().currentMessage()
    assert message.startswith("Refused: ")
    assert [r.operation for r in refusals] == ["move_creature"]
    assert message == f"Refused: {refusals[0].reason}"
    assert window.actions_panel.message.text() == ""


def test_an_attacks_result_is_shown_once_on_one_line(
    qtbot: QtBot, window: MainWindow, shown: list[str]
) -> None:
    session = window.session
    assert session.move_creature("brakka", Square(9, 4), MoveMode.GM).ok
    activate(qtbot, window, "brakka", "Tide of Iron")
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, 10.5, 4.5))
    shown.clear()
    accept_dialog(qtbot, window, "15 6")
    attack_lines = [line for line in shown if "Tide of Iron" in line]
    assert len(attack_lines) == 1, shown
    assert "\n" not in attack_lines[0]
    assert "click where it ends" in attack_lines[0]  # the push the hit owes, said with it


def test_a_multi_line_text_becomes_one_status_line() -> None:
    assert one_line("Brakka hits Goblin 1\n  Brakka misses Goblin 2\n") == (
        "Brakka hits Goblin 1; Brakka misses Goblin 2"
    )
