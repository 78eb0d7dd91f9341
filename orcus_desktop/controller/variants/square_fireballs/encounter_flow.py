"""The ruleset's encounter flow around the turn order (H1, H2): 003 "Square Fireballs".

Opening Total Defense (003-08), the lost first turn of the surprised (003-10), ties that
alternate PCs and monsters (003-12), the escalation die (003-13) and the two ways to bring a
new wave into a running fight (003-14). Under 000 every function here leaves the encounter
as it is; `initiative` calls them around `turn_order`'s bookkeeping.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from enum import StrEnum

from orcus_desktop.controller.combat_rules import loses_first_turn
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import rule_noted
from orcus_desktop.controller.turns import turn_order
from orcus_desktop.controller.variants.square_fireballs import monster_groups
from orcus_desktop.controller.views.vision import player_sides
from orcus_desktop.model.combat import Combat, Combatant, EscalationSet
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.ruleset import Ruleset

EndTurn = Callable[[Encounter], Encounter]
"""Ends the current turn as the GM's End Turn does (end-of-turn work, then the next turn)."""


class WaveChoice(StrEnum):
    """003-14 (003 l.204-205 "Rolling Initiative mid-combat"): how a new wave joins."""

    START_OVER = "start_over"
    """All use Total Defense and roll initiative again; the escalation die is set to 0."""
    KEEP_INITIATIVE = "keep_initiative"
    """The newcomers use Total Defense and roll; the escalation die drops by 1 (not below 0)."""


# --- 003-13 the escalation die --------------------------------------------------------------


def escalation_die(ruleset: Ruleset, combat: Combat) -> int:
    """The escalation die now: +1 each round from ``escalation_start_round`` (003-13).

    003 l.198 "each combat round starting with the third, add 1 to the Escalation Die": round
    minus 2 from the third round, capped at ``escalation_max``; after a reset (003-14) it grows
    from the value set, once per later round. 0 outside combat and under rulesets without it.
    """
    start = ruleset.escalation_start_round
    if start is None or not combat.active:
        return 0
    reset = combat.escalation_set or EscalationSet(0, 0)
    first = max(reset.round + 1, start)
    value = reset.value + max(0, combat.round - first + 1)
    cap = ruleset.escalation_max
    return value if cap is None else min(value, cap)


def escalation_modifiers(ruleset: Ruleset, combat: Combat) -> tuple[Modifier, ...]:
    """The escalation die as an attack roll modifier, in the attack breakdown (none at 0).

    003-13 (003 l.198): "All characters gain a bonus to Hit Rolls equal to the Escalation Die".
    """
    die = escalation_die(ruleset, combat)
    return (Modifier(die, "escalation die"),) if die else ()


# --- 003-08 / 003-10 the opening -------------------------------------------------------------


def opening_total_defense(
    engine: Engine, encounter: Encounter, creature_ids: Iterable[str]
) -> Encounter:
    """003-08 (003 l.147): these creatures "use Total Defense as a Free Reaction" (+4, 003-09).

    Pick (docs/rulings.md R-40): until the start of each one's next turn. Creatures without a
    rules state (no stat block) have no defenses to raise and are passed over.
    """
    for cid in creature_ids:
        creature = encounter.creature(cid)
        state = engine.rules.state(creature)
        if state is not None:
            encounter = engine.total_defense(encounter, cid, state)
    return encounter


def start_combat(
    engine: Engine, encounter: Encounter, hooks: turn_order.TurnHooks, end_turn: EndTurn
) -> Encounter:
    """Start combat as the ruleset's flow says (`turn_order.start_combat` for 000).

    003: everyone not surprised starts in Total Defense (003-08); no surprise round is played:
    the surprised keep their mark and lose their first turn (003-10, `lose_surprised_turns`).
    """
    flow = engine.ruleset.hooks.flow
    combat = encounter.combat
    surprised = {c.creature_id for c in combat.combatants if c.surprised}
    if flow.opening_total_defense:
        aware = [c.creature_id for c in combat.combatants if c.creature_id not in surprised]
        encounter = opening_total_defense(engine, encounter, aware)
    if not loses_first_turn(engine.ruleset) or not surprised:
        return turn_order.start_combat(encounter, hooks)
    unmarked = encounter.with_combat(
        replace(combat, combatants=tuple(replace(c, surprised=False) for c in combat.combatants))
    )
    encounter = turn_order.start_combat(unmarked, hooks)
    combat = encounter.combat
    for cid in surprised:
        combat = combat.with_combatant(replace(combat.combatant(cid), surprised=True))
    why = "no surprise round: the surprised lose their first turn"
    encounter = encounter.with_combat(rule_noted(combat, None, "003-10", why))
    return lose_surprised_turns(engine, encounter, end_turn)


