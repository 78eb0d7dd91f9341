"""Every condition of 000 "Appendix: Conditions" as data, and condition/persistent instances.

000 "Conditions": "If multiple effects impose the same condition on a creature, each instance of
the condition has its own duration, but the condition's effects don't get worse. A creature
either has a condition or doesn't." So the effects below are looked up per *condition*, while the
creature state keeps one :class:`ConditionInstance` per imposing effect.

Four entries are not conditions in 000 but action states with the same shape (a duration and
mechanical effects): Total Defense, Rally, Dash and Squeeze (000 "Actions in Combat"). Invisible
is not one either: the effect a spell gives, tracked as a condition the GM imposes
(docs/rulings.md R-115).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any, Final

from orcus_desktop.rules.durations import Duration
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.terms import DamageType, parse_enum
from orcus_desktop.rules.validation import as_int, as_list, as_map, as_opt_id, as_str
from orcus_desktop.vocabulary import CreatureId, RankedStrEnum


class Condition(StrEnum):
    """A condition of 000's appendix, or one of four action states (see module docstring)."""

    BLINDED = "blinded"
    CONTROLLED = "controlled"
    DAZED = "dazed"
    DEAFENED = "deafened"
    DYING = "dying"
    GRAPPLED = "grappled"
    HELPLESS = "helpless"
    IMMOBILE = "immobile"
    MARKED = "marked"
    PETRIFIED = "petrified"
    PRONE = "prone"
    RESTRAINED = "restrained"
    SLOWED = "slowed"
    STUNNED = "stunned"
    SURPRISED = "surprised"
    UNCONSCIOUS = "unconscious"
    WEAKENED = "weakened"
    # Action states (000 "Actions in Combat"), tracked like conditions for their durations.
    TOTAL_DEFENSE = "total_defense"
    RALLIED = "rallied"
    DASHING = "dashing"
    SQUEEZING = "squeezing"
    # 003 "5.8 Status Effects" (003-22..38, 003-47, 003-48): conditions 000 does not have.
    # Effectless here; the 003 condition set (rules/variants/square_fireballs/status.py) gives
    # them their rows, and only a ruleset with a row for one offers it (``offered_conditions``).
    CHARMED = "charmed"
    DAZZLED = "dazzled"
    FLANKED = "flanked"
    HINDERED = "hindered"
    SHOCKED = "shocked"
    PARTIALLY_WEAKENED = "partially_weakened"
    SHROUDED = "shrouded"
    HIDDEN = "hidden"
    SWALLOWED = "swallowed"
    EXILED = "exiled"
    # 001-12 (001 l.146): crouching behind cover, a state of 001's condition set.
    CROUCHING = "crouching"
    # 000 "Concealment": "An invisible target also has total concealment".
    INVISIBLE = "invisible"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").capitalize()


class ActionLimit(StrEnum):
    """What a condition leaves of a creature's turn."""

    NORMAL = "normal"
    SINGLE_ACTION = "single_action"
    """000 Dazed: one standard action (convertible to move or swift) plus free actions."""
    SINGLE_STANDARD = "single_standard"
    """000 Surprised: a single standard action, no free actions."""
    NONE = "none"
    """000 Petrified/Stunned/Unconscious: no actions."""


class MovementLimit(RankedStrEnum):
    """What a condition leaves of a creature's movement, least to most restrictive (``rank``)."""

    NORMAL = "normal"
    SPEED_2 = "speed_2"
    """000 Slowed: speed 2 for any movement but teleportation."""
    CRAWL_ONLY = "crawl_only"
    """000 Prone: the only movement option is to Crawl (or stand up)."""
    NO_WILLING_MOVE = "no_willing_move"
    """000 Immobile: cannot willingly move into another square (docs/rulings.md R-06 too)."""
    NO_MOVE = "no_move"
    """000 Restrained/Stunned/Petrified: cannot move at all."""


