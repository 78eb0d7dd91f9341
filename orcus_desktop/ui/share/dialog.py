"""The sharing dialog: the players' address as text and as a QR code, and the GM's choices.

Shown when sharing starts (Window > Share with Players) and again from Window > Players'
Address and QR Code…. The GM may pick the network it is shared on (a new address and key),
let each device pick a hero, or stop sharing.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import segno
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.ui.share.addresses import LOOPBACK, address_choices

if TYPE_CHECKING:  # control.py opens this dialog: a run-time import back would be a cycle
    from orcus_desktop.ui.share.control import ShareControl

QR_SCALE = 6


def qr_pixmap(text: str) -> QPixmap:
    """`text` as a QR code a phone's camera reads from across the table."""
    png = io.BytesIO()
    segno.make(text, error="m").save(png, kind="png", scale=QR_SCALE, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(png.getvalue(), "PNG")
    return pixmap


class ShareDialog(QDialog):
    """Where the players point their browsers, and how the GM shares.

    Args:
        control: the sharing it shows and steers.
        parent: the GM's window.
    """

    def __init__(self, control: ShareControl, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Share with Players")
        self._control = control
        self.qr = QLabel(self)
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.address = QLabel(self)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.address.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.network = QComboBox(self)
        for choice in address_choices():
            self.network.addItem(choice.label, choice.address)
        self.network.activated.connect(self._on_network_picked)
        self.heroes = QCheckBox(control.heroes_action.text().replace("&", ""), self)
        self.heroes.setChecked(control.heroes_action.isChecked())
        self.heroes.toggled.connect(control.heroes_action.setChecked)
        control.heroes_action.toggled.connect(self.heroes.setChecked)
        self.error = QLabel(self)
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Network:", self.network)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        copy = QPushButton("&Copy Address", self)
        copy.clicked.connect(self._copy)
        stop = QPushButton("&Stop Sharing", self)
        stop.clicked.connect(self._stop)
        buttons.addButton(copy, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(stop, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Players scan the code or open the address in a browser on this network. They see "
            "the Player view, nothing else, and can change nothing.",
            self,
        )
        intro.setWordWrap(True)
        for widget in (intro, self.qr, self.address, self.note):
            layout.addWidget(widget)
        layout.addLayout(form)
        layout.addWidget(self.heroes)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        control.started.connect(self.refresh)
        control.stopped.connect(self.close)
        self.refresh()

    def refresh(self, *_args: object) -> None:
        server = self._control.server
        if server is None:
            return
        self.qr.setPixmap(qr_pixmap(server.url))
        self.address.setText(server.url)
        index = self.network.findData(server.host)
        if index >= 0:
            self.network.setCurrentIndex(index)
        self.note.setText(
            "Only this computer can open it: pick the local network below for the players' "
            "devices."
            if server.host == LOOPBACK
            else "A new address (and key) each time sharing starts: an old one opens nothing."
        )

    def _on_network_picked(self, index: int) -> None:
        address = str(self.network.itemData(index))
        server = self._control.server
        if server is not None and server.host == address:
            return
        self.error.clear()
        try:
            self._control.start(address)
        except OSError as exc:
            self.error.setText(f"Cannot share on {address}: {exc}")

    def _copy(self) -> None:
        server = self._control.server
        if server is not None:
            QGuiApplication.clipboard().setText(server.url)

    def _stop(self) -> None:
        self._control.stop()
        self.close()