def lose_surprised_turns(engine: Engine, encounter: Encounter, end_turn: EndTurn) -> Encounter:
    """While the current creature is surprised, it loses its turn (003-10).

    003 l.168: "When this character would take the turn, they use Full Defense, end the turn,
    and are no longer considered Surprised." A surprised member of a monster group loses its
    part of the group's turn; the others act in it (003-07, docs/rulings.md R-95).
    """
    if not loses_first_turn(engine.ruleset):
        return encounter
    for _ in range(len(encounter.combat.combatants)):
        combat = encounter.combat
        current = combat.current
        if current is None or not combat.combatant(current).surprised:
            break
        sharing = (current, *monster_groups.companions(encounter, current))
        lost = [cid for cid in sharing if combat.combatant(cid).surprised]
        for cid in lost:
            combat = _no_longer_surprised(
                combat, cid, "surprised: uses Total Defense and loses this turn"
            )
        encounter = opening_total_defense(engine, encounter.with_combat(combat), lost)
        acting = [cid for cid in sharing if cid not in lost]
        if acting:
            return monster_groups.lose_parts(encounter, lost, acting[0])
        encounter = end_turn(encounter)
    return encounter


def end_surprise_when_attacked(
    engine: Engine, encounter: Encounter, target_ids: Iterable[str]
) -> Encounter:
    """003-10 (003 l.167): Surprised "Condition ends when attacked"."""
    if not loses_first_turn(engine.ruleset) or not encounter.combat.active:
        return encounter
    combat = encounter.combat
    for cid in target_ids:
        entry = combat.find(cid)
        if entry is not None and entry.surprised:
            combat = _no_longer_surprised(combat, cid, "attacked: no longer surprised")
    return encounter.with_combat(combat)


def _no_longer_surprised(combat: Combat, creature_id: str, why: str) -> Combat:
    """003-10: the creature's surprise ends, and the log says why."""
    combat = combat.with_combatant(replace(combat.combatant(creature_id), surprised=False))
    return rule_noted(combat, creature_id, "003-10", why)


# --- 003-12 ties alternate PCs and monsters ---------------------------------------------------


def _unit(c: Combatant) -> str:
    # 003-07/003-12: a PC alone, a monster group as one (its members share the roll).
    return c.group or f"\0{c.creature_id}"


def alternate_ties(
    engine: Engine, encounter: Encounter, changed: Sequence[str], rng: random.Random
) -> Encounter:
    """Order tied units by 003-12 and record the order in ``Combatant.tie_order``.

    003 l.193: "If PCs and monsters are tied ..., and the character acting right before that
    initiative value is PC, the monsters win the tie. If ... a monster, the PCs win the tie";
    l.194: within a side "roll a die and sort them". Picks (docs/rulings.md R-41): a tie with
    nobody before is a roll-off between the sides; with several on each side they alternate,
    starting as above. Only values holding a ``changed`` creature are re-ordered; within a
    side, units ordered before keep their order. Under 000 nothing changes.
    """
    if not engine.ruleset.hooks.initiative_procedure.ties_alternate_sides:
        return encounter
    combat = encounter.combat
    pc_sides = player_sides(encounter, engine.rules)
    units: dict[str, list[Combatant]] = {}
    for c in combat.combatants:
        units.setdefault(_unit(c), []).append(c)
    by_value: dict[int, list[str]] = {}
    for key, members in units.items():
        by_value.setdefault(members[0].initiative, []).append(key)

    def is_pc(key: str) -> bool:
        return encounter.creature(units[key][0].creature_id).side in pc_sides

    before_is_pc: bool | None = None
    for value in sorted(by_value, reverse=True):
        keys = by_value[value]
        touched = any(m.creature_id in changed for k in keys for m in units[k])
        if len(keys) > 1 and touched:
            ordered = _alternated(keys, is_pc, before_is_pc, units, rng)
            for rank, key in enumerate(ordered):
                for m in units[key]:
                    combat = combat.with_combatant(replace(m, tie_order=len(ordered) - rank))
            names = ", ".join(engine.name(encounter, units[k][0].creature_id) for k in ordered)
            combat = rule_noted(combat, None, "003-12", f"tied at {value}, in this order: {names}")
            keys = ordered
        elif len(keys) == 1 and touched:
            for m in units[keys[0]]:
                combat = combat.with_combatant(replace(m, tie_order=0))
        else:
            keys = sorted(keys, key=lambda k: -units[k][0].tie_order)
        before_is_pc = is_pc(keys[-1])
    return encounter.with_combat(turn_order._sorted(combat, changed))


