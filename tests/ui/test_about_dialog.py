"""Help > About (issue 19): the version from pyproject.toml and the licences of what ships.

Also the macOS open-document event: a double-clicked encounter reaches the running app as a
`QFileOpenEvent` (packaging/macos/Info.plist declares the file type), and opens like File > Open.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFileOpenEvent
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.about_dialog import AboutDialog, bundled_libraries
from orcus_desktop.ui.file_open_events import FileOpenEvents
from orcus_desktop.ui.main_window import MainWindow
from tests.installers.conftest import project_version, runtime_dependencies

pytestmark = [
    pytest.mark.gui,
    # Offscreen Qt says this about every dialog it shows; it is the plugin's, not the app's.
    pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints"),
]


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(win)
    return win


def _about(window: MainWindow, qtbot: QtBot) -> AboutDialog:
    window.about_action.trigger()
    dialog = window.findChild(AboutDialog)
    assert dialog is not None
    qtbot.add_widget(dialog)
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def test_help_about_shows_the_pyproject_version(window: MainWindow, qtbot: QtBot) -> None:
    text = _about(window, qtbot).text.toPlainText()
    assert f"Orcus Desktop {project_version()}" in text


def test_help_about_lists_every_runtime_dependency_with_its_licence(
    window: MainWindow, qtbot: QtBot
) -> None:
    text = _about(window, qtbot).text.toPlainText()
    listed = {re.sub(r"[-_.]+", "-", lib.name).lower(): lib for lib in bundled_libraries()}
    assert set(runtime_dependencies()) <= set(listed)
    for lib in listed.values():
        assert lib.name in text
        assert lib.licence in text
    # What the installers ship and owe the user: Qt under the LGPL with its source offered,
    # numpy's dependencies found through the metadata too, the native GEOS inside shapely.
    assert "LGPL-3.0" in listed["pyside6-essentials"].licence
    assert "LGPL-3.0" in listed["shiboken6"].licence
    assert "Lesser General Public License" in text
    assert "numpy" in listed
    assert any("GEOS" in native for native in listed["shapely"].bundles)
    # The dev tools are an extra, not shipped.
    assert "pytest" not in listed
    assert "pyinstaller" not in listed


def test_an_open_document_event_opens_the_encounter(window: MainWindow, tmp_path: Path) -> None:
    encounter_file = tmp_path / "cave.orcus"
    shutil.copy(demo_encounter_path(), encounter_file)
    events = FileOpenEvents(window.files)
    try:
        app = QCoreApplication.instance()
        assert app is not None
        QCoreApplication.sendEvent(app, QFileOpenEvent(str(encounter_file)))
        assert window.files.path == encounter_file
    finally:
        events.deleteLater()
