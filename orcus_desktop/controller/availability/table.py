"""The availability table: what a creature can do now, and why not for the rest.

Every action, the core's and each variant's, with its answer (`available_actions`), and one
action by its key (`why_not`). The Actions panel, the map tools and the use cases give this one
answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from orcus_desktop.controller import plugins
from orcus_desktop.controller.availability.actions import CombatAction, action_problem
from orcus_desktop.controller.availability.kinds import kind_problem
from orcus_desktop.controller.availability.powers import find_power, power_problem, powers_of
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import no_creature
from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import (
    ConditionInstance,
    PersistentDamage,
)
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import Ruleset

_FOLDED_INTO_AID: Final = frozenset({CombatAction.HELP_ATTACK, CombatAction.HELP_DEFENSE})
"""002-12: the help actions that are choices of "Aid another" (`aid_actions.aid_choice`)."""


@dataclass(frozen=True, slots=True)
class ActionOption:
    """One action and whether the creature may take it now.

    Attributes:
        action: which action.
        kind: the action type it costs.
        allowed: True when it may be taken now.
        reason: why not, or "".
    """

    action: CombatAction
    kind: ActionKind
    allowed: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class PowerOption:
    """One of the creature's powers (basic attacks included) and whether it may use it now."""

    name: str
    kind: ActionKind
    allowed: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class VariantOption:
    """One of a variant's own actions (`plugins.VariantAction`) and whether it may be taken now."""

    key: str
    label: str
    allowed: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class AvailableActions:
    """What a creature can do now, and why not for the rest.

    Attributes:
        creature_id: who.
        in_combat: False outside combat (then nothing costs actions).
        its_turn: True when it is this creature's turn.
        budget: the actions left this turn.
        conditions: its conditions (implied ones included), by value.
        actions: every action of "Actions in Combat" with its answer.
        powers: every power with its answer.
        variants: the ruleset's variant actions with their answers (001's Withdraw...).
    """

    creature_id: str
    in_combat: bool
    its_turn: bool
    budget: ActionBudget
    conditions: tuple[str, ...]
    actions: tuple[ActionOption, ...]
    powers: tuple[PowerOption, ...]
    variants: tuple[VariantOption, ...] = ()

    def option(self, action: CombatAction) -> ActionOption:
        for option in self.actions:
            if option.action is action:
                return option
        raise KeyError(action)

    def power(self, name: str) -> PowerOption:
        for option in self.powers:
            if option.name == name:
                return option
        raise KeyError(name)

    def variant(self, key: str) -> VariantOption:
        """The variant action `key`'s answer (KeyError when the ruleset has no such action)."""
        for option in self.variants:
            if option.key == key:
                return option
        raise KeyError(key)

    @property
    def allowed(self) -> tuple[CombatAction, ...]:
        return tuple(o.action for o in self.actions if o.allowed)


def _listed_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, action: CombatAction
) -> str:
    """The Actions panel's answer for one of 000's actions (Ready: whatever it readies)."""
    if action is CombatAction.READY:
        return ready_problem(rules, encounter, creature_id, "")
    return action_problem(rules, encounter, creature_id, action)


def available_actions(engine: Engine, encounter: Encounter, creature_id: str) -> AvailableActions:
    """Every action and power of the creature with whether it may take it now and why not.

    The one table of "why not": 000's actions, the powers, and the variants' own actions
    (`plugins.variant_actions`), each with the words its use case refuses with. While a
    variant's redirect holds (003-46's Forced switch: `plugins.redirect`), the answers are
    the redirect's, as the session then runs the redirected use cases.
    """
    own = _own_actions(engine, encounter, creature_id)
    redirected = plugins.redirect(engine, encounter, creature_id)
    if redirected is None:
        return own
    how, actor = redirected
    return how.available(engine, encounter, creature_id, actor, own)


