"""`GameSession`: the façade the UI, the CLI and the tools call: one runner for every GM action.

A caller hands the session a use case, a function `(Engine, Encounter, ...) -> Outcome`, with
its arguments: `session.run(zones.remove_zone, zone_id)`, or `session.by(panel).run(...)` when
the panel that asked must be told (the initiator, passed back on `operation_done`). The runner
applies the rules every step follows (`_stepped`), refuses a step the file could not reopen
(`step_problem`), and is the only writer: it pushes the step on the undo history (`_commit`)
and announces every result, done or refused, through `operation_done`. Read-only questions
go through `session.ask(question, ...)` alike (`questions.py` holds those with no other home).
Named methods stay only where the façade adds behaviour: undo and redo, opening and restoring,
a library edit, the end of a turn, and 003-46's Forced switch redirecting moves and attacks.
This is the runner of Anki's collection operations (`CollectionOp`), typed with ParamSpec: a
wrong argument to a use case is a type error where it is handed over.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar, Unpack

from psygnal import Signal

from orcus_desktop.controller import (
    attacks,
    combat_actions,
    editing,
    forced_placement,
    initiative,
    interrupts,
    library_edits,
    map_import,
    movement,
    plugins,
    ruleset_choice,
    turn_limits,
    waiting_decisions,
)
from orcus_desktop.controller.attack_choices import NO_CHOICES, AttackChoices
from orcus_desktop.controller.availability import AvailableActions, CombatAction
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.editing import CreatureEdit
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.map_import import ImportMode
from orcus_desktop.controller.outcomes import MovePreview, OperationResult, Outcome, Step, plural
from orcus_desktop.controller.plugins import Variant
from orcus_desktop.controller.session.runner import Caller, Initiator, Question, UseCase
from orcus_desktop.controller.session_gm_edits import GmEditCommands
from orcus_desktop.controller.session_initiative_checks import InitiativeCheckCommands
from orcus_desktop.controller.session_questions import SessionQuestions
from orcus_desktop.controller.session_special_actions import SpecialActionCommands
from orcus_desktop.controller.session_stealth import StealthCommands
from orcus_desktop.controller.session_strike_turns import StrikeTurnCommands
from orcus_desktop.controller.session_turn_flow import TurnFlowCommands
from orcus_desktop.controller.variants import REGISTERED
from orcus_desktop.controller.variants.square_fireballs import (
    forced_actions,
    forced_collisions,
    ready_attacks,
    waves,
)
from orcus_desktop.geometry.features import TerrainKind, Wall
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.routes import NO_ROUTE, Route
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, MapImage
from orcus_desktop.model.history import History
from orcus_desktop.model.invariants import step_problem
from orcus_desktop.model.uvtt import ImportedMap
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import Ruleset, ruleset_by_id
from orcus_desktop.vocabulary import MoveMode

__all__ = ["GameSession"]

P = ParamSpec("P")
T = TypeVar("T")


class GameSession(
    GmEditCommands,
    SpecialActionCommands,
    StealthCommands,
    InitiativeCheckCommands,
    TurnFlowCommands,
    StrikeTurnCommands,
    SessionQuestions,
):
    """The rules controller: the only writer of the document.

    Args:
        document: the open encounter.
        history: the document's undo history (commands are pushed here).
        rng: the random source for every roll the app makes (seeded in tests).
        variants: the variants' code the rulesets may call (`controller/variants/`; none: 000).

    The rules are the open encounter's ruleset (`Encounter.ruleset_id`, docs/rulesets.md):
    opening another encounter, switching the ruleset, or undoing a switch changes them.

    Attributes:
        rules: the bridge to the rules engine (stat blocks, states, turn-boundary work).
        engine: what the use cases share (the rules, the RNG, the battlefield cache).

    Signals:
        operation_done: `(result, initiator)` after every operation, done or refused; the
            initiator is whatever the caller passed (the panel that asked, a tool...).
    """

    operation_done = Signal(object, object)

    def __init__(
        self,
        document: Document,
        history: History,
        rng: random.Random,
        variants: tuple[Variant, ...] = REGISTERED,
    ) -> None:
        self.document = document
        self.history = history
        self.rng = rng
        ruleset = ruleset_by_id(document.encounter.ruleset_id)
        # The variants' code (controller/variants/): the ruleset picks the ones that apply.
        self.rules = CombatRules(rng, ruleset, variants=variants)
        self.engine = Engine(self.rules, rng)
        # Connected first, so views reacting to the same events already see the new rules.
        document.events.reset.connect(self._follow_ruleset)
        document.events.map_changed.connect(self._follow_ruleset)

    @property
    def ruleset(self) -> Ruleset:
        """The rules the open encounter is played by."""
        self._follow_ruleset()
        return self.rules.ruleset

    def _follow_ruleset(self) -> None:
        wanted = self.encounter.ruleset_id
        if self.rules.ruleset.id != wanted:
            self.rules.ruleset = ruleset_by_id(wanted)

    # -- the runner and the asker ----------------------------------------------------------

    def run(self, use_case: UseCase[P], /, *args: P.args, **kwargs: P.kwargs) -> OperationResult:
        """Run a GM action on the open encounter: one undo step, or a refusal; both announced.

        `use_case(engine, encounter, *args, **kwargs)` returns the next step or a refusal; the
        step is checked (`step_problem`), committed and announced with no initiator (a script,
        the CLI); a panel or a tool that must hear of a refusal uses `by(initiator).run`.
        """
        return self._run(None, use_case, *args, **kwargs)

    def by(self, initiator: Initiator) -> Caller:
        """The runner for `initiator`: its results are announced with it (`operation_done`)."""
        return Caller(self, initiator)

    def ask(self, question: Question[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Answer a read-only question about the open encounter as it stands now."""
        self._follow_ruleset()
        return question(self.engine, self.encounter, *args, **kwargs)

    def switch_ruleset(self, ruleset_id: str, initiator: object = None) -> OperationResult:
        """Play the encounter by another ruleset (outside combat; one undo step)."""
        return self._run(initiator, ruleset_choice.switch_ruleset, ruleset_id)

    # -- undo and the document -------------------------------------------------------------

    def undo(self, initiator: object = None) -> OperationResult:
        text = self.history.undo_text
        if not self.history.undo():
            return self._announce(OperationResult.refused("undo", "nothing to undo"), initiator)
        return self._announce(OperationResult(True, "undo", text=text), initiator)

    def redo(self, initiator: object = None) -> OperationResult:
        text = self.history.redo_text
        if not self.history.redo():
            return self._announce(OperationResult.refused("redo", "nothing to redo"), initiator)
        return self._announce(OperationResult(True, "redo", text=text), initiator)

    def open_encounter(self, encounter: Encounter, initiator: object = None) -> OperationResult:
        self.document.reset(encounter)
        self.history.clear()
        result = OperationResult(True, "open_encounter", text=f"Open {encounter.name}")
        return self._announce(result, initiator)

    def restore_encounter(self, recovered: Encounter, initiator: object = None) -> OperationResult:
        return self._apply(editing.restore(recovered), initiator)

    # -- editing ---------------------------------------------------------------------------

    def place_creature(self, creature: Creature, initiator: object = None) -> OperationResult:
        return self._run(initiator, editing.place_creature, creature)

    def remove_creature(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, editing.remove_creature, creature_id)

    def update_creature(
        self, creature_id: str, *, initiator: object = None, **edit: Unpack[CreatureEdit]
    ) -> OperationResult:
        """Edit a creature's token data; a field left out keeps its value."""
        return self._run(initiator, editing.update_creature, creature_id, **edit)

    def edit_library(
        self,
        change: library_edits.LibraryChange,
        apply_to: tuple[str, Mapping[str, Any]] | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """One undo step: an edit of the GM's library, and maybe of its placed tokens.

        The edit is already made and checked; with `apply_to` (the creature's old name, its new
        stat block) its tokens on the map change too. A refused application leaves the library
        edit done and returns the refusal.
        """
        text = change.text
        if apply_to is not None:
            count = len(library_edits.placed_copies(self.encounter, apply_to[0]))
            text += f", applied to {plural(count, 'token')}"
        with self.history.group(text):
            self.history.push(change)
            if apply_to is not None:
                applied = self._run(initiator, library_edits.apply_statblock, *apply_to)
                if not applied.ok:
                    return applied
        return self._announce(OperationResult(True, "edit_library", text=text), initiator)

    def set_map_image(
        self, image: MapImage | None, initiator: object = None, text: str = ""
    ) -> OperationResult:
        return self._run(initiator, editing.set_map_image, image, text)

    def rename_encounter(self, name: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, editing.rename_encounter, name)

    def resize_grid(self, columns: int, rows: int, initiator: object = None) -> OperationResult:
        return self._run(initiator, editing.resize_grid, columns, rows)

    def add_wall(self, wall: Wall, initiator: object = None) -> OperationResult:
        """Draw a wall, window or door: its id is `created_id`; refused off the map."""
        return self._run(initiator, editing.add_wall, wall)

    def remove_wall(self, wall_id: str, initiator: object = None) -> OperationResult:
        return self._run(initiator, editing.remove_wall, wall_id)

    def set_door_open(
        self, wall_id: str, is_open: bool, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, editing.set_door_open, wall_id, is_open)

    def set_door_secret(
        self, wall_id: str, secret: bool, initiator: object = None
    ) -> OperationResult:
        """Mark a closed door secret or reveal it (R-151); opening it reveals it too."""
        return self._run(initiator, editing.set_door_secret, wall_id, secret)

    def import_map(
        self, imported: ImportedMap, mode: ImportMode, initiator: object = None
    ) -> OperationResult:
        """A Universal VTT map replaces or merges into the map: one undo step (`map_import`)."""
        return self._run(initiator, map_import.import_map, imported, mode)

    def paint_terrain(
        self,
        kind: TerrainKind,
        squares: Iterable[Square],
        erase: bool = False,
        initiator: object = None,
    ) -> OperationResult:
        return self._run(initiator, editing.paint_terrain, kind, squares, erase)

    def erase_terrain(
        self, squares: Iterable[Square], initiator: object = None
    ) -> OperationResult:
        """Erase every kind of terrain on some squares: one undo step, "Erase terrain"."""
        return self._run(initiator, editing.erase_terrain, squares)

    # -- movement --------------------------------------------------------------------------

    def move_creature(
        self,
        creature_id: str,
        destination: Square,
        mode: MoveMode = MoveMode.GM,
        initiator: object = None,
        *,
        route: Route = NO_ROUTE,
    ) -> OperationResult:
        """Move a creature; ``route``: the waypoints and drag the preview was steered by."""
        forcer = self._forcer_of(creature_id)  # 003-46: the GM's "Forced" switch
        if forcer is not None and mode is not MoveMode.GM:
            return self.forced_walk(creature_id, destination, forcer, initiator)
        return self._run(
            initiator, movement.move_creature, creature_id, destination, mode, route=route
        )

    def reachable_squares(self, creature_id: str, mode: MoveMode) -> frozenset[Square]:
        """Where a move may end; a forced walk's squares while the "Forced" switch is on."""
        if self._forcer_of(creature_id) is None or mode is MoveMode.GM:  # 003-46
            return super().reachable_squares(creature_id, mode)
        return forced_actions.reachable(self.engine, self.encounter, creature_id)

    def available_actions(self, creature_id: str) -> AvailableActions:
        """What the creature can do now; its attacks as forced ones while the switch is on."""
        available = super().available_actions(creature_id)
        forcer = self._forcer_of(creature_id)  # 003-46
        if forcer is None:
            return available
        return forced_actions.as_forced(
            self.engine, self.encounter, creature_id, forcer, available
        )

    def preview_move(
        self, creature_id: str, destination: Square, mode: MoveMode, route: Route = NO_ROUTE
    ) -> MovePreview:
        """A move's preview; a forced walk's while the GM's "Forced" switch is on (003-46)."""
        forced = self.forced_preview(creature_id, destination) if mode is not MoveMode.GM else None
        if forced is not None:
            return forced
        return super().preview_move(creature_id, destination, mode, route)

    def force_move(
        self,
        target_id: str,
        kind: str,
        squares: int,
        destination: Square,
        *,
        source_id: str | None = None,
        source_square: Square | None = None,
        collided_with: str | None = None,
        over_edge: bool = False,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        """A push, pull or slide; 003's collision and edge confirmations (`forced_move`)."""
        details = movement.ForcedMoveDetails(
            source_id, source_square, collided_with, over_edge, tuple(dice)
        )
        return self._run(
            initiator, forced_placement.force_move, target_id, kind, squares, destination, details
        )

    def collision_choices(
        self, target_id: str, destination: Square, *, short: bool
    ) -> tuple[tuple[str, str], ...]:
        """003-43/45: what the GM may confirm for a forced move ending here (value, text).

        ``short``: it ended before the full distance. Empty under a ruleset without them.
        """
        return forced_collisions.choices(
            self.engine, self.encounter, target_id, destination, short=short
        )

    def leave_forced_move(
        self, target_id: str | None = None, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, forced_placement.leave_forced_move, target_id)

    # -- initiative and turns -------------------------------------------------------------

    def roll_initiative(
        self,
        creature_ids: Iterable[str] | None = None,
        *,
        groups: Mapping[str, str] | None = None,
        dice: Mapping[str, int] | None = None,
        totals: Mapping[str, int] | None = None,
        modifiers: Mapping[str, int] | None = None,
        initiator: object = None,
    ) -> OperationResult:
        return self._run(
            initiator,
            initiative.roll_initiative,
            creature_ids,
            groups or {},
            dice or {},
            totals or {},
            modifiers or {},
        )

    def set_initiative(
        self, creature_id: str, total: int, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, initiative.set_initiative, creature_id, total)

    def set_surprised(
        self, creature_id: str, surprised: bool = True, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, initiative.set_surprised, creature_id, surprised)

    def start_combat(self, initiator: object = None) -> OperationResult:
        return self._run(initiator, initiative.start_combat)

    def end_combat(self, initiator: object = None) -> OperationResult:
        return self._run(initiator, initiative.end_combat)

    def end_turn(
        self,
        *,
        save_dice: Mapping[int, int] | None = None,
        death_save_die: int | None = None,
        let_pass: bool = False,
        initiator: object = None,
    ) -> OperationResult:
        """End the turn; refused while a decision waits (`waiting_decisions`, R-117).

        `let_pass`: the GM lets everything waiting pass first (the held attack or walk goes
        on), then the turn ends, as one undo step.
        """

        def end(engine: Engine, encounter: Encounter) -> Outcome:
            return initiative.end_turn(engine, encounter, save_dice or {}, death_save_die)

        if not let_pass:
            return self._run(initiator, waiting_decisions.end_turn_unless_waiting, end)
        self._follow_ruleset()
        return self._apply(
            waiting_decisions.let_pass_and_end(self.engine, self.encounter, self._stepped, end),
            initiator,
        )

    def delay(self, initiator: object = None) -> OperationResult:
        """000 "Delay"; refused while a decision waits (R-117), as End turn is."""
        return self._run(initiator, waiting_decisions.delay_unless_waiting, initiative.delay)

    def resume_delayed(
        self, creature_id: str, after: str | None = None, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, initiative.resume_delayed, creature_id, after)

    def ready_action(
        self,
        creature_id: str,
        kind: ActionKind,
        trigger: str,
        description: str = "",
        initiator: object = None,
    ) -> OperationResult:
        return self._run(
            initiator, initiative.ready_action, creature_id, kind, trigger, description
        )

    def ready_attack(
        self, creature_id: str, *, ranged: bool = False, initiator: object = None
    ) -> OperationResult:
        """003-52 Ready Melee Attack (or Ready Ranged Attack): readied for its fixed trigger."""
        return self._run(initiator, ready_attacks.ready_attack, creature_id, ranged)

    def trigger_readied(
        self, creature_id: str, trigger_creature_id: str, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, initiative.trigger_readied, creature_id, trigger_creature_id)

    def join_combat(
        self,
        creature_id: str,
        *,
        die: int | None = None,
        total: int | None = None,
        group: str | None = None,
        initiator: object = None,
    ) -> OperationResult:
        return self._run(initiator, initiative.join_combat, creature_id, die, total, group)

    def new_wave(
        self, choice: str, *, dice: Mapping[str, int] | None = None, initiator: object = None
    ) -> OperationResult:
        """003-14: "start_over" or "keep_initiative" for the creatures placed since it began."""
        return self._run(initiator, waves.new_wave, choice, dice or {})

    def reorder_initiative(
        self, creature_id: str, before_id: str, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, initiative.reorder_initiative, creature_id, before_id)

    # -- attacks and interrupts -----------------------------------------------------------

    def use_power(
        self,
        creature_id: str,
        power_name: str,
        target_ids: Sequence[str] = (),
        *,
        dice: Sequence[int] = (),
        choices: AttackChoices = NO_CHOICES,
        initiator: object = None,
    ) -> OperationResult:
        forcer = self._forcer_of(creature_id)  # 003-46: the GM's "Forced" switch
        if forcer is not None:
            return self.forced_attack(
                creature_id,
                power_name,
                target_ids,
                forcer,
                dice=dice,
                choices=choices,
                initiator=initiator,
            )
        return self._run(
            initiator, attacks.use_power, creature_id, power_name, target_ids, dice, choices
        )

    def basic_attack(
        self,
        creature_id: str,
        target_id: str,
        *,
        ranged: bool = False,
        dice: Sequence[int] = (),
        choices: AttackChoices = NO_CHOICES,
        initiator: object = None,
    ) -> OperationResult:
        return self._run(
            initiator, attacks.basic_attack, creature_id, target_id, ranged, dice, choices
        )

    def opportunity_attack(
        self,
        creature_id: str,
        target_id: str,
        *,
        dice: Sequence[int] = (),
        knock_out: bool = False,
        initiator: object = None,
    ) -> OperationResult:
        return self._run(
            initiator, interrupts.opportunity_attack, creature_id, target_id, dice, knock_out
        )

    def decline_opportunity_attack(
        self, creature_id: str, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, interrupts.decline_opportunity_attack, creature_id)

    def let_readied_pass(self, creature_id: str, initiator: object = None) -> OperationResult:
        """A triggered readied action not taken (000 "Ready"): it is spent (R-117)."""
        return self._run(initiator, waiting_decisions.let_readied_pass, creature_id)

    # -- combat actions (grappling, charge, help, engagement: session_special_actions.py) --

    def take_action(
        self, action: CombatAction, creature_id: str, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, combat_actions.take_action, action, creature_id)

    def total_defense(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self.take_action(CombatAction.TOTAL_DEFENSE, creature_id, initiator)

    def rally(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self.take_action(CombatAction.RALLY, creature_id, initiator)

    def stand_up(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self.take_action(CombatAction.STAND_UP, creature_id, initiator)

    def drop_prone(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self.take_action(CombatAction.DROP_PRONE, creature_id, initiator)

    def spend_action_point(self, creature_id: str, initiator: object = None) -> OperationResult:
        return self.take_action(CombatAction.SPEND_ACTION_POINT, creature_id, initiator)

    def maintain_power(
        self, creature_id: str, power_name: str, initiator: object = None
    ) -> OperationResult:
        return self._run(initiator, combat_actions.maintain_power, creature_id, power_name)

    # -- the one writer -------------------------------------------------------------------

    def _run(
        self,
        initiator: object,
        use_case: Callable[Concatenate[Engine, Encounter, P], Outcome],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> OperationResult:
        self._follow_ruleset()
        return self._apply(self._stepped(self.encounter, use_case, *args, **kwargs), initiator)

    def _stepped(
        self,
        before: Encounter,
        use_case: Callable[Concatenate[Engine, Encounter, P], Outcome],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> Outcome:
        """The use case's outcome on `before` with the rules every step follows (not committed)."""
        outcome = use_case(self.engine, before, *args, **kwargs)
        # The variants' steps: 001-24 the action held while its engagers' Free
        # Strikes! are offered first; 001-23/24 the strikes a step provokes; 003-07 the group's
        # turn handed on, 003-42 Hindered, 003-47 Shrouded and Hidden lost in the open.
        outcome = plugins.held_before(self.engine, before, outcome, use_case, args, kwargs)
        outcome = plugins.after_step(self.engine, before, outcome)
        # a limiting condition begun or ended in the actor's turn limits it at once.
        return turn_limits.after_step(self.engine, outcome)

    def _apply(self, outcome: Outcome, initiator: object) -> OperationResult:
        if isinstance(outcome, Step):
            # Issue 29: a step whose document the file would refuse is refused, never committed.
            problem = step_problem(self.document.encounter, outcome.after)
            if problem:
                reason = f"refused: the encounter could not be saved and reopened ({problem})"
                refusal = OperationResult.refused(
                    outcome.result.operation, reason, outcome.result.creature_id
                )
                return self._announce(refusal, initiator)
            self._commit(outcome.result.text, outcome.after, outcome.merge_key)
            return self._announce(outcome.result, initiator)
        return self._announce(outcome, initiator)

    def _commit(self, text: str, after: Encounter, merge_key: Hashable | None = None) -> None:
        self.history.push(
            ReplaceEncounter(text, self.document.encounter, after, merge_key=merge_key)
        )

    def _announce(self, result: OperationResult, initiator: object) -> OperationResult:
        self.operation_done.emit(result, initiator)
        return result
