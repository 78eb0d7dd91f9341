"""Named hooks: the procedures a ruleset chooses by name, resolved from a registry.

A ruleset stores only hook *names* (:class:`HookNames`); an encounter file stores only the
ruleset's id, so opening a file never runs code from it. Each hook kind is one frozen
dataclass of the choices a variant can make, whose instance named ``"orcus"`` states what the
engine does today; each variant's package registers its own instances (``register_hooks``, by
the catalog), which carry the mechanic id they implement (docs/rulesets.md). The controller reads
them at its decision points (see the list in docs/rulesets.md); the rules layer reads H3.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from orcus_desktop.rules.modifiers import Modifier, ResolvedValue
from orcus_desktop.rules.ruleset.codec import decode_fields
from orcus_desktop.rules.ruleset.movement_hook import Movement

if TYPE_CHECKING:
    from orcus_desktop.rules.attack_modifiers import AttackContext, Combatant
    from orcus_desktop.rules.powers import Power
    from orcus_desktop.rules.ruleset.core import Ruleset
    from orcus_desktop.rules.statblock import StatBlock


class _Named(Protocol):
    @property
    def name(self) -> str: ...


_Hook = TypeVar("_Hook", bound=_Named)


class HookKind(StrEnum):
    """The seven hook kinds (docs/rulesets.md "Hooks")."""

    INITIATIVE = "initiative"
    """H1 (:class:`RolledInitiative`): the initiative roll and its tie-breaks."""
    ENCOUNTER_FLOW = "encounter_flow"
    """H2 (:class:`Flow`): surprise, delay, readied actions, the turn and round flow."""
    ATTACK_MODIFIERS = "attack_modifiers"
    """H3 (:class:`NoExtraModifiers`): attack modifiers beyond the shared list."""
    TARGETING = "targeting"
    """H4 (:class:`Targeting`): who may be targeted, and what a miss against cover strikes."""
    REACTIONS = "reactions"
    """H5 (:class:`Reactions`): what provokes opportunity attacks."""
    MOVEMENT = "movement"
    """H6 (``movement_hook.Movement``): moving around and through other creatures."""
    DAMAGE = "damage"
    """H7 (:class:`Damage`): damage rolls per target, falling damage and first aid."""


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
    provoking_origins: frozenset[str] = frozenset({"ranged", "far"})
    """The attacks that provoke when made next to an enemy (`Provocation.RANGED_OR_AREA`),
    by origin: 000 l.527 "Ranged and Far powers provoke opportunity attacks. Melee, Close and
    Self powers do not." (`provokes`)."""
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

    def provokes(self, origin: str) -> bool:
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


class _Table(Generic[_Hook]):
    """The implementations of one hook kind by name: 000's, then those variants register."""

    def __init__(self, cls: type[_Hook], orcus: _Hook) -> None:
        self.cls = cls
        self.implementations: dict[str, _Hook] = {ORCUS_HOOK: orcus}

    def add(self, implementation: object) -> None:
        if not isinstance(implementation, self.cls):
            raise TypeError(f"{implementation!r} is not a {self.cls.__name__}")
        known = self.implementations.get(implementation.name)
        if known is not None and known != implementation:
            raise ValueError(f"hook {implementation.name!r} is registered already, differently")
        self.implementations[implementation.name] = implementation


_INITIATIVE: Final = _Table(
    RolledInitiative, RolledInitiative(ORCUS_HOOK, 2, '000 "Initiative": "flip a coin"')
)
_FLOW: Final = _Table(Flow, Flow(ORCUS_HOOK, 'docs/rulings.md R-05; 000 "Delay", "Ready"'))
_ATTACK_MODIFIERS: Final = _Table(NoExtraModifiers, NoExtraModifiers())
_TARGETING: Final = _Table(
    Targeting, Targeting(ORCUS_HOOK, '000 "Cover": total cover cannot be targeted')
)
_REACTIONS: Final = _Table(Reactions, Reactions(ORCUS_HOOK, "docs/rulings.md R-02"))
_MOVEMENT: Final = _Table(Movement, Movement(ORCUS_HOOK, '000 "Moving Around Other Creatures"'))
_DAMAGE: Final = _Table(Damage, Damage(ORCUS_HOOK, '000 "Damage Rolls"'))

_TABLES: Final[Mapping[HookKind, _Table[Any]]] = MappingProxyType(
    {
        HookKind.INITIATIVE: _INITIATIVE,
        HookKind.ENCOUNTER_FLOW: _FLOW,
        HookKind.ATTACK_MODIFIERS: _ATTACK_MODIFIERS,
        HookKind.TARGETING: _TARGETING,
        HookKind.REACTIONS: _REACTIONS,
        HookKind.MOVEMENT: _MOVEMENT,
        HookKind.DAMAGE: _DAMAGE,
    }
)

HOOKS: Final[Mapping[HookKind, Mapping[str, object]]] = MappingProxyType(
    {kind: MappingProxyType(table.implementations) for kind, table in _TABLES.items()}
)
"""Every hook implementation by kind and name (000's, and those the variants registered)."""


def register_hooks(implementations: Iterable[object]) -> None:
    """Add a variant's hook implementations, each under its ``name`` (docs/rulesets.md "Hooks").

    The kind is the implementation's class (a ``Flow`` is an encounter-flow hook).

    Raises:
        TypeError: An object that is no hook kind's class.
        ValueError: A name already taken by a different implementation.
    """
    for implementation in implementations:
        table = next((t for t in _TABLES.values() if isinstance(implementation, t.cls)), None)
        if table is None:
            raise TypeError(f"{implementation!r} is not a hook")
        table.add(implementation)


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

    def __init__(self, kind: HookKind, table: _Table[_Hook]) -> None:
        self._kind = kind
        self._table = table

    def __get__(self, names: HookNames, owner: type[HookNames] | None = None) -> _Hook:
        return self._table.implementations[getattr(names, self._kind.value)]


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

    def check(self) -> None:
        """Every name is registered (a variant registers its own before its rulesets).

        Raises:
            ValueError: An unknown name, with the names known for its kind.
        """
        for kind in HookKind:
            resolve_hook(kind, getattr(self, kind.value))

    @classmethod
    def from_json(cls, raw: object, where: str) -> HookNames:
        """Hook names read from JSON, each checked against the registry (never code)."""
        names = decode_fields(cls, raw, where)
        names.check()
        return names

    # The implementation each field names, from its kind's registry.
    initiative_procedure = _Chosen(HookKind.INITIATIVE, _INITIATIVE)
    flow = _Chosen(HookKind.ENCOUNTER_FLOW, _FLOW)
    attack_modifier_rules = _Chosen(HookKind.ATTACK_MODIFIERS, _ATTACK_MODIFIERS)
    targeting_policy = _Chosen(HookKind.TARGETING, _TARGETING)
    reaction_rules = _Chosen(HookKind.REACTIONS, _REACTIONS)
    movement_policy = _Chosen(HookKind.MOVEMENT, _MOVEMENT)
    damage_policy = _Chosen(HookKind.DAMAGE, _DAMAGE)
