"""Frozen results the session returns and announces: done, or refused with a reason to show.

Typed results: `Refusal` (a reason), `MoveDone` (path, cost, provoked enemies), `AttackDone`
(hits and the forced moves owed); every one is an `OperationResult`, so callers read `.ok`,
`.reason` and `.text` alike. A use case returns a `Step` (the next snapshot and its result) or
a `Refusal`; only the session commits a step to the undo history.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from orcus_desktop.controller.log.records.fighting import AttackTarget
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.combat import LogEntry
from orcus_desktop.model.encounter import Encounter


@dataclass(frozen=True, slots=True)
class OperationResult:
    """What a session method did.

    Attributes:
        ok: True when the operation was done (and is one undo step, if it changed anything).
        operation: the session method's name ("move_creature", "attack", ...).
        reason: why it was refused (shown to the GM), or "".
        text: the undo step's name or a one-line summary.
        creature_id: the creature acted on, if any.
        created_id: the id of something created (a wall), if any.
        opportunity_attackers: enemies offered an opportunity attack by this action
            (docs/rulings.md R-02); the GM resolves or declines each.
        prompts: decisions waiting for the GM (saving throws to roll or enter, readied
            triggers...), as structured dicts the UI formats.
        log: the log entries this operation appended.
        details: operation-specific values (the move's path and cost, an attack's results...).
    """

    ok: bool
    operation: str
    reason: str = ""
    text: str = ""
    creature_id: str | None = None
    created_id: str | None = None
    opportunity_attackers: tuple[str, ...] = ()
    prompts: tuple[dict[str, Any], ...] = ()
    log: tuple[LogEntry, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def refused(cls, operation: str, reason: str, creature_id: str | None = None) -> Refusal:
        return Refusal(ok=False, operation=operation, reason=reason, creature_id=creature_id)


@dataclass(frozen=True, slots=True)
class Refusal(OperationResult):
    """An operation refused: nothing changed; `reason` says why (shown to the GM)."""


@dataclass(frozen=True, slots=True)
class MoveDone(OperationResult):
    """A move done: `path` walked, `cost` in squares of movement, provoked enemies.

    The provoked enemies are `opportunity_attackers` (also readable as `provoked`).
    """

    path: tuple[Square, ...] = ()
    cost: int = 0

    @property
    def provoked(self) -> tuple[str, ...]:
        return self.opportunity_attackers


@dataclass(frozen=True, slots=True)
class AttackDone(OperationResult):
    """An attack done (or held for opportunity attacks): the targets hit, forced moves owed.

    Attributes:
        hits: the target ids hit.
        forced: (target id, kind, squares) of forced movement the GM carries out next.
    """

    hits: tuple[str, ...] = ()
    forced: tuple[tuple[str, str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class TargetPreview:
    """What the GM sees before rolling against one target.

    Attributes:
        target: the target's id.
        facts: the target's attack-log record before the roll: distance, cover,
            concealment (and its cause), flanking, long range.
        combat_advantage: why the attacker has combat advantage (empty: it does not).
        attack_bonus: the total modifier to the d20.
        attack_parts: (value, source) of every modifier.
        defense_kind: the defense attacked, or None without an attack roll.
        defense: the defense value with its modifiers, or None.
        defense_parts: (value, source) of the defense's base and modifiers.
    """

    target: str
    facts: AttackTarget
    combat_advantage: tuple[str, ...]
    attack_bonus: int
    attack_parts: tuple[tuple[int, str], ...]
    defense_kind: str | None
    defense: int | None
    defense_parts: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class Step:
    """A validated change: the snapshot after it and the result to announce.

    The session pushes `after` as one undo step named `result.text`; `merge_key` lets
    consecutive steps merge (a GM dragging a token).
    """

    after: Encounter
    result: OperationResult
    merge_key: Hashable | None = None


Outcome = Step | Refusal
"""What a use case returns: a step to commit, or a refusal."""


def logged_since(before: Encounter, after: Encounter) -> tuple[LogEntry, ...]:
    """The log entries a step appended (`after`'s log goes on from `before`'s)."""
    return after.combat.log[len(before.combat.log) :]


def no_creature(creature_id: object) -> str:
    """The one wording of a creature id the encounter does not hold: "no creature 'orc-9'"."""
    return f"no creature {str(creature_id)!r}"


def no_power(name: str, power_name: str) -> str:
    """The one wording of a power the creature (named `name`) does not have."""
    return f"{name} has no power {power_name!r}"


def refuse(operation: str, reason: str, creature_id: str | None = None) -> Refusal:
    return OperationResult.refused(operation, reason, creature_id)


def failure_reason(exc: KeyError | ValueError) -> str:
    """What the GM reads when a change raised.

    A `KeyError` names the missing creature; a `ValueError` (ActionError, TurnError,
    RulesError, DiceError) carries its own reason.
    """
    return no_creature(exc.args[0]) if isinstance(exc, KeyError) else str(exc)


def refused_change(operation: str, exc: KeyError | ValueError, creature_id: str | None) -> Refusal:
    """The refusal of a change that raised, in the words of `failure_reason`.

    A missing creature is the whole reason, so that refusal names no `creature_id`.
    """
    blamed = None if isinstance(exc, KeyError) else creature_id
    return refuse(operation, failure_reason(exc), blamed)


def run_step(
    operation: str,
    text: str,
    before: Encounter,
    change: Callable[[Encounter], Encounter],
    creature_id: str | None = None,
) -> Outcome:
    """Apply `change` to `before` as one step; its exceptions become `refused_change`s."""
    try:
        after = change(before)
    except (KeyError, ValueError) as exc:
        return refused_change(operation, exc, creature_id)
    log = logged_since(before, after)
    return Step(
        after, OperationResult(True, operation, text=text, creature_id=creature_id, log=log)
    )


@dataclass(frozen=True, slots=True)
class MovePreview:
    """The live preview of a drag (computed, never stored).

    Attributes:
        path: the squares from the start to the destination, or () when there is no legal path.
        cost: squares of movement the path spends.
        reachable: True when the move is legal as previewed.
        provoking_enemy_ids: enemies the move would offer an opportunity attack.
        reason: why not reachable, or "".
    """

    path: tuple[Square, ...]
    cost: int
    reachable: bool
    provoking_enemy_ids: tuple[str, ...] = ()
    reason: str = ""


def move_done(
    op: str,
    text: str,
    creature_id: str,
    before: Encounter,
    after: Encounter,
    walked: MovePreview,
    mode: str,
) -> MoveDone:
    """The result of a walk along `walked`: its path and cost, the enemies it provoked."""
    return MoveDone(
        True,
        op,
        text=text,
        creature_id=creature_id,
        opportunity_attackers=walked.provoking_enemy_ids,
        log=logged_since(before, after),
        details={"path": walked.path, "cost": walked.cost, "mode": mode},
        path=walked.path,
        cost=walked.cost,
    )
