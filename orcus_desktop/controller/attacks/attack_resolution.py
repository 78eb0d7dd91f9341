"""Attack resolution shared by every attacking action: checks, dice, log record, the step.

`stage_attack` does everything before the dice (reach, range, line of effect, areas, cover,
concealment, flanking, help bonuses); `attack` rolls and applies it through the rules engine;
`attack_step` turns an attack into the step the session commits, with an `AttackDone` result
(the hits and the forced moves owed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from orcus_desktop.controller import plugins
from orcus_desktop.controller.attacks import owed_moves
from orcus_desktop.controller.attacks.attack_choices import NO_CHOICES, AttackChoices
from orcus_desktop.controller.attacks.attack_powers import (
    ranges_of,
    reach_of,
    takes_opportunity_attacks,
    with_ability,
)
from orcus_desktop.controller.attacks.maintained_powers import with_maintained
from orcus_desktop.controller.battlefield_builder import field_occupant
from orcus_desktop.controller.combat_rules import QueuedSource
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.log.records import (
    Attack,
    AttackTarget,
    Damage,
    Healing,
    LogRecord,
    RollRecord,
)
from orcus_desktop.controller.outcomes import (
    AttackDone,
    Outcome,
    Step,
    logged_since,
    no_creature,
    refused_change,
)
from orcus_desktop.controller.stealth import end_charms, reveal, targeting_problem
from orcus_desktop.geometry.areas import creatures_in_area, far_origin_allowed, near_burst_squares
from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.cover import space_cover
from orcus_desktop.geometry.flanking import flanked_by
from orcus_desktop.geometry.grid import Size, Space, Square, space_distance, spaces_adjacent
from orcus_desktop.geometry.seeing import sees
from orcus_desktop.geometry.sight import concealment_with_cause
from orcus_desktop.model.combat import Aid, AidKind, Combat, Maintained
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules.attack_application import AttackApplied, apply_attack
from orcus_desktop.rules.attack_modifiers import AttackContext, Combatant
from orcus_desktop.rules.attack_rolls import AttackResult, resolve_attack
from orcus_desktop.rules.dice_values import DiceRoll
from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.powers import Power
from orcus_desktop.rules.ruleset.hooks import Provocation
from orcus_desktop.rules.state import RulesError
from orcus_desktop.vocabulary import ConcealmentDegree, CoverDegree, CreatureId, Origin

HELP_BONUS = 2
"""000 "Help Attack" / "Help Defense": +2."""


@dataclass(frozen=True, slots=True)
class AttackOutcome:
    """What `Engine.attack` did, for the session's result.

    Attributes:
        encounter: the encounter after the attack.
        record: the attack's log record (`Grapple` for a grapple won without a roll), or
            None when nothing was rolled; `data` is its stored mapping.
        provoked: enemies offered an opportunity attack (Ranged/Far from an adjacent square).
        forced: (target id, kind, squares) of forced movement the GM carries out next.
        hits: target ids hit.
    """

    encounter: Encounter
    record: LogRecord | None
    provoked: tuple[str, ...] = ()
    forced: tuple[tuple[str, str, int], ...] = ()
    hits: tuple[str, ...] = ()

    @property
    def data(self) -> dict[str, Any]:
        """The record as the log stores it (empty without one): the result's details."""
        return {} if self.record is None else self.record.to_dict()


@dataclass(frozen=True, slots=True)
class StagedAttack:
    """An attack checked and set up, before any die is rolled.

    Attributes:
        attacker: the rules' view of the attacker.
        power: the power (with the ability filled in for special attacks).
        contexts: each target with its attack context (cover, concealment, flanking...).
        targets: per target, its log record with the geometry facts only (no roll yet).
        aids_used: Help Attack / Help Defense bonuses this attack uses up.
    """

    attacker: Combatant
    power: Power
    contexts: tuple[tuple[Combatant, AttackContext], ...]
    targets: tuple[AttackTarget, ...]
    aids_used: tuple[Aid, ...]


