"""View > Preview as Players: the GM's map area shows the map as the Player view draws it.

Issue 31 item 5: "no way for the GM to check what the players' screen shows without looking at
the TV". The toggle puts a player view (`PlayerWindow`: its own scene built with `gm=False`,
the fog of war, the zones shown, the players' light, the framing and the initiative strip) in
place of the GM's map; toggled off (or Esc in it), the GM's map comes back as it was.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMainWindow, QWidget

from orcus_desktop.ui.map_toolbar import make_action
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.ui.players_look import PlayersLook


class PlayersPreview(QObject):
    """The toggle and the preview it shows in the GM's window.

    Args:
        window: the GM's window (its central widget is the map).
        look: the GM's choices the preview is drawn with, as the Player view is.

    Attributes:
        action: View > Preview as Players (Ctrl+Shift+P), checked while shown.
        preview: the players' map while shown, else None.
    """

    def __init__(self, window: QMainWindow, look: PlayersLook) -> None:
        super().__init__(window)
        self._window = window
        self._look = look
        look.follow(fog=self.set_fog_enabled, grid=self._on_grid_style)
        self._map: QWidget | None = None
        self.preview: PlayerWindow | None = None
        self.action = make_action(window, "&Preview as Players", "Ctrl+Shift+P")
        self.action.setCheckable(True)
        self.action.setToolTip("Your map as the players' screen draws it")
        self.action.toggled.connect(self._on_toggled)

    def _on_grid_style(self, colour: QColor) -> None:
        if self.preview is not None:
            self.preview.scene.copy_grid_style(colour)

    def set_fog_enabled(self, enabled: bool) -> None:
        if self.preview is not None:
            self.preview.set_fog_enabled(enabled)

    def _on_toggled(self, checked: bool) -> None:
        if checked and self.preview is None:
            preview = self._look.player_window()
            preview.setWindowFlags(Qt.WindowType.Widget)  # a part of the GM's window
            preview.closed.connect(lambda: self.action.setChecked(False))
            self._map = self._window.takeCentralWidget()
            self._window.setCentralWidget(preview)
            self.preview = preview
            preview.framing.refresh(animated=False)
        elif not checked and self.preview is not None:
            preview, self.preview = self.preview, None
            taken = self._window.takeCentralWidget()
            if preview.isVisible():
                preview.close()
            preview.deleteLater()
            if taken is not None and taken is not preview:
                taken.deleteLater()
            if self._map is not None:
                self._window.setCentralWidget(self._map)
                self._map.show()
                self._map = None
