"""The initiative table's model: one row per creature (or 003 monster group), keyed by ids.

`InitiativeTableModel` is a `QAbstractTableModel` (docs/design.md#scene "Panels", Anki's
`DataModel`): it pulls each row from the document snapshot and the session's rules answers,
and on every document event emits only what changed (rows removed, inserted, moved, or
`dataChanged` for one row); `reset` resets the model. The panel (`initiative.py`) shows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from orcus_desktop.controller.combat_rules import loses_first_turn
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative as initiative_cases
from orcus_desktop.model.combat import Combatant, CombatPhase
from orcus_desktop.model.encounter import Creature
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.ui.connections import DocumentConnections
from orcus_desktop.ui.panels.common import (
    effects_summary,
    hit_points_text,
)
from orcus_desktop.vocabulary import CreatureId

_ModelIndex = QModelIndex | QPersistentModelIndex

CURRENT_TURN_BRUSH = QBrush(QColor(255, 226, 150))
"""Background of the row whose turn it is."""

INACTIVE_BRUSH = QBrush(QColor(128, 128, 128))
STAGGERED_BRUSH = QBrush(QColor(190, 30, 30))
"""Hit points at half or fewer (000 "Staggered") read in red."""
_STAGGERED = " staggered"
"""Text colour of the dead, the delaying and those not in the initiative."""


class Column(IntEnum):
    """The initiative table's columns."""

    NAME = 0
    INITIATIVE = 1
    HIT_POINTS = 2
    CONDITIONS = 3
    STATUS = 4

    @property
    def title(self) -> str:
        return _TITLES[self]


_TITLES: Final = {
    Column.NAME: "Creature",
    Column.INITIATIVE: "Init",
    Column.HIT_POINTS: "HP",
    Column.CONDITIONS: "Conditions",
    Column.STATUS: "Status",
}


@dataclass(frozen=True, slots=True)
class InitiativeRow:
    """What one row shows, computed from the snapshot (compared to find changed rows).

    Attributes:
        creature_id: the creature.
        name: its name.
        side: its side.
        in_initiative: it has an initiative result (a combatant).
        initiative: the current result, or None outside the initiative.
        initiative_detail: how the result came about (tooltip).
        hit_points: ``17/29 staggered`` for the GM, or "".
        effects: conditions and persistent damage with their durations.
        conditions_detail: every condition in effect, implied ones included (tooltip).
        status: surprised, delaying, readied, acted...
        status_detail: the readied trigger and action (tooltip), or the status.
        current: it is this creature's turn.
        inactive: dead, delaying, or left outside the initiative of a running fight (greyed);
            before combat no row is greyed for lacking a result (issue 31: rows that all
            look disabled tell the GM nothing).
        members: a 003 monster group's members, first in the order first (its row is keyed
            by that one), or () for a creature's own row (003-07, `build_group_row`).
        acting: the member acting in the group's turn, else the first ("" for one creature).
    """

    creature_id: CreatureId
    name: str
    side: str
    in_initiative: bool
    initiative: int | None
    initiative_detail: str
    hit_points: str
    effects: str
    conditions_detail: str
    status: str
    status_detail: str
    current: bool
    inactive: bool
    members: tuple[CreatureId, ...] = ()
    acting: str = ""

    @property
    def selected_id(self) -> CreatureId:
        """The creature the row stands for when selected: a group's acting member."""
        return CreatureId(self.acting) if self.acting else self.creature_id