@dataclass(frozen=True, slots=True)
class ConditionRules:
    """The mechanical effects of one condition under a ruleset.

    Attributes:
        condition: Which condition.
        in_000: False for the action states and the conditions only a variant has (003's).
        grants_combat_advantage: "Attack rolls against you have combat advantage."
        grants_combat_advantage_to_melee: Prone: only melee attack rolls have it.
        cannot_flank: "Cannot flank."
        attack_penalty: To the creature's own attack rolls (untyped).
        defense_modifier: To all four defenses (untyped).
        ranged_defense_bonus: Prone: to all defenses against ranged attacks from non-adjacent
            attackers.
        actions: What is left of the creature's turn.
        no_immediate_actions: Can't take immediate actions (opportunity attacks use one).
        no_free_actions: Can't take free actions.
        cannot_attack: 003-36 Stunned: "Cannot attack" (it may still act).
        movement: What is left of its movement.
        can_be_moved: False when even unwilling movement cannot move it (Restrained).
        implies: Other conditions the creature also has (Controlled -> Dazed,
            Dying -> Unconscious).
        imposes: Conditions the creature also gets, as instances of their own, when it gets
            this one; unlike ``implies`` they outlast it (Unconscious -> Prone).
        resist_all: Resistance to all damage (Petrified).
        perception_penalty: To Perception checks.
        cannot_see: Blinded: cannot see (the geometry layer turns that into concealment).
        cannot_hear: Deafened.
        damage_halved: Weakened: the damage of its attacks is halved, except persistent.
        damage_dealt_scale: 003-38 Partially Weakened: the damage of its attacks times this
            (rounded down; Weakened's halving is ``damage_halved``).
        healing_received_scale: 003-38: the healing it receives times this (rounded down).
        melee_crit_range_bonus: 003-28 Helpless: melee attacks against it crit this much
            lower on the d20 (+10: a natural 10).
        untargetable_by: 003-47: attack kinds that cannot target it: origins ("melee",
            "ranged", "near", "far"), "reaction" attacks, "charge".
        area_only_with_others: 003-47 Hidden: a near or far power targets it only together
            with a creature that does not have this.
        cannot_attack_source: 003-23 Charmed: cannot attack the creature that imposed it.
        reaches_only_source: 003-48 Swallowed: line of effect only to and from its source.
        no_line_of_effect: 003-48 Exiled: no line of effect to or from anyone.
        advantage_when_attacking: 003-47 Hidden: "Gains Advantage when attacking".
        lost_on_attack_or_move: 003-47: ends after the creature attacks or moves.
        hidden_from_players: 003-47 Hidden: "Location unknown": not on the players' screen
            (docs/rulings.md R-82: unless it is one of the players' own).
        invisible: 000 "Concealment": total concealment from whoever does not perceive it
            (geometry's `Occupant.invisible`, docs/rulings.md R-115).
        ends_when_hurt: 003-37 Unconscious: ends when damage leaves it 1 HP or more.
        save_when_hurt: 003-26 Dominated: "When damaged, can roll a Save to end this".
        sees_concealment_step: 003-25 Dazzled: its melee and ranged attacks treat their
            targets as one step more concealed.
        cover_step_vs_non_melee: 003-32 Prone: one step more cover against non-melee attacks.
        off_map: 003-48: "disappears from its current position", "Does not occupy a space".
        death_saves: Dying: makes death saving throws.
        beneficial: Good for its holder (000 "Delay": "Beneficial effects that end at the end
            of your turn end as soon as you Delay"; docs/rulings.md R-35); every 000 condition
            is an impairment.
        ends: How it usually ends, for the GM.
    """

    condition: Condition
    in_000: bool = True
    grants_combat_advantage: bool = False
    grants_combat_advantage_to_melee: bool = False
    cannot_flank: bool = False
    attack_penalty: int = 0
    defense_modifier: int = 0
    ranged_defense_bonus: int = 0
    actions: ActionLimit = ActionLimit.NORMAL
    no_immediate_actions: bool = False
    no_free_actions: bool = False
    cannot_attack: bool = False
    movement: MovementLimit = MovementLimit.NORMAL
    can_be_moved: bool = True
    implies: tuple[Condition, ...] = ()
    imposes: tuple[Condition, ...] = ()
    resist_all: int = 0
    perception_penalty: int = 0
    cannot_see: bool = False
    cannot_hear: bool = False
    damage_halved: bool = False
    damage_dealt_scale: float = 1.0
    healing_received_scale: float = 1.0
    melee_crit_range_bonus: int = 0
    untargetable_by: tuple[str, ...] = ()
    area_only_with_others: bool = False
    cannot_attack_source: bool = False
    reaches_only_source: bool = False
    no_line_of_effect: bool = False
    advantage_when_attacking: bool = False
    lost_on_attack_or_move: bool = False
    hidden_from_players: bool = False
    invisible: bool = False
    off_map: bool = False
    cover_step_vs_non_melee: bool = False
    sees_concealment_step: bool = False
    ends_when_hurt: bool = False
    save_when_hurt: bool = False
    death_saves: bool = False
    beneficial: bool = False
    ends: str = ""


