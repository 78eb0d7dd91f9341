"""Named hooks: the procedures a ruleset chooses by name, resolved from a registry.

A ruleset stores only hook *names* (:class:`HookNames`); an encounter file stores only the
ruleset's id, so opening a file never runs code from it. Each hook kind is one frozen
dataclass of the choices a variant can make, whose instance named ``"orcus"`` states what the
engine does today; the variant instances carry the mechanic id they implement
(docs/rulesets.md). The controller reads
them at its decision points (see the list in docs/rulesets.md); the rules layer reads H3.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Generic, TypeVar

from orcus_desktop.geometry.occupancy import Occupancy
from orcus_desktop.rules.modifiers import Modifier, ResolvedValue
from orcus_desktop.rules.ruleset.movement_hook import GrabMoveCheck, Movement
from orcus_desktop.vocabulary import Origin

if TYPE_CHECKING:
    from orcus_desktop.rules.attack_modifiers import AttackContext, Combatant
    from orcus_desktop.rules.powers import Power
    from orcus_desktop.rules.ruleset.core import Ruleset
    from orcus_desktop.rules.statblock import StatBlock


_Hook = TypeVar("_Hook")


class HookKind(StrEnum):
    """The seven hook kinds (docs/rulesets.md "Hooks")."""

    INITIATIVE = "initiative"
    ENCOUNTER_FLOW = "encounter_flow"
    ATTACK_MODIFIERS = "attack_modifiers"
    TARGETING = "targeting"
    REACTIONS = "reactions"
    MOVEMENT = "movement"
    DAMAGE = "damage"


# --- H1 initiative -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RolledInitiative:
    """H1: d20 + initiative modifier; ties by modifier, then a die (000 "Initiative")."""

    name: str
    tie_break_sides: int
    """Sides of the die that breaks a tie left after the modifiers (a coin is 2)."""
    source: str
    ties_alternate_sides: bool = False
    """003-12: ties alternate PCs and monsters (no modifier tie-break) instead of 000's."""
    by_chosen_check: bool = False
    """001-01: each creature rolls a check it chooses, ties by 001-03's ladder."""

    def modifier(self, statblock: StatBlock, ruleset: Ruleset) -> ResolvedValue:
        # docs/rulings.md R-18: Dexterity + half level + other modifiers.
        return statblock.initiative_modifier(ruleset)


# --- H2 encounter flow ---------------------------------------------------------------------


class SurpriseMode(StrEnum):
    """How surprise costs the surprised."""

    SURPRISE_ROUND = "surprise_round"
    """docs/rulings.md R-05: a surprise round in which the surprised take no actions."""
    LOSE_FIRST_TURN = "lose_first_turn"
    """003-10: no surprise round; the surprised lose their first turn."""


class DelayLapse(StrEnum):
    """When an unused delayed turn is lost."""

    END_OF_ROUND = "end_of_round"
    """000 "Delay": "If you do not take your turn by the end of the round, ... wasted"."""
    NEXT_INITIATIVE = "next_initiative"
    """004-15: lost only when your initiative comes up again."""


class ReadiedTiming(StrEnum):
    """When a triggered readied action happens."""

    BEFORE_TRIGGER = "before_trigger"
    """000 "Ready": the readied action "occurs just before the action that triggers it"."""
    AFTER_TRIGGER = "after_trigger"
    """004-20: "It takes place immediately after the action that triggers it"."""


