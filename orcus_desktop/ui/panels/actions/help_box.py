"""The Actions panel's help actions and falls: dialogs that ask what is needed, one session call.

000 "Help Attack", "Help Defense" and "Aid Another" (standard actions, +2 to an ally); under a
ruleset that folds them into one action (002-12, 002 l.39 "Aid another") one "Aid another…"
button asks which of the three it is. "Fall…" is the GM's 000 "Falling" edit (the map has
no heights): feet fallen, the d10s rolled at the table, and 002-23's Acrobatics check where
the ruleset has one. Each is one undo step; a refusal is shown in the panel's message line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Final

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from orcus_desktop.controller.actions import aid_actions
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.availability.table import AvailableActions
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.combat import AidKind
from orcus_desktop.ui.attack_dialog import parse_dice
from orcus_desktop.ui.dialog_parts import FormDialog, ok_cancel_buttons
from orcus_desktop.ui.panels.actions.button_box import ShownCreatureButtons
from orcus_desktop.ui.panels.common import enable_with_reason, name_of
from orcus_desktop.ui.panels.overflow import ButtonRow

AID_CHOICE_TEXT: Final = {
    "attack": "Help attack: +2 to the ally's next attack against the enemy",
    "defense": "Help defense: +2 to the ally's defenses against the enemy's next attack",
    "check": "Aid another: +2 to the ally's next check",
}
"""000 "Help Attack", "Help Defense", "Aid Another" (002-12: the choices of one action)."""


@dataclass(frozen=True, slots=True)
class HelpQuestion:
    """What the help dialog asks.

    Attributes:
        helper: the helping creature's name.
        choices: the help actions offered ("attack", "defense", "check"; one unless 002-12).
        allies: (id, name) of the creatures on the helper's side.
        enemies: (id, name) of the creatures on other sides.
    """

    helper: str
    choices: tuple[str, ...]
    allies: tuple[tuple[str, str], ...]
    enemies: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class HelpAnswer:
    """The GM's answer: which help, the ally, the enemy (attack/defense), a note (check)."""

    choice: str
    ally_id: str
    enemy_id: str | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class FallAnswer:
    """A fall: feet, the d10s typed in (missing ones rolled), the check's d20 (0: roll)."""

    feet: int
    dice: tuple[int, ...] = ()
    check_die: int | None = None
    trained: bool = False


AskHelp = Callable[[QWidget, HelpQuestion], HelpAnswer | None]
"""Asks the GM who is helped against whom: the answer, or None when cancelled."""

AskFall = Callable[[QWidget, str, bool], FallAnswer | None]
"""Asks the GM about a fall of the named creature (True: the ruleset has a check against it)."""