@lru_cache(maxsize=16)
def condition_table(ruleset: Ruleset) -> Mapping[Condition, ConditionRules]:
    """The effects of every condition, with the numbers taken from ``ruleset``."""
    r = ruleset
    c = Condition
    rows = (
        # 000 Blinded: can't see; attack rolls against you have CA; -10 Perception; can't flank.
        ConditionRules(
            c.BLINDED,
            grants_combat_advantage=True,
            cannot_flank=True,
            perception_penalty=r.perception_penalty_blind_deaf,
            cannot_see=True,
        ),
        # 000 Controlled: you are dazed; the controller decides your actions.
        ConditionRules(c.CONTROLLED, implies=(c.DAZED,)),
        # 000 Dazed: CA; can't flank; one standard action; no immediate or opportunity actions.
        ConditionRules(
            c.DAZED,
            grants_combat_advantage=True,
            cannot_flank=True,
            actions=ActionLimit.SINGLE_ACTION,
            no_immediate_actions=True,
        ),
        # 000 Deafened: can't hear; -10 Perception.
        ConditionRules(
            c.DEAFENED, perception_penalty=r.perception_penalty_blind_deaf, cannot_hear=True
        ),
        # 000 Dying: death saving throws; you are unconscious.
        ConditionRules(
            c.DYING, implies=(c.UNCONSCIOUS,), death_saves=True, ends="regaining hit points"
        ),
        # docs/rulings.md R-06 -> can't move willingly; ends when no longer adjacent, on release
        # or incapacitation of the grappler, or a successful Escape.
        ConditionRules(
            c.GRAPPLED,
            movement=MovementLimit.NO_WILLING_MOVE,
            ends="escape, release, no longer adjacent, grappler incapacitated",
        ),
        # 000 Helpless: attack rolls against you have combat advantage.
        ConditionRules(c.HELPLESS, grants_combat_advantage=True),
        # 000 Immobile: cannot willingly move into another square.
        ConditionRules(c.IMMOBILE, movement=MovementLimit.NO_WILLING_MOVE),
        # 000 Marked: -2 on attacks that do not include the marker (applied by attacks.py,
        # which knows the targets); lost when the marker dies or falls unconscious.
        ConditionRules(c.MARKED, ends="marker dies or falls unconscious; a new mark"),
        # 000 Petrified: no actions, can't move, CA, resistance to all 20, unaware.
        ConditionRules(
            c.PETRIFIED,
            grants_combat_advantage=True,
            actions=ActionLimit.NONE,
            no_immediate_actions=True,
            no_free_actions=True,
            movement=MovementLimit.NO_MOVE,
            resist_all=r.petrified_resist_all,
        ),
        # 000 Prone: crawl only; -2 to attack rolls; melee attacks against you have CA;
        # +2 to all defenses against ranged attacks unless the attacker is adjacent.
        ConditionRules(
            c.PRONE,
            grants_combat_advantage_to_melee=True,
            attack_penalty=r.prone_attack_penalty,
            ranged_defense_bonus=r.prone_ranged_defense_bonus,
            movement=MovementLimit.CRAWL_ONLY,
            ends="standing up (move action)",
        ),
        # 000 Restrained: cannot be moved, willingly or not; -2 attack rolls; CA against you.
        ConditionRules(
            c.RESTRAINED,
            grants_combat_advantage=True,
            attack_penalty=r.restrained_attack_penalty,
            movement=MovementLimit.NO_MOVE,
            can_be_moved=False,
        ),
        # 000 Slowed: speed 2 for any movement other than teleportation.
        ConditionRules(c.SLOWED, movement=MovementLimit.SPEED_2),
        # 000 Stunned: can't move; CA against you; no actions or reactions; can't flank.
        ConditionRules(
            c.STUNNED,
            grants_combat_advantage=True,
            cannot_flank=True,
            actions=ActionLimit.NONE,
            no_immediate_actions=True,
            no_free_actions=True,
            movement=MovementLimit.NO_MOVE,
        ),
        # 000 Surprised: CA against you; a single standard action; no free actions; can't
        # flank; lost when the surprise round ends. docs/rulings.md R-05 -> no actions at all in
        # the surprise round (the controller enforces the round; this is the condition).
        ConditionRules(
            c.SURPRISED,
            grants_combat_advantage=True,
            cannot_flank=True,
            actions=ActionLimit.SINGLE_STANDARD,
            no_immediate_actions=True,
            no_free_actions=True,
            ends="the surprise round ends",
        ),
        # 000 Unconscious: no actions; can't flank; -5 to all defenses; "When you become
        # unconscious you also fall prone": a Prone of its own, which stays when the creature
        # wakes (000 "Death Saving Throws": "become conscious, although you are still prone").
        ConditionRules(
            c.UNCONSCIOUS,
            imposes=(c.PRONE,),
            cannot_flank=True,
            defense_modifier=r.unconscious_defense_penalty,
            actions=ActionLimit.NONE,
            no_immediate_actions=True,
            no_free_actions=True,
            movement=MovementLimit.NO_MOVE,
            ends="regaining hit points",
        ),
        # 000 Weakened: the damage of your attacks is halved, except persistent damage.
        ConditionRules(c.WEAKENED, damage_halved=True),
        # 000 "Total Defense": +2 to all defenses until the start of your next turn.
        ConditionRules(
            c.TOTAL_DEFENSE, in_000=False, defense_modifier=r.total_defense_bonus, beneficial=True
        ),
        # 000 "Rally": +2 to all defenses until the start of your next turn.
        ConditionRules(
            c.RALLIED, in_000=False, defense_modifier=r.rally_defense_bonus, beneficial=True
        ),
        # 000 "Dash": until the end of your next turn, grant CA and -5 to attacks.
        ConditionRules(
            c.DASHING,
            in_000=False,
            grants_combat_advantage=r.dash.grants_combat_advantage,
            attack_penalty=r.dash.attack_penalty,
        ),
        # 000 "Squeeze": grant CA and -5 to attacks while squeezing.
        ConditionRules(
            c.SQUEEZING,
            in_000=False,
            grants_combat_advantage=r.squeeze_grants_combat_advantage,
            attack_penalty=r.squeeze_attack_penalty,
        ),
        # 000 "Concealment": "An invisible target also has total concealment".
        ConditionRules(c.INVISIBLE, in_000=False, invisible=True, beneficial=True),
        *(ConditionRules(v, in_000=False) for v in VARIANT_CONDITIONS),
    )
    return _with_condition_set({row.condition: row for row in rows}, ruleset)


