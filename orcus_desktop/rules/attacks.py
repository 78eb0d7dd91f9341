"""Attack resolution: attack rolls, combat advantage, cover, concealment, hits and crits.

000 "Making an Attack", "Attack Rolls", "Combat Advantage", "Rolling 1 or 20", "Cover",
"Concealment", "Critical Hits", "Areas of effect".

Pure: ``resolve_attack(attacker, power, targets, dice, ruleset) -> AttackResult``. The geometry
answers (cover, concealment, flanking, long range, adjacency, unseen attacker...) arrive as plain
values in an :class:`AttackContext` per target; the attack reads the creatures' conditions from
their states. :func:`apply_attack` then turns a result into new creature states.

Dice are drawn in a fixed order so that typed-in physical dice and replays line up: one attack
roll per target in the order given (000 "Power Attack Rolls": "one attack roll per target"),
then the hit damage once for all targets (000 "Damage Rolls": "roll the damage once for all of
them"), then the miss damage, then the effect damage, then each critical target's extra dice
(000 "Areas of effect": "critical hit bonus damage, is rolled separately for each target").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.conditions import (
    ConditionInstance,
    PersistentDamage,
    rules_for,
)
from orcus_desktop.rules.damage import (
    DamageApplied,
    DamageComputation,
    apply_damage,
    damage_against,
    halve,
)
from orcus_desktop.rules.dice import DiceRoll, DiceSource, MaxSource, roll, substitute
from orcus_desktop.rules.durations import Duration, DurationKind
from orcus_desktop.rules.healing import (
    HealingApplied,
    TempHpGranted,
    grant_temp_hp,
    spend_recovery,
)
from orcus_desktop.rules.modifiers import Modifier, ModifierType, ResolvedValue, resolve
from orcus_desktop.rules.powers import DamageSpec, ForcedMovementSpec, Outcome, Power
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.statblock import StatBlock, Weapon
from orcus_desktop.rules.state import (
    CreatureState,
    RulesError,
    add_persistent_damage,
    impose_condition,
)
from orcus_desktop.rules.terms import DamageType, Defense
from orcus_desktop.vocabulary import ConcealmentDegree, CoverDegree, CreatureId, Origin

_COVER_LEVEL = {CoverDegree.HALF: 1, CoverDegree.THREE_QUARTERS: 2}
"""Which level of the ruleset's cover scale (``Ruleset.cover``) each degree is."""


@dataclass(frozen=True, slots=True)
class Combatant:
    """A creature as the rules see it: id, stat block and current state."""

    id: CreatureId
    statblock: StatBlock
    state: CreatureState


