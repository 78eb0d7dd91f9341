"""Attacks: use a power or a basic attack, preview its modifiers, list its possible targets.

A Ranged or Far power used next to enemies offers them opportunity attacks first and waits in
`combat.pending` (see `interrupts`); otherwise it resolves at once (`attack_resolution`). The
attack's damage, conditions, persistent damage and the spent encounter power are one step
(docs/design.md#undo); forced movement the power imposes is owed (`AttackDone.forced`) for the GM
to carry out with `force_move`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from orcus_desktop.controller.actions.interrupts import hold, offerable
from orcus_desktop.controller.attacks.attack_choices import NO_CHOICES, AttackChoices
from orcus_desktop.controller.attacks.attack_powers import basic_attack_name, ranges_of, reach_of
from orcus_desktop.controller.attacks.attack_resolution import (
    AttackOutcome,
    adjacent_threats,
    attack,
    attack_step,
)
from orcus_desktop.controller.attacks.attack_staging import stage_attack
from orcus_desktop.controller.attacks.held_attacks import held_power
from orcus_desktop.controller.availability.powers import find_power, power_problem
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.movement.waiting import waiting_problem
from orcus_desktop.controller.outcomes import (
    Outcome,
    TargetPreview,
    failure_reason,
    no_creature,
    no_power,
    refuse,
)
from orcus_desktop.controller.plugins import before_action, declared, strikes_first
from orcus_desktop.controller.variant_notes import autofire_provokes
from orcus_desktop.geometry.areas import creatures_in_area, near_burst_squares
from orcus_desktop.geometry.battlefield import Occupant
from orcus_desktop.geometry.cover import space_cover
from orcus_desktop.geometry.grid import Size, Space, space_distance
from orcus_desktop.model.combat import FREE_FIRST
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.frozen import freeze
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.rules.attack_modifiers import Combatant, attack_modifiers, defense_value
from orcus_desktop.rules.powers import Power, TargetKind
from orcus_desktop.rules.ruleset.tables import MarkPolicy
from orcus_desktop.rules.state import RulesError, initial_state
from orcus_desktop.vocabulary import CoverDegree, CreatureId, Origin


def use_power(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    power_name: str,
    target_ids: Sequence[str],
    dice: Sequence[int] = (),
    choices: AttackChoices = NO_CHOICES,
) -> Outcome:
    """Use a power (000 "Use a Power"; basic attacks by their names), as one step.

    The arguments are `GameSession.use_power`'s.
    """
    op = "use_power"
    enc = encounter
    if enc.find_creature(creature_id) is None:
        return refuse(op, no_creature(creature_id), creature_id)
    waiting = waiting_problem(enc)
    if waiting:
        return refuse(op, waiting, creature_id)
    name = engine.name(enc, creature_id)
    power = _usable_power(engine, enc, creature_id, power_name)
    if isinstance(power, str):
        return refuse(op, power, creature_id)

    choices = _taunt_held(engine, enc, creature_id, target_ids, choices)
    # The attack as it waits in `combat.pending` while something strikes first.
    held = held_power(name, creature_id, power.name, target_ids, dice, choices)

    def change(e: Encounter) -> AttackOutcome:
        # 001-10 (001 l.136): a creature next to the target may declare itself the target.
        asked = declared(engine, e, held, power, choices)
        if asked is not None:
            return AttackOutcome(engine.spend(asked, creature_id, power.action), None, ())
        if strikes_first(engine, e, creature_id, power, target_ids):
            # 001-23, 001 l.244: the target's longer reach strikes first - the Strike! waits
            # for its Counter Strike! (offered by `strike_reactions.after_step`).
            stage_attack(engine, e, creature_id, power, target_ids, choices)
            e = engine.spend(e, creature_id, power.action)
            return AttackOutcome(hold(engine, e, held, target_ids), None, ())
        first = before_action(engine, e, creature_id, power, target_ids)
        if first:
            # 001-24, 001 l.248: "You can take this strike before or after the Creature Moves
            # or Acts" - the action waits while its Free Strikes! are offered (R-127).
            stage_attack(engine, e, creature_id, power, target_ids, choices)
            e = engine.spend(e, creature_id, power.action)
            waiting = replace(held, options=freeze({**held.options, FREE_FIRST: list(first)}))
            return AttackOutcome(hold(engine, e, waiting, first), None, ())
        reactions = engine.ruleset.hooks.reaction_rules
        if reactions.provokes(power.origin) or autofire_provokes(engine.ruleset, power):
            # 000 "Ranged and Far Attacks in Close Combat" (004 l.75, 96: ranged and area
            # attacks, R-156): making the attack provokes, and the opportunity attack comes
            # first (000 "Immediate Actions"); 004-09: so does autofire.
            stage_attack(engine, e, creature_id, power, target_ids, choices)
            provoked = adjacent_threats(engine, e, engine.battlefield(e), creature_id)
            if e.combat.current != creature_id and not reacting_provokes(engine):
                provoked = ()  # 003-16 (003 l.269): a reaction provokes nothing; nothing held
            if offerable(engine, e, provoked):
                e = engine.spend(e, creature_id, power.action)
                return AttackOutcome(hold(engine, e, held, provoked), None, provoked)
        out = attack(engine, e, creature_id, power, target_ids, dice=dice, choices=choices)
        e = engine.spend(out.encounter, creature_id, power.action)
        e = engine.offer_opportunity(e, out.provoked, creature_id)
        return replace(out, encounter=e)

    # The undo text names the targets the GM picked (an area's are found when it resolves).
    text = f"{name}: {power.name}"
    picked = [engine.name(enc, t) for t in target_ids]
    if picked:
        shown = ", ".join(picked[:2]) + (f" and {len(picked) - 2} more" if len(picked) > 2 else "")
        text = f"{text} on {shown}"
    return attack_step(engine, op, text, enc, change, creature_id)


def basic_attack(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    target_id: str,
    ranged: bool = False,
    dice: Sequence[int] = (),
    choices: AttackChoices = NO_CHOICES,
) -> Outcome:
    """000 "Basic Attack": a melee or ranged basic attack (a standard action)."""
    generic = "Basic Ranged Attack" if ranged else "Basic Melee Attack"
    name = basic_attack_name(engine, encounter, creature_id, ranged=ranged) or generic
    return use_power(engine, encounter, creature_id, name, [target_id], dice, choices)


def power_targets(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    power_name: str,
    choices: AttackChoices = NO_CHOICES,
) -> tuple[str, ...]:
    """Creatures the power could target now (reach/range/line of effect, or the area)."""
    power = find_power(engine.rules, encounter, creature_id, power_name)
    if power is None:
        return ()
    return target_candidates(engine, encounter, creature_id, power, choices)


def preview_attack(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    power_name: str,
    target_ids: Sequence[str] = (),
    choices: AttackChoices = NO_CHOICES,
) -> tuple[tuple[TargetPreview, ...], str]:
    """The attack's modifiers per target before rolling, or why it cannot be made.

    Returns:
        (per-target previews, "") or ((), the reason it is refused). No change.
    """
    power = _usable_power(engine, encounter, creature_id, power_name)
    if isinstance(power, str):
        return (), power
    try:
        return _previews(engine, encounter, creature_id, power, target_ids, choices), ""
    except (KeyError, ValueError) as exc:
        return (), failure_reason(exc)


def _usable_power(
    engine: Engine, encounter: Encounter, creature_id: str, power_name: str
) -> Power | str:
    """The creature's power by that name when it may use it now, else why not."""
    if encounter.find_creature(creature_id) is None:
        return no_creature(creature_id)
    power = find_power(engine.rules, encounter, creature_id, power_name)
    if power is None:
        return no_power(engine.name(encounter, creature_id), power_name)
    return power_problem(engine.rules, encounter, creature_id, power) or power