def _with_condition_set(
    table: dict[Condition, ConditionRules], ruleset: Ruleset
) -> Mapping[Condition, ConditionRules]:
    """000's rows changed by the ruleset's condition set (D2, docs/rulesets.md).

    A row's set fields replace 000's values and its ``also_implies`` add implications; rows
    for conditions 000 does not have wait for the issues that add them.
    """
    known = {c.value: c for c in Condition}
    for row in ruleset.conditions.rows:
        condition = known.get(row.condition)
        if condition is None:
            continue
        base = table[condition]
        implies = base.implies + tuple(known[i] for i in row.also_implies if i in known)
        changes = row.overrides()
        if row.actions is not None:
            changes["actions"] = ActionLimit(row.actions)
        if row.movement is not None:
            changes["movement"] = MovementLimit(row.movement)
        table[condition] = replace(base, **changes, implies=implies)  # type: ignore[arg-type]
    return table


ACTION_STATES: Final = frozenset(
    {Condition.TOTAL_DEFENSE, Condition.RALLIED, Condition.DASHING, Condition.SQUEEZING}
)
"""The four action states (module docstring): tracked like conditions, not imposed as one."""

VARIANT_CONDITIONS: Final = (
    Condition.CHARMED,
    Condition.DAZZLED,
    Condition.FLANKED,
    Condition.HINDERED,
    Condition.SHOCKED,
    Condition.PARTIALLY_WEAKENED,
    Condition.SHROUDED,
    Condition.HIDDEN,
    Condition.SWALLOWED,
    Condition.EXILED,
    Condition.CROUCHING,
)
"""Conditions 000 does not have: a ruleset has one when its condition set has a row for it."""


