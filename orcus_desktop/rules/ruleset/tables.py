"""The data tables of a ruleset: action economy (D1), condition set (D2), cover scale (D3).

See docs/rulesets.md. Every table is a frozen, hashable value (``condition_table`` is cached
per ruleset) whose defaults are 000's, and every one is plain JSON through
:mod:`orcus_desktop.rules.ruleset.codec`. Conditions and action kinds are named by their ids
("dazed", "swift") because this package sits below the modules that define those enums.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Final

from orcus_desktop.geometry.cover_buckets import CoverBuckets
from orcus_desktop.vocabulary import CoverDegree

ACTION_SLOTS: Final = ("standard", "move", "swift")
"""000 "Your Turn": the slots of a turn, most valuable first."""

ORCUS_CONVERSIONS: Final = (("standard", "move"), ("standard", "swift"), ("move", "swift"))
"""000 "Your Turn": "a standard action can be used as a move or swift action, a move action
as a swift action" (from, to)."""


def spend_order(kind: str, conversions: Iterable[tuple[str, str]]) -> tuple[str, ...]:
    """The slots an action of ``kind`` may use, cheapest first (000: swift, move, standard).

    ``kind`` itself, then the slots that convert into it, least valuable first; () for a kind
    that takes no slot (free, immediate...).
    """
    if kind not in ACTION_SLOTS:
        return ()
    sources = {s for s, t in conversions if t == kind}
    return (kind, *(s for s in reversed(ACTION_SLOTS) if s in sources))


@dataclass(frozen=True, slots=True)
class Labels:
    """A small frozen map from ids to text (JSON: an object), e.g. {"swift": "minor"}."""

    pairs: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, mapping: Mapping[str, str] | None = None, **items: str) -> Labels:
        merged = {**(mapping or {}), **items}
        return cls(tuple(sorted(merged.items())))

    def get(self, key: str, default: str = "") -> str:
        return dict(self.pairs).get(key, default)

    def as_dict(self) -> dict[str, str]:
        return dict(self.pairs)

    def merged(self, **items: str) -> Labels:
        return Labels.of(self.as_dict(), **items)

    def to_json(self) -> dict[str, str]:
        return self.as_dict()

    @classmethod
    def from_json(cls, raw: object, where: str) -> Labels:
        if not isinstance(raw, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in raw.items()
        ):
            raise ValueError(f"{where}: expected an object of texts, got {raw!r}")
        return cls.of(raw)


# --- D1: the action economy ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Budget:
    """Actions of each slot a turn starts with."""

    standard: int = 1
    move: int = 1
    swift: int = 1

    def slot(self, name: str) -> int:
        return int(getattr(self, name))


NO_ACTIONS = Budget(0, 0, 0)
ONE_STANDARD = Budget(1, 0, 0)


@dataclass(frozen=True, slots=True)
class ConditionBudget:
    """The most a condition leaves of a turn (slot by slot; several conditions: the least).

    ``conversions`` are substitutions the condition allows within that budget on top of the
    economy's (003-24 Dazed: "either a Standard Action or a Move Action").
    """

    condition: str
    budget: Budget
    source: str = ""
    conversions: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class ActionPointLimit:
    """How many action points a role may spend (``per_encounter`` None: all it has)."""

    role: str
    per_encounter: int | None = 1
    per_turn: int = 1


NO_LABELS = Labels()
ORCUS_ACTION_KINDS = Labels.of(
    drop_prone="free",  # 000 "Free Actions": "Drop prone."
    escape="standard",  # 000 "Escape a Grapple (standard action)"
)

ORCUS_CONDITION_BUDGETS: Final = (
    ConditionBudget("dazed", ONE_STANDARD, '000 "Dazed": a single standard action'),
    ConditionBudget("surprised", ONE_STANDARD, '000 "Surprised": a single standard action'),
    ConditionBudget("petrified", NO_ACTIONS, '000 "Petrified": cannot take actions'),
    ConditionBudget("stunned", NO_ACTIONS, '000 "Stunned": cannot take actions'),
    ConditionBudget("unconscious", NO_ACTIONS, '000 "Unconscious": cannot take actions'),
)


