"""Before the dice: who attacks whom, in what situation, with which modifiers and defense.

000 "Making an Attack", "Attack Rolls", "Combat Advantage", "Cover", "Concealment". The geometry
answers (cover, concealment, flanking, long range, adjacency, unseen attacker...) arrive as plain
values in an `AttackContext` per target; `attack_modifiers` and `defense_value` read the
creatures' conditions from their states and the numbers from the ruleset. The attack preview and
`attack_rolls.resolve_attack` both use them, so what the GM reads before rolling is what counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from orcus_desktop.rules.conditions import (
    rules_for,
)
from orcus_desktop.rules.modifiers import Modifier, ModifierType, ResolvedValue, resolve
from orcus_desktop.rules.powers import Power
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.statblock import UNARMED_STRIKE, StatBlock, Weapon
from orcus_desktop.rules.state import (
    CreatureState,
    RulesError,
)
from orcus_desktop.rules.terms import Defense
from orcus_desktop.vocabulary import ConcealmentDegree, CoverDegree, CreatureId, Origin


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
        concealment_cause: What gives it when light does ("dim light", "darkness"; docs/rulings.md
            R-61), named in the breakdown; "" otherwise.
        combat_advantage: Extra reasons the attacker has combat advantage (unseen attacker,
            an ally's help...); the target's conditions and flanking are added here.
        flanking: The attacker flanks the target (docs/rulings.md R-07); melee attacks only.
        long_range: The target is beyond the weapon's normal range (000 "Ranged": -2).
        adjacent: The attacker is adjacent to the target (000 "Prone": the +2 against ranged
            attacks does not apply to adjacent attackers).
        charge: The attack ends a charge (000 "Charge": +1).
        opportunity: The attack is an opportunity attack (003-19: the Opportunity Modifier).
        coup_de_grace: 000 "Coup de Grace": against a helpless adjacent opponent.
        attacker_flying: For "clumsy on ground / in air" (000 "Flying Movement").
        target_flying: Same for the target.
        attack_modifiers: Other modifiers to the attack roll (Help Attack +2, powers, items).
        defense_modifiers: Other modifiers to the target's defense (Help Defense +2...).
        damage_modifiers: Bonuses to the damage roll (flat; added to the expression).
        taunt_held: The attack did not ignore a Taunt when it was declared (003 l.395-396):
            targets changed since, or a Taunt gained since, do not make it ignore one.
    """

    cover: CoverDegree = CoverDegree.NONE
    concealment: ConcealmentDegree = ConcealmentDegree.NONE
    concealment_cause: str = ""
    combat_advantage: tuple[str, ...] = ()
    flanking: bool = False
    long_range: bool = False
    adjacent: bool = False
    charge: bool = False
    opportunity: bool = False
    coup_de_grace: bool = False
    attacker_flying: bool = False
    target_flying: bool = False
    attack_modifiers: tuple[Modifier, ...] = ()
    defense_modifiers: tuple[Modifier, ...] = ()
    damage_modifiers: tuple[Modifier, ...] = ()
    taunt_held: bool = False


