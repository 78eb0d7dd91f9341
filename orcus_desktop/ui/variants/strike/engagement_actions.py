"""Combat > Engage, Withdraw, Block, Dodge and Dispel: 001's actions by hand.

Under a ruleset with engagement (001, `strike`), a Strike! engages by itself
(controller/variants/strike/strike_reactions.py); these two menu items are the rest: Close
(001-30, 001 l.286 "you do become Engaged With it") for the creature whose turn it is, against
the creature selected on the map, and the Withdraw action (001-31, l.346) for the creature the
Actions panel
shows; Block, Dodge and Dispel (001-28, l.276-298) for that creature too, and Hide (001-15,
l.304-308: the d20 rolled at the table is asked, Cancel lets the app roll) and Crouch (001-12,
l.146). Each is one session call (one undo step); a refusal is said in the status bar. Under
another ruleset all are disabled.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.strike import engagement, strike_states, withdrawing
from orcus_desktop.controller.variants.strike.engagement import Guard, keeps_engagement
from orcus_desktop.controller.variants.strike.strike_states import has_states
from orcus_desktop.ui.panels.common import AskDie, ask_d20_dialog
from orcus_desktop.ui.shown_creature_actions import Item, ShownCreatureActions, offer

ENGAGE = Item(
    "&Engage the Selected Creature (Close)",
    "engage_action",
    "001 Close: the creature whose turn it is becomes Engaged With the selected one",
)
WITHDRAW = Item(
    "&Withdraw", "withdraw_action", "001 Withdraw: end every engagement of the shown creature"
)
HIDE = Item(
    "&Hide…",
    "hide_action",
    "001 Hide: a -1 Stealth check against the enemies' best passive Perception",
)
CROUCH = Item(
    "&Crouch Behind Cover",
    "crouch_action",
    "001 Crouch: one level more cover against every attack until it moves or acts",
)


def _guard_item(kind: Guard) -> Item:
    """Block, Dodge or Dispel: +1 to its defense until the creature's next turn."""
    return Item(
        f"{kind.label} (+1 {kind.defense.label})",
        f"{kind.value}_action",
        f"001 {kind.label}: +1 to {kind.defense.label} until its next turn",
    )


class EngagementActions(ShownCreatureActions):
    """The two engagement items of one window's Combat menu.

    Args:
        window: the owner of the actions.
        session: the session to drive.
        shown: the creature the Actions panel shows (Withdraw's creature), or None.
        selected: the creature selected on the map (Close's target), or None.
        say: shows a line to the GM.
        menu: the Combat menu they are added to.
    """

    def __init__(
        self,
        window: QMainWindow,
        session: GameSession,
        shown: Callable[[], str | None],
        selected: Callable[[], str | None],
        say: Callable[[str], None],
        menu: QMenu,
    ) -> None:
        self._selected = selected
        self.ask_die: AskDie = ask_d20_dialog
        menu.addSeparator()
        super().__init__(window, session, shown, say, menu)

    def _make_actions(self, window: QMainWindow) -> list[QAction]:
        self.engage_action = ENGAGE.action(window, self.engage_selected)
        self.withdraw_action = WITHDRAW.action(window, self.withdraw_shown)
        self.guard_actions: dict[Guard, QAction] = {
            kind: _guard_item(kind).action(window, partial(self.guard_shown, kind))
            for kind in Guard
        }
        self.hide_action = HIDE.action(window, self.hide_shown)
        self.crouch_action = CROUCH.action(window, self.crouch_shown)
        return [
            self.engage_action,
            self.withdraw_action,
            *self.guard_actions.values(),
            self.hide_action,
            self.crouch_action,
        ]

    def refresh(self) -> None:
        """Shown only under a ruleset with engagement, or with Hide and Crouch (001)."""
        on = keeps_engagement(self._session.ruleset)
        for act in (self.engage_action, self.withdraw_action, *self.guard_actions.values()):
            offer(act, on)
        states = has_states(self._session.ruleset)
        offer(self.hide_action, states)
        offer(self.crouch_action, states)

    def engage_selected(self) -> None:
        combat = self._session.encounter.combat
        engager = combat.current if combat.active else None
        target = self._selected()
        if engager is None:
            self._say("Refused: Close is taken on a creature's turn; no combat turn is running")
        elif target is None or target == engager:
            self._say("Select on the map the creature to engage, then choose Engage again")
        else:
            self._session.by(self).run(engagement.engage, engager, target)

    def withdraw_shown(self) -> None:
        creature_id = self._subject("Refused: select the creature that withdraws")
        if creature_id is not None:
            self._session.by(self).run(withdrawing.withdraw, creature_id)

    def guard_shown(self, kind: Guard) -> None:
        """The shown creature (else whose turn it is) takes Block, Dodge or Dispel."""
        creature_id = self._subject(f"Refused: select the creature that takes {kind.label}")
        if creature_id is not None:
            self._session.by(self).run(engagement.guard, creature_id, kind)

    def hide_shown(self) -> None:
        """The shown creature (else whose turn it is) tries to hide (001-15)."""
        creature_id = self._subject("Refused: select the creature that hides")
        if creature_id is None:
            return
        name = self._session.encounter.name_of(creature_id)
        die = self.ask_die(self._window, f"{name}'s Stealth d20 (Cancel: the app rolls)")
        self._session.by(self).run(strike_states.hide, creature_id, die)

    def crouch_shown(self) -> None:
        """The shown creature (else whose turn it is) crouches behind cover (001-12)."""
        creature_id = self._subject("Refused: select the creature that crouches")
        if creature_id is not None:
            self._session.by(self).run(strike_states.crouch, creature_id)
