"""Availability: the one answer to "can this creature do this now, and if not, why".

`available_actions` answers the GM's question "what can this creature do now?": every action
of 000 "Actions in Combat" with its type (standard, move, swift, free, immediate/opportunity,
none), whether it is allowed and, if not, why (no action of that type left, a condition forbids
it, not its turn...). The use cases ask `action_problem`, `kind_problem` and `power_problem`
before doing anything, and the Actions panel and the map tools read `available_actions`, so
they all agree. `cannot_act` and `stopped` say when a creature can do nothing at all.
`why_not` asks the table for one action by its key (000's, the core's about a power or an
effect, a variant's registered one), and the UI asks only it or `available_actions`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from orcus_desktop.controller import plugins
from orcus_desktop.controller.combat_rules import CombatRules, opportunity_spent
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.text import an_opportunity_attack
from orcus_desktop.controller.outcomes import Refusal, no_creature, refuse
from orcus_desktop.controller.ruleset_powers import ruleset_powers
from orcus_desktop.model.combat import ActionBudget, Combat, Combatant, CombatPhase
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules.basic_attacks import basic_attacks
from orcus_desktop.rules.conditions import (
    ActionLimit,
    Condition,
    ConditionInstance,
    ConditionRules,
    MovementLimit,
    PersistentDamage,
    rules_for,
)
from orcus_desktop.rules.powers import ActionKind, Power
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.ruleset.tables import ActionPointLimit
from orcus_desktop.rules.statblock import StatBlock


class CombatAction(StrEnum):
    """Every action of 000 "Actions in Combat", plus the turn's bookkeeping actions."""

    AID_ANOTHER = "aid_another"
    BASIC_ATTACK = "basic_attack"
    CHARGE = "charge"
    COUP_DE_GRACE = "coup_de_grace"
    CRAWL = "crawl"
    DASH = "dash"
    FIVE_FOOT_STEP = "five_foot_step"
    DELAY = "delay"
    GRAPPLE = "grapple"
    ESCAPE_GRAPPLE = "escape_grapple"
    MOVE_GRAPPLED = "move_grappled"
    RELEASE_GRAPPLE = "release_grapple"
    HELP_ATTACK = "help_attack"
    HELP_DEFENSE = "help_defense"
    RALLY = "rally"
    READY = "ready"
    SHOVE = "shove"
    STAND_UP = "stand_up"
    DROP_PRONE = "drop_prone"
    SQUEEZE = "squeeze"
    TOTAL_DEFENSE = "total_defense"
    USE_POWER = "use_power"
    WALK = "walk"
    SPEND_ACTION_POINT = "spend_action_point"
    OPPORTUNITY_ATTACK = "opportunity_attack"
    END_TURN = "end_turn"

    @property
    def kind(self) -> ActionKind:
        """The action type it takes in 000 ("Actions in Combat" headings, "Free Actions")."""
        return _KINDS[self]

    def kind_under(self, ruleset: Ruleset) -> ActionKind:
        """The action type it takes under a ruleset's action economy (D1, docs/rulesets.md).

        002-21/004-16: drop prone is a minor/swift action; 002-17/004-17: escape is a move
        action; the Dash's kind is the ruleset's ``dash.action``.
        """
        default = _KINDS[self]
        if self is CombatAction.DASH:
            return ActionKind(ruleset.dash.action)
        key = _RULESET_KEYS.get(self)
        if key is None:
            return default
        return ActionKind(ruleset.actions.action_kind(key, default.value))

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").capitalize()


