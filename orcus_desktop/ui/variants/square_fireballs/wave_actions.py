"""Encounter > New wave…: how creatures placed during a fight join it (003-14).

003 "5.3.5 Rolling Initiative mid-combat" gives the GM two choices: Start Over (everyone rolls
again, the escalation die back to 0) or Keep Initiative (only the newcomers roll, the die one
lower). The GM places the newcomers on the map first, then picks one here; one undo step. A
ruleset without these choices (000) refuses with the reason, as any session refusal is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Self

from PySide6.QtWidgets import QMainWindow, QMenu

from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.square_fireballs import ready_attacks, waves
from orcus_desktop.controller.variants.square_fireballs.encounter_flow import WaveChoice
from orcus_desktop.ui.connections import follow_ruleset
from orcus_desktop.ui.dialog_parts import ask_choice
from orcus_desktop.ui.map_toolbar import make_action
from orcus_desktop.ui.plugins import WindowContext
from orcus_desktop.ui.shown_creature_actions import offer

AskWave = Callable[[], WaveChoice | None]
"""Asks the GM Start Over, Keep Initiative or neither (a dialog; tests replace it)."""


class WaveActions:
    """Encounter > New wave… of one window.

    Attributes:
        action: the menu entry.
        ask: asks the GM which choice (`AskWave`).
    """

    def __init__(self, window: QMainWindow, session: GameSession, encounter_menu: QMenu) -> None:
        self._window = window
        self._session = session
        self.action = make_action(window, "New &wave…")
        self.action.setObjectName("new_wave_action")
        self.action.setStatusTip(
            "Bring the creatures placed since combat began into it: Start Over or Keep "
            "Initiative (003 'Rolling Initiative mid-combat')."
        )
        self.action.triggered.connect(self._on_new_wave)
        encounter_menu.addAction(self.action)
        follow_ruleset(window, session, self.refresh)
        self.ask: AskWave = self._ask_dialog

    @classmethod
    def build(cls, ui: WindowContext, menu: QMenu) -> Self:
        """The item built into the Encounter menu (`MenuItems.build`)."""
        return cls(ui.window, ui.session, menu)

    def refresh(self) -> None:
        """Shown only under a ruleset with these choices (003-14); Orcus has Join combat."""
        offer(self.action, self._session.ruleset.hooks.flow.wave_choices)

    def add_wave(self, choice: WaveChoice) -> OperationResult:
        """The session's `new_wave` (its result is reported like any other)."""
        return self._session.by(self).run(waves.new_wave, choice.value)

    def _on_new_wave(self) -> None:
        choice = self.ask()
        if choice is not None:
            self.add_wave(choice)

    def _ask_dialog(self) -> WaveChoice | None:
        return ask_choice(
            self._window,
            "New wave",
            "The creatures placed since combat began join it.\n\n"
            "Start Over: everyone uses Total Defense and rolls initiative again; a new round "
            "starts and the escalation die goes back to 0.\n"
            "Keep Initiative: the newcomers use Total Defense and roll; the escalation die "
            "drops by 1.",
            [
                ("Start Over", WaveChoice.START_OVER),
                ("Keep Initiative", WaveChoice.KEEP_INITIATIVE),
            ],
        )


class ReadyAttackActions:
    """Combat > Ready Melee Attack / Ready Ranged Attack for the creature whose turn it is.

    003-52 (003 l.786-800): a standard action that readies a basic attack for 003's trigger;
    the GM fires it with the initiative panel's Readied action. Refusals (another ruleset, an
    enemy already close) are reported like any other.

    Attributes:
        melee_action: Combat > Ready Melee Attack.
        ranged_action: Combat > Ready Ranged Attack.
    """

    def __init__(self, window: QMainWindow, session: GameSession, combat_menu: QMenu) -> None:
        self._session = session
        self.melee_action = make_action(window, "Ready &Melee Attack")
        self.ranged_action = make_action(window, "Ready &Ranged Attack")
        for action, ranged in ((self.melee_action, False), (self.ranged_action, True)):
            action.setStatusTip("003 maneuver: ready a basic attack for the first enemy to come.")
            action.triggered.connect(lambda _=False, r=ranged: self.ready(ranged=r))
            combat_menu.addAction(action)
        follow_ruleset(window, session, self.refresh)

    @classmethod
    def build(cls, ui: WindowContext, menu: QMenu) -> Self:
        """The items built into the Combat menu (`MenuItems.build`)."""
        return cls(ui.window, ui.session, menu)

    def refresh(self) -> None:
        """Shown only under a ruleset with these maneuvers (003-52); Orcus readies with Ready."""
        offered = self._session.ruleset.hooks.flow.ready_attacks
        offer(self.melee_action, offered)
        offer(self.ranged_action, offered)

    def ready(self, *, ranged: bool) -> OperationResult:
        """The session's `ready_attack` for the creature whose turn it is."""
        current = self._session.encounter.combat.current or ""
        return self._session.by(self).run(ready_attacks.ready_attack, current, ranged=ranged)
