"""`GameSession`: the façade the UI, the CLI and the tools call: one runner for every GM action.

A caller hands the session a use case, a function `(Engine, Encounter, ...) -> Outcome`, with
its arguments: `session.run(zones.remove_zone, zone_id)`, or `session.by(panel).run(...)` when
the panel that asked must be told (the initiator, passed back on `operation_done`). The runner
applies the rules every step follows (`_stepped`), refuses a step the file could not reopen
(`step_problem`), and is the only writer: it pushes the step on the undo history (`_commit`)
and announces every result, done or refused, through `operation_done`. Read-only questions
go through `session.ask(question, ...)` alike (`questions.py` holds those with no other home).
Named methods stay only where the façade adds behaviour: undo and redo, opening and restoring
an encounter, switching its ruleset, a library edit (one undo step with its tokens), ending or
delaying a turn (refused while a decision waits), and a variant's redirect of a creature's
moves, attacks, their previews and the actions offered to the creature acting through it
(003-46's Forced switch, `plugins.redirect`).
This is the runner of Anki's collection operations (`CollectionOp`), typed with ParamSpec: a
wrong argument to a use case is a type error where it is handed over.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ParamSpec, TypeVar

from psygnal import Signal

from orcus_desktop.controller import plugins
from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.attacks.attack_choices import NO_CHOICES, AttackChoices
from orcus_desktop.controller.availability.table import AvailableActions, available_actions
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.editing import editing, library_edits, ruleset_choice
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.words import plural
from orcus_desktop.controller.movement import movement
from orcus_desktop.controller.outcomes import MovePreview, OperationResult, Outcome, Refusal, Step
from orcus_desktop.controller.plugins import ActionRedirect, Variant
from orcus_desktop.controller.session.runner import Caller, Initiator, Question, UseCase
from orcus_desktop.controller.turns import (
    initiative,
    turn_limits,
    waiting_decisions,
    withdrawn_offers,
)
from orcus_desktop.controller.variants import REGISTERED
from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.routes import NO_ROUTE, Route
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.history import History
from orcus_desktop.model.invariants import step_problem
from orcus_desktop.model.problem_words import in_gm_words
from orcus_desktop.rules.ruleset import Ruleset, ruleset_by_id
from orcus_desktop.vocabulary import MoveMode

__all__ = ["GameSession"]

P = ParamSpec("P")
T = TypeVar("T")


class GameSession:
    """The rules controller: the only writer of the document, through one runner.

    A GM action is a use case handed to `run` (or `by(initiator).run`); a question one handed
    to `ask`. The named methods are those the façade adds behaviour to.

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

    def switch_ruleset(self, ruleset_id: str, initiator: Initiator = None) -> OperationResult:
        """Play the encounter by another ruleset (outside combat; one undo step)."""
        return self._run(initiator, ruleset_choice.switch_ruleset, ruleset_id)

    # -- undo and the document -------------------------------------------------------------

    def undo(self, initiator: Initiator = None) -> OperationResult:
        text = self.history.undo_text
        if not self.history.undo():
            return self._announce(OperationResult.refused("undo", "nothing to undo"), initiator)
        return self._announce(OperationResult(True, "undo", text=text), initiator)

    def redo(self, initiator: Initiator = None) -> OperationResult:
        text = self.history.redo_text
        if not self.history.redo():
            return self._announce(OperationResult.refused("redo", "nothing to redo"), initiator)
        return self._announce(OperationResult(True, "redo", text=text), initiator)

    def open_encounter(self, encounter: Encounter, initiator: Initiator = None) -> OperationResult:
        self.document.reset(encounter)
        self.history.clear()
        result = OperationResult(True, "open_encounter", text=f"Open {encounter.name}")
        return self._announce(result, initiator)

    def restore_encounter(
        self, recovered: Encounter, initiator: Initiator = None
    ) -> OperationResult:
        return self._apply(editing.restore(recovered), initiator)

    @property
    def encounter(self) -> Encounter:
        """The open encounter as it stands now."""
        return self.document.encounter

    def battlefield(self) -> Battlefield:
        """The geometry view of the current snapshot (built once per snapshot; read only)."""
        return self.engine.battlefield(self.encounter)

    def edit_library(
        self,
        change: library_edits.LibraryChange,
        apply_to: tuple[str, Mapping[str, Any]] | None = None,
        initiator: Initiator = None,
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
                name, statblock = apply_to
                applied = self._run(initiator, library_edits.apply_statblock, name, statblock)
                if not applied.ok:
                    return applied
                _, _, held = applied.text.partition("; ")  # who an edit kept standing
                text += f"; {held}" if held else ""
        return self._announce(OperationResult(True, "edit_library", text=text), initiator)

    # -- the end of a turn: refused while a decision waits (R-117) ------------------------

    def end_turn(
        self,
        *,
        save_dice: Mapping[int, int] | None = None,
        death_save_die: int | None = None,
        let_pass: bool = False,
        initiator: Initiator = None,
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

    def delay(self, initiator: Initiator = None) -> OperationResult:
        """000 "Delay"; refused while a decision waits (R-117), as End turn is."""
        return self._run(initiator, waiting_decisions.delay_unless_waiting, initiative.delay)

    # -- a variant's switch may make a creature's move or attack another's (003-46 Forced) ----

    def _redirected(self, creature_id: str) -> tuple[ActionRedirect, str] | None:
        """The variant's redirect of the creature's actions now, with who acts; or None."""
        self._follow_ruleset()
        return plugins.redirect(self.engine, self.encounter, creature_id)

    def move_creature(
        self,
        creature_id: str,
        destination: Square,
        mode: MoveMode = MoveMode.GM,
        initiator: Initiator = None,
        *,
        route: Route = NO_ROUTE,
    ) -> OperationResult:
        """Move a creature; ``route``: the waypoints and drag the preview was steered by.

        A creature another acts through (003-46's "Forced" switch) walks as the actor's action.
        """
        redirected = self._redirected(creature_id)
        if redirected is not None and mode is not MoveMode.GM:
            how, actor = redirected
            return self._run(initiator, how.walk, creature_id, destination, actor, mode)
        return self._run(
            initiator, movement.move_creature, creature_id, destination, mode, route=route
        )

    def use_power(
        self,
        creature_id: str,
        power_name: str,
        target_ids: Sequence[str] = (),
        *,
        dice: Sequence[int] = (),
        choices: AttackChoices = NO_CHOICES,
        initiator: Initiator = None,
    ) -> OperationResult:
        """Use a power on its targets; the actor's attack through it while redirected (003-46)."""
        redirected = self._redirected(creature_id)
        if redirected is not None:
            how, actor = redirected
            return self._run(
                initiator, how.attack, creature_id, power_name, target_ids, actor, dice, choices
            )
        return self._run(
            initiator, attacks.use_power, creature_id, power_name, target_ids, dice, choices
        )

    def preview_move(
        self, creature_id: str, destination: Square, mode: MoveMode, route: Route = NO_ROUTE
    ) -> MovePreview:
        """A move's preview; the redirected walk's while another acts through it (003-46)."""
        redirected = self._redirected(creature_id)
        if redirected is not None and mode is not MoveMode.GM:
            return self.ask(redirected[0].preview, creature_id, destination, mode)
        return self.ask(movement.preview_move, creature_id, destination, mode, route=route)

    def reachable_squares(self, creature_id: str, mode: MoveMode) -> frozenset[Square]:
        """Where a move may end; the redirected walk's squares while another acts through it."""
        redirected = self._redirected(creature_id)
        if redirected is not None and mode is not MoveMode.GM:
            return self.ask(redirected[0].reachable, creature_id, mode)
        return self.ask(movement.reachable_squares, creature_id, mode)

    def available_actions(self, creature_id: str) -> AvailableActions:
        """What the creature can do now; as the actor's while another acts through it."""
        self.encounter.creature(creature_id)
        return self.ask(available_actions, creature_id)

    # -- the one writer -------------------------------------------------------------------

    def _run(
        self,
        initiator: Initiator,
        use_case: UseCase[P],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> OperationResult:
        self._follow_ruleset()
        return self._apply(self._stepped(self.encounter, use_case, *args, **kwargs), initiator)

    def _stepped(
        self,
        before: Encounter,
        use_case: UseCase[P],
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
        # an offer its creature can no longer take goes; what waited for it goes on.
        outcome = withdrawn_offers.after_step(self.engine, outcome)
        outcome = plugins.after_step(self.engine, before, outcome)
        # a limiting condition begun or ended in the actor's turn limits it at once.
        return turn_limits.after_step(self.engine, outcome)

    def _apply(self, outcome: Outcome, initiator: object) -> OperationResult:
        if isinstance(outcome, Step):
            # Issue 29: a step whose document the file would refuse is refused, never committed.
            before = self.document.encounter
            problem = step_problem(before, outcome.after)
            if problem:
                # The GM reads it after "Refused: " or under the asking panel's buttons, by the
                # creature's name; the file's own line stays in the details.
                words = in_gm_words(problem, outcome.after, before)
                reason = (
                    f"{words} (the encounter could not be saved and reopened so; nothing changed)"
                )
                refusal = Refusal(
                    False,
                    outcome.result.operation,
                    reason,
                    creature_id=outcome.result.creature_id,
                    details={"file_problem": problem},
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