def offered_conditions(ruleset: Ruleset) -> tuple[Condition, ...]:
    """The conditions of ``ruleset``: 000's, less its absent ones, plus the variant ones it has.

    The action states are left out (actions give them, not the GM).
    """
    rows = {row.condition for row in ruleset.conditions.rows}
    absent = set(ruleset.conditions.absent)
    return tuple(
        c
        for c in Condition
        if c not in ACTION_STATES
        and c.value not in absent
        and (c not in VARIANT_CONDITIONS or c.value in rows)
    )


HELPLESS_CONDITIONS: Final = frozenset(
    {Condition.HELPLESS, Condition.UNCONSCIOUS, Condition.PETRIFIED}
)
"""A creature with one of these is helpless: open to a coup de grace (000 "Coup de Grace":
"against a helpless adjacent opponent"; 000 "Helpless", "Unconscious", "Petrified")."""

INCAPACITATING_CONDITIONS: Final = frozenset(
    {Condition.STUNNED, Condition.UNCONSCIOUS, Condition.PETRIFIED}
)
"""A creature with one of these is incapacitated (000 "Stunned": "You are incapacitated"): a
grapple against it succeeds automatically (000 "Grapple")."""


def rules_for(condition: Condition, ruleset: Ruleset) -> ConditionRules:
    return condition_table(ruleset)[condition]


def with_implied(conditions: Iterable[Condition], ruleset: Ruleset) -> frozenset[Condition]:
    """The conditions plus those they imply (Controlled -> Dazed, Dying -> Unconscious)."""
    table = condition_table(ruleset)
    found: set[Condition] = set()
    todo = list(conditions)
    while todo:
        condition = todo.pop()
        if condition not in found:
            found.add(condition)
            todo.extend(table[condition].implies)
    return frozenset(found)


def imposed_with(conditions: Iterable[Condition], ruleset: Ruleset) -> tuple[Condition, ...]:
    """What a creature also gets, as instances of their own, on getting ``conditions``.

    Follows implications: Dying implies Unconscious, so a creature made dying also falls prone.
    """
    table = condition_table(ruleset)
    gained = with_implied(conditions, ruleset)
    found: list[Condition] = []
    for condition in sorted(gained):
        for extra in table[condition].imposes:
            if extra not in gained and extra not in found:
                found.append(extra)
    return tuple(found)


