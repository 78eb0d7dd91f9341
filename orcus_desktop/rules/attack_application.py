"""Applying a resolved attack: damage, conditions, persistent damage, temporary HP, healing.

000 "Damage Rolls", "Resistance", "Vulnerability", "Conditions", "Persistent Damage". Pure:
``apply_attack(result, combatants, ruleset) -> (new states, AttackApplied)``; forced movement is
returned for the geometry layer to carry out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from orcus_desktop.rules.attack_modifiers import Combatant
from orcus_desktop.rules.attack_rolls import AttackResult, TargetDamage
from orcus_desktop.rules.conditions import (
    ConditionInstance,
    PersistentDamage,
)
from orcus_desktop.rules.damage import (
    DamageApplied,
    DamageComputation,
    apply_damage,
    damage_against,
)
from orcus_desktop.rules.durations import Duration, DurationKind
from orcus_desktop.rules.healing import (
    HealingApplied,
    TempHpGranted,
    grant_temp_hp,
    spend_recovery,
)
from orcus_desktop.rules.powers import ForcedMovementSpec
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.state import (
    CreatureState,
    RulesError,
    add_persistent_damage,
    impose_condition,
)
from orcus_desktop.vocabulary import CreatureId


def damage_for(
    damage: TargetDamage, target: Combatant, ruleset: Ruleset, *, override: int | None = None
) -> DamageComputation:
    """The damage computation for one target (weakened halving, resistances, vulnerability)."""
    computation = damage_against(
        damage.amount(ruleset),
        damage.types,
        target.statblock,
        target.state,
        ruleset,
        halved=damage.weakened,
        scale=damage.dealt_scale,
        scale_reason=damage.dealt_reason,
    )
    return computation if override is None else computation.overridden(override)


@dataclass(frozen=True, slots=True)
class TargetApplied:
    """What applying an attack did to one target."""

    target: CreatureId
    damage: tuple[DamageApplied, ...] = ()
    conditions: tuple[ConditionInstance, ...] = ()
    persistent: tuple[PersistentDamage, ...] = ()
    forced_movement: tuple[ForcedMovementSpec, ...] = ()
    temp_hp: tuple[TempHpGranted, ...] = ()
    healing: tuple[HealingApplied, ...] = ()
    text: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AttackApplied:
    """The result of :func:`apply_attack`: per target, what changed."""

    attack: AttackResult
    targets: tuple[TargetApplied, ...]


def apply_attack(
    result: AttackResult,
    combatants: Mapping[CreatureId, Combatant],
    ruleset: Ruleset,
    *,
    current_turn: CreatureId | None = None,
    knock_out: Iterable[CreatureId] = (),
    damage_overrides: Mapping[CreatureId, int] | None = None,
) -> tuple[dict[CreatureId, CreatureState], AttackApplied]:
    """Apply a resolved attack to the targets' states.

    Damage first (per target: its resistances), then conditions and persistent damage of the
    lines that apply (durations keyed to the attacker are "the user's"), then temporary HP and
    recoveries; forced movement is returned for the geometry layer. A target already dead gets
    nothing more.

    Args:
        result: From :func:`resolve_attack`.
        combatants: At least every target, by id (the attacker for "user" durations).
        ruleset: The ruleset.
        current_turn: Whose turn it is, for "next turn" durations.
        knock_out: Targets the attacker chooses to knock out rather than kill.
        damage_overrides: GM-imposed damage per target (recorded in the computation).

    Returns:
        The new states of the targets (only those changed) and what happened.
    """
    knock = frozenset(knock_out)
    overrides = damage_overrides or {}
    new_states: dict[CreatureId, CreatureState] = {}
    applied: list[TargetApplied] = []
    source = result.power
    for t in result.targets:
        combatant = combatants[t.target]
        state = new_states.get(t.target, combatant.state)
        damages: list[DamageApplied] = []
        for dmg in (t.damage, t.effect_damage):
            if dmg is None:
                continue
            current = replace(combatant, state=state)
            computation = damage_for(dmg, current, ruleset, override=overrides.get(t.target))
            state, done = apply_damage(
                state,
                combatant.statblock,
                computation,
                ruleset,
                target=t.target,
                source=source,
                knock_out=t.target in knock,
                coup_de_grace=t.coup_de_grace and t.critical,
            )
            damages.append(done)
        conditions: list[ConditionInstance] = []
        persistent: list[PersistentDamage] = []
        forced: list[ForcedMovementSpec] = []
        temps: list[TempHpGranted] = []
        heals: list[HealingApplied] = []
        texts: list[str] = []
        for outcome in t.outcomes:
            if outcome.text:
                texts.append(outcome.text)
            if state.dead:
                continue
            for spec in outcome.conditions:
                state, insts = impose_condition(
                    state,
                    spec.condition,
                    ruleset,
                    holder=t.target,
                    source=f"{source}",
                    duration=_duration(spec.duration, result.attacker),
                    source_id=result.attacker,
                    current_turn=current_turn,
                )
                conditions.extend(insts)
            for p in outcome.persistent:
                state, pinst = add_persistent_damage(
                    state,
                    p.amount,
                    p.types,
                    holder=t.target,
                    source=source,
                    duration=_duration(p.duration, result.attacker),
                    source_id=result.attacker,
                    current_turn=current_turn,
                )
                persistent.append(pinst)
            if outcome.forced_movement is not None:
                forced.append(outcome.forced_movement)
            if outcome.temp_hp:
                state, granted = grant_temp_hp(
                    state, outcome.temp_hp, target=t.target, source=source
                )
                temps.append(granted)
            if outcome.healing_recovery:
                try:
                    # 003-38: a weakened healer grants less (docs/rulings.md R-81).
                    healer = combatants.get(result.attacker)
                    state, healed = spend_recovery(
                        state,
                        combatant.statblock,
                        ruleset,
                        target=t.target,
                        source=source,
                        healer=healer.state if healer is not None else None,
                    )
                    heals.append(healed)
                except RulesError:
                    texts.append("no recovery left to spend")
        new_states[t.target] = state
        applied.append(
            TargetApplied(
                t.target,
                tuple(damages),
                tuple(conditions),
                tuple(persistent),
                tuple(forced),
                tuple(temps),
                tuple(heals),
                tuple(texts),
            )
        )
    return new_states, AttackApplied(result, tuple(applied))


def _duration(kind: DurationKind, attacker: CreatureId) -> Duration:
    return Duration(kind, attacker if kind.follows_user else None)
