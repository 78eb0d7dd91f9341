"""A seeded random GM plays the GM's window itself, every ruleset (round three: trust).

The façade's random GM (`tests/controller/test_random_gm.py`) proves every use case; this one
proves the Qt shell around them, with a mouse: menus, dock buttons, the panels' lists, the
map's tools, keys, and every dialog (modal ones answered at random, `random_window_gm.py`).
After every step: no exception escaped a slot or a Qt virtual (pytest-qt's capture), no Qt
warning was printed (`qt_log_level_fail`), and the window's document passes the loader's
invariant and writes and reads back to the same encounter. At the end, undo back to where the
history began restores that document. ORCUS_WINDOW_GM_STEPS, ORCUS_WINDOW_GM_SEEDS and
ORCUS_WINDOW_GM_FIRST_SEED play longer; on a failure the message lists the steps that led to
it, to replay from the seed.
"""

from __future__ import annotations

import faulthandler
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import History
from orcus_desktop.model.invariants import encounter_problems
from orcus_desktop.rules.ruleset import RULESETS
from orcus_desktop.ui.main_window import MainWindow
from tests.controller.random_gm import battle
from tests.controller.test_random_gm import reopened
from tests.ui.random_window_gm import WindowGm, settle

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints",
    "This plugin does not support raise",
    "This plugin does not support grabbing the keyboard",  # a popup menu (More ▾, R-257)
)

STEPS = int(os.environ.get("ORCUS_WINDOW_GM_STEPS", "60"))
STEP_SECONDS = 120
"""A step this long is stuck, not slow (a step takes milliseconds)."""
FIRST_SEED = int(os.environ.get("ORCUS_WINDOW_GM_FIRST_SEED", "0"))
SEEDS = range(FIRST_SEED, FIRST_SEED + int(os.environ.get("ORCUS_WINDOW_GM_SEEDS", "1")))


@pytest.fixture
def closes_what_it_opened(own_data_dir: Path) -> Iterator[None]:
    """Closes every window the random GM opened (the player view, dialogs) after the test;
    autosaves and the library go to the test's own folder (`own_data_dir`)."""
    before = set(QApplication.topLevelWidgets())
    yield
    for widget in QApplication.topLevelWidgets():
        if widget not in before and widget.isVisible():
            widget.close()
    settle()


def _window(qtbot: QtBot, ruleset_id: str, seed: int) -> MainWindow:
    document = Document(battle(ruleset_id))
    session = GameSession(document, History(document, limit=100_000), random.Random(seed))
    window = MainWindow(session.encounter, None, session)
    qtbot.add_widget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.wait_exposed(window)
    return window


def _problem(encounter: Encounter) -> str:
    found = list(encounter_problems(encounter))
    if found:
        return f"the document breaks the file's invariant: {found}"
    if reopened(encounter) != encounter:
        return "the document does not write and read back the same"
    return ""


def play(qtbot: QtBot, gm: WindowGm, steps: int) -> str:
    """Play `steps` random steps; the first failure with the steps that led to it, or ""."""
    window = gm.window
    base = window.encounter
    for number in range(steps):
        # a step that blocks (a modal loop left unanswered) ends the run with every stack
        faulthandler.dump_traceback_later(STEP_SECONDS, exit=True)
        escaped: Exception | None = None
        with qtbot.capture_exceptions() as raised:
            try:
                did = gm.step()
            except Exception as error:  # a slot's error PySide raised out of a QTest event
                did, escaped = "a step that raised", error
        faulthandler.cancel_dump_traceback_later()
        error_seen = raised[0][1] if raised else escaped
        problem = f"raised {error_seen!r}" if error_seen else _problem(window.encounter)
        if problem:
            trail = "\n".join(f"  {n}: {line}" for n, line in list(enumerate(gm.said))[-12:])
            return f"step {number} ({did}) {problem}; the steps before:\n{trail}"
        if not window.session.history.can_undo:
            base = window.encounter  # a file opened or a new map: a fresh history starts here
    while window.session.history.can_undo:
        window.session.undo()
    return "" if window.encounter == base else "undo back to the start left another document"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_a_random_gm_at_the_window_meets_no_error(
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    closes_what_it_opened: None,
    ruleset_id: str,
    seed: int,
) -> None:
    window = _window(qtbot, ruleset_id, seed)
    gm = WindowGm(qtbot, window, random.Random(f"{ruleset_id}/{seed}"), tmp_path)
    gm.answer_everything(monkeypatch)
    assert play(qtbot, gm, STEPS) == ""


def test_the_window_gm_reports_an_error_raised_in_a_slot(
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    closes_what_it_opened: None,
) -> None:
    """The harness itself: a slot that raises, after any operation, fails the run by name."""
    window = _window(qtbot, "orcus", 0)
    gm = WindowGm(qtbot, window, random.Random("orcus/0"), tmp_path)
    gm.answer_everything(monkeypatch)

    def broken(*_args: object) -> None:
        raise RuntimeError("a broken slot")

    window.session.operation_done.connect(broken)
    failure = play(qtbot, gm, 200)
    assert "a broken slot" in failure
    assert "the steps before:" in failure
