"""Records of what creatures do and suffer: moves, attacks, effects, saves, combat actions.

Written by the engine, the session and the rules bridge (`combat_rules.py`). Damage, healing
and regeneration records are in `values.py`: attacks, rally and death saves carry them too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Self

from orcus_desktop.controller.log.records.base import (
    Cell,
    DictRecord,
    Effect,
    LogRecord,
    Parts,
    Stored,
)
from orcus_desktop.controller.log.records.values import Damage, Healing, RollRecord, SaveRecord
from orcus_desktop.model.combat import Combat
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.conditions import ConditionInstance, PersistentDamage
from orcus_desktop.vocabulary import CreatureId

_OMIT_NONE = Stored(omit=None)

# -- movement --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move(LogRecord, kind="move"):
    """A move by `mode` (walk, shift, ..., "gm") along `path`, and who it provoked.

    `provoked` is None for a move that could not provoke (003-46: a forced walk), which
    stores no key.
    """

    mode: Annotated[str, Stored(missing="walk")]
    path: tuple[Cell, ...]
    cost: int
    provoked: Annotated[tuple[CreatureId, ...] | None, Stored(omit=None, missing=None)] = ()


@dataclass(frozen=True, slots=True)
class ChargeMove(LogRecord, kind="charge_move"):
    """A charge's move (000 "Charge"); its attack is logged on its own."""

    path: tuple[Cell, ...]
    cost: int


@dataclass(frozen=True, slots=True)
class ForcedMove(LogRecord, kind="forced_move"):
    """A push, pull or slide of `squares` ending at `to` (000 "Forced Movement").

    `moved`: the squares it actually went (fewer on a collision or an edge; None in files
    written before it was kept).
    """

    movement: Annotated[str, Stored(key="kind")]
    squares: int
    to: Cell
    moved: Annotated[int | None, Stored(omit=None)] = None


# -- attacks ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackTarget(DictRecord):
    """One target of an attack: the geometry, the roll against its defense, what it took.

    `roll`, `attack` and `defense` are None for a power without an attack roll; `hit` is None
    then too. `forced_movement` holds (push/pull/slide, squares) still to be carried out;
    `text` the power's words the app does not carry out; `concealment_cause` what gave a
    concealment that light gives ("darkness", "dim light"; absent otherwise).
    """

    target: CreatureId
    distance: int | None = None
    cover: str = "none"
    concealment: str = "none"
    flanking: bool = False
    long_range: bool = False
    concealment_cause: Annotated[str | None, _OMIT_NONE] = None
    roll: RollRecord | None = None
    attack: int | None = None
    attack_parts: Parts = ()
    defense_kind: str | None = None
    defense: int | None = None
    defense_parts: Parts = ()
    hit: bool | None = None
    critical: bool = False
    automatic: str = ""
    combat_advantage: tuple[str, ...] = ()
    damage: tuple[Damage, ...] = ()
    conditions: tuple[ConditionInstance, ...] = ()
    persistent: tuple[PersistentDamage, ...] = ()
    forced_movement: tuple[tuple[str, int], ...] = ()
    healing: tuple[Healing, ...] = ()
    text: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Attack(LogRecord, kind="attack"):
    """A power used: its damage rolls and each target's outcome.

    `provoked`: whom a Ranged or Far attack made next to enemies provoked; None when the
    attack could not provoke. `reaction`: the strike it was made as, under 001 ("Counter
    Strike!", "Free Strike!", 001-23/24); None otherwise.
    """

    power: str
    origin: Annotated[str, Stored(missing="")]
    weapon: str | None
    targets: Annotated[tuple[AttackTarget, ...], Stored(missing=())]
    hit_damage: Annotated[RollRecord | None, _OMIT_NONE] = None
    miss_damage: Annotated[RollRecord | None, _OMIT_NONE] = None
    effect_damage: Annotated[RollRecord | None, _OMIT_NONE] = None
    provoked: Annotated[tuple[CreatureId, ...] | None, _OMIT_NONE] = None
    reaction: Annotated[str | None, _OMIT_NONE] = None


# -- hit points and effects ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TempHp(LogRecord, kind="temp_hp"):
    """Temporary HP offered; the higher value is kept (000 "Temporary Hit Points")."""

    offered: int
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class _EffectRecord(LogRecord):
    effect: Effect


class ConditionAdded(_EffectRecord, kind="condition_added"):
    """A condition imposed by the GM (the actor, if any, is its source)."""


class PersistentAdded(_EffectRecord, kind="persistent_added"):
    """Persistent damage imposed by the GM."""


@dataclass(frozen=True, slots=True)
class TotalDefense(_EffectRecord, kind="total_defense"):
    """000 "Total Defense": +`bonus` to all defenses until the start of the next turn.

    `bonus` is the ruleset's (000 +2, 003-09 +4); None in a log written before it was kept,
    when every ruleset's was 000's.
    """

    bonus: Annotated[int | None, _OMIT_NONE] = None


