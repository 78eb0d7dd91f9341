"""The opportunity attacks offered now, whoever the panel shows (000 "Opportunity Attacks").

Per enemy offered one: the dice rolled at the table (empty: the app rolls), "Take" and "Let
it pass". An attack held for the offers (a charge's, a ranged one) is noted under them: it
resolves once they are all taken or let pass (000 "Immediate Actions").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QLineEdit, QPushButton, QWidget

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.log.words import opportunity_attacks
from orcus_desktop.controller.movement.waiting import waits_for
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.ui.attack_dialog import parse_dice
from orcus_desktop.ui.panels.common import name_of


class OpportunityOffers(QGroupBox):
    """The offers box: hidden when no opportunity attack is offered.

    Args:
        session: the game session to drive.
        say: shows a line to the GM (bad dice, nothing offered).
        parent: the Qt parent.

    Attributes:
        rows: the widgets of each offer by the enemy's id: (dice, take, let pass).

    Signals:
        refilled: the rows changed (the panel fits its width again).
    """

    refilled = Signal()

    def __init__(
        self,
        session: GameSession,
        say: Callable[[str], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Opportunity attacks offered", parent)
        self.setObjectName("offersBox")
        self._session = session
        self._say = say
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(4, 4, 4, 4)
        self._key: tuple[tuple[str, str], ...] = ()
        self._held_text = ""
        self.rows: dict[str, tuple[QLineEdit, QPushButton, QPushButton]] = {}
        self.setVisible(False)

    def fill(self) -> None:
        """One row per enemy offered an opportunity attack now (docs/rulings.md R-02)."""
        session = self._session
        combat = session.encounter.combat
        mover = combat.current if combat.active else None
        key = tuple(
            (str(c.creature_id), mover)
            for c in combat.combatants
            if mover is not None and c.out_of_turn is ActionKind.OPPORTUNITY
        )
        # An attack held for the offers (a charge's, a ranged one) resolves once they are all
        # taken or let pass (000 "Immediate Actions").
        held = combat.pending.text if combat.pending is not None and key else ""
        # The ruleset's own words (004 l.381 "attacks of opportunity"), as the log and tracker.
        named = opportunity_attacks(session.ruleset.label)
        self.setTitle(f"{named[:1].upper()}{named[1:]} offered")
        if key == self._key and held == self._held_text:
            return
        self._key = key
        self._held_text = held
        layout = self._layout
        while layout.count():
            taken = layout.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.deleteLater()
        self.rows = {}
        for row, (enemy_id, mover_id) in enumerate(key):
            # 001-23/24: under 001 the offer is a Counter Strike! or a Free Strike!.
            strike = session.ask(questions.strike_name, enemy_id)
            # 003-52: a triggered Ready Ranged Attack offers its Ranged Basic Attack.
            readied = session.ask(questions.readied_attack, enemy_id)
            label = QLabel(
                f"{name_of(session, enemy_id)} may "
                + (
                    f"make a {strike} on "
                    if strike
                    else f"make its readied {readied} on "
                    if readied
                    else "attack "
                )
                + name_of(session, mover_id),
                self,
            )
            dice = QLineEdit(self)
            dice.setObjectName("offer_dice")
            dice.setPlaceholderText("dice (empty: roll)")
            dice.setToolTip("The d20 and damage dice rolled at the table, in order")
            dice.setMaximumWidth(120)
            take = QPushButton("Take", self)
            take.setObjectName("take_opportunity_button")
            take.setToolTip(
                f"{name_of(session, enemy_id)} makes its {readied or 'basic melee attack'} "
                f"against {name_of(session, mover_id)} "
                + (
                    "(001: no immediate action)"
                    if strike
                    else "(its Reaction of the round)"
                    if readied
                    else "(its immediate action)"
                )
            )
            take.clicked.connect(partial(self._on_offer, enemy_id, mover_id, True))
            let_pass = QPushButton("Let it pass", self)
            let_pass.setObjectName("let_pass_button")
            let_pass.setToolTip("Decline: its immediate action stays unused")
            let_pass.clicked.connect(partial(self._on_offer, enemy_id, mover_id, False))
            # Who may attack whom on a line of its own, the answer under it: the box stays as
            # narrow as the dock (a wide row made the window grow when an offer came).
            label.setWordWrap(True)
            layout.addWidget(label, 2 * row, 0, 1, 3)
            layout.addWidget(dice, 2 * row + 1, 0)
            layout.addWidget(take, 2 * row + 1, 1)
            layout.addWidget(let_pass, 2 * row + 1, 2)
            self.rows[enemy_id] = (dice, take, let_pass)
        if held:
            note = QLabel(f"{held} waits for {waits_for(self._session.encounter)}", self)
            note.setObjectName("held_attack_note")
            note.setWordWrap(True)
            layout.addWidget(note, 2 * len(key), 0, 1, 3)
        self.setVisible(bool(key))
        self.refilled.emit()

    def take(self, enemy_id: str | None = None) -> None:
        """Take an offered opportunity attack (`enemy_id`'s, else the first one listed).

        The dice typed in its row are used; with none the app rolls (a keyboard shortcut).
        """
        offers = [o for o in self._key if enemy_id is None or o[0] == enemy_id]
        if offers:
            self._on_offer(offers[0][0], offers[0][1], True)
        else:
            self._say("No opportunity attack is offered.")

    def decline_first(self) -> None:
        """Let the first opportunity attack offered pass (a keyboard shortcut)."""
        if self._key:
            enemy_id, mover_id = self._key[0]
            self._on_offer(enemy_id, mover_id, False)
        else:
            self._say("No opportunity attack is offered.")

    def _on_offer(self, enemy_id: str, mover_id: str, take: bool) -> None:
        session = self._session
        if not take:
            session.by(self).run(interrupts.decline_opportunity_attack, enemy_id)
            return
        row = self.rows.get(enemy_id)
        try:
            dice = parse_dice(row[0].text()) if row is not None else ()
        except ValueError as exc:
            self._say(str(exc))
            return
        session.by(self).run(interrupts.opportunity_attack, enemy_id, mover_id, dice=dice)
