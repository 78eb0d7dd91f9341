"""`GameSession`: the façade the UI, the CLI and the tools call, one method per GM action.

Each method delegates to the use case that holds the action's validation, transition and undo
text (`editing`, `movement`, `initiative`, `attacks`, `interrupts`, `combat_actions`,
`grappling`, `gm_edits`; `availability` answers what a creature may do). The use case returns
a `Step` or a `Refusal`; the session is the only writer: it pushes the step on the undo history
(`_commit`) and announces every result, done or refused, with its initiator through
`operation_done`, the one signal the UI reports results from.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from psygnal import Signal

from orcus_desktop.controller import (
    attacks,
    combat_actions,
    editing,
    gm_edits,
    grappling,
    initiative,
    interrupts,
    movement,
)
from orcus_desktop.controller.attack_resolution import basic_attack_name
from orcus_desktop.controller.attacks import TargetPreview
from orcus_desktop.controller.availability import (
    AvailableActions,
    CombatAction,
    available_actions,
)
from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.results import (
    MoveMode,
    MovePreview,
    OperationResult,
    Outcome,
    Step,
)
from orcus_desktop.geometry.features import TerrainKind, Wall
from orcus_desktop.geometry.grid import Size, Square
from orcus_desktop.model.combat import ActionKind, AidKind
from orcus_desktop.model.commands import ReplaceEncounter
from orcus_desktop.model.document import Document
from orcus_desktop.model.encounter import Creature, Encounter, MapImage
from orcus_desktop.model.history import History
from orcus_desktop.model.ids import WallId
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.ruleset import ORCUS, Ruleset

__all__ = ["GameSession", "TargetPreview"]


class GameSession:
    """The rules controller: the only writer of the document.

    Args:
        document: the open encounter.
        history: the document's undo history (commands are pushed here).
        rng: the random source for every roll the app makes (seeded in tests).
        ruleset: the rules variant (000 with the RULINGS.md defaults unless told otherwise).

    Attributes:
        rules: the bridge to the rules engine (stat blocks, states, turn-boundary work).
        engine: what the use cases share (the rules, the RNG, the battlefield cache).

    Signals:
        operation_done: `(result, initiator)` after every operation, done or refused; the
            initiator is whatever the caller passed (the panel that asked, a tool...).
    """

    operation_done = Signal(object, object)

    def __init__(
        self, document: Document, history: History, rng: random.Random, ruleset: Ruleset = ORCUS
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
        """Replace the whole encounter (a file was opened) and forget the undo history."""
        self.document.reset(encounter)
        self.history.clear()
        result = OperationResult(True, "open_encounter", text=f"Open {encounter.name}")
        return self._announce(result, initiator)

    def restore_encounter(self, recovered: Encounter, initiator: object = None) -> OperationResult:
        """Put a recovered (autosaved) encounter in place, unsaved, as one undo step."""
        return self._apply(editing.restore(recovered), initiator)

    # -- editing ---------------------------------------------------------------------------

    def place_creature(self, creature: Creature, initiator: object = None) -> OperationResult:
        return self._apply(editing.place_creature(self.encounter, creature), initiator)

    def remove_creature(self, creature_id: str, initiator: object = None) -> OperationResult:
        outcome = editing.remove_creature(self.engine, self.encounter, creature_id)
        return self._apply(outcome, initiator)

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
        """Edit a creature's token data (name, side, speed, hidden, size, stat block)."""
        outcome = editing.update_creature(
            self.engine,
            self.encounter,
            creature_id,
            name=name,
            side=side,
            speed=speed,
            hidden=hidden,
            size=size,
            statblock=statblock,
        )
        return self._apply(outcome, initiator)

    def set_map_image(
        self, image: MapImage | None, initiator: object = None, text: str = ""
    ) -> OperationResult:
        return self._apply(editing.set_map_image(self.encounter, image, text), initiator)

    def rename_encounter(self, name: str, initiator: object = None) -> OperationResult:
        return self._apply(editing.rename_encounter(self.encounter, name), initiator)

    def resize_grid(self, columns: int, rows: int, initiator: object = None) -> OperationResult:
        return self._apply(editing.resize_grid(self.encounter, columns, rows), initiator)

    def add_wall(self, wall: Wall, initiator: object = None) -> WallId:
        """Add a wall, window or door; returns its new id."""
        step = editing.add_wall(self.encounter, wall)
        self._apply(step, initiator)
        return WallId(str(step.result.created_id))

    def remove_wall(self, wall_id: str, initiator: object = None) -> OperationResult:
        return self._apply(editing.remove_wall(self.encounter, wall_id), initiator)

    def set_door_open(
        self, wall_id: str, is_open: bool, initiator: object = None
    ) -> OperationResult:
        return self._apply(editing.set_door_open(self.encounter, wall_id, is_open), initiator)

    def paint_terrain(
        self,
        kind: TerrainKind,
        squares: Iterable[Square],
        erase: bool = False,
        initiator: object = None,
    ) -> OperationResult:
        outcome = editing.paint_terrain(self.encounter, kind, squares, erase)
        return self._apply(outcome, initiator)

    # -- movement --------------------------------------------------------------------------

    def preview_move(self, creature_id: str, destination: Square, mode: MoveMode) -> MovePreview:
        """Path, cost and provoked enemies for a drag in progress (no change, no signal)."""
        return movement.preview_move(self.engine, self.encounter, creature_id, destination, mode)

    def reachable_squares(self, creature_id: str, mode: MoveMode) -> frozenset[Square]:
        """Every square the creature may end a move of this mode in (empty if none)."""
        return movement.reachable_squares(self.engine, self.encounter, creature_id, mode)

    def move_creature(
        self,
        creature_id: str,
        destination: Square,
        mode: MoveMode = MoveMode.GM,
        initiator: object = None,
    ) -> OperationResult:
        """Move a creature: walk, shift, dash, crawl, squeeze along a legal path, or a GM move."""
        outcome = movement.move_creature(
            self.engine, self.encounter, creature_id, destination, mode
        )
        return self._apply(outcome, initiator)

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
        outcome = movement.force_move(
            self.engine,
            self.encounter,
            target_id,
            kind,
            squares,
            destination,
            source_id,
            source_square,
        )
        return self._apply(outcome, initiator)

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
        outcome = initiative.roll_initiative(
            self.engine,
            self.encounter,
            creature_ids,
            groups or {},
            dice or {},
            totals or {},
            modifiers or {},
        )
        return self._apply(outcome, initiator)

    def set_initiative(
        self, creature_id: str, total: int, initiator: object = None
    ) -> OperationResult:
        outcome = initiative.set_initiative(self.engine, self.encounter, creature_id, total)
        return self._apply(outcome, initiator)

    def set_surprised(
        self, creature_id: str, surprised: bool = True, initiator: object = None
    ) -> OperationResult:
        outcome = initiative.set_surprised(self.engine, self.encounter, creature_id, surprised)
        return self._apply(outcome, initiator)

    def start_combat(self, initiator: object = None) -> OperationResult:
        return self._apply(initiative.start_combat(self.engine, self.encounter), initiator)

    def end_combat(self, initiator: object = None) -> OperationResult:
        return self._apply(initiative.end_combat(self.engine, self.encounter), initiator)

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
        outcome = initiative.end_turn(self.engine, self.encounter, save_dice or {}, death_save_die)
        return self._apply(outcome, initiator)

    def delay(self, initiator: object = None) -> OperationResult:
        return self._apply(initiative.delay(self.engine, self.encounter), initiator)

    def resume_delayed(
        self, creature_id: str, after: str | None = None, initiator: object = None
    ) -> OperationResult:
        outcome = initiative.resume_delayed(self.engine, self.encounter, creature_id, after)
        return self._apply(outcome, initiator)

    def ready_action(
        self,
        creature_id: str,
        kind: ActionKind,
        trigger: str,
        description: str = "",
        initiator: object = None,
    ) -> OperationResult:
        outcome = initiative.ready_action(
            self.engine, self.encounter, creature_id, kind, trigger, description
        )
        return self._apply(outcome, initiator)

    def trigger_readied(
        self, creature_id: str, trigger_creature_id: str, initiator: object = None
    ) -> OperationResult:
        outcome = initiative.trigger_readied(
            self.engine, self.encounter, creature_id, trigger_creature_id
        )
        return self._apply(outcome, initiator)

    def join_combat(
        self,
        creature_id: str,
        *,
        die: int | None = None,
        total: int | None = None,
        group: str | None = None,
        initiator: object = None,
    ) -> OperationResult:
        outcome = initiative.join_combat(
            self.engine, self.encounter, creature_id, die, total, group
        )
        return self._apply(outcome, initiator)

    def reorder_initiative(
        self, creature_id: str, before_id: str, initiator: object = None
    ) -> OperationResult:
        outcome = initiative.reorder_initiative(
            self.engine, self.encounter, creature_id, before_id
        )
        return self._apply(outcome, initiator)

    def initiative_modifier(self, creature_id: str) -> int:
        return initiative.initiative_modifier(self.engine, self.encounter, creature_id)

    def turn_prompts(self, creature_id: str) -> tuple[dict[str, Any], ...]:
        return initiative.turn_prompts(self.engine, self.encounter, creature_id)

    def death_save_on_end_turn(self) -> str | None:
        return initiative.death_save_on_end_turn(self.engine, self.encounter)

    # -- what a creature can do -----------------------------------------------------------

    def available_actions(self, creature_id: str) -> AvailableActions:
        """Every action of 000 "Actions in Combat" and every power, allowed or not and why.

        Raises:
            KeyError: no such creature.
        """
        self.encounter.creature(creature_id)
        return available_actions(self.rules, self.encounter, creature_id)

    # -- attacks and interrupts -----------------------------------------------------------

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
        """Use a power as one undo step (`attacks.use_power`); forced moves owed are listed."""
        outcome = attacks.use_power(
            self.engine,
            self.encounter,
            creature_id,
            power_name,
            target_ids,
            dice=dice,
            cover=cover,
            combat_advantage=combat_advantage,
            knock_out=knock_out,
            damage_overrides=damage_overrides,
            area_origin=area_origin,
            area_squares=area_squares,
        )
        return self._apply(outcome, initiator)

    def basic_attack_name(self, creature_id: str, *, ranged: bool = False) -> str | None:
        return basic_attack_name(self.engine, self.encounter, creature_id, ranged=ranged)

    def power_targets(
        self,
        creature_id: str,
        power_name: str,
        *,
        area_origin: Square | None = None,
        area_squares: Sequence[Square] | None = None,
    ) -> tuple[str, ...]:
        """Creatures the power could target now (reach/range/line of effect, or the area)."""
        return attacks.power_targets(
            self.engine, self.encounter, creature_id, power_name, area_origin, area_squares
        )

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
        """The attack's modifiers per target before rolling, or ((), why it cannot be made)."""
        return attacks.preview_attack(
            self.engine,
            self.encounter,
            creature_id,
            power_name,
            target_ids,
            cover=cover,
            combat_advantage=combat_advantage,
            area_origin=area_origin,
            area_squares=area_squares,
        )

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
        outcome = attacks.basic_attack(
            self.engine,
            self.encounter,
            creature_id,
            target_id,
            ranged=ranged,
            dice=dice,
            cover=cover,
            knock_out=knock_out,
        )
        return self._apply(outcome, initiator)

    def opportunity_attack(
        self,
        creature_id: str,
        target_id: str,
        *,
        dice: Sequence[int] = (),
        knock_out: bool = False,
        initiator: object = None,
    ) -> OperationResult:
        outcome = interrupts.opportunity_attack(
            self.engine, self.encounter, creature_id, target_id, dice, knock_out
        )
        return self._apply(outcome, initiator)

    def decline_opportunity_attack(
        self, creature_id: str, initiator: object = None
    ) -> OperationResult:
        outcome = interrupts.decline_opportunity_attack(self.engine, self.encounter, creature_id)
        return self._apply(outcome, initiator)

    # -- combat actions -------------------------------------------------------------------

    def charge_destinations(self, creature_id: str, target_id: str) -> tuple[Square, ...]:
        return combat_actions.charge_destinations(
            self.engine, self.encounter, creature_id, target_id
        )

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
        outcome = combat_actions.charge(
            self.engine,
            self.encounter,
            creature_id,
            destination,
            target_id,
            shove=shove,
            push_to=push_to,
            dice=dice,
        )
        return self._apply(outcome, initiator)

    def coup_de_grace(
        self,
        creature_id: str,
        target_id: str,
        power_name: str = "Basic Melee Attack",
        *,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        outcome = combat_actions.coup_de_grace(
            self.engine, self.encounter, creature_id, target_id, power_name, dice
        )
        return self._apply(outcome, initiator)

    def grapple(
        self,
        creature_id: str,
        target_id: str,
        *,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        outcome = grappling.grapple(self.engine, self.encounter, creature_id, target_id, dice)
        return self._apply(outcome, initiator)

    def escape_grapple(
        self,
        creature_id: str,
        skill: str = "athletics",
        *,
        die: int | None = None,
        bonus: int = 0,
        initiator: object = None,
    ) -> OperationResult:
        outcome = grappling.escape_grapple(
            self.engine, self.encounter, creature_id, skill, die, bonus
        )
        return self._apply(outcome, initiator)

    def release_grapple(
        self, creature_id: str, target_id: str | None = None, initiator: object = None
    ) -> OperationResult:
        outcome = grappling.release_grapple(self.engine, self.encounter, creature_id, target_id)
        return self._apply(outcome, initiator)

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
        outcome = grappling.move_grappled(
            self.engine,
            self.encounter,
            creature_id,
            target_id,
            destination,
            target_destination,
            dice,
        )
        return self._apply(outcome, initiator)

    def shove(
        self,
        creature_id: str,
        target_id: str,
        push_to: Square | None = None,
        *,
        dice: Sequence[int] = (),
        initiator: object = None,
    ) -> OperationResult:
        outcome = combat_actions.shove(
            self.engine, self.encounter, creature_id, target_id, push_to, dice
        )
        return self._apply(outcome, initiator)

    def help_attack(
        self, creature_id: str, ally_id: str, enemy_id: str, initiator: object = None
    ) -> OperationResult:
        outcome = combat_actions.help_ally(
            self.engine, self.encounter, creature_id, ally_id, enemy_id, AidKind.ATTACK
        )
        return self._apply(outcome, initiator)

    def help_defense(
        self, creature_id: str, ally_id: str, enemy_id: str, initiator: object = None
    ) -> OperationResult:
        outcome = combat_actions.help_ally(
            self.engine, self.encounter, creature_id, ally_id, enemy_id, AidKind.DEFENSE
        )
        return self._apply(outcome, initiator)

    def aid_another(
        self, creature_id: str, ally_id: str, note: str = "", initiator: object = None
    ) -> OperationResult:
        outcome = combat_actions.aid_another(
            self.engine, self.encounter, creature_id, ally_id, note
        )
        return self._apply(outcome, initiator)

    def take_action(
        self, action: CombatAction, creature_id: str, initiator: object = None
    ) -> OperationResult:
        """One of the simple actions (`combat_actions.SIMPLE_ACTIONS`): total defense, ..."""
        outcome = combat_actions.take_action(self.engine, self.encounter, action, creature_id)
        return self._apply(outcome, initiator)

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
        outcome = combat_actions.maintain_power(
            self.engine, self.encounter, creature_id, power_name
        )
        return self._apply(outcome, initiator)

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
        return self._apply(
            gm_edits.apply_damage(self.engine, self.encounter, creature_id, amount, types, source),
            initiator,
        )

    def heal(
        self, creature_id: str, amount: int, *, source: str = "GM", initiator: object = None
    ) -> OperationResult:
        """The GM heals a creature (000 "Healing", "Healing on Negative HP")."""
        outcome = gm_edits.heal(self.engine, self.encounter, creature_id, amount, source)
        return self._apply(outcome, initiator)

    def set_hit_points(
        self, creature_id: str, hp: int, initiator: object = None
    ) -> OperationResult:
        """The GM sets a creature's current hit points."""
        outcome = gm_edits.set_hit_points(self.engine, self.encounter, creature_id, hp)
        return self._apply(outcome, initiator)

    def grant_temp_hp(
        self, creature_id: str, amount: int, initiator: object = None
    ) -> OperationResult:
        """The GM grants temporary hit points (the higher of old and new is kept)."""
        outcome = gm_edits.grant_temp_hp(self.engine, self.encounter, creature_id, amount)
        return self._apply(outcome, initiator)

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
        outcome = gm_edits.add_condition(
            self.engine, self.encounter, creature_id, condition, duration, source, source_id
        )
        return self._apply(outcome, initiator)

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
        outcome = gm_edits.add_persistent_damage(
            self.engine, self.encounter, creature_id, amount, types, duration, source, source_id
        )
        return self._apply(outcome, initiator)

    def remove_effect(
        self, creature_id: str, effect_id: int, initiator: object = None
    ) -> OperationResult:
        """The GM ends one condition or persistent damage instance."""
        outcome = gm_edits.remove_effect(self.engine, self.encounter, creature_id, effect_id)
        return self._apply(outcome, initiator)

    def saving_throw(
        self,
        creature_id: str,
        effect_id: int,
        *,
        die: int | None = None,
        initiator: object = None,
    ) -> OperationResult:
        """A saving throw against one effect outside the end-of-turn routine (rolled or typed)."""
        outcome = gm_edits.saving_throw(self.engine, self.encounter, creature_id, effect_id, die)
        return self._apply(outcome, initiator)

    # -- the one writer -------------------------------------------------------------------

    def _apply(self, outcome: Outcome, initiator: object) -> OperationResult:
        """Commit a use case's step as one undo step (or not, when refused) and announce it."""
        if isinstance(outcome, Step):
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
