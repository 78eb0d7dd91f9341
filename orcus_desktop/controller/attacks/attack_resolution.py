"""Attack resolution shared by every attacking action: dice, log record, the step.

`attack_staging.stage_attack` does everything before the dice (reach, range, line of effect,
areas, cover, concealment, flanking, help bonuses); `attack` rolls and applies it through the
rules engine; `attack_step` turns an attack into the step the session commits, with an
`AttackDone` result (the hits and the forced moves owed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from orcus_desktop.controller import plugins
from orcus_desktop.controller.attacks import owed_moves
from orcus_desktop.controller.attacks.attack_choices import NO_CHOICES, AttackChoices
from orcus_desktop.controller.attacks.attack_powers import takes_opportunity_attacks
from orcus_desktop.controller.attacks.attack_staging import stage_attack
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
    refused_change,
)
from orcus_desktop.controller.stealth import end_charms, reveal
from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.grid import spaces_adjacent
from orcus_desktop.geometry.seeing import sees
from orcus_desktop.model.combat import Maintained
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules.attack_application import AttackApplied, apply_attack
from orcus_desktop.rules.attack_rolls import AttackResult, resolve_attack
from orcus_desktop.rules.dice_values import DiceRoll
from orcus_desktop.rules.powers import Power
from orcus_desktop.rules.ruleset.hooks import Provocation
from orcus_desktop.rules.state import RulesError
from orcus_desktop.vocabulary import CreatureId


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