def attack(
    engine: Engine,
    encounter: Encounter,
    attacker_id: str,
    power: Power,
    target_ids: Sequence[str],
    *,
    dice: Sequence[int] = (),
    choices: AttackChoices = NO_CHOICES,
    charge: bool = False,
    opportunity: bool = False,
    coup_de_grace: bool = False,
    ability_attack: str | None = None,
    struck_instead: bool = False,
) -> AttackOutcome:
    """Resolve and apply one power against its targets (000 "Making an Attack").

    Geometry first (reach, range, line of effect, area, cover, concealment, flanking),
    then `rules.attack_rolls.resolve_attack` and `rules.attack_application.apply_attack`; the
    encounter power is marked used; the log gets every roll with its modifiers.

    Args:
        engine: the shared engine (rules, RNG, battlefield).
        encounter: the snapshot.
        attacker_id: who uses the power.
        power: the power.
        target_ids: chosen targets (for area powers: the creatures in the area to attack).
        dice: physical dice typed in by the GM, in rolling order (attack rolls per target,
            then damage); the app rolls whatever is not given.
        choices: the GM's calls (cover, combat advantage, knock-outs, damage, the area).
        charge: the attack ends a charge (+1).
        opportunity: an opportunity attack (003-19: the Opportunity Modifier).
        coup_de_grace: a Coup de Grace against a helpless adjacent target.
        ability_attack: for special attacks (grapple, shove) with no ability in the power:
            "strength" — the attacker's Strength modifier + half level, or a monster's
            stat-block melee bonus.
        struck_instead: the same use of the power landing on the one a miss through cover
            strikes (004-27): a hit by the rule, and the power is not used up again.

    Raises:
        ActionError: a target cannot be attacked (out of reach or range, no line of
            effect, no stat block...).
    """
    staged = stage_attack(
        engine,
        encounter,
        attacker_id,
        power,
        target_ids,
        choices,
        charge=charge,
        opportunity=opportunity,
        coup_de_grace=coup_de_grace,
        ability_attack=ability_attack,
    )
    attacker, power, contexts = staged.attacker, staged.power, staged.contexts
    aids_used = staged.aids_used
    field_ = engine.battlefield(encounter)  # as it was before the attack (provocation)
    source = QueuedSource(engine.rng, list(dice))
    try:
        result = resolve_attack(
            attacker,
            power,
            contexts,
            source,
            engine.rules.ruleset,
            forced_hits={c.id: True for c, _ in contexts} if struck_instead else None,
            forced_by="004-27" if struck_instead else "GM",
        )
    except RulesError as exc:
        raise ActionError(str(exc)) from None
    combatants = {c.id: c for c, _ in contexts}
    combatants[attacker.id] = attacker
    current = encounter.combat.current
    new_states, applied = apply_attack(
        result,
        combatants,
        engine.rules.ruleset,
        current_turn=CreatureId(current) if current else None,
        knock_out=[CreatureId(k) for k in choices.knock_out],
        damage_overrides={CreatureId(k): v for k, v in choices.damage_overrides.items()},
    )
    before_states = {c.id: c.state for c in combatants.values()}
    attacker_state = new_states.get(attacker.id, attacker.state)
    try:
        if not struck_instead:
            attacker_state = rules_state.use_power(attacker_state, power)
    except RulesError as exc:
        raise ActionError(str(exc)) from None
    new_states[attacker.id] = attacker_state
    for cid, state in new_states.items():
        encounter = engine.set_state(encounter, cid, state)
    for cid in new_states:
        encounter = engine.rules.after_harm(encounter, cid, before_states.get(cid))
    if aids_used:
        used = set(aids_used)
        encounter = encounter.with_combat(
            replace(
                encounter.combat, aids=tuple(a for a in encounter.combat.aids if a not in used)
            )
        )
    if power.maintain is not None:
        # 000 "Maintain": the power keeps working while its user spends the action.
        entry = Maintained(CreatureId(attacker_id), power.name, power.maintain)
        encounter = encounter.with_combat(with_maintained(encounter.combat, entry))
    encounter = reveal(engine, encounter, attacker_id, "attacked")  # 003-47
    encounter = end_charms(engine, encounter, attacker_id, [str(c.id) for c, _ in contexts])
    record = _attack_record(result, applied, staged.targets)
    provoked: tuple[str, ...] = ()
    if engine.ruleset.hooks.reaction_rules.provokes(power.origin):
        provoked = adjacent_threats(engine, encounter, field_, attacker_id)
        record = replace(record, provoked=tuple(CreatureId(p) for p in provoked))
    forced = tuple(
        (str(t.target), fm.kind.value, fm.squares)
        for t in applied.targets
        for fm in t.forced_movement
    )
    hits = tuple(str(t.target) for t in result.targets if t.hit)
    return AttackOutcome(encounter, record, provoked, forced, hits)


