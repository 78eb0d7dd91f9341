"""The combat log panel: the document's structured log, one formatted line per event.

The log lives in the document (`Combat.log`, frozen `LogEntry`s with every roll and state
change); this panel only mirrors it. New entries are appended as rows, and an undo, which
puts back a shorter log, removes the rows it undid. Rolls and explained numbers are rebuilt
from the stored records and printed by `orcus_desktop.rules.format` (d20's Stringifier: the
results hold no display text).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
)
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QListView, QVBoxLayout, QWidget

from orcus_desktop.controller.log_text import describe
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.combat import LogEntry
from orcus_desktop.rules.dice import DiceRoll, DieResult, RollTerm
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.format import format_resolved, format_roll
from orcus_desktop.rules.modifiers import Modifier, ResolvedValue
from orcus_desktop.rules.terms import Defense
from orcus_desktop.ui.panels.common import DURATION_TEXT, DocumentConnections, name_of

_ModelIndex = QModelIndex | QPersistentModelIndex
_DICE_TERM = re.compile(r"^\s*(\d*)\s*d\s*(\d+|%)", re.IGNORECASE)

HEADING_KINDS = frozenset({"combat_start", "round_start", "combat_end"})
"""Entries shown bold: they divide the log into rounds."""


# -- rebuilding rules values from the stored records -------------------------------------------


def roll_from_data(data: Mapping[str, Any]) -> DiceRoll | None:
    """The `DiceRoll` a log record describes (the `roll_data` layout), or None if unreadable.

    The record keeps the terms and a flat list of dice; each dice term (``2d6``) takes its
    dice from the list in order.
    """
    try:
        dice = [DieResult(int(d[0]), int(d[1]), bool(d[2])) for d in data.get("dice", ())]
        terms: list[RollTerm] = []
        for value, source in data.get("terms", ()):
            match = _DICE_TERM.match(str(source))
            count = int(match.group(1) or 1) if match else 0
            taken, dice = dice[:count], dice[count:]
            terms.append(RollTerm(int(value), str(source), tuple(taken)))
        forced = data.get("forced_total")
        return DiceRoll(
            expression=str(data.get("expression", "")),
            rolled_total=int(data["rolled_total"]),
            terms=tuple(terms),
            forced_total=int(forced) if forced is not None else None,
            forced_reason=str(data.get("forced_reason", "")),
        )
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def resolved_from_parts(parts: Sequence[Sequence[Any]], total: int | None) -> ResolvedValue | None:
    """The `ResolvedValue` behind stored ``parts`` (base first, then modifiers) and total."""
    if not parts:
        return None
    base, source = parts[0]
    value = ResolvedValue(
        int(base), str(source), tuple(Modifier(int(v), str(s)) for v, s in parts[1:])
    )
    if total is not None and total != value.computed:
        value = value.overridden(int(total))
    return value


# -- the formatter -----------------------------------------------------------------------------


class LogFormatter:
    """Turns stored `LogEntry` records into plain text lines for the GM.

    Args:
        name: creature id -> the name to print.
    """

    def __init__(self, name: Callable[[str | None], str]) -> None:
        self._name = name

    def format(self, entry: LogEntry) -> str:
        """One event as text (several lines for an attack); never raises."""
        handler = _HANDLERS.get(entry.kind)
        if handler is not None:
            try:
                return handler(self, entry, entry.data)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                pass  # a record of an older or newer layout: fall back to the generic line
        return self._generic(entry)

    # -- pieces ----------------------------------------------------------------------------

    def _actor(self, entry: LogEntry) -> str:
        return self._name(entry.actor) if entry.actor else ""

    def _targets(self, entry: LogEntry) -> str:
        return ", ".join(self._name(t) for t in entry.targets)

    def _generic(self, entry: LogEntry) -> str:
        """The controller's default wording, for kinds this formatter does not know."""
        names: dict[str, str] = {
            str(cid): self._name(cid) for cid in (entry.actor, *entry.targets) if cid
        }
        try:
            return describe(entry, names)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            text = entry.kind.replace("_", " ").capitalize()
            who = self._actor(entry)
            return f"{text}: {who}" if who else text

    def _roll(self, data: Mapping[str, Any] | None) -> str:
        if not data:
            return ""
        rebuilt = roll_from_data(data)
        return format_roll(rebuilt) if rebuilt is not None else str(data.get("total", "?"))

    def _effect(self, effect: Mapping[str, Any] | None) -> str:
        if not effect:
            return "an effect"
        duration = effect.get("duration") or {}
        kind = duration.get("kind")
        try:
            when = DURATION_TEXT[DurationKind(str(kind))]
        except ValueError:
            when = str(kind)
        if "condition" in effect:
            what = str(effect["condition"]).replace("_", " ").capitalize()
        else:
            types = " ".join(str(t) for t in effect.get("types", ()))
            what = f"{effect.get('amount', '?')} {types + ' ' if types else ''}persistent damage"
        return f"{what} ({when})"

    def _damage(self, target: str, d: Mapping[str, Any]) -> str:
        text = f"{target} takes {d['amount']} damage"
        if d.get("source"):
            text += f" from {d['source']}"
        steps = d.get("steps") or ()
        if steps:
            text += f" ({d.get('rolled')}"
            text += "".join(f" {int(v):+d} ({reason})" for v, reason in steps)
            text += ")"
        if d.get("absorbed_by_temp_hp"):
            text += f", {d['absorbed_by_temp_hp']} absorbed by temporary HP"
        text += f": HP {d['hp_before']} -> {d['hp_after']}"
        events = []
        if d.get("became_staggered"):
            events.append("staggered")
        if d.get("knocked_out"):
            events.append("knocked out")
        if d.get("fell_unconscious"):
            events.append("falls unconscious and is dying")
        if d.get("died"):
            cause = d.get("death_cause")
            events.append(f"dies ({cause})" if cause else "dies")
        if events:
            text += "; " + ", ".join(events)
        return text

    def _healing(self, target: str, h: Mapping[str, Any]) -> str:
        if h.get("refused"):
            return f"{target} cannot be healed ({h['refused']})"
        if int(h.get("amount") or 0) < 0:  # the GM set hit points lower
            by = f" by {h['source']}" if h.get("source") else ""
            return f"{target}'s hit points are set{by}: HP {h['hp_before']} -> {h['hp_after']}"
        if h.get("stabilized_at_one"):
            text = f"{target} heals (no recovery left: set to 1 HP)"
        elif h.get("recovery_spent"):
            text = f"{target} heals {h['amount']} (a recovery)"
        else:
            text = f"{target} heals {h['amount']}"
        if h.get("source"):
            text += f" from {h['source']}"
        text += f": HP {h['hp_before']} -> {h['hp_after']}"
        if h.get("regained_consciousness"):
            text += "; regains consciousness"
        return text

    def _save(self, data: Mapping[str, Any]) -> str:
        total = resolved_from_parts(data.get("parts") or (), data.get("total"))
        shown = format_resolved(total) if total is not None else str(data.get("total"))
        verdict = "succeeds" if data.get("success") else "fails"
        typed = " (typed in)" if data.get("typed_in") else ""
        return f"{shown} vs {data.get('target_number', 10)}: {verdict}{typed}"

    # -- one method per kind ---------------------------------------------------------------

    def _initiative(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        who = self._actor(entry)
        if "entered_total" in data:
            return f"{who}: initiative {data['entered_total']} (entered by the GM)"
        text = f"{who} rolls initiative: {self._roll(data.get('roll'))}"
        notes = []
        if data.get("group"):
            notes.append(f"group {data['group']}")
        if data.get("typed_in"):
            notes.append("die typed in")
        return text + (f" ({', '.join(notes)})" if notes else "")

    def _initiative_tie(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        first = ", then ".join(self._name(c) for c in data.get("winner_first", ()))
        return (
            f"Tie at initiative {data['initiative']} (modifier {data['modifier']}): "
            f"a coin flip puts {first}"
        )

    def _initiative_edit(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        text = f"{self._actor(entry)}: initiative {data['from']} -> {data['to']}"
        if data.get("before"):
            text += f", acts before {self._name(data['before'])}"
        return text

    def _combat_start(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return "Combat starts" + (" with a surprise round" if data.get("surprise_round") else "")

    def _round_start(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        if data.get("surprise"):
            return "— Surprise round —"
        return f"— Round {data.get('round', entry.round)} —"

    def _round_end(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return f"End of round {data.get('round', entry.round)}"

    def _combat_end(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        rounds = data.get("rounds", entry.round)
        return f"Combat ends (round {rounds})"

    def _turn_start(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        resumed = " (re-entering after a delay)" if data.get("resumed") else ""
        return f"{self._actor(entry)}'s turn{resumed}"

    def _turn_skipped(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return f"{self._actor(entry)} loses its turn ({data.get('reason', '')})"

    def _delay_resume(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return (
            f"{self._actor(entry)} stops delaying: acts after {self._name(data['after'])}"
            f" (initiative {data['initiative']})"
        )

    def _ready(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        what = f": {data['description']}" if data.get("description") else ""
        trigger = data["trigger"]
        return f"{self._actor(entry)} readies a {data['kind']} action{what} (trigger: {trigger})"

    def _readied_triggered(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return (
            f"{self._actor(entry)} takes its readied {data['kind']} action before "
            f"{self._targets(entry)} (trigger: {data['trigger']}; initiative now "
            f"{data['initiative']})"
        )

    def _move(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        cost = int(data.get("cost", 0))
        squares = f"{cost} square{'s' if cost != 1 else ''}"
        mode = str(data.get("mode", "walk"))
        if entry.kind == "charge_move":
            text = f"{self._actor(entry)} charges {self._targets(entry)}: moves {squares}"
        elif mode == "gm":
            text = f"{self._actor(entry)} is moved by the GM"
        else:
            text = f"{self._actor(entry)} moves {squares} ({mode})"
        provoked = data.get("provoked") or ()
        if provoked:
            text += "; opportunity attack offered to " + ", ".join(self._name(p) for p in provoked)
        return text

    def _attack(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        weapon = f" with {data['weapon']}" if data.get("weapon") else ""
        lines = [f"{self._actor(entry)} uses {data['power']}{weapon} ({data.get('origin', '')})"]
        for key, label in (
            ("hit_damage", "damage on a hit"),
            ("miss_damage", "damage on a miss"),
            ("effect_damage", "effect damage"),
        ):
            if data.get(key):
                lines.append(f"  {label}: {self._roll(data[key])}")
        for t in data.get("targets", ()):
            lines += ["  " + line for line in self._attack_target(t)]
        if data.get("provoked"):
            lines.append(
                "  opportunity attack offered to "
                + ", ".join(self._name(p) for p in data["provoked"])
            )
        return "\n".join(lines)

    def _attack_target(self, t: Mapping[str, Any]) -> list[str]:
        target = self._name(t.get("target"))
        attack = resolved_from_parts(t.get("attack_parts") or (), t.get("attack"))
        defense = resolved_from_parts(t.get("defense_parts") or (), t.get("defense"))
        if attack is None or defense is None:
            line = f"{target}: no attack roll"
        else:
            verdict = "CRITICAL HIT" if t.get("critical") else ("hit" if t.get("hit") else "miss")
            auto = f", {t['automatic']}" if t.get("automatic") else ""
            try:
                kind = Defense(str(t.get("defense_kind"))).label
            except ValueError:
                kind = "defense"
            # An unmodified defense reads "vs AC 17", not "vs AC 17 (Goblin AC) = 17".
            plain = not defense.modifiers and not defense.ignored and defense.override is None
            against = str(defense.total) if plain else format_resolved(defense)
            line = f"{target}: {format_resolved(attack)} vs {kind} {against} -> {verdict}{auto}"
            if t.get("combat_advantage"):
                line += f" (combat advantage: {', '.join(t['combat_advantage'])})"
        cover = t.get("cover")
        if cover and cover != "none":
            line += f"; cover: {str(cover).replace('_', ' ')}"
        lines = [line]
        lines += ["  " + self._damage(target, d) for d in t.get("damage", ())]
        lines += [f"  {target} is {self._effect(c)}" for c in t.get("conditions", ())]
        lines += [f"  {target} takes {self._effect(p)}" for p in t.get("persistent", ())]
        lines += [f"  {target}: {kind} {n}" for kind, n in t.get("forced_movement", ())]
        lines += ["  " + self._healing(target, h) for h in t.get("healing", ())]
        # The power's words the app does not carry out ("An enemy adjacent to you takes..."):
        # "Goblin: An enemy adjacent..." read as if the goblin were that enemy.
        lines += [f"  for the GM to apply: {text}" for text in t.get("text", ())]
        return lines

    def _damage_entry(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return self._damage(self._targets(entry), data)

    def _healing_entry(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return self._healing(self._targets(entry), data)

    def _condition_added(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        by = f" (by {self._actor(entry)})" if entry.actor else ""
        return f"{self._targets(entry)} is {self._effect(data.get('effect'))}{by}"

    def _persistent_added(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return f"{self._targets(entry)} takes {self._effect(data.get('effect'))}"

    def _effect_ended(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        effects = ", ".join(self._effect(e) for e in data.get("effects", ()))
        reason = f" ({data['reason']})" if data.get("reason") else ""
        return f"{self._targets(entry)}: {effects} ends{reason}"

    def _saving_throw(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        effect = self._effect(data.get("effect")) if data.get("effect") else "an effect"
        return f"{self._actor(entry)} saves against {effect}: {self._save(data)}"

    def _death_save(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        who = self._actor(entry)
        text = f"{who} makes a death saving throw: {self._save(data)}"
        if data.get("spent_recovery"):
            text += "; a natural 20: spends a recovery and wakes"
        elif not data.get("success"):
            text += f"; failure {data.get('failures', '?')}"
        if data.get("died"):
            text += f"; {who} dies"
        return text

    def _persistent_damage(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        damage = {**data["damage"], "source": ""}
        return "Persistent damage: " + self._damage(self._targets(entry), damage)

    def _regeneration(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return "Regeneration: " + self._healing(self._targets(entry), data)

    def _forced_move(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        squares = int(data.get("squares", 0))
        by = f" by {self._actor(entry)}" if entry.actor else ""
        kind = str(data.get("kind", "move"))
        past = {"push": "pushed", "pull": "pulled", "slide": "slid"}.get(kind, kind)
        return (
            f"{self._targets(entry)} is {past} {squares} square{'s' if squares != 1 else ''}{by}"
        )

    def _help(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        ally, enemy = (self._name(t) for t in entry.targets[:2])
        verb = "attack" if entry.kind == "help_attack" else "defend against"
        return f"{self._actor(entry)} helps {ally} {verb} {enemy} (+{data.get('bonus', 2)})"

    def _temp_hp(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        # 000 "Temporary Hit Points": the higher value is kept, never the sum.
        return (
            f"{self._targets(entry)} is offered {data['offered']} temporary HP: "
            f"{data['before']} -> {data['after']} (never added together)"
        )

    def _rally(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        who = self._actor(entry)
        text = f"{who} rallies"
        if data.get("healing"):
            text += ": " + self._healing(who, data["healing"])
        return text

    def _escape(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        verdict = "escapes" if data.get("success") else "fails to escape"
        check = resolved_from_parts(data.get("parts") or (), data.get("total"))
        shown = format_resolved(check) if check is not None else str(data.get("total"))
        return (
            f"{self._actor(entry)} {verdict} from {self._targets(entry)}: "
            f"{data.get('skill', 'check')} {shown} vs {data.get('target_number')}"
        )

    def _grapple(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        how = " (automatically: the target is helpless)" if data.get("automatic") else ""
        return f"{self._actor(entry)} grapples {self._targets(entry)}{how}"

    def _aid_another(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        note = f": {data['note']}" if data.get("note") else ""
        return f"{self._actor(entry)} aids {self._targets(entry)}{note}"

    def _maintain(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return f"{self._actor(entry)} maintains {data.get('power', 'a power')}"

    def _maintain_lapsed(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return f"{self._actor(entry)} did not maintain {data.get('power', 'a power')}: it ends"

    def _action_point(self, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return f"{self._actor(entry)} spends an action point ({data.get('left', 0)} left)"


_Handler = Callable[[LogFormatter, LogEntry, Mapping[str, Any]], str]


def _simple(text: str) -> _Handler:
    """A handler printing `text` with {actor}, {targets} and the record's fields filled in."""

    def handler(formatter: LogFormatter, entry: LogEntry, data: Mapping[str, Any]) -> str:
        return text.format(
            **data, actor=formatter._actor(entry), targets=formatter._targets(entry)
        )

    return handler


_HANDLERS: dict[str, _Handler] = {
    "initiative": LogFormatter._initiative,
    "initiative_tie": LogFormatter._initiative_tie,
    "initiative_edit": LogFormatter._initiative_edit,
    "combat_start": LogFormatter._combat_start,
    "round_start": LogFormatter._round_start,
    "round_end": LogFormatter._round_end,
    "surprise_end": _simple("The surprise round ends"),
    "combat_end": LogFormatter._combat_end,
    "turn_start": LogFormatter._turn_start,
    "turn_end": _simple("{actor} ends its turn"),
    "turn_skipped": LogFormatter._turn_skipped,
    "turn_lost": _simple("{actor} delayed too long: its turn this round is lost"),
    "delay": _simple("{actor} delays"),
    "delay_resume": LogFormatter._delay_resume,
    "ready": LogFormatter._ready,
    "readied_triggered": LogFormatter._readied_triggered,
    "readied_lapsed": _simple("{actor}'s readied action lapses (trigger: {trigger})"),
    "join_combat": _simple("{actor} joins the combat"),
    "move": LogFormatter._move,
    "charge_move": LogFormatter._move,
    "attack": LogFormatter._attack,
    "damage": LogFormatter._damage_entry,
    "healing": LogFormatter._healing_entry,
    "temp_hp": LogFormatter._temp_hp,
    "condition_added": LogFormatter._condition_added,
    "persistent_added": LogFormatter._persistent_added,
    "effect_ended": LogFormatter._effect_ended,
    "saving_throw": LogFormatter._saving_throw,
    "death_save": LogFormatter._death_save,
    "persistent_damage": LogFormatter._persistent_damage,
    "regeneration": LogFormatter._regeneration,
    "forced_move": LogFormatter._forced_move,
    "help_attack": LogFormatter._help,
    "help_defense": LogFormatter._help,
    "aid_another": LogFormatter._aid_another,
    "total_defense": _simple("{actor} takes total defense: +2 to all defenses"),
    "rally": LogFormatter._rally,
    "stand_up": _simple("{actor} stands up"),
    "drop_prone": _simple("{actor} drops prone"),
    "action_point": LogFormatter._action_point,
    "opportunity_declined": _simple("{actor} lets the opportunity attack pass"),
    "maintain": LogFormatter._maintain,
    "maintain_lapsed": LogFormatter._maintain_lapsed,
    "grapple": LogFormatter._grapple,
    "escape_grapple": LogFormatter._escape,
    "release_grapple": _simple("{actor} lets go of {targets}"),
}


# -- the Qt model and panel --------------------------------------------------------------------


class CombatLogModel(QAbstractListModel):
    """One row per `LogEntry` of the document's combat log, oldest first.

    The rows mirror `document.encounter.combat.log`: on `combat_changed` the entries after
    the common prefix are removed and the new ones inserted (an undo shortens the log, an
    action lengthens it); `reset` rebuilds everything. Lines are formatted once, when their
    entry arrives, so a creature removed later keeps its name in the log.

    Args:
        session: the game session whose document is shown.
        parent: the Qt parent.
    """

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._formatter = LogFormatter(lambda cid: name_of(session, cid))
        self._entries: tuple[LogEntry, ...] = ()
        self._lines: list[str] = []
        self._connections = DocumentConnections()
        events = session.document.events
        self._connections.connect(events.combat_changed, self._on_combat_changed)
        self._connections.connect(events.reset, self._on_reset)
        self._connections.bind(self)
        self._entries = session.encounter.combat.log
        self._lines = [self._formatter.format(e) for e in self._entries]

    # -- Qt model API ----------------------------------------------------------------------

    def rowCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        return 0 if parent.isValid() else len(self._entries)

    def data(self, index: _ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._entries):
            return None
        entry = self._entries[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._lines[index.row()]
        if role == Qt.ItemDataRole.ToolTipRole:
            where = "before combat" if entry.round == 0 else f"round {entry.round}"
            return f"#{entry.seq}, {where}: {entry.kind}"
        if role == Qt.ItemDataRole.FontRole and entry.kind in HEADING_KINDS:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.UserRole:
            return entry.kind
        return None

    # -- reading ---------------------------------------------------------------------------

    def entry(self, row: int) -> LogEntry:
        return self._entries[row]

    def lines(self) -> list[str]:
        """Every formatted line, oldest first (what the panel shows)."""
        return list(self._lines)

    def disconnect_document(self) -> None:
        self._connections.disconnect_all()

    # -- document events -------------------------------------------------------------------

    def _on_combat_changed(self) -> None:
        new = self._session.encounter.combat.log
        old = self._entries
        if new is old:
            return
        keep = 0
        for before, after in zip(old, new, strict=False):
            if before is not after and before != after:
                break
            keep += 1
        if keep < len(old):
            self.beginRemoveRows(QModelIndex(), keep, len(old) - 1)
            self._entries = old[:keep]
            del self._lines[keep:]
            self.endRemoveRows()
        if keep < len(new):
            self.beginInsertRows(QModelIndex(), keep, len(new) - 1)
            self._lines.extend(self._formatter.format(e) for e in new[keep:])
            self._entries = new
            self.endInsertRows()
        self._entries = new

    def _on_reset(self) -> None:
        self.beginResetModel()
        self._entries = self._session.encounter.combat.log
        self._lines = [self._formatter.format(e) for e in self._entries]
        self.endResetModel()


class CombatLogPanel(QWidget):
    """The combat log dock: the formatted log, scrolled to the newest line as it grows.

    Args:
        session: the game session whose document's log is shown.
        parent: the Qt parent.

    Attributes:
        model: the `CombatLogModel` shown.
        view: the list view.
    """

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("combatLogPanel")
        self.model = CombatLogModel(session, self)
        self.view = QListView(self)
        self.view.setObjectName("combatLogView")
        self.view.setModel(self.model)
        self.view.setWordWrap(True)
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        # Scrolling lays out every word-wrapped row: do it once per burst of new entries (an
        # end of turn logs several), after the event loop has caught up.
        self._scroll_timer = QTimer(self)
        self._scroll_timer.setSingleShot(True)
        self._scroll_timer.setInterval(0)
        self._scroll_timer.timeout.connect(self._on_scroll_timer)
        self.model.rowsInserted.connect(self._on_rows_inserted)
        self.view.scrollToBottom()

    def _on_rows_inserted(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        if self.isVisible():
            self._scroll_timer.start()

    def _on_scroll_timer(self) -> None:
        self.view.scrollToBottom()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._scroll_timer.start()