@dataclass(frozen=True, slots=True)
class Flow:
    """H2: the turn and round flow around the actions, described by its choices."""

    name: str
    source: str
    surprise: SurpriseMode = SurpriseMode.SURPRISE_ROUND
    delay_lapses: DelayLapse = DelayLapse.END_OF_ROUND
    readied_timing: ReadiedTiming = ReadiedTiming.BEFORE_TRIGGER
    readying_ends_turn: bool = False
    readied_kind_is_readied_action: bool = False
    """Readying costs the kind of the readied action (004-20), not a standard (000)."""
    opening_total_defense: bool = False
    """003-08: every combatant not surprised starts combat in Total Defense."""
    wave_choices: bool = False
    """003-14: a new wave joins by "Start Over" or "Keep Initiative" (000: one by one)."""
    ready_attacks: bool = False
    """003-52: Ready Melee Attack and Ready Ranged Attack, readied with set triggers."""
    group_turns: bool = False
    """003-07: a monster group takes one turn together (000: one turn each)."""
    raise_the_alarm: bool = False
    """003-11: the Raise the Alarm maneuver (a save against surprise for allies)."""
    forced_actions: bool = False
    """003-46: a creature made to move or attack by another, provoking nothing."""
    end_of_round_step: bool = False
    """001-04: the GM's end-of-round activities run and are logged as each round ends."""


# --- H3 attack modifiers -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NoExtraModifiers:
    """H3: no attack modifiers beyond the shared list (000: ``attacks.attack_modifiers``)."""

    name: str = "orcus"

    def extra(
        self,
        attacker: Combatant,
        target: Combatant,
        power: Power,
        ctx: AttackContext,
        ruleset: Ruleset,
    ) -> tuple[Modifier, ...]:
        """Modifiers beyond 000's list in ``attacks.attack_modifiers`` (added at its end)."""
        return ()


# --- H4 targeting --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Targeting:
    """H4: who may be targeted, and what a miss against cover strikes."""

    name: str
    source: str
    strikes_cover: bool = False
    """004-27 "Attack Missed due to Cover"."""
    total_concealment_targets_a_square: bool = False
    concealment_from_partial_sight: bool = False
    shoot_bands: bool = False
    """001's Shoot!/Spell! and unseen bands, crouching, help (001-12/13/17..21/27/33)."""

    def cover_struck(self, *, hit: bool, total_without_cover: int, defense: int) -> bool:
        """Whether a miss struck the creature or object giving cover instead."""
        # 004-27 (004 l.752): "If the attack only missed because of the cover modifier then
        # the cover was struck". Pick: the attack total without the cover modifier.
        return self.strikes_cover and not hit and total_without_cover >= defense


# --- H5 reactions --------------------------------------------------------------------------


class Provocation(StrEnum):
    """What provokes an opportunity attack."""

    LEAVES_ADJACENT = "leaves_adjacent"
    """docs/rulings.md R-02: leaving a square adjacent to the enemy (not a shift)."""
    RANGED_OR_AREA = "ranged_or_area"
    """000: a Ranged or Far attack (docs/rulings.md R-02) made next to the enemy (which
    origins: `Reactions.provoking_origins`)."""
    SKILL_USE = "skill_use"
    """004-09: using a skill that takes a standard or move action."""
    AUTOFIRE = "autofire"
    """004-09/004-22: special autofire."""


@dataclass(frozen=True, slots=True)
class Reactions:
    """H5: what provokes opportunity attacks (the costs and limits are D1's)."""

    name: str
    source: str
    provocations: frozenset[Provocation] = frozenset(
        {Provocation.LEAVES_ADJACENT, Provocation.RANGED_OR_AREA}
    )
    provoking_origins: frozenset[Origin] = frozenset({Origin.RANGED, Origin.FAR})
    """The attacks that provoke when made next to an enemy (`Provocation.RANGED_OR_AREA`):
    000 l.527 "Ranged and Far powers provoke opportunity attacks. Melee, Close and Self
    powers do not." (`provokes`)."""
    dragged_target_provokes: bool = True
    engagement: bool = False
    """001's Engaged With pairs, Counter Strike! and Free Strike! (001-23..25)."""
    reactions_provoke: bool = True
    """Whether an action taken out of turn (a reaction) can provoke (003-16: no)."""
    interrupts_trim: bool = False
    """Whether an interrupt trims the action it interrupts rather than ending it (003-18).

    True: an interrupt's forced movement takes its distance off the interrupted walk, and
    a held attack keeps its targets that are still valid. False (000): the walk ends and
    the attack is dropped whole (docs/rulings.md R-103).
    """

    def provokes(self, origin: Origin) -> bool:
        """Whether an attack of this origin, made next to an enemy, provokes (R-02, R-156).

        The one home of the rule for every ruleset (docs/rulings.md).
        """
        return Provocation.RANGED_OR_AREA in self.provocations and origin in self.provoking_origins

    @property
    def opportunity_attacks(self) -> bool:
        """Whether the ruleset has opportunity attacks at all: something provokes one.

        001-23..25: Strike! has none (its Counter Strike! and Free Strike! are offered as
        they come, not taken by the GM's choice); the menus and the Actions panel ask this.
        """
        return bool(self.provocations)