def stage_attack(
    engine: Engine,
    encounter: Encounter,
    attacker_id: str,
    power: Power,
    target_ids: Sequence[str],
    choices: AttackChoices = NO_CHOICES,
    *,
    charge: bool = False,
    opportunity: bool = False,
    coup_de_grace: bool = False,
    ability_attack: str | None = None,
) -> StagedAttack:
    """Everything about an attack that comes before the dice.

    The geometry checks and each target's `AttackContext` (see `attack` for the arguments).

    Raises:
        ActionError: a target cannot be attacked; the message says why.
    """
    attacker = engine.combatant(encounter, attacker_id)
    power = with_ability(power, attacker, ability_attack)
    target_ids = _checked_targets(power, attacker_id, target_ids)
    # 003-47 Shrouded/Hidden, 003-23 Charmed, 003-48 Swallowed/Exiled (none under 000).
    barred = targeting_problem(
        engine, encounter, attacker_id, power.origin, target_ids, charge=charge
    )
    if barred:
        raise ActionError(barred)
    field_ = engine.battlefield(encounter)
    staging = _Staging(
        engine,
        encounter,
        field_,
        attacker,
        encounter.creature(attacker_id),
        power,
        _origin_space(encounter, field_, attacker_id, power, choices),
        choices,
    )
    _check_area(staging, target_ids)
    contexts: list[tuple[Combatant, AttackContext]] = []
    targets: list[AttackTarget] = []
    aids_used: list[Aid] = []
    for target_id in target_ids:
        target_creature = encounter.find_creature(target_id)
        if target_creature is None:
            raise ActionError(no_creature(target_id))
        if engine.rules.is_dead(encounter, target_id):
            raise ActionError(f"{target_creature.name} is dead")
        target = engine.combatant(encounter, target_id)
        distance = space_distance(staging.attacker_creature.space, target_creature.space)
        long_range = _long_range(staging, target_creature, distance)
        target_occupant = Occupant(
            target_id,
            target_creature.space,
            target_creature.side,
            invisible=field_occupant(field_, target_creature).invisible,  # docs/rulings.md R-115
        )
        cover = _cover_degree(staging, target_occupant)
        concealment, cause = _concealment_chosen(staging, target_occupant)
        flanking = (
            # docs/rulings.md R-07: for melee attacks; 004-26 (004 l.689): any attack.
            (power.origin is Origin.MELEE or not engine.ruleset.flanking_melee_only)
            and target_id in {o.id for o in field_.occupants}
            and attacker_id in {o.id for o in field_.occupants}
            and bool(flanked_by(field_, attacker_id, target_id))
        )
        attack_mods, defense_mods, aids = _aid_modifiers(encounter.combat, attacker_id, target_id)
        aids_used += aids
        ctx = AttackContext(
            cover=cover,
            concealment=concealment,
            concealment_cause=cause,
            combat_advantage=tuple(choices.combat_advantage),
            flanking=flanking,
            long_range=long_range,
            adjacent=spaces_adjacent(staging.attacker_creature.space, target_creature.space),
            charge=charge,
            opportunity=opportunity,
            coup_de_grace=coup_de_grace,
            attack_modifiers=attack_mods,
            defense_modifiers=defense_mods,
            taunt_held=choices.taunt_held,
        )
        # 001-26 Strike! modifiers, 001-12..21 Shoot!/Spell! bands, 003-13 the escalation
        # die: the variants' say.
        at = plugins.AttackAt(engine, encounter, field_, attacker_id, target_id, power, choices)
        ctx = plugins.adjust_attack(at, ctx)
        contexts.append((target, ctx))
        targets.append(
            AttackTarget(
                CreatureId(target_id),
                distance=distance,
                cover=ctx.cover.value,
                concealment=ctx.concealment.value,
                flanking=flanking,
                long_range=ctx.long_range,
                # docs/rulings.md R-61: the cause of a concealment the attack has.
                concealment_cause=(
                    cause if cause and ctx.concealment is not ConcealmentDegree.NONE else None
                ),
            )
        )
    return StagedAttack(attacker, power, tuple(contexts), tuple(targets), tuple(aids_used))


