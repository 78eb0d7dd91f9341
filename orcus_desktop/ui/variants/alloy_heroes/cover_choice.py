"""The Actions panel's "Take the hit?" box: 004's covering creature's choice (004 l.760).

When an attack missed only because a creature in the way gave cover, and that creature's own
defense was missed too, the original target is struck "as he or she dodges out of the way.
Note: The covering character can choose to take the hit." (004-27, docs/rulings.md R-154).
The hit waits; the box names it and offers "takes the hit" and "lets it pass" for each
covering creature. Each is one session call (one undo step); the box hides when nothing waits.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Final

from PySide6.QtWidgets import QPushButton, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import waiting_decisions
from orcus_desktop.controller.turns.waiting_decisions import COVER, Decision
from orcus_desktop.controller.variants.alloy_heroes import cover_choices
from orcus_desktop.ui.panels.actions.decision_box import DecisionBox
from orcus_desktop.ui.panels.common import name_of
from orcus_desktop.ui.plugins import Answer, PromptAnswers


class CoverChoiceBox(DecisionBox):
    """The box of hits a covering creature may take, hidden when none waits.

    Attributes:
        take: the "takes the hit" button of each covering creature, by its id.
        let_pass: the "lets it pass" button of each covering creature, by its id.
    """

    BOX_TITLE = "Take the hit? (004 cover)"
    BOX_NAME = "coverChoiceBox"

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.take: dict[str, QPushButton] = {}
        self.let_pass: dict[str, QPushButton] = {}

    def _waiting(self) -> Sequence[object]:
        return tuple(d for d in self._session.ask(waiting_decisions.decisions) if d.kind == COVER)

    def _clear(self) -> None:
        self.take, self.let_pass = {}, {}

    def _add_rows(self, waiting: Sequence[object]) -> None:
        session = self._session
        for decision in waiting:
            assert isinstance(decision, Decision)
            coverer = str(decision.creature)
            self._label(decision.text)
            target = name_of(session, decision.about) if decision.about else "the target"
            self.take[coverer] = self._button(
                f"{name_of(session, coverer)} takes the hit",
                "take_hit_button",
                partial(self._answer, coverer, True),
            )
            self.let_pass[coverer] = self._button(
                f"Let it pass: {target} is struck",
                "let_hit_pass_button",
                partial(self._answer, coverer, False),
            )

    def _answer(self, coverer_id: str, take: bool) -> None:
        self._session.by(self).run(cover_choices.answer, coverer_id, take=take)


# -- the map's prompt (ui/map/reaction_prompt.py) ---------------------------------------------


def _prompt_answers(session: GameSession, decision: Decision) -> list[Answer]:
    target = name_of(session, decision.about) if decision.about is not None else "the target"
    return [
        ("take", "Take the hit (Enter)", "The covering creature is struck instead"),
        ("pass", "Let it pass (Esc)", f"It dodges: {target} is struck"),
    ]


def _prompt_answer(
    session: GameSession, initiator: object, decision: Decision, answer: str
) -> None:
    session.by(initiator).run(cover_choices.answer, str(decision.creature), take=answer == "take")


COVER_PROMPT: Final = PromptAnswers(COVER, _prompt_answers, _prompt_answer, enter_takes=True)
"""The map's prompt for a covering creature's choice (004 l.760): Enter takes the hit."""