_KINDS: Final[dict[CombatAction, ActionKind]] = {
    CombatAction.AID_ANOTHER: ActionKind.STANDARD,
    CombatAction.BASIC_ATTACK: ActionKind.STANDARD,
    CombatAction.CHARGE: ActionKind.STANDARD,
    CombatAction.COUP_DE_GRACE: ActionKind.STANDARD,
    CombatAction.CRAWL: ActionKind.MOVE,
    CombatAction.DASH: ActionKind.MOVE,
    CombatAction.FIVE_FOOT_STEP: ActionKind.MOVE,
    CombatAction.DELAY: ActionKind.NONE,
    CombatAction.GRAPPLE: ActionKind.STANDARD,
    CombatAction.ESCAPE_GRAPPLE: ActionKind.STANDARD,
    CombatAction.MOVE_GRAPPLED: ActionKind.STANDARD,
    CombatAction.RELEASE_GRAPPLE: ActionKind.FREE,
    CombatAction.HELP_ATTACK: ActionKind.STANDARD,
    CombatAction.HELP_DEFENSE: ActionKind.STANDARD,
    CombatAction.RALLY: ActionKind.STANDARD,
    CombatAction.READY: ActionKind.STANDARD,
    CombatAction.SHOVE: ActionKind.STANDARD,
    CombatAction.STAND_UP: ActionKind.MOVE,
    CombatAction.DROP_PRONE: ActionKind.FREE,
    CombatAction.SQUEEZE: ActionKind.MOVE,
    CombatAction.TOTAL_DEFENSE: ActionKind.STANDARD,
    CombatAction.USE_POWER: ActionKind.STANDARD,
    CombatAction.WALK: ActionKind.MOVE,
    CombatAction.SPEND_ACTION_POINT: ActionKind.FREE,
    CombatAction.OPPORTUNITY_ATTACK: ActionKind.OPPORTUNITY,
    CombatAction.END_TURN: ActionKind.NONE,
}

# The names a ruleset's ``actions.action_kinds`` table uses for the actions it may change.
_RULESET_KEYS: Final = {
    CombatAction.DROP_PRONE: "drop_prone",
    CombatAction.ESCAPE_GRAPPLE: "escape",
}

_FOLDED_INTO_AID: Final = frozenset({CombatAction.HELP_ATTACK, CombatAction.HELP_DEFENSE})
"""002-12: the help actions that are choices of "Aid another" (`aid_actions.aid_choice`)."""

_WALKING_ON: Final = frozenset({CombatAction.WALK, CombatAction.CRAWL, CombatAction.SQUEEZE})
"""The moves that spend what an interrupt left of a move (003-18, `walk_left`); the others
(a five-foot step, a Run, a charge) are new actions and pay for themselves
(`movement.walk_left`)."""

_ATTACKING: Final = frozenset(
    {
        CombatAction.BASIC_ATTACK,
        CombatAction.CHARGE,
        CombatAction.COUP_DE_GRACE,
        CombatAction.GRAPPLE,
        CombatAction.SHOVE,
        CombatAction.OPPORTUNITY_ATTACK,
    }
)
"""The actions that make an attack (barred by 003-36 Stunned's "Cannot attack")."""

_MOVING: Final = frozenset(
    {
        CombatAction.WALK,
        CombatAction.DASH,
        CombatAction.FIVE_FOOT_STEP,
        CombatAction.SQUEEZE,
        CombatAction.CHARGE,
        CombatAction.CRAWL,
        CombatAction.MOVE_GRAPPLED,
    }
)
"""The actions that move the creature willingly (barred by Immobile, crawl-only when prone)."""


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


def powers_of(rules: CombatRules, encounter: Encounter, creature_id: str) -> tuple[Power, ...]:
    """The creature's powers, the basic attacks 000 gives everyone and the ruleset's actions."""
    creature = encounter.creature(creature_id)
    sb = rules.statblock(creature)
    if sb is None:
        return ()
    return (
        *sb.powers,
        *basic_attacks(
            sb,
            rules.ruleset.basic_attack_doubling_level,
            rules.ruleset.basic_weapon_abilities,
            rules.ruleset.basic_implement_abilities,
        ),
        # 002-11, 002-15, 004-11, 004-22, 004-36: the ruleset's own actions (none in 000).
        *ruleset_powers(rules),
    )


def find_power(
    rules: CombatRules, encounter: Encounter, creature_id: str, name: str
) -> Power | None:
    for power in powers_of(rules, encounter, creature_id):
        if power.name == name:
            return power
    return None


