"""Records of the turn flow: initiative, rounds, turns, delay, ready, held and dropped attacks.

Written by `controller/turn_order.py` and the session (000 "Combat Step by Step", "Initiative",
"Delay", "Ready", "Opportunity Attacks").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from orcus_desktop.controller.log_records.base import Cell, Fields, LogRecord
from orcus_desktop.controller.log_records.values import RollRecord
from orcus_desktop.vocabulary import CreatureId


@dataclass(frozen=True, slots=True)
class Initiative(LogRecord):
    """An initiative result: typed in by the GM (`entered_total`) or rolled (`roll`, `total`).

    A group of identical monsters shares one roll under its `group` name; `typed_in` says the
    d20 was rolled at the table.
    """

    kind: ClassVar[str] = "initiative"
    modifier: int
    entered_total: int | None = None
    roll: RollRecord | None = None
    total: int | None = None
    group: str | None = None
    typed_in: bool = False

    def to_dict(self) -> dict[str, Any]:
        if self.entered_total is not None:
            return {"entered_total": self.entered_total, "modifier": self.modifier}
        return {
            "roll": self.roll.to_dict() if self.roll is not None else None,
            "modifier": self.modifier,
            "total": self.total,
            "group": self.group,
            "typed_in": self.typed_in,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        if f.has("entered_total"):
            return cls(f.integer("modifier", 0), entered_total=f.integer("entered_total"))
        return cls(
            f.integer("modifier", 0),
            roll=RollRecord.opt_from_dict(f.opt_mapping("roll")),
            total=f.opt_integer("total"),
            group=f.opt_text("group"),
            typed_in=f.flag("typed_in", False),
        )


@dataclass(frozen=True, slots=True)
class InitiativeTie(LogRecord):
    """Equal results and modifiers: a recorded coin flip orders them (000 "Initiative")."""

    kind: ClassVar[str] = "initiative_tie"
    initiative: int
    modifier: int
    winner_first: tuple[CreatureId, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "initiative": self.initiative,
            "modifier": self.modifier,
            "winner_first": list(self.winner_first),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.integer("initiative"), f.integer("modifier"), f.ids("winner_first"))


@dataclass(frozen=True, slots=True)
class InitiativeEdit(LogRecord):
    """The GM changed a result (`before`: placed right before that creature)."""

    kind: ClassVar[str] = "initiative_edit"
    old: int
    new: int
    before: CreatureId | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"from": self.old, "to": self.new}
        if self.before is not None:
            data["before"] = self.before
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        before = f.opt_text("before")
        return cls(
            f.integer("from"), f.integer("to"), CreatureId(before) if before is not None else None
        )


@dataclass(frozen=True, slots=True)
class CombatStart(LogRecord):
    """Combat begins, with or without a surprise round, in this order."""

    kind: ClassVar[str] = "combat_start"
    surprise_round: bool
    order: tuple[CreatureId, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"surprise_round": self.surprise_round, "order": list(self.order)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.flag("surprise_round", False), f.ids("order", ()))


@dataclass(frozen=True, slots=True)
class RoundStart(LogRecord):
    """A round begins: the surprise round, or round `round` (None: the entry's round)."""

    kind: ClassVar[str] = "round_start"
    round: int | None = None
    surprise: bool = False

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"surprise": True} if self.surprise else {}
        if self.round is not None:
            data["round"] = self.round
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.opt_integer("round"), f.flag("surprise", False))


@dataclass(frozen=True, slots=True)
class RoundEnd(LogRecord):
    """A round ends (None: the entry's round)."""

    kind: ClassVar[str] = "round_end"
    round: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round} if self.round is not None else {}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(Fields(data, cls.kind).opt_integer("round"))


@dataclass(frozen=True, slots=True)
class SurpriseEnd(LogRecord):
    """The surprise round ends (000 "Surprised")."""

    kind: ClassVar[str] = "surprise_end"


@dataclass(frozen=True, slots=True)
class CombatEnd(LogRecord):
    """Combat ends after `rounds` rounds (None: the entry's round)."""

    kind: ClassVar[str] = "combat_end"
    rounds: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"rounds": self.rounds} if self.rounds is not None else {}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(Fields(data, cls.kind).opt_integer("rounds"))


