"""The grapple family: grapple, escape a grapple, move a grappled creature, release.

000 "Grapple", "Escape a Grapple", "Move a Grappled Creature"; docs/rulings.md R-06 (the grapple
ends when the two are no longer adjacent: `Engine.check_grapples`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from orcus_desktop.controller.actions.combat_actions import checked_action
from orcus_desktop.controller.actions.special_attacks import GRAPPLE, MOVE_GRAPPLED
from orcus_desktop.controller.attacks.attack_resolution import (
    AttackOutcome,
    attack,
    attack_step,
)
from orcus_desktop.controller.attacks.maintained_powers import with_maintained, without_maintained
from orcus_desktop.controller.availability.actions import (
    CombatAction,
    acting_against,
    action_problem,
    grappled_by,
)
from orcus_desktop.controller.combat_rules import QueuedSource
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.log.records import EscapeGrapple, Grapple, ReleaseGrapple, RollRecord
from orcus_desktop.controller.movement import placement
from orcus_desktop.controller.movement.movement import preview_move
from orcus_desktop.controller.outcomes import Outcome, Refusal, refuse, run_step
from orcus_desktop.geometry.grid import Space, Square, space_distance, spaces_adjacent
from orcus_desktop.model.combat import Maintained
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.checks import ESCAPE_DEFENSE, escape_check, make_check
from orcus_desktop.rules.conditions import INCAPACITATING_CONDITIONS, Condition
from orcus_desktop.rules.durations import UNTIL_COUNTERED
from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset.movement_hook import GrabMoveCheck
from orcus_desktop.vocabulary import CreatureId, MoveMode


def grapple(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    target_id: str,
    dice: Sequence[int] = (),
) -> Outcome:
    """000 "Grapple" (standard): Strength vs Reflex; hit: the target is grappled.

    The target is at most one size larger and within reach; against an incapacitated
    target it succeeds automatically.
    """
    pair = acting_against(engine.rules, encounter, creature_id, target_id, CombatAction.GRAPPLE)
    if isinstance(pair, Refusal):
        return pair
    me, target = pair
    op = "grapple"
    if space_distance(occupied_space(me), occupied_space(target)) > engine.rules.reach(me):
        return refuse(op, f"{target.name} is not within reach", creature_id)
    # 000: "You succeed automatically if the target is incapacitated"; 004-18 pick: no.
    automatic = engine.ruleset.grapple.auto_success_vs_incapacitated and bool(
        INCAPACITATING_CONDITIONS & engine.rules.conditions(encounter, target_id)
    )

    def change(e: Encounter) -> AttackOutcome:
        if automatic:
            t = engine.combatant(e, target_id)
            state, inst = rules_state.add_condition(
                t.state,
                Condition.GRAPPLED,
                holder=t.id,
                source="Grapple",
                duration=UNTIL_COUNTERED,
                source_id=CreatureId(creature_id),
            )
            e = engine.set_state(e, target_id, state)
            record = Grapple(automatic=True, effect=inst)
            e = record.logged_on(e, creature_id, (target.id,))
            out = AttackOutcome(e, record, hits=(target_id,))
        else:
            out = attack(
                engine, e, creature_id, GRAPPLE, [target_id], dice=dice, ability_attack="strength"
            )
        e = engine.spend(out.encounter, creature_id, ActionKind.STANDARD)
        if target_id in out.hits:
            e = _hold(engine, e, creature_id)
        return replace(out, encounter=e)

    return attack_step(
        engine, op, f"{me.name} grapples {target.name}", encounter, change, creature_id
    )


def escape_grapple(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    skill: str = "athletics",
    die: int | None = None,
    bonus: int = 0,
) -> Outcome:
    """000 "Escape a Grapple" (standard): Athletics vs Fortitude or Acrobatics vs Reflex."""
    return checked_action(
        engine,
        encounter,
        CombatAction.ESCAPE_GRAPPLE,
        f"{engine.name(encounter, creature_id)} tries to escape",
        creature_id,
        lambda e: _escape(engine, e, creature_id, skill, die, bonus),
    )


def release_grapple(
    engine: Engine, encounter: Encounter, creature_id: str, target_id: str | None = None
) -> Outcome:
    """End a grapple you hold (a free action)."""
    op = "release_grapple"
    problem = action_problem(engine.rules, encounter, creature_id, CombatAction.RELEASE_GRAPPLE)
    if problem:
        return refuse(op, problem, creature_id)
    return run_step(
        op,
        f"{engine.name(encounter, creature_id)} lets go",
        encounter,
        lambda e: _release(engine, e, creature_id, target_id),
        creature_id,
    )


def move_grappled(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    target_id: str,
    destination: Square,
    target_destination: Square,
    dice: Sequence[int] = (),
) -> Outcome:
    """000 "Move a Grappled Creature" (standard): Strength vs Fortitude.

    On a hit the grappler moves at half speed dragging the creature; the movement provokes
    as normal movement does.
    """
    op = "move_grappled"
    enc = encounter
    problem = action_problem(engine.rules, enc, creature_id, CombatAction.MOVE_GRAPPLED)
    if not problem and target_id not in grappled_by(engine.rules, enc, creature_id):
        problem = f"{engine.name(enc, creature_id)} is not grappling {engine.name(enc, target_id)}"
    if problem:
        return refuse(op, problem, creature_id)
    me = enc.creature(creature_id)
    target = enc.creature(target_id)
    preview = preview_move(
        engine,
        enc.without_creature(target_id),
        creature_id,
        destination,
        MoveMode.WALK,
        check_action=False,
        speed=me.speed // 2,
    )
    if not preview.reachable:
        return refuse(op, preview.reason, creature_id)
    moved_me = me.moved_to(destination)
    if not spaces_adjacent(moved_me.space, Space(target_destination, target.size)):
        return refuse(op, "the grappled creature must end adjacent")
    problem = placement.destination_problem(
        enc.with_creature(moved_me), target, target_destination
    )
    if problem:
        return refuse(op, f"cannot put {target.name} there: {problem}")

    def change(e: Encounter) -> AttackOutcome:
        if engine.ruleset.hooks.movement_policy.grab_move_check is GrabMoveCheck.OPPOSED_STRENGTH:
            out = _opposed_strength(engine, e, creature_id, target_id, dice)
        else:
            out = attack(
                engine,
                e,
                creature_id,
                MOVE_GRAPPLED,
                [target_id],
                dice=dice,
                ability_attack="strength",
            )
        e = engine.spend(out.encounter, creature_id, ActionKind.STANDARD)
        provoked: tuple[str, ...] = ()
        if target_id in out.hits:
            e = e.with_creature(e.creature(creature_id).moved_to(destination))
            e = e.with_creature(e.creature(target_id).moved_to(target_destination))
            # 004-19 (004 l.548): the dragged target provokes from no one and the grappler
            # from everyone it leaves but the target - as 000 does here.
            provoked = tuple(p for p in preview.provoking_enemy_ids if p != target_id)
            e = engine.offer_opportunity(e, provoked)
        return replace(out, encounter=e, provoked=provoked)

    return attack_step(engine, op, f"{me.name} drags {target.name}", enc, change, creature_id)


def _opposed_strength(
    engine: Engine, encounter: Encounter, mover_id: str, target_id: str, dice: Sequence[int]
) -> AttackOutcome:
    """002-16 (002 l.45 "Additional opposed Strength check needed to move a grabbed opponent").

    Pick (docs/rulesets.md): both roll d20 + Strength modifier + half level, as they are now;
    the mover must beat the target's total, a tie fails. ``dice``: the mover's d20, then the
    target's (typed in; missing ones are rolled). The totals are logged for the GM.
    """
    source = QueuedSource(engine.rng, list(dice))
    mover, target = engine.combatant(encounter, mover_id), engine.combatant(encounter, target_id)
    ruleset = engine.rules.ruleset
    mine = make_check(mover, Ability.STRENGTH, source, ruleset).total.total
    theirs = make_check(target, Ability.STRENGTH, source, ruleset).total.total
    won = mine > theirs
    encounter = engine.rule_note(
        encounter,
        mover_id,
        "002-16",
        f"opposed Strength check: {engine.name(encounter, mover_id)} {mine} against "
        f"{engine.name(encounter, target_id)} {theirs}: "
        + ("the drag succeeds" if won else "no drag (the mover must beat the target)"),
    )
    return AttackOutcome(encounter, None, hits=(target_id,) if won else ())


def _escape(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    skill: str,
    die: int | None,
    bonus: int,
) -> Encounter:
    """000 "Escape a Grapple": Athletics vs the grappler's Fortitude or Acrobatics vs Reflex.

    The check is the rules engine's `escape_check` (ability + half level + `bonus`, the GM's
    training and other bonuses); a typed-in `die` replaces the roll.
    """
    me = engine.combatant(encounter, creature_id)
    grips = me.state.instances_of(Condition.GRAPPLED)
    if not grips:
        raise ActionError(f"{engine.name(encounter, creature_id)} is not grappled")
    grip = grips[-1]
    if grip.source_id is None:
        raise ActionError("the grappler is unknown")
    grappler = engine.combatant(encounter, grip.source_id)
    extra = [Modifier(bonus, "GM: training and other bonuses")] if bonus else []
    try:
        check = escape_check(
            me,
            grappler,
            skill,
            QueuedSource(engine.rng, [die]),
            engine.rules.ruleset,
            modifiers=extra,
        )
    except ValueError as exc:
        raise ActionError(str(exc)) from None
    d20 = check.roll
    defense = ESCAPE_DEFENSE[skill.strip().lower()]
    target = check.target_number
    assert target is not None  # escape_check always checks against the grappler's defense
    success = bool(check.success)
    state = me.state
    if success:
        for inst in grips:
            state = rules_state.remove_effect(state, inst.effect_id)
        encounter = engine.set_state(encounter, creature_id, state)
    escape = EscapeGrapple(
        skill=skill,
        roll=RollRecord.from_roll(d20),
        total=check.total.total,
        parts=check.total.parts,
        defense=defense.value,
        target_number=target,
        success=success,
    )
    encounter = escape.logged_on(encounter, creature_id, (grip.source_id,))
    # It provokes nothing, under 004 too ("Table: Actions in Combat": "Escape No").
    shift = engine.ruleset.hooks.movement_policy.escape_shift
    if success and shift:
        # 002-17 (002 l.53 "Escape a grab and shift"), 004-17 (004 l.516 "may adjust as part
        # of this action"): the shift is part of the escape; the GM places it (a GM move).
        encounter = engine.rule_note(
            encounter,
            creature_id,
            "004-17" if engine.ruleset.source == "004" else "002-17",
            f"{engine.name(encounter, creature_id)} may shift {shift} square as part of the "
            "escape (move it with a GM move)",
        )
    return encounter


def _hold(engine: Engine, encounter: Encounter, grappler_id: str) -> Encounter:
    """004-18 (004 l.527 "You can maintain a grapple as a swift action"): a sustained grapple.

    Pick: it is kept like a maintained power (000 "Maintain"), spending the ruleset's
    `sustain_action` each later turn, or it lapses at the end of the grappler's turn with the
    grappled conditions it imposed (their source is the Grapple power). 000: no upkeep.
    """
    sustain = engine.ruleset.grapple.sustain_action
    if sustain is None:
        return encounter
    held = Maintained(CreatureId(grappler_id), GRAPPLE.name, ActionKind(sustain))
    return encounter.with_combat(with_maintained(encounter.combat, held))


def _release(
    engine: Engine, encounter: Encounter, grappler_id: str, target_id: str | None
) -> Encounter:
    """End a grapple as a free action (000 "Grapple": "release the target whenever")."""
    held = grappled_by(engine.rules, encounter, grappler_id)
    chosen = [t for t in held if target_id is None or t == target_id]
    if not chosen:
        raise ActionError(f"{engine.name(encounter, grappler_id)} is not grappling that")
    for tid in chosen:
        creature = encounter.creature(tid)
        assert creature.state is not None
        state = creature.state
        for inst in state.instances_of(Condition.GRAPPLED):
            if inst.source_id == grappler_id:
                state = rules_state.remove_effect(state, inst.effect_id)
        encounter = engine.set_state(encounter, tid, state)
    combat = ReleaseGrapple().logged_in(encounter.combat, grappler_id, chosen)
    if not grappled_by(engine.rules, encounter, grappler_id):  # 004-18: nothing left to keep
        combat = without_maintained(combat, grappler_id, GRAPPLE.name)
    return encounter.with_combat(combat)
