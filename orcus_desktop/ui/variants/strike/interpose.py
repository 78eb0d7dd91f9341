"""The Actions panel's "Who is the target?" box: 001's "Against Who?" (001-10, 001-29).

When an attack or a charge waits for a creature next to its target to declare itself the
target instead (001 l.136 "can instead declare itself the Target", l.282), the box names the
attack and offers one button per creature that may step in, and one to keep the target the
attacker chose. Each is one session call (one undo step); the box hides when nothing waits.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Final

from PySide6.QtWidgets import QPushButton, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns.waiting_decisions import INTERPOSE, Decision
from orcus_desktop.controller.variants.strike import interposition
from orcus_desktop.controller.variants.strike.interposition import offered
from orcus_desktop.ui.panels.actions.decision_box import DecisionBox
from orcus_desktop.ui.panels.common import name_of
from orcus_desktop.ui.plugins import Answer, PromptAnswers


class InterposeBox(DecisionBox):
    """The offer box, hidden when no attack waits for who is its target.

    Attributes:
        step_in: the "steps in" button of each creature offered, by its id.
        keep: the button that keeps the attacker's target.
    """

    BOX_TITLE = "Who is the target? (001 Against Who?)"
    BOX_NAME = "interposeBox"

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.step_in: dict[str, QPushButton] = {}
        self.keep: QPushButton | None = None

    def _waiting(self) -> Sequence[object]:
        who = offered(self._session.encounter)
        return (self._session.encounter.combat.pending, who) if who else ()

    def _clear(self) -> None:
        self.step_in = {}
        self.keep = None

    def _add_rows(self, waiting: Sequence[object]) -> None:
        session = self._session
        held = session.encounter.combat.pending
        if held is None:
            return
        target = name_of(session, held.targets[0])
        self._label(f"{held.text} on {target}: may another declare itself the target?")
        for creature_id in offered(session.encounter):
            self.step_in[creature_id] = self._button(
                f"{name_of(session, creature_id)} steps in",
                "interpose_button",
                partial(self._interpose, creature_id),
                f"It becomes the target instead of {target} (001 l.136)",
            )
        self.keep = self._button(
            f"Nobody: {target} stays the target",
            "keep_target_button",
            self._keep,
        )

    def _interpose(self, creature_id: str) -> None:
        self._session.by(self).run(interposition.interpose, creature_id)

    def _keep(self) -> None:
        self._session.by(self).run(interposition.keep_target)


# -- the map's prompt (ui/map/reaction_prompt.py) ---------------------------------------------


def _prompt_answers(session: GameSession, decision: Decision) -> list[Answer]:
    name = session.encounter.name_of
    steps = [(f"step_in:{c}", f"{name(c)} steps in", "") for c in decision.choices]
    return [*steps, ("pass", "Keep the target (Esc)", "Nobody steps in")]


def _prompt_answer(
    session: GameSession, initiator: object, decision: Decision, answer: str
) -> None:
    if answer.startswith("step_in:"):
        session.by(initiator).run(interposition.interpose, answer.removeprefix("step_in:"))
    else:
        session.by(initiator).run(interposition.keep_target)


INTERPOSE_PROMPT: Final = PromptAnswers(INTERPOSE, _prompt_answers, _prompt_answer)
"""The map's prompt for "Against Who?": one button per creature that may step in; Esc keeps."""