def kind_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, kind: ActionKind
) -> str:
    """Why the creature cannot take an action of `kind` now (turn, budget, conditions), or ""."""
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return no_creature(creature_id)
    name = creature.name
    table = [rules_for(c, rules.ruleset) for c in sorted(rules.conditions(encounter, creature_id))]
    if rules.is_dead(encounter, creature_id):
        return f"{name} is dead"
    combat = encounter.combat
    blockers = [r.condition.label for r in table if r.actions is ActionLimit.NONE]
    if blockers and kind is not ActionKind.NONE:
        # 000 "Stunned"/"Unconscious"/"Petrified": "You can't take any actions".
        return f"{name} is {blockers[0].lower()}: no actions"
    if kind in (ActionKind.IMMEDIATE, ActionKind.OPPORTUNITY):
        return _interrupt_problem(rules, encounter, creature_id, kind, table)
    if kind is ActionKind.FREE:
        no_free = [r.condition.label for r in table if r.no_free_actions]
        if no_free:
            return f"{name} is {no_free[0].lower()}: no free actions"
    if not combat.active or kind in (ActionKind.FREE, ActionKind.NONE):
        return ""
    combatant = combat.find(creature_id)
    if combatant is None:
        return f"{name} is not in the initiative"
    if combat.current != creature_id:
        if combatant.out_of_turn is kind:
            return ""
        return f"it is not {name}'s turn"
    if not combatant.budget.can_spend(kind, rules.conversions(encounter, creature_id)):
        return _budget_refusal(rules, combat, combatant, kind, name, table)
    return ""


def _interrupt_problem(
    rules: CombatRules,
    encounter: Encounter,
    creature_id: str,
    kind: ActionKind,
    table: list[ConditionRules],
) -> str:
    """Why the creature cannot take an immediate or opportunity action now, or ""."""
    name = encounter.creature(creature_id).name
    combat = encounter.combat
    no_immediate = [r.condition.label for r in table if r.no_immediate_actions]
    if no_immediate:
        # 000 "Dazed": "You can't take immediate or opportunity actions."
        return f"{name} is {no_immediate[0].lower()}: no immediate or opportunity actions"
    combatant = combat.find(creature_id) if combat.active else None
    if combatant is None:
        return ""
    if combat.phase is CombatPhase.SURPRISE and combatant.surprised:
        return f"{name} is surprised: no immediate actions until its first turn ends"
    if kind is ActionKind.OPPORTUNITY and not rules.ruleset.actions.opportunity_uses_immediate:
        if opportunity_spent(rules.ruleset, combat, combatant):
            # 002-05 (002 l.98), 004-08 (004 l.385): one per combatant's turn.
            return f"{name} already took {_an_opportunity_attack(rules)} this turn"
    elif combatant.immediate_used:
        # 000 "Immediate Actions"/docs/rulings.md R-02 — one per round.
        return f"{name} already took an immediate action this round"
    if combat.current == creature_id and kind is ActionKind.OPPORTUNITY:
        # 000 "Opportunity Attacks": a hostile creature provokes it; 004-08, 004
        # l.386 "You may not make an attack of opportunity on your own turn".
        return f"{name} cannot make {_an_opportunity_attack(rules)} on its own turn"
    if combat.current == creature_id:
        # 000 "Immediate Actions": "It must occur on someone else's turn."
        return "an immediate action must occur on someone else's turn"
    return ""


def _budget_refusal(
    rules: CombatRules,
    combat: Combat,
    combatant: Combatant,
    kind: ActionKind,
    name: str,
    table: list[ConditionRules],
) -> str:
    """Why an action of `kind` is past the combatant's budget this turn, in the rule's words."""
    ordered = plugins.budget_problem(rules, combatant, kind, name)  # 001-05
    if ordered:
        return ordered
    limited = [r.condition.label for r in table if r.actions is not ActionLimit.NORMAL]
    if limited:
        # 000 "Dazed": "You can only take one standard action on your turn".
        return f"{name} is {limited[0].lower()}: only a single action this turn, already taken"
    if combat.phase is CombatPhase.SURPRISE:
        return f"{name} has only one action in the surprise round (docs/rulings.md R-05)"
    return f"{name} has no {kind.value} action left"


