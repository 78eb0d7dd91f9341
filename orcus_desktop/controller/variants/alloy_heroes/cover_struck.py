"""004-27 "Striking the Cover Instead of a Missed Target" (004 l.752-760), played out.

"Attack Missed due to Cover: If the attack only missed because of the cover modifier then the
cover was struck. Cover is a Character: If the cover is a character then compare the attack to
the covering character. Attack Hits Covering Character: ... he or she suffers the effects of
the attack. Attack Misses Covering Character: ... the original target is struck as he or she
dodges out of the way. Note: The covering character can choose to take the hit." `cover_strike`
decides who is struck; `strike_the_cover` notes it and lands the attack on it, in the attack's
own step (undo takes back both), or, when the covering creature dodged, keeps the hit waiting
for its choice (`Combat.cover_choices`, answered by `cover_choices.answer`); `after_attack` is
the hook the core calls once an attack is logged. The picks are docs/rulings.md R-128 and R-154.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from orcus_desktop.controller.attacks.attack_resolution import struck_instead
from orcus_desktop.controller.attacks.attack_staging import stage_attack
from orcus_desktop.controller.availability.powers import find_power
from orcus_desktop.controller.battlefield_builder import field_occupant
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.log.records import Attack, AttackTarget
from orcus_desktop.controller.log.words import defense_name
from orcus_desktop.geometry.cover_givers import cover_givers
from orcus_desktop.model.combat import CoverChoice
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.attack_modifiers import defense_value
from orcus_desktop.rules.powers import Power
from orcus_desktop.vocabulary import CreatureId

DefenseOf = Callable[[Power, str], "int | None"]
"""A creature's defense against the power, or None when the attack cannot reach it."""
Land = Callable[[Encounter, Power, str, "int | None"], Encounter]
"""The power landing on a creature as a hit (with the missed roll's natural d20), logged."""

MECHANIC = "004-27"


@dataclass(frozen=True, slots=True)
class CoverStrike:
    """What a miss only through cover does instead (004-27).

    Attributes:
        struck: who suffers the attack: the covering creature the roll hits, or the target as
            it dodges; None when the cover is a wall or an object (nothing to apply).
        note: the log's words for the GM.
        coverer: the covering creature that dodged, which may choose to take the hit instead
            (004 l.760), or None.
    """

    struck: CreatureId | None
    note: str
    coverer: CreatureId | None = None


def strike_the_cover(
    engine: Engine,
    encounter: Encounter,
    attacker_id: str,
    record: Attack,
    defense_of: DefenseOf,
    land: Land,
) -> Encounter:
    """The encounter once each miss of `record` only through cover has struck the cover.

    Each is noted for the GM, and the attack lands on whom it strikes (`cover_strike`); when
    the covering creature dodged, the hit waits for its choice instead (004 l.760, R-154).
    """
    power = find_power(engine.rules, encounter, attacker_id, record.power)
    for target in record.targets:
        strike = cover_strike(engine, encounter, attacker_id, power, target, defense_of)
        if strike is None:
            continue
        encounter = engine.rule_note(encounter, attacker_id, MECHANIC, strike.note)
        if strike.struck is None or power is None:
            continue
        natural = target.roll.to_dice_roll().natural if target.roll is not None else None
        if strike.coverer is not None:
            # 004 l.760 "The covering character can choose to take the hit": the hit waits
            # for the GM's word (R-154; `cover_choices.answer`).
            choice = CoverChoice(
                strike.coverer, target.target, CreatureId(attacker_id), power.name, natural
            )
            combat = encounter.combat
            waiting = (*combat.cover_choices, choice)
            encounter = encounter.with_combat(replace(combat, cover_choices=waiting))
            continue
        try:
            encounter = land(encounter, power, strike.struck, natural)
        except ActionError as exc:
            note = f"{engine.name(encounter, strike.struck)} cannot be struck: {exc}"
            encounter = engine.rule_note(encounter, attacker_id, MECHANIC, note)
    return encounter


def cover_strike(
    engine: Engine,
    encounter: Encounter,
    attacker_id: str,
    power: Power | None,
    target: AttackTarget,
    defense_of: DefenseOf,
) -> CoverStrike | None:
    """What a miss of `target` only through cover strikes, or None (no such miss; not 004).

    The pick of 004-27: the attack "only missed because of the cover modifier" when its total
    without that modifier meets the defense (the targeting hook, H4). The covering creature is
    the one nearest the attacker whose absence lowers the cover (`cover_givers`); against an
    area attack, or with a power the attacker no longer has, the cover is struck as an object.
    """
    level = engine.ruleset.cover.level_of(target.cover)
    if level is None or target.attack is None or target.defense is None:
        return None
    without = target.attack - level.modifier
    policy = engine.ruleset.hooks.targeting_policy
    if not policy.cover_struck(
        hit=bool(target.hit), total_without_cover=without, defense=target.defense
    ):
        return None
    name = engine.name(encounter, target.target)
    missed = f"the attack missed {name} only because of cover"
    givers = _givers(engine, encounter, attacker_id, power, target.target)
    if power is None or not givers:
        return CoverStrike(None, f"{missed}: the cover is struck")
    giver = givers[0]
    giver_name = engine.name(encounter, giver)
    defense = defense_of(power, giver)
    if defense is None:
        return CoverStrike(None, f"{missed} ({giver_name}): the attack cannot reach {giver_name}")
    label = defense_name(engine.ruleset.label, str(target.defense_kind))
    compared = f"{without} against {giver_name}'s {label} {defense}"
    if without >= defense:
        return CoverStrike(
            CreatureId(giver), f"{missed} ({giver_name}): {compared} hits; {giver_name} is struck"
        )
    return CoverStrike(
        target.target,
        f"{missed} ({giver_name}): {compared} misses; {name} is struck as {giver_name} dodges "
        f"out of the way, unless {giver_name} chooses to take the hit (004 l.760)",
        CreatureId(giver),
    )


def _givers(
    engine: Engine, encounter: Encounter, attacker_id: str, power: Power | None, target_id: str
) -> tuple[str, ...]:
    if power is None or power.origin.is_area:
        return ()
    field_ = engine.battlefield(encounter)
    attacker = field_occupant(field_, encounter.creature(attacker_id))
    target = field_occupant(field_, encounter.creature(target_id))
    return cover_givers(field_, attacker, target, engine.ruleset.cover_buckets())


def after_attack(
    engine: Engine, encounter: Encounter, attacker_id: str, record: Attack
) -> Encounter:
    """The hook: each miss of the logged attack only through cover strikes the cover.

    The attack then lands on whom it strikes, in the attack's own step.
    """

    def defense_of(power: Power, creature_id: str) -> int | None:
        if power.attack is None:
            return None
        try:
            staged = stage_attack(engine, encounter, attacker_id, power, [creature_id])
        except (ActionError, KeyError):
            return None
        combatant, ctx = staged.contexts[0]
        return defense_value(combatant, power.attack.defense, power, ctx, engine.ruleset).total

    def land(at: Encounter, power: Power, struck: str, natural: int | None) -> Encounter:
        return struck_instead(engine, at, attacker_id, power, struck, natural)

    return strike_the_cover(engine, encounter, attacker_id, record, defense_of, land)
