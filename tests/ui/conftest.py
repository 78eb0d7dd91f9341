"""UI tests: every test here needs a QApplication and is marked `gui`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from orcus_desktop.controller.session import GameSession
from orcus_desktop.ui.gui_thread_gc import collect_in_gui_thread
from orcus_desktop.ui.status_report import ResultReporter


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/ui/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True)
def no_leaked_windows(qapp: QApplication) -> Iterator[None]:
    """Leak guard (napari's make_napari_viewer): a test closes every window it opens.

    Also makes the app's garbage collection in the GUI thread (`ui.gui_thread_gc`), as app.py.
    """
    collect_in_gui_thread(qapp)
    before = set(QApplication.topLevelWidgets())
    yield
    QApplication.processEvents()
    leaked = [w for w in QApplication.topLevelWidgets() if w not in before and w.isVisible()]
    for widget in leaked:
        widget.close()
    assert not leaked, f"windows left open: {leaked}"


@pytest.fixture(autouse=True)
def own_settings(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every test's app settings (`ui.screens.app_settings`) in a fresh folder, never the GM's."""
    folder = tmp_path_factory.mktemp("settings")
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    return folder


@pytest.fixture(autouse=True)
def own_art_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Every test's art cache (R-262) in a fresh folder, never the GM's."""
    folder = tmp_path_factory.mktemp("art-cache")
    monkeypatch.setenv("ORCUS_DESKTOP_ART_CACHE", str(folder))
    return folder


@pytest.fixture
def own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The app's data folder (the creature library, autosaves) in the test's own folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("ORCUS_DESKTOP_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def status_lines(session: GameSession) -> Iterator[list[str]]:
    """The status lines a window would show for `session` (a panel tested without a window).

    The window's one `ResultReporter`: a refusal goes to the panel that asked, the rest here.
    """
    lines: list[str] = []
    reporter = ResultReporter(session, lambda text, _ms: lines.append(text))
    yield lines
    reporter.detach()