def off_map_problem(rules: CombatRules, encounter: Encounter, creature_id: str) -> str:
    """Why the creature has no space to move from (003-48 Swallowed, Exiled), or ""."""
    for condition in sorted(rules.conditions(encounter, creature_id)):
        row = rules_for(condition, rules.ruleset)
        if row.off_map:
            # 003-48 (003 l.434-450): "disappears from its current position", "Does not
            # occupy a space": nothing to walk from until it comes back.
            name = encounter.creature(creature_id).name
            return f"{name} is {row.condition.label.lower()}: it does not occupy a space"
    return ""


def _an_opportunity_attack(rules: CombatRules) -> str:
    """An opportunity attack with its article, as the ruleset says it (004, 001: its strikes)."""
    return an_opportunity_attack(rules.ruleset.label)


def action_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, action: CombatAction
) -> str:
    """Why the creature cannot take `action` now, or ""."""
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return no_creature(creature_id)
    if action in (CombatAction.END_TURN, CombatAction.DELAY, CombatAction.OPPORTUNITY_ATTACK):
        return _turn_action_problem(rules, encounter, creature_id, action)
    combat = encounter.combat
    combatant = combat.find(creature_id) if combat.active else None
    its_turn = combat.active and combat.current == creature_id
    # 003-18: a move an interrupt cut short goes on without a new action.
    continuing = action in _WALKING_ON and its_turn and bool(combatant and combatant.walk_left)
    problem = (
        ""
        if continuing
        else kind_problem(rules, encounter, creature_id, action.kind_under(rules.ruleset))
    )
    if not problem and action in _ATTACKING:
        problem = attack_barred(rules, encounter, creature_id)
    if not problem and action in _MOVING:
        problem = _moving_problem(rules, encounter, creature_id, action)
    if problem:
        return problem
    if action is CombatAction.SPEND_ACTION_POINT:
        return _action_point_problem(rules, encounter, creature)
    if action is CombatAction.RALLY:
        return _rally_problem(rules, creature)
    if action in (CombatAction.BASIC_ATTACK, CombatAction.USE_POWER, CombatAction.CHARGE) and (
        rules.statblock(creature) is None
    ):
        return f"{creature.name} has no stat block"
    return _condition_action_problem(rules, encounter, creature_id, action)


def _turn_action_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, action: CombatAction
) -> str:
    """Why the creature cannot end its turn, delay, or make the opportunity attack offered."""
    name = encounter.creature(creature_id).name
    combat = encounter.combat
    combatant = combat.find(creature_id) if combat.active else None
    its_turn = combat.active and combat.current == creature_id
    if action is CombatAction.END_TURN:
        return "" if its_turn else f"it is not {name}'s turn"
    if action is CombatAction.DELAY:
        if not its_turn or combatant is None:
            return f"it is not {name}'s turn"
        if combatant.moved_squares or combatant.budget != combatant.turn_budget:
            # 000 "Delay": "You cannot Delay if you have already taken actions this turn."
            return f"{name} already took actions this turn"
        return ""
    problem = kind_problem(rules, encounter, creature_id, ActionKind.OPPORTUNITY) or attack_barred(
        rules, encounter, creature_id
    )
    if problem:
        return problem
    if combatant is not None and combatant.out_of_turn is not ActionKind.OPPORTUNITY:
        return f"nothing provoked {_an_opportunity_attack(rules)} from {name}"
    return ""


