"""000 "Actions in Combat": every action with its type and its "why not".

`CombatAction` lists them; `action_problem` says why the creature cannot take one now;
`acting_against` checks its target too.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from orcus_desktop.controller import plugins
from orcus_desktop.controller.availability.kinds import (
    attack_barred,
    kind_problem,
    off_map_problem,
)
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.log.words import an_opportunity_attack
from orcus_desktop.controller.outcomes import Refusal, no_creature, refuse
from orcus_desktop.model.combat import CombatPhase
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules.conditions import (
    Condition,
    MovementLimit,
    rules_for,
)
from orcus_desktop.rules.powers import ActionKind
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
    problem = opportunity_problem(rules, encounter, creature_id)
    if problem:
        return problem
    if combatant is not None and combatant.out_of_turn is not ActionKind.OPPORTUNITY:
        return f"nothing provoked {an_opportunity_attack(rules.ruleset.label)} from {name}"
    return ""


def opportunity_problem(rules: CombatRules, encounter: Encounter, creature_id: str) -> str:
    """Why the creature could not make an opportunity attack now, offered or not, or "".

    Its immediate action (000 "Opportunity Attacks": "you use your immediate action"; 000
    "Immediate Actions": "It must occur on someone else's turn"), its conditions, its reaction
    spent. A walk or an attack offers one only where this is "" (R-248): an offer it could
    never take would only be withdrawn at once (R-225).
    """
    return kind_problem(rules, encounter, creature_id, ActionKind.OPPORTUNITY) or attack_barred(
        rules, encounter, creature_id
    )


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