@dataclass(frozen=True, slots=True)
class ActionEconomy:
    """D1: slots, conversions, budgets by condition, reactions, action kinds, action points.

    Attributes:
        turn: 000 "Your Turn": one standard, one move and one swift action.
        conversions: (from, to): 000 "a standard action can be used as a move or swift
            action, a move action as a swift action".
        condition_budgets: What a condition leaves of a turn (000 Dazed, Surprised...).
        surprise_round: docs/rulings.md R-05: one standard action (convertible).
        immediate_per_round: 000 "Immediate Actions": one per round.
        opportunity_per_provoking_turn: Opportunity attacks against one provoking creature's
            turn (R-02: one; with ``opportunity_uses_immediate`` that is one per round).
        opportunity_uses_immediate: docs/rulings.md R-02: an opportunity attack uses
            the immediate action.
        readied_uses_immediate: A triggered readied action spends the immediate action (000
            is silent; the engine does not).
        free_reaction_attacks_per_turn: 003's free reactions (0: none).
        own_turn_free_limits: 003-17 (003 l.257-258): on its own turn a creature makes one
            free action attack and uses each free action power once (000: no limit).
        action_kinds: Which slot an action of the action list takes, where rulesets differ
            (000 "Free Actions": drop prone; 000 "Escape a Grapple (standard action)").
        extra_actions: Item and door actions a ruleset lists, with their kinds (GM-resolved).
        action_points: Spending limits by role ("any" for everybody).
        action_points_in_surprise_round: 000 l.786 "(but not during a surprise round)".
        action_ends_move: Taking the turn's standard action forfeits a move not yet taken
            (001-05, 001 l.53 "You always move first and then take your [action]").
        drop_prone_off_turn: A creature may drop prone on another's turn, free (001-06, 001
            l.100 "On a creature you can see's turn, you can give yourself the Prone condition").
    """

    turn: Budget = Budget()
    conversions: tuple[tuple[str, str], ...] = ORCUS_CONVERSIONS
    condition_budgets: tuple[ConditionBudget, ...] = ORCUS_CONDITION_BUDGETS
    surprise_round: Budget = ONE_STANDARD
    immediate_per_round: int = 1
    opportunity_per_provoking_turn: int = 1
    opportunity_uses_immediate: bool = True
    readied_uses_immediate: bool = False
    free_reaction_attacks_per_turn: int = 0
    own_turn_free_limits: bool = False
    action_kinds: Labels = ORCUS_ACTION_KINDS
    extra_actions: Labels = NO_LABELS
    action_points: tuple[ActionPointLimit, ...] = (ActionPointLimit("any"),)
    action_points_in_surprise_round: bool = False
    action_ends_move: bool = False
    drop_prone_off_turn: bool = False

    def __post_init__(self) -> None:
        pairs = [*self.conversions, *(p for b in self.condition_budgets for p in b.conversions)]
        for source, target in pairs:
            if source not in ACTION_SLOTS or target not in ACTION_SLOTS:
                raise ValueError(f"actions.conversions: unknown slot in {source}->{target}")

    def spend_order(self, kind: str) -> tuple[str, ...]:
        """The slots an action of ``kind`` may use, cheapest first (000: swift, move, standard)."""
        return spend_order(kind, self.conversions)

    def conversions_for(self, conditions: Iterable[str]) -> tuple[tuple[str, str], ...]:
        """The substitutions a turn allows under these (active) conditions.

        The economy's (003-15: none), plus those of each matching condition budget.
        """
        names = set(conditions)
        extra = [p for b in self.condition_budgets if b.condition in names for p in b.conversions]
        return tuple(dict.fromkeys((*self.conversions, *extra)))

    def budget_for(self, conditions: Iterable[str], *, surprise_round: bool = False) -> Budget:
        """The turn's starting budget under these (active) conditions.

        Slot by slot the least of the turn, the surprise round's when it runs, and every
        matching condition budget.
        """
        names = set(conditions)
        caps = [self.turn]
        caps += [row.budget for row in self.condition_budgets if row.condition in names]
        if surprise_round:
            caps.append(self.surprise_round)
        return Budget(*(min(c.slot(s) for c in caps) for s in ACTION_SLOTS))

    def action_kind(self, action: str, default: str) -> str:
        """The kind of a listed action (``default`` where the ruleset does not say)."""
        return self.action_kinds.get(action, default)


# --- D2: the condition set -----------------------------------------------------------------


class MarkPolicy(StrEnum):
    """What a new mark does to an old one."""

    SUPERSEDE = "supersede"
    """000 "Marked": a new mark supersedes the old."""
    MULTIPLE = "multiple"
    """003 Taunted/Charmed: several at once."""


