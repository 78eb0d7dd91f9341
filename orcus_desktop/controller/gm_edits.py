"""GM edits: damage, healing, hit points, temporary hit points, conditions, saves.

Each function checks the edit, builds the next snapshot (through the rules engine, so
resistances, dying and death apply) with its log entry, and returns the step the session
commits, or a refusal with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from orcus_desktop.controller.combat_rules import (
    QueuedSource,
    damage_data,
    effect_data,
    healing_data,
    save_data,
)
from orcus_desktop.controller.engine import ActionError, Engine, named_step
from orcus_desktop.controller.outcomes import Outcome
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.conditions import Condition, ConditionInstance, PersistentDamage
from orcus_desktop.rules.damage import apply_damage as rules_apply_damage
from orcus_desktop.rules.damage import damage_against
from orcus_desktop.rules.durations import Duration, DurationKind
from orcus_desktop.rules.healing import apply_healing, set_hp
from orcus_desktop.rules.healing import grant_temp_hp as rules_grant_temp_hp
from orcus_desktop.rules.state import CreatureState, RulesError
from orcus_desktop.rules.terms import DamageType
from orcus_desktop.vocabulary import CreatureId


def _logged(
    encounter: Encounter, kind: str, actor: str | None, target: str, data: Mapping[str, Any]
) -> Encounter:
    """The encounter with one GM-edit log entry about `target`."""
    return encounter.with_combat(
        encounter.combat.logged(
            kind, CreatureId(actor) if actor else None, (CreatureId(target),), data
        )
    )


def _imposition(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    source: str,
    duration: DurationKind,
    source_id: str | None,
) -> dict[str, Any]:
    """The keywords the rules take to impose an effect on the creature from the current turn.

    Both `impose_condition` and `add_persistent_damage` take them (000 "Duration").
    """
    me = engine.combatant(encounter, creature_id)
    current = encounter.combat.current
    by = CreatureId(source_id) if source_id else None
    return {
        "holder": me.id,
        "source": source,
        "duration": Duration(duration, by),
        "source_id": by,
        "current_turn": CreatureId(current) if current else None,
    }


def apply_damage(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    amount: int,
    types: Sequence[str],
    source: str,
) -> Outcome:
    """Damage dealt by the GM through the rules (resistance, temp HP, dying, death)."""

    def change(e: Encounter) -> Encounter:
        if amount < 0:
            raise ActionError("damage is 0 or more")
        me = engine.combatant(e, creature_id)
        try:
            damage_types = tuple(DamageType(t) for t in types)
        except ValueError:
            raise ActionError(f"unknown damage type in {list(types)}") from None
        ruleset = engine.rules.ruleset
        computation = damage_against(amount, damage_types, me.statblock, me.state, ruleset)
        state, applied = rules_apply_damage(
            me.state, me.statblock, computation, ruleset, target=me.id, source=source
        )
        e = _logged(
            engine.set_state(e, creature_id, state),
            "damage",
            None,
            creature_id,
            damage_data(applied),
        )
        return engine.rules.after_harm(e, creature_id, me.state)

    return named_step(
        engine, encounter, "apply_damage", f"{{name}} takes {amount} damage", change, creature_id
    )


def heal(
    engine: Engine, encounter: Encounter, creature_id: str, amount: int, source: str
) -> Outcome:
    """The GM heals a creature (000 "Healing", "Healing on Negative HP")."""

    def change(e: Encounter) -> Encounter:
        if amount < 0:
            raise ActionError("healing is 0 or more")
        me = engine.combatant(e, creature_id)
        state, healed = apply_healing(me.state, me.statblock, amount, target=me.id, source=source)
        e = engine.set_state(e, creature_id, state)
        return _logged(e, "healing", None, creature_id, healing_data(healed))

    return named_step(engine, encounter, "heal", f"{{name}} heals {amount}", change, creature_id)


def set_hit_points(engine: Engine, encounter: Encounter, creature_id: str, hp: int) -> Outcome:
    """The GM sets current hit points (capped at the maximum; above 0 wakes it)."""

    def change(e: Encounter) -> Encounter:
        me = engine.combatant(e, creature_id)
        state, done = set_hp(
            me.state, me.statblock, hp, target=me.id, source="GM", amount=hp - me.state.current_hp
        )
        e = engine.set_state(e, creature_id, state)
        return _logged(e, "healing", None, creature_id, healing_data(done))

    return named_step(
        engine, encounter, "set_hit_points", f"{{name}}: {hp} HP", change, creature_id
    )


def grant_temp_hp(engine: Engine, encounter: Encounter, creature_id: str, amount: int) -> Outcome:
    """Temporary hit points, never added together (000 "Temporary Hit Points")."""

    def change(e: Encounter) -> Encounter:
        me = engine.combatant(e, creature_id)
        state, granted = rules_grant_temp_hp(me.state, amount, target=me.id, source="GM")
        e = engine.set_state(e, creature_id, state)
        data: dict[str, object] = {
            "offered": granted.offered,
            "before": granted.temp_hp_before,
            "after": granted.temp_hp_after,
        }
        return _logged(e, "temp_hp", None, creature_id, data)

    return named_step(
        engine, encounter, "grant_temp_hp", f"{{name}}: {amount} temporary HP", change, creature_id
    )


def add_condition(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    condition: Condition,
    duration: DurationKind,
    source: str,
    source_id: str | None,
) -> Outcome:
    """The GM imposes a condition with a duration (000 "Conditions", "Duration")."""

    def change(e: Encounter) -> Encounter:
        how = _imposition(engine, e, creature_id, source, duration, source_id)
        try:
            state, insts = rules_state.impose_condition(
                engine.combatant(e, creature_id).state, condition, engine.rules.ruleset, **how
            )
        except (RulesError, ValueError) as exc:
            raise ActionError(str(exc)) from None
        e = engine.set_state(e, creature_id, state)
        for inst in insts:  # the condition, then what it brings (000: unconscious -> prone)
            data = {"effect": effect_data(inst)}
            e = _logged(e, "condition_added", source_id, creature_id, data)
        return engine.rules.let_go_if_unable(e, creature_id)  # 004-18

    return named_step(
        engine, encounter, "add_condition", f"{{name}}: {condition.label}", change, creature_id
    )


def add_persistent_damage(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    amount: int,
    types: Sequence[str],
    duration: DurationKind,
    source: str,
    source_id: str | None,
) -> Outcome:
    """The GM imposes persistent damage (000 "Persistent damage")."""

    def change(e: Encounter) -> Encounter:
        how = _imposition(engine, e, creature_id, source, duration, source_id)
        try:
            damage_types = tuple(DamageType(t) for t in types)
            state, inst = rules_state.add_persistent_damage(
                engine.combatant(e, creature_id).state, amount, damage_types, **how
            )
        except (RulesError, ValueError) as exc:
            raise ActionError(str(exc)) from None
        e = engine.set_state(e, creature_id, state)
        return _logged(e, "persistent_added", None, creature_id, {"effect": effect_data(inst)})

    return named_step(
        engine,
        encounter,
        "add_persistent_damage",
        f"{{name}}: {amount} persistent damage",
        change,
        creature_id,
    )


def remove_effect(
    engine: Engine, encounter: Encounter, creature_id: str, effect_id: int
) -> Outcome:
    """The GM ends one condition or persistent damage instance."""

    def change(e: Encounter) -> Encounter:
        me = engine.combatant(e, creature_id)
        effect = _effect(me.state, effect_id)
        e = engine.set_state(e, creature_id, rules_state.remove_effect(me.state, effect_id))
        data = {"effects": [effect_data(effect)], "reason": "GM"}
        return _logged(e, "effect_ended", None, creature_id, data)

    return named_step(
        engine, encounter, "remove_effect", "End an effect on {name}", change, creature_id
    )


def saving_throw(
    engine: Engine, encounter: Encounter, creature_id: str, effect_id: int, die: int | None
) -> Outcome:
    """000 "Saving Throws": d20 (typed in or rolled), 10 or higher ends the effect."""

    def change(e: Encounter) -> Encounter:
        me = engine.combatant(e, creature_id)
        effect = _effect(me.state, effect_id)
        save = rules_turns.saving_throw(QueuedSource(engine.rng, [die]), engine.rules.ruleset)
        state = me.state
        if save.success:
            state = rules_state.remove_effect(state, effect_id)
        e = engine.set_state(e, creature_id, state)
        data = {"effect": effect_data(effect), "typed_in": die is not None, **save_data(save)}
        return e.with_combat(e.combat.logged("saving_throw", CreatureId(creature_id), (), data))

    return named_step(engine, encounter, "saving_throw", "{name} saves", change, creature_id)


def _effect(state: CreatureState, effect_id: int) -> ConditionInstance | PersistentDamage:
    for condition in state.conditions:
        if condition.effect_id == effect_id:
            return condition
    for persistent in state.persistent:
        if persistent.effect_id == effect_id:
            return persistent
    raise ActionError(f"no effect {effect_id}")
