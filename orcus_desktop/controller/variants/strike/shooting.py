"""001's Shoot!, Spell!, unseen and help modifiers on a staged attack (controller side).

`adjust_context` is called by `attack_staging.stage_attack` for each target once 000's
`AttackContext` is built; under a ruleset whose targeting policy (H4) plays 001 it measures the
facts (range, the target's squares moved this turn, engagement, sight both ways, helpers) and
rewrites the context with `rules.variants.strike.shoot`'s modifiers, so the attack breakdown
lists each of them.
Under every other ruleset it returns the context untouched.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from orcus_desktop.controller.attacks.held_attacks import CHARGE
from orcus_desktop.controller.battlefield_builder import creature_sees, field_occupant
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.plugins import AttackAt
from orcus_desktop.controller.variants.strike import ready_items
from orcus_desktop.geometry import seeing
from orcus_desktop.geometry.grid import space_distance
from orcus_desktop.model.combat import AidKind, TurnSight
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.attack_modifiers import AttackContext
from orcus_desktop.rules.conditions import Condition, rules_for
from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.statblock import Sense
from orcus_desktop.rules.variants.strike.shoot import (
    SHOOT_RANGE_LIMIT,
    AttackStyle,
    ShotFacts,
    attack_style,
    help_bonus,
    shot_modifiers,
    spell_ignores_cover,
    unseen_modifiers,
)
from orcus_desktop.vocabulary import ConcealmentDegree, CoverDegree

_PERCEIVING: Final = (Sense.BLINDSIGHT, Sense.TREMORSENSE)
HIDDEN = Condition.HIDDEN
"""001-15 "Hidden Condition" (001 l.308): a row of the `strike` condition set."""
CROUCHING = Condition.CROUCHING
"""001-12 crouching behind cover (001 l.146), kept as a state (docs/rulings.md R-91)."""


def plays_001(engine: Engine) -> bool:
    """Whether the ruleset's targeting policy (H4) plays 001's Shoot! and unseen bands."""
    return engine.ruleset.hooks.targeting_policy.shoot_bands


def adjust_context(at: AttackAt, ctx: AttackContext) -> AttackContext:
    """The target's context under 001 (see the module docstring); unchanged otherwise.

    The GM's cover override (docs/design.md#cover) stands as given; otherwise a target the GM
    marks crouching, or that is Crouching (the state, `strike_states.crouch`), gets one level
    more cover (001-12). A Hidden creature (001-15) is neither seen nor perceived by the other
    sides: -2 against it, +2 for its own attack (001-13; docs/rulings.md R-91).

    Raises:
        ActionError: a Shoot! beyond 15 squares (001-17 pick); a Shoot! without an area or a
            Spell! against a target the attacker cannot see (001-14 pick); a Shoot! or Spell!
            with no fitting item ready (001-34, 001 l.186; `ready_items.attack_problem`).
    """
    engine, encounter, field_, power = at.engine, at.encounter, at.field, at.power
    attacker_id, target_id, choices = at.attacker_id, at.target_id, at.choices
    if not plays_001(engine) or target_id == attacker_id:
        return ctx
    unready = ready_items.attack_problem(engine.rules, encounter, attacker_id, power)
    if unready:
        raise ActionError(unready)
    attacker_c = encounter.creature(attacker_id)
    target_c = encounter.creature(target_id)
    attacker, target = field_occupant(field_, attacker_c), field_occupant(field_, target_c)
    style = attack_style(power)
    distance = space_distance(attacker.space, target.space)
    if style is AttackStyle.SHOOT and distance > SHOOT_RANGE_LIMIT:
        raise ActionError(
            f"{target_c.name} is {distance} squares away: a Shoot! reaches 15 squares at most "
            "(001-17)"
        )
    # 001-15 pick (docs/rulings.md R-91): a Hidden creature's whereabouts are unknown to the
    # other sides - unseen and unperceived (001-02 groups "Hidden or Imperceivable").
    hidden_target = target_c.side != attacker_c.side and has(engine, encounter, target_id, HIDDEN)
    hidden_attacker = target_c.side != attacker_c.side and has(
        engine, encounter, attacker_id, HIDDEN
    )
    # The GM may rule total concealment (light, fog): then the attacker cannot see it either.
    sees = (
        not hidden_target
        and seeing.sees(field_, attacker, target)
        and (ctx.concealment is not ConcealmentDegree.TOTAL)
    )
    if not sees and style in (AttackStyle.SHOOT, AttackStyle.SPELL):
        # 001-14, 001 l.168-174: against an unseen target "You can only make a Shoot! with an
        # Area Of Effect. You cannot make a Spell! Attack."
        raise ActionError(
            f"{attacker_c.name} cannot see {target_c.name}: against an unseen target only a "
            f"Shoot! with an area of effect (001-14)"
        )
    seen = not hidden_attacker and seeing.sees(field_, target, attacker)
    combat = encounter.combat
    mover = combat.find(target_id) if combat.current == target_id else None
    allies = {c.id for c in encounter.creatures if c.side == attacker_c.side}
    in_melee = {
        other
        for other in (*combat.engaged_by(target_id), combat.engaged_with(target_id))
        if other is not None and other in allies and other != attacker_id
    }
    facts = ShotFacts(
        range_squares=distance,
        # 001-18 pick: squares moved so far in the current turn (only the mover has moved).
        target_moved=mover.moved_squares if mover is not None else 0,
        shooter_engaged_by=len(combat.engaged_by(attacker_id)),
        allies_in_engagement=len(in_melee),
        sees_target=sees,
        target_charging=_charging(encounter, target_id, attacker_id),
        seen_at_turn_start=_seen_at_turn_start(encounter, attacker_id, target_id),
    )
    extra = list(shot_modifiers(style, facts))
    cover = ctx.cover
    crouched = target_id in choices.crouching or has(engine, encounter, target_id, CROUCHING)
    if crouched and target_id not in choices.cover:
        cover = stepped_up(engine.ruleset.cover.degrees(), cover)
    if spell_ignores_cover(style, sees_target=sees) and cover is not CoverDegree.TOTAL:
        cover = CoverDegree.NONE  # 001-27, 001 l.270 "regardless of cover"
    concealment = ctx.concealment
    if not power.origin.is_area:
        # 001-13 replaces total concealment -5 (docs/rulesets.md "Concealment").
        extra += unseen_modifiers(
            sees_target=sees,
            perceives_target=sees
            or (not hidden_target and _senses(engine, encounter, attacker_id, distance)),
            seen_by_target=seen,
            perceived_by_target=seen
            or (not hidden_attacker and _senses(engine, encounter, target_id, distance)),
        )
        if not sees:
            # 001 l.160 "a Target you can't see you take a -1" is the whole penalty: it replaces
            # 000's concealment, total or the -2 a blinded attacker has next to its target
            # (docs/rulings.md R-125).
            concealment = ConcealmentDegree.NONE
    mods = _scaled_help(encounter, attacker_id, target_id, ctx.attack_modifiers)
    return replace(
        ctx,
        cover=cover,
        concealment=concealment,
        # 001-17: the range band replaces 000's long range -2.
        long_range=False,
        attack_modifiers=(*mods, *extra),
    )


def has(engine: Engine, encounter: Encounter, creature_id: str, condition: Condition) -> bool:
    """Whether the creature has the condition now (001's Hidden and Crouching states)."""
    return condition in engine.rules.conditions(encounter, creature_id)


def sees(engine: Engine, encounter: Encounter, viewer_id: str, seen_id: str) -> bool:
    """Whether `viewer_id` can see `seen_id` on the map (`geometry.seeing.sees`).

    Not blinded, no total concealment, with the viewer's senses and the map's light; where it
    stands only: whether `seen_id` is Hidden is the caller's (001-15).
    """
    field_ = engine.battlefield(encounter)
    return creature_sees(field_, encounter.creature(viewer_id), encounter.creature(seen_id))


def note_turn_sight(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    """Record whom the creature starting its turn can see (001-20, 001 l.226); only under 001.

    The snapshot replaces the last turn's; undo restores it with the turn.
    """
    if not plays_001(engine):
        return encounter
    field_ = engine.battlefield(encounter)
    viewer_c = encounter.creature(creature_id)
    viewer = field_occupant(field_, viewer_c)
    others = [c for c in encounter.creatures if c.id != creature_id]
    answers = seeing.sees_pairs(field_, [(viewer, field_occupant(field_, c)) for c in others])
    seen = frozenset(c.id for c, yes in zip(others, answers, strict=True) if yes)
    sight = TurnSight(viewer_c.id, seen)
    return encounter.with_combat(replace(encounter.combat, turn_sight=sight))


def _seen_at_turn_start(encounter: Encounter, attacker_id: str, target_id: str) -> bool:
    """001-20: False only when the attacker's own turn started with the target out of sight.

    Picks: out of the attacker's turn (or a re-entered delayed turn, or a file saved before the
    snapshot was kept) nothing is known, so no band.
    """
    combat = encounter.combat
    sight = combat.turn_sight
    if sight is None or combat.current != attacker_id or sight.viewer != attacker_id:
        return True
    return target_id in sight.seen


def stepped_up(degrees: tuple[CoverDegree, ...], degree: CoverDegree) -> CoverDegree:
    """The next level of the ruleset's cover scale (001-12, 001 l.146).

    "If a creature can Crouch it can generally improve its Cover by one Level". Picks: no cover
    stays none (nothing to crouch behind); the top level stays (total cover is no line of
    effect, which crouching does not make).
    """
    if degree not in degrees:
        return degree
    return degrees[min(degrees.index(degree) + 1, len(degrees) - 1)]


def _charging(encounter: Encounter, charger_id: str, at_id: str) -> bool:
    """001-20: the charger's charge at `at_id` is held, or was made in its current turn."""
    combat = encounter.combat
    held = combat.pending
    if held is not None and held.kind == CHARGE and held.attacker == charger_id:
        return at_id in held.targets
    if combat.current != charger_id:
        return False
    for entry in reversed(combat.log):
        if entry.round != combat.round:
            return False
        if entry.kind == "charge_move" and entry.actor == charger_id:
            return at_id in entry.targets
    return False


def _senses(engine: Engine, encounter: Encounter, creature_id: str, distance: int) -> bool:
    """Whether the creature perceives another it cannot see (001-13 pick: any sense).

    It hears (not deafened), or has blindsight or tremorsense reaching that far.
    """
    conditions = engine.rules.conditions(encounter, creature_id)
    if not any(rules_for(c, engine.ruleset).cannot_hear for c in conditions):
        return True
    sb = engine.rules.statblock(encounter.creature(creature_id))
    if sb is None:
        return False
    return any(
        s.sense in _PERCEIVING and (s.range_squares is None or s.range_squares >= distance)
        for s in sb.senses
    )


def _scaled_help(
    encounter: Encounter, attacker_id: str, target_id: str, mods: tuple[Modifier, ...]
) -> tuple[Modifier, ...]:
    """001-33, 001 l.300-302: help by the number of helpers (+1, +2 for 2-3, +3 for 4+).

    Replaces 000's +2 per Help Attack (the aids stay spent as 000's are).
    """
    helpers = [
        aid.helper
        for aid in encounter.combat.aids
        if aid.kind is AidKind.ATTACK and aid.ally == attacker_id and aid.enemy == target_id
    ]
    if not helpers:
        return mods
    kept = tuple(m for m in mods if not m.source.startswith("help attack ("))
    n = len(set(helpers))
    return (*kept, Modifier(help_bonus(helpers), f"help from {n} (001)"))
