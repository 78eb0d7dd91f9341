"""The actions panel's list: every power and action, allowed or not and why, and the effects.

Double-clicking (or Enter on) an allowed power or action emits `power_activated` or
`action_activated`; a disabled one emits `refused` with its reason. Selecting an effect lets
the GM box save against it or end it.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.availability.powers import find_power
from orcus_desktop.controller.availability.table import AvailableActions
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.views.card_rolls import damage_rolls, with_damage_rolls
from orcus_desktop.controller.views.power_cards import PowerCard, power_card
from orcus_desktop.model.encounter import Creature
from orcus_desktop.rules.conditions import ConditionInstance, PersistentDamage
from orcus_desktop.rules.powers import Frequency
from orcus_desktop.ui.panels.actions.card import card_html
from orcus_desktop.ui.panels.common import effect_text

EFFECT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Tree item data: the effect id of a condition or persistent damage item."""

POWER_ROLE = Qt.ItemDataRole.UserRole + 2
"""Tree item data: the power's name on a power item."""

ACTION_ROLE = Qt.ItemDataRole.UserRole + 3
"""Tree item data: the `CombatAction` value on an action item."""

LEAST_LINES = 8
"""The Actions list's least height in text lines: a header and about five rows."""
WANTED_LINES = 11
"""Its height when the view has the room: a header and about seven rows (R-237)."""


class _WrappedColumn(QStyledItemDelegate):
    """A column whose rows grow to show their text wrapped at the column's width.

    QTreeView asks a row's height with no width (its word wrap lays no row out taller), so
    this delegate gives the column's width to the size hint.
    """

    def __init__(self, tree: QTreeWidget, column: int) -> None:
        super().__init__(tree)
        self._tree = tree
        self._column = column

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        wrapped = QStyleOptionViewItem(option)
        # The style wraps only within a valid rectangle: a height of 1 grows to the text's.
        wrapped.rect = QRect(0, 0, self._tree.columnWidth(self._column), 1)
        return super().sizeHint(wrapped, index)


def _power_type(kind: str, frequency: Frequency | None, used: bool) -> str:
    """The Type column of a power: its action type, then "encounter" or "daily" and "used".

    R-236: an at-will power says only its action type, as the actions in combat do, and an
    unused encounter or daily power is not called "available": the text stays short enough
    to read whole in a laptop's dock ("standard", "standard, encounter, used").
    """
    if frequency is None or frequency is Frequency.AT_WILL:
        return kind
    return f"{kind}, {frequency.value}" + (", used" if used else "")


def _power_type_tip(kind: str, frequency: Frequency | None, used: bool) -> str:
    """The Type column's tooltip: the action type and the power's use in words."""
    if frequency is None:
        return f"A {kind} action"
    if frequency is Frequency.AT_WILL:
        use = "usable every turn"
    else:
        use = "already used" if used else "not used yet"
    return f"A {kind} action; {frequency.value.replace('_', '-')} power, {use}"


