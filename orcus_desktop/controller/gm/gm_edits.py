"""GM edits: damage, healing, hit points, temporary hit points, conditions, saves.

Each function checks the edit, builds the next snapshot (through the rules engine, so
resistances, dying and death apply) with its log entry, and returns the step the session
commits, or a refusal with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from orcus_desktop.controller.availability.table import condition_problem, downgrade_problem
from orcus_desktop.controller.combat_rules import QueuedSource
from orcus_desktop.controller.engine import ActionError, Engine, named_step
from orcus_desktop.controller.log.records import (
    ConditionAdded,
    Damage,
    DiceRolled,
    Healing,
    PersistentAdded,
    SavingThrow,
    TempHp,
    log_ended,
)
from orcus_desktop.controller.movement import placement
from orcus_desktop.controller.outcomes import Outcome, refuse
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import spaces_may_be_shared
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.attack_modifiers import Combatant
from orcus_desktop.rules.checks import skill_check
from orcus_desktop.rules.conditions import (
    Condition,
    ConditionInstance,
    PersistentDamage,
    offered_conditions,
)
from orcus_desktop.rules.damage import DamageComputation, damage_against
from orcus_desktop.rules.damage import apply_damage as rules_apply_damage
from orcus_desktop.rules.dice import roll
from orcus_desktop.rules.dice_values import constant_roll
from orcus_desktop.rules.downgrades import downgrade as rules_downgrade
from orcus_desktop.rules.downgrades import save_succeeded
from orcus_desktop.rules.durations import Duration, DurationKind
from orcus_desktop.rules.healing import apply_healing, set_hp
from orcus_desktop.rules.healing import grant_temp_hp as rules_grant_temp_hp
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.state import CreatureState, RulesError
from orcus_desktop.rules.terms import DamageType
from orcus_desktop.vocabulary import CreatureId


@dataclass(frozen=True, slots=True)
class Imposition:
    """How long an imposed effect lasts and who imposed it (000 "Duration").

    The GM imposes conditions and persistent damage alike with these three choices.
    """

    duration: DurationKind
    source: str
    source_id: str | None


# 000 "Falling": the creature lands prone (until it stands up).
_FALLEN_PRONE = Imposition(DurationKind.UNTIL_COUNTERED, "Falling", None)


def _imposition(
    engine: Engine, encounter: Encounter, creature_id: str, imposed: Imposition
) -> dict[str, Any]:
    """The keywords the rules take to impose an effect on the creature from the current turn.

    Both `impose_condition` and `add_persistent_damage` take them (000 "Duration").
    """
    me = engine.combatant(encounter, creature_id)
    current = encounter.combat.current
    by = CreatureId(imposed.source_id) if imposed.source_id else None
    return {
        "holder": me.id,
        "source": imposed.source,
        "duration": Duration(imposed.duration, by),
        "source_id": by,
        "current_turn": CreatureId(current) if current else None,
    }


def apply_damage(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    amount: int,
    types: Sequence[str] = (),
    source: str = "GM",
) -> Outcome:
    """Damage dealt by the GM through the rules (resistance, temp HP, dying, death)."""
    return named_step(
        engine,
        encounter,
        "apply_damage",
        f"{{name}} takes {amount} damage",
        lambda e: damaged(engine, e, creature_id, amount, types, source),
        creature_id,
    )


def damaged(
    engine: Engine,
    e: Encounter,
    creature_id: str,
    amount: int,
    types: Sequence[str],
    source: str,
) -> Encounter:
    """The encounter after `amount` damage through the rules, logged, and what harm brings.

    The GM's damage and a fall take it here, and 003-43's collisions.
    """
    if amount < 0:
        raise ActionError("damage is 0 or more")
    me = engine.combatant(e, creature_id)
    try:
        damage_types = tuple(DamageType(t) for t in types)
    except ValueError:
        raise ActionError(f"unknown damage type in {list(types)}") from None
    ruleset = engine.rules.ruleset
    computation = damage_against(amount, damage_types, me.statblock, me.state, ruleset)
    return _harmed(engine, e, me, computation, source)


def _harmed(
    engine: Engine, e: Encounter, me: Combatant, damage: DamageComputation | int, source: str
) -> Encounter:
    """The encounter after `damage` to `me` through the rules (dying, death), logged."""
    state, applied = rules_apply_damage(
        me.state, me.statblock, damage, engine.rules.ruleset, target=me.id, source=source
    )
    e = engine.set_state(e, me.id, state)
    e = Damage.from_applied(applied).logged_on(e, None, (me.id,))
    return engine.rules.after_harm(e, me.id, me.state)


FALL_DICE_PER = 10
"""000 "Falling": "1d10 damage for every 10 feet it fell" (feet per die)."""
FALL_MAX_DICE = 50
"""000 "Falling": "to a maximum of 50d10"."""


def falling_damage(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    feet: int,
    dice: Sequence[int] = (),
    check_die: int | None = None,
    trained: bool = False,
) -> Outcome:
    """A fall the GM applies (the map has no heights): 000 "Falling".

    "At the end of a fall, a creature takes 1d10 damage for every 10 feet it fell, to a
    maximum of 50d10. The creature lands prone, unless it avoids taking damage from the fall."
    ``dice``: typed-in d10s (missing ones are rolled). 002-23 (002 l.114 "Acrobatics": "reduce
    falling damage (divide Acrobatic roll by 2 and subtract result from damage total)"): where
    the ruleset names a reduction skill, ``check_die`` (a typed-in d20, or 0 to roll it) asks
    for that check, made by the creature as it is now (`rules.checks.skill_check`); None
    skips it. ``trained`` adds the trained bonus.
    """

    def change(e: Encounter) -> Encounter:
        if feet < 0:
            raise ActionError("a fall is 0 feet or more")
        count = min(feet // FALL_DICE_PER, FALL_MAX_DICE)
        source = QueuedSource(engine.rng, list(dice))
        try:
            fall = roll(f"{count}d10", source) if count else constant_roll(0, "no fall dice")
        except ValueError as exc:
            raise ActionError(str(exc)) from None
        e = DiceRolled.from_roll(fall, f"falling {feet} ft").logged_on(e)
        damage = fall.total
        skill = engine.ruleset.hooks.damage_policy.falling_reduction_skill
        if check_die is not None:
            if skill is None:
                raise ActionError("this ruleset has no check against falling damage")
            me = engine.combatant(e, creature_id)
            try:
                check = skill_check(
                    me,
                    skill,
                    QueuedSource(engine.rng, [check_die or None]),
                    engine.rules.ruleset,
                    trained=trained,
                )
            except ValueError as exc:
                raise ActionError(str(exc)) from None
            reduction = check.total.total // 2
            damage = max(0, damage - reduction)
            e = engine.rule_note(
                e,
                creature_id,
                "002-23",
                f"{check.label} {check.total.total}: falling damage {fall.total} - "
                f"{reduction} = {damage}",
            )
        e = damaged(engine, e, creature_id, damage, (), "Falling")
        if damage <= 0:
            return e
        return imposed_condition(engine, e, creature_id, Condition.PRONE, _FALLEN_PRONE)

    return named_step(
        engine, encounter, "falling_damage", f"{{name}} falls {feet} ft", change, creature_id
    )


def heal(
    engine: Engine, encounter: Encounter, creature_id: str, amount: int, source: str = "GM"
) -> Outcome:
    """The GM heals a creature (000 "Healing", "Healing on Negative HP")."""

    def change(e: Encounter) -> Encounter:
        if amount < 0:
            raise ActionError("healing is 0 or more")
        me = engine.combatant(e, creature_id)
        state, healed = apply_healing(
            me.state, me.statblock, amount, target=me.id, source=source, ruleset=engine.ruleset
        )
        e = engine.set_state(e, creature_id, state)
        return Healing.from_applied(healed).logged_on(e, None, (creature_id,))

    return named_step(engine, encounter, "heal", f"{{name}} heals {amount}", change, creature_id)


def set_hit_points(engine: Engine, encounter: Encounter, creature_id: str, hp: int) -> Outcome:
    """The GM sets current hit points (capped at the maximum; above 0 wakes it).

    A standing creature set to 0 or fewer drops as damage would drop it there (R-217): its
    temporary hit points go first, then 000 "Falling Unconscious", "Monsters and Death" and
    "Instant Death" apply, logged as the GM's damage.
    """

    def change(e: Encounter) -> Encounter:
        me = engine.combatant(e, creature_id)
        if not me.state.dead and me.state.current_hp > 0 and hp <= 0:
            drop = me.state.current_hp + me.state.temp_hp - hp
            return _harmed(engine, e, me, drop, "the GM's Set HP")
        state, done = set_hp(
            me.state, me.statblock, hp, target=me.id, source="GM", amount=hp - me.state.current_hp
        )
        e = engine.set_state(e, creature_id, state)
        return Healing.from_applied(done).logged_on(e, None, (creature_id,))

    return named_step(
        engine, encounter, "set_hit_points", f"{{name}}: {hp} HP", change, creature_id
    )


def grant_temp_hp(engine: Engine, encounter: Encounter, creature_id: str, amount: int) -> Outcome:
    """Temporary hit points, never added together (000 "Temporary Hit Points")."""

    def change(e: Encounter) -> Encounter:
        me = engine.combatant(e, creature_id)
        state, granted = rules_grant_temp_hp(me.state, amount, target=me.id, source="GM")
        e = engine.set_state(e, creature_id, state)
        record = TempHp(granted.offered, granted.temp_hp_before, granted.temp_hp_after)
        return record.logged_on(e, None, (creature_id,))

    return named_step(
        engine, encounter, "grant_temp_hp", f"{{name}}: {amount} temporary HP", change, creature_id
    )


def add_condition(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    condition: Condition,
    duration: DurationKind = DurationKind.SAVE_ENDS,
    *,
    source: str = "GM",
    source_id: str | None = None,
) -> Outcome:
    """The GM imposes a condition with a duration (000 "Conditions", "Duration").

    Refused with the availability table's answer (`availability.condition_problem`: the
    dead take none, R-249).
    """
    problem = condition_problem(engine.rules, encounter, creature_id, condition.value)
    if problem:
        return refuse("add_condition", problem, creature_id)
    imposed = Imposition(duration, source, source_id)

    def change(e: Encounter) -> Encounter:
        e = imposed_condition(engine, e, creature_id, condition, imposed)
        return engine.rules.let_go_if_unable(e, creature_id)  # 004-18

    return named_step(
        engine,
        encounter,
        "add_condition",
        f"{{name}}: {engine.rules.ruleset.condition_label(condition.value)}",
        change,
        creature_id,
    )


def imposed_condition(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    condition: Condition,
    imposed: Imposition,
) -> Encounter:
    """The encounter with `condition` imposed on the creature from the current turn, logged.

    Each new instance gets a `ConditionAdded` entry by `imposed.source_id`: the condition, then
    what it brings (000: unconscious -> prone).

    Raises:
        ActionError: the rules refuse the condition (its duration, the creature).
    """
    how = _imposition(engine, encounter, creature_id, imposed)
    try:
        state, insts = rules_state.impose_condition(
            engine.combatant(encounter, creature_id).state, condition, engine.rules.ruleset, **how
        )
    except (RulesError, ValueError) as exc:
        raise ActionError(str(exc)) from None
    encounter = engine.set_state(encounter, creature_id, state)
    for inst in insts:
        encounter = ConditionAdded(inst).logged_on(encounter, imposed.source_id, (creature_id,))
    return encounter


def add_persistent_damage(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    amount: int,
    types: Sequence[str] = (),
    duration: DurationKind = DurationKind.SAVE_ENDS,
    *,
    source: str = "GM",
    source_id: str | None = None,
) -> Outcome:
    """The GM imposes persistent damage (000 "Persistent damage")."""
    imposed = Imposition(duration, source, source_id)

    def change(e: Encounter) -> Encounter:
        how = _imposition(engine, e, creature_id, imposed)
        try:
            damage_types = tuple(DamageType(t) for t in types)
            state, inst = rules_state.add_persistent_damage(
                engine.combatant(e, creature_id).state, amount, damage_types, **how
            )
        except (RulesError, ValueError) as exc:
            raise ActionError(str(exc)) from None
        e = engine.set_state(e, creature_id, state)
        return PersistentAdded(inst).logged_on(e, None, (creature_id,))

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
        _refuse_unsqueezing(engine, e, creature_id, effect)
        e = engine.set_state(e, creature_id, rules_state.remove_effect(me.state, effect_id))
        return e.with_combat(log_ended(e.combat, creature_id, (effect,), "GM"))

    return named_step(
        engine, encounter, "remove_effect", "End an effect on {name}", change, creature_id
    )


def saving_throw(
    engine: Engine, encounter: Encounter, creature_id: str, effect_id: int, die: int | None = None
) -> Outcome:
    """000 "Saving Throws": d20 (typed in or rolled), 10 or higher ends the effect."""

    def change(e: Encounter) -> Encounter:
        me = engine.combatant(e, creature_id)
        effect = _effect(me.state, effect_id)
        save = rules_turns.saving_throw(QueuedSource(engine.rng, [die]), engine.rules.ruleset)
        state, downgraded = me.state, None
        if save.success:  # 003-21 (docs/rulings.md R-80): or downgraded
            state, downgraded = save_succeeded(state, effect_id, engine.rules.ruleset)
            if state.effect(effect_id) is None:
                _refuse_unsqueezing(engine, e, creature_id, effect)
        e = engine.set_state(e, creature_id, state)
        record = SavingThrow.from_save(
            effect, save, typed_in=die is not None, downgraded=downgraded
        )
        # a downgrade to Grabbed holds only beside its grabber (003-27).
        return engine.check_grapples(record.logged_on(e, creature_id))

    return named_step(engine, encounter, "saving_throw", "{name} saves", change, creature_id)


def downgrade_effect(
    engine: Engine, encounter: Encounter, creature_id: str, effect_id: int
) -> Outcome:
    """003-21: the GM downgrades a condition (an ability's effect); "No Effect" ends it.

    A downgrade to Grabbed with no creature beside it that imposed the effect ends at once
    (R-242; 003-27: Grabbed "ends if at any time the grabbed character is not adjacent to the
    grabbing character").

    Refused with the availability table's answer (`availability.downgrade_problem`).
    """
    problem = downgrade_problem(engine.rules, encounter, creature_id, str(effect_id))
    if problem:
        return refuse("downgrade_effect", problem, creature_id)

    def change(e: Encounter) -> Encounter:
        me = engine.combatant(e, creature_id)
        effect = _effect(me.state, effect_id)
        try:
            state, new = rules_downgrade(me.state, effect_id, engine.rules.ruleset)
        except RulesError as exc:
            raise ActionError(str(exc)) from None
        e = engine.set_state(e, creature_id, state)
        if new is None:
            why = "downgraded: no effect (003-21)"
            return e.with_combat(log_ended(e.combat, creature_id, (effect,), why))
        # a downgrade to Grabbed holds only beside its grabber (003-27).
        return engine.check_grapples(ConditionAdded(new).logged_on(e, None, (creature_id,)))

    return named_step(
        engine, encounter, "downgrade_effect", "Downgrade an effect on {name}", change, creature_id
    )


def gm_conditions(ruleset: Ruleset) -> tuple[Condition, ...]:
    """Conditions the GM imposes by hand under ``ruleset``.

    The others follow from hit points or actions; 003's Hindered, Shrouded... only under 003.
    """
    automatic = (Condition.DYING, Condition.SURPRISED)
    return tuple(c for c in offered_conditions(ruleset) if c not in automatic)


def _refuse_unsqueezing(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    effect: ConditionInstance | PersistentDamage,
) -> None:
    """Refuse ending a squeeze where the creature's full space does not fit (R-213).

    000 "Squeeze": a squeezing creature fills a space one size smaller (R-131); ended by the
    GM where its full space would overlap another creature (where the ruleset lets none
    share), a wall or blocking terrain, or leave the grid, the file could not hold it.

    Raises:
        ActionError: why, in the GM's words.
    """
    if not isinstance(effect, ConditionInstance) or effect.condition is not Condition.SQUEEZING:
        return
    creature = encounter.creature(creature_id)
    problem = placement.destination_problem(encounter, creature, creature.square)
    if problem.startswith("occupied") and spaces_may_be_shared(encounter.ruleset_id):
        return
    if problem:
        name = engine.name(encounter, creature_id)
        raise ActionError(
            f"{name} cannot stop squeezing where it stands: its full space would be {problem}; "
            "move it first"
        )


def _effect(state: CreatureState, effect_id: int) -> ConditionInstance | PersistentDamage:
    effect = state.effect(effect_id)
    if effect is None:
        raise ActionError(f"no effect {effect_id}")
    return effect
