"""Combat > Influence, Magic, Search, Study, Utilize… and Who Goes First…: 001's GM rulings.

001-35 (001 l.312-342): the five actions outside the fight, resolved by a check the table rolls
against the GM's DC and kept in the log (Influence's DC defaults to "15 or the monster's
Intelligence score, whichever is higher", l.322). 001-36 (l.348-358): before combat starts the
GM says who goes first and why, and marks the creatures unaware of it surprised. Each dialog's
OK is one session call (one undo step); a refusal is said in the dialog, which stays open.
Disabled under a ruleset without them (docs/rulings.md R-100, R-101).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QSpinBox,
    QWidget,
)

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.variants.strike import questions as strike_questions
from orcus_desktop.controller.variants.strike import table_actions, who_goes_first
from orcus_desktop.controller.variants.strike.table_actions import (
    MAX_WHAT,
    Attitude,
    TableAction,
    TableCheck,
)
from orcus_desktop.controller.variants.strike.who_goes_first import FirstBy
from orcus_desktop.ui.dialog_parts import (
    error_label,
    ok_cancel_buttons,
    shows_done,
    stacked,
    wrapped_label,
)
from orcus_desktop.ui.shown_creature_actions import Item, ShownCreatureActions, offer


class TableActionDialog(QDialog):
    """One of 001's actions outside the fight for one creature (001-35).

    Attributes:
        action, what, target, attitude: what the creature does, to whom (Influence).
        checked, total, dc: whether a check was rolled, its total and the DC.
        error: the reason the last try was refused.
    """

    def __init__(self, session: GameSession, creature_id: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("tableActionDialog")
        self._session = session
        self._creature_id = creature_id
        encounter = session.encounter
        self.setWindowTitle(f"{encounter.name_of(creature_id)}: an action outside the fight")
        self.action = QComboBox(self)
        for kind in TableAction:
            self.action.addItem(kind.label, kind)
        self.what = QLineEdit(self)
        self.what.setMaxLength(MAX_WHAT)
        self.what.setPlaceholderText("e.g. persuade the guard to open the gate")
        self.target = QComboBox(self)
        self._fill_targets()
        self.attitude = QComboBox(self)
        for attitude in Attitude:
            self.attitude.addItem(attitude.value, attitude)
        self.attitude.setCurrentIndex(self.attitude.findData(Attitude.HESITANT))
        self.checked = QCheckBox("A check was rolled", self)
        self.checked.setChecked(True)
        self.total = QSpinBox(self)
        self.total.setRange(-20, 99)
        self.total.setValue(10)
        self.dc = QSpinBox(self)
        self.dc.setRange(1, 99)
        self.dc.setValue(15)
        self.error = error_label(self)
        form = QFormLayout()
        form.addRow("Action:", self.action)
        form.addRow("Tries to:", self.what)
        form.addRow("Urges (Influence):", self.target)
        form.addRow("Its attitude:", self.attitude)
        form.addRow(self.checked)
        form.addRow("Check total:", self.total)
        form.addRow("DC:", self.dc)
        stacked(self, form, self.error, ok_cancel_buttons(self, self.take))
        self.action.currentIndexChanged.connect(self._sync)
        self.target.currentIndexChanged.connect(self._sync)
        self.attitude.currentIndexChanged.connect(self._sync)
        self.checked.toggled.connect(self._sync)
        self._sync()

    def _fill_targets(self) -> None:
        """The creatures on the map but this one, the one chosen kept when still there."""
        chosen = self.target.currentData()
        self.target.blockSignals(True)
        self.target.clear()
        for c in self._session.encounter.creatures:
            if c.id != self._creature_id:
                self.target.addItem(c.name, c.id)
        self.target.setCurrentIndex(max(0, self.target.findData(chosen)))
        self.target.blockSignals(False)

    def follow_map(self) -> None:
        """R-240: only creatures on the map are offered; the taker gone, the dialog closes."""
        if self._session.encounter.find_creature(self._creature_id) is None:
            self.reject()
            return
        chosen = self.target.currentData()
        self._fill_targets()
        if self.target.currentData() != chosen:
            self._sync()  # another target: its default DC (001 l.322)

    def _influence(self) -> bool:
        return TableAction(self.action.currentData()) is TableAction.INFLUENCE

    def _sync(self) -> None:
        """Influence's fields only for Influence; its DC defaults to 001 l.322's."""
        influence = self._influence()
        self.target.setEnabled(influence)
        self.attitude.setEnabled(influence)
        target = self.target.currentData()
        if influence and isinstance(target, str):
            self.dc.setValue(self._session.ask(table_actions.influence_dc, target))
        hesitant = Attitude(self.attitude.currentData()) is Attitude.HESITANT
        rolled = self.checked.isChecked() and (hesitant or not influence)
        self.total.setEnabled(rolled)
        self.dc.setEnabled(rolled)

    def request(self) -> TableCheck:
        """The GM's entries as the controller's request."""
        influence = self._influence()
        rolled = self.total.isEnabled()
        target = self.target.currentData() if influence else None
        return TableCheck(
            action=TableAction(self.action.currentData()),
            what=self.what.text(),
            total=self.total.value() if rolled else None,
            dc=self.dc.value() if rolled else None,
            target_id=target if isinstance(target, str) else None,
            attitude=Attitude(self.attitude.currentData()),
        )

    def take(self) -> None:
        result = self._session.by(self).run(
            table_actions.take_table_action, self._creature_id, self.request()
        )
        if shows_done(self.error, result):
            self.accept()


class WhoGoesFirstDialog(QDialog):
    """001's "Who goes first?" before combat starts (001-36).

    Attributes:
        first: the creature that goes first (those in the initiative).
        by: why (surprise, declared first, the watcher's test, a roll-off).
        surprised: the creatures unaware of it (checkable; only with surprise).
        error: the reason the last try was refused.
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("whoGoesFirstDialog")
        self.setWindowTitle("Who goes first? (001-36)")
        self._session = session
        encounter = session.encounter
        intro = wrapped_label(
            self,
            "001: the creature that has surprise on its enemies; else the one that declares the "
            "action that starts combat, unless a creature watching it wins a test; else the "
            "winner of a roll-off. Roll initiative first: the one named heads the order.",
        )
        self.first = QComboBox(self)
        self.surprised = QListWidget(self)
        for cid in encounter.combat.order:
            self.first.addItem(encounter.name_of(cid), cid)
            item = QListWidgetItem(encounter.name_of(cid), self.surprised)
            item.setData(Qt.ItemDataRole.UserRole, cid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
        self.by = QComboBox(self)
        for kind in FirstBy:
            self.by.addItem(kind.reason, kind)
        self.error = error_label(self)
        form = QFormLayout()
        form.addRow("Goes first:", self.first)
        form.addRow("Because it:", self.by)
        form.addRow("Unaware of it (surprised):", self.surprised)
        stacked(self, intro, form, self.error, ok_cancel_buttons(self, self.decide))

    def marked(self) -> list[str]:
        """The creatures checked as surprised, in the order's order."""
        out = []
        for row in range(self.surprised.count()):
            item = self.surprised.item(row)
            if item.checkState() is Qt.CheckState.Checked:
                out.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return out

    def decide(self) -> None:
        first = self.first.currentData()
        if not isinstance(first, str):
            self.error.setText("Roll initiative first: nobody is in the order yet")
            return
        by = FirstBy(self.by.currentData())
        result = self._session.by(self).run(
            who_goes_first.who_goes_first, first, by, self.marked()
        )
        if shows_done(self.error, result):
            self.accept()


TABLE_ACTION = Item(
    "Influence, Magic, Search, Study, &Utilize…",
    "table_action",
    "001: an action outside the fight, a check against a DC",
)
WHO_GOES_FIRST = Item(
    "Who Goes &First…",
    "who_goes_first_action",
    "001: surprise, the declarer or a roll-off, before combat",
)


class StrikeTableActions(ShownCreatureActions):
    """The Combat menu's two items (enabled under 001)."""

    def _make_actions(self, window: QMainWindow) -> list[QAction]:
        self.table_action = TABLE_ACTION.action(window, self.open_table_action)
        self.first_action = WHO_GOES_FIRST.action(window, self.open_who_goes_first)
        return [self.table_action, self.first_action]

    def refresh(self) -> None:
        offer(self.table_action, self._session.ask(strike_questions.offers_table_actions))
        # 001-36 is settled before the fight: shown, greyed out, while it runs.
        offer(
            self.first_action,
            self._session.ask(strike_questions.adjudicates_first),
            not self._session.encounter.combat.active,
        )

    def open_table_action(self) -> None:
        creature_id = self._subject("Refused: select the creature that takes the action")
        if creature_id is not None:
            self._show(TableActionDialog(self._session, creature_id, self._window))

    def open_who_goes_first(self) -> None:
        self._show(WhoGoesFirstDialog(self._session, self._window))
