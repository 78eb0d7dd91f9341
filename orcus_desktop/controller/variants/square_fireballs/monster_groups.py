"""003's monster groups: the GM arranges the monsters, and each group takes one turn (003-07).

003 l.125 "The GM arranges all monsters in the encounter into monster groups"; l.133 "Group of
monsters: Several monsters that share the same Initiative Value"; l.142 "Combat turn: Turn of
action for a single PC or group of monsters"; l.129 "Unlike PCs, who roll for initiative
individually". Picks (docs/rulings.md R-93..R-95): monsters the GM leaves alone fall into groups
of identical monsters (l.137 "composed of identical monsters"); the group's members act in the
one turn in any order, the GM naming the one acting (`act_with`), each with its own actions;
every member's start-of-turn work is done when the group's turn starts, and its end-of-turn work
when the group's turn ends. A member that cannot act never holds the acting (`after_step`), and
what counts turns counts the group's turn once (`turn_key`; docs/rulings.md R-111).

The arrangement is `Combat.monster_groups` (kept in the file and through undo); the roll puts
each member's group in `Combatant.group`, which the turn order reads. Under rulesets without
group turns every function here leaves things as they were.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Final

from orcus_desktop.controller.availability.kinds import cannot_act
from orcus_desktop.controller.combat_rules import turn_key as turn_key_now
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import TurnEnd, rule_noted
from orcus_desktop.controller.movement.waiting import waiting_problem
from orcus_desktop.controller.outcomes import (
    Outcome,
    Step,
    logged_since,
    no_creature,
    refuse,
    run_step,
)
from orcus_desktop.controller.turns import turn_order
from orcus_desktop.controller.views.vision import player_sides
from orcus_desktop.model.combat import NO_ACTIONS, Combat
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.vocabulary import CreatureId

MECHANIC = "003-07"


def group_turns(engine: Engine) -> bool:
    """Whether a monster group shares one turn under the encounter's ruleset (003-07)."""
    return engine.ruleset.hooks.flow.group_turns


def default_group(engine: Engine, encounter: Encounter, creature_id: str) -> str | None:
    """The group a monster falls into when the GM arranged none: its identical monsters.

    003 l.137: "Each monster group should be composed of identical monsters" (docs/rulings.md
    R-93). PCs and creatures without a stat block act alone (l.129).
    """
    creature = encounter.creature(creature_id)
    statblock = engine.rules.statblock(creature)
    if statblock is None or creature.side in player_sides(encounter, engine.rules):
        return None
    return f"{creature.side}: {statblock.name}"


def monsters(engine: Engine, encounter: Encounter) -> tuple[CreatureId, ...]:
    """The creatures that go in monster groups: all but the PCs (003 l.129), map order."""
    pcs = player_sides(encounter, engine.rules)
    return tuple(c.id for c in encounter.creatures if c.side not in pcs)


def group_of(engine: Engine, encounter: Encounter, creature_id: str) -> str | None:
    """The monster group the creature rolls with: the GM's arrangement, else the default."""
    arranged = dict(encounter.combat.monster_groups).get(CreatureId(creature_id))
    return arranged or default_group(engine, encounter, creature_id)


def initiative_groups(
    engine: Engine, encounter: Encounter, creature_ids: Iterable[str], asked: Mapping[str, str]
) -> dict[str, str]:
    """The group of each creature rolling initiative.

    ``asked`` (000's identical groups) as is; under 003 the monster groups (`group_of`), a
    group the caller asked for filling in for a monster the GM did not arrange.
    """
    if not group_turns(engine):
        return dict(asked)
    arranged = dict(encounter.combat.monster_groups)
    out: dict[str, str] = {}
    for cid in creature_ids:
        group = arranged.get(CreatureId(cid)) or asked.get(cid)
        group = group or default_group(engine, encounter, cid)
        if group:
            out[cid] = group
    return out


