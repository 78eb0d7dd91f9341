"""Records of the turn flow: initiative, rounds, turns, delay, ready, held and dropped attacks.

Written by `controller/turns/turn_order.py` and the session (000 "Combat Step by Step",
"Initiative", "Delay", "Ready", "Opportunity Attacks").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from orcus_desktop.controller.log.records.base import Cell, DictRecord, LogRecord, Stored
from orcus_desktop.controller.log.records.values import RollRecord
from orcus_desktop.vocabulary import CreatureId

_KIND = Stored(key="kind")
"""The readied action's type is stored as `kind` (the entry's own kind is on the entry)."""
_ROLLED = Stored(unless="entered_total")
"""A rolled initiative's details; a typed-in total is stored alone with the modifier."""


@dataclass(frozen=True, slots=True)
class Initiative(LogRecord, kind="initiative"):
    """An initiative result: typed in by the GM (`entered_total`) or rolled (`roll`, `total`).

    A group of identical monsters shares one roll under its `group` name; `typed_in` says the
    d20 was rolled at the table. The fields are in the stored key order of both layouts: a
    typed-in total as `entered_total, modifier`, a roll as `roll, modifier, total, group,
    typed_in` (files keep the bytes they always had).
    """

    entered_total: Annotated[int | None, Stored(omit=None)] = None
    roll: Annotated[RollRecord | None, _ROLLED] = None
    modifier: int = 0
    total: Annotated[int | None, _ROLLED] = None
    group: Annotated[str | None, _ROLLED] = None
    typed_in: Annotated[bool, _ROLLED] = False


@dataclass(frozen=True, slots=True)
class InitiativeChoiceMade(LogRecord, kind="initiative_choice"):
    """001-01: the check a creature rolls for initiative, and its 001-03 step-1 tie choice."""

    check: str
    tie_choice: str
    mechanic: str = "001-01"


@dataclass(frozen=True, slots=True)
class LadderStep(DictRecord):
    """One roll of 001-03's ladder: a step 3-4 check (`check`, `total`) or a step 5 `d6`."""

    step: int
    unit: CreatureId
    check: Annotated[str | None, Stored(omit=None)] = None
    total: Annotated[int | None, Stored(omit=None)] = None
    d6: Annotated[int | None, Stored(omit=None)] = None


@dataclass(frozen=True, slots=True)
class InitiativeLadder(LogRecord, kind="initiative_ladder"):
    """001-03: units tied on `initiative`, first to last, and the ladder's rolls that did it."""

    initiative: int
    first_to_last: tuple[CreatureId, ...]
    steps: tuple[LadderStep, ...]
    mechanic: str = "001-03"


@dataclass(frozen=True, slots=True)
class InitiativeTie(LogRecord, kind="initiative_tie"):
    """Equal results and modifiers: a recorded coin flip orders them (000 "Initiative")."""

    initiative: int
    modifier: int
    winner_first: tuple[CreatureId, ...]


@dataclass(frozen=True, slots=True)
class InitiativeEdit(LogRecord, kind="initiative_edit"):
    """The GM changed a result (`before`: placed right before that creature)."""

    old: Annotated[int, Stored(key="from")]
    new: Annotated[int, Stored(key="to")]
    before: Annotated[CreatureId | None, Stored(omit=None)] = None


@dataclass(frozen=True, slots=True)
class CombatStart(LogRecord, kind="combat_start"):
    """Combat begins, with or without a surprise round, in this order."""

    surprise_round: Annotated[bool, Stored(missing=False)]
    order: Annotated[tuple[CreatureId, ...], Stored(missing=())]


@dataclass(frozen=True, slots=True)
class RoundStart(LogRecord, kind="round_start"):
    """A round begins: the surprise round, or round `round` (None: the entry's round)."""

    round: Annotated[int | None, Stored(omit=None)] = None
    surprise: Annotated[bool, Stored(omit=False)] = False


@dataclass(frozen=True, slots=True)
class RoundEnd(LogRecord, kind="round_end"):
    """A round ends (None: the entry's round)."""

    round: Annotated[int | None, Stored(omit=None)] = None


class SurpriseEnd(LogRecord, kind="surprise_end"):
    """The surprise round ends (000 "Surprised")."""


@dataclass(frozen=True, slots=True)
class CombatEnd(LogRecord, kind="combat_end"):
    """Combat ends after `rounds` rounds (None: the entry's round)."""

    rounds: Annotated[int | None, Stored(omit=None)] = None


@dataclass(frozen=True, slots=True)
class TurnStart(LogRecord, kind="turn_start"):
    """A turn begins (`resumed`: a delaying creature re-enters, 000 "Delay")."""

    resumed: bool = False


class TurnEnd(LogRecord, kind="turn_end"):
    """A turn ends."""


@dataclass(frozen=True, slots=True)
class _Reason(LogRecord):
    reason: str = ""


class TurnSkipped(_Reason, kind="turn_skipped"):
    """No turn this round: dead, or surprised in the surprise round."""


class TurnLost(_Reason, kind="turn_lost"):
    """A creature delayed to the end of the round: that turn is lost (000 "Delay")."""


class Delay(LogRecord, kind="delay"):
    """000 "Delay": the creature leaves the order until it re-enters."""


@dataclass(frozen=True, slots=True)
class DelayResume(LogRecord, kind="delay_resume"):
    """A delaying creature re-enters after `after`, taking its initiative (000 "Delay")."""

    after: CreatureId
    initiative: int


@dataclass(frozen=True, slots=True)
class Ready(LogRecord, kind="ready"):
    """An action readied (000 "Ready"): its type, trigger and what it will do."""

    action: Annotated[str, _KIND]
    trigger: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class ReadiedTriggered(LogRecord, kind="readied_triggered"):
    """The readied action is taken before the triggering creature, at its initiative."""

    action: Annotated[str, _KIND]
    trigger: str
    initiative: int


@dataclass(frozen=True, slots=True)
class ReadiedLapsed(LogRecord, kind="readied_lapsed"):
    """The readier's next turn came first (000 "Initiative Consequences of Readying")."""

    trigger: str


class ReadiedPassed(LogRecord, kind="readied_passed"):
    """A triggered readied action the GM let pass (issue 28: End turn asked first)."""


class JoinCombat(LogRecord, kind="join_combat"):
    """A creature joins a running combat at its initiative."""


class OpportunityDeclined(LogRecord, kind="opportunity_declined"):
    """An offered opportunity attack let pass."""


@dataclass(frozen=True, slots=True)
class OfferWithdrawn(LogRecord, kind="offer_withdrawn"):
    """An offer its creature can no longer take, withdrawn (docs/rulings.md R-225).

    `offer`: what went, in the GM's words ("Orc's opportunity attack on Hero is withdrawn",
    "Squire can no longer step in for Hero"); `reason`: why ("Orc is dead").
    """

    offer: str
    reason: str


@dataclass(frozen=True, slots=True)
class MoveStopped(LogRecord, kind="move_stopped"):
    """An opportunity attack dropped a mover: it stays where it provoked."""

    at: Cell


@dataclass(frozen=True, slots=True)
class AttackHeld(LogRecord, kind="attack_held"):
    """An attack waits for the opportunity attacks it provoked (`what`: "Hero's charge")."""

    what: str
    provoked: Annotated[tuple[CreatureId, ...], Stored(missing=())]


@dataclass(frozen=True, slots=True)
class AttackDropped(LogRecord, kind="attack_dropped"):
    """A held attack that cannot be made any more, and why."""

    what: str
    reason: Annotated[str, Stored(missing="")]
