"""003-46 forced actions: a creature made to move or attack by another never provokes.

003 "5.9 Forced Movement" (l.472): "Forced Movement can also be caused by effects that force the
character to take an action to move ... the amount of squares ... depends on the character's
speed ... and is affected by any status effects or other conditions that restrict movement";
"Forced movement never triggers opportunity attacks or other character powers that would
trigger on movement." 003 "5.8.6 Forced Attacks" (l.460-468): the forcer makes every decision,
the forced creature "cannot target himself", and "Forced attacks never trigger opportunity
attacks". 003-26 Dominated (l.332-336): "The dominating character can spend a move action to
make the dominated character move its speed (forced movement) ... a standard action to make
the dominated character use an at-will attack (forced attack)".

So the forcer (the creature whose turn it is) spends the action and the forced creature acts
outside its own action economy: its movement is a walk at its speed under its conditions, its
attack one of its powers; neither offers an opportunity attack, and the log says why (003-46).
The GM reaches both through the Actions panel's "Forced" switch (`questions.forcing`); the
session runs them in place of the creature's own through 003's `redirects` hook (`plugin.py`).
Picks: docs/rulings.md R-97.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from orcus_desktop.controller.attacks.attack_choices import NO_CHOICES, AttackChoices
from orcus_desktop.controller.attacks.attack_resolution import AttackOutcome, attack, attack_step
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.availability.kinds import attack_barred, kind_problem
from orcus_desktop.controller.availability.powers import find_power, powers_of
from orcus_desktop.controller.availability.table import AvailableActions
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import Attack, Move, rule_noted
from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.movement.movement import (
    MODE_ACTIONS,
    preview_move,
    reachable_squares,
)
from orcus_desktop.controller.movement.waiting import waiting_problem
from orcus_desktop.controller.outcomes import (
    MovePreview,
    Outcome,
    Step,
    move_done,
    no_creature,
    no_power,
    refuse,
    run_step,
)
from orcus_desktop.controller.stealth import reveal
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.combat import Forcing
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.conditions import Condition, ConditionInstance, MovementLimit, rules_for
from orcus_desktop.rules.powers import ActionKind, Power
from orcus_desktop.vocabulary import CreatureId, MoveMode

MECHANIC = "003-46"

_CANNOT_BE_MADE_TO_MOVE: Final = (MovementLimit.NO_MOVE, MovementLimit.NO_WILLING_MOVE)

_NOT_WALKS: Final = (
    CombatAction.DASH,
    CombatAction.CRAWL,
    CombatAction.SQUEEZE,
    CombatAction.FIVE_FOOT_STEP,
)
"""The creature's moves that are not the forced walk: the session redirects a walk only."""


def offered(engine: Engine) -> bool:
    """Whether the ruleset has forced actions that never provoke (003-46)."""
    return engine.ruleset.hooks.flow.forced_actions


def forcer_problem(engine: Engine, encounter: Encounter, forcer_id: str, forced_id: str) -> str:
    """Why `forcer_id` cannot force `forced_id` to act now (before the action's kind), or ""."""
    if not offered(engine):
        return f"{engine.ruleset.name} has no forced actions (003-46)"
    if encounter.find_creature(forcer_id) is None:
        return no_creature(forcer_id)
    if encounter.find_creature(forced_id) is None:
        return no_creature(forced_id)
    if forcer_id == forced_id:
        return "a creature does not force itself: take the action as usual"
    return waiting_problem(encounter)


def set_forcing(engine: Engine, encounter: Encounter, forcer_id: str | None) -> Outcome:
    """The GM's "Forced" switch on for `forcer_id`'s turn, or off (None); one undo step.

    It holds for the rest of that turn only (docs/rulings.md R-97), so only the creature whose
    turn it is may force; it is kept in the document (`Combat.forcing`) and saved with it.
    """
    op = "set_forcing"
    combat = encounter.combat
    if forcer_id is None:
        if combat.forcing is None:
            return refuse(op, "the Forced switch is already off")
        return run_step(op, "Forced off", encounter, lambda e: _switched(e, None))
    if not offered(engine):
        return refuse(op, f"{engine.ruleset.name} has no forced actions (003-46)", forcer_id)
    if encounter.find_creature(forcer_id) is None:
        return refuse(op, no_creature(forcer_id))
    if not combat.active or combat.current is None:
        return refuse(op, "Forced works in a turn: no combat turn is running", forcer_id)
    name = engine.name(encounter, forcer_id)
    if combat.current != forcer_id:
        current = engine.name(encounter, combat.current)
        return refuse(op, f"{name} forces only on its own turn: it is {current}'s", forcer_id)
    if combat.forcer == forcer_id:
        return refuse(op, f"{name} already forces this turn", forcer_id)
    switch = Forcing(CreatureId(forcer_id), combat.round)
    return run_step(op, f"Forced: {name}", encounter, lambda e: _switched(e, switch), forcer_id)


