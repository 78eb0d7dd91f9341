"""Initiative and turns, the session side: what the GM does to the order and the turns.

Roll, set, surprise, start and end combat, end a turn, delay, ready, join, reorder, and what
the GM will be asked at a turn's boundaries.

The order itself is `turn_order` (pure bookkeeping); the rules work at a turn's start and end is
`CombatRules`, passed to it as hooks with the end-of-turn work of actions (maintained powers
lapse, help bonuses expire).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from orcus_desktop.controller import plugins
from orcus_desktop.controller.availability.table import ready_problem
from orcus_desktop.controller.combat_rules import TurnDice, loses_first_turn
from orcus_desktop.controller.engine import Engine, named_step
from orcus_desktop.controller.gm import zones
from orcus_desktop.controller.log.records import MaintainLapsed
from orcus_desktop.controller.outcomes import Outcome, refuse, run_step
from orcus_desktop.controller.turns import turn_order
from orcus_desktop.model.combat import ActionBudget, Maintained
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import Duration, DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import DeathSaveTiming
from orcus_desktop.rules.ruleset.hooks import ReadiedTiming
from orcus_desktop.vocabulary import CreatureId


def start_hooks(engine: Engine) -> turn_order.TurnHooks:
    """What `turn_order` asks the rules: start of turn, budget, skips, delay lapse.

    The delay lapse is the ruleset's encounter flow (H2): when an unused delayed turn is lost;
    the variants' turn starts, ends and round ends (`plugins`) join in: 001's start-of-turn
    sight (001-20), prone when sharing a space (001-09), the end-of-round step (001-04).
    """
    rules = engine.rules
    lapse = engine.ruleset.hooks.flow.delay_lapses

    def start(encounter: Encounter, creature_id: CreatureId) -> Encounter:
        return plugins.turn_started(
            engine, rules.start_of_turn(encounter, creature_id), creature_id
        )

    # 001-04: the end-of-round step (nothing under a flow without it).
    hooks = turn_order.TurnHooks(
        start, rules.budget, rules.skip_reason, lapse, lambda e: plugins.round_ended(engine, e)
    )
    return plugins.turn_hooks(engine, hooks)  # 003-07: a group's one turn


def logs_coin_flips(engine: Engine) -> bool:
    """Whether 000's coin-flip tie entry is logged (docs/rulings.md R-18).

    Not under 003-12 (003 l.193-194): its own entry (``alternate_ties``) says how the tie went;
    nor under 001-03, whose ladder orders every tie on the result again and logs that order
    (``initiative_ladder``): a coin flip's entry would name an order that does not stand.
    """
    procedure = engine.ruleset.hooks.initiative_procedure
    return not (procedure.ties_alternate_sides or procedure.by_chosen_check)


def initiative_modifier(engine: Engine, encounter: Encounter, creature_id: str) -> int:
    """Dex modifier + half level + other modifiers, from the stat block (0 without one).

    docs/rulings.md R-18; the arithmetic is `StatBlock.initiative_modifier` (rules engine).
    """
    chosen = plugins.initiative_modifier(engine, encounter, creature_id)  # 001-01/02
    if chosen is not None:
        return chosen
    creature = encounter.find_creature(creature_id)
    sb = engine.rules.statblock(creature) if creature is not None else None
    return sb.initiative_modifier(engine.ruleset).total if sb is not None else 0


def roll_initiative(
    engine: Engine,
    encounter: Encounter,
    creature_ids: Iterable[str] | None = None,
    *,
    groups: Mapping[str, str] | None = None,
    dice: Mapping[str, int] | None = None,
    totals: Mapping[str, int] | None = None,
    modifiers: Mapping[str, int] | None = None,
) -> Outcome:
    """Roll initiative (000 "Initiative"; docs/rulings.md R-18) for `creature_ids`.

    None: everyone not yet in the order and alive. ``groups``: 003-07's monster groups;
    ``dice``, ``totals``, ``modifiers``: what the GM typed for some creatures (by id).
    """
    groups, dice, totals, modifiers = groups or {}, dice or {}, totals or {}, modifiers or {}
    enc = encounter
    if creature_ids is None:
        in_order = set(enc.combat.order)
        creature_ids = [
            c.id
            for c in enc.creatures
            if c.id not in in_order and not engine.rules.is_dead(enc, c.id)
        ]
    creature_ids = list(creature_ids)
    groups = plugins.roll_groups(engine, enc, creature_ids, groups)  # 003-07
    requests = [
        turn_order.InitiativeRequest(
            CreatureId(cid),
            modifier=modifiers.get(cid, initiative_modifier(engine, enc, cid)),
            group=groups.get(cid),
            die=dice.get(cid),
            total=totals.get(cid),
            log_tie=logs_coin_flips(engine),
            # 001-02: each situational modifier named in the log line.
            terms="" if cid in modifiers else plugins.initiative_terms(engine, enc, cid),
        )
        for cid in creature_ids
    ]
    if not requests:
        return refuse("roll_initiative", "nobody to roll for")
    if enc.combat.active:
        return refuse("roll_initiative", "combat is running: use join_combat")
    return run_step(
        "roll_initiative",
        "Roll initiative",
        enc,
        lambda e: plugins.after_initiative_roll(  # 001-03's tie ladder, 003-12's ties
            engine,
            turn_order.roll_initiative(e, requests, engine.rng),
            [r.creature_id for r in requests],
        ),
    )


def join_combat(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    die: int | None = None,
    total: int | None = None,
    group: str | None = None,
) -> Outcome:
    """A creature joins a running combat with its own initiative roll."""
    if not encounter.combat.active:
        return refuse("join_combat", "no combat is running", creature_id)
    request = turn_order.InitiativeRequest(
        CreatureId(creature_id),
        modifier=initiative_modifier(engine, encounter, creature_id),
        group=group or plugins.roll_groups(engine, encounter, [creature_id], {}).get(creature_id),
        die=die,
        total=total,
        log_tie=logs_coin_flips(engine),
    )
    return run_step(
        "join_combat",
        f"{engine.name(encounter, creature_id)} joins the combat",
        encounter,
        lambda e: plugins.joined(  # 003-07, 003 l.133
            engine,
            plugins.after_initiative_roll(  # 001-03's tie ladder, 003-12's ties
                engine, turn_order.join_combat(e, request, engine.rng), [creature_id]
            ),
            [creature_id],
        ),
        creature_id,
    )


def set_initiative(engine: Engine, encounter: Encounter, creature_id: str, total: int) -> Outcome:
    """The GM edits an initiative result (000 "Initiative"); a 003 monster group's as one."""
    unit = plugins.unit_of(engine, encounter, creature_id)  # 003-07, l.133

    def change(e: Encounter) -> Encounter:
        for cid in unit:
            e = turn_order.set_initiative(e, cid, total, engine.rng, logs_coin_flips(engine))
        # 001-03's tie ladder, 003-12's ties.
        return plugins.after_initiative_roll(engine, e, unit)

    return named_step(
        engine,
        encounter,
        "set_initiative",
        f"Set initiative of {{name}} to {total}",
        change,
        creature_id,
    )


