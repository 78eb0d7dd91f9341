"""The actions panel's buttons: the actions the session carries out without further choices.

Stand up, drop prone, total defense, action point, rally, escape or release a grapple, an
opportunity attack and its "Let it pass", ready. Each button is one session call (one undo
step) and is disabled, with the session's reason as its tooltip, when the session would
refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Final

from PySide6.QtWidgets import QWidget

from orcus_desktop.controller.actions import combat_actions, grappling, interrupts
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.availability.table import READY_KINDS, AvailableActions, why_not
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.ui.panels.actions.button_box import ShownCreatureButtons
from orcus_desktop.ui.panels.actions.ready import AskReady
from orcus_desktop.ui.panels.common import enable_with_reason, name_of
from orcus_desktop.ui.panels.overflow import ButtonRow

Report = Callable[[OperationResult], None]
"""Shows an operation's outcome (the panel's message line)."""


@dataclass(frozen=True, slots=True)
class _Button:
    """A panel button: its label and the combat action whose answer enables it."""

    label: str
    action: CombatAction
    key: str


# Only actions the session carries out without a target or a square to choose. End turn and
# Delay are the Initiative panel's (one button each: that one asks for the table's save dice).
# The ones a fight calls for most come first: on a laptop the row has room for a few, the
# rest are behind its "More ▾".
_BUTTONS: Final = (
    _Button("Stand up", CombatAction.STAND_UP, "stand_up"),
    _Button("Spend action point", CombatAction.SPEND_ACTION_POINT, "spend_action_point"),
    _Button("Rally", CombatAction.RALLY, "rally"),
    _Button("Total defense", CombatAction.TOTAL_DEFENSE, "total_defense"),
    _Button("Drop prone", CombatAction.DROP_PRONE, "drop_prone"),
    _Button("Escape grapple", CombatAction.ESCAPE_GRAPPLE, "escape_grapple"),
    _Button("Release grapple", CombatAction.RELEASE_GRAPPLE, "release_grapple"),
    _Button("Opportunity attack", CombatAction.OPPORTUNITY_ATTACK, "opportunity_attack"),
    _Button("Ready…", CombatAction.READY, "ready"),
)

_COMBAT_ONLY: Final = frozenset({CombatAction.OPPORTUNITY_ATTACK, CombatAction.READY})
"""Buttons that only mean something in a running combat."""

_TOOLTIPS: Final[dict[CombatAction, str]] = {
    CombatAction.STAND_UP: "Stand up from prone (move action).",
    CombatAction.DROP_PRONE: "Drop prone (free action).",
    CombatAction.TOTAL_DEFENSE: "+{total_defense} to all defenses until the start of its next "
    "turn (standard).",
    CombatAction.SPEND_ACTION_POINT: "One extra action this turn (once per encounter).",
    CombatAction.RALLY: "Spend a recovery and gain +{rally} to defenses (standard, once per "
    "encounter).",
    CombatAction.ESCAPE_GRAPPLE: "Athletics vs Fortitude to escape the grapple (standard).",
    CombatAction.RELEASE_GRAPPLE: "Let go of the creatures it grapples (free action).",
    CombatAction.OPPORTUNITY_ATTACK: "A basic melee attack against the creature that provoked.",
    CombatAction.READY: "Ready an action for a trigger (standard action, 000 'Ready').",
}


class ActionButtons(ShownCreatureButtons):
    """One button per simple action of the creature shown, wrapping in a narrow dock.

    Args:
        session: the game session to drive.
        creature_id: returns the creature shown, or None.
        ask_ready: asks the GM what the creature readies.
        parent: the Qt parent.
        row: the panel's row the buttons go in (`ShownCreatureButtons`), or None.

    Attributes:
        buttons: the buttons by key ("stand_up", ..., "decline_opportunity").
    """

    def __init__(
        self,
        session: GameSession,
        creature_id: Callable[[], str | None],
        ask_ready: AskReady,
        parent: QWidget | None = None,
        row: ButtonRow | None = None,
    ) -> None:
        super().__init__("actionButtons", session, creature_id, parent, row)
        self._ask_ready = ask_ready
        for spec in _BUTTONS:
            self.add_button(spec.key, spec.label, partial(self._on_action, spec.action))
        self.add_button("decline_opportunity", "Let it pass", self._on_decline_opportunity)

    def follow_ruleset(self) -> None:
        """Show only the buttons of actions the encounter's ruleset has.

        001-23..25: no opportunity attacks under Strike! (its strikes are in the offers box);
        as in the Combat menu, the panel has no button for them.
        """
        has_opportunity = self._session.ruleset.hooks.reaction_rules.opportunity_attacks
        for key in ("opportunity_attack", "decline_opportunity"):
            self.offer(key, has_opportunity)
        # 004 l.381 "attack of opportunity": the ruleset's own term on the button.
        named = self._session.ruleset.label("opportunity_attack")
        self.buttons["opportunity_attack"].setText(named[:1].upper() + named[1:])

    def update_for(self, available: AvailableActions) -> None:
        """Enable each button the session would carry out now; the others say why not."""
        session = self._session
        combat = session.encounter.combat
        for spec in _BUTTONS:
            reason = available.option(spec.action).reason
            # The ruleset's figures (003-09 Total Defense +4, 003-51 Second Wind +4).
            tooltip = _TOOLTIPS[spec.action].format(
                total_defense=session.ruleset.total_defense_bonus,
                rally=session.ruleset.rally_defense_bonus,
            )
            if spec.action in _COMBAT_ONLY and not reason and not combat.active:
                # Allowed by the rules outside combat, but these need a running combat: a
                # provoking creature whose turn it is, a place in the initiative.
                reason = "No combat is running."
            if spec.action is CombatAction.OPPORTUNITY_ATTACK and combat.current:
                tooltip = f"A basic melee attack against {name_of(session, combat.current)}."
            enable_with_reason(self.buttons[spec.key], reason, tooltip)
        combatant = combat.find(available.creature_id) if combat.active else None
        offered = combatant is not None and combatant.out_of_turn is ActionKind.OPPORTUNITY
        # docs/rulings.md R-02 (000): it would use the immediate action; 002-05, 003-19 and
        # 004-08 (004 l.383 "Attack of Opportunity: Free Action"): it uses none.
        immediate = session.ruleset.actions.opportunity_uses_immediate
        enable_with_reason(
            self.buttons["decline_opportunity"],
            "" if offered else f"No {session.ruleset.label('opportunity_attack')} is offered.",
            f"Decline the {session.ruleset.label('opportunity_attack')}"
            + (" (its immediate action stays unused)." if immediate else "."),
        )

    def _on_action(self, action: CombatAction) -> None:
        cid = self._creature_id()
        if cid is None:
            return
        session = self._session
        calls: dict[CombatAction, Callable[[], OperationResult]] = {
            CombatAction.STAND_UP: lambda: session.by(self).run(
                combat_actions.take_action, CombatAction.STAND_UP, cid
            ),
            CombatAction.DROP_PRONE: lambda: session.by(self).run(
                combat_actions.take_action, CombatAction.DROP_PRONE, cid
            ),
            CombatAction.TOTAL_DEFENSE: lambda: session.by(self).run(
                combat_actions.take_action, CombatAction.TOTAL_DEFENSE, cid
            ),
            CombatAction.SPEND_ACTION_POINT: lambda: session.by(self).run(
                combat_actions.take_action, CombatAction.SPEND_ACTION_POINT, cid
            ),
            CombatAction.RALLY: lambda: session.by(self).run(
                combat_actions.take_action, CombatAction.RALLY, cid
            ),
            CombatAction.ESCAPE_GRAPPLE: lambda: session.by(self).run(
                grappling.escape_grapple, cid
            ),
            CombatAction.RELEASE_GRAPPLE: lambda: session.by(self).run(
                grappling.release_grapple, cid
            ),
            CombatAction.OPPORTUNITY_ATTACK: lambda: session.by(self).run(
                interrupts.opportunity_attack, cid, session.encounter.combat.current or ""
            ),
        }
        if action is CombatAction.READY:
            ready = CombatAction.READY.value  # 004-20: only the kinds left can be readied
            kinds = {k: session.ask(why_not, cid, ready, k.value) for k in READY_KINDS}
            answer = self._ask_ready(self, name_of(session, cid), kinds)
            if answer is None:
                return
            kind, trigger = answer
            session.by(self).run(initiative.ready_action, cid, kind, trigger)
            return
        calls[action]()

    def _on_decline_opportunity(self) -> None:
        cid = self._creature_id()
        if cid is not None:
            self._session.by(self).run(interrupts.decline_opportunity_attack, cid)