def arrange(engine: Engine, encounter: Encounter, groups: Mapping[str, str | None]) -> Outcome:
    """The GM puts monsters in groups (``None``: back to the default): one undo step.

    Before combat only (003 l.125: arranged "Before the start of combat"). Members who already
    rolled take their group's initiative (l.133 "share the same Initiative Value"): that of
    its first member in the order who kept its group, else of its first member.
    """
    op = "arrange_monster_groups"
    if not group_turns(engine):
        return refuse(op, f"{engine.ruleset.name} has no monster groups (003-07)")
    if encounter.combat.active:
        return refuse(op, "monster groups are arranged before combat starts")
    pcs = player_sides(encounter, engine.rules)
    for cid, group in groups.items():
        creature = encounter.find_creature(cid)
        if creature is None:
            return refuse(op, no_creature(cid))
        if creature.side in pcs:
            return refuse(op, f"{creature.name} is a PC: PCs roll initiative individually", cid)
        if group is not None and not group.strip():
            return refuse(op, "a monster group needs a name", cid)
    if not groups:
        return refuse(op, "no monsters to arrange")

    def change(e: Encounter) -> Encounter:
        arranged = dict(e.combat.monster_groups)
        for cid, group in groups.items():
            if group is None:
                arranged.pop(CreatureId(cid), None)
            else:
                arranged[CreatureId(cid)] = group.strip()
        kept = tuple((c.id, arranged[c.id]) for c in e.creatures if c.id in arranged)
        e = e.with_combat(replace(e.combat, monster_groups=kept))
        combat = _aligned(engine, e, set(groups))
        for name, members in _groups(engine, e, groups):
            names = ", ".join(engine.name(e, m) for m in members)
            combat = rule_noted(combat, None, MECHANIC, f"group {name}: {names}")
        return e.with_combat(combat)

    return run_step(op, "Arrange monster groups", encounter, change)


def _groups(
    engine: Engine, encounter: Encounter, changed: Iterable[str]
) -> list[tuple[str, list[str]]]:
    """The groups holding a changed creature, with their members (map order)."""
    wanted = {group_of(engine, encounter, cid) for cid in changed}
    out: dict[str, list[str]] = {}
    for creature in encounter.creatures:
        group = group_of(engine, encounter, creature.id)
        if group is not None and group in wanted:
            out.setdefault(group, []).append(creature.id)
    return list(out.items())


def _aligned(engine: Engine, encounter: Encounter, changed: set[str]) -> Combat:
    """Rolled combatants take their (new) group and the group's one initiative value."""
    combat = encounter.combat
    if not combat.combatants:
        return combat
    for c in combat.combatants:
        group = group_of(engine, encounter, c.creature_id)
        combat = combat.with_combatant(replace(c, group=group))
    members: dict[str, list[str]] = {}
    for cid in combat.order:
        group = combat.combatant(cid).group
        if group is not None:
            members.setdefault(group, []).append(cid)
    for group_members in members.values():
        stayed = [m for m in group_members if m not in changed]
        anchor = combat.combatant((stayed or group_members)[0])
        for m in group_members:
            combat = combat.with_combatant(
                replace(
                    combat.combatant(m),
                    initiative=anchor.initiative,
                    initiative_roll=anchor.initiative_roll,
                    tie_order=anchor.tie_order,
                    tie_break=anchor.tie_break,
                )
            )
    return turn_order._sorted(combat)