def set_surprised(
    engine: Engine, encounter: Encounter, creature_id: str, surprised: bool = True
) -> Outcome:
    """000 "Surprise": mark a creature surprised (or not) before combat starts."""
    what = "surprised" if surprised else "not surprised"
    return named_step(
        engine,
        encounter,
        "set_surprised",
        f"{{name}} {what}",
        lambda e: turn_order.set_surprised(e, creature_id, surprised),
        creature_id,
    )


def resume_delayed(
    engine: Engine, encounter: Encounter, creature_id: str, after: str | None = None
) -> Outcome:
    """A delaying creature re-enters the order after `after` (default: the current turn)."""
    return named_step(
        engine,
        encounter,
        "resume_delayed",
        "{name} stops delaying",
        lambda e: plugins.resumed(  # 003-07 (docs/rulings.md R-107)
            engine, turn_order.resume_delayed(e, creature_id, after), creature_id
        ),
        creature_id,
    )


def trigger_readied(
    engine: Engine, encounter: Encounter, creature_id: str, trigger_creature_id: str
) -> Outcome:
    """The readied action's trigger happened: the readier interrupts now (000 "Ready")."""
    return named_step(
        engine,
        encounter,
        "trigger_readied",
        "{name} takes the readied action",
        lambda e: _readied_reaction(
            engine, turn_order.trigger_readied(e, creature_id, trigger_creature_id), creature_id
        ),
        creature_id,
    )