def _moving_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, action: CombatAction
) -> str:
    """Why the creature cannot make this move (off the map, charged, held in place, prone)."""
    problem = off_map_problem(rules, encounter, creature_id)
    if problem:
        return problem
    problem = plugins.move_problem(rules, encounter, creature_id)  # 003-41
    if problem:
        return problem
    name = encounter.creature(creature_id).name
    conditions = rules.conditions(encounter, creature_id)
    limits = {rules_for(c, rules.ruleset).movement for c in conditions}
    stuck = [
        rules_for(c, rules.ruleset).condition.label
        for c in sorted(conditions)
        if rules_for(c, rules.ruleset).movement
        in (MovementLimit.NO_MOVE, MovementLimit.NO_WILLING_MOVE)
    ]
    if stuck and action is not CombatAction.MOVE_GRAPPLED:
        # 000 "Immobile": "You cannot willingly move into another square."
        return f"{name} is {stuck[0].lower()}: cannot move"
    prone = MovementLimit.CRAWL_ONLY in limits
    if prone and action is not CombatAction.CRAWL:
        # 000 "Prone": "Your only movement option is to Crawl, unless you stand up".
        return f"{name} is prone: crawl or stand up first"
    if action is CombatAction.CRAWL and not prone:
        return f"{name} is not prone (crawling is for prone creatures)"
    return ""


def _condition_action_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, action: CombatAction
) -> str:
    """Why an action about the creature's own condition has nothing to act on (not prone...)."""
    name = encounter.creature(creature_id).name
    conditions = rules.conditions(encounter, creature_id)
    if action is CombatAction.STAND_UP and Condition.PRONE not in conditions:
        return f"{name} is not prone"
    if action is CombatAction.DROP_PRONE and Condition.PRONE in conditions:
        return f"{name} is already prone"
    if action is CombatAction.ESCAPE_GRAPPLE and Condition.GRAPPLED not in conditions:
        return f"{name} is not grappled"
    if action in (CombatAction.MOVE_GRAPPLED, CombatAction.RELEASE_GRAPPLE) and not grappled_by(
        rules, encounter, creature_id
    ):
        return f"{name} is not grappling anyone"
    return ""


def _action_point_problem(rules: CombatRules, encounter: Encounter, creature: Creature) -> str:
    """Why the creature cannot spend an action point now (000 "Action Points"), or ""."""
    name = creature.name
    combat = encounter.combat
    if not combat.active:
        return "action points are spent in combat"
    if combat.phase is CombatPhase.SURPRISE:
        # 000 "Action Points": "but not during a surprise round".
        return "no action points in the surprise round"
    if combat.current != creature.id:
        return f"it is not {name}'s turn"
    state = rules.state(creature)
    if state is None:
        return f"{name} has no stat block"
    limit = action_point_limit(rules.ruleset, rules.statblock(creature))
    if limit is not None and limit.per_encounter == 0:
        return f"{name} cannot spend action points"
    if state.action_point_spent and (limit is None or limit.per_encounter is not None):
        return f"{name} already spent an action point this encounter"
    combatant = combat.find(creature.id)
    if combatant is not None and combatant.spent_action_point_turn:
        # 002-06 (002 l.20): solos "only one per turn".
        return f"{name} already spent an action point this turn"
    if state.action_points < 1:
        return f"{name} has no action points"
    return ""


def _rally_problem(rules: CombatRules, creature: Creature) -> str:
    """Why the creature cannot rally now (000 "Rally"), or ""."""
    name = creature.name
    state = rules.state(creature)
    sb = rules.statblock(creature)
    if state is None or sb is None:
        return f"{name} has no stat block"
    if not sb.is_pc:
        # 000 "Rally": "Each player character has the option to rally once an encounter".
        return "only player characters rally"
    if state.rallied and rules.ruleset.rally_once_per_encounter:
        return f"{name} already rallied this encounter"
    if state.recoveries_left < 1:
        return f"{name} has no recoveries left"
    return ""