def _previews(
    engine: Engine,
    encounter: Encounter,
    attacker_id: str,
    power: Power,
    target_ids: Sequence[str],
    choices: AttackChoices,
) -> tuple[TargetPreview, ...]:
    """The modifiers an attack would have, per target, without rolling (no change).

    Raises:
        ActionError: the attack is not possible; the message says why.
    """
    staged = stage_attack(engine, encounter, attacker_id, power, target_ids, choices)
    sb = staged.attacker.statblock
    weapon = None
    if staged.power.uses_weapon and sb.weapons:
        wants_ranged = staged.power.origin is Origin.RANGED
        weapon = next((w for w in sb.weapons if w.ranged == wants_ranged), sb.weapons[0])
    all_ids = tuple(t.id for t, _ in staged.contexts)
    out: list[TargetPreview] = []
    for (target, ctx), facts in zip(staged.contexts, staged.targets, strict=True):
        spec = staged.power.attack
        if spec is None:
            out.append(TargetPreview(str(target.id), facts, (), 0, (), None, None, ()))
            continue
        try:
            mods, ca = attack_modifiers(
                staged.attacker,
                target,
                staged.power,
                ctx,
                engine.rules.ruleset,
                all_targets=all_ids,
                weapon=weapon,
            )
        except RulesError as exc:
            raise ActionError(str(exc)) from None
        defense = defense_value(target, spec.defense, staged.power, ctx, engine.rules.ruleset)
        out.append(
            TargetPreview(
                target=str(target.id),
                facts=facts,
                combat_advantage=ca,
                attack_bonus=sum(m.value for m in mods),
                attack_parts=tuple((m.value, m.source) for m in mods),
                defense_kind=spec.defense.value,
                defense=defense.total,
                defense_parts=defense.parts,
            )
        )
    return tuple(out)