class DropProne(_EffectRecord, kind="drop_prone"):
    """000 "Being Prone": drop prone (a free action)."""


class StandUp(LogRecord, kind="stand_up"):
    """000 "Being Prone": stand up (a move action)."""


@dataclass(frozen=True, slots=True)
class EffectEnded(LogRecord, kind="effect_ended"):
    """Effects that ended, why, and at whose turn boundary (`turn_of`) if a duration ran out."""

    effects: tuple[Effect, ...]
    reason: str = ""
    turn_of: Annotated[CreatureId | None, _OMIT_NONE] = None


def log_ended(
    combat: Combat,
    creature_id: str,
    effects: Iterable[Effect],
    reason: str,
    turn_of: str | None = None,
) -> Combat:
    """`combat` with an `EffectEnded` entry: what ended on the creature, why, at whose turn."""
    record = EffectEnded(tuple(effects), reason, CreatureId(turn_of) if turn_of else None)
    return record.logged_in(combat, None, (creature_id,))


@dataclass(frozen=True, slots=True)
class PersistentDamageTaken(LogRecord, kind="persistent_damage"):
    """Persistent damage taken at the start of a turn (000 "Persistent damage")."""

    effect: Effect
    damage: Damage


# -- saving throws ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SavingThrow(LogRecord, kind="saving_throw"):
    """A save against `effect` (None: an effect no longer known); `typed_in` at the table."""

    effect: Effect | None
    typed_in: Annotated[bool, Stored(missing=False)]
    save: Annotated[SaveRecord, Stored(inline=True)]
    downgraded: Annotated[Effect | None, Stored(omit=None)] = None
    """003-21: a success that downgraded the effect to this instead of ending it."""

    @classmethod
    def from_save(
        cls,
        effect: Effect | None,
        save: rules_turns.SavingThrow,
        *,
        typed_in: bool = False,
        downgraded: Effect | None = None,
    ) -> Self:
        return cls(effect, typed_in, SaveRecord.from_save(save), downgraded)


@dataclass(frozen=True, slots=True)
class DeathSave(LogRecord, kind="death_save"):
    """A death saving throw (000 "Death Saving Throws"): the tally, and a 20's recovery."""

    save: Annotated[SaveRecord, Stored(inline=True)]
    spent_recovery: Annotated[bool, Stored(missing=False)]
    treated_as_19: Annotated[bool, Stored(missing=False)]
    failures: Annotated[int, Stored(missing=0)]
    successes: Annotated[int, Stored(missing=0)]
    died: Annotated[bool, Stored(missing=False)]
    healing: Healing | None = None

    @classmethod
    def from_death_save(cls, death: rules_turns.DeathSave) -> Self:
        healing = death.healing
        return cls(
            save=SaveRecord.from_save(death.save),
            spent_recovery=death.spent_recovery,
            treated_as_19=death.treated_as_19,
            failures=death.failures,
            successes=death.successes,
            died=death.died,
            healing=Healing.from_applied(healing) if healing is not None else None,
        )


# -- combat actions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Help(LogRecord):
    bonus: int = 2


class HelpAttack(_Help, kind="help_attack"):
    """000 "Help Attack": targets are (ally, enemy)."""


class HelpDefense(_Help, kind="help_defense"):
    """000 "Help Defense": targets are (ally, enemy)."""


@dataclass(frozen=True, slots=True)
class AidAnother(LogRecord, kind="aid_another"):
    """000 "Aid Another": the GM adjudicates; `note` says what was aided."""

    note: str = ""


@dataclass(frozen=True, slots=True)
class Rally(LogRecord, kind="rally"):
    """000 "Rally": a recovery's healing and +2 to all defenses."""

    healing: Healing
    effect: Effect


@dataclass(frozen=True, slots=True)
class ActionPoint(LogRecord, kind="action_point"):
    """000 "Action Points": one spent, `left` remaining."""

    left: int = 0


@dataclass(frozen=True, slots=True)
class Grapple(LogRecord, kind="grapple"):
    """A grapple without an attack roll: the target is helpless (`automatic`)."""

    automatic: Annotated[bool, Stored(missing=False)]
    effect: Effect


@dataclass(frozen=True, slots=True)
class EscapeGrapple(LogRecord, kind="escape_grapple"):
    """000 "Escape a Grapple": a skill check against the grappler's defense."""

    skill: Annotated[str, Stored(missing="check")]
    roll: RollRecord
    total: int
    parts: Annotated[Parts, Stored(missing=())]
    defense: Annotated[str, Stored(missing="")]
    target_number: int
    success: bool


class ReleaseGrapple(LogRecord, kind="release_grapple"):
    """000 "Grapple": the grappler lets go of its targets."""


@dataclass(frozen=True, slots=True)
class _Power(LogRecord):
    power: str = ""


class Maintain(_Power, kind="maintain"):
    """Concentration spent on a maintained power (000 "Maintain")."""


class MaintainLapsed(_Power, kind="maintain_lapsed"):
    """A maintained power not maintained this turn ends (000 "The End of Your Turn")."""