@dataclass(frozen=True, slots=True)
class ConditionRow:
    """A ruleset's change to one condition's row of 000 "Appendix: Conditions".

    Fields left None keep 000's value; ``also_implies`` adds to 000's implications. The names
    match ``conditions.ConditionRules`` so the table applies them as they are; ``actions`` and
    ``movement`` are the values of its ``ActionLimit`` and ``MovementLimit``.
    """

    condition: str
    source: str = ""
    label: str | None = None
    actions: str | None = None
    movement: str | None = None
    cannot_attack: bool | None = None
    grants_combat_advantage: bool | None = None
    grants_combat_advantage_to_melee: bool | None = None
    cannot_flank: bool | None = None
    attack_penalty: int | None = None
    defense_modifier: int | None = None
    no_immediate_actions: bool | None = None
    no_free_actions: bool | None = None
    can_be_moved: bool | None = None
    damage_dealt_scale: float | None = None
    healing_received_scale: float | None = None
    melee_crit_range_bonus: int | None = None
    beneficial: bool | None = None
    untargetable_by: tuple[str, ...] | None = None
    area_only_with_others: bool | None = None
    cannot_attack_source: bool | None = None
    reaches_only_source: bool | None = None
    no_line_of_effect: bool | None = None
    advantage_when_attacking: bool | None = None
    lost_on_attack_or_move: bool | None = None
    hidden_from_players: bool | None = None
    off_map: bool | None = None
    cover_step_vs_non_melee: bool | None = None
    sees_concealment_step: bool | None = None
    ends_when_hurt: bool | None = None
    save_when_hurt: bool | None = None
    also_implies: tuple[str, ...] = ()

    def overrides(self) -> dict[str, object]:
        """The ``ConditionRules`` fields this row sets."""
        skip = {"condition", "source", "label", "also_implies"}
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name not in skip and getattr(self, f.name) is not None
        }


@dataclass(frozen=True, slots=True)
class ConditionSet:
    """D2: rows that change or add conditions, implications, downgrades, mark policy.

    Attributes:
        rows: One row per changed condition.
        absent: Conditions the ruleset does not have (not offered to the GM).
        downgrades: (condition, what it downgrades to) (003-21; empty in 000); "" is 003's
            "No Effect" (ignored while downgraded), a condition without a pair has "No
            Downgrade".
        mark_policy: What a new mark does to an old one.
        renamed: (a legacy condition, the one imposed instead) (003-39: deafened -> dazzled).
    """

    rows: tuple[ConditionRow, ...] = ()
    absent: tuple[str, ...] = ()
    downgrades: tuple[tuple[str, str], ...] = ()
    mark_policy: MarkPolicy = MarkPolicy.SUPERSEDE
    renamed: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        names = [row.condition for row in self.rows]
        if len(set(names)) != len(names):
            raise ValueError("conditions.rows: a condition has two rows")

    def row(self, condition: str) -> ConditionRow | None:
        return next((r for r in self.rows if r.condition == condition), None)

    def imposed_as(self, condition: str) -> str:
        """The condition a power that imposes ``condition`` gives under this set (003-39)."""
        return dict(self.renamed).get(condition, condition)

    def downgrade(self, condition: str) -> str | None:
        """What ``condition`` downgrades to ("": no effect; None: it cannot be downgraded)."""
        return dict(self.downgrades).get(condition)

    def label(self, condition: str, default: str) -> str:
        """The ruleset's name for a condition (004 "Snared" for 000's Restrained)."""
        row = self.row(condition)
        return row.label if row is not None and row.label is not None else default


# --- D3: the cover scale -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoverLevel:
    """A degree of cover: from ``min_hidden_share`` of the target hidden, ``modifier``.

    ``degree`` is the map's word for it; None in a two-level scale means half, then
    three-quarters (000's two degrees).
    """

    min_hidden_share: float
    modifier: int
    label: str
    degree: CoverDegree | None = None


