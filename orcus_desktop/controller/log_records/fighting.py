"""Records of what creatures do and suffer: moves, attacks, effects, saves, combat actions.

Written by the engine, the session and the rules bridge (`combat_rules.py`). Damage, healing
and regeneration records are in `values.py`: attacks, rally and death saves carry them too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from orcus_desktop.controller.log_records.base import (
    Cell,
    Effect,
    Fields,
    LogRecord,
    LogRecordError,
    Parts,
    cells_to_list,
    is_int,
    is_list,
    parts_to_list,
)
from orcus_desktop.controller.log_records.values import Damage, Healing, RollRecord, SaveRecord
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.conditions import ConditionInstance, PersistentDamage
from orcus_desktop.vocabulary import CreatureId

# -- movement --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move(LogRecord):
    """A move by `mode` (walk, shift, ..., "gm") along `path`, and who it provoked."""

    kind: ClassVar[str] = "move"
    mode: str
    path: tuple[Cell, ...]
    cost: int
    provoked: tuple[CreatureId, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "path": cells_to_list(self.path),
            "cost": self.cost,
            "provoked": list(self.provoked),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(
            f.text("mode", "walk"), f.cells("path"), f.integer("cost"), f.ids("provoked", ())
        )


@dataclass(frozen=True, slots=True)
class ChargeMove(LogRecord):
    """A charge's move (000 "Charge"); its attack is logged on its own."""

    kind: ClassVar[str] = "charge_move"
    path: tuple[Cell, ...]
    cost: int

    def to_dict(self) -> dict[str, Any]:
        return {"path": cells_to_list(self.path), "cost": self.cost}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.cells("path"), f.integer("cost"))


@dataclass(frozen=True, slots=True)
class ForcedMove(LogRecord):
    """A push, pull or slide of `squares` ending at `to` (000 "Forced Movement")."""

    kind: ClassVar[str] = "forced_move"
    movement: str
    squares: int
    to: Cell

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.movement, "squares": self.squares, "to": list(self.to)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.text("kind"), f.integer("squares"), f.cell("to"))


# -- attacks ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackTarget:
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "distance": self.distance,
            "cover": self.cover,
            "concealment": self.concealment,
            "flanking": self.flanking,
            "long_range": self.long_range,
            "roll": self.roll.to_dict() if self.roll is not None else None,
            "attack": self.attack,
            "attack_parts": parts_to_list(self.attack_parts),
            "defense_kind": self.defense_kind,
            "defense": self.defense,
            "defense_parts": parts_to_list(self.defense_parts),
            "hit": self.hit,
            "critical": self.critical,
            "automatic": self.automatic,
            "combat_advantage": list(self.combat_advantage),
            "damage": [d.to_dict() for d in self.damage],
            "conditions": [c.to_dict() for c in self.conditions],
            "persistent": [p.to_dict() for p in self.persistent],
            "forced_movement": [[k, n] for k, n in self.forced_movement],
            "healing": [h.to_dict() for h in self.healing],
            "text": list(self.text),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, "attack.targets")
        forced: list[tuple[str, int]] = []
        for item in f.items("forced_movement", ()):
            if not (is_list(item) and len(item) == 2 and isinstance(item[0], str)) or not is_int(
                item[1]
            ):
                raise LogRecordError(f"attack.targets.forced_movement: got {item!r}")
            forced.append((item[0], item[1]))
        return cls(
            target=CreatureId(f.text("target")),
            distance=f.opt_integer("distance"),
            cover=f.text("cover", "none"),
            concealment=f.text("concealment", "none"),
            flanking=f.flag("flanking", False),
            long_range=f.flag("long_range", False),
            roll=RollRecord.opt_from_dict(f.opt_mapping("roll")),
            attack=f.opt_integer("attack"),
            attack_parts=f.parts("attack_parts", ()),
            defense_kind=f.opt_text("defense_kind"),
            defense=f.opt_integer("defense"),
            defense_parts=f.parts("defense_parts", ()),
            hit=f.opt_flag("hit"),
            critical=f.flag("critical", False),
            automatic=f.text("automatic", ""),
            combat_advantage=f.texts("combat_advantage", ()),
            damage=tuple(Damage.from_dict(d) for d in f.mappings("damage", ())),
            conditions=f.conditions("conditions", ()),
            persistent=f.persistent("persistent", ()),
            forced_movement=tuple(forced),
            healing=tuple(Healing.from_dict(h) for h in f.mappings("healing", ())),
            text=f.texts("text", ()),
        )


