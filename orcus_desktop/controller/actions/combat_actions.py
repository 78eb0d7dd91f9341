"""Combat actions: charge, coup de grace, shove, maintain, the simple actions.

Each use case checks availability (`availability.actions.action_problem`, the same answer the
Actions panel shows), builds the transition and names the undo step. The simple actions (total
defense, rally, stand up, drop prone, spend an action point) are one table behind
`take_action`. The grapple family is in `grappling`, help and aid in `aid_actions`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from orcus_desktop.controller import plugins
from orcus_desktop.controller.actions.interrupts import hold, offerable
from orcus_desktop.controller.actions.special_attacks import SHOVE, charge_attack, shove_hit
from orcus_desktop.controller.attacks.attack_choices import NO_CHOICES
from orcus_desktop.controller.attacks.attack_powers import basic_attack_name
from orcus_desktop.controller.attacks.attack_resolution import AttackOutcome, attack, attack_step
from orcus_desktop.controller.attacks.attack_staging import stage_attack
from orcus_desktop.controller.attacks.held_attacks import held_charge
from orcus_desktop.controller.availability.actions import (
    CombatAction,
    acting_against,
    action_point_limit,
    action_problem,
)
from orcus_desktop.controller.availability.powers import find_power, power_problem
from orcus_desktop.controller.availability.table import maintain_problem
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.log.records import (
    ActionPoint,
    ChargeMove,
    DropProne,
    Healing,
    LogRecord,
    Maintain,
    Rally,
    StandUp,
)
from orcus_desktop.controller.movement.move_interrupts import Interrupt, first_interrupt, wait_at
from orcus_desktop.controller.movement.movement import movement_view, preview_move
from orcus_desktop.controller.movement.waiting import waiting_problem
from orcus_desktop.controller.outcomes import Outcome, Refusal, no_creature, refuse, run_step
from orcus_desktop.controller.plugins import before_action, declared, strikes_first
from orcus_desktop.geometry import movement as geo_movement
from orcus_desktop.geometry.grid import Space, Square, space_distance, spaces_adjacent
from orcus_desktop.model.combat import FREE_FIRST, ActionBudget, CombatPhase
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules.conditions import HELPLESS_CONDITIONS, Condition
from orcus_desktop.rules.durations import UNTIL_COUNTERED
from orcus_desktop.rules.healing import rally as rules_rally
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.state import RulesError
from orcus_desktop.vocabulary import CreatureId, MoveMode


@dataclass(frozen=True, slots=True)
class SimpleAction:
    """An action that needs nothing but its creature: its undo text and its transition."""

    text: str
    """The undo step's name; "{name}" is the creature's."""
    change: Callable[[Engine, Encounter, str], Encounter]


def checked_action(
    engine: Engine,
    encounter: Encounter,
    action: CombatAction,
    text: str,
    creature_id: str,
    change: Callable[[Encounter], Encounter],
) -> Outcome:
    """An action of the list: check it is allowed, do it, pay its action type."""
    problem = action_problem(engine.rules, encounter, creature_id, action)
    if problem:
        return refuse(action.value, problem, creature_id)
    return run_step(
        action.value,
        text,
        encounter,
        lambda e: engine.spend(change(e), creature_id, action.kind_under(engine.ruleset)),
        creature_id,
    )


def take_action(
    engine: Engine, encounter: Encounter, action: CombatAction, creature_id: str
) -> Outcome:
    """Take one of the simple actions of `SIMPLE_ACTIONS` (refused for any other action)."""
    simple = SIMPLE_ACTIONS.get(action)
    if simple is None:
        return refuse(action.value, f"{action.label} needs more than its creature", creature_id)
    text = simple.text.replace("{name}", engine.name(encounter, creature_id))

    def change(e: Encounter) -> Encounter:
        return simple.change(engine, e, creature_id)

    return checked_action(engine, encounter, action, text, creature_id, change)


def maintain_power(
    engine: Engine, encounter: Encounter, creature_id: str, power_name: str
) -> Outcome:
    """Spend the action a maintained power needs this turn (000 "Maintain")."""
    op = "maintain_power"
    problem = maintain_problem(engine.rules, encounter, creature_id, power_name)
    entry = encounter.combat.maintained_entry(creature_id, power_name)
    if problem or entry is None:
        return refuse(op, problem, creature_id)
    return run_step(
        op,
        f"{engine.name(encounter, creature_id)} maintains {power_name}",
        encounter,
        lambda e: engine.spend(
            _maintain(engine, e, creature_id, power_name), creature_id, entry.kind
        ),
        creature_id,
    )


def _attack_costs(
    engine: Engine, encounter: Encounter, me: Creature, target: Creature
) -> dict[Square, int]:
    """Squares the charger can reach this move from which it can attack the target, by cost."""
    reach = engine.rules.reach(me)
    view, _ = movement_view(encounter, me, MoveMode.WALK)  # a charge walks at full size
    costs = geo_movement.reachable_squares(engine.battlefield(view), me.id, me.speed)
    return {
        square: cost
        for square, cost in costs.items()
        if square != me.square
        and space_distance(Space(square, me.size), occupied_space(target)) <= reach
    }


def charge_destinations(
    engine: Engine, encounter: Encounter, creature_id: str, target_id: str
) -> tuple[Square, ...]:
    """Squares a charge at `target_id` may end on, sorted; () when it cannot charge it.

    000 "Charge": at least 2 squares of movement, ending on the closest square from which
    the charger can attack the target (every square at that cost is offered).
    """
    me, target = encounter.find_creature(creature_id), encounter.find_creature(target_id)
    if me is None or target is None or me.id == target.id:
        return ()
    within = _attack_costs(engine, encounter, me, target)
    if not within:
        return ()
    best = min(within.values())
    if best < engine.ruleset.charge_min_squares:
        return ()
    return tuple(sorted(s for s, cost in within.items() if cost == best))


def charge(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    destination: Square,
    target_id: str,
    *,
    shove: bool = False,
    push_to: Square | None = None,
    dice: Sequence[int] = (),
) -> Outcome:
    """000 "Charge" (standard): move, then a basic melee attack or a shove at +1.

    The move is at least 2 squares and ends on the closest square from which the charger
    can attack; it provokes as a walk does: the charger waits on the square it provokes from
    and the attack is held until the opportunity attacks are settled (they come first: 000
    "Opportunity Attacks"); then it moves on and attacks, unless an attack stopped it.
    """
    op = "charge"
    enc = encounter
    problem = waiting_problem(enc) or action_problem(
        engine.rules, enc, creature_id, CombatAction.CHARGE
    )
    if problem:
        return refuse(op, problem, creature_id)
    target = enc.find_creature(target_id)
    if target is None:
        return refuse(op, no_creature(target_id), creature_id)
    preview = preview_move(
        engine, enc, creature_id, destination, MoveMode.WALK, check_action=False
    )
    if not preview.reachable:
        return refuse(op, preview.reason, creature_id)
    least = engine.ruleset.charge_min_squares
    if preview.cost < least:
        return refuse(op, f"a charge moves at least {least} squares", creature_id)
    costs = _attack_costs(engine, enc, enc.creature(creature_id), target)
    closest = min(costs.values()) if costs else None
    if closest is None or preview.cost > closest:
        return refuse(
            op,
            "a charge must end on the closest square from which it can attack "
            f"({closest} squares away)",
            creature_id,
        )
    name = engine.name(enc, creature_id)
    basic_name = basic_attack_name(engine, enc, creature_id) or ""
    if not shove and not basic_name:
        return refuse(op, f"{name} has no basic melee attack", creature_id)
    held = held_charge(
        name,
        creature_id,
        target_id,
        shove_name=SHOVE.name if shove else "",
        push_to=push_to,
        dice=dice,
    )

    def change(e: Encounter) -> AttackOutcome:
        e = e.with_creature(e.creature(creature_id).moved_to(destination))
        e = engine.spend(e, creature_id, ActionKind.STANDARD, moved=preview.cost)
        if engine.ruleset.charge_ends_actions:
            e = _charge_ends_turn(engine, e, creature_id)
        e = ChargeMove(tuple(preview.path), preview.cost).logged_on(e, creature_id, (target.id,))
        e = plugins.charge_moved(engine, e, creature_id)  # 003-41, before its attack
        provoked = preview.provoking_enemy_ids
        power = find_power(engine.rules, e, creature_id, basic_name)
        asked = (  # 001-29
            declared(engine, e, held, power, NO_CHOICES) if not shove and power else None
        )
        if asked is not None:
            return AttackOutcome(asked, None, ())
        countered = (
            not shove and power and strikes_first(engine, e, creature_id, power, [target_id])
        )
        if countered:
            provoked = (target_id,)  # 001-23: the longer reach counter-strikes first
        first = (
            ()
            if countered or not power
            else before_action(engine, enc, creature_id, power, [target_id])
        )
        if first:
            # 001-24, 001 l.248: "before or after the Creature Moves or Acts" - the charge
            # waits on its first square while its engagers' Free Strikes! are offered (R-127).
            waiting = replace(held, options=freeze({**held.options, FREE_FIRST: list(first)}))
            start = Interrupt(0, first, tuple(provoked))
            e = wait_at(
                engine, e, creature_id, preview.path, start, MoveMode.WALK.value, then=waiting
            )
            return AttackOutcome(e, None, ())
        # 003-52: a readied melee attack the charge's move walks into waits the same way;
        # one passed where it cannot see (or attack) the charger is named.
        me = enc.creature(creature_id)
        readied = plugins.walk_triggered_at(engine, enc, me, preview.path)
        walk = None if countered else first_interrupt(engine, enc, me, preview.path, provoked)
        upto = None if walk is None else walk.index
        e = plugins.walk_passed(engine, enc, e, creature_id, preview.path, upto)
        if offerable(engine, e, provoked) or (readied and not countered):
            # Checked now (reach, a dead target...), rolled once the offers are settled.
            basic = SHOVE if shove else find_power(engine.rules, e, creature_id, basic_name)
            if basic is not None:
                stage_attack(
                    engine,
                    e,
                    creature_id,
                    basic,
                    [target_id],
                    charge=True,
                    ability_attack="strength" if shove else None,
                )
            # 000 "Charge" moves "as normal movement does": the move waits on the square it
            # provokes from (000 "Opportunity Attacks"), as a walk does (`move_interrupts`).
            if walk is not None:
                e = wait_at(
                    engine, e, creature_id, preview.path, walk, MoveMode.WALK.value, then=held
                )
                return AttackOutcome(e, None, walk.enemies)
            return AttackOutcome(hold(engine, e, held, provoked), None, provoked)
        out = charge_attack(
            engine, e, creature_id, target_id, shove=shove, push_to=push_to, dice=dice
        )
        return replace(out, provoked=provoked)

    return attack_step(engine, op, f"{name} charges", enc, change, creature_id)


def _charge_ends_turn(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    """The charge ends the charger's actions this turn (``charge_ends_actions``).

    004-13 (004 l.451): "After you resolve the charge attack, the character can take no
    further actions this turn, unless he or she spends an action point." The budget
    empties; spending an action point gives back a standard action.
    """
    combat = encounter.combat
    combatant = combat.find(creature_id)
    if combatant is None or combat.current != creature_id:
        return encounter
    combat = combat.with_combatant(replace(combatant, budget=ActionBudget(0, 0, 0)))
    encounter = encounter.with_combat(combat)
    return engine.rule_note(
        encounter,
        creature_id,
        "004-13",
        f"{engine.name(encounter, creature_id)}'s charge ends its actions this turn "
        "(an action point gives one more)",
    )


def _adjacent_target(
    engine: Engine, encounter: Encounter, creature_id: str, target_id: str, action: CombatAction
) -> tuple[Creature, Creature] | Refusal:
    """`acting_against`, and the target must be adjacent (000 "Coup de Grace", "Shove")."""
    pair = acting_against(engine.rules, encounter, creature_id, target_id, action)
    if not isinstance(pair, Refusal) and not spaces_adjacent(
        occupied_space(pair[0]), occupied_space(pair[1])
    ):
        return refuse(action.value, f"{pair[1].name} is not adjacent", creature_id)
    return pair


def coup_de_grace(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    target_id: str,
    power_name: str = "Basic Melee Attack",
    dice: Sequence[int] = (),
) -> Outcome:
    """000 "Coup de Grace": a standard-action attack on a helpless adjacent opponent.

    A hit is a critical hit; damage at or above its staggered value kills.
    """
    pair = _adjacent_target(engine, encounter, creature_id, target_id, CombatAction.COUP_DE_GRACE)
    if isinstance(pair, Refusal):
        return pair
    me, target = pair
    op = "coup_de_grace"
    if not HELPLESS_CONDITIONS & engine.rules.conditions(encounter, target_id):
        return refuse(op, f"{target.name} is not helpless", creature_id)
    power = find_power(engine.rules, encounter, creature_id, power_name)
    if power is None or power.attack is None or power.action is not ActionKind.STANDARD:
        return refuse(op, f"{power_name!r} is not a standard-action attack")
    problem = power_problem(engine.rules, encounter, creature_id, power)
    if problem:
        return refuse(op, problem, creature_id)

    def change(e: Encounter) -> AttackOutcome:
        out = attack(engine, e, creature_id, power, [target_id], dice=dice, coup_de_grace=True)
        return replace(
            out, encounter=engine.spend(out.encounter, creature_id, ActionKind.STANDARD)
        )

    return attack_step(engine, op, f"{me.name}: coup de grace", encounter, change, creature_id)


def shove(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    target_id: str,
    push_to: Square | None = None,
    dice: Sequence[int] = (),
) -> Outcome:
    """000 "Shove" (standard): Strength vs Fortitude against an adjacent target.

    The target is at most one size larger. Hit: push it 1 square (to `push_to`, else the
    square farthest from the shover) and shift into the space it left.
    """
    pair = _adjacent_target(engine, encounter, creature_id, target_id, CombatAction.SHOVE)
    if isinstance(pair, Refusal):
        return pair
    me, target = pair
    op = "shove"

    def change(e: Encounter) -> AttackOutcome:
        out = attack(
            engine, e, creature_id, SHOVE, [target_id], dice=dice, ability_attack="strength"
        )
        e = engine.spend(out.encounter, creature_id, ActionKind.STANDARD)
        if target_id in out.hits:
            e = shove_hit(engine, e, creature_id, target_id, push_to)
        return replace(out, encounter=e, forced=())  # the push is done, not owed

    return attack_step(
        engine, op, f"{me.name} shoves {target.name}", encounter, change, creature_id
    )


def _total_defense(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    return engine.total_defense(
        encounter, creature_id, engine.combatant(encounter, creature_id).state
    )


def _rally(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    me = engine.combatant(encounter, creature_id)
    current = encounter.combat.current
    try:
        state, result = rules_rally(
            me.state,
            me.statblock,
            engine.rules.ruleset,
            target=me.id,
            current_turn=CreatureId(current) if current else None,
        )
    except RulesError as exc:
        raise ActionError(str(exc)) from None
    encounter = engine.set_state(encounter, creature_id, state)
    rally = Rally(Healing.from_applied(result.healing), result.defense_bonus)
    return rally.logged_on(encounter, creature_id)


def _prone(engine: Engine, encounter: Encounter, creature_id: str, down: bool) -> Encounter:
    """Drop prone (free) or stand up (move) — 000 "Being Prone"."""
    me = engine.combatant(encounter, creature_id)
    if down:
        state, inst = rules_state.add_condition(
            me.state,
            Condition.PRONE,
            holder=me.id,
            source="dropped prone",
            duration=UNTIL_COUNTERED,
        )
        record: LogRecord = DropProne(inst)
    else:
        state = rules_state.remove_condition(me.state, Condition.PRONE)
        record = StandUp()
    return record.logged_on(engine.set_state(encounter, creature_id, state), creature_id)


def _spend_action_point(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    """000 "Action Points": one extra standard, move or swift action this turn."""
    me = engine.combatant(encounter, creature_id)
    combat = encounter.combat
    try:
        limit = action_point_limit(engine.ruleset, me.statblock)
        state = rules_state.spend_action_point(
            me.state,
            surprise_round=combat.phase is CombatPhase.SURPRISE,
            once_per_encounter=limit is None or limit.per_encounter is not None,
        )
    except RulesError as exc:
        raise ActionError(str(exc)) from None
    encounter = engine.set_state(encounter, creature_id, state)
    combat = encounter.combat
    combatant = combat.combatant(creature_id)
    # An extra standard action covers "standard, move or swift" (a standard converts).
    budget = replace(combatant.budget, standard=combatant.budget.standard + 1)
    combatant = replace(
        combatant, budget=budget, spent_action_point_turn=True, action_point_spent=True
    )
    combat = ActionPoint(state.action_points).logged_in(
        combat.with_combatant(combatant), creature_id
    )
    return encounter.with_combat(combat)


def _maintain(
    engine: Engine, encounter: Encounter, creature_id: str, power_name: str
) -> Encounter:
    """Spend this turn's concentration on a maintained power (000 "Maintain")."""
    combat = encounter.combat
    entry = combat.maintained_entry(creature_id, power_name)
    if entry is None:
        raise ActionError(f"{engine.name(encounter, creature_id)} maintains no {power_name!r}")
    # Marked where it stands: the order of `combat.maintained` is kept.
    marked = tuple(replace(m, maintained=True) if m is entry else m for m in combat.maintained)
    combat = Maintain(power_name).logged_in(replace(combat, maintained=marked), creature_id)
    return encounter.with_combat(combat)


SIMPLE_ACTIONS: Final[dict[CombatAction, SimpleAction]] = {
    # 000 "Total Defense" (standard): +2 to all defenses until the start of its next turn.
    CombatAction.TOTAL_DEFENSE: SimpleAction("{name}: total defense", _total_defense),
    # 000 "Rally" (standard, PCs, once an encounter): spend a recovery, +2 defenses.
    CombatAction.RALLY: SimpleAction("{name} rallies", _rally),
    # 000 "Stand Up from Prone" (move action).
    CombatAction.STAND_UP: SimpleAction(
        "{name} stands up", lambda engine, e, cid: _prone(engine, e, cid, down=False)
    ),
    # 000 "Free Actions": drop prone.
    CombatAction.DROP_PRONE: SimpleAction(
        "{name} drops prone", lambda engine, e, cid: _prone(engine, e, cid, down=True)
    ),
    # 000 "Action Points": one extra action this turn; once per encounter, not when surprised.
    CombatAction.SPEND_ACTION_POINT: SimpleAction(
        "{name} spends an action point", _spend_action_point
    ),
}
"""The actions that need nothing but their creature, by action."""