@dataclass(frozen=True, slots=True)
class CoverScale:
    """D3: cover levels as hidden-share thresholds (the geometry measures the share).

    Attributes:
        levels: Ascending; level n (1-based) applies from its share up to the next.
        creature_cap_level: The most cover creatures give on their own (docs/rulings.md
            R-13: half cover, level 1).
        total_blocks_targeting: 000: total cover (no line of effect) cannot be targeted.
    """

    levels: tuple[CoverLevel, ...] = (
        # 000 "Cover" (l.916-918): "at least half of its body" -2; "about three-quarters" -5.
        CoverLevel(0.5, -2, "half cover"),
        CoverLevel(0.75, -5, "three-quarters cover"),
    )
    creature_cap_level: int = 1
    total_blocks_targeting: bool = True

    def __post_init__(self) -> None:
        shares = self.thresholds
        if not all(0 < s < 1 for s in shares) or list(shares) != sorted(set(shares)):
            raise ValueError("cover.levels: shares must rise strictly between 0 and 1")
        if not 0 <= self.creature_cap_level <= len(self.levels):
            raise ValueError("cover.creature_cap_level: not a level of the scale")
        degrees = [level.degree for level in self.levels]
        if None in degrees and (len(degrees) != 2 or any(d is not None for d in degrees)):
            raise ValueError(
                "cover.levels: name each level's degree (only 000's two may be unnamed)"
            )
        self.buckets()  # the geometry's own checks (degrees rise, none and total excluded)

    @property
    def thresholds(self) -> tuple[float, ...]:
        return tuple(level.min_hidden_share for level in self.levels)

    def level(self, number: int) -> CoverLevel:
        """Level ``number`` (1 = the least cover)."""
        return self.levels[number - 1]

    def buckets(self) -> CoverBuckets:
        """The thresholds and degrees the geometry buckets hidden shares by (``sight.covers``)."""
        degrees = tuple(level.degree for level in self.levels)
        return CoverBuckets(
            self.thresholds,
            self.creature_cap_level,
            () if all(d is None for d in degrees) else tuple(d for d in degrees if d is not None),
        )

    def level_of(self, degree: CoverDegree | str) -> CoverLevel | None:
        """The level a map degree is on this scale.

        None for no cover, total cover, a degree the scale does not use (000: quarter) or a
        word that is no degree at all.
        """
        degrees = [d.value for d in self.buckets().level_degrees]
        return self.levels[degrees.index(degree)] if degree in degrees else None

    def degrees(self) -> tuple[CoverDegree, ...]:
        """The degrees of the scale's levels, least first."""
        return self.buckets().level_degrees


# --- small value types of the plain fields -------------------------------------------------


class Boundary(StrEnum):
    """When an action state ends, relative to the creature's next turn."""

    START_OF_NEXT_TURN = "start_of_next_turn"
    END_OF_NEXT_TURN = "end_of_next_turn"


@dataclass(frozen=True, slots=True)
class DashRules:
    """The run action (000 "Dash (move action)", l.1127-1129).

    Attributes:
        speed_bonus: "you move your speed +2".
        attack_penalty: "suffer a -5 penalty to attacks".
        grants_combat_advantage: "you grant combat advantage".
        lasts_until: "Until the end of your next turn".
        action: "(move action)".
    """

    speed_bonus: int = 2
    attack_penalty: int = -5
    grants_combat_advantage: bool = True
    lasts_until: Boundary = Boundary.END_OF_NEXT_TURN
    action: str = "move"


@dataclass(frozen=True, slots=True)
class SizeWindow:
    """Target sizes allowed relative to the user's (None: any number of categories)."""

    larger: int | None = 1
    smaller: int | None = None

    def allows(self, user_rank: int, target_rank: int) -> bool:
        diff = target_rank - user_rank
        if diff > 0:
            return self.larger is None or diff <= self.larger
        return self.smaller is None or -diff <= self.smaller


@dataclass(frozen=True, slots=True)
class AidRules:
    """Help Attack / Help Defense / Aid Another (000 "Actions in Combat").

    Attributes:
        bonus: 000: +2.
        needs_roll: 000: automatic; 004-10: a basic attack vs ``defense``.
        defense: 004-10: "vs. Defense 10".
        max_helpers: 004-10: "more than four (4) allies"; None: no limit (000).
        one_action: 002-12: one "Aid another" action with a choice.
    """

    bonus: int = 2
    needs_roll: bool = False
    defense: int = 10
    max_helpers: int | None = None
    one_action: bool = False


@dataclass(frozen=True, slots=True)
class GrappleRules:
    """000 "Grapple (standard action)" and docs/rulings.md R-06.

    Attributes:
        size_window: "no more than one size larger than you".
        auto_success_vs_incapacitated: "You succeed automatically if the target is
            incapacitated."
        sustain_action: The action that keeps a grapple each turn (None: it lasts until it
            ends; 004-18 "swift").
    """

    size_window: SizeWindow = SizeWindow()
    auto_success_vs_incapacitated: bool = True
    sustain_action: str | None = None