def _switched(encounter: Encounter, switch: Forcing | None) -> Encounter:
    return encounter.with_combat(replace(encounter.combat, forcing=switch))


def preview(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    destination: Square,
    mode: MoveMode = MoveMode.WALK,
) -> MovePreview:
    """A forced walk's path and cost: the creature's own walk, provoking no one.

    Any other move is not forced (`not_a_walk`, R-228): no path, and why.
    """
    if mode is not MoveMode.WALK:
        return MovePreview((), 0, False, reason=not_a_walk(engine, MODE_ACTIONS[mode]))
    out = preview_move(
        engine, encounter, creature_id, destination, MoveMode.WALK, check_action=False
    )
    return replace(out, provoking_enemy_ids=())


def reachable(
    engine: Engine, encounter: Encounter, creature_id: str, mode: MoveMode = MoveMode.WALK
) -> frozenset[Square]:
    """Where a forced walk may end: the creature's walk, unless it cannot be made to move.

    Nowhere for any other move (`not_a_walk`, R-228).
    """
    if mode is not MoveMode.WALK:
        return frozenset()
    for condition in engine.rules.conditions(encounter, creature_id):
        if rules_for(condition, engine.ruleset).movement in _CANNOT_BE_MADE_TO_MOVE:
            return frozenset()
    return reachable_squares(engine, encounter, creature_id, MoveMode.WALK, check_action=False)


def as_forced(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    forcer_id: str,
    available: AvailableActions,
) -> AvailableActions:
    """The creature's walk and powers as forced ones: usable on the forcer's actions.

    Its walk is allowed as `forced_walk` allows it (the forcer's move action, 003 l.472), its
    powers as `forced_attack` allows them (`power_problem`); its other moves are refused
    (`not_a_walk`, R-228); the rest stays.
    """
    powers = {p.name: p for p in powers_of(engine.rules, encounter, creature_id)}
    options = []
    for option in available.powers:
        power = powers.get(option.name)
        why = power_problem(engine, encounter, creature_id, forcer_id, power) if power else ""
        options.append(replace(option, allowed=not why, reason=why) if power else option)
    walk = walk_problem(engine, encounter, creature_id, forcer_id)
    moves = {CombatAction.WALK: walk} | {a: not_a_walk(engine, a) for a in _NOT_WALKS}
    actions = tuple(
        replace(o, allowed=not moves[o.action], reason=moves[o.action]) if o.action in moves else o
        for o in available.actions
    )
    return replace(available, actions=actions, powers=tuple(options))


def not_a_walk(engine: Engine, action: CombatAction) -> str:
    """Why a forced creature is not made to `action` (a dash, crawl, squeeze, shift), R-228.

    003 l.472: forced movement is the creature made "to take an action to move", "depends on
    the character's speed"; 003-26 (l.334): the dominator makes it "move its speed (forced
    movement)". That is the forced walk; the session redirects nothing else.
    """
    label = engine.ruleset.action_label(action.value)
    return f"a {label} is not a walk: a forced creature only walks (003-46)"


def power_problem(
    engine: Engine, encounter: Encounter, creature_id: str, forcer_id: str, power: Power
) -> str:
    """Why `forcer_id` cannot make the creature attack with `power` now (any target), or "".

    003 l.460-468 with 003-26: on the forcer's standard action, the creature uses an attack
    (not a power without one, R-216) that is not used up and that no condition forbids.
    """
    why = kind_problem(engine.rules, encounter, forcer_id, ActionKind.STANDARD)
    if why:
        return why
    if power.attack is None:
        return f"{power.name} is not an attack: a forced creature only attacks (003-46)"
    state = engine.rules.state(encounter.creature(creature_id))
    if state is not None and not state.power_available(power):
        return f"{power.name} is used up"
    return attack_barred(engine.rules, encounter, creature_id)


def walk_problem(engine: Engine, encounter: Encounter, creature_id: str, forcer_id: str) -> str:
    """Why `forcer_id` cannot make the creature walk now (anywhere), or ""."""
    why = forcer_problem(engine, encounter, forcer_id, creature_id)
    why = why or kind_problem(engine.rules, encounter, forcer_id, ActionKind.MOVE)
    if why:
        return why
    for condition in sorted(engine.rules.conditions(encounter, creature_id)):
        if rules_for(condition, engine.ruleset).movement in _CANNOT_BE_MADE_TO_MOVE:
            # 003 l.472: "affected by any status effects ... that restrict movement".
            name = engine.name(encounter, creature_id)
            return f"{name} is {condition.label.lower()}: cannot move"
    return ""