# --- H7 damage -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Damage:
    """H7: damage rolls per target, falling damage and first aid.

    The halving floor is ``Ruleset.minimum_halved_damage``.
    """

    name: str
    source: str
    per_target_origins: frozenset[str] = frozenset()
    falling_reduction_skill: str | None = None
    first_aid_stops_dying: bool = False

    def shared_roll(self, origin: str) -> bool:
        """Whether one damage roll serves every target of an attack of this origin."""
        # 000 "Damage Rolls": "roll the damage once for all of them".
        return origin not in self.per_target_origins


# --- the registry --------------------------------------------------------------------------

ORCUS_HOOK = "orcus"

_INITIATIVE: dict[str, RolledInitiative] = {
    ORCUS_HOOK: RolledInitiative(ORCUS_HOOK, 2, '000 "Initiative": "flip a coin"'),
    "tie-die": RolledInitiative(
        "tie-die", 20, '004-35, 004 l.194 "If there is still a tie, roll a die" (d20 pick)'
    ),
    "square-fireballs": RolledInitiative(
        "square-fireballs",
        20,
        '003-12, 003 l.191-194 "Try to alternate PCs and monsters"; "roll a die"',
        ties_alternate_sides=True,
    ),
    "strike": RolledInitiative(
        "strike",
        6,
        '001-01..03, 001 l.15-39 "Roll The Initiative Order", "Ties" (step 5: a d6)',
        by_chosen_check=True,
    ),
}

_FLOW: dict[str, Flow] = {
    ORCUS_HOOK: Flow(ORCUS_HOOK, 'docs/rulings.md R-05; 000 "Delay", "Ready"'),
    "alloy": Flow(
        "alloy",
        '004-15 004 l.487 "Delay"; 004-20 004 l.557 "Ready an Action"',
        delay_lapses=DelayLapse.NEXT_INITIATIVE,
        readied_timing=ReadiedTiming.AFTER_TRIGGER,
        readying_ends_turn=True,
        readied_kind_is_readied_action=True,
    ),
    "square-fireballs": Flow(
        "square-fireballs",
        '003-08 003 l.145 "all characters use Total Defense as a Free Reaction"; '
        '003-10 003 l.165-168 "they use Full Defense, end the turn"; '
        '003-14 003 l.202-207 "Rolling Initiative mid-combat"; 003-52 l.786-800; '
        '003-07 l.142-143 "Combat turn: Turn of action for a single PC or group of monsters"; '
        '003-11 l.170-178 "Raise the Alarm"; 003-46 l.460-472 "Forced Attacks", "Forced Movement"',
        surprise=SurpriseMode.LOSE_FIRST_TURN,
        opening_total_defense=True,
        wave_choices=True,
        ready_attacks=True,
        group_turns=True,
        raise_the_alarm=True,
        forced_actions=True,
    ),
    "strike": Flow(
        "strike",
        '001-04, 001 l.47-49 "The End Of Round Activities Are Performed"',
        end_of_round_step=True,
    ),
}

