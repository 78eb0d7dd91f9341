"""Frozen combat bookkeeping stored in the encounter: initiative, turns, actions and the log.

Phase, round, initiative order, whose turn, each combatant's initiative and action budget,
and the structured combat log.

The rules numbers (hit points, conditions, durations, powers) live in the rules engine's
per-creature state; this module holds the turn-flow bookkeeping the controller keeps
(000 "Combat Step by Step", "Initiative", "Your Turn", "Outside of Your Turn").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Final

from orcus_desktop.model.frozen import freeze, with_replaced
from orcus_desktop.model.held import FREE_FIRST as FREE_FIRST
from orcus_desktop.model.held import INTERPOSERS as INTERPOSERS
from orcus_desktop.model.held import READY_SHOTS as READY_SHOTS
from orcus_desktop.model.held import CoverChoice as CoverChoice
from orcus_desktop.model.held import OwedForcedMove as OwedForcedMove
from orcus_desktop.model.held import PendingAttack as PendingAttack
from orcus_desktop.model.log_sequence import LogSequence
from orcus_desktop.model.ready_items import ReadyItem
from orcus_desktop.model.round_end import RoundEndActivity
from orcus_desktop.rules import engagement as engagement_rules
from orcus_desktop.rules.engagement import Engagement, StrikeOffer
from orcus_desktop.rules.guards import Guarding
from orcus_desktop.rules.initiative_choice import InitiativeChoice
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset.tables import ORCUS_CONVERSIONS, spend_order
from orcus_desktop.vocabulary import CreatureId

_EMPTY: Final[Mapping[str, Any]] = MappingProxyType({})


class CombatPhase(StrEnum):
    """Where the encounter stands (000 "Combat Step by Step")."""

    SETUP = "setup"
    """No combat running: placing creatures, rolling initiative."""
    SURPRISE = "surprise"
    """The surprise round (000 "Surprise"; docs/rulings.md R-05)."""
    ROUNDS = "rounds"
    """Normal rounds in initiative order."""


@dataclass(frozen=True, slots=True)
class ActionBudget:
    """The actions left in the current turn.

    000 "Your Turn": one standard, one move, one swift and free actions; a standard can be
    spent as a move or a swift action, a move as a swift action. So "can I take a move action"
    means a move slot or a standard slot is left.
    """

    standard: int = 1
    move: int = 1
    swift: int = 1

    def can_spend(
        self, kind: ActionKind, conversions: Iterable[tuple[str, str]] = ORCUS_CONVERSIONS
    ) -> bool:
        """Whether a slot of `kind`, or one that converts into it, is left.

        ``conversions`` are the ruleset's (000's by default; 003-15: none), as
        ``ActionEconomy.conversions_for`` gives them.
        """
        order = spend_order(kind.value, conversions)
        return not order or any(getattr(self, slot) > 0 for slot in order)

    def spend(
        self, kind: ActionKind, conversions: Iterable[tuple[str, str]] = ORCUS_CONVERSIONS
    ) -> ActionBudget:
        """The budget after taking one action of `kind`, using the cheapest slot that fits.

        Raises:
            ValueError: no slot left for that kind.
        """
        order = spend_order(kind.value, tuple(conversions))
        if not order:
            return self
        for slot in order:
            left = int(getattr(self, slot))
            if left > 0:
                return replace(self, **{slot: left - 1})
        raise ValueError(f"no {kind.value} action left")

    @property
    def untouched(self) -> bool:
        return self == ActionBudget()


NO_ACTIONS = ActionBudget(0, 0, 0)


@dataclass(frozen=True, slots=True)
class ReadiedAction:
    """A readied action waiting for its trigger (000 "Ready").

    Attributes:
        kind: the readied action's type (standard, move or swift).
        trigger: the circumstances, as the GM typed them.
        description: what the creature will do.
        round_readied: the round it was readied in; it lapses when the creature's next turn
            comes (000 "Initiative Consequences of Readying").
    """

    kind: ActionKind
    trigger: str
    description: str = ""
    round_readied: int = 0


@dataclass(frozen=True, slots=True)
class Combatant:
    """One creature's place in the initiative and its turn bookkeeping.

    Attributes:
        creature_id: the creature.
        initiative: the current initiative result (changed by delay, ready or the GM).
        initiative_roll: the d20 rolled, or None when the GM typed the result.
        initiative_modifier: the creature's initiative modifier (for ties).
        tie_break: a recorded coin flip: higher goes first among equal results and modifiers.
        tie_order: a recorded place among equal results where the ruleset breaks ties without
            the modifier (003-12, alternating sides): higher first; 0 where it does not.
        group: creatures rolled together share one group name and one roll.
        surprised: surprised at the start of the encounter (000 "Surprise").
        acted_round: the last round in which this creature took (or lost) its turn; -1 before
            its first (the surprise round is round 0).
        delaying: delayed its turn and waits to re-enter (000 "Delay").
        readied: a readied action waiting for its trigger, if any.
        budget: the actions left this turn.
        turn_budget: the actions the turn started with (to tell whether any were taken).
        immediate_used: an immediate action (or opportunity attack) was taken since the start
            of its last turn (000 "Immediate Actions": one per round).
        opportunity_turn: the turn ("round/creature") of its last opportunity attack where
            opportunity attacks do not use the immediate action (002-05, 004-08: one per
            provoking creature's turn; `Combat.group_turn_key`: a 003 group's turn is
            one turn), or "".
        action_point_spent: spent its action point this encounter.
        spent_action_point_turn: whether the action point was spent in the current turn.
        moved_squares: squares moved willingly this turn.
        walk_left: squares of movement an interrupt's forced movement left of its walk, to
            use in its next walk this turn with no new action (003-18), or 0.
        out_of_turn: an action this creature may take right now outside its turn (a triggered
            readied action, an offered opportunity attack), or None.
        turn_started_round: the round whose start-of-turn work was last done for it (a
            delaying creature re-entering does not take persistent damage twice).
        initiative_check: the check it rolled under 001 ("awareness"...; 001-01), "" under
            000; then ties fall by 001-03's ladder (`tie_break`), not by the modifier.
    """

    creature_id: CreatureId
    initiative: int = 0
    initiative_roll: int | None = None
    initiative_modifier: int = 0
    tie_break: int = 0
    tie_order: int = 0
    group: str | None = None
    surprised: bool = False
    acted_round: int = -1
    delaying: bool = False
    readied: ReadiedAction | None = None
    budget: ActionBudget = field(default_factory=ActionBudget)
    turn_budget: ActionBudget = field(default_factory=ActionBudget)
    immediate_used: bool = False
    opportunity_turn: str = ""
    action_point_spent: bool = False
    spent_action_point_turn: bool = False
    moved_squares: int = 0
    walk_left: int = 0
    out_of_turn: ActionKind | None = None
    turn_started_round: int = -1
    initiative_check: str = ""

    def took_opportunity_on(self, turn: str) -> bool:
        """Whether it took an opportunity attack on that turn (`Combat.turn_key`)."""
        return bool(turn) and self.opportunity_turn == turn

    def sort_key(self) -> tuple[int, int, int, int]:
        """Higher first: result, then modifier, then the coin (000 "Initiative").

        A recorded ``tie_order`` (003-12) comes before the modifier; it is 0 under 000.
        001-03: a creature that rolled a chosen check ties by the ladder alone.
        """
        modifier = 0 if self.initiative_check else self.initiative_modifier
        return (-self.initiative, -self.tie_order, -modifier, -self.tie_break)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One structured combat-log event; the UI formats it, the document keeps it.

    Attributes:
        seq: position in the log (1, 2, ...).
        round: the round it happened in (0 outside combat).
        kind: what happened ("initiative", "turn_start", "attack", "damage", "save", ...).
        actor: who did it, if anyone.
        targets: who it happened to.
        data: JSON-like details: every roll with its dice and modifiers, every state change.
    """

    seq: int
    round: int
    kind: str
    actor: CreatureId | None = None
    targets: tuple[CreatureId, ...] = ()
    data: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)


