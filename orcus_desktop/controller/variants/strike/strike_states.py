"""001's Hide and Crouch actions, and the steps that end Hidden and Crouching.

Under a ruleset whose condition set has them (001, `strike`:
rules/variants/strike/ruleset.py), Hidden
(001-15, 001 l.304-310) and Crouching (001-12, l.146) are conditions of the creature, so the
token, the condition list, undo and the file keep them as any other; what they do to an attack
is `shooting.adjust_context`, the players' screen leaves a Hidden creature out as it does 003's
(`stealth.hidden_from_players`, docs/rulings.md R-82). Picks: docs/rulings.md R-91.

`after_step` (from `strike_reactions.after_step`, so from every session step) ends them: both
when their creature attacks (001 l.176-178 "you give away your location when the attack hits
or misses", l.310 "you attack"); Crouching also when it moves of its own will or spends its
action on something else; Hidden when, after a move, an enemy can see it (l.310 "are ...
seen"); being heard, smelt or otherwise drawing attention is the GM's (the condition list).
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.controller.availability.kinds import cannot_act
from orcus_desktop.controller.combat_rules import QueuedSource
from orcus_desktop.controller.engine import ActionError, Engine, end_conditions, named_step
from orcus_desktop.controller.log.records import ConditionAdded
from orcus_desktop.controller.outcomes import Outcome, logged_since, refuse
from orcus_desktop.controller.variants.strike.shooting import CROUCHING, HIDDEN, has, sees
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.checks import check_modifiers, skill_check
from orcus_desktop.rules.conditions import Condition, offered_conditions
from orcus_desktop.rules.durations import UNTIL_COUNTERED
from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import Ruleset

HIDE_PENALTY = -1
"""001-15, 001 l.306: "you must succeed on a -1 Dexterity (Stealth) check"."""

PASSIVE_BASE = 10
"""docs/rulings.md R-91: a passive Perception is 10 + the creature's Perception check modifier."""

_MOVES: Final = ("move", "charge_move")


def has_states(ruleset: Ruleset) -> bool:
    """Whether the ruleset has 001's Hidden and Crouching states (its condition set)."""
    offered = offered_conditions(ruleset)
    return HIDDEN in offered and CROUCHING in offered


def turn_action_problem(engine: Engine, encounter: Encounter, creature_id: str, what: str) -> str:
    """Why the creature cannot take `what` as its action now (001-05: one action), or ""."""
    if not has_states(engine.ruleset):
        return f'{engine.ruleset.name} has no {what} action (001 "Actions")'
    name = engine.name(encounter, creature_id)
    combat = encounter.combat
    combatant = combat.find(creature_id) if combat.active else None
    if combatant is None or combat.current != creature_id:
        return f"{name} can {what.lower()} only on its own turn (001-05: its action)"
    if not combatant.budget.can_spend(ActionKind.STANDARD):
        return f"{name} has no action left to {what.lower()}"
    return cannot_act(engine.rules, encounter, creature_id)


def hide_problem(engine: Engine, encounter: Encounter, creature_id: str) -> str:
    """Why the creature cannot take the Hide action now (001-15), or ""."""
    return turn_action_problem(engine, encounter, creature_id, "Hide")


def crouch_problem(engine: Engine, encounter: Encounter, creature_id: str) -> str:
    """Why the creature cannot Crouch Behind Cover now (001-12), or ""."""
    return turn_action_problem(engine, encounter, creature_id, "Crouch")


def enemies(encounter: Encounter, creature_id: str) -> tuple[str, ...]:
    """The creatures on the map of another side (R-91: those whose sight and notice count)."""
    me = encounter.creature(creature_id)
    return tuple(c.id for c in encounter.creatures if c.id != creature_id and c.side != me.side)


def watchers(engine: Engine, encounter: Encounter, creature_id: str) -> tuple[str, ...]:
    """The living enemies that can see the creature where it stands now (001-15)."""
    return tuple(
        e
        for e in enemies(encounter, creature_id)
        if not engine.rules.is_dead(encounter, e) and sees(engine, encounter, e, creature_id)
    )


def passive_perception(engine: Engine, encounter: Encounter, creature_id: str) -> int:
    """10 + its Wisdom (Perception) check modifier as it is now (R-91; 000 "Surprise")."""
    me = engine.combatant(encounter, creature_id)
    mods = check_modifiers(me, Ability.WISDOM, engine.ruleset, skill="perception")
    return PASSIVE_BASE + sum(m.value for m in mods)


def _with_condition(
    engine: Engine, encounter: Encounter, creature_id: str, condition: Condition, source: str
) -> Encounter:
    me = engine.combatant(encounter, creature_id)
    state, inst = rules_state.add_condition(
        rules_state.remove_condition(me.state, condition),
        condition,
        holder=me.id,
        source=source,
        duration=UNTIL_COUNTERED,
    )
    encounter = engine.set_state(encounter, creature_id, state)
    return ConditionAdded(inst).logged_on(encounter, None, (me.id,))


def crouch(engine: Engine, encounter: Encounter, creature_id: str) -> Outcome:
    """Crouch behind cover: its action; one level more cover against every attack (001-12).

    001 l.146 "If a creature can Crouch it can generally improve its Cover by one Level".
    Picks (R-91): the creature's action (001-05); it stays Crouching until it moves of its own
    will, attacks or takes another action (`after_step`); with no cover it gains nothing
    (`shooting.stepped_up`).
    """
    op = "crouch"
    problem = crouch_problem(engine, encounter, creature_id)
    if not problem and has(engine, encounter, creature_id, CROUCHING):
        problem = f"{engine.name(encounter, creature_id)} is already crouching"
    if problem:
        return refuse(op, problem, creature_id)

    def change(e: Encounter) -> Encounter:
        e = _with_condition(engine, e, creature_id, CROUCHING, "crouched behind cover (001-12)")
        return engine.spend(e, creature_id, ActionKind.STANDARD)

    return named_step(engine, encounter, op, "{name} crouches", change, creature_id)