def _status(session: GameSession, combatant: Combatant | None) -> tuple[str, str]:
    combat = session.encounter.combat
    if combatant is None:
        detail = "Not in the initiative: roll, or join a running combat."
        # Before anyone rolled, every row would say so: the heading does, once.
        return ("not in initiative" if combat.combatants else ""), detail
    offer = combatant.out_of_turn
    strike = session.ask(questions.strike_name, combatant.creature_id)  # 001-23/24, "" elsewhere
    if offer is ActionKind.OPPORTUNITY and strike:
        return f"{strike} offered", f"Offered a {strike} (Actions panel)."
    readied_shot = session.ask(
        questions.readied_attack, combatant.creature_id
    )  # 003-52, "" elsewhere
    if offer is ActionKind.OPPORTUNITY and readied_shot:
        return "readied shot offered", f"Offered its readied {readied_shot} (Actions panel)."
    if offer is ActionKind.OPPORTUNITY:
        named = session.ruleset.label("opportunity_attack")  # 004 "attack of opportunity"
        short = "OA" if named == "opportunity attack" else "AoO"
        return f"{short} offered", f"Offered an {named} (Actions panel)."
    if offer is not None:
        return f"acts now ({offer.value})", f"Takes its readied {offer.value} action now."
    readied = combatant.readied
    if readied is not None:
        what = f": {readied.description}" if readied.description else ""
        detail = f"Readied {readied.kind.value} action{what}. Trigger: {readied.trigger}"
        return f"readied ({readied.trigger})", detail
    if combatant.delaying:
        return "delaying", "Delaying: it re-enters the order when the GM says (000 'Delay')."
    if combatant.surprised and combat.phase is not CombatPhase.ROUNDS:
        return "surprised", "Surprised: no actions in the surprise round (000 'Surprise')."
    if combatant.surprised and loses_first_turn(session.ruleset):
        # 003-10 (003 l.167-168): no surprise round; the first turn is lost.
        return "surprised", "Surprised: loses its first turn (Total Defense), or until attacked."
    if combat.active and combat.current == combatant.creature_id:
        return "acting", "It is this creature's turn."
    if combat.active and combatant.acted_round >= combat.round:
        return "acted", "Already acted this round."
    return "", ""


def build_row(session: GameSession, creature: Creature) -> InitiativeRow:
    """The row for one creature, from the current snapshot."""
    combat = session.encounter.combat
    combatant = combat.find(creature.id)
    state = session.rules.state(creature)
    if combatant is not None:
        if combatant.initiative_roll is not None:
            detail = (
                f"d20 {combatant.initiative_roll} + {combatant.initiative_modifier} "
                f"(initiative modifier)"
            )
        else:
            detail = f"Entered by the GM (modifier {combatant.initiative_modifier})"
        if combatant.group:
            detail += f"; rolled with group {combatant.group}"
        detail += ". Double-click to edit."
    else:
        detail = "No initiative yet."
    conditions = sorted(
        session.ruleset.condition_label(c.value)
        for c in session.rules.conditions(session.encounter, creature.id)
    )
    status, status_detail = _status(session, combatant)
    dead = state is not None and state.dead
    return InitiativeRow(
        creature_id=creature.id,
        name=creature.name,
        side=creature.side,
        in_initiative=combatant is not None,
        initiative=combatant.initiative if combatant is not None else None,
        initiative_detail=detail,
        hit_points=hit_points_text(session, creature),
        effects=effects_summary(creature, session.ruleset.label),
        conditions_detail=", ".join(conditions) if conditions else "No conditions.",
        status=status,
        status_detail=status_detail,
        current=combat.active and combat.current == creature.id,
        inactive=dead
        or (combatant is None and combat.active)
        or (combatant is not None and combatant.delaying),
    )


def build_group_row(session: GameSession, members: Sequence[Creature]) -> InitiativeRow:
    """One row for a 003 monster group (003-07, 003 l.142 "a single PC or group of monsters").

    Keyed by its first member; it names the member acting in the group's turn, and gives the
    members' hit points and conditions one after another.
    """
    rows = [build_row(session, m) for m in members]
    acting = next((r for r in rows if r.current), None)
    head = acting or rows[0]
    others = ", ".join(r.name for r in rows if r is not acting)
    name = f"{acting.name} (group: {others})" if acting is not None else others
    entry = session.encounter.combat.find(members[0].id)
    group = entry.group if entry is not None else ""
    return replace(
        rows[0],
        name=name,
        initiative_detail=f"Monster group {group}: one roll, one turn (003-07). "
        + rows[0].initiative_detail,
        hit_points=" · ".join(r.hit_points.removesuffix(_STAGGERED) for r in rows),
        effects="; ".join(f"{r.name}: {r.effects}" for r in rows if r.effects),
        conditions_detail="\n".join(f"{r.name}: {r.conditions_detail}" for r in rows),
        status=head.status,
        status_detail=head.status_detail + " Right-click: the member who acts.",
        current=acting is not None,
        inactive=all(r.inactive for r in rows),
        members=tuple(r.creature_id for r in rows),
        acting=head.creature_id,
    )


