"""Records of what creatures do and suffer: moves, attacks, effects, saves, combat actions.

Written by the engine, the session and the rules bridge (`combat_rules.py`). Damage, healing
and regeneration records are in `values.py`: attacks, rally and death saves carry them too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Self

from orcus_desktop.controller.log_records.base import (
    Cell,
    DictRecord,
    Effect,
    LogRecord,
    Parts,
    Stored,
)
from orcus_desktop.controller.log_records.values import Damage, Healing, RollRecord, SaveRecord
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.conditions import ConditionInstance, PersistentDamage
from orcus_desktop.vocabulary import CreatureId

_OMIT_NONE = Stored(omit=None)

# -- movement --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move(LogRecord):
    """A move by `mode` (walk, shift, ..., "gm") along `path`, and who it provoked."""

    kind: ClassVar[str] = "move"
    mode: Annotated[str, Stored(missing="walk")]
    path: tuple[Cell, ...]
    cost: int
    provoked: tuple[CreatureId, ...] = ()


@dataclass(frozen=True, slots=True)
class ChargeMove(LogRecord):
    """A charge's move (000 "Charge"); its attack is logged on its own."""

    kind: ClassVar[str] = "charge_move"
    path: tuple[Cell, ...]
    cost: int


@dataclass(frozen=True, slots=True)
class ForcedMove(LogRecord):
    """A push, pull or slide of `squares` ending at `to` (000 "Forced Movement")."""

    kind: ClassVar[str] = "forced_move"
    movement: Annotated[str, Stored(key="kind")]
    squares: int
    to: Cell


# -- attacks ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackTarget(DictRecord):
    """One target of an attack: the geometry, the roll against its defense, what it took.

    `roll`, `attack` and `defense` are None for a power without an attack roll; `hit` is None
    then too. `forced_movement` holds (push/pull/slide, squares) still to be carried out;
    `text` the power's words the app does not carry out.
    """

    target: CreatureId
    distance: int | None = None
    cover: str = "none"
    concealment: str = "none"
    flanking: bool = False
    long_range: bool = False
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
class Attack(LogRecord):
    """A power used: its damage rolls and each target's outcome.

    `provoked`: whom a Ranged or Far attack made next to enemies provoked; None when the
    attack could not provoke.
    """

    kind: ClassVar[str] = "attack"
    power: str
    origin: Annotated[str, Stored(missing="")]
    weapon: str | None
    targets: Annotated[tuple[AttackTarget, ...], Stored(missing=())]
    hit_damage: Annotated[RollRecord | None, _OMIT_NONE] = None
    miss_damage: Annotated[RollRecord | None, _OMIT_NONE] = None
    effect_damage: Annotated[RollRecord | None, _OMIT_NONE] = None
    provoked: Annotated[tuple[CreatureId, ...] | None, _OMIT_NONE] = None


# -- hit points and effects ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TempHp(LogRecord):
    """Temporary HP offered; the higher value is kept (000 "Temporary Hit Points")."""

    kind: ClassVar[str] = "temp_hp"
    offered: int
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class _EffectRecord(LogRecord):
    effect: Effect


@dataclass(frozen=True, slots=True)
class ConditionAdded(_EffectRecord):
    """A condition imposed by the GM (the actor, if any, is its source)."""

    kind: ClassVar[str] = "condition_added"


@dataclass(frozen=True, slots=True)
class PersistentAdded(_EffectRecord):
    """Persistent damage imposed by the GM."""

    kind: ClassVar[str] = "persistent_added"


@dataclass(frozen=True, slots=True)
class TotalDefense(_EffectRecord):
    """000 "Total Defense": +2 to all defenses until the start of the next turn."""

    kind: ClassVar[str] = "total_defense"


@dataclass(frozen=True, slots=True)
class DropProne(_EffectRecord):
    """000 "Being Prone": drop prone (a free action)."""

    kind: ClassVar[str] = "drop_prone"