@dataclass(frozen=True, slots=True)
class ConditionInstance:
    """One imposition of a condition on a creature, with its own source and duration.

    Attributes:
        effect_id: Unique within the creature's state (assigned by the state).
        condition: Which condition.
        source: What imposed it, for the log ("Goblin Archer: Pinning Shot").
        source_id: The creature that imposed it (the marker for Marked, the grappler...).
        duration: When it ends.
        skip_end: Applied during the turn its duration names (see durations.py).
        downgraded_from: 003-21: the condition imposed, now treated as ``condition`` (its
            downgrade); None when not downgraded (then stored as before).
    """

    effect_id: int
    condition: Condition
    source: str
    duration: Duration
    source_id: CreatureId | None = None
    skip_end: bool = False
    downgraded_from: Condition | None = None

    def to_dict(self) -> dict[str, object]:
        own: dict[str, object] = {"condition": self.condition.value}
        if self.downgraded_from is not None:
            own["downgraded_from"] = self.downgraded_from.value
        return _effect_to_dict(self, own)

    @classmethod
    def from_dict(cls, data: Mapping[str, object], field: str = "condition") -> ConditionInstance:
        was = data.get("downgraded_from")
        return cls(
            condition=parse_enum(Condition, data.get("condition"), f"{field}.condition"),
            downgraded_from=(
                None if was is None else parse_enum(Condition, was, f"{field}.downgraded_from")
            ),
            **_effect_fields(data, field),
        )


@dataclass(frozen=True, slots=True)
class PersistentDamage:
    """Persistent damage, taken at the start of the creature's turns (000 "Persistent damage").

    Its duration is usually save ends.

    Attributes:
        effect_id: Unique within the creature's state.
        amount: Damage taken each time.
        types: Its damage types (empty for untyped).
        source: What imposed it.
        duration: Usually save ends.
        source_id: The creature that imposed it.
        skip_end: As for conditions.
    """

    effect_id: int
    amount: int
    types: tuple[DamageType, ...]
    source: str
    duration: Duration
    source_id: CreatureId | None = None
    skip_end: bool = False

    def to_dict(self) -> dict[str, object]:
        return _effect_to_dict(
            self, {"amount": self.amount, "types": [t.value for t in self.types]}
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, object], field: str = "persistent") -> PersistentDamage:
        raw_types = as_list(data.get("types", []), f"{field}.types")
        return cls(
            amount=as_int(data.get("amount"), f"{field}.amount"),
            types=tuple(parse_enum(DamageType, t, f"{field}.types") for t in raw_types),
            **_effect_fields(data, field),
        )


def _effect_to_dict(
    effect: ConditionInstance | PersistentDamage, own: dict[str, object]
) -> dict[str, object]:
    """The stored layout of an effect: its id, its `own` fields, then the shared bookkeeping."""
    data: dict[str, object] = {
        "effect_id": effect.effect_id,
        **own,
        "source": effect.source,
        "duration": effect.duration.to_dict(),
        "skip_end": effect.skip_end,
    }
    if effect.source_id is not None:
        data["source_id"] = effect.source_id
    return data


def _effect_fields(data: Mapping[str, object], field: str) -> dict[str, Any]:
    """The bookkeeping fields both kinds of effect read back (see `_effect_to_dict`)."""
    return {
        "effect_id": as_int(data.get("effect_id"), f"{field}.effect_id"),
        "source": as_str(data.get("source", ""), f"{field}.source"),
        "duration": Duration.from_dict(as_map(data.get("duration"), f"{field}.duration")),
        "source_id": as_opt_id(data.get("source_id"), f"{field}.source_id"),
        "skip_end": bool(data.get("skip_end", False)),
    }