@dataclass(frozen=True, slots=True)
class _Staging:
    """What every target of one attack is measured against, before the dice."""

    engine: Engine
    encounter: Encounter
    field_: Battlefield
    attacker: Combatant
    attacker_creature: Creature
    power: Power
    origin_space: Space  # the attacker's space, or a Far area's origin square
    choices: AttackChoices


def _checked_targets(power: Power, attacker_id: str, target_ids: Sequence[str]) -> Sequence[str]:
    """The targets as chosen (a Self power's user), refused when the count breaks the power."""
    if power.origin is Origin.SELF and not target_ids:
        return (attacker_id,)
    if not target_ids and power.origin is not Origin.NEAR and power.origin is not Origin.FAR:
        raise ActionError("choose a target")
    if len(set(target_ids)) != len(target_ids):
        raise ActionError("a creature is targeted once (docs/rulings.md R-12)")
    if not power.origin.is_area and len(target_ids) > max(1, power.target_count):
        raise ActionError(f"{power.name} has {power.target_count} target(s)")
    return target_ids


def _origin_space(
    encounter: Encounter,
    field_: Battlefield,
    attacker_id: str,
    power: Power,
    choices: AttackChoices,
) -> Space:
    """Where the attack is measured from: a Far area's origin square, else the attacker."""
    if power.origin is not Origin.FAR:
        return encounter.creature(attacker_id).space
    area_origin = choices.area_origin
    if area_origin is None:
        raise ActionError(f"{power.name}: choose the area's origin square")
    far_range = power.range.normal or 0
    if not far_origin_allowed(field_, attacker_id, area_origin, far_range):
        raise ActionError(
            f"{power.name}: the origin square must be within {far_range} squares "
            "with line of effect"
        )
    return Space(area_origin, Size.MEDIUM)


def _check_area(staging: _Staging, target_ids: Sequence[str]) -> None:
    """Refuse an area attack's target outside its area (or a close burst on its own user)."""
    power, choices, encounter = staging.power, staging.choices, staging.encounter
    if not power.origin.is_area:
        return
    area: set[Square] | None = None
    if choices.area_squares is not None:
        area = set(choices.area_squares)
    elif power.area is not None and power.origin is Origin.NEAR:
        space = staging.attacker_creature.space
        area = set(near_burst_squares(space, power.area.size, encounter.grid))
    elif power.area is not None and choices.area_origin is not None:
        area = set(near_burst_squares(staging.origin_space, power.area.size, encounter.grid))
    attacker_id = str(staging.attacker.id)
    if (
        power.origin is Origin.NEAR
        and not staging.engine.ruleset.near_burst_user_per_targets
        and attacker_id in target_ids
    ):
        # 004-07 (004 l.111): "a close burst you create does not affect you".
        raise ActionError(f"{power.name}: a close burst does not affect its user")
    if area is not None:
        inside = set(creatures_in_area(staging.field_, area, staging.origin_space))
        outside = [t for t in target_ids if t not in inside]
        if outside:
            raise ActionError(
                f"{staging.engine.name(encounter, outside[0])} is not in the area "
                "(or has no line of effect from its origin)"
            )


def _long_range(staging: _Staging, target: Creature, distance: int) -> bool:
    """Whether a ranged attack is at long range; refused beyond the reach or the long range."""
    power, attacker = staging.power, staging.attacker
    if power.origin is Origin.MELEE:
        reach = reach_of(attacker, power)
        # 000 "Melee": "attack a foe within your reach"; tiny creatures reach 0.
        if distance > reach:
            raise ActionError(f"{target.name} is out of reach ({distance} squares, reach {reach})")
        return False
    if power.origin is not Origin.RANGED:
        return False
    normal, long = ranges_of(attacker, power)
    limit = long if long is not None else normal
    if limit is not None and distance > limit:
        # 000 "Ranged": "you can't attack a target beyond the long range".
        raise ActionError(f"{target.name} is out of range ({distance} squares, range {limit})")
    return normal is not None and long is not None and distance > normal