def acting_against(
    rules: CombatRules,
    encounter: Encounter,
    creature_id: str,
    target_id: str,
    action: CombatAction,
) -> tuple[Creature, Creature] | Refusal:
    """The creature taking `action` and its target, or the refusal saying why it cannot now.

    000 "Grapple", "Shove": the target is at most one size larger.
    """
    problem = action_problem(rules, encounter, creature_id, action)
    me, target = encounter.find_creature(creature_id), encounter.find_creature(target_id)
    if problem or me is None or target is None:
        missing = no_creature(creature_id if me is None else target_id)
        return refuse(action.value, problem or missing, creature_id)
    ruleset = rules.ruleset
    window = {
        CombatAction.GRAPPLE: ruleset.grapple.size_window,
        CombatAction.SHOVE: ruleset.shove_size_window,
    }.get(action)
    if window is not None and not window.allows(me.size.rank, target.size.rank):
        # 000: "no more than one size larger"; 004-12 (004 l.434, 525) "within one size
        # category (one size larger, same size, one size smaller)".
        larger = target.size.rank > me.size.rank
        return refuse(
            action.value,
            f"{target.name} is more than one size {'larger' if larger else 'smaller'}",
        )
    return me, target


def action_point_limit(ruleset: Ruleset, statblock: StatBlock | None) -> ActionPointLimit | None:
    """The ruleset's action point limit for the creature's role (D1; None: 000's rule).

    002-06 (002 l.20): PCs and elites once per encounter; solos "multiple Action Points per
    encounter, but only one per turn"; standard monsters (000's "monster") none.
    """
    if statblock is None:
        return None
    limits = {limit.role: limit for limit in ruleset.actions.action_points}
    role = statblock.role.value
    found = limits.get(role) or limits.get("standard" if role == "monster" else role)
    return found or limits.get("any")


def grappled_by(rules: CombatRules, encounter: Encounter, grappler_id: str) -> tuple[str, ...]:
    """Creatures the grappler holds (their Grappled condition names it as the source)."""
    out: list[str] = []
    for other in encounter.creatures:
        if other.state is None:
            continue
        if any(
            c.condition is Condition.GRAPPLED and c.source_id == grappler_id
            for c in other.state.conditions
        ):
            out.append(other.id)
    return tuple(out)


def power_problem(rules: CombatRules, encounter: Encounter, creature_id: str, power: Power) -> str:
    """Why the creature cannot use `power` now (used up, no action of its type...), or ""."""
    creature = encounter.creature(creature_id)
    state = rules.state(creature)
    if state is not None and not state.power_available(power):
        # 000 "Power Category and Frequency": encounter/daily powers need a rest to recharge.
        frequency = power.frequency.value.replace("_", "-")
        article = "an" if frequency[0] in "aeiou" else "a"
        return f"{power.name} is {article} {frequency} power already used"
    kind = power.action
    problem = kind_problem(rules, encounter, creature_id, kind)
    if not problem and power.attack is not None:
        problem = attack_barred(rules, encounter, creature_id)
    if not problem and kind is ActionKind.FREE and rules.ruleset.actions.own_turn_free_limits:
        problem = _free_limit_problem(rules, encounter, creature_id, power)
    return problem or plugins.power_problem(rules, encounter, creature_id, power)


def _free_limit_problem(
    rules: CombatRules, encounter: Encounter, creature_id: str, power: Power
) -> str:
    """Why a free action power is over 003-17's own-turn limits, or "".

    003 l.257-258: "One Free Action Attack. Any number of non-attack Free Actions, but each
    power can only be used once per turn this way." The turn's uses are read from the log
    back to its ``turn_start``.
    """
    combat = encounter.combat
    if not combat.active or combat.current != creature_id:
        return ""
    name = encounter.creature(creature_id).name
    for entry in reversed(combat.log):
        if entry.kind == "turn_start":
            return ""
        if entry.kind != "attack" or entry.actor != creature_id:
            continue
        used = find_power(rules, encounter, creature_id, str(entry.data.get("power", "")))
        if used is None or used.action is not ActionKind.FREE:
            continue
        if used.name == power.name:
            return f"{power.name} can only be used once per turn as a free action (003-17)"
        if used.attack is not None and power.attack is not None:
            return f"{name} already made its one free action attack this turn (003-17)"
    return ""