def _own_actions(engine: Engine, encounter: Encounter, creature_id: str) -> AvailableActions:
    """`available_actions` as the creature takes them itself (no redirect)."""
    rules = engine.rules
    combat = encounter.combat
    combatant = combat.find(creature_id) if combat.active else None
    # 002-12 (002 l.39): one "Aid another" action with a choice instead of 000's three.
    folded = _FOLDED_INTO_AID if rules.ruleset.aid.one_action else frozenset()
    options = tuple(
        ActionOption(a, a.kind_under(rules.ruleset), not problem, problem)
        for a in CombatAction
        if a not in folded
        for problem in (_listed_problem(rules, encounter, creature_id, a),)
    )
    powers = tuple(
        PowerOption(p.name, p.action, not problem, problem)
        for p in powers_of(rules, encounter, creature_id)
        for problem in (power_problem(rules, encounter, creature_id, p),)
    )
    return AvailableActions(
        creature_id=creature_id,
        in_combat=combat.active,
        its_turn=combat.active and combat.current == creature_id,
        budget=combatant.budget if combatant is not None else ActionBudget(),
        conditions=tuple(sorted(c.value for c in rules.conditions(encounter, creature_id))),
        actions=options,
        powers=powers,
        variants=tuple(
            VariantOption(a.key, a.label, not problem, problem)
            for a in plugins.variant_actions(engine)
            for problem in (a.problem(engine, encounter, creature_id),)
        ),
    )


AboutCheck = Callable[[CombatRules, Encounter, str, str], str]
"""(rules, encounter, the creature, what the action is about) -> why not, or ""."""


def maintain_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, power: str
) -> str:
    """Why the creature cannot maintain `power` now (000 "Maintain"), or ""."""
    entry = encounter.combat.maintained_entry(creature_id, power)
    if entry is None:
        return f"no maintained power {power!r}"
    if entry.maintained:
        return f"{power} is already maintained this turn"
    return kind_problem(rules, encounter, creature_id, entry.kind)


def downgrade_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, effect_id: str
) -> str:
    """Why the GM cannot downgrade the creature's effect `effect_id` now (003-21), or ""."""
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return no_creature(creature_id)
    state = rules.state(creature)
    effect = state.effect(int(effect_id)) if state is not None and effect_id.isdigit() else None
    if effect is None:
        return f"{creature.name} has no effect {effect_id}"
    return effect_downgrade_problem(rules.ruleset, effect)


def effect_downgrade_problem(
    ruleset: Ruleset, effect: ConditionInstance | PersistentDamage
) -> str:
    """Why ``effect`` cannot be downgraded under ``ruleset`` ("" when it can; 003-21)."""
    if not ruleset.conditions.downgrades:
        return f"{ruleset.name} has no downgrades."
    if not isinstance(effect, ConditionInstance):
        return "Only a condition can be downgraded."
    if effect.downgraded_from is not None:
        return "Downgraded already (only once at a time)."
    if ruleset.conditions.downgrade(effect.condition.value) is None:
        return f"{ruleset.condition_label(effect.condition.value)} cannot be downgraded."
    return ""


def condition_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, condition: str
) -> str:
    """Why the GM cannot give the creature a condition now (GM edits), or "".

    ``condition`` is the condition's value ("": any). The dead take none (R-249): their
    conditions ended when they died (`rules.damage.dead_state`), and a condition on a body
    would change nothing the rules play; Set HP above 0 brings it back first (R-130).
    """
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return no_creature(creature_id)
    if rules.state(creature) is None:
        return f"{creature.name} has no stat block"
    if rules.is_dead(encounter, creature_id):
        what = rules.ruleset.condition_label(condition) if condition else "a condition"
        return (
            f"{creature.name} is dead: {what} would change nothing for it; "
            "Set HP above 0 to bring it back first"
        )
    return ""


READY_KINDS: Final = (ActionKind.STANDARD, ActionKind.MOVE, ActionKind.SWIFT)
"""000 "Ready": a standard, move or swift action can be readied."""