def forced_walk(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    destination: Square,
    forcer_id: str,
    mode: MoveMode = MoveMode.WALK,
) -> Outcome:
    """The forcer spends a move action; the creature walks at its speed, provoking nothing.

    The GM's move of the creature in any other mode is refused as the Actions panel answers
    it (`not_a_walk`, R-228), never turned into a walk.
    """
    op = "forced_walk"
    if mode is not MoveMode.WALK:
        return refuse(op, not_a_walk(engine, MODE_ACTIONS[mode]), creature_id)
    why = walk_problem(engine, encounter, creature_id, forcer_id)
    if why:
        return refuse(op, why, creature_id)
    creature = encounter.creature(creature_id)
    path = preview(engine, encounter, creature_id, destination)
    if not path.reachable:
        return refuse(op, path.reason or f"{creature.name} cannot move there", creature_id)
    after = encounter.with_creature(creature.moved_to(destination))
    after = engine.spend(after, forcer_id, ActionKind.MOVE)
    combat = Move(MoveMode.WALK.value, tuple(path.path), 0, None).logged_in(
        after.combat, creature_id
    )
    combat = rule_noted(
        combat,
        creature_id,
        MECHANIC,
        "forced movement: provokes no opportunity attack",
        targets=(forcer_id,),
    )
    after = reveal(engine, after.with_combat(combat), creature_id, "moved")  # 003-47
    after = engine.check_grapples(after)
    text = (
        f"{engine.name(encounter, forcer_id)} moves {creature.name} {plural(path.cost, 'square')}"
    )
    return Step(after, move_done(op, text, creature_id, encounter, after, path, "forced"))


def forced_attack(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    power_name: str,
    target_ids: Sequence[str],
    forcer_id: str,
    dice: Sequence[int] = (),
    choices: AttackChoices = NO_CHOICES,
) -> Outcome:
    """The forcer spends a standard action; the creature attacks with the power.

    It provokes nothing (003 l.468) and never targets itself (l.465).
    """
    op = "forced_attack"
    why = forcer_problem(engine, encounter, forcer_id, creature_id)
    why = why or kind_problem(engine.rules, encounter, forcer_id, ActionKind.STANDARD)
    name = engine.name(encounter, creature_id)
    power = find_power(engine.rules, encounter, creature_id, power_name)
    if not why and power is None:
        why = no_power(name, power_name)
    if not why and creature_id in target_ids:
        why = f"a forced attack cannot target {name} itself"
    if not why and power is not None:
        why = power_problem(engine, encounter, creature_id, forcer_id, power)
    if why or power is None:
        return refuse(op, why, creature_id)

    def change(e: Encounter) -> AttackOutcome:
        e, taunts = _untaunted(engine, e, creature_id)
        out = attack(engine, e, creature_id, power, target_ids, dice=dice, choices=choices)
        spent = _retaunted(engine, out.encounter, creature_id, taunts)
        spent = engine.spend(spent, forcer_id, ActionKind.STANDARD)
        noted = engine.rule_note(
            spent, creature_id, MECHANIC, "forced attack: provokes no opportunity attack"
        )
        record = out.record
        if isinstance(record, Attack) and record.provoked is not None:
            record = replace(record, provoked=())
        return replace(out, encounter=noted, provoked=(), record=record)

    text = f"{engine.name(encounter, forcer_id)} forces {name}: {power.name}"
    return attack_step(engine, op, text, encounter, change, creature_id)


def _untaunted(
    engine: Engine, encounter: Encounter, creature_id: str
) -> tuple[Encounter, tuple[ConditionInstance, ...]]:
    """The encounter with the creature's Taunts set aside for a forced attack.

    003-30 with 003 l.467: "Forced attacks ignore the Taunted status effect. A character
    making a forced attack counts as not Taunted, for the purposes of that attack."
    """
    state = engine.rules.state(encounter.creature(creature_id))
    if state is None:
        return encounter, ()
    taunts = tuple(c for c in state.conditions if c.condition is Condition.MARKED)
    if not taunts:
        return encounter, ()
    kept = tuple(c for c in state.conditions if c.condition is not Condition.MARKED)
    return engine.set_state(encounter, creature_id, replace(state, conditions=kept)), taunts


def _retaunted(
    engine: Engine, encounter: Encounter, creature_id: str, taunts: tuple[ConditionInstance, ...]
) -> Encounter:
    """The Taunts set aside for the attack are back (they were only ignored for it)."""
    state = engine.rules.state(encounter.creature(creature_id))
    if state is None or not taunts:
        return encounter
    return engine.set_state(
        encounter, creature_id, replace(state, conditions=(*state.conditions, *taunts))
    )