def attack_barred(rules: CombatRules, encounter: Encounter, creature_id: str) -> str:
    """Why a condition forbids the creature any attack, or "".

    003-36, 003 l.366 Stunned: "Cannot attack" (000's stunned takes no action: ``kind_problem``).
    """
    creature = encounter.find_creature(creature_id)
    for condition in sorted(rules.conditions(encounter, creature_id)):
        if creature is not None and rules_for(condition, rules.ruleset).cannot_attack:
            return f"{creature.name} is {condition.label.lower()}: cannot attack"
    return ""


def available_actions(engine: Engine, encounter: Encounter, creature_id: str) -> AvailableActions:
    """Every action and power of the creature with whether it may take it now and why not.

    The one table of "why not": 000's actions, the powers, and the variants' own actions
    (`plugins.variant_actions`), each with the words its use case refuses with.
    """
    rules = engine.rules
    combat = encounter.combat
    combatant = combat.find(creature_id) if combat.active else None
    # 002-12 (002 l.39): one "Aid another" action with a choice instead of 000's three.
    folded = _FOLDED_INTO_AID if rules.ruleset.aid.one_action else frozenset()
    options = tuple(
        ActionOption(a, a.kind_under(rules.ruleset), not problem, problem)
        for a in CombatAction
        if a not in folded
        for problem in (action_problem(rules, encounter, creature_id, a),)
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


def cannot_act(rules: CombatRules, encounter: Encounter, creature_id: str) -> str:
    """Why the creature can take no action now (gone, dead, unconscious, stunned...), or ""."""
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return f"{creature_id} is gone"
    if rules.is_dead(encounter, creature_id):
        return f"{creature.name} is dead"
    for condition in sorted(rules.conditions(encounter, creature_id)):
        if rules_for(condition, rules.ruleset).actions is ActionLimit.NONE:
            return f"{creature.name} is {condition.label.lower()}"
    return ""


def stopped(rules: CombatRules, encounter: Encounter, creature_id: str) -> bool:
    """Whether the creature can no longer move on its own (dead, no actions, immobile)."""
    if rules.is_dead(encounter, creature_id):
        return True
    for condition in rules.conditions(encounter, creature_id):
        limits = rules_for(condition, rules.ruleset)
        if limits.actions is ActionLimit.NONE or limits.movement in (
            MovementLimit.NO_MOVE,
            MovementLimit.NO_WILLING_MOVE,
        ):
            return True
    return False


# -- the table: one "why not" for every action, the core's and the variants' -------------------

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


def ready_problem(rules: CombatRules, encounter: Encounter, creature_id: str, kind: str) -> str:
    """Why the creature cannot ready an action of `kind` now (000 "Ready"), or "".

    000 "Ready" spends the standard action; 004-20 (004 l.557 "Readying is the same kind of
    action as the action you ready") spends the kind readied ("": a standard action).
    """
    problem = action_problem(rules, encounter, creature_id, CombatAction.READY)
    if not rules.ruleset.hooks.flow.readied_kind_is_readied_action:
        return problem
    if problem.startswith(("it is not", "no creature")):
        return problem
    return kind_problem(rules, encounter, creature_id, ActionKind(kind or ActionKind.STANDARD))


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

CORE_CHECKS_ABOUT: Final[Mapping[str, AboutCheck]] = MappingProxyType(
    {
        CombatAction.USE_POWER.value: _power_use_problem,
        CombatAction.READY.value: ready_problem,
        MAINTAIN: maintain_problem,
        DOWNGRADE: downgrade_problem,
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
    rules = engine.rules
    check = CORE_CHECKS_ABOUT.get(action)
    if check is not None:
        return check(rules, encounter, creature_id, about)
    if action in _COMBAT_ACTION_KEYS:
        return action_problem(rules, encounter, creature_id, CombatAction(action))
    for variant_action in plugins.variant_actions(engine):
        if variant_action.key == action:
            return variant_action.problem(engine, encounter, creature_id)
    return f"{rules.ruleset.name} has no action {action!r}"
