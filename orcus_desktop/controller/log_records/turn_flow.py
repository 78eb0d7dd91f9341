"""Records of the turn flow: initiative, rounds, turns, delay, ready, held and dropped attacks.

Written by `controller/turn_order.py` and the session (000 "Combat Step by Step", "Initiative",
"Delay", "Ready", "Opportunity Attacks").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from orcus_desktop.controller.log_records.base import Cell, LogRecord, Stored
from orcus_desktop.controller.log_records.values import RollRecord
from orcus_desktop.vocabulary import CreatureId

_KIND = Stored(key="kind")
"""The readied action's type is stored as `kind` (the entry's own kind is on the entry)."""
_ROLLED = Stored(unless="entered_total")
"""A rolled initiative's details; a typed-in total is stored alone with the modifier."""


@dataclass(frozen=True, slots=True)
class Initiative(LogRecord):
    """An initiative result: typed in by the GM (`entered_total`) or rolled (`roll`, `total`).

    A group of identical monsters shares one roll under its `group` name; `typed_in` says the
    d20 was rolled at the table.
    """

    kind: ClassVar[str] = "initiative"
    modifier: Annotated[int, Stored(missing=0)]
    entered_total: Annotated[int | None, Stored(omit=None)] = None
    roll: Annotated[RollRecord | None, _ROLLED] = None
    total: Annotated[int | None, _ROLLED] = None
    group: Annotated[str | None, _ROLLED] = None
    typed_in: Annotated[bool, _ROLLED] = False


@dataclass(frozen=True, slots=True)
class InitiativeTie(LogRecord):
    """Equal results and modifiers: a recorded coin flip orders them (000 "Initiative")."""

    kind: ClassVar[str] = "initiative_tie"
    initiative: int
    modifier: int
    winner_first: tuple[CreatureId, ...]


@dataclass(frozen=True, slots=True)
class InitiativeEdit(LogRecord):
    """The GM changed a result (`before`: placed right before that creature)."""

    kind: ClassVar[str] = "initiative_edit"
    old: Annotated[int, Stored(key="from")]
    new: Annotated[int, Stored(key="to")]
    before: Annotated[CreatureId | None, Stored(omit=None)] = None


@dataclass(frozen=True, slots=True)
class CombatStart(LogRecord):
    """Combat begins, with or without a surprise round, in this order."""

    kind: ClassVar[str] = "combat_start"
    surprise_round: Annotated[bool, Stored(missing=False)]
    order: Annotated[tuple[CreatureId, ...], Stored(missing=())]


@dataclass(frozen=True, slots=True)
class RoundStart(LogRecord):
    """A round begins: the surprise round, or round `round` (None: the entry's round)."""

    kind: ClassVar[str] = "round_start"
    round: Annotated[int | None, Stored(omit=None)] = None
    surprise: Annotated[bool, Stored(omit=False)] = False


@dataclass(frozen=True, slots=True)
class RoundEnd(LogRecord):
    """A round ends (None: the entry's round)."""

    kind: ClassVar[str] = "round_end"
    round: Annotated[int | None, Stored(omit=None)] = None


@dataclass(frozen=True, slots=True)
class SurpriseEnd(LogRecord):
    """The surprise round ends (000 "Surprised")."""

    kind: ClassVar[str] = "surprise_end"


@dataclass(frozen=True, slots=True)
class CombatEnd(LogRecord):
    """Combat ends after `rounds` rounds (None: the entry's round)."""

    kind: ClassVar[str] = "combat_end"
    rounds: Annotated[int | None, Stored(omit=None)] = None


@dataclass(frozen=True, slots=True)
class TurnStart(LogRecord):
    """A turn begins (`resumed`: a delaying creature re-enters, 000 "Delay")."""

    kind: ClassVar[str] = "turn_start"
    resumed: bool = False


@dataclass(frozen=True, slots=True)
class TurnEnd(LogRecord):
    """A turn ends."""

    kind: ClassVar[str] = "turn_end"


@dataclass(frozen=True, slots=True)
class _Reason(LogRecord):
    reason: str = ""


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


@dataclass(frozen=True, slots=True)
class Ready(LogRecord):
    """An action readied (000 "Ready"): its type, trigger and what it will do."""

    kind: ClassVar[str] = "ready"
    action: Annotated[str, _KIND]
    trigger: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class ReadiedTriggered(LogRecord):
    """The readied action is taken before the triggering creature, at its initiative."""

    kind: ClassVar[str] = "readied_triggered"
    action: Annotated[str, _KIND]
    trigger: str
    initiative: int


@dataclass(frozen=True, slots=True)
class ReadiedLapsed(LogRecord):
    """The readier's next turn came first (000 "Initiative Consequences of Readying")."""

    kind: ClassVar[str] = "readied_lapsed"
    trigger: str


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


@dataclass(frozen=True, slots=True)
class AttackHeld(LogRecord):
    """An attack waits for the opportunity attacks it provoked (`what`: "Hero's charge")."""

    kind: ClassVar[str] = "attack_held"
    what: str
    provoked: Annotated[tuple[CreatureId, ...], Stored(missing=())]


@dataclass(frozen=True, slots=True)
class AttackDropped(LogRecord):
    """A held attack that cannot be made any more, and why."""

    kind: ClassVar[str] = "attack_dropped"
    what: str
    reason: Annotated[str, Stored(missing="")]