@dataclass(frozen=True, slots=True)
class AttackContext:
    """The situation of one attack against one target, computed elsewhere (geometry, GM).

    Attributes:
        cover: The target's cover from the attacker (docs/rulings.md R-14); GM-overridable.
        concealment: The target's concealment (docs/rulings.md R-16).
        combat_advantage: Extra reasons the attacker has combat advantage (unseen attacker,
            an ally's help...); the target's conditions and flanking are added here.
        flanking: The attacker flanks the target (docs/rulings.md R-07); melee attacks only.
        long_range: The target is beyond the weapon's normal range (000 "Ranged": -2).
        adjacent: The attacker is adjacent to the target (000 "Prone": the +2 against ranged
            attacks does not apply to adjacent attackers).
        charge: The attack ends a charge (000 "Charge": +1).
        coup_de_grace: 000 "Coup de Grace": against a helpless adjacent opponent.
        attacker_flying: For "clumsy on ground / in air" (000 "Flying Movement").
        target_flying: Same for the target.
        attack_modifiers: Other modifiers to the attack roll (Help Attack +2, powers, items).
        defense_modifiers: Other modifiers to the target's defense (Help Defense +2...).
        damage_modifiers: Bonuses to the damage roll (flat; added to the expression).
    """

    cover: CoverDegree = CoverDegree.NONE
    concealment: ConcealmentDegree = ConcealmentDegree.NONE
    combat_advantage: tuple[str, ...] = ()
    flanking: bool = False
    long_range: bool = False
    adjacent: bool = False
    charge: bool = False
    coup_de_grace: bool = False
    attacker_flying: bool = False
    target_flying: bool = False
    attack_modifiers: tuple[Modifier, ...] = ()
    defense_modifiers: tuple[Modifier, ...] = ()
    damage_modifiers: tuple[Modifier, ...] = ()


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
    """

    roll: DiceRoll
    extra: DiceRoll | None
    types: tuple[DamageType, ...]
    half: bool = False
    weakened: bool = False
    maximized: bool = False

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


# --- pieces ----------------------------------------------------------------------------------


def weapon_for(attacker: StatBlock, power: Power, weapon: Weapon | None = None) -> Weapon | None:
    """The weapon a power uses: the one given, else the first fitting one of the stat block."""
    if weapon is not None:
        return weapon
    if not power.uses_weapon or not attacker.weapons:
        return None
    wants_ranged = power.origin is Origin.RANGED
    for w in attacker.weapons:
        if w.ranged == wants_ranged:
            return w
    return attacker.weapons[0]


def attack_modifiers(
    attacker: Combatant,
    target: Combatant,
    power: Power,
    ctx: AttackContext,
    ruleset: Ruleset,
    *,
    all_targets: Iterable[CreatureId],
    weapon: Weapon | None,
) -> tuple[list[Modifier], tuple[str, ...]]:
    """Every modifier to the attack roll, and the combat advantage sources.

    Raises:
        RulesError: The target has total cover (no line of effect: it cannot be targeted).
    """
    spec = power.attack
    assert spec is not None
    sb = attacker.statblock
    mods: list[Modifier] = []
    if spec.bonus is not None:
        # 000 "Modifiers to the Roll": a monster "uses whatever modifier is provided in its
        # stat block".
        mods.append(Modifier(spec.bonus, "stat block attack bonus"))
    else:
        assert spec.ability is not None
        mods.append(
            Modifier(sb.abilities.modifier(spec.ability), spec.ability.label, ModifierType.ABILITY)
        )
        # 000 "Level Bonus": half level applies to attack rolls.
        mods.append(Modifier(sb.level_bonus(ruleset), "half level", ModifierType.LEVEL))
        if weapon is not None and power.uses_weapon:
            # 000 "Tags": with a proficient weapon, "add its proficiency bonus".
            if weapon.proficiency:
                mods.append(
                    Modifier(
                        weapon.proficiency, f"{weapon.name} proficiency", ModifierType.PROFICIENCY
                    )
                )
            if weapon.enhancement:
                mods.append(
                    Modifier(
                        weapon.enhancement, f"{weapon.name} enhancement", ModifierType.ENHANCEMENT
                    )
                )
    if spec.extra:
        mods.append(Modifier(spec.extra, power.name))

    # 000 "Combat Advantage": +2 when the enemy is at a disadvantage defending themselves.
    ca_sources = list(ctx.combat_advantage)
    attacker_conditions = attacker.state.active_conditions(ruleset)
    for condition in sorted(target.state.active_conditions(ruleset)):
        rules = rules_for(condition, ruleset)
        if rules.grants_combat_advantage or (
            rules.grants_combat_advantage_to_melee and power.origin is Origin.MELEE
        ):
            ca_sources.append(f"target {condition.label.lower()}")
    cannot_flank = any(rules_for(c, ruleset).cannot_flank for c in attacker_conditions)
    # docs/rulings.md R-07: melee attacks only (004-26: any attack, ``flanking_melee_only``).
    melee_or_any = power.origin is Origin.MELEE or not ruleset.flanking_melee_only
    if ctx.flanking and melee_or_any and not cannot_flank:
        ca_sources.append("flanking")
    ca = tuple(dict.fromkeys(ca_sources))
    if ca:
        # Combat advantage is a state, not a stack: +2 once whatever the number of reasons.
        mods.append(Modifier(ruleset.combat_advantage_bonus, "combat advantage"))
    if ctx.charge:
        mods.append(Modifier(ruleset.charge_attack_bonus, "charge"))
    if ctx.long_range:
        mods.append(Modifier(ruleset.long_range_penalty, "long range"))
    # 000 "Cover": "only the most protective degree of cover applies".
    if ctx.cover is CoverDegree.TOTAL and ruleset.cover.total_blocks_targeting:
        raise RulesError(f"{target.statblock.name} has total cover and cannot be targeted")
    if ctx.cover in _COVER_LEVEL:  # the ruleset's cover scale (D3) gives number and name
        level = ruleset.cover.level(_COVER_LEVEL[ctx.cover])
        mods.append(Modifier(level.modifier, level.label))
    # 000 "Concealment": "Concealment penalties do not apply to Near or Far attacks."
    if not power.origin.is_area or ruleset.concealment_applies_to_areas:
        if ctx.concealment is ConcealmentDegree.CONCEALED:
            mods.append(Modifier(ruleset.concealment_penalty, "concealment"))
        elif ctx.concealment is ConcealmentDegree.TOTAL:
            mods.append(Modifier(ruleset.total_concealment_penalty, "total concealment"))
    for condition in sorted(attacker_conditions):
        penalty = rules_for(condition, ruleset).attack_penalty
        if penalty:
            mods.append(Modifier(penalty, f"attacker {condition.label.lower()}"))
    # 000 "Marked": -2 "on attacks that do not include the creature that marked you".
    marker = attacker.state.marked_by()
    if marker is not None and marker not in set(all_targets):
        mods.append(Modifier(ruleset.marked_attack_penalty, "marked"))
    # 000 "Flying Movement": clumsy creatures take -4 to attack rolls and defences.
    if (sb.clumsy_on_ground and not ctx.attacker_flying) or (
        sb.clumsy_in_air and ctx.attacker_flying
    ):
        mods.append(Modifier(ruleset.clumsy_penalty, "clumsy"))
    mods.extend(ctx.attack_modifiers)
    # The ruleset's attack modifier rules (hook H3; 000 has none beyond the list above).
    mods.extend(ruleset.hooks.attack_modifier_rules.extra(attacker, target, power, ctx, ruleset))
    return mods, ca


def defense_value(
    target: Combatant,
    defense: Defense,
    power: Power,
    ctx: AttackContext,
    ruleset: Ruleset,
) -> ResolvedValue:
    """The target's defense against this attack, with its modifiers."""
    sb = target.statblock
    mods: list[Modifier] = []
    for condition in sorted(target.state.active_conditions(ruleset)):
        rules = rules_for(condition, ruleset)
        if rules.defense_modifier:
            mods.append(Modifier(rules.defense_modifier, condition.label.lower()))
        # 000 "Prone": +2 "against ranged attacks (unless attacker is adjacent to you)".
        # (004-33 keeps it against adjacent attackers: ``prone_ranged_bonus_vs_adjacent``.)
        not_adjacent = not ctx.adjacent or ruleset.prone_ranged_bonus_vs_adjacent
        if rules.ranged_defense_bonus and power.origin is Origin.RANGED and not_adjacent:
            mods.append(
                Modifier(rules.ranged_defense_bonus, f"{condition.label.lower()} vs ranged")
            )
    if (sb.clumsy_on_ground and not ctx.target_flying) or (sb.clumsy_in_air and ctx.target_flying):
        mods.append(Modifier(ruleset.clumsy_penalty, "clumsy"))
    mods.extend(ctx.defense_modifiers)
    return resolve(sb.defenses.get(defense), f"{sb.name} {defense.label}", mods)


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
            roll stays on record and ``automatic`` says "GM". A forced hit is never critical
            unless the roll was one anyway.

    Powers without an attack roll (``power.attack is None``) apply only their Effect line.

    Raises:
        RulesError: A target has total cover.
        DiceError: A scripted source ran out or a damage expression is broken.
    """
    used_weapon = weapon_for(attacker.statblock, power, weapon)
    all_ids = tuple(t.id for t, _ in targets)
    weakened = any(
        rules_for(c, ruleset).damage_halved for c in attacker.state.active_conditions(ruleset)
    )
    spec = power.attack

    staged: list[_Staged] = []
    for target, ctx in targets:
        if spec is None:
            staged.append(_Staged(target, ctx))
            continue
        mods, ca = attack_modifiers(
            attacker, target, power, ctx, ruleset, all_targets=all_ids, weapon=used_weapon
        )
        d20 = roll("1d20", dice)
        natural = d20.natural
        attack = resolve(d20.total, "d20", mods)
        defense = defense_value(target, spec.defense, power, ctx, ruleset)
        meets = attack.total >= defense.total
        auto = ""
        if natural == 1 and ruleset.natural_1_misses:
            hit, auto = False, "natural 1"
        elif natural == 20 and ruleset.natural_20_hits:
            hit = True
            auto = "" if meets else "natural 20"
        else:
            hit = meets
        crit = natural == 20 and hit and (meets or not ruleset.crit_needs_hit_without_natural_20)
        if forced_hits is not None and target.id in forced_hits:
            hit = forced_hits[target.id]
            crit = crit and hit
            auto = "GM"
        if ctx.coup_de_grace and hit:
            crit = True  # 000 "Coup de Grace": "If you hit, you score a critical hit."
        staged.append(_Staged(target, ctx, d20, attack, defense, hit, crit, auto, ca))

    def needs(kind: str) -> bool:
        for e in staged:
            if kind == "hit" and e.hit is True and not e.crit:
                return True
            if kind == "miss" and e.hit is False:
                return True
        return False

    hit_spec = power.hit.damage
    miss_spec = power.miss.damage or (power.hit.damage if power.miss.half_damage else None)
    hit_text = (
        _damage_text(hit_spec, attacker.statblock, used_weapon, power, damage_modifiers)
        if hit_spec
        else None
    )
    hit_roll = roll(hit_text, dice) if hit_text and needs("hit") else None
    miss_roll = None
    if miss_spec is not None and needs("miss"):
        if power.miss.damage is None and hit_roll is not None:
            miss_roll = hit_roll  # "Miss: half damage" halves the damage rolled for the hit.
        else:
            miss_roll = roll(
                _damage_text(miss_spec, attacker.statblock, used_weapon, power, damage_modifiers),
                dice,
            )
    effect_spec = power.effect.damage
    effect_roll = (
        roll(
            _damage_text(effect_spec, attacker.statblock, used_weapon, power, damage_modifiers),
            dice,
        )
        if effect_spec and staged
        else None
    )

    results: list[TargetAttack] = []
    for e in staged:
        target, ctx, crit = e.target, e.ctx, e.crit
        outcomes: list[Outcome] = []
        damage: TargetDamage | None = None
        if e.hit is True:
            outcomes.append(power.hit)
            if hit_spec is not None and hit_text is not None:
                if crit:
                    # 000 "Critical Hits": maximum damage; bonus dice rolled, not maximized.
                    maxed = roll(hit_text, MaxSource())
                    extra = roll(power.crit_extra, dice) if power.crit_extra else None
                    damage = TargetDamage(
                        maxed, extra, hit_spec.types, weakened=weakened, maximized=True
                    )
                else:
                    assert hit_roll is not None
                    damage = TargetDamage(hit_roll, None, hit_spec.types, weakened=weakened)
        elif e.hit is False:
            outcomes.append(power.miss)
            if miss_spec is not None and miss_roll is not None:
                damage = TargetDamage(
                    miss_roll,
                    None,
                    miss_spec.types,
                    half=power.miss.damage is None,
                    weakened=weakened,
                )
        outcomes.append(power.effect)
        effect_damage = (
            TargetDamage(effect_roll, None, effect_spec.types, weakened=weakened)
            if effect_roll is not None and effect_spec is not None
            else None
        )
        results.append(
            TargetAttack(
                target=target.id,
                roll=e.roll,
                attack=e.attack,
                defense=e.defense,
                defense_kind=spec.defense if spec else None,
                hit=e.hit,
                critical=crit,
                automatic=e.auto,
                combat_advantage=e.ca,
                outcomes=tuple(o for o in outcomes if not o.empty),
                damage=damage,
                effect_damage=effect_damage,
                coup_de_grace=ctx.coup_de_grace,
            )
        )
    return AttackResult(
        attacker=attacker.id,
        power=power.name,
        origin=power.origin,
        weapon=used_weapon.name if used_weapon else None,
        targets=tuple(results),
        hit_damage=hit_roll,
        miss_damage=miss_roll if miss_roll is not hit_roll else None,
        effect_damage=effect_roll,
    )


# --- application -----------------------------------------------------------------------------


def damage_for(
    damage: TargetDamage, target: Combatant, ruleset: Ruleset, *, override: int | None = None
) -> DamageComputation:
    """The damage computation for one target (weakened halving, resistances, vulnerability)."""
    computation = damage_against(
        damage.amount(ruleset),
        damage.types,
        target.statblock,
        target.state,
        ruleset,
        halved=damage.weakened,
    )
    return computation if override is None else computation.overridden(override)


@dataclass(frozen=True, slots=True)
class TargetApplied:
    """What applying an attack did to one target."""

    target: CreatureId
    damage: tuple[DamageApplied, ...] = ()
    conditions: tuple[ConditionInstance, ...] = ()
    persistent: tuple[PersistentDamage, ...] = ()
    forced_movement: tuple[ForcedMovementSpec, ...] = ()
    temp_hp: tuple[TempHpGranted, ...] = ()
    healing: tuple[HealingApplied, ...] = ()
    text: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AttackApplied:
    """The result of :func:`apply_attack`: per target, what changed."""

    attack: AttackResult
    targets: tuple[TargetApplied, ...]


def apply_attack(
    result: AttackResult,
    combatants: Mapping[CreatureId, Combatant],
    ruleset: Ruleset,
    *,
    current_turn: CreatureId | None = None,
    knock_out: Iterable[CreatureId] = (),
    damage_overrides: Mapping[CreatureId, int] | None = None,
) -> tuple[dict[CreatureId, CreatureState], AttackApplied]:
    """Apply a resolved attack to the targets' states.

    Damage first (per target: its resistances), then conditions and persistent damage of the
    lines that apply (durations keyed to the attacker are "the user's"), then temporary HP and
    recoveries; forced movement is returned for the geometry layer. A target already dead gets
    nothing more.

    Args:
        result: From :func:`resolve_attack`.
        combatants: At least every target, by id (the attacker for "user" durations).
        ruleset: The ruleset.
        current_turn: Whose turn it is, for "next turn" durations.
        knock_out: Targets the attacker chooses to knock out rather than kill.
        damage_overrides: GM-imposed damage per target (recorded in the computation).

    Returns:
        The new states of the targets (only those changed) and what happened.
    """
    knock = frozenset(knock_out)
    overrides = damage_overrides or {}
    new_states: dict[CreatureId, CreatureState] = {}
    applied: list[TargetApplied] = []
    source = result.power
    for t in result.targets:
        combatant = combatants[t.target]
        state = new_states.get(t.target, combatant.state)
        damages: list[DamageApplied] = []
        for dmg in (t.damage, t.effect_damage):
            if dmg is None:
                continue
            current = replace(combatant, state=state)
            computation = damage_for(dmg, current, ruleset, override=overrides.get(t.target))
            state, done = apply_damage(
                state,
                combatant.statblock,
                computation,
                ruleset,
                target=t.target,
                source=source,
                knock_out=t.target in knock,
                coup_de_grace=t.coup_de_grace and t.critical,
            )
            damages.append(done)
        conditions: list[ConditionInstance] = []
        persistent: list[PersistentDamage] = []
        forced: list[ForcedMovementSpec] = []
        temps: list[TempHpGranted] = []
        heals: list[HealingApplied] = []
        texts: list[str] = []
        for outcome in t.outcomes:
            if outcome.text:
                texts.append(outcome.text)
            if state.dead:
                continue
            for spec in outcome.conditions:
                state, insts = impose_condition(
                    state,
                    spec.condition,
                    ruleset,
                    holder=t.target,
                    source=f"{source}",
                    duration=_duration(spec.duration, result.attacker),
                    source_id=result.attacker,
                    current_turn=current_turn,
                )
                conditions.extend(insts)
            for p in outcome.persistent:
                state, pinst = add_persistent_damage(
                    state,
                    p.amount,
                    p.types,
                    holder=t.target,
                    source=source,
                    duration=_duration(p.duration, result.attacker),
                    source_id=result.attacker,
                    current_turn=current_turn,
                )
                persistent.append(pinst)
            if outcome.forced_movement is not None:
                forced.append(outcome.forced_movement)
            if outcome.temp_hp:
                state, granted = grant_temp_hp(
                    state, outcome.temp_hp, target=t.target, source=source
                )
                temps.append(granted)
            if outcome.healing_recovery:
                try:
                    state, healed = spend_recovery(
                        state, combatant.statblock, ruleset, target=t.target, source=source
                    )
                    heals.append(healed)
                except RulesError:
                    texts.append("no recovery left to spend")
        new_states[t.target] = state
        applied.append(
            TargetApplied(
                t.target,
                tuple(damages),
                tuple(conditions),
                tuple(persistent),
                tuple(forced),
                tuple(temps),
                tuple(heals),
                tuple(texts),
            )
        )
    return new_states, AttackApplied(result, tuple(applied))


def _duration(kind: DurationKind, attacker: CreatureId) -> Duration:
    return Duration(kind, attacker if kind.follows_user else None)


def ability_for_basic(weapon: Weapon) -> Ability:
    """The basic attack ability for a weapon (000 "Modifiers to the Roll").

    Strength for melee; Dexterity for ranged, except heavy thrown weapons (Strength).
    """
    if weapon.ranged and not weapon.heavy_thrown:
        return Ability.DEXTERITY
    return Ability.STRENGTH