def share_group_initiative(
    engine: Engine, encounter: Encounter, joined: Iterable[str]
) -> Encounter:
    """Newcomers of a group already in the order take its initiative value (003 l.133).

    A creature joining a running fight in a monster group (join, 003-14 Keep Initiative) acts
    in the group's turn from the next time it comes, not on a roll of its own.
    """
    if not group_turns(engine):
        return encounter
    combat = encounter.combat
    newcomers = set(joined)
    moved: list[str] = []
    for cid in newcomers:
        entry = combat.find(cid)
        if entry is None or entry.group is None:
            continue
        anchor = next(
            (
                combat.combatant(o)
                for o in combat.order
                if o not in newcomers and combat.combatant(o).group == entry.group
            ),
            None,
        )
        if anchor is None:
            continue
        combat = combat.with_combatant(
            replace(
                entry,
                initiative=anchor.initiative,
                initiative_roll=anchor.initiative_roll,
                tie_order=anchor.tie_order,
                tie_break=anchor.tie_break,
            )
        )
        moved.append(cid)
    return encounter.with_combat(turn_order._sorted(combat, moved)) if moved else encounter


def unit_of(engine: Engine, encounter: Encounter, creature_id: str) -> tuple[str, ...]:
    """The creature and, under 003, the monster group it rolled with: one initiative value."""
    combat = encounter.combat
    entry = combat.find(creature_id)
    if not group_turns(engine) or entry is None or entry.group is None:
        return (creature_id,)
    return tuple(cid for cid in combat.order if combat.combatant(cid).group == entry.group)


def place_before(
    engine: Engine, encounter: Encounter, creature_id: str, before_id: str
) -> Encounter:
    """The creature's unit (its monster group under 003) acts right before `before_id`'s.

    003 l.133: the group shares one initiative value, so it moves whole, in its own order,
    before the first member of the other unit; under 000 `turn_order.place_before` as is.

    Raises:
        turn_order.TurnError: before a member of its own group.
    """
    unit = unit_of(engine, encounter, creature_id)
    if before_id in unit and before_id != creature_id:
        raise turn_order.TurnError("they are in the same monster group: they share one turn")
    anchor = unit_of(engine, encounter, before_id)[0] if len(unit) > 1 else before_id
    for cid in unit:
        encounter = turn_order.place_before(encounter, cid, anchor)
    return encounter


# --- the one turn ----------------------------------------------------------------------------


def companions(encounter: Encounter, creature_id: str) -> tuple[CreatureId, ...]:
    """The other members sharing the group turn `creature_id` is in now (`Combat.turn_sharers`)."""
    return encounter.combat.turn_sharers(creature_id)


def shared_turns(engine: Engine, hooks: turn_order.TurnHooks) -> turn_order.TurnHooks:
    """The turn hooks with a group's turn starting for all its members at once (003-07).

    When the first member's turn starts, every other member that can act this round starts
    its turn too (start-of-turn work, its own actions); the first one acts (``current``).
    """
    if not group_turns(engine):
        return hooks

    def start(encounter: Encounter, creature_id: CreatureId) -> Encounter:
        encounter = hooks.start(encounter, creature_id)
        combat = encounter.combat
        group = combat.combatant(creature_id).group
        if group is None:
            return encounter
        joined: list[CreatureId] = []
        for cid in combat.order:
            c = encounter.combat.combatant(cid)
            if cid == creature_id or c.group != group or c.delaying:
                continue
            rnd = encounter.combat.round
            if c.acted_round >= rnd or c.turn_started_round == rnd or hooks.skip(encounter, cid):
                continue
            # The plain hooks: the member's own start, not another round of companions.
            encounter = turn_order._begin_turn(encounter, cid, hooks)
            joined.append(cid)
        if not joined:
            return encounter
        names = ", ".join(engine.name(encounter, c) for c in (creature_id, *joined))
        combat = rule_noted(
            replace(encounter.combat, current=creature_id),
            creature_id,
            MECHANIC,
            f"the group's turn: {names}",
            joined,
        )
        return encounter.with_combat(combat)

    return replace(hooks, start=start)