def _alternated(
    keys: Sequence[str],
    is_pc: Callable[[str], bool],
    before_is_pc: bool | None,
    units: dict[str, list[Combatant]],
    rng: random.Random,
) -> list[str]:
    def side(pc: bool) -> list[str]:
        mine = [k for k in keys if is_pc(k) == pc]
        ranked = [k for k in mine if units[k][0].tie_order]
        kept = sorted(ranked, key=lambda k: -units[k][0].tie_order)
        new = [k for k in mine if not units[k][0].tie_order]
        rng.shuffle(new)  # 003 l.194 "roll a die and sort them"
        return kept + new

    pcs, monsters = side(True), side(False)
    if not pcs or not monsters:
        return pcs + monsters
    # 003 l.193: the side that did not act right before wins; nobody before: a roll-off.
    pcs_first = rng.random() < 0.5 if before_is_pc is None else not before_is_pc
    first, second = (pcs, monsters) if pcs_first else (monsters, pcs)
    out: list[str] = []
    for i in range(max(len(first), len(second))):
        out += first[i : i + 1] + second[i : i + 1]
    return out


# --- 003-14 a new wave -----------------------------------------------------------------------


def newcomers(engine: Engine, encounter: Encounter) -> tuple[str, ...]:
    """The creatures on the map not in the initiative and alive: a new wave (003-14)."""
    listed = set(encounter.combat.order)
    return tuple(
        c.id
        for c in encounter.creatures
        if c.id not in listed and not engine.rules.is_dead(encounter, c.id)
    )


def reset_escalation(combat: Combat, choice: WaveChoice, die: int) -> Combat:
    """003-14: Start Over sets the die (``die`` now) to 0; Keep Initiative lowers it by 1.

    The value holds in ``combat.round`` and grows from there in later rounds.
    """
    value = 0 if choice is WaveChoice.START_OVER else max(0, die - 1)
    combat = replace(combat, escalation_set=EscalationSet(value, combat.round))
    return rule_noted(combat, None, "003-14", f"escalation die {die} -> {value}")


def new_wave(
    engine: Engine,
    encounter: Encounter,
    choice: WaveChoice,
    requests: Callable[[Encounter, Sequence[str]], list[turn_order.InitiativeRequest]],
    end_hook: turn_order.TurnHook,
    hooks: turn_order.TurnHooks,
) -> Encounter:
    """Bring the creatures placed on the map since combat began into it (003-14).

    003 l.204 Start Over: "All characters use Total Defense as a Free Reaction ..., then Roll
    Initiative again. Set the Escalation Die to 0." Pick (docs/rulings.md R-42): the current
    turn ends (End Turn's work) and a new round starts in the new order. 003 l.205 Keep
    Initiative: "The new characters use Total Defense ..., then Roll Initiative. Update the
    list ... and resolve initiative value ties as usual. Reduce the Escalation die by 1, to a
    minimum of 0"; the current turn goes on. l.207: powers and statuses are unaffected.

    Raises:
        turn_order.TurnError: No combat, or nobody new on the map.
    """
    if not encounter.combat.active:
        raise turn_order.TurnError("no combat is running")
    joining = newcomers(engine, encounter)
    if not joining:
        raise turn_order.TurnError("place the new creatures on the map first")
    die = escalation_die(engine.ruleset, encounter.combat)
    if choice is WaveChoice.KEEP_INITIATIVE:
        encounter = opening_total_defense(engine, encounter, joining)
        for request in requests(encounter, joining):
            encounter = turn_order.join_combat(encounter, request, engine.rng)
        encounter = alternate_ties(engine, encounter, joining, engine.rng)
        # 003-07: a newcomer in a group already fighting shares its initiative.
        encounter = monster_groups.share_group_initiative(engine, encounter, joining)
        return encounter.with_combat(reset_escalation(encounter.combat, choice, die))
    current = encounter.combat.current
    if current is not None:
        encounter = end_hook(encounter, current)
    everyone = (*encounter.combat.order, *joining)
    encounter = opening_total_defense(engine, encounter, everyone)
    encounter = turn_order.roll_initiative(encounter, requests(encounter, everyone), engine.rng)
    encounter = alternate_ties(engine, encounter, everyone, engine.rng)
    combat = encounter.combat
    combat = replace(
        combat,
        combatants=tuple(replace(c, acted_round=combat.round) for c in combat.combatants),
    )
    encounter = turn_order.pass_turn(encounter.with_combat(combat), hooks)
    # The new round is the first of the new order: the die is 0 in it.
    return encounter.with_combat(reset_escalation(encounter.combat, choice, die))