_DAMAGE_ROLLS = ("hit_damage", "miss_damage", "effect_damage")


@dataclass(frozen=True, slots=True)
class Attack(LogRecord):
    """A power used: its damage rolls and each target's outcome.

    `provoked`: whom a Ranged or Far attack made next to enemies provoked; None when the
    attack could not provoke.
    """

    kind: ClassVar[str] = "attack"
    power: str
    origin: str
    weapon: str | None
    targets: tuple[AttackTarget, ...]
    hit_damage: RollRecord | None = None
    miss_damage: RollRecord | None = None
    effect_damage: RollRecord | None = None
    provoked: tuple[CreatureId, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "power": self.power,
            "origin": self.origin,
            "weapon": self.weapon,
            "targets": [t.to_dict() for t in self.targets],
        }
        for key in _DAMAGE_ROLLS:
            roll: RollRecord | None = getattr(self, key)
            if roll is not None:
                data[key] = roll.to_dict()
        if self.provoked is not None:
            data["provoked"] = list(self.provoked)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        rolls = {key: RollRecord.opt_from_dict(f.opt_mapping(key)) for key in _DAMAGE_ROLLS}
        return cls(
            power=f.text("power"),
            origin=f.text("origin", ""),
            weapon=f.opt_text("weapon"),
            targets=tuple(AttackTarget.from_dict(t) for t in f.mappings("targets", ())),
            provoked=f.ids("provoked") if f.has("provoked") else None,
            **rolls,
        )


# -- hit points and effects ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TempHp(LogRecord):
    """Temporary HP offered; the higher value is kept (000 "Temporary Hit Points")."""

    kind: ClassVar[str] = "temp_hp"
    offered: int
    before: int
    after: int

    def to_dict(self) -> dict[str, Any]:
        return {"offered": self.offered, "before": self.before, "after": self.after}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.integer("offered"), f.integer("before"), f.integer("after"))


@dataclass(frozen=True, slots=True)
class _EffectRecord(LogRecord):
    effect: Effect

    def to_dict(self) -> dict[str, Any]:
        return {"effect": self.effect.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(Fields(data, cls.kind).effect("effect"))


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
    turn_of: CreatureId | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "effects": [e.to_dict() for e in self.effects],
            "reason": self.reason,
        }
        if self.turn_of is not None:
            data["turn_of"] = self.turn_of
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        turn_of = f.opt_text("turn_of")
        return cls(
            f.effects("effects"),
            f.text("reason", ""),
            CreatureId(turn_of) if turn_of is not None else None,
        )


@dataclass(frozen=True, slots=True)
class PersistentDamageTaken(LogRecord):
    """Persistent damage taken at the start of a turn (000 "Persistent damage")."""

    kind: ClassVar[str] = "persistent_damage"
    effect: Effect
    damage: Damage

    def to_dict(self) -> dict[str, Any]:
        return {"effect": self.effect.to_dict(), "damage": self.damage.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.effect("effect"), Damage.from_dict(f.mapping("damage")))


# -- saving throws ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SavingThrow(LogRecord):
    """A save against `effect` (None: an effect no longer known); `typed_in` at the table."""

    kind: ClassVar[str] = "saving_throw"
    effect: Effect | None
    typed_in: bool
    save: SaveRecord

    def to_dict(self) -> dict[str, Any]:
        return {
            "effect": self.effect.to_dict() if self.effect is not None else None,
            "typed_in": self.typed_in,
            **self.save.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.opt_effect("effect"), f.flag("typed_in", False), SaveRecord.from_dict(data))