_ATTACK_MODIFIERS: dict[str, NoExtraModifiers] = {ORCUS_HOOK: NoExtraModifiers()}

_TARGETING: dict[str, Targeting] = {
    ORCUS_HOOK: Targeting(ORCUS_HOOK, '000 "Cover": total cover cannot be targeted'),
    "alloy": Targeting(
        "alloy",
        '004-27 004 l.752 "Attack Missed due to Cover"; 004-28 004 l.776 "Total Concealment"',
        strikes_cover=True,
        total_concealment_targets_a_square=True,
        concealment_from_partial_sight=True,
    ),
    "strike": Targeting(
        "strike",
        '001-12/13 001 l.146-166 "Cover", "Unseen Attackers and Targets"; 001-17..21 l.186-234 '
        '"Shoot!"; 001-27 l.268-272 "Spell!"; 001-33 l.300-302 "Help"',
        shoot_bands=True,
    ),
}

_REACTIONS: dict[str, Reactions] = {
    ORCUS_HOOK: Reactions(ORCUS_HOOK, "docs/rulings.md R-02"),
    "alloy": Reactions(
        "alloy",
        '004-09 004 l.262 "Actions in Combat"; 004-19 004 l.545 "Move Grappled Target"',
        provocations=frozenset(Provocation),
        # 004-05: l.75 "Ranged attacks provoke attacks of opportunity", l.96 "Area attacks
        # provoke attacks of opportunity" (004's area attack is 000's Far), l.386 "If an enemy
        # adjacent to you makes a ranged or area attack"; its close attacks (000's Near,
        # l.79-85) and melee attacks say nothing of it and do not.
        provoking_origins=frozenset({Origin.RANGED, Origin.FAR}),
        dragged_target_provokes=False,
    ),
    "strike": Reactions(
        "strike",
        '001-23..25, 001 l.240-256 "Counter Strike!", "Free Strike!"; no opportunity attacks',
        provocations=frozenset(),
        engagement=True,
    ),
    "square-fireballs": Reactions(
        "square-fireballs",
        '003-16 003 l.269 "reactions cannot trigger further reactions"; '
        '003-18 003 l.235-239 "Resolving Interrupts"',
        reactions_provoke=False,
        interrupts_trim=True,
    ),
}

_MOVEMENT: dict[str, Movement] = {
    ORCUS_HOOK: Movement(ORCUS_HOOK, '000 "Moving Around Other Creatures"'),
    "4e-quickref": Movement(
        "4e-quickref",
        '002-17 002 l.53 "Escape: Escape a grab and shift"; 002-16 002 l.45 "Grab"',
        escape_shift=1,
        grab_move_check=GrabMoveCheck.OPPOSED_STRENGTH,
    ),
    "alloy": Movement(
        "alloy",
        '004-24 004 l.700; 004-25 004 l.703 "Occupied Spaces"; 004-17 004 l.512 "Escape"',
        occupancy=Occupancy(
            pass_helpless_enemies=True, end_in_prone_ally=True, end_in_helpless_enemy=True
        ),
        half_speed_unseeing=True,
        escape_shift=1,
    ),
    "strike": Movement(
        "strike",
        '001-07..09, 001 l.126-130 "Moving around Other Creatures"',
        # 001-07 pick: 001's "Incapacitated" is 000's (stunned, unconscious, petrified).
        occupancy=Occupancy(pass_incapacitated=True, pass_tiny=True, others_difficult=True),
        prone_when_sharing=True,
    ),
    "square-fireballs": Movement(
        "square-fireballs",
        '003-55 003 l.826 "Crawl 1."; 003-35 003 l.365 "For each square moved, must spend an '
        'additional square of movement"; 003-43 003 l.472 "Forced Movement Damage"; 003-45 '
        '003 l.516-524 "Saving against Forced Movement"; 003-27 003 l.342 Grabbed',
        crawl_squares=1,
        slowed_doubles_cost=True,
        # "1d4 for Heroic sources, 2d4 for ... Paragon sources, and 4d4 for Epic sources".
        collision_dice=("1d4", "2d4", "4d4"),
        edge_save=True,
        grab_save_negates=True,
        # 003-44 (003 l.474-514 "Push multiple units, showing Lines for path"): docs/rulings.md
        #
        forced_along_lines=True,
    ),
}