@dataclass(frozen=True, slots=True)
class StandUp(LogRecord):
    """000 "Being Prone": stand up (a move action)."""

    kind: ClassVar[str] = "stand_up"


@dataclass(frozen=True, slots=True)
class EffectEnded(LogRecord):
    """Effects that ended, why, and at whose turn boundary (`turn_of`) if a duration ran out."""

    kind: ClassVar[str] = "effect_ended"
    effects: tuple[Effect, ...]
    reason: str = ""
    turn_of: Annotated[CreatureId | None, _OMIT_NONE] = None


@dataclass(frozen=True, slots=True)
class PersistentDamageTaken(LogRecord):
    """Persistent damage taken at the start of a turn (000 "Persistent damage")."""

    kind: ClassVar[str] = "persistent_damage"
    effect: Effect
    damage: Damage


# -- saving throws ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SavingThrow(LogRecord):
    """A save against `effect` (None: an effect no longer known); `typed_in` at the table."""

    kind: ClassVar[str] = "saving_throw"
    effect: Effect | None
    typed_in: Annotated[bool, Stored(missing=False)]
    save: Annotated[SaveRecord, Stored(inline=True)]


@dataclass(frozen=True, slots=True)
class DeathSave(LogRecord):
    """A death saving throw (000 "Death Saving Throws"): the tally, and a 20's recovery."""

    kind: ClassVar[str] = "death_save"
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


@dataclass(frozen=True, slots=True)
class HelpAttack(_Help):
    """000 "Help Attack": targets are (ally, enemy)."""

    kind: ClassVar[str] = "help_attack"


@dataclass(frozen=True, slots=True)
class HelpDefense(_Help):
    """000 "Help Defense": targets are (ally, enemy)."""

    kind: ClassVar[str] = "help_defense"


@dataclass(frozen=True, slots=True)
class AidAnother(LogRecord):
    """000 "Aid Another": the GM adjudicates; `note` says what was aided."""

    kind: ClassVar[str] = "aid_another"
    note: str = ""


@dataclass(frozen=True, slots=True)
class Rally(LogRecord):
    """000 "Rally": a recovery's healing and +2 to all defenses."""

    kind: ClassVar[str] = "rally"
    healing: Healing
    effect: Effect


@dataclass(frozen=True, slots=True)
class ActionPoint(LogRecord):
    """000 "Action Points": one spent, `left` remaining."""

    kind: ClassVar[str] = "action_point"
    left: int = 0


@dataclass(frozen=True, slots=True)
class Grapple(LogRecord):
    """A grapple without an attack roll: the target is helpless (`automatic`)."""

    kind: ClassVar[str] = "grapple"
    automatic: Annotated[bool, Stored(missing=False)]
    effect: Effect


@dataclass(frozen=True, slots=True)
class EscapeGrapple(LogRecord):
    """000 "Escape a Grapple": a skill check against the grappler's defense."""

    kind: ClassVar[str] = "escape_grapple"
    skill: Annotated[str, Stored(missing="check")]
    roll: RollRecord
    total: int
    parts: Annotated[Parts, Stored(missing=())]
    defense: Annotated[str, Stored(missing="")]
    target_number: int
    success: bool


@dataclass(frozen=True, slots=True)
class ReleaseGrapple(LogRecord):
    """000 "Grapple": the grappler lets go of its targets."""

    kind: ClassVar[str] = "release_grapple"


@dataclass(frozen=True, slots=True)
class _Power(LogRecord):
    power: str = ""


@dataclass(frozen=True, slots=True)
class Maintain(_Power):
    """Concentration spent on a maintained power (000 "Maintain")."""

    kind: ClassVar[str] = "maintain"


@dataclass(frozen=True, slots=True)
class MaintainLapsed(_Power):
    """A maintained power not maintained this turn ends (000 "The End of Your Turn")."""

    kind: ClassVar[str] = "maintain_lapsed"