@dataclass(frozen=True, slots=True)
class DeathSave(LogRecord):
    """A death saving throw (000 "Death Saving Throws"): the tally, and a 20's recovery."""

    kind: ClassVar[str] = "death_save"
    save: SaveRecord
    spent_recovery: bool
    treated_as_19: bool
    failures: int
    successes: int
    died: bool
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

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.save.to_dict(),
            "spent_recovery": self.spent_recovery,
            "treated_as_19": self.treated_as_19,
            "failures": self.failures,
            "successes": self.successes,
            "died": self.died,
            "healing": self.healing.to_dict() if self.healing is not None else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(
            save=SaveRecord.from_dict(data),
            spent_recovery=f.flag("spent_recovery", False),
            treated_as_19=f.flag("treated_as_19", False),
            failures=f.integer("failures", 0),
            successes=f.integer("successes", 0),
            died=f.flag("died", False),
            healing=Healing.opt_from_dict(f.opt_mapping("healing")),
        )


# -- combat actions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Help(LogRecord):
    bonus: int = 2

    def to_dict(self) -> dict[str, Any]:
        return {"bonus": self.bonus}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(Fields(data, cls.kind).integer("bonus", 2))


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

    def to_dict(self) -> dict[str, Any]:
        return {"note": self.note}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(Fields(data, cls.kind).text("note", ""))


@dataclass(frozen=True, slots=True)
class Rally(LogRecord):
    """000 "Rally": a recovery's healing and +2 to all defenses."""

    kind: ClassVar[str] = "rally"
    healing: Healing
    effect: Effect

    def to_dict(self) -> dict[str, Any]:
        return {"healing": self.healing.to_dict(), "effect": self.effect.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(Healing.from_dict(f.mapping("healing")), f.effect("effect"))


@dataclass(frozen=True, slots=True)
class ActionPoint(LogRecord):
    """000 "Action Points": one spent, `left` remaining."""

    kind: ClassVar[str] = "action_point"
    left: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"left": self.left}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(Fields(data, cls.kind).integer("left", 0))


@dataclass(frozen=True, slots=True)
class Grapple(LogRecord):
    """A grapple without an attack roll: the target is helpless (`automatic`)."""

    kind: ClassVar[str] = "grapple"
    automatic: bool
    effect: Effect

    def to_dict(self) -> dict[str, Any]:
        return {"automatic": self.automatic, "effect": self.effect.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(f.flag("automatic", False), f.effect("effect"))


@dataclass(frozen=True, slots=True)
class EscapeGrapple(LogRecord):
    """000 "Escape a Grapple": a skill check against the grappler's defense."""

    kind: ClassVar[str] = "escape_grapple"
    skill: str
    roll: RollRecord
    total: int
    parts: Parts
    defense: str
    target_number: int
    success: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "skill": self.skill,
            "roll": self.roll.to_dict(),
            "total": self.total,
            "parts": parts_to_list(self.parts),
            "defense": self.defense,
            "target_number": self.target_number,
            "success": self.success,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        f = Fields(data, cls.kind)
        return cls(
            skill=f.text("skill", "check"),
            roll=RollRecord.from_dict(f.mapping("roll")),
            total=f.integer("total"),
            parts=f.parts("parts", ()),
            defense=f.text("defense", ""),
            target_number=f.integer("target_number"),
            success=f.flag("success"),
        )


@dataclass(frozen=True, slots=True)
class ReleaseGrapple(LogRecord):
    """000 "Grapple": the grappler lets go of its targets."""

    kind: ClassVar[str] = "release_grapple"


@dataclass(frozen=True, slots=True)
class _Power(LogRecord):
    power: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"power": self.power}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(Fields(data, cls.kind).text("power", ""))


@dataclass(frozen=True, slots=True)
class Maintain(_Power):
    """Concentration spent on a maintained power (000 "Maintain")."""

    kind: ClassVar[str] = "maintain"


@dataclass(frozen=True, slots=True)
class MaintainLapsed(_Power):
    """A maintained power not maintained this turn ends (000 "The End of Your Turn")."""

    kind: ClassVar[str] = "maintain_lapsed"
