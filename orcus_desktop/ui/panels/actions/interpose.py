"""The Actions panel's "Who is the target?" box: 001's "Against Who?" (001-10, 001-29).

When an attack or a charge waits for a creature next to its target to declare itself the
target instead (001 l.136 "can instead declare itself the Target", l.282), the box names the
attack and offers one button per creature that may step in, and one to keep the target the
attacker chose. Each is one session call (one undo step); the box hides when nothing waits.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtWidgets import QGroupBox, QLabel, QPushButton, QVBoxLayout, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.strike import interposition
from orcus_desktop.controller.variants.strike.interposition import offered
from orcus_desktop.ui.panels.common import name_of


class InterposeBox(QGroupBox):
    """The offer box, hidden when no attack waits for who is its target.

    Attributes:
        step_in: the "steps in" button of each creature offered, by its id.
        keep: the button that keeps the attacker's target.
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__("Who is the target? (001 Against Who?)", parent)
        self.setObjectName("interposeBox")
        self._session = session
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(4, 4, 4, 4)
        self._key: tuple[object, ...] = ()
        self.step_in: dict[str, QPushButton] = {}
        self.keep: QPushButton | None = None
        self.setVisible(False)

    def fill(self) -> None:
        """One button per creature that may step in now, and one to keep the target."""
        session = self._session
        held = session.encounter.combat.pending
        who = offered(session.encounter)
        key: tuple[object, ...] = (held, who) if who else ()
        if key == self._key:
            return
        self._key = key
        while self._layout.count():
            taken = self._layout.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.deleteLater()
        self.step_in = {}
        self.keep = None
        if held is None or not who:
            self.setVisible(False)
            return
        target = name_of(session, held.targets[0])
        label = QLabel(f"{held.text} on {target}: may another declare itself the target?", self)
        label.setWordWrap(True)
        self._layout.addWidget(label)
        for creature_id in who:
            button = QPushButton(f"{name_of(session, creature_id)} steps in", self)
            button.setObjectName("interpose_button")
            button.setToolTip(f"It becomes the target instead of {target} (001 l.136)")
            button.clicked.connect(partial(self._interpose, creature_id))
            self._layout.addWidget(button)
            self.step_in[creature_id] = button
        keep = QPushButton(f"Nobody: {target} stays the target", self)
        keep.setObjectName("keep_target_button")
        keep.clicked.connect(lambda: session.by(self).run(interposition.keep_target))
        self._layout.addWidget(keep)
        self.keep = keep
        self.setVisible(True)

    def _interpose(self, creature_id: str) -> None:
        self._session.by(self).run(interposition.interpose, creature_id)
