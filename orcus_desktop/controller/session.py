"""`GameSession`: the façade the UI calls, one method per GM action (napari/Anki style).

Every method validates, builds the next encounter snapshot, pushes it as one command on the
history (so it is one undo step), and announces `operation_done(result, initiator)`. Refusals
change nothing and carry a reason the UI shows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import replace

from psygnal import Signal

from orcus_desktop.controller import placement, turns
from orcus_desktop.controller.combat_rules import CombatRules, TurnDice
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.results import MoveMode, MovePreview, OperationResult
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.combat import ActionBudget, ActionKind
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, WallEntry
from orcus_desktop.model.history import History
from orcus_desktop.model.ids import CreatureId, WallId
from orcus_desktop.rules.ruleset import ORCUS, Ruleset


class GameSession:
    """The rules controller: the only writer of the document.

    Args:
        document: the open encounter.
        history: the document's undo history (commands are pushed here).
        rng: the random source for every roll the app makes (seeded in tests).

    Signals:
        operation_done: `(result, initiator)` after every operation, done or refused; the
            initiator is whatever the caller passed (a panel skips its own refresh).
    """

    operation_done = Signal(object, object)

    def __init__(
        self,
        document: Document,
        history: History,
        rng: random.Random,
        ruleset: Ruleset = ORCUS,
    ) -> None:
        self.document = document
        self.history = history
        self.rng = rng
        self.ruleset = ruleset
        self.rules = CombatRules(rng, ruleset)
        self.engine = Engine(self.rules, rng)

    @property
    def encounter(self) -> Encounter:
        return self.document.encounter

    # -- undo ------------------------------------------------------------------------------

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

    # -- the encounter ---------------------------------------------------------------------

    def open_encounter(self, encounter: Encounter, initiator: object = None) -> OperationResult:
        """Replace the whole encounter (a file was opened) and forget the undo history."""
        self.document.reset(encounter)
        self.history.clear()
        return self._announce(
            OperationResult(True, "open_encounter", text=f"Open {encounter.name}"), initiator
        )

    def place_creature(self, creature: Creature, initiator: object = None) -> OperationResult:
        """Put a new creature on the map; refused off-grid, on an occupied or blocking square."""
        op = "place_creature"
        enc = self.encounter
        if enc.find_creature(creature.id) is not None:
            return self._refuse(
                op,
                f'a creature with id "{creature.id}" is already on the map',
                initiator,
                creature.id,
            )
        problem = placement.destination_problem(enc, creature, creature.square)
        if problem:
            return self._refuse(
                op, f"cannot place {creature.name} there: {problem}", initiator, creature.id
            )
        text = f"Place {creature.name}"
        self._commit(text, enc.with_creature(creature))
        return self._announce(
            OperationResult(True, op, text=text, creature_id=creature.id), initiator
        )

    def remove_creature(self, creature_id: str, initiator: object = None) -> OperationResult:
        """Take a creature off the map (and out of the initiative)."""
        op = "remove_creature"
        enc = self.encounter
        creature = enc.find_creature(creature_id)
        if creature is None:
            return self._refuse(op, f'no creature "{creature_id}"', initiator, creature_id)
        after = enc.without_creature(creature_id)
        after = after.with_combat(after.combat.without(creature_id))
        text = f"Remove {creature.name}"
        self._commit(text, after)
        return self._announce(
            OperationResult(True, op, text=text, creature_id=creature_id), initiator
        )

    # -- movement --------------------------------------------------------------------------

    def preview_move(self, creature_id: str, destination: Square, mode: MoveMode) -> MovePreview:
        """Path, cost and provoked enemies for a drag in progress (no change, no signal).

        Uses geometry's path rules on a battlefield cached per snapshot, so repeated calls
        during one drag are cheap.
        """
        return self.engine.preview_move(self.encounter, creature_id, destination, mode)

    def reachable_squares(self, creature_id: str, mode: MoveMode) -> frozenset[Square]:
        """Every square the creature may end a move of this mode in (empty if none)."""
        return self.engine.reachable(self.encounter, creature_id, mode)

    def move_creature(
        self,
        creature_id: str,
        destination: Square,
        mode: MoveMode = MoveMode.GM,
        initiator: object = None,
    ) -> OperationResult:
        """Move a creature: walk, shift, dash, crawl, squeeze along a legal path, or a GM move.

        In combat a move spends the creature's move action (000 "Walk", "Five-Foot Step",
        "Dash", "Crawl", "Squeeze") and is refused when a condition forbids it (000
        "Immobile", "Prone", "Dazed" once its single action is spent...). One undo step named
        like "Move Goblin 3 squares". A walk's result lists the enemies offered an opportunity
        attack (RULINGS: Opportunity attacks); a shift and a GM move provoke nothing.
        """
        op = "move_creature"
        enc = self.encounter
        creature = enc.find_creature(creature_id)
        if creature is None:
            return self._refuse(op, f'no creature "{creature_id}"', initiator, creature_id)
        if destination == creature.square:
            return self._refuse(op, f"{creature.name} is already there", initiator, creature_id)
        try:
            after, preview = self.engine.move(enc, creature_id, destination, mode)
        except ActionError as exc:
            return self._refuse(op, str(exc), initiator, creature_id)
        if mode is MoveMode.GM:
            text = f"Move {creature.name}"
        else:
            squares = preview.cost
            text = f"Move {creature.name} {squares} square{'s' if squares != 1 else ''}"
        self._commit(
            text, after, merge_key=("gm-move", creature_id) if mode is MoveMode.GM else None
        )
        return self._announce(
            OperationResult(
                True,
                op,
                text=text,
                creature_id=creature_id,
                opportunity_attackers=preview.provoking_enemy_ids,
                log=after.combat.log[len(enc.combat.log) :],
                details={"path": preview.path, "cost": preview.cost, "mode": mode.value},
            ),
            initiator,
        )

    # -- walls and terrain -----------------------------------------------------------------

    def add_wall(self, wall: Wall, initiator: object = None) -> WallId:
        """Add a wall, window or door; returns its new id."""
        enc = self.encounter
        taken = {entry.id for entry in enc.walls}
        n = len(enc.walls) + 1
        while f"wall-{n}" in taken:
            n += 1
        wall_id = WallId(f"wall-{n}")
        text = f"Add {wall.kind.value}"
        self._commit(text, enc.with_walls((*enc.walls, WallEntry(wall_id, wall))))
        self._announce(OperationResult(True, "add_wall", text=text, created_id=wall_id), initiator)
        return wall_id

    def remove_wall(self, wall_id: str, initiator: object = None) -> OperationResult:
        op = "remove_wall"
        enc = self.encounter
        if not any(entry.id == wall_id for entry in enc.walls):
            return self._refuse(op, f'no wall "{wall_id}"', initiator)
        kind = enc.wall(wall_id).wall.kind
        text = f"Remove {kind.value}"
        self._commit(text, enc.with_walls(e for e in enc.walls if e.id != wall_id))
        return self._announce(OperationResult(True, op, text=text), initiator)

    def set_door_open(
        self, wall_id: str, is_open: bool, initiator: object = None
    ) -> OperationResult:
        op = "set_door_open"
        enc = self.encounter
        try:
            entry = enc.wall(wall_id)
        except KeyError:
            return self._refuse(op, f'no wall "{wall_id}"', initiator)
        if entry.wall.kind is not WallKind.DOOR:
            return self._refuse(op, "only doors open and close", initiator)
        if entry.wall.is_open == is_open:
            return self._refuse(
                op, f"the door is already {'open' if is_open else 'closed'}", initiator
            )
        new_entry = WallEntry(entry.id, Wall(entry.wall.kind, entry.wall.points, is_open))
        text = "Open door" if is_open else "Close door"
        self._commit(text, enc.with_walls(new_entry if e.id == wall_id else e for e in enc.walls))
        return self._announce(OperationResult(True, op, text=text), initiator)

    def paint_terrain(
        self,
        kind: TerrainKind,
        squares: Iterable[Square],
        erase: bool = False,
        initiator: object = None,
    ) -> OperationResult:
        """Paint (or erase) terrain of one kind on some squares; off-grid squares are ignored."""
        op = "paint_terrain"
        enc = self.encounter
        chosen = frozenset(s for s in squares if enc.grid.contains(Square(*s)))
        current = frozenset(s for p in enc.terrain if p.kind is kind for s in p.squares)
        updated = current - chosen if erase else current | chosen
        if updated == current:
            return self._refuse(op, "nothing to change", initiator)
        others = [p for p in enc.terrain if p.kind is not kind]
        if updated:
            others.append(TerrainPatch(kind, updated))
        verb = "Erase" if erase else "Paint"
        text = f"{verb} {kind.value} terrain"
        self._commit(text, enc.with_terrain(others))
        return self._announce(OperationResult(True, op, text=text), initiator)

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
        """Roll initiative (000 "Initiative"; RULINGS: Initiative).

        Args:
            creature_ids: who rolls; default every creature on the map not yet in the order.
            groups: creature id -> group name; a group shares one roll (identical monsters).
            dice: creature id -> the d20 the GM rolled at the table (else the app rolls).
            totals: creature id -> a result the GM typed in directly.
            modifiers: creature id -> initiative modifier (default: from the stat block).
            initiator: passed through to `operation_done`.
        """
        enc = self.encounter
        if creature_ids is None:
            in_order = set(enc.combat.order)
            creature_ids = [c.id for c in enc.creatures if c.id not in in_order]
        groups, dice, totals = groups or {}, dice or {}, totals or {}
        requests = [
            turns.InitiativeRequest(
                CreatureId(cid),
                modifier=(modifiers or {}).get(cid, self.initiative_modifier(cid)),
                group=groups.get(cid),
                die=dice.get(cid),
                total=totals.get(cid),
            )
            for cid in creature_ids
        ]
        if not requests:
            return self._refuse("roll_initiative", "nobody to roll for", initiator)
        if enc.combat.active:
            return self._refuse("roll_initiative", "combat is running: use join_combat", initiator)
        return self._combat_op(
            "roll_initiative",
            "Roll initiative",
            lambda e: turns.roll_initiative(e, requests, self.rng),
            initiator,
        )

    def set_initiative(
        self, creature_id: str, total: int, initiator: object = None
    ) -> OperationResult:
        """The GM edits an initiative result (000 "Initiative"; issue 5: "GM can edit")."""
        return self._combat_op(
            "set_initiative",
            f"Set initiative of {self._name(creature_id)} to {total}",
            lambda e: turns.set_initiative(e, creature_id, total, self.rng),
            initiator,
            creature_id,
        )

    def set_surprised(
        self, creature_id: str, surprised: bool = True, initiator: object = None
    ) -> OperationResult:
        """000 "Surprise": mark a creature surprised (or not) before combat starts."""
        what = "surprised" if surprised else "not surprised"
        return self._combat_op(
            "set_surprised",
            f"{self._name(creature_id)} {what}",
            lambda e: turns.set_surprised(e, creature_id, surprised),
            initiator,
            creature_id,
        )

    def start_combat(self, initiator: object = None) -> OperationResult:
        """Start combat: the surprise round if some are surprised, else round 1."""
        return self._combat_op(
            "start_combat",
            "Start combat",
            lambda e: turns.start_combat(e, *self._hooks_start()),
            initiator,
        )

    def end_combat(self, initiator: object = None) -> OperationResult:
        return self._combat_op("end_combat", "End combat", turns.end_combat, initiator)

    def end_turn(
        self,
        *,
        save_dice: Mapping[int, int] | None = None,
        death_save_die: int | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """End the current turn and start the next (000 "The End of Your Turn", "Your Turn").

        Args:
            save_dice: effect id -> the d20 the GM rolled for that saving throw; the app rolls
                the others (000 "Saving Throws").
            death_save_die: the d20 for the next creature's death saving throw, if it makes one.
            initiator: passed through to `operation_done`.
        """
        current = self.encounter.combat.current
        name = self._name(current) if current else "nobody"
        self.rules.dice = TurnDice(dict(save_dice or {}), death_save_die)
        try:
            return self._combat_op(
                "end_turn",
                f"End {name}'s turn",
                lambda e: turns.end_turn(e, self.rules.end_of_turn, *self._hooks_start()),
                initiator,
                current,
            )
        finally:
            self.rules.dice = TurnDice()

    def delay(self, initiator: object = None) -> OperationResult:
        """000 "Delay": the current creature puts off its turn."""
        current = self.encounter.combat.current
        if current is None:
            return self._refuse("delay", "it is nobody's turn", initiator)
        return self._combat_op(
            "delay",
            f"{self._name(current)} delays",
            lambda e: turns.delay(e, current, *self._hooks_start()),
            initiator,
            current,
        )

    def resume_delayed(
        self, creature_id: str, after: str | None = None, initiator: object = None
    ) -> OperationResult:
        """A delaying creature re-enters the order after `after` (default: the current turn)."""
        return self._combat_op(
            "resume_delayed",
            f"{self._name(creature_id)} stops delaying",
            lambda e: turns.resume_delayed(e, creature_id, after),
            initiator,
            creature_id,
        )

    def ready_action(
        self,
        creature_id: str,
        kind: ActionKind,
        trigger: str,
        description: str = "",
        initiator: object = None,
    ) -> OperationResult:
        """000 "Ready": spend the standard action to ready an action for a trigger."""
        problem = self._spend_problem(creature_id, ActionKind.STANDARD)
        if problem:
            return self._refuse("ready_action", problem, initiator, creature_id)

        def change(e: Encounter) -> Encounter:
            e = self._spent(e, creature_id, ActionKind.STANDARD)
            return turns.ready(e, creature_id, kind, trigger, description)

        return self._combat_op(
            "ready_action", f"{self._name(creature_id)} readies", change, initiator, creature_id
        )

    def trigger_readied(
        self, creature_id: str, trigger_creature_id: str, initiator: object = None
    ) -> OperationResult:
        """The readied action's trigger happened: the readier interrupts now (000 "Ready")."""
        return self._combat_op(
            "trigger_readied",
            f"{self._name(creature_id)} takes the readied action",
            lambda e: turns.trigger_readied(e, creature_id, trigger_creature_id),
            initiator,
            creature_id,
        )

    def join_combat(
        self,
        creature_id: str,
        *,
        die: int | None = None,
        total: int | None = None,
        group: str | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """A creature joins a running combat with its own initiative roll."""
        if not self.encounter.combat.active:
            return self._refuse("join_combat", "no combat is running", initiator, creature_id)
        request = turns.InitiativeRequest(
            CreatureId(creature_id),
            modifier=self.initiative_modifier(creature_id),
            group=group,
            die=die,
            total=total,
        )
        return self._combat_op(
            "join_combat",
            f"{self._name(creature_id)} joins the combat",
            lambda e: turns.join_combat(e, request, self.rng),
            initiator,
            creature_id,
        )

    def initiative_modifier(self, creature_id: str) -> int:
        """Dex modifier + half level + other modifiers, from the stat block (0 without one).

        RULINGS: Initiative; the arithmetic is `StatBlock.initiative_modifier` (rules engine).
        """
        creature = self.encounter.find_creature(creature_id)
        sb = self.rules.statblock(creature) if creature is not None else None
        return sb.initiative_modifier(self.ruleset).total if sb is not None else 0

    # -- helpers ---------------------------------------------------------------------------

    def _hooks_start(
        self,
    ) -> tuple[
        Callable[[Encounter, CreatureId], Encounter],
        Callable[[Encounter, CreatureId], ActionBudget],
        Callable[[Encounter, CreatureId], str],
    ]:
        rules = self.rules
        return rules.start_of_turn, rules.budget, rules.skip_reason

    def _name(self, creature_id: str | None) -> str:
        creature = self.encounter.find_creature(creature_id) if creature_id else None
        return creature.name if creature is not None else str(creature_id)

    def _spend_problem(self, creature_id: str, kind: ActionKind) -> str:
        """Why the creature cannot spend an action of `kind` now, or ""."""
        combat = self.encounter.combat
        if not combat.active:
            return ""
        combatant = combat.find(creature_id)
        if combatant is None:
            return f"{self._name(creature_id)} is not in the initiative"
        if combat.current != creature_id:
            if combatant.out_of_turn is kind:
                return ""
            return f"it is not {self._name(creature_id)}'s turn"
        if not combatant.budget.can_spend(kind):
            return f"{self._name(creature_id)} has no {kind.value} action left"
        return ""

    def _spent(self, encounter: Encounter, creature_id: str, kind: ActionKind) -> Encounter:
        """The encounter after the creature spent one action of `kind` (nothing outside combat)."""
        combat = encounter.combat
        combatant = combat.find(creature_id)
        if not combat.active or combatant is None:
            return encounter
        if combat.current != creature_id:
            combatant = replace(combatant, out_of_turn=None)
        else:
            combatant = replace(combatant, budget=combatant.budget.spend(kind))
        return encounter.with_combat(combat.with_combatant(combatant))

    def _combat_op(
        self,
        operation: str,
        text: str,
        change: Callable[[Encounter], Encounter],
        initiator: object,
        creature_id: str | None = None,
    ) -> OperationResult:
        before = self.encounter
        try:
            after = change(before)
        except KeyError as exc:
            return self._refuse(operation, f"no such creature: {exc.args[0]}", initiator)
        except ValueError as exc:  # TurnError, RulesError, DiceError: the reason is the message
            return self._refuse(operation, str(exc), initiator, creature_id)
        self._commit(text, after)
        new_log = after.combat.log[len(before.combat.log) :]
        return self._announce(
            OperationResult(True, operation, text=text, creature_id=creature_id, log=new_log),
            initiator,
        )

    def _commit(self, text: str, after: Encounter, merge_key: Hashable | None = None) -> None:
        self.history.push(
            ReplaceEncounter(text, self.document.encounter, after, merge_key=merge_key)
        )

    def _refuse(
        self, operation: str, reason: str, initiator: object, creature_id: str | None = None
    ) -> OperationResult:
        return self._announce(OperationResult.refused(operation, reason, creature_id), initiator)

    def _announce(self, result: OperationResult, initiator: object) -> OperationResult:
        self.operation_done.emit(result, initiator)
        return result
