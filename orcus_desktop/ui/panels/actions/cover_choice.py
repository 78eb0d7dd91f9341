"""The Actions panel's "Take the hit?" box: 004's covering creature's choice (004 l.760).

When an attack missed only because a creature in the way gave cover, and that creature's own
defense was missed too, the original target is struck "as he or she dodges out of the way.
Note: The covering character can choose to take the hit." (004-27, docs/rulings.md R-154).
The hit waits; the box names it and offers "takes the hit" and "lets it pass" for each
covering creature. Each is one session call (one undo step); the box hides when nothing waits.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtWidgets import QGroupBox, QLabel, QPushButton, QVBoxLayout, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import waiting_decisions
from orcus_desktop.controller.turns.waiting_decisions import COVER, Decision
from orcus_desktop.controller.variants.alloy_heroes import cover_choices
from orcus_desktop.ui.panels.common import name_of


class CoverChoiceBox(QGroupBox):
    """The box of hits a covering creature may take, hidden when none waits.

    Attributes:
        take: the "takes the hit" button of each covering creature, by its id.
        let_pass: the "lets it pass" button of each covering creature, by its id.
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__("Take the hit? (004 cover)", parent)
        self.setObjectName("coverChoiceBox")
        self._session = session
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(4, 4, 4, 4)
        self._key: tuple[Decision, ...] = ()
        self.take: dict[str, QPushButton] = {}
        self.let_pass: dict[str, QPushButton] = {}
        self.setVisible(False)

    def fill(self) -> None:
        """One line and two buttons per hit waiting for its covering creature's word."""
        session = self._session
        key = tuple(d for d in session.ask(waiting_decisions.decisions) if d.kind == COVER)
        if key == self._key:
            return
        self._key = key
        while self._layout.count():
            taken = self._layout.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.deleteLater()
        self.take, self.let_pass = {}, {}
        for decision in key:
            coverer = str(decision.creature)
            label = QLabel(decision.text, self)
            label.setWordWrap(True)
            self._layout.addWidget(label)
            take = QPushButton(f"{name_of(session, coverer)} takes the hit", self)
            take.setObjectName("take_hit_button")
            take.clicked.connect(partial(self._answer, coverer, True))
            target = name_of(session, decision.about) if decision.about else "the target"
            let_pass = QPushButton(f"Let it pass: {target} is struck", self)
            let_pass.setObjectName("let_hit_pass_button")
            let_pass.clicked.connect(partial(self._answer, coverer, False))
            self._layout.addWidget(take)
            self._layout.addWidget(let_pass)
            self.take[coverer], self.let_pass[coverer] = take, let_pass
        self.setVisible(bool(key))

    def _answer(self, coverer_id: str, take: bool) -> None:
        self._session.by(self).run(cover_choices.answer, coverer_id, take=take)
