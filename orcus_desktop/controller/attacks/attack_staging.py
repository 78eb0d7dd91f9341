"""Everything about an attack that comes before the dice: the checks and each target's context.

`stage_attack` checks the targets (count, reach, range, line of effect, the area, 003's bars)
and measures each one (cover, concealment, flanking, long range, help bonuses, the variants'
adjustments) into an `AttackContext` and the log's geometry facts; `attack_resolution.attack`
rolls and applies what it staged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from orcus_desktop.controller import plugins
from orcus_desktop.controller.attacks.attack_choices import NO_CHOICES, AttackChoices
from orcus_desktop.controller.attacks.attack_powers import (
    ranges_of,
    reach_of,
    with_ability,
)
from orcus_desktop.controller.battlefield_builder import field_occupant
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.log.records import AttackTarget
from orcus_desktop.controller.outcomes import no_creature
from orcus_desktop.controller.stealth import targeting_problem
from orcus_desktop.geometry.areas import creatures_in_area, far_origin_allowed, near_burst_squares
from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.cover import space_cover
from orcus_desktop.geometry.flanking import flanked_by
from orcus_desktop.geometry.grid import Size, Space, Square, space_distance, spaces_adjacent
from orcus_desktop.geometry.sight import concealment_with_cause
from orcus_desktop.model.combat import Aid, AidKind, Combat
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.rules.attack_modifiers import AttackContext, Combatant
from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.powers import Power
from orcus_desktop.vocabulary import ConcealmentDegree, CoverDegree, CreatureId, Origin

HELP_BONUS = 2
"""000 "Help Attack" / "Help Defense": +2."""


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
        charge=charge,
        opportunity=opportunity,
        coup_de_grace=coup_de_grace,
    )
    _check_area(staging, target_ids)
    contexts: list[tuple[Combatant, AttackContext]] = []
    targets: list[AttackTarget] = []
    aids_used: list[Aid] = []
    for target_id in target_ids:
        target, ctx, facts, aids = _staged_target(staging, target_id)
        contexts.append((target, ctx))
        targets.append(facts)
        aids_used += aids
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
    charge: bool = False
    opportunity: bool = False
    coup_de_grace: bool = False


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
        return occupied_space(encounter.creature(attacker_id))  # squeezed, smaller
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
        space = occupied_space(staging.attacker_creature)
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
            occupied_space(creature),
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


def _staged_target(
    staging: _Staging, target_id: str
) -> tuple[Combatant, AttackContext, AttackTarget, tuple[Aid, ...]]:
    """One target measured: its attack context, its log facts, the help bonuses it uses.

    000 "Making an Attack": reach or range, line of effect (cover), concealment, flanking
    (docs/rulings.md R-07), Help Attack/Defense; then the variants' adjustments.

    Raises:
        ActionError: the target is gone, dead, out of reach or range, or behind total cover.
    """
    engine, encounter, field_ = staging.engine, staging.encounter, staging.field_
    power, choices = staging.power, staging.choices
    attacker_id = staging.attacker_creature.id
    target_creature = encounter.find_creature(target_id)
    if target_creature is None:
        raise ActionError(no_creature(target_id))
    if engine.rules.is_dead(encounter, target_id):
        raise ActionError(f"{target_creature.name} is dead")
    target = engine.combatant(encounter, target_id)
    # 000 "Squeeze": each measured from the space it fills now
    here, there = occupied_space(staging.attacker_creature), occupied_space(target_creature)
    distance = space_distance(here, there)
    long_range = _long_range(staging, target_creature, distance)
    target_occupant = Occupant(
        target_id,
        there,
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
    ctx = AttackContext(
        cover=cover,
        concealment=concealment,
        concealment_cause=cause,
        combat_advantage=tuple(choices.combat_advantage),
        flanking=flanking,
        long_range=long_range,
        adjacent=spaces_adjacent(here, there),
        charge=staging.charge,
        opportunity=staging.opportunity,
        coup_de_grace=staging.coup_de_grace,
        attack_modifiers=attack_mods,
        defense_modifiers=defense_mods,
        taunt_held=choices.taunt_held,
    )
    # 001-26 Strike! modifiers, 001-12..21 Shoot!/Spell! bands, 003-13 the escalation
    # die: the variants' say.
    at = plugins.AttackAt(engine, encounter, field_, attacker_id, target_id, power, choices)
    ctx = plugins.adjust_attack(at, ctx)
    facts = AttackTarget(
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
    return target, ctx, facts, aids