def _cover_degree(staging: _Staging, target: Occupant) -> CoverDegree:
    """The target's cover from the attack's origin, or the GM's call; refused at total cover."""
    attacker_id = str(staging.attacker.id)
    if target.id in staging.choices.cover:
        degree = CoverDegree(staging.choices.cover[target.id])  # docs/design.md#cover
    elif target.id == attacker_id:
        degree = CoverDegree.NONE
    else:
        # Cover is measured from the attacker's space, or from a Far area's origin square
        # (the attacker itself is never an obstacle to its own attack).
        far = staging.power.origin is Origin.FAR
        origin = Occupant(
            "\0origin" if far else attacker_id,
            staging.origin_space,
            staging.attacker_creature.side,
        )
        buckets = staging.engine.ruleset.cover_buckets()
        degree = space_cover(staging.field_, origin, target, buckets).degree
    if degree is CoverDegree.TOTAL:
        # 000 "A Clear Path to the Target": no line of effect, no target.
        name = staging.encounter.creature(target.id).name
        raise ActionError(f"no line of effect to {name} (total cover)")
    return degree


def _concealment_chosen(staging: _Staging, target: Occupant) -> tuple[ConcealmentDegree, str]:
    """The target's concealment and its cause, or the GM's call (docs/design.md#lighting)."""
    chosen = staging.choices.concealment.get(target.id)
    if chosen is None:
        creature = staging.attacker_creature
        return _concealment(
            staging.field_,
            str(staging.attacker.id),
            creature.space,
            creature.side,
            target,
            staging.power.origin,
        )
    try:
        return ConcealmentDegree(chosen), "GM"
    except ValueError:
        raise ActionError(f"no such concealment: {chosen!r}") from None


def _aid_modifiers(
    combat: Combat, attacker_id: str, target_id: str
) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...], tuple[Aid, ...]]:
    """000 "Help Attack"/"Help Defense" bonuses on this attacker and target, and the aids used."""
    attack_mods: list[Modifier] = []
    defense_mods: list[Modifier] = []
    used: list[Aid] = []
    for aid in combat.aids:
        if aid.kind is AidKind.ATTACK and aid.ally == attacker_id and aid.enemy == target_id:
            attack_mods.append(Modifier(HELP_BONUS, f"help attack ({aid.helper})"))
            used.append(aid)
        elif aid.kind is AidKind.DEFENSE and aid.ally == target_id and aid.enemy == attacker_id:
            defense_mods.append(Modifier(HELP_BONUS, f"help defense ({aid.helper})"))
            used.append(aid)
    return tuple(attack_mods), tuple(defense_mods), tuple(used)


def _concealment(
    field_: Battlefield,
    attacker_id: str,
    attacker_space: Space,
    attacker_side: str,
    target: Occupant,
    origin: Origin,
) -> tuple[ConcealmentDegree, str]:
    """The concealment and its cause, with the attacker's senses (docs/rulings.md R-61)."""
    if target.id == attacker_id:
        return ConcealmentDegree.NONE, ""
    known = next((o for o in field_.occupants if o.id == attacker_id), None)
    attacker = Occupant(attacker_id, attacker_space, attacker_side) if known is None else known
    return concealment_with_cause(field_, replace(attacker, space=attacker_space), target, origin)


def adjacent_threats(
    engine: Engine, encounter: Encounter, field_: Battlefield, creature_id: str
) -> tuple[str, ...]:
    """Enemies adjacent to the creature that could take an opportunity attack.

    000 "Ranged and Far Attacks in Close Combat"; docs/rulings.md R-02 — Ranged
    and Far attacks provoke from adjacent enemies that see the attacker (R-113).
    """
    if Provocation.RANGED_OR_AREA not in engine.ruleset.hooks.reaction_rules.provocations:
        return ()  # H5: 001 has no opportunity attacks (docs/rulesets.md)
    me = field_occupant(field_, encounter.creature(creature_id))
    out: list[str] = []
    for occ in field_.occupants:
        if occ.id == creature_id or occ.side == me.side or not occ.can_take_opportunity_actions:
            continue
        # 000 "Opportunity Attacks": "a hostile creature that you can see"
        if spaces_adjacent(occ.space, me.space) and sees(field_, occ, me):
            out.append(occ.id)
    return takes_opportunity_attacks(engine, encounter, tuple(out))