@dataclass(frozen=True, slots=True)
class TurnStart(LogRecord):
    """A turn begins (`resumed`: a delaying creature re-enters, 000 "Delay")."""

    kind: ClassVar[str] = "turn_start"
    resumed: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"resumed": self.resumed}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(Fields(data, cls.kind).flag("resumed", False))


@dataclass(frozen=True, slots=True)
class TurnEnd(LogRecord):
    """A turn ends."""

    kind: ClassVar[str] = "turn_end"


@dataclass(frozen=True, slots=True)
class _Reason(LogRecord):
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(Fields(data, cls.kind).text("reason", ""))


@dataclass(frozen=True, slots=True)
class TurnSkipped(_Reason):
    """No turn this round: dead, or surprised in the surprise round."""

    kind: ClassVar[str] = "turn_skipped"


@dataclass(frozen=True, slots=True)
class TurnLost(_Reason):
    """A creature delayed to the end of the round: that turn is lost (000 "Delay")."""

    kind: ClassVar[str] = "turn_lost"


@dataclass(frozen=True, slots=True)
class Delay(LogRecord):
    """000 "Delay": the creature leaves the order until it re-enters."""

    kind: ClassVar[str] = "delay"


@dataclass(frozen=True, slots=True)
class DelayResume(LogRecord):
    """A delaying creature re-enters after `after`, taking its initiative (000 "Delay")."""

    kind: ClassVar[str] = "delay_resume"
    after: CreatureId
    initiative: int

    def to_dict(self) -> dict[str, Any]:
        return {"after": self.after, "initiative": self.initiative}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(CreatureId(f.text("after")), f.integer("initiative"))


@dataclass(frozen=True, slots=True)
class Ready(LogRecord):
    """An action readied (000 "Ready"): its type, trigger and what it will do."""

    kind: ClassVar[str] = "ready"
    action: str
    trigger: str
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.action, "trigger": self.trigger, "description": self.description}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.text("kind"), f.text("trigger"), f.text("description", ""))


@dataclass(frozen=True, slots=True)
class ReadiedTriggered(LogRecord):
    """The readied action is taken before the triggering creature, at its initiative."""

    kind: ClassVar[str] = "readied_triggered"
    action: str
    trigger: str
    initiative: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.action, "trigger": self.trigger, "initiative": self.initiative}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.text("kind"), f.text("trigger"), f.integer("initiative"))


@dataclass(frozen=True, slots=True)
class ReadiedLapsed(LogRecord):
    """The readier's next turn came first (000 "Initiative Consequences of Readying")."""

    kind: ClassVar[str] = "readied_lapsed"
    trigger: str

    def to_dict(self) -> dict[str, Any]:
        return {"trigger": self.trigger}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(Fields(data, cls.kind).text("trigger"))


@dataclass(frozen=True, slots=True)
class JoinCombat(LogRecord):
    """A creature joins a running combat at its initiative."""

    kind: ClassVar[str] = "join_combat"


@dataclass(frozen=True, slots=True)
class OpportunityDeclined(LogRecord):
    """An offered opportunity attack let pass."""

    kind: ClassVar[str] = "opportunity_declined"


@dataclass(frozen=True, slots=True)
class MoveStopped(LogRecord):
    """An opportunity attack dropped a mover: it stays where it provoked."""

    kind: ClassVar[str] = "move_stopped"
    at: Cell

    def to_dict(self) -> dict[str, Any]:
        return {"at": list(self.at)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(Fields(data, cls.kind).cell("at"))


@dataclass(frozen=True, slots=True)
class AttackHeld(LogRecord):
    """An attack waits for the opportunity attacks it provoked (`what`: "Hero's charge")."""

    kind: ClassVar[str] = "attack_held"
    what: str
    provoked: tuple[CreatureId, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "provoked": list(self.provoked)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.text("what"), f.ids("provoked", ()))


@dataclass(frozen=True, slots=True)
class AttackDropped(LogRecord):
    """A held attack that cannot be made any more, and why."""

    kind: ClassVar[str] = "attack_dropped"
    what: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.text("what"), f.text("reason", ""))
