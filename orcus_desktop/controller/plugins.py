"""The plug-in API for rulesets: the hooks a variant's code may register with the core.

A variant (001 Strike!, 004 Alloy Heroes, ...) is one frozen `Variant`: the ruleset ids it
applies to and a tuple of functions per hook kind. The core calls the hooks of the variants
that apply to the encounter's ruleset (`active`) at its decision points, through the folds
below; it never imports a variant. The variants are registered by the composition root (the
registry `controller/variants/__init__.py`, handed to `CombatRules` by the session), so a
ruleset's data stays data: a ruleset names its data hooks (`rules/ruleset/hooks.py`), an
encounter file names only its ruleset id, and code is found here, never by a name in a file.

Hook kinds (docs/architecture.md "How to add a variant mechanic"):

- `held_before`: a use case's step, held before it is committed for what must come first
  (001-24's Free Strikes!, R-153); given the use case and its arguments to run again later.
- `after_step`: every step a use case makes, before it is committed (reactions it provokes).
- `attack_adjusters`: a target's `AttackContext` as the variant sees it (modifiers, cover).
- `attack_logged`: an attack once it is logged (what it strikes instead, notes for the GM).
- `attack_holds`: an attack (or charge, or walk) that waits before it resolves, for someone
  who may step in or strike first.
- `turn_starts`, `turn_ends`, `round_ends`: turn-boundary rules work.
- `initiative`: how a creature's initiative check is made and how ties are broken.
- `budget_problems`: the variant's "why not" for an action its budget refuses.
- `actions`: the variant's own actions with their "why not", which the availability table
  lists beside 000's (`AvailableActions.variants`).
- `offered_reactions`: what a reaction offered to a creature is called (log and prompts) and
  what taking or passing it settles.
- `held_steps`: how a step the variant holds (`PendingAttack.kind`) goes on once its
  interrupts are settled.
- `action_powers`: the powers behind the ids of its ruleset's own actions
  (``actions.extra_actions``), which the Actions panel lists (`ruleset_powers`).
- `waiting_questions`: what the variant's held step asks the GM (`waiting_decisions`), and
  the GM's "let it pass".
- `move_problems`: the variant's "why not" for a move (003-41: no move after a charge).
- `power_problems`: the variant's "why not" for a power (001-34: a Shoot! needs a ready
  ranged weapon), which the availability table and `use_power` ask.
- `charge_moved`: a charge once its move is logged, before its attack (003-41 Hindered).
- `forced_moves`: a forced move the GM placed: whether it is negated before the target
  moves, and what its end does after (003-27 grabbed, 003-43 collisions, 003-45 the edge).
- `walk_triggers`: readied attacks a walk sets off on its way (003-52), and the offers they
  make (`readied_offers`: the power a readied reaction attacks with).
- `turn_flow`: a variant's own shape of the turns around 000's order (003-07 a monster
  group's one turn, 003-08/10 the opening and the lost first turn): each part it leaves
  None is 000's (`turn_order`).
- `redirects`: while a variant's switch holds, a creature's walk or attack is another's
  action, and so are its preview, its reach and its powers offered (003-46 Forced).
- `round_counters`: what the round shows beside its number (003-13 the escalation die).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from orcus_desktop.controller.attacks.attack_choices import AttackChoices
    from orcus_desktop.controller.availability.table import AvailableActions
    from orcus_desktop.controller.combat_rules import CombatRules, QueuedSource
    from orcus_desktop.controller.engine import Engine
    from orcus_desktop.controller.log.records import Attack
    from orcus_desktop.controller.movement.movement import ForcedMoveDetails
    from orcus_desktop.controller.outcomes import MovePreview, Outcome
    from orcus_desktop.controller.turns import turn_order
    from orcus_desktop.controller.turns.waiting_decisions import Decision
    from orcus_desktop.geometry.battlefield import Battlefield
    from orcus_desktop.geometry.grid import Square
    from orcus_desktop.model.combat import Combatant, PendingAttack
    from orcus_desktop.model.encounter import Creature, Encounter
    from orcus_desktop.rules.attack_modifiers import AttackContext
    from orcus_desktop.rules.powers import ActionKind, Power
    from orcus_desktop.rules.ruleset import Ruleset
    from orcus_desktop.vocabulary import CreatureId, MoveMode


AfterStep = Callable[["Engine", "Encounter", "Outcome"], "Outcome"]
"""(engine, the snapshot before, the use case's outcome) -> the outcome the session commits."""

HeldBefore = Callable[
    ["Engine", "Encounter", "Outcome", Callable[..., "Outcome"], Sequence[Any], Mapping[str, Any]],
    "Outcome",
]
"""(engine, the snapshot before, the outcome, the use case, its args, its kwargs) -> outcome."""


@dataclass(frozen=True, slots=True)
class AttackAt:
    """One target of an attack being staged, as the variants' adjusters see it."""

    engine: Engine
    encounter: Encounter
    field: Battlefield
    attacker_id: str
    target_id: str
    power: Power
    choices: AttackChoices


AttackAdjuster = Callable[["AttackAt", "AttackContext"], "AttackContext"]
"""(the attack at one target, its context so far) -> the context as the variant sees it."""

AttackLogged = Callable[["Engine", "Encounter", str, "Attack"], "Encounter"]
"""(engine, the encounter with the attack logged, attacker, its log record) -> after."""

TurnHook = Callable[["Engine", "Encounter", "CreatureId"], "Encounter"]
"""(engine, encounter, the creature whose turn starts or ends) -> the encounter after."""

RoundHook = Callable[["Engine", "Encounter"], "Encounter"]
"""(engine, the encounter whose round ends) -> the encounter after its end-of-round work."""

BudgetProblem = Callable[["Ruleset", "Combatant", "ActionKind", str], str]
"""(ruleset, combatant, kind, its name) -> why its budget refuses the kind, or ""."""


@dataclass(frozen=True, slots=True)
class VariantAction:
    """One of the variant's own actions (001's Withdraw, Hide...) and its "why not"."""

    key: str
    """Its name in the availability table (`AvailableActions.variant`)."""
    label: str
    """What the GM reads."""
    problem: Callable[[Engine, Encounter, str], str]
    """Why the creature cannot take it now, or "" (the use case refuses with the same words)."""


@dataclass(frozen=True, slots=True)
class InitiativeHook:
    """A variant's initiative check (001-01..03): its modifier, its log terms, its tie ladder."""

    modifier: Callable[[Engine, Encounter, str], int | None]
    """The creature's initiative modifier, or None for the stat block's (R-18)."""
    terms: Callable[[Engine, Encounter, str], str]
    """The situational terms of the modifier, for the log line ("" for none)."""
    after_roll: Callable[[Engine, Encounter, Iterable[str]], Encounter]
    """The order once these creatures' initiatives are rolled or set (ties broken)."""


@dataclass(frozen=True, slots=True)
class AttackHold:
    """Who may act before an attack resolves, and the attack held for them (001-10, 001-23/24)."""

    declared: Callable[[Engine, Encounter, PendingAttack, Power, AttackChoices], Encounter | None]
    """The encounter with the attack held for those who may step in as its target, or None."""
    strikes_first: Callable[[Engine, Encounter, str, Power, Sequence[str]], bool]
    """Whether a target strikes before this attack (the attack then waits for it)."""
    before_action: Callable[[Engine, Encounter, str, Power, Sequence[str]], tuple[CreatureId, ...]]
    """Who may strike the actor before its action with this power (the action waits)."""
    before_move: Callable[[Engine, Encounter, str], tuple[CreatureId, ...]]
    """Who may strike the actor before a move that is its action (the move waits)."""


@dataclass(frozen=True, slots=True)
class OfferedReaction:
    """A reaction the variant offers as an opportunity action (001-23/24's strikes)."""

    name: Callable[[Encounter, str], str]
    """What the reactor's offer is called, for the log and the prompt ("" if not this one)."""
    settled: Callable[[Encounter, str, bool], Encounter]
    """The encounter once the reactor took (True) or let pass (False) its offer."""


@dataclass(frozen=True, slots=True)
class HeldStep:
    """A step the variant holds in `combat.pending` under its own kind (001-24's Withdraw)."""

    kind: str
    """`PendingAttack.kind` of the held step."""
    finish: Callable[[Engine, Encounter, PendingAttack], Encounter]
    """The held step going on once what it waited for is settled (pending already cleared)."""


@dataclass(frozen=True, slots=True)
class WaitingQuestion:
    """A question the variant asks the GM before the turn may end (R-117)."""

    kind: str
    """The `Decision.kind` it asks under."""
    asked: Callable[[Engine, Encounter], tuple[Decision, ...]]
    """The decisions that wait for the GM now (none when nothing asks)."""
    let_pass: Callable[[Engine, Encounter, CreatureId], Outcome]
    """The GM's "let it pass" for the question, for the creature that answers it."""
    of_held_step: bool = False
    """Asked right after the held step it belongs to (001's "Against who?"), else after the
    readied actions (004's covering creature's choice)."""


MoveProblem = Callable[["CombatRules", "Encounter", str], str]
"""(rules, encounter, creature) -> why the variant's rules keep it from moving now, or ""."""

PowerProblem = Callable[["CombatRules", "Encounter", str, "Power"], str]
"""(rules, encounter, creature, power) -> why the variant's rules keep it from using the power
now, or "" (001-34: a Shoot! with no ranged weapon ready)."""

ChargeMoved = Callable[["Engine", "Encounter", str], "Encounter"]
"""(engine, the encounter once a charge's move is logged, the charger) -> the encounter its
attack is made in."""


@dataclass(frozen=True, slots=True)
class ForcedMoveEnd:
    """A forced move its target has just made, as `ForcedMoveRules.placed` sees it."""

    target_id: str
    details: ForcedMoveDetails
    moved: int
    """Squares moved."""
    squares: int
    """Squares the power owed."""
    dice: QueuedSource


ForcedMoveChoices = Callable[
    ["Engine", "Encounter", str, "Square", bool], tuple[tuple[str, str], ...]
]
"""(engine, encounter, target, the square it ends on, ended short) -> (answer, text) pairs."""


def _no_forced_move_choices(
    engine: Engine, encounter: Encounter, target_id: str, destination: Square, short: bool
) -> tuple[tuple[str, str], ...]:
    return ()


@dataclass(frozen=True, slots=True)
class ForcedMoveRules:
    """What the variant does with a forced move the GM placed (003-27, 003-43, 003-45)."""

    negated: Callable[[Engine, Encounter, str, Square, QueuedSource], tuple[Encounter, bool]]
    """Before the target moves to the square: the encounter, and whether the move is negated."""
    placed: Callable[[Engine, Encounter, ForcedMoveEnd], Encounter]
    """After the target moved: what its end does."""
    choices: ForcedMoveChoices = _no_forced_move_choices
    """What the GM confirms about how the move ended, as `force_move`'s ``collided_with`` (an
    id, or "obstacle") or ``over_edge`` ("edge"); "" for neither. None asked: ()."""


@dataclass(frozen=True, slots=True)
class WalkTriggers:
    """Readied attacks a walk sets off on its way (003-52 Ready Melee / Ranged Attack)."""

    at: Callable[[Engine, Encounter, Creature, Sequence[Square]], Mapping[str, int]]
    """Each readier the walk triggers, with the index of the path's square where it does."""
    passed: Callable[[Engine, Encounter, Encounter, str, Sequence[Square], int | None], Encounter]
    """(engine, before, after, mover, path, up to) -> `after` noting the readiers the walk passed
    where they could not answer (R-112)."""
    fired: Callable[[Engine, Encounter, Sequence[str], str], tuple[Encounter, Mapping[str, Any]]]
    """(engine, encounter, readiers, mover) -> the readied actions triggered, and what the held
    walk keeps of them (its options)."""
    settled_keys: tuple[str, ...] = ()
    """The held walk's options that an earlier wait's settled offers leave behind."""


@dataclass(frozen=True, slots=True)
class ReadiedOffer:
    """An offered reaction attack that is a readied one (003-52's Ready Ranged Attack)."""

    offered: Callable[[Encounter, str], bool]
    """Whether the attack offered to the reactor now is this readied one."""
    power: Callable[[Engine, Encounter, str], Power | None]
    """The power it attacks with (None: the reactor has none)."""


@dataclass(frozen=True, slots=True)
class ActionRedirect:
    """While a variant's switch holds, a creature's walk or attack is another's (003-46 Forced).

    The redirected actions are use cases the session runs in place of 000's; the actor is
    handed to each as its last argument.
    """

    actor: Callable[[Engine, Encounter, str], str | None]
    """Who acts through the creature now, or None: it acts for itself."""
    walk: Callable[[Engine, Encounter, str, Square, str, MoveMode], Outcome]
    """(engine, encounter, creature, destination, actor, mode) -> the move, as the actor's
    action (or refused in the table's words for a mode it does not redirect, R-228)."""
    attack: Callable[
        [Engine, Encounter, str, str, Sequence[str], str, Sequence[int], AttackChoices], Outcome
    ]
    """(engine, encounter, creature, power, targets, actor, dice, choices) -> the attack."""
    preview: Callable[[Engine, Encounter, str, Square, MoveMode], MovePreview]
    """The redirected move's preview to a square."""
    reachable: Callable[[Engine, Encounter, str, MoveMode], frozenset[Square]]
    """Where the redirected move may end."""
    available: Callable[[Engine, Encounter, str, str, AvailableActions], AvailableActions]
    """(engine, encounter, creature, actor, what it could do) -> what it can do for the actor."""


@dataclass(frozen=True, slots=True)
class RoundCounter:
    """A number the round shows beside it (003-13's escalation die)."""

    label: str
    """What it is called, lower case as a heading reads it ("escalation die")."""
    value: Callable[[Engine, Encounter], int | None]
    """Its value now, or None when the ruleset has none."""


EndTurn = Callable[["Encounter"], "Encounter"]
"""End the current turn and start the next, as a function of the encounter."""


@dataclass(frozen=True, slots=True)
class TurnFlow:
    """A variant's own shape of the turns (003-07, 003-08, 003-10); None: 000's part."""

    turn_hooks: Callable[[Engine, turn_order.TurnHooks], turn_order.TurnHooks] | None = None
    """The start-of-turn hooks as the variant runs them (a group's turn starting at once)."""
    turn_end: Callable[[Engine, turn_order.TurnHook], turn_order.TurnHook] | None = None
    """The end-of-turn hook as the variant runs it (a group's turn ending for all)."""
    roll_groups: (
        Callable[[Engine, Encounter, Iterable[str], Mapping[str, str]], dict[str, str]] | None
    ) = None
    """The group each creature rolls initiative with (000: the groups asked for)."""
    joined: Callable[[Engine, Encounter, Iterable[str]], Encounter] | None = None
    """The order once creatures joined a running combat (a group's newcomers take its value)."""
    unit_of: Callable[[Engine, Encounter, str], tuple[str, ...]] | None = None
    """Who shares the creature's initiative value (000: itself)."""
    place_before: Callable[[Engine, Encounter, str, str], Encounter] | None = None
    """The creature (its unit) placed to act right before another."""
    delay: Callable[[Engine, Encounter, str, turn_order.TurnHooks], Encounter] | None = None
    """The current creature delays."""
    resumed: Callable[[Engine, Encounter, str], Encounter] | None = None
    """A delayer re-entered the order."""
    leave_turn: Callable[[Engine, Encounter, str, turn_order.TurnHooks], Encounter] | None = None
    """The current creature leaves combat: its turn passes on."""
    start_combat: (
        Callable[[Engine, Encounter, turn_order.TurnHooks, EndTurn], Encounter] | None
    ) = None
    """Combat starts (000: the surprise round if some are surprised, else round 1)."""
    turns_lost: Callable[[Engine, Encounter, EndTurn], Encounter] | None = None
    """The turns lost once the current turn is settled (000: none)."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One ruleset variant's code: the ruleset ids it applies to and its hooks, by kind."""

    name: str
    ruleset_ids: frozenset[str]
    held_before: tuple[HeldBefore, ...] = ()
    after_step: tuple[AfterStep, ...] = ()
    attack_adjusters: tuple[AttackAdjuster, ...] = ()
    attack_holds: tuple[AttackHold, ...] = ()
    attack_logged: tuple[AttackLogged, ...] = ()
    turn_starts: tuple[TurnHook, ...] = ()
    turn_ends: tuple[TurnHook, ...] = ()
    round_ends: tuple[RoundHook, ...] = ()
    initiative: tuple[InitiativeHook, ...] = ()
    budget_problems: tuple[BudgetProblem, ...] = ()
    actions: tuple[VariantAction, ...] = ()
    offered_reactions: tuple[OfferedReaction, ...] = ()
    held_steps: tuple[HeldStep, ...] = ()
    waiting_questions: tuple[WaitingQuestion, ...] = ()
    action_powers: tuple[tuple[str, Power], ...] = ()
    move_problems: tuple[MoveProblem, ...] = ()
    power_problems: tuple[PowerProblem, ...] = ()
    charge_moved: tuple[ChargeMoved, ...] = ()
    forced_moves: tuple[ForcedMoveRules, ...] = ()
    turn_flow: TurnFlow | None = None
    walk_triggers: tuple[WalkTriggers, ...] = ()
    readied_offers: tuple[ReadiedOffer, ...] = ()
    redirects: tuple[ActionRedirect, ...] = ()
    round_counters: tuple[RoundCounter, ...] = ()

    def applies_to(self, ruleset: Ruleset) -> bool:
        return ruleset.id in self.ruleset_ids


NO_VARIANTS: Final[tuple[Variant, ...]] = ()
"""Orcus (000) alone: the core with no variant registered."""


def active(rules: CombatRules) -> tuple[Variant, ...]:
    """The registered variants that apply to the rules' ruleset now."""
    return tuple(v for v in rules.variants if v.applies_to(rules.ruleset))


# -- the folds the core calls ------------------------------------------------------------------


def held_before(
    engine: Engine,
    before: Encounter,
    outcome: Outcome,
    use_case: Callable[..., Outcome],
    args: Sequence[Any],
    kwargs: Mapping[str, Any],
) -> Outcome:
    """The outcome after every active variant's `held_before` (the step may come back held)."""
    for variant in active(engine.rules):
        for hook in variant.held_before:
            outcome = hook(engine, before, outcome, use_case, args, kwargs)
    return outcome


def after_step(engine: Engine, before: Encounter, outcome: Outcome) -> Outcome:
    """The outcome after every active variant's `after_step`, in registration order."""
    for variant in active(engine.rules):
        for hook in variant.after_step:
            outcome = hook(engine, before, outcome)
    return outcome


def adjust_attack(at: AttackAt, ctx: AttackContext) -> AttackContext:
    """The target's attack context after every active variant's adjusters."""
    for variant in active(at.engine.rules):
        for hook in variant.attack_adjusters:
            ctx = hook(at, ctx)
    return ctx


def attack_logged(
    engine: Engine, encounter: Encounter, attacker_id: str, record: Attack
) -> Encounter:
    """The encounter after every active variant's word on the logged attack."""
    for variant in active(engine.rules):
        for hook in variant.attack_logged:
            encounter = hook(engine, encounter, attacker_id, record)
    return encounter


def _holds(engine: Engine) -> tuple[AttackHold, ...]:
    return tuple(h for v in active(engine.rules) for h in v.attack_holds)


def declared(
    engine: Engine,
    encounter: Encounter,
    held: PendingAttack,
    power: Power,
    choices: AttackChoices,
) -> Encounter | None:
    """The first active hold that holds this attack for someone stepping in, or None."""
    for hold in _holds(engine):
        asked = hold.declared(engine, encounter, held, power, choices)
        if asked is not None:
            return asked
    return None


def strikes_first(
    engine: Engine, encounter: Encounter, attacker_id: str, power: Power, targets: Sequence[str]
) -> bool:
    """Whether an active hold lets a target strike before this attack."""
    return any(
        h.strikes_first(engine, encounter, attacker_id, power, targets) for h in _holds(engine)
    )


def before_action(
    engine: Engine, encounter: Encounter, actor_id: str, power: Power, targets: Sequence[str]
) -> tuple[CreatureId, ...]:
    """Who may strike the actor before its action with `power` (every active hold's)."""
    return tuple(
        c
        for h in _holds(engine)
        for c in h.before_action(engine, encounter, actor_id, power, targets)
    )


def before_move(engine: Engine, encounter: Encounter, actor_id: str) -> tuple[CreatureId, ...]:
    """Who may strike the actor before a move that is its action (every active hold's)."""
    return tuple(c for h in _holds(engine) for c in h.before_move(engine, encounter, actor_id))


def turn_started(engine: Engine, encounter: Encounter, creature_id: CreatureId) -> Encounter:
    for variant in active(engine.rules):
        for hook in variant.turn_starts:
            encounter = hook(engine, encounter, creature_id)
    return encounter


def turn_ended(engine: Engine, encounter: Encounter, creature_id: CreatureId) -> Encounter:
    for variant in active(engine.rules):
        for hook in variant.turn_ends:
            encounter = hook(engine, encounter, creature_id)
    return encounter


def round_ended(engine: Engine, encounter: Encounter) -> Encounter:
    for variant in active(engine.rules):
        for hook in variant.round_ends:
            encounter = hook(engine, encounter)
    return encounter


def _initiative(engine: Engine) -> tuple[InitiativeHook, ...]:
    return tuple(h for v in active(engine.rules) for h in v.initiative)


def initiative_modifier(engine: Engine, encounter: Encounter, creature_id: str) -> int | None:
    """The first active variant's initiative modifier, or None for the stat block's."""
    for hook in _initiative(engine):
        chosen = hook.modifier(engine, encounter, creature_id)
        if chosen is not None:
            return chosen
    return None


def initiative_terms(engine: Engine, encounter: Encounter, creature_id: str) -> str:
    """The situational terms of the creature's initiative modifier, for the log ("" if none)."""
    return "".join(h.terms(engine, encounter, creature_id) for h in _initiative(engine))


def after_initiative_roll(
    engine: Engine, encounter: Encounter, changed: Iterable[str]
) -> Encounter:
    """The order once `changed` rolled or set their initiative, ties broken by the variants."""
    changed = tuple(changed)
    for hook in _initiative(engine):
        encounter = hook.after_roll(engine, encounter, changed)
    return encounter


def budget_problem(rules: CombatRules, combatant: Combatant, kind: ActionKind, name: str) -> str:
    """The first active variant's reason the budget refuses `kind`, or ""."""
    for variant in active(rules):
        for hook in variant.budget_problems:
            problem = hook(rules.ruleset, combatant, kind, name)
            if problem:
                return problem
    return ""


def variant_actions(engine: Engine) -> tuple[VariantAction, ...]:
    """The active variants' own actions, in registration order."""
    return tuple(a for v in active(engine.rules) for a in v.actions)


def _reactions(engine: Engine) -> tuple[OfferedReaction, ...]:
    return tuple(r for v in active(engine.rules) for r in v.offered_reactions)


def reaction_name(engine: Engine, encounter: Encounter, reactor_id: str) -> str:
    """What the reaction offered to `reactor_id` is called under the variant, or ""."""
    for reaction in _reactions(engine):
        name = reaction.name(encounter, reactor_id)
        if name:
            return name
    return ""


def reaction_settled(
    engine: Engine, encounter: Encounter, reactor_id: str, *, taken: bool
) -> Encounter:
    """The encounter once the reactor took or let pass its offered reaction."""
    for reaction in _reactions(engine):
        encounter = reaction.settled(encounter, reactor_id, taken)
    return encounter


def held_step(engine: Engine, kind: str) -> HeldStep | None:
    """The active variant's held step of this `PendingAttack.kind`, or None."""
    return next((h for v in active(engine.rules) for h in v.held_steps if h.kind == kind), None)


def _questions(engine: Engine) -> tuple[WaitingQuestion, ...]:
    return tuple(q for v in active(engine.rules) for q in v.waiting_questions)


def questions(engine: Engine, encounter: Encounter, *, of_held_step: bool) -> tuple[Decision, ...]:
    """The questions the active variants ask the GM now (those of the held step, or the rest)."""
    return tuple(
        d
        for q in _questions(engine)
        if q.of_held_step == of_held_step
        for d in q.asked(engine, encounter)
    )


def let_pass(
    engine: Engine, kind: str
) -> Callable[[Engine, Encounter, CreatureId], Outcome] | None:
    """The GM's "let it pass" for a variant's question of this kind, or None."""
    return next((q.let_pass for q in _questions(engine) if q.kind == kind), None)


def action_powers(rules: CombatRules) -> Mapping[str, Power]:
    """The active variants' powers by the id a ruleset's ``extra_actions`` names them by."""
    return {key: power for v in active(rules) for key, power in v.action_powers}


def move_problem(rules: CombatRules, encounter: Encounter, creature_id: str) -> str:
    """The first active variant's reason the creature may not move now, or ""."""
    for variant in active(rules):
        for hook in variant.move_problems:
            problem = hook(rules, encounter, creature_id)
            if problem:
                return problem
    return ""


def power_problem(rules: CombatRules, encounter: Encounter, creature_id: str, power: Power) -> str:
    """The first active variant's reason the creature may not use `power` now, or ""."""
    for variant in active(rules):
        for hook in variant.power_problems:
            problem = hook(rules, encounter, creature_id, power)
            if problem:
                return problem
    return ""


def charge_moved(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    """The encounter a charge's attack is made in, once its move is logged."""
    for variant in active(engine.rules):
        for hook in variant.charge_moved:
            encounter = hook(engine, encounter, creature_id)
    return encounter


def _forced(engine: Engine) -> tuple[ForcedMoveRules, ...]:
    return tuple(f for v in active(engine.rules) for f in v.forced_moves)


def forced_move_negated(
    engine: Engine, encounter: Encounter, target_id: str, destination: Square, dice: QueuedSource
) -> tuple[Encounter, bool]:
    """Before a forced move's target moves: the encounter, and whether a variant negates it."""
    for rules in _forced(engine):
        encounter, negated = rules.negated(engine, encounter, target_id, destination, dice)
        if negated:
            return encounter, True
    return encounter, False


def forced_move_placed(engine: Engine, encounter: Encounter, end: ForcedMoveEnd) -> Encounter:
    """After a forced move's target moved: what the variants make of where it ended."""
    for rules in _forced(engine):
        encounter = rules.placed(engine, encounter, end)
    return encounter


def forced_move_choices(
    engine: Engine, encounter: Encounter, target_id: str, destination: Square, *, short: bool
) -> tuple[tuple[str, str], ...]:
    """What the GM may confirm about a forced move ending on `destination` (none: ())."""
    return tuple(
        c
        for f in _forced(engine)
        for c in f.choices(engine, encounter, target_id, destination, short)
    )


# -- a creature acting for another (`ActionRedirect`) and the round's counters ---------------


def redirect(
    engine: Engine, encounter: Encounter, creature_id: str
) -> tuple[ActionRedirect, str] | None:
    """The first active redirect of the creature's actions, with who acts through it; or None."""
    for variant in active(engine.rules):
        for redirecting in variant.redirects:
            actor = redirecting.actor(engine, encounter, creature_id)
            if actor is not None:
                return redirecting, actor
    return None


def round_counters(engine: Engine, encounter: Encounter) -> tuple[tuple[str, int], ...]:
    """What the round shows beside its number now: (label, value) of each active counter."""
    return tuple(
        (counter.label, value)
        for variant in active(engine.rules)
        for counter in variant.round_counters
        if (value := counter.value(engine, encounter)) is not None
    )


# -- the turn flow (`TurnFlow`): the first active variant's part, else 000's ------------------


def _flow(engine: Engine) -> TurnFlow:
    return next((v.turn_flow for v in active(engine.rules) if v.turn_flow), _ORCUS_FLOW)


_ORCUS_FLOW: Final = TurnFlow()


def turn_hooks(engine: Engine, hooks: turn_order.TurnHooks) -> turn_order.TurnHooks:
    shape = _flow(engine).turn_hooks
    return hooks if shape is None else shape(engine, hooks)


def turn_end(engine: Engine, end: turn_order.TurnHook) -> turn_order.TurnHook:
    shape = _flow(engine).turn_end
    return end if shape is None else shape(engine, end)


def roll_groups(
    engine: Engine, encounter: Encounter, creature_ids: Iterable[str], asked: Mapping[str, str]
) -> dict[str, str]:
    groups = _flow(engine).roll_groups
    return dict(asked) if groups is None else groups(engine, encounter, creature_ids, asked)


def joined(engine: Engine, encounter: Encounter, creature_ids: Iterable[str]) -> Encounter:
    join = _flow(engine).joined
    return encounter if join is None else join(engine, encounter, creature_ids)


def unit_of(engine: Engine, encounter: Encounter, creature_id: str) -> tuple[str, ...]:
    unit = _flow(engine).unit_of
    return (creature_id,) if unit is None else unit(engine, encounter, creature_id)


def place_before(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    before_id: str,
    otherwise: Callable[[Encounter, str, str], Encounter],
) -> Encounter:
    """The creature (its unit) placed right before another; ``otherwise``: 000's."""
    place = _flow(engine).place_before
    if place is None:
        return otherwise(encounter, creature_id, before_id)
    return place(engine, encounter, creature_id, before_id)


def delay(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    hooks: turn_order.TurnHooks,
    otherwise: Callable[[Encounter, str, turn_order.TurnHooks], Encounter],
) -> Encounter:
    """The current creature delays; ``otherwise``: 000's."""
    delaying = _flow(engine).delay
    if delaying is None:
        return otherwise(encounter, creature_id, hooks)
    return delaying(engine, encounter, creature_id, hooks)


def resumed(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    resume = _flow(engine).resumed
    return encounter if resume is None else resume(engine, encounter, creature_id)


def leave_turn(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    hooks: turn_order.TurnHooks,
    otherwise: Callable[[Encounter, turn_order.TurnHooks], Encounter],
) -> Encounter:
    """The current creature leaves combat: its turn passes on; ``otherwise``: 000's."""
    leave = _flow(engine).leave_turn
    if leave is None:
        return otherwise(encounter, hooks)
    return leave(engine, encounter, creature_id, hooks)


def start_combat(
    engine: Engine,
    encounter: Encounter,
    hooks: turn_order.TurnHooks,
    end_turn: EndTurn,
    otherwise: Callable[[Encounter, turn_order.TurnHooks], Encounter],
) -> Encounter:
    """Combat starts as the variant's flow says; ``otherwise``: 000's."""
    start = _flow(engine).start_combat
    if start is None:
        return otherwise(encounter, hooks)
    return start(engine, encounter, hooks, end_turn)


def turns_lost(engine: Engine, encounter: Encounter, end_turn: EndTurn) -> Encounter:
    lost = _flow(engine).turns_lost
    return encounter if lost is None else lost(engine, encounter, end_turn)


# -- readied attacks a walk triggers (`WalkTriggers`, `ReadiedOffer`) --------------------------


def _walks(engine: Engine) -> tuple[WalkTriggers, ...]:
    return tuple(w for v in active(engine.rules) for w in v.walk_triggers)


def walk_triggered_at(
    engine: Engine, encounter: Encounter, mover: Creature, path: Sequence[Square]
) -> dict[str, int]:
    """Each readier a walk along `path` triggers, with the path index where it does."""
    return {r: i for w in _walks(engine) for r, i in w.at(engine, encounter, mover, path).items()}


def walk_passed(
    engine: Engine,
    before: Encounter,
    after: Encounter,
    mover_id: str,
    path: Sequence[Square],
    upto: int | None = None,
) -> Encounter:
    """`after` noting the readiers the walk passed where they could not answer."""
    for walk in _walks(engine):
        after = walk.passed(engine, before, after, mover_id, path, upto)
    return after


def walk_fired(
    engine: Engine, encounter: Encounter, readier_ids: Sequence[str], mover_id: str
) -> tuple[Encounter, dict[str, Any]]:
    """The readied actions the mover triggered, and the held walk's options for them."""
    options: dict[str, Any] = {}
    for walk in _walks(engine):
        encounter, kept = walk.fired(engine, encounter, readier_ids, mover_id)
        options.update(kept)
    return encounter, options


def walk_settled_keys(engine: Engine) -> tuple[str, ...]:
    """The held walk's options an earlier wait's settled offers leave behind."""
    return tuple(k for w in _walks(engine) for k in w.settled_keys)


def readied_offer(engine: Engine, encounter: Encounter, reactor_id: str) -> ReadiedOffer | None:
    """The readied attack offered to the reactor now, or None (an opportunity attack)."""
    return next(
        (
            r
            for v in active(engine.rules)
            for r in v.readied_offers
            if r.offered(encounter, reactor_id)
        ),
        None,
    )
