"""001-06 in the attack dialog: the target may drop prone before the attack is rolled.

001 l.100 "On a creature you can see's turn, you can give yourself the Prone condition ... as
long as you are not incapacitated." Where the GM resolves an attack against a creature, under a
ruleset that has it, each target gets a button; it is enabled when the target may drop now
(else its tooltip says why), and pressing it is one session call (one undo step) before the
attack, whose numbers the dialog then shows again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QPushButton, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.controller.variants.strike import strike_turns
from orcus_desktop.ui.plugins import AttackTargetContext


def drop_prone_offer(offer: AttackTargetContext) -> QPushButton | None:
    """The attack dialog's button for a target that may drop prone first, where 001-06 is."""
    if not offer.rolls or not offer.session.ask(strike_questions.offers_off_turn_drop):
        return None
    return drop_prone_button(offer.session, offer.target_id, offer.parent, offer.after)


def drop_prone_button(
    session: GameSession, target_id: str, parent: QWidget, after: Callable[[str], None]
) -> QPushButton:
    """The target's "drops prone first" button; ``after`` gets "" or the refusal."""
    name = session.encounter.name_of(target_id)
    button = QPushButton(f"{name} drops prone first (001-06)", parent)
    button.setObjectName(f"dropProne_{target_id}")
    # The one "why not": the availability table's answer for 001-06 (issue 30 item 4).
    problem = session.available_actions(target_id).variant("drop_prone_off_turn").reason
    button.setEnabled(not problem)
    button.setToolTip(problem or f"{name} gives itself the Prone condition before the attack")

    def clicked() -> None:
        result = session.by(parent).run(strike_turns.drop_prone_off_turn, target_id)
        if result.ok:
            button.setEnabled(False)
            button.setText(f"{name} dropped prone (001-06)")
        after("" if result.ok else result.reason)

    button.clicked.connect(clicked)
    return button
