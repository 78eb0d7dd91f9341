"""Movement: the drag preview, the reachable squares, a move, and forced movement.

A move in combat spends the creature's move action (000 "Walk", "Five-Foot Step", "Dash",
"Crawl", "Squeeze") and is refused when a condition forbids it; a walk offers the enemies it
provokes an opportunity attack (docs/rulings.md R-02); a shift and a GM move provoke
nothing. Forced movement (000 "Unwilling Movement") never provokes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from orcus_desktop.controller import plugins
from orcus_desktop.controller.attacks.attack_powers import takes_opportunity_attacks
from orcus_desktop.controller.availability.actions import CombatAction, action_problem
from orcus_desktop.controller.availability.kinds import off_map_problem
from orcus_desktop.controller.battlefield_builder import field_occupant
from orcus_desktop.controller.combat_rules import QueuedSource
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.log.records import ForcedMove, Move
from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.movement import move_interrupts, placement
from orcus_desktop.controller.movement.waiting import waiting_problem
from orcus_desktop.controller.outcomes import (
    MovePreview,
    Outcome,
    Step,
    move_done,
    no_creature,
    refuse,
)
from orcus_desktop.controller.stealth import reveal
from orcus_desktop.geometry import movement as geo_movement
from orcus_desktop.geometry import seeing
from orcus_desktop.geometry.forced import forced_destinations
from orcus_desktop.geometry.grid import Size, Space, Square
from orcus_desktop.geometry.paths import cheapest_path
from orcus_desktop.geometry.routes import NO_ROUTE, Route
from orcus_desktop.model.combat import FREE_FIRST, PendingAttack
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.conditions import Condition, MovementLimit, rules_for
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset.hooks import Provocation
from orcus_desktop.rules.state import remove_condition
from orcus_desktop.vocabulary import CreatureId, ForcedMovementKind, MoveMode

MODE_ACTIONS: Final[dict[MoveMode, CombatAction]] = {
    MoveMode.WALK: CombatAction.WALK,
    MoveMode.SHIFT: CombatAction.FIVE_FOOT_STEP,
    MoveMode.DASH: CombatAction.DASH,
    MoveMode.CRAWL: CombatAction.CRAWL,
    MoveMode.SQUEEZE: CombatAction.SQUEEZE,
}

_SIZES: Final = tuple(Size)


def preview_move(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    destination: Square,
    mode: MoveMode,
    *,
    check_action: bool = True,
    speed: int | None = None,
    route: Route = NO_ROUTE,
) -> MovePreview:
    """Path, cost, provoked enemies and legality of a move (no change).

    Args:
        engine: the shared engine (its battlefield is cached per snapshot, so the repeated
            calls of one drag are cheap).
        encounter: the snapshot.
        creature_id: who moves.
        destination: the top-left square of its space at the end.
        mode: how it moves.
        check_action: False when the movement is part of another action (a charge pays
            with its standard action).
        speed: a speed other than the creature's (a grappler dragging: half speed).
        route: the GM's waypoints and the squares the drag crossed (`geometry/routes.py`).
    """
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return MovePreview((), 0, False, (), no_creature(creature_id))
    if mode is MoveMode.GM:
        problem = placement.destination_problem(encounter, creature, destination)
        if destination == creature.square or (problem.startswith("occupied") and _sharing(engine)):
            problem = ""
        path = (creature.square, destination) if not problem else ()
        return MovePreview(path, 0, not problem, (), problem)
    problem = action_problem(engine.rules, encounter, creature_id, MODE_ACTIONS[mode])
    if problem and check_action:
        return MovePreview((), 0, False, (), problem)
    problem = off_map_problem(engine.rules, encounter, creature_id)  # 003-48
    if problem:
        return MovePreview((), 0, False, (), problem)
    if destination == creature.square:
        return MovePreview((creature.square,), 0, False, (), f"{creature.name} is already there")
    view, mover = movement_view(encounter, creature, mode)
    problem = placement.destination_problem(view, mover, destination)
    if problem.startswith("occupied") and engine.ruleset.hooks.movement_policy.occupancy.ends:
        # 004-25: whose space a move may end in is the geometry's (`Occupancy`) to say.
        problem = ""
    if problem:
        return MovePreview((), 0, False, (), f"cannot end there: {problem}")
    allowed, geo_mode, slowed = _allowance(engine, encounter, creature, mode)
    speed = allowed if speed is None else speed
    result = cheapest_path(
        engine.battlefield(view),
        creature_id,
        destination,
        speed=speed,
        mode=geo_mode,
        slowed=slowed,
        route=route,
    )
    if result.cost is None:
        return MovePreview((), 0, False, (), "no legal path")
    # H5: what provokes is the ruleset's (001 has no opportunity attacks, docs/rulesets.md);
    # outside combat nothing does (000 "Opportunity Attacks" is an opportunity action, and
    # there are no actions before combat: no phantom offer while the GM sets up, issue 28).
    provocations = engine.ruleset.hooks.reaction_rules.provocations
    provokes = (
        result.provokes
        if mode.provokes
        and encounter.combat.active
        and Provocation.LEAVES_ADJACENT in provocations
        else ()
    )
    provokes = takes_opportunity_attacks(engine, encounter, provokes)
    if not result.reachable:
        budget = geo_movement.effective_speed(speed, slowed=slowed)
        return MovePreview(
            result.path,
            result.cost,
            False,
            provokes,
            f"too far: {result.cost} squares of movement, {budget} allowed",
        )
    return MovePreview(result.path, result.cost, True, provokes, "")


def reachable_squares(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    mode: MoveMode,
    *,
    check_action: bool = True,
) -> frozenset[Square]:
    """Every square the creature may end a move of this mode in (empty if none).

    ``check_action`` False: a move another creature's action pays for (003-46 forced walks).
    """
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return frozenset()
    if mode is MoveMode.GM:
        alone = replace(encounter, creatures=(creature,)) if _sharing(engine) else encounter
        return placement.free_squares(alone, creature) - {creature.square}
    if check_action and action_problem(engine.rules, encounter, creature_id, MODE_ACTIONS[mode]):
        return frozenset()
    if off_map_problem(engine.rules, encounter, creature_id):  # 003-48
        return frozenset()
    speed, geo_mode, slowed = _allowance(engine, encounter, creature, mode)
    view, _ = movement_view(encounter, creature, mode)
    costs = geo_movement.reachable_squares(
        engine.battlefield(view), creature_id, speed, geo_mode, slowed=slowed
    )
    return frozenset(s for s in costs if s != creature.square)


def _sharing(engine: Engine) -> bool:
    """Whether the GM's move may leave a creature in another's space (001-09).

    001 l.130 "If you somehow end a turn in a space with another creature": it falls prone
    at its turn's end (`strike_turns.prone_when_sharing`).
    """
    return engine.ruleset.hooks.movement_policy.prone_when_sharing


@dataclass(frozen=True, slots=True)
class _MoveOrder:
    """What a move was asked to do: `move_creature`'s arguments, through the walk and its rest.

    Where it ends, how it moves, at what speed (None: the creature's), by which route, and
    whether it reveals the mover (003-47).
    """

    destination: Square
    mode: MoveMode
    speed: int | None = None
    reveals: bool = True
    route: Route = NO_ROUTE


def move_creature(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    destination: Square,
    mode: MoveMode,
    *,
    speed: int | None = None,
    reveals: bool = True,
    route: Route = NO_ROUTE,
) -> Outcome:
    """Move a creature along a legal path (or a GM move): one undo step, "Move Goblin 3 squares".

    A walk's result lists the enemies offered an opportunity attack; consecutive GM moves of
    one creature merge into one undo step. ``speed``: another speed (003-47 Sneak: half);
    ``reveals`` False keeps Shrouded and Hidden (Sneak, `stealth_maneuvers`); ``route``: the
    GM's waypoints and drag (`preview_move`), so the walk takes the path the preview showed.
    """
    op = "move_creature"
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return refuse(op, no_creature(creature_id), creature_id)
    if destination == creature.square:
        return refuse(op, f"{creature.name} is already there", creature_id)
    order = _MoveOrder(destination, mode, speed, reveals, route)
    try:
        after, preview = _move(engine, encounter, creature, order)
    except ActionError as exc:
        return refuse(op, str(exc), creature_id)
    waiting = waiting_problem(encounter) if mode is not MoveMode.GM else ""
    if waiting:
        # The offers come first (000 "Immediate Actions"), as for a new attack.
        return refuse(op, waiting, creature_id)
    if mode is MoveMode.GM:
        text = f"Move {creature.name}"
    else:
        text = f"Move {creature.name} {plural(preview.cost, 'square')}"
    result = move_done(op, text, creature_id, encounter, after, preview, mode.value)
    merge_key = ("gm-move", creature_id) if mode is MoveMode.GM else None
    return Step(after, result, merge_key)


def _move(
    engine: Engine, encounter: Encounter, creature: Creature, order: _MoveOrder
) -> tuple[Encounter, MovePreview]:
    """The encounter after the move (one action of movement), offering opportunity attacks.

    Raises:
        ActionError: the move is not allowed; the message says why.
    """
    creature_id, destination, mode = creature.id, order.destination, order.mode
    preview = preview_move(
        engine, encounter, creature_id, destination, mode, speed=order.speed, route=order.route
    )
    if not preview.reachable:
        raise ActionError(preview.reason or f"{creature.name} cannot move there")
    before = encounter
    encounter = encounter.with_creature(creature.moved_to(destination))
    if mode is MoveMode.GM:
        return engine.check_grapples(encounter), preview
    continuing = walk_left(encounter, creature_id, mode) > 0
    # The mode's action kind under the ruleset: 003-40 Run and 001-32 Dash are standard actions;
    # 003-18: the rest of an interrupted move needs no new action.
    kind = ActionKind.NONE if continuing else MODE_ACTIONS[mode].kind_under(engine.ruleset)
    encounter = engine.spend(encounter, creature_id, kind, moved=preview.cost)
    if continuing:
        combatant = encounter.combat.combatant(creature_id)
        encounter = encounter.with_combat(
            encounter.combat.with_combatant(replace(combatant, walk_left=0))
        )
    state = engine.rules.state(creature)
    if state is not None:
        current = encounter.combat.current
        holder = CreatureId(creature_id)
        turn = CreatureId(current) if current else None
        if mode is MoveMode.DASH:
            state, _ = rules_turns.dash(
                state, target=holder, current_turn=turn, ruleset=engine.ruleset
            )
        elif mode is MoveMode.SQUEEZE and not state.instances_of(Condition.SQUEEZING):
            state, _ = rules_turns.start_squeezing(state, target=holder)
        encounter = engine.set_state(encounter, creature_id, state)
    provoked = tuple(CreatureId(p) for p in preview.provoking_enemy_ids)
    record = Move(mode.value, tuple(preview.path), preview.cost, provoked)
    combat = record.logged_in(encounter.combat, creature_id)
    # Issue 13: the walk stops where it provokes until the attacks are settled.
    interrupt = move_interrupts.first_interrupt(
        engine, before, creature, preview.path, preview.provoking_enemy_ids
    )
    # 003-16 (003 l.269): a move out of turn is a reaction and provokes nothing.
    reacting = (
        combat.current != creature_id and not engine.ruleset.hooks.reaction_rules.reactions_provoke
    )
    # 003-47: a Shrouded mover "Cannot be targeted by ... Reaction attacks": nothing waits.
    barred = engine.reactions_barred(encounter, creature_id)
    encounter = encounter.with_combat(combat)
    if not reacting:
        # 003-52: a readier passed where it cannot see (or attack) the mover.
        upto = None if interrupt is None else interrupt.index
        encounter = plugins.walk_passed(engine, before, encounter, creature_id, preview.path, upto)
    if interrupt is not None and not reacting and not barred:
        rest = _rest_costs(engine, before, creature, preview, interrupt.index, order)
        encounter = move_interrupts.wait_at(
            engine, encounter, creature_id, preview.path, interrupt, mode.value, rest
        )
        preview = replace(preview, provoking_enemy_ids=interrupt.enemies)
    elif first := _free_strikers_first(engine, before, creature_id, kind, reacting or barred):
        # 001-24, 001 l.248 "before or after the Creature Moves or Acts": a move that is the
        # creature's action (001-32 Dash) waits on its first square while its engagers'
        # Free Strikes! are offered, as a charge does.
        waiting = PendingAttack(
            CreatureId(creature_id),
            move_interrupts.MOVE_KIND,
            "",
            (),
            freeze({FREE_FIRST: list(first)}),
            f"{creature.name}'s {mode.value}",
        )
        start = move_interrupts.Interrupt(0, first, ())
        encounter = move_interrupts.wait_at(
            engine, encounter, creature_id, preview.path, start, mode.value, then=waiting
        )
    else:
        encounter = engine.offer_opportunity(encounter, preview.provoking_enemy_ids, creature_id)
    if order.reveals:
        encounter = reveal(engine, encounter, creature_id, "moved")  # 003-47
    if mode is not MoveMode.SQUEEZE:
        # Where it stands now: a walk waiting on its first square may still be squeezed.
        encounter = placement.squeezing_ended(encounter, creature_id)
    return engine.check_grapples(encounter), preview


def _free_strikers_first(
    engine: Engine, before: Encounter, mover_id: str, kind: ActionKind, unprovoking: bool
) -> tuple[CreatureId, ...]:
    """The engagers offered a Free Strike! before the move (001-24, R-127), or ().

    Only a move that is the creature's action (001-05, l.53 "move and take one action": it
    spends the standard action, as 001-32 Dash does) is an Action that provokes one.
    """
    if kind is not ActionKind.STANDARD or unprovoking:
        return ()
    return plugins.before_move(engine, before, mover_id)


def walk_left(encounter: Encounter, creature_id: str, mode: MoveMode) -> int:
    """Movement an interrupt left of the creature's move for its next move (003-18), or 0.

    A walk, a crawl or a squeeze spends it (what a Run left is walked); a Run or a dash is
    a new action at full speed, a shift is one square, the GM's moves are free.
    """
    combat = encounter.combat
    if (
        mode not in (MoveMode.WALK, MoveMode.CRAWL, MoveMode.SQUEEZE)
        or not combat.active
        or combat.current != creature_id
    ):
        return 0
    combatant = combat.find(creature_id)
    return combatant.walk_left if combatant is not None else 0


def _rest_costs(
    engine: Engine,
    before: Encounter,
    creature: Creature,
    preview: MovePreview,
    index: int,
    order: _MoveOrder,
) -> tuple[int, ...]:
    """003-18: the movement left at each square of the path from `index` on (-1: cannot stop).

    Only where an interrupt's forced movement can cut the walk short (`interrupts_trim`).
    What is left is what the move allowed (the mode's speed, or the rest of a walk cut short
    before) less the cheapest cost to the square through the waypoints passed before it, a
    prefix of a cheapest path being a cheapest path (docs/rulings.md R-103).
    """
    if not engine.ruleset.hooks.reaction_rules.interrupts_trim:
        return ()
    speed = order.speed
    allowed, _, slowed = _allowance(engine, before, creature, order.mode)
    budget = geo_movement.effective_speed(allowed if speed is None else speed, slowed=slowed)
    rest = []
    for at, square in enumerate(preview.path[index:], start=index):
        passed = _waypoints_before(preview.path, order.route.via, at)
        to_here = preview_move(
            engine,
            before,
            creature.id,
            square,
            order.mode,
            check_action=False,
            speed=speed,
            route=Route(passed),
        )
        spent = 0 if square == creature.square else to_here.cost if to_here.path else None
        rest.append(-1 if spent is None else budget - spent)
    return tuple(rest)


def _waypoints_before(
    path: tuple[Square, ...], via: tuple[Square, ...], at: int
) -> tuple[Square, ...]:
    """The waypoints of `via` the path passes before its square `at`, in order."""
    passed: list[Square] = []
    start = 0
    for waypoint in via:
        try:
            start = path.index(waypoint, start, at)
        except ValueError:
            break
        passed.append(waypoint)
    return tuple(passed)


def movement_view(
    encounter: Encounter, creature: Creature, mode: MoveMode
) -> tuple[Encounter, Creature]:
    """The map as the mover's path sees it.

    000 "Squeeze": "A creature can squeeze through a space that is large enough for a
    creature one size smaller than it", so a squeezing Large or bigger creature is planned
    one size smaller (docs/rulings.md R-38; Small and Medium take one square either way). The
    token keeps its size on the map; the Squeezing state marks it. Any other move is planned
    at its full size, even from a squeeze (R-131: it ends the squeezing once the full space
    has room), though the battlefield holds a squeezing creature in its smaller space (R-250).
    """
    planned = creature
    state = creature.state
    if state is not None and state.instances_of(Condition.SQUEEZING):
        planned = planned.with_state(remove_condition(state, Condition.SQUEEZING))
    if mode is MoveMode.SQUEEZE and creature.size.rank > Size.MEDIUM.rank:
        planned = replace(planned, size=_SIZES[creature.size.rank - 1])
    if planned is creature:  # the same snapshot: its battlefield is cached
        return encounter, creature
    return encounter.with_creature(planned), planned


def _allowance(
    engine: Engine, encounter: Encounter, creature: Creature, mode: MoveMode
) -> tuple[int, MoveMode, bool]:
    conditions = engine.rules.conditions(encounter, creature.id)
    # 000 "Slowed": speed 2 - the row's limit (003-35's row lifts it: the cost doubles instead).
    rows = [rules_for(c, engine.ruleset) for c in conditions]
    slowed = any(row.movement is MovementLimit.SPEED_2 for row in rows)
    # 004-24 (004 l.700): "If a character moves when he or she can't see, such as in total
    # darkness, his or her speed is limited to one-half normal" (the movement hook, H6; 000
    # keeps the speed): blinded, or in darkness to its eyes where it stands.
    sees = not any(rules_for(c, engine.ruleset).cannot_see for c in conditions)
    if sees and engine.ruleset.hooks.movement_policy.half_speed_unseeing:
        field_ = engine.battlefield(encounter)
        sees = seeing.sees_where_it_stands(field_, field_occupant(field_, creature))
    speed = engine.ruleset.hooks.movement_policy.speed(creature.speed, sees=sees)
    # 003-18: a move an interrupt cut short goes on with what was left of it, no more.
    left = walk_left(encounter, creature.id, mode)
    speed = left or speed
    if mode is MoveMode.SHIFT:
        return 1, MoveMode.SHIFT, False  # 000 "Five-Foot Step": shift 1
    policy = engine.ruleset.hooks.movement_policy
    if mode is MoveMode.CRAWL and policy.crawl_squares is not None:
        # 003-55 (003 l.826): "Crawl 1." - that many squares at a crawl's cost of 2 each.
        crawl = 2 * policy.crawl_squares
        return min(left, crawl) if left else crawl, MoveMode.CRAWL, False
    doubled = Condition.SLOWED in conditions and policy.slowed_doubles_cost
    if doubled and mode in (MoveMode.WALK, MoveMode.DASH):
        # 003-35 (003 l.365): "For each square moved, must spend an additional square of
        # movement" - a crawl's cost per square, on top of difficult terrain; no speed 2.
        bonus = engine.ruleset.dash.speed_bonus if mode is MoveMode.DASH else 0
        return speed + bonus, MoveMode.CRAWL, False
    if mode is MoveMode.DASH:
        # 000 "Dash": speed + 2 (the ruleset's ``dash.speed_bonus``: 002-19, 004-21).
        return speed + engine.ruleset.dash.speed_bonus, MoveMode.WALK, slowed
    if mode in (MoveMode.CRAWL, MoveMode.SQUEEZE):
        # docs/rulings.md R-08 — each square costs 2 of the speed; 000 "Squeeze": "spend 1
        # extra square for every square it moves there".
        return speed, MoveMode.CRAWL, slowed
    return speed, MoveMode.WALK, slowed


@dataclass(frozen=True, slots=True)
class ForcedMoveDetails:
    """Where a push, pull or slide comes from, and 003's confirmations of how it ended.

    ``source_id`` (the creature forcing it) or ``source_square`` (an area's origin) sets the
    direction a push must take. 003's confirmations (`forced_collisions`): ``collided_with``
    (a creature id or "obstacle") when the movement ended early on a collision (003-43);
    ``over_edge`` when the next square would take it off a cliff (003-45, a save); a grabbed
    creature saves or stays (003-27). Both may end on the start square. ``dice``: typed-in
    dice for those rolls.
    """

    source_id: str | None = None
    source_square: Square | None = None
    collided_with: str | None = None
    over_edge: bool = False
    dice: tuple[int, ...] = ()

    @property
    def ended_early(self) -> bool:
        """The GM confirmed a collision or an edge: it may stop short, even where it began."""
        return self.collided_with is not None or self.over_edge


def forced_move(
    engine: Engine,
    encounter: Encounter,
    target_id: str,
    kind: ForcedMovementKind,
    squares: int,
    destination: Square,
    details: ForcedMoveDetails,
) -> Encounter:
    """Push, pull or slide a creature (000 "Unwilling Movement"); never provokes.

    Raises:
        ActionError: the creature cannot be moved there.
    """
    target = encounter.creature(target_id)
    state = engine.rules.state(target)
    unmovable = [
        c
        for c in (state.active_conditions(engine.ruleset) if state is not None else ())
        if not rules_for(c, engine.ruleset).can_be_moved
    ]
    if unmovable:
        # 000 "Restrained": "You cannot be moved into another square, willingly or with
        # unwilling movement." 002-09 (002 l.25): restrained creatures can be pushed.
        label = engine.ruleset.condition_label(unmovable[0].value).lower()
        raise ActionError(f"{target.name} is {label} and cannot be moved")
    origin = details.source_square
    source = Space(origin, Size.MEDIUM) if origin is not None else None
    options = forced_destinations(
        engine.battlefield(encounter),
        target_id,
        kind,
        squares,
        source=source,
        source_id=details.source_id if source is None else None,
        along_lines=engine.ruleset.hooks.movement_policy.forced_along_lines,  # 003-44
    )
    stays = destination == target.square and details.ended_early
    if destination not in options and not stays:
        raise ActionError(f"{target.name} cannot be {kind.past} to that square")
    moved = len(options.get(destination, ()))
    if details.collided_with is not None and moved >= squares:
        raise ActionError(f"{target.name} moved the full distance: no collision (003-43)")
    policy = engine.ruleset.hooks.movement_policy
    if details.collided_with is not None and not policy.collision_dice:
        raise ActionError(f"{engine.ruleset.name} has no collision damage (003-43)")
    if details.over_edge and not policy.edge_save:
        raise ActionError(f"{engine.ruleset.name} has no save against a fall (003-45)")
    rolls = QueuedSource(engine.rng, list(details.dice))
    # 003-27: a grabbed creature forced out of reach saves, or the move is negated.
    encounter, negated = plugins.forced_move_negated(
        engine, encounter, target_id, destination, rolls
    )
    if negated:
        return encounter
    encounter = encounter.with_creature(target.moved_to(destination))
    # The log's forced moves have always stored a slip as "slide"; files keep that spelling
    # (`ForcedMovementKind` reads both).
    logged_kind = "slide" if kind is ForcedMovementKind.SLIP else kind.value
    record = ForcedMove(logged_kind, squares, destination, moved)
    encounter = record.logged_on(encounter, details.source_id, (target.id,))
    # 003-43 the collision, 003-45 the edge the GM confirmed.
    end = plugins.ForcedMoveEnd(target_id, details, moved, squares, rolls)
    encounter = plugins.forced_move_placed(engine, encounter, end)
    return engine.check_grapples(encounter)
