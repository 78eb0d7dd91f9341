"""Numbers the side panel shows before anything is rolled, each explained.

Current defenses, effective speed and an attack preview ("needs 12 on the d20"), computed from
the stat block, the combat state and the ruleset, so the panel never does rules arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

from orcus_desktop.rules.attack_modifiers import (
    AttackContext,
    Combatant,
    attack_modifiers,
    defense_value,
    weapon_for,
)
from orcus_desktop.rules.conditions import Condition, MovementLimit, rules_for
from orcus_desktop.rules.modifiers import Modifier, ResolvedValue, resolve
from orcus_desktop.rules.powers import Power
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.statblock import MovementMode, StatBlock, Weapon
from orcus_desktop.rules.state import CreatureState
from orcus_desktop.rules.terms import Defense
from orcus_desktop.vocabulary import slowed_speed


def current_defenses(
    statblock: StatBlock, state: CreatureState, ruleset: Ruleset
) -> dict[Defense, ResolvedValue]:
    """Each defense with the attack-independent modifiers of the creature's conditions.

    Unconscious -5, Total Defense +2, Rally +2 (000); attack-dependent ones (prone against
    ranged attacks, clumsy) appear in :func:`attack_preview`.
    """
    out: dict[Defense, ResolvedValue] = {}
    for defense in Defense:
        mods = [
            Modifier(rules_for(c, ruleset).defense_modifier, c.label.lower())
            for c in sorted(state.active_conditions(ruleset))
            if rules_for(c, ruleset).defense_modifier
        ]
        out[defense] = resolve(statblock.defenses.get(defense), "stat block", mods)
    return out


def movement_limit(state: CreatureState, ruleset: Ruleset) -> MovementLimit:
    """The most restrictive movement limit among the creature's conditions."""
    limits = [rules_for(c, ruleset).movement for c in state.active_conditions(ruleset)]
    return max(limits, key=lambda m: m.rank, default=MovementLimit.NORMAL)


def effective_speed(
    statblock: StatBlock,
    state: CreatureState,
    ruleset: Ruleset,
    mode: MovementMode = MovementMode.WALK,
) -> ResolvedValue:
    """The speed for a movement mode under the creature's conditions.

    000 "Slowed": "reduced to 2 and can't be increased". 000 "Immobile"/"Restrained"/"Stunned":
    no (willing) movement: 0. 000 "Prone": only Crawl (half speed, docs/rulings.md R-08) - the
    speed shown is the crawl distance.
    """
    base = next((s.squares for s in statblock.speeds if s.mode is mode), 0)
    limit = movement_limit(state, ruleset)
    if limit in (MovementLimit.NO_MOVE, MovementLimit.NO_WILLING_MOVE):
        return resolve(base, f"{mode.value} speed").overridden(0)
    value = resolve(base, f"{mode.value} speed")
    if limit is MovementLimit.CRAWL_ONLY:
        value = value.overridden(base // 2)
    if any(
        rules_for(c, ruleset).movement is MovementLimit.SPEED_2
        for c in state.active_conditions(ruleset)
    ):
        value = value.overridden(slowed_speed(value.total))
    elif Condition.SLOWED in state.active_conditions(ruleset) and (
        ruleset.hooks.movement_policy.slowed_doubles_cost
    ):
        # 003-35 (003 l.365): "For each square moved, must spend an additional square of
        # movement": the squares it walks on open ground, as the move tool offers them.
        value = value.overridden(value.total // 2)
    return value


@dataclass(frozen=True, slots=True)
class AttackPreview:
    """What an attack needs before it is rolled.

    Attributes:
        bonus: Every modifier to the d20 (base 0).
        defense: The target's defense against it.
        needed: The natural roll needed to hit (2..20; 20 means only a natural 20 hits).
        combat_advantage: Why the attacker has combat advantage.
    """

    bonus: ResolvedValue
    defense: ResolvedValue
    needed: int
    combat_advantage: tuple[str, ...]


def attack_preview(
    attacker: Combatant,
    power: Power,
    target: Combatant,
    ctx: AttackContext,
    ruleset: Ruleset,
    *,
    all_targets: tuple[Combatant, ...] = (),
    weapon: Weapon | None = None,
) -> AttackPreview:
    """The attack bonus, the defense and the natural roll needed, without rolling.

    Raises:
        ValueError: The power has no attack roll.
        RulesError: The target has total cover.
    """
    if power.attack is None:
        raise ValueError(f"{power.name} has no attack roll")
    used = weapon_for(attacker.statblock, power, weapon)
    ids = tuple(t.id for t in (all_targets or (target,)))
    mods, ca = attack_modifiers(
        attacker, target, power, ctx, ruleset, all_targets=ids, weapon=used
    )
    bonus = resolve(0, "attack bonus", mods)
    defense = defense_value(target, power.attack.defense, power, ctx, ruleset)
    needed = defense.total - bonus.total
    # 000 "Rolling 1 or 20": a 1 always misses, a 20 always hits.
    needed = min(max(needed, 2), 20)
    return AttackPreview(bonus, defense, needed, ca)