class AidKind(StrEnum):
    """000 "Help Attack" / "Help Defense"."""

    ATTACK = "attack"
    DEFENSE = "defense"


@dataclass(frozen=True, slots=True)
class Aid:
    """A pending Help Attack or Help Defense bonus (000 "Actions in Combat").

    +2 to the ally's next attack roll against the enemy (attack), or to the ally's defenses
    against the enemy's next attack against it (defense); "if not used, this bonus expires at
    the end of your next turn".

    Attributes:
        kind: attack or defense.
        helper: who helped.
        ally: who benefits.
        enemy: the creature the help is about.
        round_given: the round the help was given (it expires at the end of the helper's
            next turn, i.e. the helper's turn end in a later round).
    """

    kind: AidKind
    helper: CreatureId
    ally: CreatureId
    enemy: CreatureId
    round_given: int


@dataclass(frozen=True, slots=True)
class Maintained:
    """A power kept going by concentration (000 "Maintain").

    Attributes:
        owner: who maintains it.
        power: the power's name; the effects it imposed carry it as their source.
        kind: the action it takes each turn to maintain it.
        maintained: whether the owner maintained it (or used it) during its current turn.
    """

    owner: CreatureId
    power: str
    kind: ActionKind
    maintained: bool = True


@dataclass(frozen=True, slots=True)
class EscalationSet:
    """The escalation die as the GM last set it (003-14 "Start Over" / "Keep Initiative").

    The die then grows from ``value`` with each later round the ruleset escalates in.
    """

    value: int
    round: int