def hide(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    die: int | None = None,
    bonus: int = 0,
) -> Outcome:
    """The Hide action: a -1 Stealth check against the enemies' best passive Perception.

    001-15, 001 l.304-308: "you must succeed on a -1 Dexterity (Stealth) check while you're
    Heavily Obscured, behind Total Cover or you must be out of any enemy's line of sight"; "On
    a successful check, you have the Hidden Condition". Picks (R-91): the condition is that no
    living enemy can see it (all three cases at once); the DC (001 gives none) is the best
    passive Perception among the living enemies; ``die`` is a d20 rolled at the table (None:
    the app rolls), ``bonus`` the GM's other modifiers (trained, items). Its action either way.
    """
    op = "hide"
    problem = hide_problem(engine, encounter, creature_id)
    name = engine.name(encounter, creature_id)
    if not problem and has(engine, encounter, creature_id, HIDDEN):
        problem = f"{name} is already hidden"
    if not problem:
        seen_by = watchers(engine, encounter, creature_id)
        if seen_by:
            problem = (
                f"{name} cannot hide: {engine.name(encounter, seen_by[0])} can see it "
                "(001-15: heavily obscured, behind total cover or out of every enemy's sight)"
            )
    if problem:
        return refuse(op, problem, creature_id)

    def change(e: Encounter) -> Encounter:
        living = [i for i in enemies(e, creature_id) if not engine.rules.is_dead(e, i)]
        scores = {i: passive_perception(engine, e, i) for i in living}
        best = max(scores, key=lambda i: scores[i], default=None)
        dc = scores[best] if best is not None else PASSIVE_BASE
        mods = [Modifier(HIDE_PENALTY, "Hide (001-15)")]
        if bonus:
            mods.append(Modifier(bonus, "GM's modifiers"))
        try:
            check = skill_check(
                engine.combatant(e, creature_id),
                "stealth",
                QueuedSource(engine.rng, [die]),
                engine.ruleset,
                target_number=dc,
                modifiers=mods,
            )
        except ValueError as exc:
            raise ActionError(str(exc)) from None
        against = f"{e.name_of(best)}'s passive Perception" if best else "no enemy: DC"
        outcome = "hidden" if check.success else "not hidden"
        note = (
            f"{name} hides: Stealth {check.total.total} (d20 {check.roll.total}) vs "
            f"{against} {dc}: {outcome}"
        )
        e = Engine.rule_note(e, creature_id, "001-15", note)
        if check.success:
            e = _with_condition(engine, e, creature_id, HIDDEN, "Hide (001-15)")
        return engine.spend(e, creature_id, ActionKind.STANDARD)

    return named_step(engine, encounter, op, "{name} tries to hide", change, creature_id)


def _ended(encounter: Encounter, creature_id: str, condition: Condition, reason: str) -> Encounter:
    """The encounter with the creature's `condition` ended and logged (`end_conditions`)."""
    return end_conditions(encounter, creature_id, lambda c: c.condition is condition, reason)


def _acted(before: Encounter, after: Encounter, creature_id: str) -> bool:
    """Whether the step spent the creature's action (001-05: its one action, the standard)."""
    was, now = before.combat.find(creature_id), after.combat.find(creature_id)
    return was is not None and now is not None and now.budget.standard < was.budget.standard


def after_step(engine: Engine, before: Encounter, after: Encounter) -> Encounter:
    """`after` with the Hidden and Crouching states the step ended (module docstring)."""
    if not has_states(engine.ruleset):
        return after
    holders = [
        c.id
        for c in after.creatures
        if c.state is not None
        and any(i.condition in (HIDDEN, CROUCHING) for i in c.state.conditions)
    ]
    if not holders:
        return after
    new = logged_since(before, after)
    # sight is looked at again when someone moved (the map changed who sees whom); a
    # Hidden the GM sets by hand stands until then (the map does not model every hiding place).
    someone_moved = any(x.kind in _MOVES for x in new)
    for creature_id in holders:
        attacked = any(x.kind == "attack" and x.actor == creature_id for x in new)
        moved = any(x.kind in _MOVES and x.actor == creature_id for x in new)
        crouched_now = any(
            x.kind == "condition_added"
            and creature_id in x.targets
            and x.data.get("effect", {}).get("condition") == CROUCHING.value
            for x in new
        )
        if attacked:
            after = _ended(after, creature_id, CROUCHING, "attacked (001-12)")
            after = _ended(after, creature_id, HIDDEN, "attacked (001-15, 001 l.176)")
        elif moved:
            after = _ended(after, creature_id, CROUCHING, "moved (001-12)")
        elif _acted(before, after, creature_id) and not crouched_now:
            after = _ended(after, creature_id, CROUCHING, "took an action (001-12)")
        if someone_moved and has(engine, after, creature_id, HIDDEN):
            seen_by = watchers(engine, after, creature_id)
            if seen_by:
                reason = f"seen by {after.name_of(seen_by[0])} (001-15, 001 l.310)"
                after = _ended(after, creature_id, HIDDEN, reason)
    return after