_DAMAGE: dict[str, Damage] = {
    ORCUS_HOOK: Damage(ORCUS_HOOK, '000 "Damage Rolls"'),
    "4e-quickref": Damage(
        "4e-quickref",
        '002-23 002 l.114 "Acrobatics"; 002-24 002 l.130 "Heal"',
        falling_reduction_skill="acrobatics",
        first_aid_stops_dying=True,
    ),
    "alloy": Damage(
        "alloy",
        '004-03 004 l.61 "each attack and damage roll is different for each target"',
        per_target_origins=frozenset({"melee", "ranged"}),
    ),
}

_REGISTRY: dict[HookKind, Mapping[str, object]] = {
    HookKind.INITIATIVE: _INITIATIVE,
    HookKind.ENCOUNTER_FLOW: _FLOW,
    HookKind.ATTACK_MODIFIERS: _ATTACK_MODIFIERS,
    HookKind.TARGETING: _TARGETING,
    HookKind.REACTIONS: _REACTIONS,
    HookKind.MOVEMENT: _MOVEMENT,
    HookKind.DAMAGE: _DAMAGE,
}

HOOKS: Mapping[HookKind, Mapping[str, object]] = MappingProxyType(
    {kind: MappingProxyType(impls) for kind, impls in _REGISTRY.items()}
)
"""Every hook implementation by kind and name."""


def hook_names(kind: HookKind) -> tuple[str, ...]:
    return tuple(HOOKS[kind])


def resolve_hook(kind: HookKind, name: str) -> object:
    """The implementation registered under ``name``.

    Raises:
        ValueError: No such hook of that kind.
    """
    try:
        return HOOKS[kind][name]
    except KeyError:
        known = ", ".join(HOOKS[kind])
        raise ValueError(f"hooks.{kind.value}: unknown hook {name!r} (known: {known})") from None


class _Chosen(Generic[_Hook]):
    """A :class:`HookNames` attribute: the implementation its ``kind`` field names."""

    def __init__(self, kind: HookKind, implementations: Mapping[str, _Hook]) -> None:
        self._kind = kind
        self._implementations = implementations

    def __get__(self, names: HookNames, owner: type[HookNames] | None = None) -> _Hook:
        return self._implementations[getattr(names, self._kind.value)]


@dataclass(frozen=True, slots=True)
class HookNames:
    """The hook a ruleset picks for each kind, by name (validated against the registry)."""

    initiative: str = ORCUS_HOOK
    encounter_flow: str = ORCUS_HOOK
    attack_modifiers: str = ORCUS_HOOK
    targeting: str = ORCUS_HOOK
    reactions: str = ORCUS_HOOK
    movement: str = ORCUS_HOOK
    damage: str = ORCUS_HOOK

    def __post_init__(self) -> None:
        for kind in HookKind:
            resolve_hook(kind, getattr(self, kind.value))

    # The implementation each field names, from its kind's registry.
    initiative_procedure = _Chosen(HookKind.INITIATIVE, _INITIATIVE)
    flow = _Chosen(HookKind.ENCOUNTER_FLOW, _FLOW)
    attack_modifier_rules = _Chosen(HookKind.ATTACK_MODIFIERS, _ATTACK_MODIFIERS)
    targeting_policy = _Chosen(HookKind.TARGETING, _TARGETING)
    reaction_rules = _Chosen(HookKind.REACTIONS, _REACTIONS)
    movement_policy = _Chosen(HookKind.MOVEMENT, _MOVEMENT)
    damage_policy = _Chosen(HookKind.DAMAGE, _DAMAGE)