def row_units(session: GameSession, ordered: Sequence[Creature]) -> list[list[Creature]]:
    """The creatures a row each, a 003 monster group's members in one at the first's place."""
    combat = session.encounter.combat
    if not session.ask(questions.has_monster_groups):
        return [[c] for c in ordered]
    rows: list[list[Creature]] = []
    groups: dict[str, list[Creature]] = {}
    for creature in ordered:
        group = combat.shown_group(creature.id)  # a delayer on its own
        if group is None:
            rows.append([creature])
        elif group in groups:
            groups[group].append(creature)
        else:
            groups[group] = [creature]
            rows.append(groups[group])
    return rows


def build_unit_row(session: GameSession, members: Sequence[Creature]) -> InitiativeRow:
    """The row of one creature, or of a monster group of several."""
    if len(members) == 1:
        return build_row(session, members[0])
    return build_group_row(session, members)


class InitiativeTableModel(QAbstractTableModel):
    """The initiative order as a table keyed by creature ids.

    Rows: the initiative order (first to act first), then the creatures on the map that have
    no initiative yet. The row of the creature whose turn it is is highlighted. The initiative
    column is editable: an edit calls `initiative.set_initiative` (one undo step); the model
    itself changes only when the document says so.

    Args:
        session: the game session whose document is shown.
        parent: the Qt parent.
    """

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._ids: list[CreatureId] = []
        self._rows: dict[CreatureId, InitiativeRow] = {}
        self.last_result: OperationResult | None = None
        self._connections = DocumentConnections()
        events = session.document.events
        for signal in (events.combat_changed, events.creature_added, events.creature_removed):
            self._connections.connect(signal, self._on_document_changed)
        self._connections.connect(events.creature_changed, self._on_creature_changed)
        self._connections.connect(events.reset, self._on_reset)
        self._connections.bind(self)
        rows = self._build_rows()
        self._ids = [r.creature_id for r in rows]
        self._rows = {r.creature_id: r for r in rows}

    # -- Qt model API ----------------------------------------------------------------------

    def rowCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        return 0 if parent.isValid() else len(Column)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(Column):
            return Column(section).title
        if orientation == Qt.Orientation.Vertical and 0 <= section < len(self._ids):
            return str(section + 1)
        return None

    def flags(self, index: _ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        row = self._row(index)
        if row is not None and index.column() == Column.INITIATIVE and row.in_initiative:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: _ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self._row(index)
        if row is None:
            return None
        column = Column(index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == Qt.ItemDataRole.EditRole:
            if column is Column.INITIATIVE:
                return row.initiative if row.initiative is not None else 0
            return self._display(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        if role == Qt.ItemDataRole.BackgroundRole and row.current:
            return CURRENT_TURN_BRUSH
        if role == Qt.ItemDataRole.ForegroundRole and row.inactive:
            return INACTIVE_BRUSH
        if (
            role == Qt.ItemDataRole.ForegroundRole
            and column is Column.HIT_POINTS
            and row.hit_points.endswith(_STAGGERED)
        ):
            return STAGGERED_BRUSH
        if role == Qt.ItemDataRole.FontRole and row.current:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column is Column.INITIATIVE:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.UserRole:
            return row.selected_id
        return None

    def setData(
        self, index: _ModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        """Edit an initiative result through the session (000 "Initiative"; the GM edits)."""
        row = self._row(index)
        if row is None or role != Qt.ItemDataRole.EditRole or index.column() != Column.INITIATIVE:
            return False
        try:
            total = int(value)
        except (TypeError, ValueError):
            return False
        if total == row.initiative:
            return False
        self.last_result = self._session.by(self).run(
            initiative_cases.set_initiative, row.creature_id, total
        )
        # The document's combat_changed event already updated (and moved) the row.
        return self.last_result.ok

    # -- reading ---------------------------------------------------------------------------

    def creature_ids(self) -> list[CreatureId]:
        """The creature ids, top row first."""
        return list(self._ids)

    def row_of(self, creature_id: str) -> int:
        """The row showing `creature_id` (a monster group's row for its members), or -1."""
        try:
            return self._ids.index(CreatureId(creature_id))
        except ValueError:
            pass
        for row, cid in enumerate(self._ids):
            if creature_id in self._rows[cid].members:
                return row
        return -1

    def row_data(self, creature_id: str) -> InitiativeRow:
        """What the row of `creature_id` shows.

        Raises:
            KeyError: no such row.
        """
        return self._rows[CreatureId(creature_id)]

    def disconnect_document(self) -> None:
        self._connections.disconnect_all()

    # -- internals -------------------------------------------------------------------------

    def _row(self, index: _ModelIndex) -> InitiativeRow | None:
        if not index.isValid() or index.parent().isValid():
            return None
        if not 0 <= index.row() < len(self._ids) or not 0 <= index.column() < len(Column):
            return None
        return self._rows[self._ids[index.row()]]

    @staticmethod
    def _display(row: InitiativeRow, column: Column) -> str:
        if column is Column.NAME:
            return f"▶ {row.name}" if row.current else row.name
        if column is Column.INITIATIVE:
            return "" if row.initiative is None else str(row.initiative)
        if column is Column.HIT_POINTS:
            # "14/30" in red rather than "14/30 staggered": the word took the conditions'
            # room in a narrow dock (the tooltip still says it).
            return row.hit_points.removesuffix(_STAGGERED)
        if column is Column.CONDITIONS:
            return row.effects
        return row.status

    @staticmethod
    def _tooltip(row: InitiativeRow, column: Column) -> str:
        if column is Column.NAME:
            return f"{row.name} ({row.side})"
        if column is Column.INITIATIVE:
            return row.initiative_detail
        if column is Column.HIT_POINTS:
            return row.hit_points or "No stat block."
        if column is Column.CONDITIONS:
            return row.conditions_detail
        return row.status_detail

    def _build_rows(self) -> list[InitiativeRow]:
        enc = self._session.encounter
        by_id = {c.id: c for c in enc.creatures}
        ordered = [by_id[cid] for cid in enc.combat.order if cid in by_id]
        listed = {c.id for c in ordered}
        ordered += [c for c in enc.creatures if c.id not in listed]
        return [build_unit_row(self._session, unit) for unit in row_units(self._session, ordered)]

    def _on_document_changed(self, _what: object = None) -> None:
        self._sync()

    def _on_creature_changed(self, creature: Creature) -> None:
        # Hit points, conditions or the name: that row only (the order lives in the combat).
        row = self.row_of(creature.id)
        if row < 0:
            return
        key = self._ids[row]
        members = self._rows[key].members
        if members:
            by_id = {c.id: c for c in self._session.encounter.creatures}
            updated = build_group_row(self._session, [by_id[m] for m in members if m in by_id])
        else:
            updated = build_row(self._session, creature)
        if updated != self._rows[key]:
            self._rows[key] = updated
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(Column) - 1))

    def _on_reset(self) -> None:
        self.beginResetModel()
        rows = self._build_rows()
        self._ids = [r.creature_id for r in rows]
        self._rows = {r.creature_id: r for r in rows}
        self.endResetModel()

    def _sync(self) -> None:
        """Bring the rows in line with the document with the finest signals that say it."""
        new_rows = self._build_rows()
        new_ids = [r.creature_id for r in new_rows]
        new_by_id = {r.creature_id: r for r in new_rows}
        for row in reversed(range(len(self._ids))):
            if self._ids[row] not in new_by_id:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._rows[self._ids.pop(row)]
                self.endRemoveRows()
        added = [cid for cid in new_ids if cid not in self._rows]
        if added:
            first = len(self._ids)
            self.beginInsertRows(QModelIndex(), first, first + len(added) - 1)
            for cid in added:
                self._ids.append(cid)
                self._rows[cid] = new_by_id[cid]
            self.endInsertRows()
        if self._ids != new_ids:
            self._move_rows(new_ids)
        for row, cid in enumerate(self._ids):
            if self._rows[cid] != new_by_id[cid]:
                self._rows[cid] = new_by_id[cid]
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(Column) - 1))

    def _move_rows(self, new_ids: list[CreatureId]) -> None:
        """The same creatures in a new order: a layout change keeping persistent indexes."""
        self.layoutAboutToBeChanged.emit()
        old_ids = self._ids
        position = {cid: row for row, cid in enumerate(new_ids)}
        old_persistent = self.persistentIndexList()
        self._ids = list(new_ids)
        new_persistent = [
            self.index(position[old_ids[index.row()]], index.column()) for index in old_persistent
        ]
        self.changePersistentIndexList(old_persistent, new_persistent)
        self.layoutChanged.emit()