def ending(engine: Engine, end: turn_order.TurnHook) -> turn_order.TurnHook:
    """The end-of-turn hook with a group's turn ending for all its members (003-07).

    Each other member sharing the turn does its end-of-turn work (the dead none), gives up
    what is left of its actions and has acted this round; then the acting one's turn ends.
    """
    if not group_turns(engine):
        return end

    def hook(encounter: Encounter, creature_id: CreatureId) -> Encounter:
        for cid in companions(encounter, creature_id):
            if not engine.rules.skip_reason(encounter, cid):
                encounter = end(encounter, cid)
            combat = encounter.combat
            done = replace(combat.combatant(cid), acted_round=combat.round, budget=NO_ACTIONS)
            encounter = encounter.with_combat(
                TurnEnd().logged_in(combat.with_combatant(done), cid)
            )
        return end(encounter, creature_id)

    return hook


def lose_parts(encounter: Encounter, lost: Iterable[str], acting: str) -> Encounter:
    """Members who lose their part of the group turn keep no actions; `acting` acts now.

    003-10 for a surprised member of a group (docs/rulings.md R-95): it loses its own part,
    the group's turn goes on with the others.
    """
    combat = encounter.combat
    for cid in lost:
        combat = combat.with_combatant(replace(combat.combatant(cid), budget=NO_ACTIONS))
    return encounter.with_combat(replace(combat, current=CreatureId(acting)))


ACT_WITH: Final = "act_with"
"""A group member's acting now, as the availability table keys it (`table.why_not`)."""


def act_with_problem(engine: Engine, encounter: Encounter, creature_id: str) -> str:
    """Why the GM cannot name `creature_id` to act now in the group's turn, or ""."""
    combat = encounter.combat
    current = combat.current
    name = engine.name(encounter, creature_id)
    if not combat.active or current is None:
        return "no group's turn is running"
    if creature_id == current:
        return f"{name} is acting already"
    if CreatureId(creature_id) not in companions(encounter, current):
        return f"{name} does not share {engine.name(encounter, current)}'s turn"
    if waiting := waiting_problem(encounter):
        return waiting
    why = cannot_act(engine.rules, encounter, creature_id)
    # Knocked out or dead: its part of the group's turn is over.
    return f"{why}: it cannot act in the group's turn" if why else ""


def act_with(engine: Engine, encounter: Encounter, creature_id: str) -> Outcome:
    """The GM names the member of the group who acts now in the group's turn: one undo step."""
    op = "act_with"
    problem = act_with_problem(engine, encounter, creature_id)
    if problem:
        return refuse(op, problem, creature_id)
    name = engine.name(encounter, creature_id)

    def change(e: Encounter) -> Encounter:
        now = replace(e.combat, current=CreatureId(creature_id))
        moved = rule_noted(now, creature_id, MECHANIC, "acts now in the group's turn")
        return e.with_combat(moved)

    return run_step(op, f"{name} acts in the group's turn", encounter, change, creature_id)


def delay(
    engine: Engine, encounter: Encounter, creature_id: str, hooks: turn_order.TurnHooks
) -> Encounter:
    """000 "Delay" (`turn_order.delay`); in a group's turn the others act on (R-94).

    003-07: the delayer leaves the group's turn; the first other member still able to act
    acts now (as `act_with` names one) and no turn starts again, so the group's turn ends once,
    for all of them, with End turn. Without another such member the next turn starts.
    """
    heir = _heir(engine, encounter, creature_id)
    if heir is None:
        return turn_order.delay(encounter, creature_id, hooks)
    encounter = turn_order.delay(encounter, creature_id, hooks, hand_to=heir)
    return _handed_on(engine, encounter, creature_id, heir, "delays")


def leave_turn(
    engine: Engine, encounter: Encounter, creature_id: str, hooks: turn_order.TurnHooks
) -> Encounter:
    """The current creature leaves combat (Remove Creature): its turn passes on, no end work.

    003-07 (docs/rulings.md R-109): in a group's turn the first other member able to act acts
    now, as after a delay (R-107), and no turn starts again for the members whose turn has
    started; End turn ends it once for them. Otherwise the next turn starts
    (`turn_order.pass_turn`).
    """
    heir = _heir(engine, encounter, creature_id)
    if heir is None:
        return turn_order.pass_turn(encounter, hooks)
    combat = replace(encounter.combat, current=heir)
    return _handed_on(engine, encounter.with_combat(combat), creature_id, heir, "leaves combat")