def weapon_for(attacker: StatBlock, power: Power, weapon: Weapon | None = None) -> Weapon | None:
    """The weapon a power uses: the one given, else the first fitting one of the stat block.

    A melee weapon power with no melee weapon in hand strikes unarmed (000 l.507, R-120).
    """
    if weapon is not None:
        return weapon
    if not power.uses_weapon:
        return None
    wants_ranged = power.origin is Origin.RANGED
    for w in attacker.weapons:
        if w.ranged == wants_ranged:
            return w
    if not wants_ranged:
        return UNARMED_STRIKE
    return attacker.weapons[0] if attacker.weapons else None


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

    The order is the breakdown's order: the attacker's own bonuses, combat advantage, the
    situation (charge, opportunity, range), cover, concealment, the attacker's conditions, the
    mark, clumsiness, then the context's and the ruleset's extra modifiers.

    Raises:
        RulesError: The target has total cover (no line of effect: it cannot be targeted).
    """
    mods = _bonus_modifiers(attacker.statblock, power, ruleset, weapon)
    ca = _combat_advantage_sources(attacker, target, power, ctx, ruleset)
    if ca:
        # Combat advantage is a state, not a stack: +2 once whatever the number of reasons.
        # The ruleset's name for it (004-29 "battle superiority").
        mods.append(Modifier(ruleset.combat_advantage_bonus, ruleset.label("combat_advantage")))
    mods.extend(_situation_modifiers(attacker.statblock, ctx, ruleset))
    mods.extend(_cover_modifiers(target, power, ctx, ruleset))
    mods.extend(_concealment_modifiers(attacker, power, ctx, ruleset))
    mods.extend(_condition_penalties(attacker, ruleset))
    mods.extend(_marked_penalty(attacker, target, ctx, ruleset, all_targets))
    if _is_clumsy(attacker.statblock, flying=ctx.attacker_flying):
        mods.append(Modifier(ruleset.clumsy_penalty, "clumsy"))
    mods.extend(ctx.attack_modifiers)
    # The ruleset's attack modifier rules (hook H3; 000 has none beyond the list above).
    mods.extend(ruleset.hooks.attack_modifier_rules.extra(attacker, target, power, ctx, ruleset))
    return mods, ca


def _bonus_modifiers(
    sb: StatBlock, power: Power, ruleset: Ruleset, weapon: Weapon | None
) -> list[Modifier]:
    """The attacker's own bonus: the stat block's, or ability, half level and weapon; the power's.

    000 "Modifiers to the Roll", "Level Bonus", "Tags" (a proficient weapon's bonus).
    """
    spec = power.attack
    assert spec is not None
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
            mods.extend(_weapon_modifiers(weapon))
    if spec.extra:
        mods.append(Modifier(spec.extra, power.name))
    return mods


def _weapon_modifiers(weapon: Weapon) -> list[Modifier]:
    """000 "Tags": with a proficient weapon, "add its proficiency bonus"; and its enhancement."""
    mods: list[Modifier] = []
    if weapon.proficiency:
        mods.append(
            Modifier(weapon.proficiency, f"{weapon.name} proficiency", ModifierType.PROFICIENCY)
        )
    if weapon.enhancement:
        mods.append(
            Modifier(weapon.enhancement, f"{weapon.name} enhancement", ModifierType.ENHANCEMENT)
        )
    return mods


def _combat_advantage_sources(
    attacker: Combatant,
    target: Combatant,
    power: Power,
    ctx: AttackContext,
    ruleset: Ruleset,
) -> tuple[str, ...]:
    """Why the attacker has combat advantage against ``target`` (empty: it has none).

    000 "Combat Advantage": +2 when the enemy is at a disadvantage defending themselves: the
    context's reasons, the target's conditions, the attacker's (003-47 Hidden), and flanking
    (docs/rulings.md R-07: melee attacks only; 004-26: any attack, ``flanking_melee_only``).
    """
    sources = list(ctx.combat_advantage)
    attacker_conditions = attacker.state.active_conditions(ruleset)
    for condition in sorted(target.state.active_conditions(ruleset)):
        rules = rules_for(condition, ruleset)
        if rules.grants_combat_advantage or (
            rules.grants_combat_advantage_to_melee and power.origin is Origin.MELEE
        ):
            sources.append(f"target {ruleset.condition_label(condition.value).lower()}")
    for condition in sorted(attacker_conditions):
        if rules_for(condition, ruleset).advantage_when_attacking:  # 003-47 Hidden
            sources.append(f"attacker {ruleset.condition_label(condition.value).lower()}")
    cannot_flank = any(rules_for(c, ruleset).cannot_flank for c in attacker_conditions)
    melee_or_any = power.origin is Origin.MELEE or not ruleset.flanking_melee_only
    if ctx.flanking and melee_or_any and not cannot_flank:
        sources.append("flanking")
    return tuple(dict.fromkeys(sources))


def _situation_modifiers(sb: StatBlock, ctx: AttackContext, ruleset: Ruleset) -> list[Modifier]:
    """000 "Charge" (+1; 003-41: none), 003-19 the Opportunity Modifier, 000 "Ranged" range."""
    mods: list[Modifier] = []
    if ctx.charge and ruleset.charge_attack_bonus:  # 003-41: none (Hindered instead)
        mods.append(Modifier(ruleset.charge_attack_bonus, "charge"))
    # 003-19, 003 l.249 "adding your Opportunity Modifier to the Hit Roll" (none under 000;
    # docs/rulings.md R-116).
    if ctx.opportunity and ruleset.opportunity_modifier and sb.opportunity_modifier:
        mods.append(Modifier(sb.opportunity_modifier, "opportunity modifier (003-19)"))
    if ctx.long_range:
        mods.append(Modifier(ruleset.long_range_penalty, "long range"))
    return mods


def _cover_modifiers(
    target: Combatant, power: Power, ctx: AttackContext, ruleset: Ruleset
) -> list[Modifier]:
    """000 "Cover": "only the most protective degree of cover applies", on the ruleset's scale.

    Raises:
        RulesError: The target has total cover and the ruleset says it blocks targeting.
    """
    if ctx.cover is CoverDegree.TOTAL and ruleset.cover.total_blocks_targeting:
        raise RulesError(f"{target.statblock.name} has total cover and cannot be targeted")
    cover = ctx.cover
    # 003-32 (003 l.358) Prone: "Against non-melee attacks, gains Cover ... or, if already in
    # Cover, ... an additional -3": one level up the ruleset's scale.
    if power.origin is not Origin.MELEE and any(
        rules_for(c, ruleset).cover_step_vs_non_melee
        for c in target.state.active_conditions(ruleset)
    ):
        cover = _cover_step(cover, ruleset.cover.degrees())
    level = ruleset.cover.level_of(cover)  # the ruleset's scale (D3): number and name
    return [] if level is None else [Modifier(level.modifier, level.label)]


def _concealment_modifiers(
    attacker: Combatant, power: Power, ctx: AttackContext, ruleset: Ruleset
) -> list[Modifier]:
    """000 "Concealment": the penalty for the target's concealment, with what gives it.

    "Concealment penalties do not apply to Near or Far attacks" (unless the ruleset says they
    do); 003-25 (003 l.331) Dazzled: "Treats all enemies as having Concealment ... or, if
    already in Concealment, as having Superior Concealment".
    """
    if power.origin.is_area and not ruleset.concealment_applies_to_areas:
        return []
    cause = f"{ctx.concealment_cause}: " if ctx.concealment_cause else ""
    concealment = ctx.concealment
    dazzled = [
        c
        for c in attacker.state.active_conditions(ruleset)
        if rules_for(c, ruleset).sees_concealment_step
    ]
    if dazzled and concealment is not ConcealmentDegree.TOTAL:
        cause = f"attacker {ruleset.condition_label(dazzled[0].value).lower()}: "
        concealment = (
            ConcealmentDegree.CONCEALED
            if concealment is ConcealmentDegree.NONE
            else ConcealmentDegree.TOTAL
        )
    if concealment is ConcealmentDegree.CONCEALED:
        return [Modifier(ruleset.concealment_penalty, f"{cause}concealment")]
    if concealment is ConcealmentDegree.TOTAL:
        return [Modifier(ruleset.total_concealment_penalty, f"{cause}total concealment")]
    return []


def _condition_penalties(attacker: Combatant, ruleset: Ruleset) -> list[Modifier]:
    """The attacker's conditions' penalties to its attack rolls (000 "Conditions")."""
    mods: list[Modifier] = []
    for condition in sorted(attacker.state.active_conditions(ruleset)):
        penalty = rules_for(condition, ruleset).attack_penalty
        if penalty:
            mods.append(
                Modifier(penalty, f"attacker {ruleset.condition_label(condition.value).lower()}")
            )
    return mods


def _marked_penalty(
    attacker: Combatant,
    target: Combatant,
    ctx: AttackContext,
    ruleset: Ruleset,
    all_targets: Iterable[CreatureId],
) -> list[Modifier]:
    """000 "Marked": -2 "on attacks that do not include the creature that marked you".

    003-30 (003 l.391-393 "ignoring Taunts"): the roll "ignores a Taunt if it targets an enemy
    not taunting the character", unless every taunter is a target too; so the roll against a
    taunter never takes it. With one marker (000) both say the same. l.395-396: an attack that
    did not ignore the Taunt when declared never comes to (`taunt_held`, R-157).
    """
    markers, targeted = attacker.state.markers(), set(all_targets)
    if markers and not ctx.taunt_held and target.id not in markers and not markers <= targeted:
        label = ruleset.condition_label("marked").lower()
        return [Modifier(ruleset.marked_attack_penalty, label)]
    return []


def _is_clumsy(sb: StatBlock, *, flying: bool) -> bool:
    """000 "Flying Movement": clumsy creatures take -4 to attack rolls and defences."""
    return (sb.clumsy_on_ground and not flying) or (sb.clumsy_in_air and flying)


def _cover_step(cover: CoverDegree, degrees: tuple[CoverDegree, ...]) -> CoverDegree:
    """One level more cover on the scale ``degrees`` (least first); the top level stays."""
    if cover is CoverDegree.NONE and degrees:
        return degrees[0]
    if cover in degrees and degrees.index(cover) + 1 < len(degrees):
        return degrees[degrees.index(cover) + 1]
    return cover


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
            mods.append(
                Modifier(rules.defense_modifier, ruleset.condition_label(condition.value).lower())
            )
        # 000 "Prone": +2 "against ranged attacks (unless attacker is adjacent to you)".
        # (004-33 keeps it against adjacent attackers: ``prone_ranged_bonus_vs_adjacent``.)
        not_adjacent = not ctx.adjacent or ruleset.prone_ranged_bonus_vs_adjacent
        if rules.ranged_defense_bonus and power.origin is Origin.RANGED and not_adjacent:
            mods.append(
                Modifier(
                    rules.ranged_defense_bonus,
                    f"{ruleset.condition_label(condition.value).lower()} vs ranged",
                )
            )
    if _is_clumsy(sb, flying=ctx.target_flying):
        mods.append(Modifier(ruleset.clumsy_penalty, "clumsy"))
    mods.extend(ctx.defense_modifiers)
    # 004-37: the ruleset's defense names ("Defense" for AC).
    label = ruleset.defense_labels.get(defense.value, defense.label)
    return resolve(sb.defenses.get(defense), f"{sb.name} {label}", mods)
