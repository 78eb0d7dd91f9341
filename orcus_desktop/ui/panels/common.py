"""Helpers shared by the combat panels: creature summaries, names and reasons.

The panels are adapters over the document (docs/design.md#scene): they read frozen
snapshots, ask the session for the rules numbers, and change nothing themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractButton, QInputDialog, QLayout, QWidget

from orcus_desktop.controller.log.words import DURATION_TEXT as DURATION_TEXT  # re-exported
from orcus_desktop.controller.log.words import effect_text as log_effect_text
from orcus_desktop.controller.log.words import plain_label
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.model.encounter import Creature
from orcus_desktop.rules.conditions import ConditionInstance, PersistentDamage

E = TypeVar("E")
ModelIndex = QModelIndex | QPersistentModelIndex


def list_row_flags(index: ModelIndex, extra: Qt.ItemFlag = Qt.ItemFlag.NoItemFlags) -> Qt.ItemFlag:
    """A flat list's row: enabled, selectable and childless, plus `extra`; nothing off the list."""
    if not index.isValid():
        return Qt.ItemFlag.NoItemFlags
    return (
        Qt.ItemFlag.ItemIsEnabled
        | Qt.ItemFlag.ItemIsSelectable
        | Qt.ItemFlag.ItemNeverHasChildren
        | extra
    )


class RowsModel(QAbstractListModel, Generic[E]):
    """A flat list model with one row per entry of `rows()` (a panel's list of records)."""

    def rows(self) -> Sequence[E]:
        """The entries, in row order."""
        raise NotImplementedError

    def row_data(self, entry: E, row: int, role: int) -> Any:
        """What `data` answers for `role` on the row of `entry` (None: nothing)."""
        raise NotImplementedError

    def entry(self, row: int) -> E:
        return self.rows()[row]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        return 0 if parent.isValid() else len(self.rows())

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        rows = self.rows()
        if not index.isValid() or not 0 <= index.row() < len(rows):
            return None
        return self.row_data(rows[index.row()], index.row(), role)


def effect_text(
    effect: ConditionInstance | PersistentDamage, label: Callable[[str], str] | None = None
) -> str:
    """``Dazed (save ends)`` or ``5 fire persistent (save ends)``: the log's words, shorter.

    ``label``: the encounter's ruleset's names (`Ruleset.label`; 004 "Snared").
    """
    return log_effect_text(effect, label or plain_label, persistent="persistent")


def effects_summary(creature: Creature, label: Callable[[str], str] | None = None) -> str:
    """Every condition and persistent damage on the creature, comma-separated ("" if none)."""
    state = creature.state
    if state is None:
        return ""
    effects: list[ConditionInstance | PersistentDamage] = [*state.conditions, *state.persistent]
    return ", ".join(effect_text(e, label) for e in effects)


def hit_points_text(session: GameSession, creature: Creature) -> str:
    """``17/29``, ``12/29 staggered`` (000 "Staggered"), ``dead``, or "" without a stat block."""
    state = session.rules.state(creature)
    statblock = session.rules.statblock(creature)
    if state is None or statblock is None:
        return ""
    if state.dead:
        return "dead"
    text = f"{state.current_hp}/{statblock.max_hp}"
    if state.temp_hp:
        text += f" +{state.temp_hp} temp"
    if state.current_hp <= 0:
        text += " dying"
    elif state.is_staggered(statblock, session.ruleset):
        text += " staggered"
    return text


def name_of(session: GameSession, creature_id: str | None) -> str:
    """The creature's name, or its id when it is no longer on the map."""
    return session.encounter.name_of(creature_id)


def clear_layout(layout: QLayout) -> None:
    """Takes every widget out of `layout` and deletes it (a box about to be refilled)."""
    while layout.count():
        taken = layout.takeAt(0)
        widget = taken.widget() if taken is not None else None
        if widget is not None:
            widget.deleteLater()


AskDie = Callable[[QWidget, str], int | None]
"""Asks the GM for a d20 rolled at the table: the face, or None to let the app roll."""


def ask_d20_dialog(parent: QWidget, label: str) -> int | None:
    """An input dialog for one d20; its second button lets the app roll it.

    The button says so: a "Cancel" that rolled anyway, then asked for the next creature's die,
    looked broken to a GM who meant to stop.
    """
    dialog = QInputDialog(parent)
    dialog.setWindowTitle("Roll at the table")
    dialog.setInputMode(QInputDialog.InputMode.IntInput)
    dialog.setIntRange(1, 20)
    dialog.setIntValue(10)
    dialog.setLabelText(label)
    dialog.setOkButtonText("Use this roll")
    dialog.setCancelButtonText("Let the app roll")  # this die; the others are still asked
    accepted = dialog.exec() == QInputDialog.DialogCode.Accepted
    value = dialog.intValue()
    dialog.deleteLater()
    return value if accepted else None


def typed_save_dice(session: GameSession, parent: QWidget, ask: AskDie) -> dict[int, int]:
    """The d20s the GM types in for the current creature's end-of-turn saving throws.

    One question per save-ends effect (000 "Saving Throws"); unanswered ones the app rolls.

    Returns:
        effect id -> the d20, for `GameSession.end_turn(save_dice=...)`.
    """
    current = session.encounter.combat.current
    if current is None:
        return {}
    dice: dict[int, int] = {}
    name = name_of(session, current)
    for prompt in session.ask(initiative.turn_prompts, current):
        if prompt.get("kind") != "save":
            continue
        what = prompt.get("condition") or f"{prompt.get('persistent')} persistent damage"
        value = ask(parent, f"{name}'s saving throw against {str(what).replace('_', ' ')}:")
        if value is not None:
            dice[int(prompt["effect_id"])] = value
    return dice


def enable_with_reason(button: QAbstractButton, reason: str, tooltip: str) -> None:
    """Enable `button` with `tooltip`, or disable it with `reason` as the tooltip."""
    button.setEnabled(not reason)
    button.setToolTip(reason or tooltip)
