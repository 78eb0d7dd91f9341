"""Typed combat-log records: one frozen dataclass per log kind, with symmetric to/from dict.

A `LogEntry` keeps its kind, actor and targets, and its details as a JSON-like mapping (that is
what encounter files store). The record for a kind is found in `RECORD_TYPES`; `record_of`
reads an entry's details into it, and `Record.to_dict()` writes exactly the mapping stored.
`controller/log/text.py` words the records.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from orcus_desktop.controller.log.records.base import (
    Effect,
    LogRecord,
    LogRecordError,
    Parts,
    effect_from_dict,
)
from orcus_desktop.controller.log.records.fighting import (
    ActionPoint,
    AidAnother,
    Attack,
    AttackTarget,
    ChargeMove,
    ConditionAdded,
    DeathSave,
    DropProne,
    EffectEnded,
    EscapeGrapple,
    ForcedMove,
    Grapple,
    HelpAttack,
    HelpDefense,
    Maintain,
    MaintainLapsed,
    Move,
    PersistentAdded,
    PersistentDamageTaken,
    Rally,
    ReleaseGrapple,
    SavingThrow,
    StandUp,
    TempHp,
    TotalDefense,
    log_ended,
)
from orcus_desktop.controller.log.records.gm_rolls import DiceRolled, RolledTerm
from orcus_desktop.controller.log.records.rule_notes import RuleNote, rule_noted
from orcus_desktop.controller.log.records.turn_flow import (
    AttackDropped,
    AttackHeld,
    CombatEnd,
    CombatStart,
    Delay,
    DelayResume,
    Initiative,
    InitiativeChoiceMade,
    InitiativeEdit,
    InitiativeLadder,
    InitiativeTie,
    JoinCombat,
    LadderStep,
    MoveStopped,
    OfferWithdrawn,
    OpportunityDeclined,
    ReadiedLapsed,
    ReadiedPassed,
    ReadiedTriggered,
    Ready,
    RoundEnd,
    RoundStart,
    SurpriseEnd,
    TurnEnd,
    TurnLost,
    TurnSkipped,
    TurnStart,
)
from orcus_desktop.controller.log.records.values import (
    Damage,
    Healing,
    Regeneration,
    RollRecord,
    SaveRecord,
    resolved_value,
)
from orcus_desktop.controller.log.records.zones import ZoneChange
from orcus_desktop.model.combat import LogEntry

_TYPES: Final[tuple[type[LogRecord], ...]] = (
    # the turn flow
    Initiative,
    InitiativeTie,
    InitiativeEdit,
    InitiativeChoiceMade,
    InitiativeLadder,
    CombatStart,
    RoundStart,
    RoundEnd,
    SurpriseEnd,
    CombatEnd,
    TurnStart,
    TurnEnd,
    TurnSkipped,
    TurnLost,
    Delay,
    DelayResume,
    Ready,
    ReadiedTriggered,
    ReadiedLapsed,
    ReadiedPassed,
    JoinCombat,
    OpportunityDeclined,
    OfferWithdrawn,
    MoveStopped,
    AttackHeld,
    AttackDropped,
    # moving and fighting
    Move,
    ChargeMove,
    ForcedMove,
    Attack,
    Damage,
    Healing,
    Regeneration,
    TempHp,
    ConditionAdded,
    PersistentAdded,
    EffectEnded,
    PersistentDamageTaken,
    SavingThrow,
    DeathSave,
    # combat actions
    HelpAttack,
    HelpDefense,
    AidAnother,
    TotalDefense,
    Rally,
    DropProne,
    StandUp,
    ActionPoint,
    Grapple,
    EscapeGrapple,
    ReleaseGrapple,
    Maintain,
    MaintainLapsed,
    # variant rules the GM adjudicates
    RuleNote,
    # the GM's dice roller
    DiceRolled,
    # zones (placed templates)
    ZoneChange,
)

RECORD_TYPES: Final[Mapping[str, type[LogRecord]]] = MappingProxyType({t.kind: t for t in _TYPES})
"""Every log kind the controller writes -> its record type (the one registry)."""


def parse_record(kind: str, data: Mapping[str, Any]) -> LogRecord:
    """The typed record of a `kind` entry stored as `data`.

    Raises:
        LogRecordError: an unknown kind, or `data` without that kind's layout.
    """
    record_type = RECORD_TYPES.get(kind)
    if record_type is None:
        raise LogRecordError(f"unknown log kind {kind!r}")
    try:
        return record_type.from_dict(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, LogRecordError):
            raise
        raise LogRecordError(f"{kind}: {exc}") from None


def record_of(entry: LogEntry) -> LogRecord:
    """The typed record of a log entry's details (see `parse_record`)."""
    return parse_record(entry.kind, entry.data)


__all__ = [
    "RECORD_TYPES",
    "ActionPoint",
    "AidAnother",
    "Attack",
    "AttackDropped",
    "AttackHeld",
    "AttackTarget",
    "ChargeMove",
    "CombatEnd",
    "CombatStart",
    "ConditionAdded",
    "Damage",
    "DeathSave",
    "Delay",
    "DelayResume",
    "DiceRolled",
    "DropProne",
    "Effect",
    "EffectEnded",
    "EscapeGrapple",
    "ForcedMove",
    "Grapple",
    "Healing",
    "HelpAttack",
    "HelpDefense",
    "Initiative",
    "InitiativeChoiceMade",
    "InitiativeEdit",
    "InitiativeLadder",
    "InitiativeTie",
    "JoinCombat",
    "LadderStep",
    "LogRecord",
    "LogRecordError",
    "Maintain",
    "MaintainLapsed",
    "Move",
    "MoveStopped",
    "OfferWithdrawn",
    "OpportunityDeclined",
    "Parts",
    "PersistentAdded",
    "PersistentDamageTaken",
    "Rally",
    "ReadiedLapsed",
    "ReadiedPassed",
    "ReadiedTriggered",
    "Ready",
    "Regeneration",
    "ReleaseGrapple",
    "RollRecord",
    "RolledTerm",
    "RoundEnd",
    "RoundStart",
    "RuleNote",
    "SaveRecord",
    "SavingThrow",
    "StandUp",
    "SurpriseEnd",
    "TempHp",
    "TotalDefense",
    "TurnEnd",
    "TurnLost",
    "TurnSkipped",
    "TurnStart",
    "ZoneChange",
    "effect_from_dict",
    "log_ended",
    "parse_record",
    "record_of",
    "resolved_value",
    "rule_noted",
]
