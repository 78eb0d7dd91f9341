"""The base of the Actions panel's boxes that wait for the GM's word on a held step.

A variant's decision (001's "Against Who?", 004's covering creature's choice) shows as one
box above the list of actions, whoever is shown: what waits, and one button per answer, each
one session call (one undo step). The box is rebuilt only when what waits changes, and hides
when nothing does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from PySide6.QtWidgets import QGroupBox, QLabel, QPushButton, QVBoxLayout, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.ui.panels.common import clear_layout
from orcus_desktop.ui.plugins import PanelContext, PanelPart


class DecisionBox(QGroupBox):
    """A box of answers to what waits now; subclasses say what waits and its rows."""

    BOX_TITLE: ClassVar[str]
    BOX_NAME: ClassVar[str]
    """The box's title and object name."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(self.BOX_TITLE, parent)
        self.setObjectName(self.BOX_NAME)
        self._session = session
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(4, 4, 4, 4)
        self._key: Sequence[object] = ()
        self.setVisible(False)

    @classmethod
    def panel_part(cls, context: PanelContext) -> PanelPart:
        """The box built into the Actions panel (a variant's `PanelBox.build`)."""
        box = cls(context.session, context.parent)
        return PanelPart(box, lambda _shown: box.fill())

    def fill(self) -> None:
        """The rows of what waits now; hidden when nothing does."""
        key = self._waiting()
        if key == self._key:
            return
        self._key = key
        clear_layout(self._layout)
        self._clear()
        if key:
            self._add_rows(key)
        self.setVisible(bool(key))

    def _waiting(self) -> Sequence[object]:
        """What waits for the GM's word now (empty: nothing); the box refills when it changes."""
        raise NotImplementedError

    def _clear(self) -> None:
        """Forgets the buttons of the rows just taken out."""
        raise NotImplementedError

    def _add_rows(self, waiting: Sequence[object]) -> None:
        """Adds the rows of `waiting` (`_label`, `_button`)."""
        raise NotImplementedError

    def _label(self, text: str) -> None:
        label = QLabel(text, self)
        label.setWordWrap(True)
        self._layout.addWidget(label)

    def _button(
        self, text: str, name: str, clicked: Callable[[], object], tip: str = ""
    ) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setToolTip(tip)
        button.clicked.connect(clicked)
        self._layout.addWidget(button)
        return button
