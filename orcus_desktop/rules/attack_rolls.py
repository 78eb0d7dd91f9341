"""Attack resolution: attack rolls, hits and crits, and the damage rolled for each target.

000 "Attack Rolls", "Rolling 1 or 20", "Critical Hits", "Damage Rolls", "Areas of effect".

Pure: ``resolve_attack(attacker, power, targets, dice, ruleset) -> AttackResult``; the modifiers
come from `attack_modifiers`, and `attack_application.apply_attack` turns a result into new
creature states.

Dice are drawn in a fixed order so that typed-in physical dice and replays line up: one attack
roll per target in the order given (000 "Power Attack Rolls": "one attack roll per target"),
then the hit damage once for all targets (000 "Damage Rolls": "roll the damage once for all of
them"), then the miss damage, then the effect damage, then each critical target's extra dice
(000 "Areas of effect": "critical hit bonus damage, is rolled separately for each target").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from orcus_desktop.rules.attack_modifiers import (
    AttackContext,
    Combatant,
    attack_modifiers,
    defense_value,
    weapon_for,
)
from orcus_desktop.rules.conditions import (
    rules_for,
)
from orcus_desktop.rules.damage import (
    halve,
)
from orcus_desktop.rules.dice import roll, substitute
from orcus_desktop.rules.dice_values import DiceRoll, DiceSource, MaxSource
from orcus_desktop.rules.modifiers import Modifier, ResolvedValue, resolve
from orcus_desktop.rules.powers import DamageSpec, Outcome, Power
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.statblock import StatBlock, Weapon
from orcus_desktop.rules.terms import DamageType, Defense
from orcus_desktop.vocabulary import CreatureId, Origin


@dataclass(frozen=True, slots=True)
class TargetDamage:
    """The damage one target receives from the attack, before its resistances.

    Attributes:
        roll: The damage roll (shared by all targets, or maximized for a critical hit).
        extra: Critical hit extra dice, rolled for this target only.
        types: Damage types.
        half: Halved for a "Miss: half damage" line.
        weakened: The attacker is weakened: halved again when applied (not for persistent).
        maximized: A critical hit: maximum damage (000 "Critical Hits").
        dealt_scale: 003-38 Partially Weakened attacker: times this when applied (rounded
            down), for the reason ``dealt_reason``.
    """

    roll: DiceRoll
    extra: DiceRoll | None
    types: tuple[DamageType, ...]
    half: bool = False
    weakened: bool = False
    maximized: bool = False
    dealt_scale: float = 1.0
    dealt_reason: str = ""

    def amount(self, ruleset: Ruleset) -> int:
        """Rolled damage plus crit extras, halved for a miss; weakened is applied later."""
        total = self.roll.total + (self.extra.total if self.extra else 0)
        return halve(total, ruleset) if self.half else max(0, total)


@dataclass(frozen=True, slots=True)
class TargetAttack:
    """One target's share of an attack.

    Attributes:
        target: Who.
        roll: The attack roll (None for powers without an attack roll).
        attack: d20 + every modifier with its source.
        defense: The defense with every modifier.
        defense_kind: Which defense.
        hit: Hit, miss, or None without an attack roll.
        critical: A critical hit.
        automatic: "natural 20" or "natural 1" when that decided the hit.
        combat_advantage: Why the attacker had combat advantage (empty: it didn't).
        outcomes: The power lines that apply to this target (hit or miss, and effect).
        damage: Damage for this target, if any line deals damage.
        effect_damage: Damage from the Effect line, if any.
    """

    target: CreatureId
    roll: DiceRoll | None
    attack: ResolvedValue | None
    defense: ResolvedValue | None
    defense_kind: Defense | None
    hit: bool | None
    critical: bool
    automatic: str
    combat_advantage: tuple[str, ...]
    outcomes: tuple[Outcome, ...]
    damage: TargetDamage | None
    effect_damage: TargetDamage | None = None
    coup_de_grace: bool = False


@dataclass(frozen=True, slots=True)
class AttackResult:
    """A resolved power use against its targets.

    Attributes:
        attacker: Who attacked.
        power: The power's name.
        origin: Melee, Ranged, Near, Far or Self.
        weapon: The weapon used, if any.
        targets: One entry per target, in the order given.
        hit_damage: The hit damage roll shared by all non-critical hits.
        miss_damage: The miss damage roll, if the power has its own miss damage.
        effect_damage: The effect damage roll, if any.
    """

    attacker: CreatureId
    power: str
    origin: Origin
    weapon: str | None
    targets: tuple[TargetAttack, ...]
    hit_damage: DiceRoll | None = None
    miss_damage: DiceRoll | None = None
    effect_damage: DiceRoll | None = None


def _damage_text(
    spec: DamageSpec,
    attacker: StatBlock,
    weapon: Weapon | None,
    power: Power,
    extra: Sequence[Modifier],
) -> str:
    text = substitute(
        spec.expression,
        weapon_die=weapon.die if weapon is not None else None,
        ability_modifiers=attacker.abilities.modifiers(),
    )
    if weapon is not None and power.uses_weapon and weapon.enhancement:
        text += f" + {weapon.enhancement} [{weapon.name} enhancement]"
    for m in extra:
        number = str(m.value) if m.value >= 0 else f"({m.value})"
        text += f" + {number} [{m.source}]"
    return text


# --- resolution ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Staged:
    """One target after its attack roll, before damage is rolled."""

    target: Combatant
    ctx: AttackContext
    roll: DiceRoll | None = None
    attack: ResolvedValue | None = None
    defense: ResolvedValue | None = None
    hit: bool | None = None
    crit: bool = False
    auto: str = ""
    ca: tuple[str, ...] = ()


def resolve_attack(
    attacker: Combatant,
    power: Power,
    targets: Sequence[tuple[Combatant, AttackContext]],
    dice: DiceSource,
    ruleset: Ruleset,
    *,
    weapon: Weapon | None = None,
    damage_modifiers: Sequence[Modifier] = (),
    forced_hits: Mapping[CreatureId, bool] | None = None,
    forced_by: str = "GM",
) -> AttackResult:
    """Resolve a power against its targets.

    000 "Attack Rolls": d20 + modifiers; "equals or exceeds the target's relevant defense" hits.
    000 "Rolling 1 or 20": a natural 20 always hits and is a critical hit only if it would have
    hit anyway; a natural 1 always misses. 000 "Critical Hits": maximum damage, extra dice
    rolled. 000 "Coup de Grace": a hit is a critical hit. 000 "Weakened": the attacker's damage
    is halved (done when applied, see :func:`damage_for`).

    Args:
        attacker: The creature using the power.
        power: The power.
        targets: Each target with its attack context, in the order attack rolls are made.
        dice: Where die results come from (seeded RNG or typed-in dice).
        ruleset: The ruleset.
        weapon: The weapon used; by default the first fitting weapon of the stat block.
        damage_modifiers: Flat bonuses to the damage roll (it is rolled once for all).
        forced_hits: The GM's ruling per target (hit or miss), overriding the comparison; the
            roll stays on record and ``automatic`` says ``forced_by``. A forced hit is never
            critical unless the roll was one anyway.
        forced_by: Who forced them: "GM", or "004-27" for a miss through cover that strikes
            another.

    Powers without an attack roll (``power.attack is None``) apply only their Effect line.

    Raises:
        RulesError: A target has total cover.
        DiceError: A scripted source ran out or a damage expression is broken.
    """
    used_weapon = weapon_for(attacker.statblock, power, weapon)
    all_ids = tuple(t.id for t, _ in targets)
    staged = [
        _roll_attack(
            attacker,
            target,
            ctx,
            power,
            ruleset,
            dice,
            all_targets=all_ids,
            weapon=used_weapon,
            forced=None if forced_hits is None else forced_hits.get(target.id),
            forced_by=forced_by,
        )
        for target, ctx in targets
    ]
    rolls = _roll_damage(
        attacker.statblock,
        power,
        staged,
        dice,
        weapon=used_weapon,
        damage_modifiers=damage_modifiers,
    )
    dealing = _Dealing(
        weakened=any(
            rules_for(c, ruleset).damage_halved for c in attacker.state.active_conditions(ruleset)
        ),
        scale=_dealt_scale(attacker, ruleset),
    )
    # 000 "Damage Rolls": one roll for every target; 004-03 (004 l.61, 72): melee and ranged
    # attacks roll damage per target (the first hit uses the roll above, later hits roll anew
    # in target order).
    shared = ruleset.hooks.damage_policy.shared_roll(power.origin.value)
    first_hit = True
    results: list[TargetAttack] = []
    for e in staged:
        results.append(
            _target_attack(
                e, power, rolls, dice, reroll=not (shared or first_hit), dealing=dealing
            )
        )
        if e.hit is True and not e.crit:
            first_hit = False
    return AttackResult(
        attacker=attacker.id,
        power=power.name,
        origin=power.origin,
        weapon=used_weapon.name if used_weapon else None,
        targets=tuple(results),
        hit_damage=rolls.hit,
        miss_damage=rolls.miss if rolls.miss is not rolls.hit else None,
        effect_damage=rolls.effect,
    )


def _roll_attack(
    attacker: Combatant,
    target: Combatant,
    ctx: AttackContext,
    power: Power,
    ruleset: Ruleset,
    dice: DiceSource,
    *,
    all_targets: tuple[CreatureId, ...],
    weapon: Weapon | None,
    forced: bool | None,
    forced_by: str,
) -> _Staged:
    """One target's attack roll: hit or miss, critical or not (no roll without an attack line).

    000 "Attack Rolls", "Rolling 1 or 20", "Critical Hits"; the GM's ruling ``forced`` wins
    over the comparison (a forced miss is never critical); 000 "Coup de Grace": "If you hit,
    you score a critical hit."
    """
    spec = power.attack
    if spec is None:
        return _Staged(target, ctx)
    mods, ca = attack_modifiers(
        attacker, target, power, ctx, ruleset, all_targets=all_targets, weapon=weapon
    )
    d20 = roll("1d20", dice)
    natural = d20.natural
    attack = resolve(d20.total, "d20", mods)
    defense = defense_value(target, spec.defense, power, ctx, ruleset)
    meets = attack.total >= defense.total
    hit, auto = _hit_by_roll(natural, meets, ruleset)
    # 003-28 (003 l.345): "Melee Attacks against the character gain +10 Crit Range" (a
    # natural 10 or more crits if it hits); 000: a natural 20 only.
    floor = 20 - _crit_range_bonus(target, power, ruleset)
    crit = (
        natural is not None
        and natural >= floor
        and hit
        and (meets or (natural == 20 and not ruleset.crit_needs_hit_without_natural_20))
    )
    if forced is not None:
        hit, crit, auto = forced, crit and forced, forced_by
    if ctx.coup_de_grace and hit:
        crit = True
    return _Staged(target, ctx, d20, attack, defense, hit, crit, auto, ca)


def _hit_by_roll(natural: int | None, meets: bool, ruleset: Ruleset) -> tuple[bool, str]:
    """000 "Rolling 1 or 20": hit or miss, and "natural 1"/"natural 20" when that decided it."""
    if natural == 1 and ruleset.natural_1_misses:
        return False, "natural 1"
    if natural == 20 and ruleset.natural_20_hits:
        return True, "" if meets else "natural 20"
    return meets, ""


@dataclass(frozen=True, slots=True)
class _DamageRolls:
    """The damage rolled once for the attack: the hit text and the hit, miss, effect rolls."""

    hit_text: str | None
    hit: DiceRoll | None
    miss: DiceRoll | None
    effect: DiceRoll | None


@dataclass(frozen=True, slots=True)
class _Dealing:
    """What the attacker's conditions do to its damage: 000 "Weakened", 003-38's scale."""

    weakened: bool
    scale: tuple[float, str]


def _miss_spec(power: Power) -> DamageSpec | None:
    """The miss line's damage: its own, or the hit's for "Miss: half damage"."""
    return power.miss.damage or (power.hit.damage if power.miss.half_damage else None)


def _roll_damage(
    attacker: StatBlock,
    power: Power,
    staged: Sequence[_Staged],
    dice: DiceSource,
    *,
    weapon: Weapon | None,
    damage_modifiers: Sequence[Modifier],
) -> _DamageRolls:
    """000 "Damage Rolls": "roll the damage once for all of them": hit, then miss, then effect.

    The hit damage is rolled only if a target is hit without a critical hit, the miss damage
    only if one is missed ("Miss: half damage" halves the roll made for the hit), the effect
    damage if there is any target.
    """

    def text(spec: DamageSpec) -> str:
        return _damage_text(spec, attacker, weapon, power, damage_modifiers)

    hit_spec, miss_spec, effect_spec = power.hit.damage, _miss_spec(power), power.effect.damage
    hit_text = text(hit_spec) if hit_spec else None
    needs_hit = any(e.hit is True and not e.crit for e in staged)
    hit_roll = roll(hit_text, dice) if hit_text and needs_hit else None
    miss_roll = None
    if miss_spec is not None and any(e.hit is False for e in staged):
        if power.miss.damage is None and hit_roll is not None:
            miss_roll = hit_roll  # "Miss: half damage" halves the damage rolled for the hit.
        else:
            miss_roll = roll(text(miss_spec), dice)
    effect_roll = roll(text(effect_spec), dice) if effect_spec and staged else None
    return _DamageRolls(hit_text, hit_roll, miss_roll, effect_roll)


def _target_attack(
    e: _Staged,
    power: Power,
    rolls: _DamageRolls,
    dice: DiceSource,
    *,
    reroll: bool,
    dealing: _Dealing,
) -> TargetAttack:
    """One target's result: the lines that apply (hit or miss, and effect) and its damage.

    ``reroll``: 004-03, this hit rolls its own damage rather than the shared roll.
    """
    outcomes: list[Outcome] = []
    damage: TargetDamage | None = None
    if e.hit is True:
        outcomes.append(power.hit)
        damage = _hit_damage(e, power, rolls, dice, reroll=reroll, weakened=dealing.weakened)
    elif e.hit is False:
        outcomes.append(power.miss)
        miss_spec = _miss_spec(power)
        if miss_spec is not None and rolls.miss is not None:
            damage = TargetDamage(
                rolls.miss,
                None,
                miss_spec.types,
                half=power.miss.damage is None,
                weakened=dealing.weakened,
            )
    outcomes.append(power.effect)
    effect_spec = power.effect.damage
    effect_damage = (
        TargetDamage(rolls.effect, None, effect_spec.types, weakened=dealing.weakened)
        if rolls.effect is not None and effect_spec is not None
        else None
    )
    dealt_scale, dealt_reason = dealing.scale
    if dealt_scale < 1.0:  # 003-38 Partially Weakened: "reduced by 1/4"
        damage, effect_damage = (
            replace(d, dealt_scale=dealt_scale, dealt_reason=dealt_reason)
            if d is not None
            else None
            for d in (damage, effect_damage)
        )
    return TargetAttack(
        target=e.target.id,
        roll=e.roll,
        attack=e.attack,
        defense=e.defense,
        defense_kind=power.attack.defense if power.attack else None,
        hit=e.hit,
        critical=e.crit,
        automatic=e.auto,
        combat_advantage=e.ca,
        outcomes=tuple(o for o in outcomes if not o.empty),
        damage=damage,
        effect_damage=effect_damage,
        coup_de_grace=e.ctx.coup_de_grace,
    )


def _hit_damage(
    e: _Staged,
    power: Power,
    rolls: _DamageRolls,
    dice: DiceSource,
    *,
    reroll: bool,
    weakened: bool,
) -> TargetDamage | None:
    """A hit's damage: the shared roll (or its own, ``reroll``), or a critical hit's.

    000 "Critical Hits": maximum damage; bonus dice rolled, not maximized, for this target only
    (000 "Areas of effect").
    """
    hit_spec = power.hit.damage
    if hit_spec is None or rolls.hit_text is None:
        return None
    if e.crit:
        maxed = roll(rolls.hit_text, MaxSource())
        extra = roll(power.crit_extra, dice) if power.crit_extra else None
        return TargetDamage(maxed, extra, hit_spec.types, weakened=weakened, maximized=True)
    assert rolls.hit is not None
    own = roll(rolls.hit_text, dice) if reroll else rolls.hit
    return TargetDamage(own, None, hit_spec.types, weakened=weakened)


def _crit_range_bonus(target: Combatant, power: Power, ruleset: Ruleset) -> int:
    """How much lower on the d20 an attack crits against ``target`` (003-28 Helpless: 10)."""
    if power.origin is not Origin.MELEE:
        return 0
    bonuses = (
        rules_for(c, ruleset).melee_crit_range_bonus
        for c in target.state.active_conditions(ruleset)
    )
    return max(bonuses, default=0)


def _dealt_scale(attacker: Combatant, ruleset: Ruleset) -> tuple[float, str]:
    """003-38 Partially Weakened: the factor on the attacker's damage (1.0: none), and why."""
    scales = [
        (rules_for(c, ruleset).damage_dealt_scale, c)
        for c in attacker.state.active_conditions(ruleset)
    ]
    scale, condition = min(scales, default=(1.0, None), key=lambda pair: pair[0])
    if condition is None or scale >= 1.0:
        return 1.0, ""
    return scale, f"attacker {ruleset.condition_label(condition.value).lower()}"
