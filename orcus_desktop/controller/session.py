"""`GameSession`: the façade the UI calls, one method per GM action (napari/Anki style).

Every method validates, builds the next encounter snapshot, pushes it as one command on the
history (so it is one undo step), and announces `operation_done(result, initiator)`. Refusals
change nothing and carry a reason the UI shows.

Operations, by panel:
    document: undo, redo, open_encounter, place_creature, remove_creature, update_creature,
        set_map_image, rename_encounter, resize_grid, add_wall, remove_wall, set_door_open,
        paint_terrain, erase_terrain.
    movement: battlefield, preview_move, reachable_squares, move_creature (walk, shift, dash,
        crawl, squeeze, gm), force_move.
    initiative and turns: roll_initiative, set_initiative, reorder_initiative, set_surprised,
        start_combat, end_turn, delay, resume_delayed, ready_action, trigger_readied,
        join_combat, end_combat, turn_prompts.
    actions (000 "Actions in Combat"): available_actions, use_power, power_targets,
        preview_attack, basic_attack_name, basic_attack, opportunity_attack,
        decline_opportunity_attack, charge_destinations, charge, coup_de_grace, grapple,
        escape_grapple, move_grappled, release_grapple, shove,
        help_attack, help_defense, aid_another, total_defense, rally, stand_up, drop_prone,
        spend_action_point, maintain_power.
    GM edits: apply_damage, heal, set_hit_points, grant_temp_hp, add_condition,
        add_persistent_damage, remove_effect, saving_throw.

Opportunity attacks interrupt (000 "Immediate Actions", "Opportunity Attacks"): a charge whose
move provokes, or a Ranged or Far power used next to an enemy, offers the opportunity attacks
first and holds its attack in `combat.pending` (one undo step); the step that settles the
last offer (`opportunity_attack` or `decline_opportunity_attack`) then resolves the held
attack with the choices the GM made when ordering it, or drops it with a log line when the
attacker can no longer act (dead, unconscious, stunned...).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from psygnal import Signal

from orcus_desktop.controller import placement, turns
from orcus_desktop.controller.actions import (
    AvailableActions,
    CombatAction,
    action_problem,
    available_actions,
    find_power,
    grappled_by,
    kind_problem,
    power_problem,
    powers_of,
)
from orcus_desktop.controller.combat_rules import CombatRules, TurnDice
from orcus_desktop.controller.engine import (
    GRAPPLE,
    MOVE_GRAPPLED,
    SHOVE,
    ActionError,
    AttackOutcome,
    Engine,
    action_kind_of,
)
from orcus_desktop.controller.results import MoveMode, MovePreview, OperationResult, TargetPreview
from orcus_desktop.geometry import movement as geo_movement
from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch, Wall, WallKind
from orcus_desktop.geometry.forced import ForcedKind, forced_destinations
from orcus_desktop.geometry.grid import (
    GridBounds,
    Size,
    Space,
    Square,
    space_distance,
    spaces_adjacent,
)
from orcus_desktop.model.combat import ActionBudget, AidKind, PendingAttack
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, MapImage, WallEntry
from orcus_desktop.model.frozen import freeze, thaw
from orcus_desktop.model.history import History
from orcus_desktop.model.ids import WallId
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules.conditions import (
    HELPLESS_CONDITIONS,
    INCAPACITATING_CONDITIONS,
    ActionLimit,
    Condition,
    MovementLimit,
    rules_for,
)
from orcus_desktop.rules.durations import UNTIL_COUNTERED, Duration, DurationKind
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import ORCUS, DeathSaveTiming, Ruleset
from orcus_desktop.vocabulary import CreatureId, Origin


class GameSession:
    """The rules controller: the only writer of the document.

    Args:
        document: the open encounter.
        history: the document's undo history (commands are pushed here).
        rng: the random source for every roll the app makes (seeded in tests).
        ruleset: the rules variant (000 with the docs/rulings.md defaults unless told otherwise).

    Attributes:
        rules: the bridge to the rules engine (stat blocks, states, turn-boundary work).
        engine: the combat actions over snapshots (geometry checks, attacks, movement).

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
        after = enc
        if enc.combat.active and enc.combat.current == creature_id:
            # Its turn passes to the next creature, without end-of-turn work for it.
            after = turns.pass_turn(after, *self._hooks_start())
        after = after.without_creature(creature_id)
        after = after.with_combat(after.combat.without(creature_id))
        text = f"Remove {creature.name}"
        self._commit(text, after)
        return self._announce(
            OperationResult(True, op, text=text, creature_id=creature_id), initiator
        )

    def update_creature(
        self,
        creature_id: str,
        *,
        name: str | None = None,
        side: str | None = None,
        speed: int | None = None,
        hidden: bool | None = None,
        size: Size | None = None,
        statblock: Mapping[str, Any] | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """Edit a creature's token data (name, side, speed, hidden, size, stat block).

        Refused when the new size does not fit where it stands, or the stat block cannot be
        read by the rules engine.
        """
        op = "update_creature"
        enc = self.encounter
        creature = enc.find_creature(creature_id)
        if creature is None:
            return self._refuse(op, f'no creature "{creature_id}"', initiator, creature_id)
        changes: dict[str, Any] = {}
        if name is not None:
            if not name.strip():
                return self._refuse(op, "a creature needs a name", initiator, creature_id)
            changes["name"] = name
        if side is not None:
            if not side.strip():
                return self._refuse(op, "a creature needs a side", initiator, creature_id)
            changes["side"] = side
        if speed is not None:
            if not 0 <= speed <= 100:
                return self._refuse(op, "speed is 0 to 100 squares", initiator, creature_id)
            changes["speed"] = speed
        if hidden is not None:
            changes["hidden"] = hidden
        if size is not None:
            changes["size"] = size
        if statblock is not None:
            changes["statblock"] = freeze(thaw(statblock))
        updated = replace(creature, **changes)
        if statblock is not None:
            problem = self.rules.statblock_problem(updated)
            if problem:
                return self._refuse(op, f"stat block: {problem}", initiator, creature_id)
        if size is not None:
            problem = placement.destination_problem(enc, updated, updated.square)
            if problem:
                return self._refuse(
                    op, f"{creature.name} does not fit there: {problem}", initiator, creature_id
                )
        if updated == creature and updated.statblock == creature.statblock:
            return self._refuse(op, "nothing to change", initiator, creature_id)
        text = f"Edit {updated.name}"
        if changes.keys() == {"hidden"}:
            # What the Edit menu says: "Undo Hide Goblin from the players".
            shown = "Hide {} from the players" if hidden else "Show {} to the players"
            text = shown.format(updated.name)
        self._commit(text, enc.with_creature(updated))
        return self._announce(
            OperationResult(True, op, text=text, creature_id=creature_id), initiator
        )

    def set_map_image(
        self, image: MapImage | None, initiator: object = None, text: str = ""
    ) -> OperationResult:
        """Set (or, with None, remove) the background image and its grid calibration."""
        op = "set_map_image"
        before = self.encounter
        if image is not None and image.pixels_per_square <= 0:
            return self._refuse(op, "pixels per square must be positive", initiator)
        if before.map_image == image:
            return self._refuse(op, "nothing to change", initiator)
        text = text or ("Remove map image" if image is None else "Set map image")
        self._commit(text, replace(before, map_image=image))
        return self._announce(OperationResult(True, op, text=text), initiator)

    def rename_encounter(self, name: str, initiator: object = None) -> OperationResult:
        op = "rename_encounter"
        if not name.strip():
            return self._refuse(op, "the encounter needs a name", initiator)
        if name == self.encounter.name:
            return self._refuse(op, "nothing to change", initiator)
        text = f"Rename encounter to {name}"
        self._commit(text, replace(self.encounter, name=name))
        return self._announce(OperationResult(True, op, text=text), initiator)

    def resize_grid(self, columns: int, rows: int, initiator: object = None) -> OperationResult:
        """Change the map's size; refused while a creature would be off the new grid."""
        op = "resize_grid"
        enc = self.encounter
        if not (1 <= columns <= 1000 and 1 <= rows <= 1000):
            return self._refuse(op, "a grid side is 1 to 1000 squares", initiator)
        grid = GridBounds(columns, rows)
        if grid == enc.grid:
            return self._refuse(op, "nothing to change", initiator)
        outside = [c.name for c in enc.creatures if not grid.contains_space(c.space)]
        if outside:
            return self._refuse(op, f"{outside[0]} would be off the grid", initiator)
        terrain = tuple(
            TerrainPatch(p.kind, frozenset(s for s in p.squares if grid.contains(s)))
            for p in enc.terrain
        )
        text = f"Resize grid to {columns} x {rows}"
        self._commit(text, replace(enc, grid=grid, terrain=tuple(p for p in terrain if p.squares)))
        return self._announce(OperationResult(True, op, text=text), initiator)

    # -- movement --------------------------------------------------------------------------

    def battlefield(self) -> Battlefield:
        """The geometry view of the current snapshot (built once per snapshot; read only)."""
        return self.engine.battlefield(self.encounter)

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
        attack (docs/rulings.md R-02); a shift and a GM move provoke nothing.
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

    def erase_terrain(
        self, squares: Iterable[Square], initiator: object = None
    ) -> OperationResult:
        """Erase every kind of terrain on some squares: one undo step, "Erase terrain"."""
        op = "erase_terrain"
        enc = self.encounter
        chosen = frozenset(squares)
        if not any(p.squares & chosen for p in enc.terrain):
            return self._refuse(op, "nothing to erase there", initiator)
        kept = (TerrainPatch(p.kind, p.squares - chosen) for p in enc.terrain)
        text = "Erase terrain"
        self._commit(text, enc.with_terrain(p for p in kept if p.squares))
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
        """Roll initiative (000 "Initiative"; docs/rulings.md R-18).

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
            creature_ids = [
                c.id
                for c in enc.creatures
                if c.id not in in_order and not self.rules.is_dead(enc, c.id)
            ]
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
            lambda e: turns.start_combat(self._surprise(e), *self._hooks_start()),
            initiator,
        )

    def end_combat(self, initiator: object = None) -> OperationResult:
        """Stop combat; effects "until the end of the encounter" end (rules `end_encounter`)."""

        def change(e: Encounter) -> Encounter:
            e = turns.end_combat(e)
            for creature in e.creatures:
                if creature.state is not None:
                    e = e.with_creature(
                        creature.with_state(rules_state.end_encounter(creature.state))
                    )
            return e

        return self._combat_op("end_combat", "End combat", change, initiator)

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
                lambda e: turns.end_turn(e, self._end_hook, *self._hooks_start()),
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
            # 000 "Delay": "You cannot maintain powers if you Delay."
            lambda e: turns.delay(
                self.engine.lapse_unmaintained(e, current), current, *self._hooks_start()
            ),
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
        problem = action_problem(self.rules, self.encounter, creature_id, CombatAction.READY)
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

        docs/rulings.md R-18; the arithmetic is `StatBlock.initiative_modifier` (rules engine).
        """
        creature = self.encounter.find_creature(creature_id)
        sb = self.rules.statblock(creature) if creature is not None else None
        return sb.initiative_modifier(self.ruleset).total if sb is not None else 0

    # -- what a creature can do -----------------------------------------------------------

    def available_actions(self, creature_id: str) -> AvailableActions:
        """Every action of 000 "Actions in Combat" and every power, allowed or not and why.

        Raises:
            KeyError: no such creature.
        """
        self.encounter.creature(creature_id)
        return available_actions(self.rules, self.encounter, creature_id)

    # -- actions in combat ----------------------------------------------------------------

    def use_power(
        self,
        creature_id: str,
        power_name: str,
        target_ids: Sequence[str] = (),
        *,
        dice: Sequence[int] = (),
        cover: Mapping[str, str] | None = None,
        combat_advantage: Sequence[str] = (),
        knock_out: Sequence[str] = (),
        damage_overrides: Mapping[str, int] | None = None,
        area_origin: Square | None = None,
        area_squares: Sequence[Square] | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """Use a power (000 "Use a Power"; basic attacks by their names), as one undo step.

        The attack's damage, conditions, persistent damage and the spent encounter power are
        one step (docs/design.md#undo). A Ranged or Far power used next to enemies offers them
        opportunity attacks (docs/rulings.md R-02). Forced movement the power imposes
        is listed in `details["forced"]` for the GM to carry out with `force_move`.

        Args:
            creature_id: the user.
            power_name: a power of its stat block, or "Basic Melee Attack"/"Basic Ranged Attack".
            target_ids: the targets (for areas: the creatures in the area to attack).
            dice: physical dice typed in, in rolling order; the app rolls the rest.
            cover: GM override of cover per target ("none", "half", "three_quarters", "total").
            combat_advantage: extra reasons for combat advantage (e.g. "unseen attacker").
            knock_out: targets knocked out instead of killed (000 "Knocking a Creature Out").
            damage_overrides: damage the GM imposes per target.
            area_origin: the origin square of a Far area.
            area_squares: an area's squares when the GM placed it (arc, wall).
            initiator: passed through to `operation_done`.
        """
        op = "use_power"
        enc = self.encounter
        if enc.find_creature(creature_id) is None:
            return self._refuse(op, f"no creature {creature_id!r}", initiator, creature_id)
        if enc.combat.pending is not None:
            waiting = f"{enc.combat.pending.text} waits for the opportunity attacks"
            return self._refuse(op, waiting, initiator, creature_id)
        power = find_power(self.rules, enc, creature_id, power_name)
        if power is None:
            return self._refuse(
                op,
                f"{self._name(creature_id)} has no power {power_name!r}",
                initiator,
                creature_id,
            )
        problem = power_problem(self.rules, enc, creature_id, power)
        if problem:
            return self._refuse(op, problem, initiator, creature_id)
        kind = action_kind_of(power)

        def change(e: Encounter) -> AttackOutcome:
            if power.origin in (Origin.RANGED, Origin.FAR):
                # 000 "Ranged and Far Attacks in Close Combat": making the attack provokes,
                # and the opportunity attack comes first (000 "Immediate Actions").
                self.engine.stage_attack(
                    e,
                    creature_id,
                    power,
                    target_ids,
                    cover=cover,
                    combat_advantage=combat_advantage,
                    area_origin=area_origin,
                    area_squares=area_squares,
                )
                provoked = self.engine.adjacent_threats(e, self.engine.battlefield(e), creature_id)
                if self._offerable(e, provoked):
                    held = PendingAttack(
                        CreatureId(creature_id),
                        "power",
                        power.name,
                        tuple(CreatureId(t) for t in target_ids),
                        freeze(
                            {
                                "dice": list(dice),
                                "cover": dict(cover or {}),
                                "combat_advantage": list(combat_advantage),
                                "knock_out": list(knock_out),
                                "damage_overrides": dict(damage_overrides or {}),
                                "area_origin": None if area_origin is None else list(area_origin),
                                "area_squares": None
                                if area_squares is None
                                else [list(q) for q in area_squares],
                            }
                        ),
                        f"{self._name(creature_id)}'s {power.name}",
                    )
                    e = self.engine.spend(e, creature_id, kind)
                    return AttackOutcome(self._hold(e, held, provoked), {}, provoked)
            out = self.engine.attack(
                e,
                creature_id,
                power,
                target_ids,
                dice=dice,
                cover=cover,
                combat_advantage=combat_advantage,
                knock_out=knock_out,
                damage_overrides=damage_overrides,
                area_origin=area_origin,
                area_squares=area_squares,
            )
            e = self.engine.spend(out.encounter, creature_id, kind)
            e = self.engine.offer_opportunity(e, out.provoked)
            return replace(out, encounter=e)

        # The undo text names the targets the GM picked (an area's are found when it resolves).
        text = f"{self._name(creature_id)}: {power.name}"
        picked = [self._name(t) for t in target_ids]
        if picked:
            shown = ", ".join(picked[:2]) + (
                f" and {len(picked) - 2} more" if len(picked) > 2 else ""
            )
            text = f"{text} on {shown}"
        return self._attack_op(op, text, change, initiator, creature_id)

    def basic_attack_name(self, creature_id: str, *, ranged: bool = False) -> str | None:
        """The name of the creature's basic melee (or ranged) attack, or None without one.

        000 "Basic Attack": a monster's stat block may name its own ("Short Sword", marked
        basic); otherwise it is the generic "Basic Melee Attack"/"Basic Ranged Attack". Charges
        and opportunity attacks use it (000 "Charge", "Opportunity Attacks").
        """
        creature = self.encounter.find_creature(creature_id)
        if creature is None:
            return None
        wanted = Origin.RANGED if ranged else Origin.MELEE
        basics = [p for p in powers_of(self.rules, self.encounter, creature_id) if p.basic]
        return next((p.name for p in basics if p.origin is wanted), None)

    def power_targets(
        self,
        creature_id: str,
        power_name: str,
        *,
        area_origin: Square | None = None,
        area_squares: Sequence[Square] | None = None,
    ) -> tuple[str, ...]:
        """Creatures the power could target now (reach/range/line of effect, or the area).

        For the action panel: which tokens to offer as targets, or who stands in a template.
        """
        enc = self.encounter
        power = find_power(self.rules, enc, creature_id, power_name)
        if power is None:
            return ()
        return self.engine.target_candidates(enc, creature_id, power, area_origin, area_squares)

    def preview_attack(
        self,
        creature_id: str,
        power_name: str,
        target_ids: Sequence[str] = (),
        *,
        cover: Mapping[str, str] | None = None,
        combat_advantage: Sequence[str] = (),
        area_origin: Square | None = None,
        area_squares: Sequence[Square] | None = None,
    ) -> tuple[tuple[TargetPreview, ...], str]:
        """The attack's modifiers per target before rolling, or why it cannot be made.

        Returns:
            (per-target previews, "") or ((), the reason it is refused). No change, no signal.
        """
        enc = self.encounter
        if enc.find_creature(creature_id) is None:
            return (), f"no creature {creature_id!r}"
        power = find_power(self.rules, enc, creature_id, power_name)
        if power is None:
            return (), f"{self._name(creature_id)} has no power {power_name!r}"
        problem = power_problem(self.rules, enc, creature_id, power)
        if problem:
            return (), problem
        try:
            previews = self.engine.preview_attack(
                enc,
                creature_id,
                power,
                target_ids,
                cover=cover,
                combat_advantage=combat_advantage,
                area_origin=area_origin,
                area_squares=area_squares,
            )
        except KeyError as exc:
            return (), f"no such creature: {exc.args[0]}"
        except ValueError as exc:
            return (), str(exc)
        return previews, ""

    def basic_attack(
        self,
        creature_id: str,
        target_id: str,
        *,
        ranged: bool = False,
        dice: Sequence[int] = (),
        cover: Mapping[str, str] | None = None,
        knock_out: bool = False,
        initiator: object = None,
    ) -> OperationResult:
        """000 "Basic Attack": a melee or ranged basic attack (a standard action)."""
        generic = "Basic Ranged Attack" if ranged else "Basic Melee Attack"
        name = self.basic_attack_name(creature_id, ranged=ranged) or generic
        return self.use_power(
            creature_id,
            name,
            [target_id],
            dice=dice,
            cover=cover,
            knock_out=[target_id] if knock_out else (),
            initiator=initiator,
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
        """Take an offered opportunity attack: one melee basic attack, using the immediate action.

        000 "Opportunity Attacks"; docs/rulings.md R-02 (one per enemy per provoking
        creature's turn; it uses that enemy's immediate action). When it was the last offer,
        an attack held for the offers (a charge's, a ranged one) resolves in the same step, or
        is dropped if the attacker can no longer act.
        """
        op = "opportunity_attack"
        enc = self.encounter
        problem = action_problem(self.rules, enc, creature_id, CombatAction.OPPORTUNITY_ATTACK)
        if not problem and enc.combat.active and enc.combat.current != target_id:
            problem = f"{self._name(target_id)} did not provoke (it is not its turn)"
        if problem:
            return self._refuse(op, problem, initiator, creature_id)
        basic = self.basic_attack_name(creature_id)
        power = find_power(self.rules, enc, creature_id, basic) if basic else None
        if power is None:
            return self._refuse(
                op, f"{self._name(creature_id)} has no basic melee attack", initiator
            )

        def change(e: Encounter) -> AttackOutcome:
            # 000 "Opportunity Attacks": "The attack occurs right before the creature leaves
            # your reach" — resolve it with the mover back on the square it provoked from.
            mover = e.creature(target_id)
            held = e.combat.pending
            there = (
                None  # a held ranged attack provoked where the attacker stands
                if held is not None and held.kind == "power" and held.attacker == target_id
                else self._provoking_square(e, creature_id, target_id)
            )
            staged = e.with_creature(mover.moved_to(there)) if there is not None else e
            out = self.engine.attack(
                staged,
                creature_id,
                power,
                [target_id],
                dice=dice,
                knock_out=[target_id] if knock_out else (),
            )
            e = out.encounter
            # If the attack stops the mover (dead, unconscious, immobile...), the rest of its
            # move does not happen: it stays where it provoked.
            final = mover.square
            if there is not None and self._stopped(e, target_id):
                me = e.creature(target_id)
                if not placement.destination_problem(e, me, there):
                    final = there
            e = e.with_creature(e.creature(target_id).moved_to(final))
            if final != mover.square:
                e = e.with_combat(
                    e.combat.logged("move_stopped", CreatureId(target_id), (), {"at": list(final)})
                )
            e = self.engine.spend(e, creature_id, ActionKind.OPPORTUNITY)
            return replace(out, encounter=e)

        return self._attack_op(
            op,
            f"{self._name(creature_id)}: opportunity attack",
            change,
            initiator,
            creature_id,
            then=self._settle,
        )

    def decline_opportunity_attack(
        self, creature_id: str, initiator: object = None
    ) -> OperationResult:
        """The enemy lets an offered opportunity attack pass (its immediate action stays).

        When it was the last offer, an attack held for the offers resolves in the same step.
        """
        combat = self.encounter.combat
        combatant = combat.find(creature_id) if combat.active else None
        if combatant is None or combatant.out_of_turn is not ActionKind.OPPORTUNITY:
            return self._refuse(
                "decline_opportunity_attack", "no opportunity attack offered", initiator
            )
        return self._combat_op(
            "decline_opportunity_attack",
            f"{self._name(creature_id)} lets it pass",
            lambda e: self._settle(
                e.with_combat(
                    e.combat.with_combatant(replace(combatant, out_of_turn=None)).logged(
                        "opportunity_declined", CreatureId(creature_id)
                    )
                )
            ),
            initiator,
            creature_id,
        )

    def charge_destinations(self, creature_id: str, target_id: str) -> tuple[Square, ...]:
        """Squares a charge at `target_id` may end on, sorted; () when it cannot charge it.

        000 "Charge": at least 2 squares of movement, ending on the closest square from which
        the charger can attack the target (every square at that cost is offered).
        """
        enc = self.encounter
        me, target = enc.find_creature(creature_id), enc.find_creature(target_id)
        if me is None or target is None or me.id == target.id:
            return ()
        sb = self.rules.statblock(me)
        reach = sb.reach if sb is not None else 1
        costs = geo_movement.reachable_squares(self.engine.battlefield(enc), creature_id, me.speed)
        within = {
            square: cost
            for square, cost in costs.items()
            if square != me.square
            and space_distance(Space(square, me.size), target.space) <= reach
        }
        if not within:
            return ()
        best = min(within.values())
        if best < 2:
            return ()
        return tuple(sorted(s for s, cost in within.items() if cost == best))

    def charge(
        self,
        creature_id: str,
        destination: Square,
        target_id: str,
        *,
        shove: bool = False,
        push_to: Square | None = None,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        """000 "Charge" (standard): move, then a basic melee attack or a shove at +1.

        The move is at least 2 squares and ends on the closest square from which the charger
        can attack; it provokes as a walk does. When it provokes, the attack is held until the
        opportunity attacks are settled (they come first: 000 "Opportunity Attacks").
        """
        op = "charge"
        enc = self.encounter
        if enc.combat.pending is not None:
            waiting = f"{enc.combat.pending.text} waits for the opportunity attacks"
            return self._refuse(op, waiting, initiator, creature_id)
        problem = action_problem(self.rules, enc, creature_id, CombatAction.CHARGE)
        if problem:
            return self._refuse(op, problem, initiator, creature_id)
        target = enc.find_creature(target_id)
        if target is None:
            return self._refuse(op, f"no creature {target_id!r}", initiator, creature_id)
        preview = self.engine.preview_move(
            enc, creature_id, destination, MoveMode.WALK, check_action=False
        )
        if not preview.reachable:
            return self._refuse(op, preview.reason, initiator, creature_id)
        if preview.cost < 2:
            return self._refuse(op, "a charge moves at least 2 squares", initiator, creature_id)
        closest = self._closest_attack_cost(enc, creature_id, target)
        if closest is None or preview.cost > closest:
            return self._refuse(
                op,
                "a charge must end on the closest square from which it can attack "
                f"({closest} squares away)",
                initiator,
                creature_id,
            )
        basic_name = self.basic_attack_name(creature_id) or ""
        if not shove and not basic_name:
            return self._refuse(
                op, f"{self._name(creature_id)} has no basic melee attack", initiator, creature_id
            )
        held = PendingAttack(
            CreatureId(creature_id),
            "charge",
            SHOVE.name if shove else "",
            (CreatureId(target_id),),
            freeze({"dice": list(dice), "push_to": None if push_to is None else list(push_to)}),
            f"{self._name(creature_id)}'s charge",
        )

        def change(e: Encounter) -> AttackOutcome:
            me = e.creature(creature_id)
            e = e.with_creature(me.moved_to(destination))
            e = self.engine.spend(e, creature_id, ActionKind.STANDARD, moved=preview.cost)
            e = e.with_combat(
                e.combat.logged(
                    "charge_move",
                    CreatureId(creature_id),
                    (target.id,),
                    {"path": [list(p) for p in preview.path], "cost": preview.cost},
                )
            )
            provoked = preview.provoking_enemy_ids
            if self._offerable(e, provoked):
                # Checked now (reach, a dead target...), rolled once the offers are settled.
                basic = SHOVE if shove else find_power(self.rules, e, creature_id, basic_name)
                if basic is not None:
                    self.engine.stage_attack(
                        e,
                        creature_id,
                        basic,
                        [target_id],
                        charge=True,
                        ability_attack="strength" if shove else None,
                    )
                return AttackOutcome(self._hold(e, held, provoked), {}, provoked)
            out = self._held_attack(e, held)
            return replace(out, provoked=provoked)

        return self._attack_op(
            op, f"{self._name(creature_id)} charges", change, initiator, creature_id
        )

    def coup_de_grace(
        self,
        creature_id: str,
        target_id: str,
        power_name: str = "Basic Melee Attack",
        *,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        """000 "Coup de Grace": a standard-action attack on a helpless adjacent opponent.

        A hit is a critical hit; damage at or above its staggered value kills.
        """
        op = "coup_de_grace"
        enc = self.encounter
        problem = action_problem(self.rules, enc, creature_id, CombatAction.COUP_DE_GRACE)
        me, target = enc.find_creature(creature_id), enc.find_creature(target_id)
        if not problem and (me is None or target is None):
            problem = "no such creature"
        if problem:
            return self._refuse(op, problem, initiator, creature_id)
        assert me is not None
        assert target is not None
        if not spaces_adjacent(me.space, target.space):
            return self._refuse(op, f"{target.name} is not adjacent", initiator, creature_id)
        if not HELPLESS_CONDITIONS & self.rules.conditions(enc, target_id):
            return self._refuse(op, f"{target.name} is not helpless", initiator, creature_id)
        power = find_power(self.rules, enc, creature_id, power_name)
        if (
            power is None
            or power.attack is None
            or action_kind_of(power) is not ActionKind.STANDARD
        ):
            return self._refuse(op, f"{power_name!r} is not a standard-action attack", initiator)
        problem = power_problem(self.rules, enc, creature_id, power)
        if problem:
            return self._refuse(op, problem, initiator, creature_id)

        def change(e: Encounter) -> AttackOutcome:
            out = self.engine.attack(
                e, creature_id, power, [target_id], dice=dice, coup_de_grace=True
            )
            return replace(
                out, encounter=self.engine.spend(out.encounter, creature_id, ActionKind.STANDARD)
            )

        return self._attack_op(op, f"{me.name}: coup de grace", change, initiator, creature_id)

    def grapple(
        self,
        creature_id: str,
        target_id: str,
        *,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        """000 "Grapple" (standard): Strength vs Reflex; hit: the target is grappled.

        The target is at most one size larger and within reach; against an incapacitated
        target it succeeds automatically.
        """
        op = "grapple"
        enc = self.encounter
        problem = action_problem(self.rules, enc, creature_id, CombatAction.GRAPPLE)
        me, target = enc.find_creature(creature_id), enc.find_creature(target_id)
        if not problem and (me is None or target is None):
            problem = "no such creature"
        if problem:
            return self._refuse(op, problem, initiator, creature_id)
        assert me is not None
        assert target is not None
        if target.size.rank - me.size.rank > 1:
            return self._refuse(op, f"{target.name} is more than one size larger", initiator)
        sb = self.rules.statblock(me)
        reach = sb.reach if sb is not None else 1
        if space_distance(me.space, target.space) > reach:
            return self._refuse(op, f"{target.name} is not within reach", initiator, creature_id)
        automatic = bool(INCAPACITATING_CONDITIONS & self.rules.conditions(enc, target_id))

        def change(e: Encounter) -> AttackOutcome:
            if automatic:
                t = self.engine.combatant(e, target_id)
                state, inst = rules_state.add_condition(
                    t.state,
                    Condition.GRAPPLED,
                    holder=t.id,
                    source="Grapple",
                    duration=UNTIL_COUNTERED,
                    source_id=CreatureId(creature_id),
                )
                e = e.with_creature(e.creature(target_id).with_state(state))
                data: dict[str, Any] = {"automatic": True, "effect": inst.to_dict()}
                e = e.with_combat(
                    e.combat.logged("grapple", CreatureId(creature_id), (target.id,), data)
                )
                out = AttackOutcome(e, data, hits=(target_id,))
            else:
                out = self.engine.attack(
                    e, creature_id, GRAPPLE, [target_id], dice=dice, ability_attack="strength"
                )
            return replace(
                out, encounter=self.engine.spend(out.encounter, creature_id, ActionKind.STANDARD)
            )

        return self._attack_op(
            op, f"{me.name} grapples {target.name}", change, initiator, creature_id
        )

    def escape_grapple(
        self,
        creature_id: str,
        skill: str = "athletics",
        *,
        die: int | None = None,
        bonus: int = 0,
        initiator: object = None,
    ) -> OperationResult:
        """000 "Escape a Grapple" (standard): Athletics vs Fortitude or Acrobatics vs Reflex."""
        problem = action_problem(
            self.rules, self.encounter, creature_id, CombatAction.ESCAPE_GRAPPLE
        )
        if problem:
            return self._refuse("escape_grapple", problem, initiator, creature_id)
        return self._combat_op(
            "escape_grapple",
            f"{self._name(creature_id)} tries to escape",
            lambda e: self.engine.spend(
                self.engine.escape(e, creature_id, skill, die, bonus),
                creature_id,
                ActionKind.STANDARD,
            ),
            initiator,
            creature_id,
        )

    def release_grapple(
        self, creature_id: str, target_id: str | None = None, initiator: object = None
    ) -> OperationResult:
        """End a grapple you hold (a free action)."""
        problem = action_problem(
            self.rules, self.encounter, creature_id, CombatAction.RELEASE_GRAPPLE
        )
        if problem:
            return self._refuse("release_grapple", problem, initiator, creature_id)
        return self._combat_op(
            "release_grapple",
            f"{self._name(creature_id)} lets go",
            lambda e: self.engine.release(e, creature_id, target_id),
            initiator,
            creature_id,
        )

    def move_grappled(
        self,
        creature_id: str,
        target_id: str,
        destination: Square,
        target_destination: Square,
        *,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        """000 "Move a Grappled Creature" (standard): Strength vs Fortitude.

        On a hit the grappler moves at half speed dragging the creature; the movement provokes
        as normal movement does.
        """
        op = "move_grappled"
        enc = self.encounter
        problem = action_problem(self.rules, enc, creature_id, CombatAction.MOVE_GRAPPLED)
        if not problem and target_id not in grappled_by(self.rules, enc, creature_id):
            problem = f"{self._name(creature_id)} is not grappling {self._name(target_id)}"
        if problem:
            return self._refuse(op, problem, initiator, creature_id)
        me = enc.creature(creature_id)
        target = enc.creature(target_id)
        preview = self.engine.preview_move(
            enc.without_creature(target_id),
            creature_id,
            destination,
            MoveMode.WALK,
            check_action=False,
            speed=me.speed // 2,
        )
        if not preview.reachable:
            return self._refuse(op, preview.reason, initiator, creature_id)
        moved_me = me.moved_to(destination)
        if not spaces_adjacent(moved_me.space, Space(target_destination, target.size)):
            return self._refuse(op, "the grappled creature must end adjacent", initiator)
        problem = placement.destination_problem(
            enc.with_creature(moved_me), target, target_destination
        )
        if problem:
            return self._refuse(op, f"cannot put {target.name} there: {problem}", initiator)

        def change(e: Encounter) -> AttackOutcome:
            out = self.engine.attack(
                e, creature_id, MOVE_GRAPPLED, [target_id], dice=dice, ability_attack="strength"
            )
            e = self.engine.spend(out.encounter, creature_id, ActionKind.STANDARD)
            provoked: tuple[str, ...] = ()
            if target_id in out.hits:
                e = e.with_creature(e.creature(creature_id).moved_to(destination))
                e = e.with_creature(e.creature(target_id).moved_to(target_destination))
                provoked = tuple(p for p in preview.provoking_enemy_ids if p != target_id)
                e = self.engine.offer_opportunity(e, provoked)
            return replace(out, encounter=e, provoked=provoked)

        return self._attack_op(
            op, f"{me.name} drags {target.name}", change, initiator, creature_id
        )

    def shove(
        self,
        creature_id: str,
        target_id: str,
        push_to: Square | None = None,
        *,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        """000 "Shove" (standard): Strength vs Fortitude against an adjacent target.

        The target is at most one size larger. Hit: push it 1 square (to `push_to`, else the
        square farthest from the shover) and shift into the space it left.
        """
        op = "shove"
        enc = self.encounter
        problem = action_problem(self.rules, enc, creature_id, CombatAction.SHOVE)
        me, target = enc.find_creature(creature_id), enc.find_creature(target_id)
        if not problem and (me is None or target is None):
            problem = "no such creature"
        if problem:
            return self._refuse(op, problem, initiator, creature_id)
        assert me is not None
        assert target is not None
        if target.size.rank - me.size.rank > 1:
            return self._refuse(op, f"{target.name} is more than one size larger", initiator)
        if not spaces_adjacent(me.space, target.space):
            return self._refuse(op, f"{target.name} is not adjacent", initiator, creature_id)

        def change(e: Encounter) -> AttackOutcome:
            out = self.engine.attack(
                e, creature_id, SHOVE, [target_id], dice=dice, ability_attack="strength"
            )
            e = self.engine.spend(out.encounter, creature_id, ActionKind.STANDARD)
            if target_id in out.hits:
                e = self._shove_hit(e, creature_id, target_id, push_to)
            return replace(out, encounter=e, forced=())  # the push is done, not owed

        return self._attack_op(
            op, f"{me.name} shoves {target.name}", change, initiator, creature_id
        )

    def force_move(
        self,
        target_id: str,
        kind: str,
        squares: int,
        destination: Square,
        *,
        source_id: str | None = None,
        source_square: Square | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """Carry out a push, pull or slide (000 "Unwilling Movement"; never provokes)."""
        try:
            forced_kind = ForcedKind("slide" if kind == "slip" else kind)
        except ValueError:
            return self._refuse("force_move", f"unknown forced movement {kind!r}", initiator)
        return self._combat_op(
            "force_move",
            f"{forced_kind.value.capitalize()} {self._name(target_id)}",
            lambda e: self.engine.forced_move(
                e, target_id, forced_kind, squares, destination, source_id, source_square
            ),
            initiator,
            target_id,
        )

    def help_attack(
        self, creature_id: str, ally_id: str, enemy_id: str, initiator: object = None
    ) -> OperationResult:
        """000 "Help Attack" (standard): +2 to the ally's next attack roll against the enemy."""
        return self._simple_action(
            "help_attack",
            f"{self._name(creature_id)} helps {self._name(ally_id)} attack",
            creature_id,
            CombatAction.HELP_ATTACK,
            lambda e: self.engine.help_action(e, creature_id, ally_id, enemy_id, AidKind.ATTACK),
            initiator,
        )

    def help_defense(
        self, creature_id: str, ally_id: str, enemy_id: str, initiator: object = None
    ) -> OperationResult:
        """000 "Help Defense" (standard): +2 to the ally's defenses.

        The bonus counts against the enemy's next attack against the ally.
        """
        return self._simple_action(
            "help_defense",
            f"{self._name(creature_id)} helps {self._name(ally_id)} defend",
            creature_id,
            CombatAction.HELP_DEFENSE,
            lambda e: self.engine.help_action(e, creature_id, ally_id, enemy_id, AidKind.DEFENSE),
            initiator,
        )

    def aid_another(
        self, creature_id: str, ally_id: str, note: str = "", initiator: object = None
    ) -> OperationResult:
        """000 "Aid Another" (standard): aid a skill check; the GM adjudicates, the log records."""
        return self._simple_action(
            "aid_another",
            f"{self._name(creature_id)} aids {self._name(ally_id)}",
            creature_id,
            CombatAction.AID_ANOTHER,
            lambda e: e.with_combat(
                e.combat.logged(
                    "aid_another", CreatureId(creature_id), (CreatureId(ally_id),), {"note": note}
                )
            ),
            initiator,
        )

    def total_defense(self, creature_id: str, initiator: object = None) -> OperationResult:
        """000 "Total Defense" (standard): +2 to all defenses until the start of its next turn."""
        return self._simple_action(
            "total_defense",
            f"{self._name(creature_id)}: total defense",
            creature_id,
            CombatAction.TOTAL_DEFENSE,
            lambda e: self.engine.total_defense(e, creature_id),
            initiator,
        )

    def rally(self, creature_id: str, initiator: object = None) -> OperationResult:
        """000 "Rally" (standard, PCs, once an encounter): spend a recovery, +2 defenses."""
        return self._simple_action(
            "rally",
            f"{self._name(creature_id)} rallies",
            creature_id,
            CombatAction.RALLY,
            lambda e: self.engine.rally(e, creature_id),
            initiator,
        )

    def stand_up(self, creature_id: str, initiator: object = None) -> OperationResult:
        """000 "Stand Up from Prone" (move action)."""
        return self._simple_action(
            "stand_up",
            f"{self._name(creature_id)} stands up",
            creature_id,
            CombatAction.STAND_UP,
            lambda e: self.engine.prone(e, creature_id, down=False),
            initiator,
        )

    def drop_prone(self, creature_id: str, initiator: object = None) -> OperationResult:
        """000 "Free Actions": drop prone."""
        return self._simple_action(
            "drop_prone",
            f"{self._name(creature_id)} drops prone",
            creature_id,
            CombatAction.DROP_PRONE,
            lambda e: self.engine.prone(e, creature_id, down=True),
            initiator,
        )

    def spend_action_point(self, creature_id: str, initiator: object = None) -> OperationResult:
        """000 "Action Points": one extra standard, move or swift action this turn.

        Once per encounter, not in the surprise round.
        """
        return self._simple_action(
            "spend_action_point",
            f"{self._name(creature_id)} spends an action point",
            creature_id,
            CombatAction.SPEND_ACTION_POINT,
            lambda e: self.engine.spend_action_point(e, creature_id),
            initiator,
        )

    def maintain_power(
        self, creature_id: str, power_name: str, initiator: object = None
    ) -> OperationResult:
        """Spend the action a maintained power needs this turn (000 "Maintain")."""
        combat = self.encounter.combat
        entry = next(
            (m for m in combat.maintained if m.owner == creature_id and m.power == power_name),
            None,
        )
        if entry is None:
            return self._refuse(
                "maintain_power", f"no maintained power {power_name!r}", initiator, creature_id
            )
        problem = kind_problem(self.rules, self.encounter, creature_id, entry.kind)
        if problem:
            return self._refuse("maintain_power", problem, initiator, creature_id)
        return self._combat_op(
            "maintain_power",
            f"{self._name(creature_id)} maintains {power_name}",
            lambda e: self.engine.spend(
                self.engine.maintain(e, creature_id, power_name), creature_id, entry.kind
            ),
            initiator,
            creature_id,
        )

    def turn_prompts(self, creature_id: str) -> tuple[dict[str, Any], ...]:
        """What the GM will be asked for this creature's turn boundaries, to roll or enter.

        Save-ends effects (saved against at the end of its turn, 000 "Saving Throws"), a death
        saving throw when dying (docs/rulings.md R-03), and maintained powers that lapse
        unless maintained (000 "Maintain").
        """
        creature = self.encounter.creature(creature_id)
        state = self.rules.state(creature)
        prompts: list[dict[str, Any]] = []
        if state is not None:
            for c in state.conditions:
                if c.duration.kind is DurationKind.SAVE_ENDS:
                    prompts.append(
                        {"kind": "save", "effect_id": c.effect_id, "condition": c.condition.value}
                    )
            for p in state.persistent:
                if p.duration.kind is DurationKind.SAVE_ENDS:
                    prompts.append(
                        {"kind": "save", "effect_id": p.effect_id, "persistent": p.amount}
                    )
            if rules_state.uses_death_saves_now(state, self.ruleset) and state.current_hp <= 0:
                prompts.append({"kind": "death_save"})
        for m in self.encounter.combat.maintained:
            if m.owner == creature_id and not m.maintained:
                prompts.append({"kind": "maintain", "power": m.power, "action": m.kind.value})
        return tuple(prompts)

    def death_save_on_end_turn(self) -> str | None:
        """The creature that makes a death saving throw when the current turn ends, or None.

        The current creature when the ruleset rolls them at the end of the turn, else the next
        creature at the start of its own (docs/rulings.md R-03), if it is dying now:
        the GM can then roll that d20 at the table (`end_turn(death_save_die=...)`). A
        creature that only falls dying at the start of its turn (persistent damage) is not
        known yet: the app rolls for it.
        """
        combat = self.encounter.combat
        if not combat.active or combat.current is None:
            return None
        if self.ruleset.death_save_timing is DeathSaveTiming.END_OF_TURN:
            who: str | None = combat.current
        else:
            who = turns.next_up(self.encounter, self.rules.skip_reason)
        if who is None:
            return None
        dying = any(p.get("kind") == "death_save" for p in self.turn_prompts(who))
        return who if dying else None

    def reorder_initiative(
        self, creature_id: str, before_id: str, initiator: object = None
    ) -> OperationResult:
        """The GM moves a creature in the order to act just before another.

        Its initiative result becomes that creature's for the rest of combat.
        """
        return self._combat_op(
            "reorder_initiative",
            f"{self._name(creature_id)} acts before {self._name(before_id)}",
            lambda e: turns.place_before(e, creature_id, before_id),
            initiator,
            creature_id,
        )

    # -- GM edits -------------------------------------------------------------------------

    def apply_damage(
        self,
        creature_id: str,
        amount: int,
        types: Sequence[str] = (),
        *,
        source: str = "GM",
        initiator: object = None,
    ) -> OperationResult:
        """The GM deals damage (resistances and vulnerabilities apply; 000 "Damage")."""
        return self._combat_op(
            "apply_damage",
            f"{self._name(creature_id)} takes {amount} damage",
            lambda e: self.engine.gm_damage(e, creature_id, amount, types, source),
            initiator,
            creature_id,
        )

    def heal(
        self, creature_id: str, amount: int, *, source: str = "GM", initiator: object = None
    ) -> OperationResult:
        """The GM heals a creature (000 "Healing", "Healing on Negative HP")."""
        return self._combat_op(
            "heal",
            f"{self._name(creature_id)} heals {amount}",
            lambda e: self.engine.gm_heal(e, creature_id, amount, source),
            initiator,
            creature_id,
        )

    def set_hit_points(
        self, creature_id: str, hp: int, initiator: object = None
    ) -> OperationResult:
        """The GM sets a creature's current hit points."""
        return self._combat_op(
            "set_hit_points",
            f"{self._name(creature_id)}: {hp} HP",
            lambda e: self.engine.gm_set_hp(e, creature_id, hp),
            initiator,
            creature_id,
        )

    def grant_temp_hp(
        self, creature_id: str, amount: int, initiator: object = None
    ) -> OperationResult:
        """The GM grants temporary hit points (the higher of old and new is kept)."""
        return self._combat_op(
            "grant_temp_hp",
            f"{self._name(creature_id)}: {amount} temporary HP",
            lambda e: self.engine.gm_temp_hp(e, creature_id, amount),
            initiator,
            creature_id,
        )

    def add_condition(
        self,
        creature_id: str,
        condition: Condition,
        duration: DurationKind = DurationKind.SAVE_ENDS,
        *,
        source: str = "GM",
        source_id: str | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """The GM imposes a condition with a duration (000 "Conditions", "Duration")."""
        return self._combat_op(
            "add_condition",
            f"{self._name(creature_id)}: {condition.label}",
            lambda e: self.engine.gm_condition(
                e, creature_id, condition, duration, source, source_id
            ),
            initiator,
            creature_id,
        )

    def add_persistent_damage(
        self,
        creature_id: str,
        amount: int,
        types: Sequence[str] = (),
        duration: DurationKind = DurationKind.SAVE_ENDS,
        *,
        source: str = "GM",
        source_id: str | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """The GM imposes persistent damage (000 "Persistent damage")."""
        return self._combat_op(
            "add_persistent_damage",
            f"{self._name(creature_id)}: {amount} persistent damage",
            lambda e: self.engine.gm_persistent(
                e, creature_id, amount, types, duration, source, source_id
            ),
            initiator,
            creature_id,
        )

    def remove_effect(
        self, creature_id: str, effect_id: int, initiator: object = None
    ) -> OperationResult:
        """The GM ends one condition or persistent damage instance."""
        return self._combat_op(
            "remove_effect",
            f"End an effect on {self._name(creature_id)}",
            lambda e: self.engine.gm_remove_effect(e, creature_id, effect_id),
            initiator,
            creature_id,
        )

    def saving_throw(
        self,
        creature_id: str,
        effect_id: int,
        *,
        die: int | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """A saving throw against one effect outside the end-of-turn routine (rolled or typed).

        000 "Saving Throws": d20, 10 or higher succeeds and the effect ends.
        """
        return self._combat_op(
            "saving_throw",
            f"{self._name(creature_id)} saves",
            lambda e: self.engine.gm_save(e, creature_id, effect_id, die),
            initiator,
            creature_id,
        )

    # -- helpers ---------------------------------------------------------------------------

    def _end_hook(self, encounter: Encounter, creature_id: CreatureId) -> Encounter:
        """End-of-turn rules work, then this creature's unused help bonuses lapse."""
        encounter = self.rules.end_of_turn(encounter, creature_id)
        encounter = self.engine.lapse_unmaintained(encounter, creature_id)
        return self.engine.expire_aids(encounter, creature_id)

    def _surprise(self, encounter: Encounter) -> Encounter:
        """Give the surprised their condition for the surprise round (000 "Surprised")."""
        combat = encounter.combat
        surprised = [c.creature_id for c in combat.combatants if c.surprised]
        if not surprised or len(surprised) == len(combat.combatants):
            return encounter
        for cid in surprised:
            creature = encounter.creature(cid)
            state = self.rules.state(creature)
            if state is None:
                continue
            state, _ = rules_state.add_condition(
                state,
                Condition.SURPRISED,
                holder=CreatureId(cid),
                source="surprise",
                duration=Duration(DurationKind.END_OF_SURPRISE_ROUND),
            )
            encounter = encounter.with_creature(creature.with_state(state))
        return encounter

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
        return self.encounter.name_of(creature_id)

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

    def _simple_action(
        self,
        operation: str,
        text: str,
        creature_id: str,
        action: CombatAction,
        change: Callable[[Encounter], Encounter],
        initiator: object,
    ) -> OperationResult:
        """An action of the list: check it is allowed, do it, pay its action type."""
        problem = action_problem(self.rules, self.encounter, creature_id, action)
        if problem:
            return self._refuse(operation, problem, initiator, creature_id)
        return self._combat_op(
            operation,
            text,
            lambda e: self.engine.spend(change(e), creature_id, action.kind),
            initiator,
            creature_id,
        )

    def _attack_op(
        self,
        operation: str,
        text: str,
        change: Callable[[Encounter], AttackOutcome],
        initiator: object,
        creature_id: str,
        then: Callable[[Encounter], Encounter] | None = None,
    ) -> OperationResult:
        """Do an attack as one undo step; `then` runs after its log entry (settling offers)."""
        before = self.encounter
        try:
            out = change(before)
            after = self._logged_attack(out, creature_id)
            if then is not None:
                after = then(after)
        except KeyError as exc:
            return self._refuse(operation, f"no such creature: {exc.args[0]}", initiator)
        except ValueError as exc:  # ActionError, RulesError, DiceError
            return self._refuse(operation, str(exc), initiator, creature_id)
        self._commit(text, after)
        return self._announce(
            OperationResult(
                True,
                operation,
                text=text,
                creature_id=creature_id,
                opportunity_attackers=out.provoked,
                log=after.combat.log[len(before.combat.log) :],
                details={"attack": out.data, "forced": out.forced, "hits": out.hits},
            ),
            initiator,
        )

    @staticmethod
    def _logged_attack(out: AttackOutcome, creature_id: str) -> Encounter:
        """The encounter after an attack, with its log entry (none when nothing was rolled)."""
        after = out.encounter
        if not out.data.get("power"):
            return after
        return after.with_combat(
            after.combat.logged(
                "attack",
                CreatureId(creature_id),
                tuple(CreatureId(t["target"]) for t in out.data.get("targets", [])),
                out.data,
            )
        )

    @staticmethod
    def _offerable(encounter: Encounter, enemy_ids: Sequence[str]) -> tuple[str, ...]:
        """The provoked enemies `offer_opportunity` will offer an opportunity attack to."""
        combat = encounter.combat
        if not combat.active:
            return ()
        return tuple(
            i for i in enemy_ids if (c := combat.find(i)) is not None and not c.immediate_used
        )

    def _hold(
        self, encounter: Encounter, held: PendingAttack, provoked: Sequence[str]
    ) -> Encounter:
        """Offer the opportunity attacks and hold the attack until they are settled."""
        encounter = self.engine.offer_opportunity(encounter, provoked)
        combat = replace(encounter.combat, pending=held).logged(
            "attack_held",
            held.attacker,
            held.targets,
            {"what": held.text, "provoked": list(self._offerable(encounter, provoked))},
        )
        return encounter.with_combat(combat)

    def _held_attack(self, encounter: Encounter, held: PendingAttack) -> AttackOutcome:
        """Resolve a held attack (its action is already spent; it offers nothing again).

        Raises:
            ActionError: it cannot be made now (out of reach, the target is dead...).
        """
        attacker = held.attacker
        options = held.options
        dice = [int(d) for d in options.get("dice", ())]
        targets = list(held.targets)
        if held.kind == "charge":
            # 000 "Charge": "After moving, you may make a single basic melee attack or shove.
            # You get a +1 bonus on the attack roll."
            shove = held.power == SHOVE.name
            basic = self.basic_attack_name(attacker)
            power = SHOVE if shove else find_power(self.rules, encounter, attacker, basic or "")
            if power is None:
                raise ActionError(f"{self._name(attacker)} has no basic melee attack")
            out = self.engine.attack(
                encounter,
                attacker,
                power,
                targets,
                dice=dice,
                charge=True,
                ability_attack="strength" if shove else None,
            )
            raw_push = options.get("push_to")
            push_to = None if raw_push is None else Square(*raw_push)
            if shove and targets[0] in out.hits:
                out = replace(
                    out,
                    encounter=self._shove_hit(out.encounter, attacker, targets[0], push_to),
                    forced=(),  # the push is done, not owed
                )
            return out
        power = find_power(self.rules, encounter, attacker, held.power)
        if power is None:
            raise ActionError(f"{self._name(attacker)} has no power {held.power!r}")
        origin = options.get("area_origin")
        area = options.get("area_squares")
        return self.engine.attack(
            encounter,
            attacker,
            power,
            targets,
            dice=dice,
            cover=dict(options.get("cover", {})),
            combat_advantage=list(options.get("combat_advantage", ())),
            knock_out=list(options.get("knock_out", ())),
            damage_overrides=dict(options.get("damage_overrides", {})),
            area_origin=None if origin is None else Square(*origin),
            area_squares=None if area is None else [Square(*q) for q in area],
        )

    def _settle(self, encounter: Encounter) -> Encounter:
        """Resolve (or drop) the held attack once no opportunity attack is offered any more.

        000 "Immediate Actions": "When your immediate action interrupts another creature's
        action, that creature can continue its action right after" — if it still can act.
        """
        combat = encounter.combat
        held = combat.pending
        if held is None or any(c.out_of_turn is ActionKind.OPPORTUNITY for c in combat.combatants):
            return encounter
        encounter = encounter.with_combat(replace(combat, pending=None))
        reason = self._cannot_act(encounter, held.attacker)
        if not reason:
            try:
                return self._logged_attack(self._held_attack(encounter, held), held.attacker)
            except KeyError as exc:
                reason = f"no creature {exc.args[0]!r}"
            except ValueError as exc:
                reason = str(exc)
        return encounter.with_combat(
            encounter.combat.logged(
                "attack_dropped",
                held.attacker,
                held.targets,
                {"what": held.text, "reason": reason},
            )
        )

    def _cannot_act(self, encounter: Encounter, creature_id: str) -> str:
        """Why the creature can take no action now (dead, unconscious, stunned...), or ""."""
        name = self._name(creature_id)
        if encounter.find_creature(creature_id) is None:
            return f"{name} is gone"
        if self.rules.is_dead(encounter, creature_id):
            return f"{name} is dead"
        for condition in sorted(self.rules.conditions(encounter, creature_id)):
            if rules_for(condition, self.ruleset).actions is ActionLimit.NONE:
                return f"{name} is {condition.label.lower()}"
        return ""

    def _shove_hit(
        self, encounter: Encounter, creature_id: str, target_id: str, push_to: Square | None
    ) -> Encounter:
        """Shove hit: push 1, then shift into the space the target left (000 "Shove")."""
        me = encounter.creature(creature_id)
        target = encounter.creature(target_id)
        old = target.square
        options = forced_destinations(
            self.engine.battlefield(encounter),
            target_id,
            ForcedKind.PUSH,
            1,
            source_id=creature_id,
        )
        if not options:
            return encounter  # nowhere to push: the hit changes nothing
        if push_to is None:
            push_to = max(
                sorted(options), key=lambda s: space_distance(me.space, Space(s, target.size))
            )
        encounter = self.engine.forced_move(
            encounter, target_id, ForcedKind.PUSH, 1, push_to, source_id=creature_id
        )
        step = Square(push_to.col - old.col, push_to.row - old.row)
        into = me.square.offset(step.col, step.row)
        if not placement.destination_problem(encounter, me, into):
            encounter = encounter.with_creature(encounter.creature(creature_id).moved_to(into))
        return encounter

    def _stopped(self, encounter: Encounter, creature_id: str) -> bool:
        """Whether the creature can no longer move on its own (dead, no actions, immobile)."""
        if self.rules.is_dead(encounter, creature_id):
            return True
        for condition in self.rules.conditions(encounter, creature_id):
            rules = rules_for(condition, self.ruleset)
            if rules.actions is ActionLimit.NONE or rules.movement in (
                MovementLimit.NO_MOVE,
                MovementLimit.NO_WILLING_MOVE,
            ):
                return True
        return False

    def _provoking_square(
        self, encounter: Encounter, enemy_id: str, mover_id: str
    ) -> Square | None:
        """Where the mover stood when it provoked `enemy_id` on this turn's last move."""
        enemy = encounter.creature(enemy_id)
        mover = encounter.creature(mover_id)
        for entry in reversed(encounter.combat.log):
            if entry.kind == "turn_start":
                return None
            if entry.kind in ("move", "charge_move") and entry.actor == mover_id:
                path = [Square(*p) for p in entry.data.get("path", ())]
                for square in path[:-1]:
                    if spaces_adjacent(Space(square, mover.size), enemy.space):
                        return square
                return None
        return None

    def _closest_attack_cost(
        self, encounter: Encounter, creature_id: str, target: Creature
    ) -> int | None:
        """Movement cost to the nearest square from which the charger can reach the target."""
        me = encounter.creature(creature_id)
        sb = self.rules.statblock(me)
        reach = sb.reach if sb is not None else 1
        costs = geo_movement.reachable_squares(
            self.engine.battlefield(encounter), creature_id, me.speed
        )
        best = [
            cost
            for square, cost in costs.items()
            if square != me.square
            and space_distance(Space(square, me.size), target.space) <= reach
        ]
        return min(best) if best else None

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
