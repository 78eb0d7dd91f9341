"""The header button that opens and closes the GM box, its state kept in the app settings (R-237).

On a laptop the open box took most of the Actions dock, leaving the list the GM plays a turn
from two rows. Closed, the box is gone and its button waits on the creature's name line; one
click (or Ctrl+Shift+G) opens it again, and the app remembers the GM's choice. Until the GM
chooses, a window under `TALL_WINDOW` pixels tall opens with it closed, a taller one open.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import QToolButton, QWidget

from orcus_desktop.ui.choice_actions import remember_choice, remembered_choice
from orcus_desktop.ui.panels.actions.gm_box import GmEditsBox
from orcus_desktop.ui.screens import app_settings

GM_EDITS_KEY: Final = "actionsPanel/gmEdits"
TALL_WINDOW: Final = 900
"""A window at least this tall (a 1920x1080 screen's) has room for the box and the list."""
GM_EDITS_SHORTCUT: Final = "Ctrl+Shift+G"


class GmEdits(StrEnum):
    """Whether the GM box is shown (the setting's values)."""

    OPEN = "open"
    CLOSED = "closed"
    UNSET = "unset"  # the GM has not chosen: by the window's height


class GmEditsHeader(QToolButton):
    """The "GM edits ▾" / "GM edits ▸" button that opens and closes a `GmEditsBox`.

    Checked while the box is open. It takes the keyboard focus (Space toggles it) and
    `GM_EDITS_SHORTCUT` from anywhere in the window.

    Args:
        box: the GM box it opens and closes.
        parent: the Qt parent.
    """

    def __init__(self, box: GmEditsBox, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gmEditsHeader")
        self._box = box
        self.setCheckable(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        chosen = remembered_choice(app_settings(), GM_EDITS_KEY, GmEdits.UNSET)
        self._decided = chosen is not GmEdits.UNSET
        self._show_open(chosen is not GmEdits.CLOSED)
        self.toggled.connect(self._on_toggled)

    @property
    def is_open(self) -> bool:
        """Whether the GM box shows."""
        return self.isChecked()

    def set_open(self, open_: bool) -> None:
        """Open or close the box as the GM's choice, remembered for the next run."""
        self.setChecked(open_)
        self._remember(open_)

    def showEvent(self, event: QShowEvent) -> None:
        if not self._decided:
            # Until the GM chooses: open when the window is tall enough.
            self._decided = True
            self._show_open(self.window().height() >= TALL_WINDOW)
        super().showEvent(event)

    def _show_open(self, open_: bool) -> None:
        self.blockSignals(True)
        self.setChecked(open_)
        self.blockSignals(False)
        self.setText(f"GM edits {'▾' if open_ else '▸'}")
        self.setShortcut(QKeySequence(GM_EDITS_SHORTCUT))  # setText dropped it (mnemonics)
        verb = "Hide" if open_ else "Show"
        self.setToolTip(
            f"{verb} the GM's edits: damage, healing, conditions, saves ({GM_EDITS_SHORTCUT})."
        )
        self._box.setVisible(open_)

    def _on_toggled(self, open_: bool) -> None:
        self._show_open(open_)
        self._remember(open_)
        if open_:
            self._box.amount.setFocus()

    def _remember(self, open_: bool) -> None:
        self._decided = True
        remember_choice(app_settings(), GM_EDITS_KEY, GmEdits.OPEN if open_ else GmEdits.CLOSED)
