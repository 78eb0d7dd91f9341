"""The sharing dialog: the address and its QR code for the players, the GM's choices."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import segno
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.share.addresses import EVERY_INTERFACE, LOOPBACK, address_choices
from orcus_desktop.ui.share.dialog import QR_SCALE, ShareDialog

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise)")


@pytest.fixture
def dialog(qtbot: QtBot) -> Iterator[ShareDialog]:
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.addWidget(window)
    window.sharing.start(LOOPBACK)
    window.sharing.show_dialog()
    found = window.findChild(ShareDialog)
    assert isinstance(found, ShareDialog)
    assert found.isVisible()
    yield found
    window.sharing.stop()
    window.close()


def test_the_dialog_shows_the_address_and_a_qr_code_of_it(dialog: ShareDialog) -> None:
    server = dialog._control.server
    assert server is not None
    assert dialog.address.text() == server.url
    # The code is the address's: as many modules across as segno makes for it, at our scale.
    modules = segno.make(server.url, error="m").symbol_size(scale=QR_SCALE, border=2)
    pixmap = dialog.qr.pixmap()
    assert (pixmap.width(), pixmap.height()) == modules
    assert "this computer" in dialog.note.text()  # shared on 127.0.0.1: said so


def test_the_copy_button_puts_the_address_on_the_clipboard(dialog: ShareDialog) -> None:
    dialog._copy()
    server = dialog._control.server
    assert server is not None
    assert QGuiApplication.clipboard().text() == server.url


def test_every_interface_is_offered_only_by_its_name_and_never_first() -> None:
    choices = address_choices()
    assert choices[-1].address == EVERY_INTERFACE
    assert "every network" in choices[-1].label
    assert choices[0].address != EVERY_INTERFACE


def test_picking_another_network_shares_anew_with_a_new_key(dialog: ShareDialog) -> None:
    control = dialog._control
    old = control.server.url if control.server else ""
    # Tests bind the loopback address only: the GM's pick is played by starting on it anew.
    dialog._on_network_picked(dialog.network.findData(LOOPBACK))
    assert control.server is not None
    assert control.server.url == old  # the same network picked again: nothing changes
    control.start(LOOPBACK)
    assert control.server is not None
    assert control.server.url != old
    assert dialog.address.text() == control.server.url  # the dialog follows


def test_stop_sharing_closes_the_dialog(dialog: ShareDialog) -> None:
    dialog._stop()
    assert dialog._control.server is None
    assert not dialog.isVisible()
    assert not dialog._control.toggle_action.isChecked()