def _heir(engine: Engine, encounter: Encounter, creature_id: str) -> CreatureId | None:
    """The first other member sharing the turn that can act (not dead, unconscious...)."""
    return next(
        (
            c
            for c in companions(encounter, creature_id)
            if not cannot_act(engine.rules, encounter, c)
        ),
        None,
    )


def _handed_on(
    engine: Engine, encounter: Encounter, creature_id: str, heir: CreatureId, why: str
) -> Encounter:
    """The rule note of a group's turn going on with `heir` (003-07)."""
    mine, theirs = engine.name(encounter, creature_id), engine.name(encounter, heir)
    note = f"{mine} {why}: {theirs} acts on in the group's turn"
    combat = rule_noted(encounter.combat, heir, MECHANIC, note)
    return encounter.with_combat(combat)


def after_step(engine: Engine, before: Encounter, outcome: Outcome) -> Outcome:
    """A member that can no longer act hands the group's turn on, in the same step (R-111).

    003 l.135 "Combat turn: Turn of action for a single PC or group of monsters": the turn is
    the group's. When the member acting is killed or knocked out (an opportunity attack, the
    GM's damage) or the group's turn starts with one that cannot act, the first other member
    sharing the turn that can act acts now, as after a delay (R-107) or a removal (R-109),
    logged. While an attack waits for its interrupts nothing is handed on (the mover is still
    the one they answer); with no member able to act the turn stays for the GM to end.
    """
    if not isinstance(outcome, Step) or not group_turns(engine):
        return outcome
    after = outcome.after
    combat = after.combat
    acting = combat.current
    if not combat.active or acting is None or combat.pending is not None:
        return outcome
    why = cannot_act(engine.rules, after, acting)
    heir = _heir(engine, after, acting) if why else None
    if heir is None:
        return outcome
    name = engine.name(after, acting)
    after = after.with_combat(replace(combat, current=heir))
    after = _handed_on(engine, after, acting, heir, why.removeprefix(f"{name} "))
    log = logged_since(before, after)
    return replace(outcome, after=after, result=replace(outcome.result, log=log))


def turn_key(engine: Engine, combat: Combat) -> str:
    """The turn now, for what 003 counts once a turn: a monster group's turn is one (R-111).

    `Combat.turn_key`, but in a monster group's turn (003-07, 003 l.135 "Combat turn: Turn of
    action for a single PC or group of monsters") the same whichever member acts, from its
    start to its end; "" between turns and outside combat.
    """
    return turn_key_now(engine.ruleset, combat)


def alone_after_delay(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    """003-07: a member re-entering after a delay leaves its group for the rest of combat.

    docs/rulings.md R-107: it takes its turn alone at the place it re-entered (000
    "Initiative Consequences of Delaying": the new initiative is kept for the rest of the
    combat), no longer sharing the group's initiative value (003 l.134) or its turn. The GM's
    arrangement (`Combat.monster_groups`) is kept for the next fight.
    """
    combat = encounter.combat
    me = combat.combatant(creature_id)
    if not group_turns(engine) or me.group is None:
        return encounter
    note = f"{engine.name(encounter, creature_id)} acts alone from now on (R-107)"
    alone = combat.with_combatant(replace(me, group=None))
    combat = rule_noted(alone, me.creature_id, MECHANIC, note)
    return encounter.with_combat(combat)


def turn_members(encounter: Encounter, creature_id: str) -> tuple[CreatureId, ...]:
    """Whoever shares the turn `creature_id` is in now, itself first in the order's order."""
    combat = encounter.combat
    sharing = {CreatureId(creature_id), *companions(encounter, creature_id)}
    return tuple(cid for cid in combat.order if cid in sharing)
