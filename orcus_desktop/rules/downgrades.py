"""003-21 status downgrades: a condition treated as a milder one instead of ending.

003 l.308-314 "5.8.1 Downgrading status effects": "the character treats the status effect as if
it was the downgraded one for the duration of the downgrade"; "No Effect": ignored while
downgraded; "No Downgrade": it cannot be; "A status effect can only be downgraded once at any
given time". The downgraded instance keeps its id, source and duration, and remembers what it
was (``ConditionInstance.downgraded_from``), so undo, the log and a saved file show both.
docs/rulings.md R-80: under a ruleset with downgrades, a successful save against a save-ends
condition downgrades it; a downgraded one, or one without a downgrade, ends.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.rules.conditions import Condition, ConditionInstance
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.state import CreatureState, RulesError, remove_effect


def downgrade_target(instance: ConditionInstance, ruleset: Ruleset) -> Condition | None:
    """The condition ``instance`` would be downgraded to, or None when it cannot be.

    None also for 003's "No Effect" (it is then ignored: ending it does the same) and for an
    instance downgraded already (003: "only be downgraded once at any given time").
    """
    if instance.downgraded_from is not None:
        return None
    target = ruleset.conditions.downgrade(instance.condition.value)
    return Condition(target) if target else None


def downgrade(
    state: CreatureState, effect_id: int, ruleset: Ruleset
) -> tuple[CreatureState, ConditionInstance | None]:
    """Downgrade one condition instance; 003's "No Effect" ends it (returns None then).

    Raises:
        RulesError: No such condition, a downgraded one, or one with "No Downgrade".
    """
    instance = next((c for c in state.conditions if c.effect_id == effect_id), None)
    if instance is None:
        raise RulesError(f"no condition {effect_id}")
    name = ruleset.condition_label(instance.condition.value)
    if instance.downgraded_from is not None:
        raise RulesError(f"{name} is downgraded already (003-21: only once at a time)")
    target = ruleset.conditions.downgrade(instance.condition.value)
    if target is None:
        raise RulesError(f"{name} cannot be downgraded under {ruleset.name}")
    if not target:  # "No Effect": ignored while downgraded
        return remove_effect(state, effect_id), None
    new = replace(instance, condition=Condition(target), downgraded_from=instance.condition)
    kept = tuple(new if c.effect_id == effect_id else c for c in state.conditions)
    return replace(state, conditions=kept), new


def save_succeeded(
    state: CreatureState, effect_id: int, ruleset: Ruleset
) -> tuple[CreatureState, ConditionInstance | None]:
    """A successful save against one effect: it ends, or (R-80) is downgraded.

    Returns the new state and the downgraded instance (None when the effect ended).
    """
    instance = next((c for c in state.conditions if c.effect_id == effect_id), None)
    if instance is not None and downgrade_target(instance, ruleset) is not None:
        return downgrade(state, effect_id, ruleset)
    return remove_effect(state, effect_id), None