class HelpDialog(FormDialog[HelpAnswer]):
    """The help question as a form: the help (when there is a choice), the ally, the enemy."""

    def __init__(self, question: HelpQuestion, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{question.helper} helps an ally")
        form = QFormLayout(self)
        self.choice = QComboBox(self)
        for choice in question.choices:
            self.choice.addItem(AID_CHOICE_TEXT[choice], choice)
        self.ally = QComboBox(self)
        for ally_id, name in question.allies:
            self.ally.addItem(name, ally_id)
        self.enemy = QComboBox(self)
        for enemy_id, name in question.enemies:
            self.enemy.addItem(name, enemy_id)
        self.note = QLineEdit(self)
        self.note.setPlaceholderText("the check aided (for the log)")
        if len(question.choices) > 1:
            form.addRow("Help:", self.choice)
        form.addRow("Ally:", self.ally)
        form.addRow("Against:", self.enemy)
        form.addRow("Note:", self.note)
        buttons = ok_cancel_buttons(self)
        form.addRow(buttons)
        self.choice.currentIndexChanged.connect(self._on_choice)
        self._on_choice()

    def _on_choice(self, _index: int = 0) -> None:
        check = self.choice.currentData() == "check"
        self.enemy.setEnabled(not check)
        self.note.setEnabled(check)

    def answer(self) -> HelpAnswer:
        choice = str(self.choice.currentData())
        enemy = self.enemy.currentData()
        return HelpAnswer(
            choice,
            str(self.ally.currentData() or ""),
            None if choice == "check" or enemy is None else str(enemy),
            self.note.text().strip(),
        )


def ask_help_dialog(parent: QWidget, question: HelpQuestion) -> HelpAnswer | None:
    return HelpDialog(question, parent).ask()


class FallDialog(FormDialog[FallAnswer]):
    """Feet fallen, the d10s rolled at the table, and the check against falling damage."""

    def __init__(self, name: str, has_check: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{name} falls")
        form = QFormLayout(self)
        self.feet = QSpinBox(self)
        self.feet.setRange(0, 10_000)
        self.feet.setSingleStep(10)
        self.feet.setValue(10)
        self.feet.setSuffix(" ft")
        self.dice = QLineEdit(self)
        self.dice.setPlaceholderText("d10s rolled (empty: roll)")
        form.addRow("Fell:", self.feet)
        form.addRow("Dice:", self.dice)
        form.addRow(QLabel("1d10 per 10 feet, at most 50d10; lands prone (000 'Falling')."))
        self.check = QCheckBox("Acrobatics check to reduce it", self)
        self.check_die = QLineEdit(self)
        self.check_die.setPlaceholderText("d20 (empty: roll)")
        self.trained = QCheckBox("trained", self)
        if has_check:
            form.addRow(self.check)
            form.addRow("Check die:", self.check_die)
            form.addRow(self.trained)
        self._finish_form(form, "fallError")

    def answer(self) -> FallAnswer:
        """The form read; ValueError naming the bad field (dice that are no numbers)."""
        dice = parse_dice(self.dice.text())
        check_die: int | None = None
        if self.check.isChecked():
            typed = parse_dice(self.check_die.text())
            check_die = typed[0] if typed else 0
        return FallAnswer(self.feet.value(), dice, check_die, self.trained.isChecked())


def ask_fall_dialog(parent: QWidget, name: str, has_check: bool) -> FallAnswer | None:
    return FallDialog(name, has_check, parent).ask()


_HELP_BUTTONS: Final[tuple[tuple[str, str, CombatAction, tuple[str, ...]], ...]] = (
    ("help_attack", "Help attack…", CombatAction.HELP_ATTACK, ("attack",)),
    ("help_defense", "Help defense…", CombatAction.HELP_DEFENSE, ("defense",)),
    ("aid_another", "Aid another…", CombatAction.AID_ANOTHER, ("check",)),
)


class HelpButtons(ShownCreatureButtons):
    """Help attack…, Help defense…, Aid another… and Fall… for the creature shown.

    Args:
        session: the game session to drive.
        creature_id: returns the creature shown, or None.
        say: shows a line to the GM (a question that cannot be asked, bad input).
        parent: the Qt parent.
        row: the panel's row the buttons go in (`ShownCreatureButtons`), or None.

    Attributes:
        buttons: the buttons by key ("help_attack", "help_defense", "aid_another", "fall").
        ask_help, ask_fall: the dialogs (tests replace them).
    """

    def __init__(
        self,
        session: GameSession,
        creature_id: Callable[[], str | None],
        say: Callable[[str], None],
        parent: QWidget | None = None,
        row: ButtonRow | None = None,
    ) -> None:
        super().__init__("helpButtons", session, creature_id, parent, row)
        self._say = say
        self.ask_help: AskHelp = ask_help_dialog
        self.ask_fall: AskFall = ask_fall_dialog
        for key, label, action, _choices in _HELP_BUTTONS:
            self.add_button(key, label, partial(self._on_help, action))
        self.add_button("fall", "Fall…", self._on_fall)

    def update_for(self, available: AvailableActions | None) -> None:
        """Enable the help actions the creature may take now; Fall… wants a stat block."""
        if available is None:
            self.disable_all("Select a creature.")
            return
        offered = {option.action: option for option in available.actions}
        for key, _label, action, _choices in _HELP_BUTTONS:
            option = offered.get(action)
            button = self.buttons[key]
            # 002-12 folds Help attack/defense into Aid another: their buttons go.
            self.offer(key, option is not None)
            if option is not None:
                tip = (
                    "Aid another: attack, defense or check (002-12), +2 to an ally."
                    if action is CombatAction.AID_ANOTHER and self._folded()
                    else f"{AID_CHOICE_TEXT[_choices[0]]} (standard action)."
                )
                enable_with_reason(button, option.reason, tip)
        creature = self._session.encounter.find_creature(available.creature_id)
        has_state = creature is not None and self._session.rules.state(creature) is not None
        enable_with_reason(
            self.buttons["fall"],
            "" if has_state else "Select a creature with a stat block.",
            "A fall: 1d10 damage per 10 feet, and it lands prone (000 'Falling').",
        )

    def _folded(self) -> bool:
        return self._session.ruleset.aid.one_action

    def _on_help(self, action: CombatAction) -> None:
        cid = self._creature_id()
        if cid is None:
            return
        session = self._session
        helper = session.encounter.creature(cid)
        choices = next(c for _k, _l, a, c in _HELP_BUTTONS if a is action)
        if action is CombatAction.AID_ANOTHER and self._folded():
            choices = ("attack", "defense", "check")
        others = [c for c in session.encounter.creatures if c.id != cid]
        allies = tuple((c.id, c.name) for c in others if c.side == helper.side)
        enemies = tuple((c.id, c.name) for c in others if c.side != helper.side)
        if not allies:
            self._say(f"{helper.name} has no ally on the map to help.")
            return
        if not enemies and "check" not in choices:
            self._say(f"There is no enemy of {helper.name} on the map to help against.")
            return
        answer = self.ask_help(self, HelpQuestion(helper.name, choices, allies, enemies))
        if answer is None:
            return
        if not answer.ally_id:
            self._say("Choose the ally to help.")
            return
        if answer.choice != "check" and not answer.enemy_id:
            self._say(f"Helping an ally's {answer.choice} needs the enemy it is against.")
            return
        if self._folded():
            session.by(self).run(
                aid_actions.aid_choice,
                cid,
                answer.ally_id,
                answer.choice,
                answer.enemy_id,
                answer.note,
            )
        elif answer.choice == "attack":
            session.by(self).run(
                aid_actions.help_ally, cid, answer.ally_id, answer.enemy_id or "", AidKind.ATTACK
            )
        elif answer.choice == "defense":
            session.by(self).run(
                aid_actions.help_ally, cid, answer.ally_id, answer.enemy_id or "", AidKind.DEFENSE
            )
        else:
            session.by(self).run(aid_actions.aid_another, cid, answer.ally_id, answer.note)

    def _on_fall(self) -> None:
        cid = self._creature_id()
        if cid is None:
            return
        session = self._session
        has_check = session.ruleset.hooks.damage_policy.falling_reduction_skill is not None
        answer = self.ask_fall(self, name_of(session, cid), has_check)
        if answer is None:
            return
        session.by(self).run(
            gm_edits.falling_damage,
            cid,
            answer.feet,
            answer.dice,
            check_die=answer.check_die,
            trained=answer.trained,
        )