def target_candidates(
    engine: Engine,
    encounter: Encounter,
    attacker_id: str,
    power: Power,
    choices: AttackChoices = NO_CHOICES,
) -> tuple[str, ...]:
    """Who the power could target now, by its origin, range and targets line.

    Melee/Ranged: creatures within reach or range with line of effect (000 "Range", "A Clear
    Path to the Target"). Near/Far: creatures in the area with line of effect from its
    origin (geometry `creatures_in_area`), filtered by the power's targets; docs/rulings.md
    R-09: the user only for "all"/"any", never among allies or enemies.
    """
    me = encounter.creature(attacker_id)
    here = occupied_space(me)  # 000 "Squeeze": its smaller space while it squeezes
    if power.origin is Origin.SELF or power.targets is TargetKind.SELF:
        return (attacker_id,)
    field_ = engine.battlefield(encounter)
    others = [o for o in field_.occupants if o.id != attacker_id]
    if not power.origin.is_area:
        sb = engine.rules.statblock(me)
        if sb is None:
            return ()
        combatant = Combatant(
            CreatureId(attacker_id), sb, engine.rules.state(me) or initial_state(sb)
        )
        if power.origin is Origin.MELEE:
            limit: int | None = reach_of(combatant, power)
        else:
            normal, long = ranges_of(combatant, power)
            limit = long if long is not None else normal
        mine = Occupant(attacker_id, here, me.side)
        return tuple(
            sorted(
                o.id
                for o in others
                if (limit is None or space_distance(here, o.space) <= limit)
                and space_cover(field_, mine, o, engine.ruleset.cover_buckets()).degree
                is not CoverDegree.TOTAL
            )
        )
    area_origin, area_squares = choices.area_origin, choices.area_squares
    origin_space = here if area_origin is None else Space(area_origin, Size.MEDIUM)
    if area_squares is not None:
        area = set(area_squares)
    elif power.area is not None and (power.origin is Origin.NEAR or area_origin is not None):
        area = set(near_burst_squares(origin_space, power.area.size, encounter.grid))
    else:
        return ()
    inside = creatures_in_area(field_, area, origin_space)
    if power.origin is Origin.NEAR and not engine.ruleset.near_burst_user_per_targets:
        # 004-07 (004 l.111): "a close burst you create does not affect you".
        inside = [c for c in inside if c != attacker_id]
    by_id = {o.id: o for o in field_.occupants}
    kind = power.targets
    if kind in (TargetKind.ALL, TargetKind.ANY, TargetKind.ONE):
        return tuple(inside)
    pool = [
        cid
        for cid in inside
        if cid != attacker_id
        and (by_id[cid].side != me.side)
        == (kind in (TargetKind.ENEMIES, TargetKind.NEAREST_ENEMY))
    ]
    if kind in (TargetKind.NEAREST_ENEMY, TargetKind.NEAREST_ALLY) and pool:
        # 000 "Nearest": the shortest range; ties are the user's choice (all returned).
        best = min(space_distance(here, by_id[c].space) for c in pool)
        pool = [c for c in pool if space_distance(here, by_id[c].space) == best]
    return tuple(pool)


def _taunt_held(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    target_ids: Sequence[str],
    choices: AttackChoices,
) -> AttackChoices:
    """`choices` marking an attack that does not ignore a Taunt as it is declared (R-157).

    003 l.395-396: "If an attack originally does not ignore the Taunt, and the attack targets
    are somehow changed by an enemy action or other effect [003-18's interrupts], this does
    not cause the attack to ignore the Taunt"; nor does the attacker becoming Taunted during
    it. Under 003's Taunted (several taunters, 003-30) only: 000's Marked has no such rule.
    """
    if engine.ruleset.conditions.mark_policy is not MarkPolicy.MULTIPLE:
        return choices
    state = engine.rules.state(encounter.creature(creature_id))
    markers = state.markers() if state is not None else frozenset()
    if markers and not markers <= set(target_ids):
        return choices  # it ignores a Taunt (003 l.391-393)
    return replace(choices, taunt_held=True)


def reacting_provokes(engine: Engine) -> bool:
    """Whether an attack made out of turn provokes (003-16: no; docs/rulesets.md H5)."""
    return engine.ruleset.hooks.reaction_rules.reactions_provoke