class ActionTree(QTreeWidget):
    """Powers, actions in combat and effects of one creature, in three branches.

    It asks for its minimum height and takes whatever room is left over, so it gives up room
    first: the buttons and the GM's edits under it stay in view rather than scroll away in a
    short dock.

    Signals:
        power_activated: `power_name` of an allowed power activated.
        action_activated: the `CombatAction` value of an allowed action activated.
        refused: the reason a disabled item that was activated cannot be used.
        card_shown: the `PowerCard` of the power made current (clicked), or None.
    """

    power_activated = Signal(str)
    card_shown = Signal(object)
    action_activated = Signal(str)
    refused = Signal(str)

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.setObjectName("actionsTree")
        self.setColumnCount(3)
        self.setHeaderLabels(["Action", "Type", "Why not"])
        self.setRootIsDecorated(True)
        # A narrow indent leaves the power names their room (issue 31: names not cut).
        self.setIndentation(12)
        self.fit_height(WANTED_LINES * self._line())
        # "Why not" is what a GM reads a greyed row for: the other two columns take their
        # contents' width up to a share of the dock, "Why not" the rest. Type and Why not
        # wrap onto more lines rather than being cut or pushed off the dock's edge (R-236:
        # "standard, encounter" on two lines in the 380-pixel dock of a laptop, not
        # "standard,..."); a power's name beyond its share is elided, whole in its tooltip.
        header = self.header()
        for column in (0, 1):  # set at each fill and resize (`_fit_columns`)
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        # Why not takes the rest, however little: a stretched last section keeps at least its
        # width before the stretch (100 pixels), so in a dock narrower than 290 it ran 6
        # pixels past the edge (R-258 lets the GM drag the dock that narrow).
        header.setStretchLastSection(False)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        for column in (1, 2):
            self.setItemDelegateForColumn(column, _WrappedColumn(self, column))
        self.itemActivated.connect(self.activate)
        self._cards: dict[str, PowerCard] = {}
        self.currentItemChanged.connect(self._on_current_changed)

    def _line(self) -> int:
        return self.fontMetrics().height() + 4

    def fit_height(self, room: int) -> int:
        """Ask for `room` pixels of height, within `LEAST_LINES` to `WANTED_LINES` lines.

        Returns the height asked.

        The powers are what a turn is played from: room for a header and about seven rows,
        an encounter or daily power's on two lines (R-236); the rest of the panel scrolls
        below them. The panel gives the room its view has left (R-237: at 1366x768 eight
        lines showed four powers; on a short window more would run out of sight).
        """
        line = self._line()
        height = max(LEAST_LINES * line, min(WANTED_LINES * line, room))
        if height != self.minimumHeight():
            self.setMinimumHeight(height)
        return height

    def card_of(self, power_name: str) -> PowerCard | None:
        """The card of a power listed now, or None."""
        return self._cards.get(power_name)

    def _on_current_changed(self, item: QTreeWidgetItem | None, _previous: object) -> None:
        power = item.data(0, POWER_ROLE) if item is not None else None
        self.card_shown.emit(self._cards.get(power) if isinstance(power, str) else None)

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self.minimumHeight())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_columns()

    def _fit_columns(self) -> None:
        """Action and Type as wide as their texts, at most 45% and 22%; Why not the rest."""
        room = self.viewport().width()
        for column, share in ((0, 0.45), (1, 0.22)):
            self.setColumnWidth(column, min(self._natural_width(column), int(room * share)))
        # Rows wrap to the new widths (QTreeView keeps row heights until laid out again).
        self.scheduleDelayedItemsLayout()

    def _natural_width(self, column: int) -> int:
        """The column's width with each text on one line (Type's delegate would wrap it)."""
        if column == 0:
            return self.sizeHintForColumn(0)
        metrics = self.fontMetrics()
        margin = 2 * (self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
        texts = [item.text(column) for item in self._items()]
        return max((metrics.horizontalAdvance(t) + margin for t in texts), default=0)

    def _items(self) -> list[QTreeWidgetItem]:
        """Every row under the branches."""
        rows = []
        for i in range(self.topLevelItemCount()):
            branch = self.topLevelItem(i)
            if branch is not None:
                rows += [c for j in range(branch.childCount()) if (c := branch.child(j))]
        return rows

    def selected_effect_id(self) -> int | None:
        """The effect id of the selected effect item, or None."""
        for item in self.selectedItems():
            value = item.data(0, EFFECT_ROLE)
            if isinstance(value, int):
                return value
        return None

    def activate(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        """Use the power or action of `item`, as a double-click does."""
        if item.isDisabled():
            self.refused.emit(item.text(2))
            return
        power = item.data(0, POWER_ROLE)
        action = item.data(0, ACTION_ROLE)
        if isinstance(power, str):
            self.power_activated.emit(power)
        elif isinstance(action, str):
            self.action_activated.emit(action)

    def fill(self, creature: Creature, available: AvailableActions) -> None:
        """List the creature's powers, actions and effects (the selected effect stays so)."""
        session = self._session
        state = session.rules.state(creature)
        selected_effect = self.selected_effect_id()
        current = self.currentItem()
        current_power = current.data(0, POWER_ROLE) if current is not None else None
        self._cards = {}
        self.clear()
        powers = QTreeWidgetItem(self, ["Powers"])
        for power_option in available.powers:
            power = find_power(session.rules, session.encounter, creature.id, power_option.name)
            # Action kinds as the ruleset names them (002-01 "minor").
            kind_name = session.ruleset.label(power_option.kind.value)
            frequency = power.frequency if power is not None else None
            used = power is not None and state is not None and power.name in state.powers_used
            kind = _power_type(kind_name, frequency, used)
            item = QTreeWidgetItem(powers, [power_option.name, kind, power_option.reason])
            item.setData(0, POWER_ROLE, power_option.name)
            tip = power_option.reason or "Allowed now: double-click (or Enter) to choose targets."
            if power is not None:
                card = power_card(power, session.ruleset.label)
                rolls = damage_rolls(session.rules.statblock(creature), power)
                card = with_damage_rolls(card, rolls)  # the card's damage links (issue 17)
                self._cards[power.name] = card
                tip = card_html(card).replace("</qt>", f"<br><br>{escape(tip)}</qt>")
            item.setToolTip(0, tip)
            item.setToolTip(1, _power_type_tip(kind_name, frequency, used))
            item.setToolTip(2, power_option.reason)
            item.setDisabled(not power_option.allowed)
            if power_option.name == current_power:
                self.setCurrentItem(item)
        actions = QTreeWidgetItem(self, ["Actions in combat"])
        # 001-23..25: no opportunity attacks under Strike! (as in the Combat menu).
        has_opportunity = session.ruleset.hooks.reaction_rules.opportunity_attacks
        for option in available.actions:
            if option.action is CombatAction.OPPORTUNITY_ATTACK and not has_opportunity:
                continue
            item = QTreeWidgetItem(
                actions,
                [
                    # 002-13/004-12 "Bull rush" for Shove, 002 "Second wind" for Rally.
                    session.ruleset.label(option.action.value).capitalize(),
                    session.ruleset.label(option.kind.value),
                    option.reason,
                ],
            )
            item.setData(0, ACTION_ROLE, option.action.value)
            item.setToolTip(0, option.reason or f"{option.action.label}: allowed now")
            item.setToolTip(2, option.reason)
            item.setDisabled(not option.allowed)
        if state is not None and (state.conditions or state.persistent):
            effects = QTreeWidgetItem(self, ["Effects"])
            listed: list[ConditionInstance | PersistentDamage] = [
                *state.conditions,
                *state.persistent,
            ]
            for effect in listed:
                text = effect_text(effect, session.ruleset.label)
                item = QTreeWidgetItem(effects, [text, "", effect.source])
                item.setData(0, EFFECT_ROLE, effect.effect_id)
                item.setToolTip(0, f"{text}, from {effect.source}. Select it to save or end it.")
            effects.setExpanded(True)
            for i in range(effects.childCount()):
                child = effects.child(i)
                if child is not None and child.data(0, EFFECT_ROLE) == selected_effect:
                    child.setSelected(True)
        actions.setExpanded(True)
        powers.setExpanded(True)
        self._fit_columns()
        # `clear` says nothing of the current item going: the card shown is this creature's
        # power kept current, or none (not another creature's power, rolled in its name).
        self._on_current_changed(self.currentItem(), None)