def _readied_reaction(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    """The ruleset's accounting of a triggered readied action (D1, H2; docs/rulesets.md).

    002-18 (002 l.18 "one immediate action per round, either as a readied action or ..."),
    004-20 (004 l.564 "A readied action is an immediate reaction"): it uses the immediate
    action. 004-20 also times it "immediately after the action that triggers it".
    """
    ruleset = engine.ruleset
    combat = encounter.combat
    combatant = combat.combatant(creature_id)
    if ruleset.actions.readied_uses_immediate:
        if combatant.immediate_used:
            raise turn_order.TurnError(
                f"{engine.name(encounter, creature_id)} already took an immediate action "
                "this round"
            )
        combat = combat.with_combatant(replace(combatant, immediate_used=True))
        encounter = encounter.with_combat(combat)
    if ruleset.hooks.flow.readied_timing is ReadiedTiming.AFTER_TRIGGER:
        encounter = engine.rule_note(
            encounter,
            creature_id,
            "004-20",
            "the readied action takes place immediately after the action that triggered it",
        )
    return encounter


def reorder_initiative(
    engine: Engine, encounter: Encounter, creature_id: str, before_id: str
) -> Outcome:
    """The GM moves a creature (a 003 monster group: all of it) to act just before another."""
    return named_step(
        engine,
        encounter,
        "reorder_initiative",
        f"{{name}} acts before {engine.name(encounter, before_id)}",
        lambda e: plugins.place_before(engine, e, creature_id, before_id, turn_order.place_before),
        creature_id,
    )


def start_combat(engine: Engine, encounter: Encounter) -> Outcome:
    """Start combat: the surprise round if some are surprised, else round 1.

    The ruleset's flow may open otherwise (003-08, 003-10: `plugins.TurnFlow`).
    """
    return run_step(
        "start_combat",
        "Start combat",
        encounter,
        lambda e: plugins.start_combat(
            engine,
            _surprise(engine, e),
            start_hooks(engine),
            _ender(engine),
            turn_order.start_combat,
        ),
    )


def turn_ender(engine: Engine) -> turn_order.TurnHook:
    """The end-of-turn work of one creature, as the variant's flow runs it (003-07: a group's)."""
    return plugins.turn_end(engine, lambda en, cid: _end_hook(engine, en, cid))


def _ender(engine: Engine) -> plugins.EndTurn:
    """End Turn as a function of the encounter (the lost turns of 003-10 end this way)."""
    end = turn_ender(engine)
    return lambda e: turn_order.end_turn(e, end, start_hooks(engine))


def end_combat(engine: Engine, encounter: Encounter) -> Outcome:
    """Stop combat; effects "until the end of the encounter" end (rules `end_encounter`)."""
    return run_step("end_combat", "End combat", encounter, combat_ended)


def combat_ended(encounter: Encounter) -> Encounter:
    """The encounter with its combat over: the order cleared, end-of-encounter effects gone."""
    e = turn_order.end_combat(encounter)
    for creature in e.creatures:
        if creature.state is not None:
            e = e.with_creature(creature.with_state(rules_state.end_encounter(creature.state)))
    return e


def end_turn(
    engine: Engine,
    encounter: Encounter,
    save_dice: Mapping[int, int],
    death_save_die: int | None,
) -> Outcome:
    """End the current turn and start the next (000 "The End of Your Turn", "Your Turn")."""
    current = encounter.combat.current
    engine.rules.dice = TurnDice(dict(save_dice), death_save_die)
    try:
        return run_step(
            "end_turn",
            f"End {engine.name(encounter, current)}'s turn",
            encounter,
            lambda e: plugins.turns_lost(engine, _ender(engine)(e), _ender(engine)),  # 003-10
            current,
        )
    finally:
        engine.rules.dice = TurnDice()


def delay(engine: Engine, encounter: Encounter) -> Outcome:
    """000 "Delay": the current creature puts off its turn."""
    current = encounter.combat.current
    if current is None:
        return refuse("delay", "it is nobody's turn")
    return named_step(
        engine,
        encounter,
        "delay",
        "{name} delays",
        # 000 "Delay": "You cannot maintain powers if you Delay. Beneficial effects that end
        # at the end of your turn end as soon as you Delay" (docs/rulings.md R-35: help bonuses
        # and the conditions flagged beneficial).
        lambda e: plugins.turns_lost(  # 003-10
            engine,
            plugins.delay(  # 003-07: a group's turn goes on without it
                engine,
                engine.rules.on_delay(
                    expire_aids(engine, lapse_unmaintained(engine, e, current), current), current
                ),
                current,
                start_hooks(engine),
                turn_order.delay,
            ),
            _ender(engine),
        ),
        current,
    )


def ready_action(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    kind: ActionKind,
    trigger: str,
    description: str = "",
) -> Outcome:
    """000 "Ready": spend the standard action to ready an action for a trigger."""
    flow = engine.ruleset.hooks.flow
    # 004-20 (004 l.557 "Readying is the same kind of action as the action you ready"); 000
    # "Ready" spends the standard action.
    cost = kind if flow.readied_kind_is_readied_action else ActionKind.STANDARD
    problem = ready_problem(engine.rules, encounter, creature_id, kind.value)
    if problem:
        return refuse("ready_action", problem, creature_id)

    def change(e: Encounter) -> Encounter:
        e = turn_order.ready(
            engine.spend(e, creature_id, cost), creature_id, kind, trigger, description
        )
        if flow.readying_ends_turn:
            # 004-20 (004 l.561): "Readying an action ends your character's actions for the
            # turn."
            combat = e.combat
            readier = combat.combatant(creature_id)
            e = e.with_combat(
                combat.with_combatant(replace(readier, budget=ActionBudget(0, 0, 0)))
            )
        return e

    return named_step(engine, encounter, "ready_action", "{name} readies", change, creature_id)


def turn_prompts(
    engine: Engine, encounter: Encounter, creature_id: str
) -> tuple[dict[str, Any], ...]:
    """What the GM will be asked for this creature's turn boundaries, to roll or enter.

    Save-ends effects (saved against at the end of its turn, 000 "Saving Throws"), a death
    saving throw when dying (docs/rulings.md R-03), and maintained powers that lapse
    unless maintained (000 "Maintain").
    """
    creature = encounter.creature(creature_id)
    state = engine.rules.state(creature)
    prompts: list[dict[str, Any]] = []
    if state is not None:
        for c in state.conditions:
            if c.duration.kind is DurationKind.SAVE_ENDS:
                prompts.append(
                    {"kind": "save", "effect_id": c.effect_id, "condition": c.condition.value}
                )
        for p in state.persistent:
            if p.duration.kind is DurationKind.SAVE_ENDS:
                prompts.append({"kind": "save", "effect_id": p.effect_id, "persistent": p.amount})
        if rules_state.uses_death_saves_now(state, engine.ruleset) and state.current_hp <= 0:
            prompts.append({"kind": "death_save"})
    for m in encounter.combat.maintained:
        if m.owner == creature_id and not m.maintained:
            prompts.append({"kind": "maintain", "power": m.power, "action": m.kind.value})
    return tuple(prompts)


def death_save_on_end_turn(engine: Engine, encounter: Encounter) -> str | None:
    """The creature that makes a death saving throw when the current turn ends, or None.

    The current creature when the ruleset rolls them at the end of the turn, else the next
    creature at the start of its own (docs/rulings.md R-03), if it is dying now:
    the GM can then roll that d20 at the table (`end_turn(death_save_die=...)`). A
    creature that only falls dying at the start of its turn (persistent damage) is not
    known yet: the app rolls for it.
    """
    combat = encounter.combat
    if not combat.active or combat.current is None:
        return None
    if engine.ruleset.death_save_timing is DeathSaveTiming.END_OF_TURN:
        who: str | None = combat.current
    else:
        who = turn_order.next_up(encounter, engine.rules.skip_reason)
    if who is None:
        return None
    dying = any(p.get("kind") == "death_save" for p in turn_prompts(engine, encounter, who))
    return who if dying else None


def _end_hook(engine: Engine, encounter: Encounter, creature_id: CreatureId) -> Encounter:
    """End-of-turn rules work; its unused help bonuses lapse and its zones whose time is up end."""
    encounter = engine.rules.end_of_turn(encounter, creature_id)
    encounter = engine.check_grapples(encounter)  # a save's downgrade to Grabbed
    encounter = lapse_unmaintained(engine, encounter, creature_id)
    encounter = zones.end_of_turn(engine, encounter, creature_id)
    encounter = plugins.turn_ended(engine, encounter, creature_id)  # 001-09
    return expire_aids(engine, encounter, creature_id)


def _surprise(engine: Engine, encounter: Encounter) -> Encounter:
    """Give the surprised their condition for the surprise round (000 "Surprised")."""
    if loses_first_turn(engine.ruleset):
        return encounter  # 003-10: no surprise round, so no condition for it
    combat = encounter.combat
    surprised = [c.creature_id for c in combat.combatants if c.surprised]
    if not surprised or len(surprised) == len(combat.combatants):
        return encounter
    for cid in surprised:
        creature = encounter.creature(cid)
        state = engine.rules.state(creature)
        if state is None:
            continue
        state, _ = rules_state.add_condition(
            state,
            Condition.SURPRISED,
            holder=CreatureId(cid),
            source="surprise",
            duration=Duration(DurationKind.END_OF_SURPRISE_ROUND),
        )
        encounter = encounter.with_creature(creature.with_state(state))
    return encounter


def lapse_unmaintained(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    """Maintained powers not maintained this turn end (000 "The End of Your Turn").

    000: "Any effects that require an action to maintain concentration, which you have not
    spent, end now." Their effects are those carrying the power as source and the owner as
    source creature.
    """
    combat = encounter.combat
    keep: list[Maintained] = []
    lapsed: list[Maintained] = []
    for m in combat.maintained:
        if m.owner != creature_id:
            keep.append(m)
        elif m.maintained:
            keep.append(replace(m, maintained=False))
        else:
            lapsed.append(m)
    encounter = encounter.with_combat(replace(combat, maintained=tuple(keep)))
    for m in lapsed:
        ended_on: list[str] = []
        for creature in encounter.creatures:
            state = creature.state
            if state is None:
                continue
            gone = [
                c.effect_id
                for c in state.conditions
                if c.source == m.power and c.source_id == CreatureId(m.owner)
            ] + [
                p.effect_id
                for p in state.persistent
                if p.source == m.power and p.source_id == CreatureId(m.owner)
            ]
            for effect_id in gone:
                state = rules_state.remove_effect(state, effect_id)
            if gone:
                encounter = engine.set_state(encounter, creature.id, state)
                ended_on.append(creature.id)
        encounter = MaintainLapsed(m.power).logged_on(encounter, m.owner, ended_on)
    return encounter


def expire_aids(engine: Engine, encounter: Encounter, helper_id: str) -> Encounter:
    """Help bonuses lapse "at the end of your next turn" if not used."""
    combat = encounter.combat
    keep = tuple(
        a for a in combat.aids if not (a.helper == helper_id and a.round_given < combat.round)
    )
    if keep == combat.aids:
        return encounter
    return encounter.with_combat(replace(combat, aids=keep))