def ready_problem(rules: CombatRules, encounter: Encounter, creature_id: str, kind: str) -> str:
    """Why the creature cannot ready an action of `kind` now (000 "Ready"), or "".

    000 "Ready" spends the standard action; 004-20 (004 l.557 "Readying is the same kind of
    action as the action you ready") spends the kind readied ("": any of `READY_KINDS`, so
    Ready stays offered while one of them is left).
    """
    problem = action_problem(rules, encounter, creature_id, CombatAction.READY)
    if not rules.ruleset.hooks.flow.readied_kind_is_readied_action:
        return problem
    if problem.startswith(("it is not", "no creature")):
        return problem
    kinds = (ActionKind(kind),) if kind else READY_KINDS
    problems = [kind_problem(rules, encounter, creature_id, k) for k in kinds]
    return "" if "" in problems else problems[0]


def _power_use_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, power_name: str
) -> str:
    """Why the creature cannot use the power named `power_name` now ("": any power, 000)."""
    if not power_name:
        return action_problem(rules, encounter, creature_id, CombatAction.USE_POWER)
    power = find_power(rules, encounter, creature_id, power_name)
    if power is None:
        return f"{encounter.creature(creature_id).name} has no power {power_name!r}"
    return power_problem(rules, encounter, creature_id, power)


_COMBAT_ACTION_KEYS: Final = frozenset(a.value for a in CombatAction)

MAINTAIN: Final = "maintain"
"""The key of 000 "Maintain" in the table, about the power maintained."""

DOWNGRADE: Final = "downgrade"
"""The key of the GM's downgrade of an effect (003-21), about the effect's id."""

ADD_CONDITION: Final = "add_condition"
"""The key of the GM's condition on a creature (GM edits), about the condition's value."""

CORE_CHECKS_ABOUT: Final[Mapping[str, AboutCheck]] = MappingProxyType(
    {
        CombatAction.USE_POWER.value: _power_use_problem,
        CombatAction.READY.value: ready_problem,
        MAINTAIN: maintain_problem,
        DOWNGRADE: downgrade_problem,
        ADD_CONDITION: condition_problem,
    }
)
"""The core's actions that are about something (a power, an effect), by key; the others are
`CombatAction`'s members, and each variant registers its own (`plugins.Variant.actions`)."""


def why_not(
    engine: Engine, encounter: Encounter, creature_id: str, action: str, about: str = ""
) -> str:
    """Why the creature cannot take `action` now, or "": the one answer of the table.

    `action` is a key of the table: a `CombatAction`'s value, one of `CORE_CHECKS_ABOUT`, or a
    registered variant action's key (`plugins.VariantAction.key`) under the encounter's
    ruleset; `about` is what it is about (the power used or maintained, the effect's id). Its
    use case refuses with the same words: both call the check registered here.
    """
    if encounter.find_creature(creature_id) is None:
        return no_creature(creature_id)
    if plugins.redirect(engine, encounter, creature_id) is not None:
        # 003-46: the redirected use case's answer, as the Actions panel shows it
        redirected = _listed_answer(
            available_actions(engine, encounter, creature_id), action, about
        )
        if redirected is not None:
            return redirected
    rules = engine.rules
    check = CORE_CHECKS_ABOUT.get(action)
    if check is not None:
        return check(rules, encounter, creature_id, about)
    if action in _COMBAT_ACTION_KEYS:
        return _listed_problem(rules, encounter, creature_id, CombatAction(action))
    for variant_action in plugins.variant_actions(engine):
        if variant_action.key == action:
            return variant_action.problem(engine, encounter, creature_id)
    return f"{rules.ruleset.name} has no action {action!r}"


def _listed_answer(available: AvailableActions, action: str, about: str) -> str | None:
    """The answer `available` lists for the key `action` (and its `about`), or None."""
    try:
        if action == CombatAction.USE_POWER.value and about:
            return available.power(about).reason
        if action in _COMBAT_ACTION_KEYS and not about:
            return available.option(CombatAction(action)).reason
        return available.variant(action).reason
    except KeyError:  # not listed (a power it lacks, an action folded away, maintain...)
        return None