def _attack_record(
    result: AttackResult, applied: AttackApplied, staged: Sequence[AttackTarget]
) -> Attack:
    """The log record of an attack: every roll and modifier, every state change.

    Each target's geometry comes from `stage_attack`; the rules' result adds the rest.
    """
    by_target = {t.target: t for t in staged}
    targets: list[AttackTarget] = []
    for t, a in zip(result.targets, applied.targets, strict=True):
        facts = by_target.get(t.target) or AttackTarget(t.target)
        targets.append(
            replace(
                facts,
                roll=_roll(t.roll),
                attack=t.attack.total if t.attack is not None else None,
                attack_parts=t.attack.parts if t.attack is not None else (),
                defense_kind=t.defense_kind.value if t.defense_kind else None,
                defense=t.defense.total if t.defense is not None else None,
                defense_parts=t.defense.parts if t.defense is not None else (),
                hit=t.hit,
                critical=t.critical,
                automatic=t.automatic,
                combat_advantage=tuple(t.combat_advantage),
                damage=tuple(Damage.from_applied(d) for d in a.damage),
                conditions=a.conditions,
                persistent=a.persistent,
                forced_movement=tuple((f.kind.value, f.squares) for f in a.forced_movement),
                healing=tuple(Healing.from_applied(h) for h in a.healing),
                text=tuple(a.text),
            )
        )
    return Attack(
        power=result.power,
        origin=result.origin.value,
        weapon=result.weapon,
        targets=tuple(targets),
        hit_damage=_roll(result.hit_damage),
        miss_damage=_roll(result.miss_damage),
        effect_damage=_roll(result.effect_damage),
    )


def _roll(roll: DiceRoll | None) -> RollRecord | None:
    return RollRecord.from_roll(roll) if roll is not None else None


def logged_attack(engine: Engine, out: AttackOutcome, creature_id: str) -> Encounter:
    """The encounter after an attack, its log entry and the forced movement owed.

    No log entry when nothing was rolled; `owed_moves` records the pushes to place.
    """
    after, record = out.encounter, out.record
    if not isinstance(record, Attack) or not record.power:
        return after
    ids = [t.target for t in record.targets]
    after = record.logged_on(after, creature_id, ids)
    # The variants' word on a logged attack (003-10 the surprise it ends, 004-27 the cover
    # struck, 004-06/28 notes).
    after = plugins.attack_logged(engine, after, creature_id, record)
    return owed_moves.owe(after, creature_id, out.forced, engine.battlefield)


def struck_instead(
    engine: Engine,
    encounter: Encounter,
    attacker_id: str,
    power: Power,
    struck: str,
    natural: int | None,
) -> Encounter:
    """004-27 (R-128): the power as a hit, logged, on whom a miss through cover struck.

    The missed roll's natural d20 stays on record. ActionError: it cannot reach `struck` now.
    """
    dice = [natural] if natural is not None else []
    out = attack(engine, encounter, attacker_id, power, [struck], dice=dice, struck_instead=True)
    return logged_attack(engine, out, attacker_id)


def attack_step(
    engine: Engine,
    operation: str,
    text: str,
    before: Encounter,
    change: Callable[[Encounter], AttackOutcome],
    creature_id: str,
    then: Callable[[Encounter], Encounter] | None = None,
) -> Outcome:
    """An attack as one step; `then` runs after its log entry (settling offers)."""
    try:
        out = change(before)
        after = logged_attack(engine, out, creature_id)
        if then is not None:
            after = then(after)
    except (KeyError, ValueError) as exc:
        return refused_change(operation, exc, creature_id)
    result = AttackDone(
        True,
        operation,
        text=text,
        creature_id=creature_id,
        opportunity_attackers=out.provoked,
        log=logged_since(before, after),
        details={"attack": out.data, "forced": out.forced, "hits": out.hits},
        hits=out.hits,
        forced=out.forced,
    )
    return Step(after, result)