@dataclass(frozen=True, slots=True)
class Forcing:
    """003-46: the GM's "Forced" switch, on for one turn (docs/rulings.md R-97).

    It is part of the turn, not of one action: while it holds, every move and power use of
    another creature the GM makes is the forcer's forced action, so it is saved with the
    encounter and turned on or off as one undo step.

    Attributes:
        forcer: the creature whose turn it is; its move or standard action pays.
        round: the round of that turn; once the turn has passed the switch is off.
    """

    forcer: CreatureId
    round: int


@dataclass(frozen=True, slots=True)
class TurnSight:
    """001-20: whom ``viewer`` could see when its current turn started (001 l.226)."""

    viewer: CreatureId
    seen: frozenset[CreatureId]


@dataclass(frozen=True, slots=True)
class Combat:
    """The encounter's combat state.

    Attributes:
        phase: setup, surprise round or normal rounds.
        round: the current round: 0 is the surprise round (and before combat), then 1, 2, ...
        order: the initiative order (creature ids, first to act first); delaying creatures
            stay listed at their old place until they re-enter.
        current: whose turn it is, or None between turns and outside combat.
        combatants: the bookkeeping of every creature in the initiative.
        log: the combat log, oldest first; the versions of one encounter's log share their
            entries (`LogSequence`), so undo snapshots do not copy it.
        aids: pending Help Attack / Help Defense bonuses.
        maintained: powers kept going by concentration (000 "Maintain").
        pending: an attack waiting for the opportunity attacks it provoked, or None.
        owed_forced_moves: forced movement hits imposed that the GM has still to place, in
            the order the attack listed them.
        engagements: 001's Engaged With pairs (001-25; `rules.engagement`), empty under
            the other rulesets.
        strike_offers: 001's Counter Strike! and Free Strike! offered now (001-23/24).
        guards: 001's Block, Dodge and Dispel actions taken (001-28; `rules.guards`).
        escalation_set: the escalation die's last reset (003-14), or None: it has grown from
            0 since combat started.
        initiative_choices: 001's initiative check and tie choice per creature (001-01..03),
            kept for the whole combat; empty under the other rulesets.
        turn_sight: 001's start-of-turn sight snapshot (001-20), None under the others.
        monster_groups: the GM's monster groups, (creature, group name) pairs (003-07,
            `controller.monster_groups`); kept when combat ends, empty under the others.
        round_end_activities: 001's end-of-round activities the GM listed (001-04).
        ready_items: 001's items each creature holds ready (001-34); kept when combat ends.
        forcing: 003-46's "Forced" switch as the GM set it, or None (`forcer` says if it
            still holds).
        cover_choices: 004's hits a covering creature may choose to take (004 l.760, R-154).
    """

    phase: CombatPhase = CombatPhase.SETUP
    round: int = 0
    order: tuple[CreatureId, ...] = ()
    current: CreatureId | None = None
    combatants: tuple[Combatant, ...] = ()
    log: LogSequence[LogEntry] = field(default_factory=LogSequence)
    aids: tuple[Aid, ...] = ()
    maintained: tuple[Maintained, ...] = ()
    pending: PendingAttack | None = None
    owed_forced_moves: tuple[OwedForcedMove, ...] = ()
    engagements: tuple[Engagement, ...] = ()
    strike_offers: tuple[StrikeOffer, ...] = ()
    escalation_set: EscalationSet | None = None
    initiative_choices: tuple[InitiativeChoice, ...] = ()
    guards: tuple[Guarding, ...] = ()
    turn_sight: TurnSight | None = None
    monster_groups: tuple[tuple[CreatureId, str], ...] = ()
    round_end_activities: tuple[RoundEndActivity, ...] = ()
    ready_items: tuple[ReadyItem, ...] = ()
    forcing: Forcing | None = None
    cover_choices: tuple[CoverChoice, ...] = ()

    @property
    def active(self) -> bool:
        return self.phase is not CombatPhase.SETUP

    @property
    def turn_key(self) -> str:
        """The current turn as "round/creature" ("" between turns and outside combat)."""
        return f"{self.round}/{self.current}" if self.active and self.current else ""

    def shown_group(self, creature_id: str) -> str | None:
        """The monster group whose row shows the creature: None while it delays (003-07).

        docs/rulings.md R-107: a delaying member has left the group's turn, so the initiative
        table and the players' strip show it on its own.
        """
        entry = self.find(creature_id)
        return None if entry is None or entry.delaying else entry.group

    def turn_sharers(self, creature_id: str) -> tuple[CreatureId, ...]:
        """The others sharing the group turn `creature_id` is in now (order of the order).

        003-07: members of its group whose turn started this round and who have not ended it,
        delaying ones left out; () for a creature acting alone and outside combat. No group
        turn starts under rulesets without them, so () there too.
        """
        entry = self.find(creature_id)
        if not self.active or entry is None or entry.group is None:
            return ()
        if entry.turn_started_round != self.round or entry.acted_round >= self.round:
            return ()
        out: list[CreatureId] = []
        for cid in self.order:
            c = self.combatant(cid)
            if cid == creature_id or c.group != entry.group or c.delaying:
                continue
            if c.turn_started_round == self.round and c.acted_round < self.round:
                out.append(cid)
        return tuple(out)

    def group_turn_key(self, group_turns: bool) -> str:
        """The turn now for what counts once a turn, a monster group's turn as one.

        `turn_key`, but where monster groups share one turn (`group_turns`: 003-07, 003 l.135
        "Combat turn: Turn of action for a single PC or group of monsters") the same whichever
        member acts, from the turn's start to its end, also once the member that acted first
        delays, leaves combat or drops (docs/rulings.md R-106, R-107, R-109, R-111); ""
        between turns and outside combat.
        """
        key = self.turn_key
        entry = self.find(self.current) if key and self.current else None
        if not group_turns or entry is None or entry.group is None or entry.delaying:
            return key
        return f"{self.round}/group {entry.group}"

    def reaction_taken(self, combatant: Combatant, group_turns: bool) -> bool:
        """Whether `combatant` took its opportunity attack of the turn now (R-106).

        Kept per `group_turn_key`. A file saved before kept a group's turn under the first
        member sharing it ("3/g1"): that mark still counts for the turn it was taken in.
        """
        if combatant.took_opportunity_on(self.group_turn_key(group_turns)):
            return True
        if not group_turns or not self.turn_key or self.current is None:
            return False
        members = (self.current, *self.turn_sharers(self.current))
        return any(combatant.took_opportunity_on(f"{self.round}/{m}") for m in members)

    @property
    def forcer(self) -> CreatureId | None:
        """Who forces others to act now (003-46): the switch's forcer in its own turn, or None."""
        f = self.forcing
        if f is None or not self.active or self.current != f.forcer or self.round != f.round:
            return None
        return f.forcer

    def maintained_entry(self, owner: str, power: str) -> Maintained | None:
        """The owner's entry for the power (000 "Maintain"), or None when it maintains none."""
        return next((m for m in self.maintained if (m.owner, m.power) == (owner, power)), None)

    def combatant(self, creature_id: str) -> Combatant:
        """The bookkeeping for `creature_id`.

        Raises:
            KeyError: the creature is not in the initiative.
        """
        combatant = self.find(creature_id)
        if combatant is None:
            raise KeyError(creature_id)
        return combatant

    def find(self, creature_id: str) -> Combatant | None:
        """The bookkeeping for `creature_id`, or None when it is not in the initiative."""
        return next((c for c in self.combatants if c.creature_id == creature_id), None)

    def with_combatant(self, combatant: Combatant) -> Combat:
        """A copy with `combatant` replacing the one for the same creature, or added."""
        return replace(
            self, combatants=with_replaced(self.combatants, combatant, lambda c: c.creature_id)
        )

    def without(self, creature_id: str) -> Combat:
        """A copy without the creature (removed from the map or from combat)."""
        return replace(
            self,
            combatants=tuple(c for c in self.combatants if c.creature_id != creature_id),
            order=tuple(i for i in self.order if i != creature_id),
            current=None if self.current == creature_id else self.current,
            aids=tuple(a for a in self.aids if creature_id not in (a.helper, a.ally, a.enemy)),
            # What it maintains ends with it (000 "Maintain"; 004-18's held grapple, R-211).
            maintained=tuple(m for m in self.maintained if m.owner != creature_id),
            pending=None if self.pending is None else self.pending.without(creature_id),
            owed_forced_moves=tuple(
                m for m in self.owed_forced_moves if creature_id not in (m.target, m.source)
            ),
            engagements=engagement_rules.without(self.engagements, creature_id),
            initiative_choices=tuple(
                c for c in self.initiative_choices if c.creature_id != creature_id
            ),
            strike_offers=tuple(
                o for o in self.strike_offers if creature_id not in (o.reactor, o.target)
            ),
            cover_choices=tuple(
                c
                for c in self.cover_choices
                if creature_id not in (c.coverer, c.target, c.attacker)
            ),
            guards=tuple(g for g in self.guards if g.creature != creature_id),
            monster_groups=tuple(g for g in self.monster_groups if g[0] != creature_id),
            ready_items=tuple(r for r in self.ready_items if r.creature_id != creature_id),
            forcing=None
            if self.forcing is not None and self.forcing.forcer == creature_id
            else self.forcing,
            turn_sight=None
            if self.turn_sight is None or self.turn_sight.viewer == creature_id
            else TurnSight(self.turn_sight.viewer, self.turn_sight.seen - {creature_id}),
        )

    def engaged_with(self, creature_id: str) -> CreatureId | None:
        """Whom the creature is Engaged With (001-25), or None."""
        return engagement_rules.engaged_with(self.engagements, creature_id)

    def engaged_by(self, creature_id: str) -> tuple[CreatureId, ...]:
        """Who the creature is Engaged By (001-25), first engager first."""
        return engagement_rules.engaged_by(self.engagements, creature_id)

    def waiting_for(self, opportunity_attacks: str) -> str:
        """What the held step waits for, as the log and the Actions panel say it ("" if none).

        The one wording of the offers a held attack or walk waits for (000 "Immediate
        Actions"): someone stepping in (001-10/29, `INTERPOSERS`), 001's strikes by their name
        (001-23/24), a triggered 003-52 Ready Ranged Attack's shot when only readied shots are
        offered (`READY_SHOTS`, docs/rulings.md R-110), else the opportunity attacks, named as
        the ruleset names them (`opportunity_attacks`: 004 "attacks of opportunity"; the
        controller's `waiting.py::waits_for` passes the ruleset's word).
        """
        held = self.pending
        if held is None:
            return ""
        if held.options.get(INTERPOSERS):
            return "anyone stepped in"
        offered = [
            c.creature_id for c in self.combatants if c.out_of_turn is ActionKind.OPPORTUNITY
        ]
        strikes = [o.kind.label for c in offered if (o := self.strike_offer(c)) is not None]
        if offered and len(strikes) == len(offered):
            return " and ".join(f"the {title}" for title in sorted(set(strikes)))
        if offered and set(offered) <= set(held.options.get(READY_SHOTS, ())):
            return "the readied attack" if len(offered) == 1 else "the readied attacks"
        return f"the {opportunity_attacks}"

    def strike_offer(self, reactor_id: str) -> StrikeOffer | None:
        """The Counter or Free Strike! offered to `reactor_id` now (001-23/24), or None."""
        combatant = self.find(reactor_id)
        if combatant is None or combatant.out_of_turn is not ActionKind.OPPORTUNITY:
            return None
        return next((o for o in self.strike_offers if o.reactor == reactor_id), None)

    def after_the_fight(self) -> Combat:
        """What outlives the fight: its log, monster groups (003-07) and ready items (001-34)."""
        return Combat(
            log=self.log, monster_groups=self.monster_groups, ready_items=self.ready_items
        )

    def logged(
        self,
        kind: str,
        actor: CreatureId | None = None,
        targets: tuple[CreatureId, ...] = (),
        data: Mapping[str, Any] | None = None,
    ) -> Combat:
        """A copy with one more log entry."""
        entry = LogEntry(
            seq=len(self.log) + 1,
            round=self.round,
            kind=kind,
            actor=actor,
            targets=targets,
            data=freeze(data) if data else _EMPTY,
        )
        return replace(self, log=self.log.appended(entry))
