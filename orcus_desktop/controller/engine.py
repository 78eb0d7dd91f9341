"""Combat actions as functions `Encounter -> Encounter`: movement, attacks and the rest.

Each function validates with geometry (reach, range, line of effect, paths) and the rules
engine (action limits, attack resolution, damage, conditions), builds the next snapshot with
everything it changed (positions, states, spent actions, log entries) and raises `ActionError`
with the GM-facing reason when the action is not allowed. The session turns one call into one
undo step.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from orcus_desktop.controller import placement
from orcus_desktop.controller.actions import (
    CombatAction,
    action_problem,
    grappled_by,
    power_problem,
)
from orcus_desktop.controller.battlefield import battlefield_for
from orcus_desktop.controller.combat_rules import (
    CombatRules,
    QueuedSource,
    damage_data,
    effect_data,
    healing_data,
    roll_data,
)
from orcus_desktop.controller.results import MoveMode, MovePreview, TargetPreview
from orcus_desktop.geometry import movement as geo_movement
from orcus_desktop.geometry.areas import creatures_in_area, far_origin_allowed, near_burst_squares
from orcus_desktop.geometry.battlefield import Battlefield, Occupant
from orcus_desktop.geometry.flanking import flanked_by
from orcus_desktop.geometry.forced import ForcedKind, forced_destinations
from orcus_desktop.geometry.grid import Size, Space, Square, space_distance, spaces_adjacent
from orcus_desktop.geometry.sight import space_concealment, space_cover, space_sees_space
from orcus_desktop.model.combat import Aid, AidKind, Maintained
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.attacks import AttackContext, Combatant, apply_attack, resolve_attack
from orcus_desktop.rules.checks import ESCAPE_DEFENSE, escape_check
from orcus_desktop.rules.conditions import Condition, ConditionInstance, PersistentDamage
from orcus_desktop.rules.durations import UNTIL_COUNTERED, Duration, DurationKind
from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.powers import (
    ActionKind,
    Power,
    grapple_power,
    move_grappled_power,
    shove_power,
)
from orcus_desktop.rules.state import CreatureState, RulesError, initial_state
from orcus_desktop.vocabulary import ConcealmentDegree, CoverDegree, CreatureId, Origin


class ActionError(ValueError):
    """An action that is not allowed now; the message is the reason the GM sees."""


MODE_ACTIONS: dict[MoveMode, CombatAction] = {
    MoveMode.WALK: CombatAction.WALK,
    MoveMode.SHIFT: CombatAction.FIVE_FOOT_STEP,
    MoveMode.DASH: CombatAction.DASH,
    MoveMode.CRAWL: CombatAction.CRAWL,
    MoveMode.SQUEEZE: CombatAction.SQUEEZE,
}

# The attacks of 000 "Actions in Combat", as the rules define them.
GRAPPLE = grapple_power()
MOVE_GRAPPLED = move_grappled_power()
SHOVE = shove_power()

_SIZES = tuple(Size)

HELP_BONUS = 2
"""000 "Help Attack" / "Help Defense": +2."""


@dataclass(frozen=True, slots=True)
class AttackOutcome:
    """What `Engine.attack` did, for the session's result.

    Attributes:
        encounter: the encounter after the attack.
        data: the log record (JSON-like).
        provoked: enemies offered an opportunity attack (Ranged/Far from an adjacent square).
        forced: (target id, kind, squares) of forced movement the GM carries out next.
        hits: target ids hit.
    """

    encounter: Encounter
    data: dict[str, Any]
    provoked: tuple[str, ...] = ()
    forced: tuple[tuple[str, str, int], ...] = ()
    hits: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StagedAttack:
    """An attack checked and set up, before any die is rolled.

    Attributes:
        attacker: the rules' view of the attacker.
        power: the power (with the ability filled in for special attacks).
        contexts: each target with its attack context (cover, concealment, flanking...).
        target_data: per target, the geometry facts for the log.
        aids_used: Help Attack / Help Defense bonuses this attack uses up.
    """

    attacker: Combatant
    power: Power
    contexts: tuple[tuple[Combatant, AttackContext], ...]
    target_data: tuple[dict[str, Any], ...]
    aids_used: tuple[Aid, ...]


@dataclass
class Engine:
    """Combat actions over snapshots, with the rules bridge and a battlefield cache."""

    rules: CombatRules
    rng: random.Random
    _field: tuple[Encounter, Battlefield] | None = field(default=None, repr=False)

    # -- geometry ----------------------------------------------------------------------------

    def battlefield(self, encounter: Encounter) -> Battlefield:
        """The battlefield of a snapshot, built once per snapshot (previews reuse it)."""
        cached = self._field
        if cached is not None and cached[0] is encounter:
            return cached[1]
        built = battlefield_for(encounter, self.rules)
        self._field = (encounter, built)
        return built

    # -- movement ----------------------------------------------------------------------------

    def preview_move(
        self,
        encounter: Encounter,
        creature_id: str,
        destination: Square,
        mode: MoveMode,
        *,
        check_action: bool = True,
        speed: int | None = None,
    ) -> MovePreview:
        """Path, cost, provoked enemies and legality of a move (no change).

        Args:
            encounter: the snapshot.
            creature_id: who moves.
            destination: the top-left square of its space at the end.
            mode: how it moves.
            check_action: False when the movement is part of another action (a charge pays
                with its standard action).
            speed: a speed other than the creature's (a grappler dragging: half speed).
        """
        creature = encounter.find_creature(creature_id)
        if creature is None:
            return MovePreview((), 0, False, (), f"no creature {creature_id!r}")
        if mode is MoveMode.GM:
            problem = placement.destination_problem(encounter, creature, destination)
            if destination == creature.square:
                problem = ""
            path = (creature.square, destination) if not problem else ()
            return MovePreview(path, 0, not problem, (), problem)
        problem = action_problem(self.rules, encounter, creature_id, MODE_ACTIONS[mode])
        if problem and check_action:
            return MovePreview((), 0, False, (), problem)
        if destination == creature.square:
            return MovePreview(
                (creature.square,), 0, False, (), f"{creature.name} is already there"
            )
        view, mover = self._movement_view(encounter, creature, mode)
        problem = placement.destination_problem(view, mover, destination)
        if problem:
            return MovePreview((), 0, False, (), f"cannot end there: {problem}")
        allowed, geo_mode, slowed = self._allowance(encounter, creature, mode)
        speed = allowed if speed is None else speed
        result = geo_movement.cheapest_path(
            self.battlefield(view),
            creature_id,
            destination,
            speed=speed,
            mode=geo_mode,
            slowed=slowed,
        )
        if result.cost is None:
            return MovePreview((), 0, False, (), "no legal path")
        provokes = result.provokes if mode not in (MoveMode.SHIFT, MoveMode.GM) else ()
        if not result.reachable:
            budget = geo_movement.effective_speed(speed, slowed=slowed)
            return MovePreview(
                result.path,
                result.cost,
                False,
                provokes,
                f"too far: {result.cost} squares of movement, {budget} allowed",
            )
        return MovePreview(result.path, result.cost, True, provokes, "")

    def reachable(
        self, encounter: Encounter, creature_id: str, mode: MoveMode
    ) -> frozenset[Square]:
        creature = encounter.find_creature(creature_id)
        if creature is None:
            return frozenset()
        if mode is MoveMode.GM:
            return placement.free_squares(encounter, creature) - {creature.square}
        if action_problem(self.rules, encounter, creature_id, MODE_ACTIONS[mode]):
            return frozenset()
        speed, geo_mode, slowed = self._allowance(encounter, creature, mode)
        view, _ = self._movement_view(encounter, creature, mode)
        costs = geo_movement.reachable_squares(
            self.battlefield(view), creature_id, speed, geo_mode, slowed=slowed
        )
        return frozenset(s for s in costs if s != creature.square)

    def move(
        self, encounter: Encounter, creature_id: str, destination: Square, mode: MoveMode
    ) -> tuple[Encounter, MovePreview]:
        """Move a creature (one action of movement), offering opportunity attacks.

        Raises:
            ActionError: the move is not allowed; the message says why.
        """
        preview = self.preview_move(encounter, creature_id, destination, mode)
        creature = encounter.creature(creature_id)
        if not preview.reachable:
            raise ActionError(preview.reason or f"{creature.name} cannot move there")
        encounter = encounter.with_creature(creature.moved_to(destination))
        if mode is MoveMode.GM:
            return self.check_grapples(encounter), preview
        encounter = self.spend(encounter, creature_id, ActionKind.MOVE, moved=preview.cost)
        state = self.rules.state(creature)
        if state is not None:
            current = encounter.combat.current
            holder = CreatureId(creature_id)
            turn = CreatureId(current) if current else None
            if mode is MoveMode.DASH:
                state, _ = rules_turns.dash(state, target=holder, current_turn=turn)
            elif mode is MoveMode.SQUEEZE and not state.instances_of(Condition.SQUEEZING):
                state, _ = rules_turns.start_squeezing(state, target=holder)
            elif mode is not MoveMode.SQUEEZE and state.instances_of(Condition.SQUEEZING):
                state = rules_state.remove_condition(state, Condition.SQUEEZING)
            encounter = self._set_state(encounter, creature_id, state)
        combat = encounter.combat.logged(
            "move",
            CreatureId(creature_id),
            (),
            {
                "mode": mode.value,
                "path": [list(s) for s in preview.path],
                "cost": preview.cost,
                "provoked": list(preview.provoking_enemy_ids),
            },
        )
        encounter = encounter.with_combat(combat)
        encounter = self.offer_opportunity(encounter, preview.provoking_enemy_ids)
        return self.check_grapples(encounter), preview

    @staticmethod
    def _movement_view(
        encounter: Encounter, creature: Creature, mode: MoveMode
    ) -> tuple[Encounter, Creature]:
        """The map as the mover's path sees it.

        000 "Squeeze": "A creature can squeeze through a space that is large enough for a
        creature one size smaller than it", so a squeezing Large or bigger creature is planned
        one size smaller (Small and Medium take one square either way). The token keeps its
        size on the map; the Squeezing state marks it.
        """
        if mode is not MoveMode.SQUEEZE or creature.size.rank <= Size.MEDIUM.rank:
            return encounter, creature
        smaller = replace(creature, size=_SIZES[creature.size.rank - 1])
        return encounter.with_creature(smaller), smaller

    def _allowance(
        self, encounter: Encounter, creature: Creature, mode: MoveMode
    ) -> tuple[int, geo_movement.PathRule, bool]:
        slowed = Condition.SLOWED in self.rules.conditions(encounter, creature.id)
        speed = creature.speed
        if mode is MoveMode.SHIFT:
            return 1, geo_movement.PathRule.SHIFT, False  # 000 "Five-Foot Step": shift 1
        if mode is MoveMode.DASH:
            return speed + 2, geo_movement.PathRule.WALK, slowed  # 000 "Dash": speed + 2
        if mode in (MoveMode.CRAWL, MoveMode.SQUEEZE):
            # docs/rulings.md R-08 — each square costs 2 of the speed; 000 "Squeeze": "spend 1
            # extra square for every square it moves there".
            return speed, geo_movement.PathRule.CRAWL, slowed
        return speed, geo_movement.PathRule.WALK, slowed

    # -- bookkeeping shared by actions ---------------------------------------------------------

    def spend(
        self, encounter: Encounter, creature_id: str, kind: ActionKind, moved: int = 0
    ) -> Encounter:
        """The encounter after the creature spent one action of `kind` (nothing outside combat).

        On its own turn the budget pays (000 "Your Turn"); off its turn the pending out-of-turn
        permission is used; immediate and opportunity actions use the creature's one immediate
        action of the round (000 "Immediate Actions"; docs/rulings.md R-02).
        """
        combat = encounter.combat
        combatant = combat.find(creature_id)
        if not combat.active or combatant is None:
            return encounter
        if kind in (ActionKind.IMMEDIATE, ActionKind.OPPORTUNITY):
            combatant = replace(combatant, immediate_used=True, out_of_turn=None)
        elif combat.current != creature_id:
            combatant = replace(combatant, out_of_turn=None)
        elif kind not in (ActionKind.FREE, ActionKind.NONE):
            combatant = replace(combatant, budget=combatant.budget.spend(kind))
        combatant = replace(combatant, moved_squares=combatant.moved_squares + moved)
        return encounter.with_combat(combat.with_combatant(combatant))

    def offer_opportunity(self, encounter: Encounter, enemy_ids: Sequence[str]) -> Encounter:
        """Let each provoked enemy take an opportunity attack (docs/rulings.md R-02)."""
        combat = encounter.combat
        if not combat.active:
            return encounter
        for enemy_id in enemy_ids:
            combatant = combat.find(enemy_id)
            if combatant is not None and not combatant.immediate_used:
                combat = combat.with_combatant(
                    replace(combatant, out_of_turn=ActionKind.OPPORTUNITY)
                )
        return encounter.with_combat(combat)

    def check_grapples(self, encounter: Encounter) -> Encounter:
        """docs/rulings.md R-06 — the grapple ends when the two are no longer adjacent."""
        combat = encounter.combat
        for creature in encounter.creatures:
            state = creature.state
            if state is None:
                continue
            ended = []
            for inst in state.instances_of(Condition.GRAPPLED):
                grappler = encounter.find_creature(inst.source_id) if inst.source_id else None
                if grappler is None or not spaces_adjacent(grappler.space, creature.space):
                    ended.append(inst)
            if ended:
                for inst in ended:
                    state = rules_state.remove_effect(state, inst.effect_id)
                encounter = self._set_state(encounter, creature.id, state)
                combat = encounter.combat.logged(
                    "effect_ended",
                    None,
                    (creature.id,),
                    {"effects": [effect_data(e) for e in ended], "reason": "no longer adjacent"},
                )
                encounter = encounter.with_combat(combat)
        return encounter

    def _set_state(
        self, encounter: Encounter, creature_id: str, state: CreatureState
    ) -> Encounter:
        creature = encounter.creature(creature_id)
        return encounter.with_creature(creature.with_state(state))

    def combatant(self, encounter: Encounter, creature_id: str) -> Combatant:
        """The rules' view of a creature (stat block + state).

        Raises:
            ActionError: it has no (readable) stat block.
        """
        creature = encounter.creature(creature_id)
        sb = self.rules.statblock(creature)
        state = self.rules.state(creature)
        if sb is None or state is None:
            problem = self.rules.statblock_problem(creature)
            if problem:
                raise ActionError(f"{creature.name}'s stat block cannot be read: {problem}")
            raise ActionError(f"{creature.name} has no stat block")
        return Combatant(CreatureId(creature_id), sb, state)

    # -- attacks -----------------------------------------------------------------------------

    def attack(
        self,
        encounter: Encounter,
        attacker_id: str,
        power: Power,
        target_ids: Sequence[str],
        *,
        dice: Sequence[int] = (),
        cover: Mapping[str, str] | None = None,
        combat_advantage: Sequence[str] = (),
        charge: bool = False,
        coup_de_grace: bool = False,
        knock_out: Sequence[str] = (),
        damage_overrides: Mapping[str, int] | None = None,
        area_origin: Square | None = None,
        area_squares: Sequence[Square] | None = None,
        ability_attack: str | None = None,
    ) -> AttackOutcome:
        """Resolve and apply one power against its targets (000 "Making an Attack").

        Geometry first (reach, range, line of effect, area, cover, concealment, flanking),
        then `rules.attacks.resolve_attack` and `apply_attack`; the encounter power is marked
        used; the log gets every roll with its modifiers.

        Args:
            encounter: the snapshot.
            attacker_id: who uses the power.
            power: the power.
            target_ids: chosen targets (for area powers: the creatures in the area to attack).
            dice: physical dice typed in by the GM, in rolling order (attack rolls per target,
                then damage); the app rolls whatever is not given.
            cover: GM override of the cover degree per target ("none", "half",
                "three_quarters", "total").
            combat_advantage: extra reasons for combat advantage the GM states.
            charge: the attack ends a charge (+1).
            coup_de_grace: a Coup de Grace against a helpless adjacent target.
            knock_out: targets to knock out rather than kill.
            damage_overrides: GM-imposed damage per target.
            area_origin: the origin square of a Far area.
            area_squares: the area's squares (arcs, walls: the GM's placement); default: the
                burst around the user (Near) or the origin (Far).
            ability_attack: for special attacks (grapple, shove) with no ability in the power:
                "strength" — the attacker's Strength modifier + half level, or a monster's
                stat-block melee bonus.

        Raises:
            ActionError: a target cannot be attacked (out of reach or range, no line of
                effect, no stat block...).
        """
        staged = self.stage_attack(
            encounter,
            attacker_id,
            power,
            target_ids,
            cover=cover,
            combat_advantage=combat_advantage,
            charge=charge,
            coup_de_grace=coup_de_grace,
            area_origin=area_origin,
            area_squares=area_squares,
            ability_attack=ability_attack,
        )
        attacker, power, contexts = staged.attacker, staged.power, staged.contexts
        target_data, aids_used = staged.target_data, staged.aids_used
        field_ = self.battlefield(encounter)  # as it was before the attack (provocation)
        source = QueuedSource(self.rng, list(dice))
        try:
            result = resolve_attack(attacker, power, contexts, source, self.rules.ruleset)
        except RulesError as exc:
            raise ActionError(str(exc)) from None
        combatants = {c.id: c for c, _ in contexts}
        combatants[attacker.id] = attacker
        current = encounter.combat.current
        new_states, applied = apply_attack(
            result,
            combatants,
            self.rules.ruleset,
            current_turn=CreatureId(current) if current else None,
            knock_out=[CreatureId(k) for k in knock_out],
            damage_overrides={CreatureId(k): v for k, v in (damage_overrides or {}).items()},
        )
        before_states = {c.id: c.state for c in combatants.values()}
        attacker_state = new_states.get(attacker.id, attacker.state)
        try:
            attacker_state = rules_state.use_power(attacker_state, power)
        except RulesError as exc:
            raise ActionError(str(exc)) from None
        new_states[attacker.id] = attacker_state
        for cid, state in new_states.items():
            encounter = self._set_state(encounter, cid, state)
        for cid in new_states:
            encounter = self.rules.after_harm(encounter, cid, before_states.get(cid))
        if aids_used:
            used = set(aids_used)
            encounter = encounter.with_combat(
                replace(
                    encounter.combat, aids=tuple(a for a in encounter.combat.aids if a not in used)
                )
            )
        if power.maintain is not None:
            # 000 "Maintain": the power keeps working while its user spends the action.
            entry = Maintained(CreatureId(attacker_id), power.name, power.maintain)
            encounter = encounter.with_combat(
                replace(
                    encounter.combat,
                    maintained=(
                        *(
                            m
                            for m in encounter.combat.maintained
                            if (m.owner, m.power) != (attacker_id, power.name)
                        ),
                        entry,
                    ),
                )
            )
        data = _attack_data(result, applied, target_data)
        provoked: tuple[str, ...] = ()
        if power.origin in (Origin.RANGED, Origin.FAR):
            provoked = self.adjacent_threats(encounter, field_, attacker_id)
            data["provoked"] = list(provoked)
        forced = tuple(
            (str(t.target), fm.kind.value, fm.squares)
            for t in applied.targets
            for fm in t.forced_movement
        )
        hits = tuple(str(t.target) for t in result.targets if t.hit)
        return AttackOutcome(encounter, data, provoked, forced, hits)

    def stage_attack(
        self,
        encounter: Encounter,
        attacker_id: str,
        power: Power,
        target_ids: Sequence[str],
        *,
        cover: Mapping[str, str] | None = None,
        combat_advantage: Sequence[str] = (),
        charge: bool = False,
        coup_de_grace: bool = False,
        area_origin: Square | None = None,
        area_squares: Sequence[Square] | None = None,
        ability_attack: str | None = None,
    ) -> StagedAttack:
        """Everything about an attack that comes before the dice.

        The geometry checks and each target's `AttackContext` (see `attack` for the arguments).

        Raises:
            ActionError: a target cannot be attacked; the message says why.
        """
        attacker = self.combatant(encounter, attacker_id)
        attacker_creature = encounter.creature(attacker_id)
        power = self._with_ability(power, attacker, ability_attack)
        if power.origin is Origin.SELF and not target_ids:
            target_ids = (attacker_id,)
        if not target_ids and power.origin is not Origin.NEAR and power.origin is not Origin.FAR:
            raise ActionError("choose a target")
        if len(set(target_ids)) != len(target_ids):
            raise ActionError("a creature is targeted once (docs/rulings.md R-12)")
        if not power.origin.is_area and len(target_ids) > max(1, power.target_count):
            raise ActionError(f"{power.name} has {power.target_count} target(s)")
        field_ = self.battlefield(encounter)
        contexts: list[tuple[Combatant, AttackContext]] = []
        target_data: list[dict[str, Any]] = []
        origin_space = attacker_creature.space
        area: set[Square] | None = None
        if power.origin is Origin.FAR:
            if area_origin is None:
                raise ActionError(f"{power.name}: choose the area's origin square")
            far_range = power.range.normal or 0
            if not far_origin_allowed(field_, attacker_id, area_origin, far_range):
                raise ActionError(
                    f"{power.name}: the origin square must be within {far_range} squares "
                    "with line of effect"
                )
            origin_space = Space(area_origin, Size.MEDIUM)
        if power.origin.is_area:
            if area_squares is not None:
                area = set(area_squares)
            elif power.area is not None and power.origin is Origin.NEAR:
                area = set(
                    near_burst_squares(attacker_creature.space, power.area.size, encounter.grid)
                )
            elif power.area is not None and area_origin is not None:
                area = set(near_burst_squares(origin_space, power.area.size, encounter.grid))
            if area is not None:
                inside = set(creatures_in_area(field_, area, origin_space))
                outside = [t for t in target_ids if t not in inside]
                if outside:
                    raise ActionError(
                        f"{self._name(encounter, outside[0])} is not in the area "
                        "(or has no line of effect from its origin)"
                    )
        aids_used: list[Aid] = []
        for target_id in target_ids:
            target_creature = encounter.find_creature(target_id)
            if target_creature is None:
                raise ActionError(f"no creature {target_id!r}")
            if self.rules.is_dead(encounter, target_id):
                raise ActionError(f"{target_creature.name} is dead")
            target = self.combatant(encounter, target_id)
            distance = space_distance(attacker_creature.space, target_creature.space)
            long_range = False
            if power.origin is Origin.MELEE:
                reach = self._reach(attacker, power)
                # 000 "Melee": "attack a foe within your reach"; tiny creatures reach 0.
                if distance > reach:
                    raise ActionError(
                        f"{target_creature.name} is out of reach ({distance} squares, "
                        f"reach {reach})"
                    )
            elif power.origin is Origin.RANGED:
                normal, long = self._ranges(attacker, power)
                limit = long if long is not None else normal
                if limit is not None and distance > limit:
                    # 000 "Ranged": "you can't attack a target beyond the long range".
                    raise ActionError(
                        f"{target_creature.name} is out of range ({distance} squares, "
                        f"range {limit})"
                    )
                long_range = normal is not None and long is not None and distance > normal
            # Cover is measured from the attacker's space, or from a Far area's origin square
            # (the attacker itself is never an obstacle to its own attack).
            origin_occupant = Occupant(
                attacker_id if power.origin is not Origin.FAR else "\0origin",
                origin_space,
                attacker_creature.side,
            )
            target_occupant = Occupant(target_id, target_creature.space, target_creature.side)
            if target_id == attacker_id:
                degree = CoverDegree.NONE
            else:
                degree = space_cover(field_, origin_occupant, target_occupant).degree
            if cover and target_id in cover:
                degree = CoverDegree(cover[target_id])  # the GM overrides (docs/design.md#cover)
            if degree is CoverDegree.TOTAL:
                # 000 "A Clear Path to the Target": no line of effect, no target.
                raise ActionError(f"no line of effect to {target_creature.name} (total cover)")
            if target_id == attacker_id:
                concealment = ConcealmentDegree.NONE
            else:
                concealment = space_concealment(
                    field_,
                    Occupant(attacker_id, attacker_creature.space, attacker_creature.side),
                    target_occupant,
                    power.origin,
                )
            flanking = (
                power.origin is Origin.MELEE
                and target_id in {o.id for o in field_.occupants}
                and attacker_id in {o.id for o in field_.occupants}
                and bool(flanked_by(field_, attacker_id, target_id))
            )
            attack_mods: list[Modifier] = []
            defense_mods: list[Modifier] = []
            for aid in encounter.combat.aids:
                if (
                    aid.kind is AidKind.ATTACK
                    and aid.ally == attacker_id
                    and aid.enemy == target_id
                ):
                    attack_mods.append(Modifier(HELP_BONUS, f"help attack ({aid.helper})"))
                    aids_used.append(aid)
                elif (
                    aid.kind is AidKind.DEFENSE
                    and aid.ally == target_id
                    and aid.enemy == attacker_id
                ):
                    defense_mods.append(Modifier(HELP_BONUS, f"help defense ({aid.helper})"))
                    aids_used.append(aid)
            ctx = AttackContext(
                cover=degree,
                concealment=concealment,
                combat_advantage=tuple(combat_advantage),
                flanking=flanking,
                long_range=long_range,
                adjacent=spaces_adjacent(attacker_creature.space, target_creature.space),
                charge=charge,
                coup_de_grace=coup_de_grace,
                attack_modifiers=tuple(attack_mods),
                defense_modifiers=tuple(defense_mods),
            )
            contexts.append((target, ctx))
            target_data.append(
                {
                    "target": target_id,
                    "distance": distance,
                    "cover": degree.value,
                    "concealment": concealment.value,
                    "flanking": flanking,
                    "long_range": long_range,
                }
            )
        return StagedAttack(attacker, power, tuple(contexts), tuple(target_data), tuple(aids_used))

    def preview_attack(
        self,
        encounter: Encounter,
        attacker_id: str,
        power: Power,
        target_ids: Sequence[str],
        **options: Any,
    ) -> tuple[TargetPreview, ...]:
        """The modifiers an attack would have, per target, without rolling (no change).

        `options` are `stage_attack`'s keyword arguments (cover overrides, charge...).

        Raises:
            ActionError: the attack is not possible; the message says why.
        """
        from orcus_desktop.rules.attacks import attack_modifiers, defense_value

        staged = self.stage_attack(encounter, attacker_id, power, target_ids, **options)
        sb = staged.attacker.statblock
        weapon = None
        if staged.power.uses_weapon and sb.weapons:
            wants_ranged = staged.power.origin is Origin.RANGED
            weapon = next((w for w in sb.weapons if w.ranged == wants_ranged), sb.weapons[0])
        all_ids = tuple(t.id for t, _ in staged.contexts)
        out: list[TargetPreview] = []
        for (target, ctx), facts in zip(staged.contexts, staged.target_data, strict=True):
            spec = staged.power.attack
            if spec is None:
                out.append(TargetPreview(str(target.id), facts, (), 0, (), None, None, ()))
                continue
            try:
                mods, ca = attack_modifiers(
                    staged.attacker,
                    target,
                    staged.power,
                    ctx,
                    self.rules.ruleset,
                    all_targets=all_ids,
                    weapon=weapon,
                )
            except RulesError as exc:
                raise ActionError(str(exc)) from None
            defense = defense_value(target, spec.defense, staged.power, ctx, self.rules.ruleset)
            out.append(
                TargetPreview(
                    target=str(target.id),
                    facts=facts,
                    combat_advantage=ca,
                    attack_bonus=sum(m.value for m in mods),
                    attack_parts=tuple((m.value, m.source) for m in mods),
                    defense_kind=spec.defense.value,
                    defense=defense.total,
                    defense_parts=defense.parts,
                )
            )
        return tuple(out)

    def target_candidates(
        self,
        encounter: Encounter,
        attacker_id: str,
        power: Power,
        area_origin: Square | None = None,
        area_squares: Sequence[Square] | None = None,
    ) -> tuple[str, ...]:
        """Who the power could target now, by its origin, range and targets line.

        Melee/Ranged: creatures within reach or range with line of effect (000 "Range", "A Clear
        Path to the Target"). Near/Far: creatures in the area with line of effect from its
        origin (geometry `creatures_in_area`), filtered by the power's targets;
        docs/rulings.md R-09: the user only for "all"/"any", never among allies or enemies.
        """
        from orcus_desktop.rules.powers import TargetKind

        me = encounter.creature(attacker_id)
        if power.origin is Origin.SELF or power.targets is TargetKind.SELF:
            return (attacker_id,)
        field_ = self.battlefield(encounter)
        others = [o for o in field_.occupants if o.id != attacker_id]
        if not power.origin.is_area:
            sb = self.rules.statblock(me)
            if sb is None:
                return ()
            combatant = Combatant(
                CreatureId(attacker_id), sb, self.rules.state(me) or initial_state(sb)
            )
            if power.origin is Origin.MELEE:
                limit: int | None = self._reach(combatant, power)
            else:
                normal, long = self._ranges(combatant, power)
                limit = long if long is not None else normal
            mine = Occupant(attacker_id, me.space, me.side)
            return tuple(
                sorted(
                    o.id
                    for o in others
                    if (limit is None or space_distance(me.space, o.space) <= limit)
                    and space_cover(field_, mine, o).degree is not CoverDegree.TOTAL
                )
            )
        origin_space = me.space if area_origin is None else Space(area_origin, Size.MEDIUM)
        if area_squares is not None:
            area = set(area_squares)
        elif power.area is not None and (power.origin is Origin.NEAR or area_origin is not None):
            area = set(near_burst_squares(origin_space, power.area.size, encounter.grid))
        else:
            return ()
        inside = creatures_in_area(field_, area, origin_space)
        by_id = {o.id: o for o in field_.occupants}
        kind = power.targets
        if kind in (TargetKind.ALL, TargetKind.ANY, TargetKind.ONE):
            return tuple(inside)
        pool = [
            cid
            for cid in inside
            if cid != attacker_id
            and (by_id[cid].side != me.side)
            == (kind in (TargetKind.ENEMIES, TargetKind.NEAREST_ENEMY))
        ]
        if kind in (TargetKind.NEAREST_ENEMY, TargetKind.NEAREST_ALLY) and pool:
            # 000 "Nearest": the shortest range; ties are the user's choice (all returned).
            best = min(space_distance(me.space, by_id[c].space) for c in pool)
            pool = [c for c in pool if space_distance(me.space, by_id[c].space) == best]
        return tuple(pool)

    def _with_ability(
        self, power: Power, attacker: Combatant, ability_attack: str | None
    ) -> Power:
        if ability_attack is None or power.attack is None:
            return power
        sb = attacker.statblock
        if not sb.is_pc:
            basic = next((p for p in sb.powers if p.basic and p.origin is Origin.MELEE), None)
            if basic is not None and basic.attack is not None and basic.attack.bonus is not None:
                spec = replace(power.attack, ability=None, bonus=basic.attack.bonus)
                return replace(power, attack=spec)
        from orcus_desktop.rules.abilities import Ability

        return replace(power, attack=replace(power.attack, ability=Ability(ability_attack)))

    def _reach(self, attacker: Combatant, power: Power) -> int:
        if power.range.normal is not None and not power.range.weapon:
            return power.range.normal
        return attacker.statblock.reach

    @staticmethod
    def _ranges(attacker: Combatant, power: Power) -> tuple[int | None, int | None]:
        if power.range.weapon:
            for weapon in attacker.statblock.weapons:
                if weapon.ranged:
                    return weapon.normal_range, weapon.long_range
            return None, None
        return power.range.normal, power.range.long

    def adjacent_threats(
        self, encounter: Encounter, field_: Battlefield, creature_id: str
    ) -> tuple[str, ...]:
        """Enemies adjacent to the creature that could take an opportunity attack.

        000 "Ranged and Far Attacks in Close Combat"; docs/rulings.md R-02 — Ranged
        and Far attacks provoke from adjacent enemies.
        """
        me = encounter.creature(creature_id)
        out: list[str] = []
        for occ in field_.occupants:
            if (
                occ.id == creature_id
                or occ.side == me.side
                or not occ.can_take_opportunity_actions
            ):
                continue
            if spaces_adjacent(occ.space, me.space) and space_sees_space(
                field_, occ.space, me.space
            ):
                out.append(occ.id)
        return tuple(out)

    @staticmethod
    def _name(encounter: Encounter, creature_id: str) -> str:
        return encounter.name_of(creature_id)

    # -- special actions ---------------------------------------------------------------------

    def forced_move(
        self,
        encounter: Encounter,
        target_id: str,
        kind: ForcedKind,
        squares: int,
        destination: Square,
        source_id: str | None = None,
        source_square: Square | None = None,
    ) -> Encounter:
        """Push, pull or slide a creature (000 "Unwilling Movement"); never provokes."""
        target = encounter.creature(target_id)
        state = self.rules.state(target)
        if state is not None and Condition.RESTRAINED in state.active_conditions(
            self.rules.ruleset
        ):
            # 000 "Restrained": "You cannot be moved into another square, willingly or with
            # unwilling movement."
            raise ActionError(f"{target.name} is restrained and cannot be moved")
        source = Space(source_square, Size.MEDIUM) if source_square is not None else None
        options = forced_destinations(
            self.battlefield(encounter),
            target_id,
            kind,
            squares,
            source=source,
            source_id=source_id if source is None else None,
        )
        if destination not in options:
            raise ActionError(f"{target.name} cannot be {kind.value}ed to that square")
        encounter = encounter.with_creature(target.moved_to(destination))
        combat = encounter.combat.logged(
            "forced_move",
            CreatureId(source_id) if source_id else None,
            (target.id,),
            {"kind": kind.value, "squares": squares, "to": list(destination)},
        )
        return self.check_grapples(encounter.with_combat(combat))

    def help_action(
        self, encounter: Encounter, helper_id: str, ally_id: str, enemy_id: str, kind: AidKind
    ) -> Encounter:
        """000 "Help Attack"/"Help Defense": the enemy must be within the helper's reach."""
        helper = self.combatant(encounter, helper_id)
        helper_creature = encounter.creature(helper_id)
        enemy = encounter.creature(enemy_id)
        ally = encounter.creature(ally_id)
        if ally.side != helper_creature.side or ally_id == helper_id:
            raise ActionError(f"{ally.name} is not an ally of {helper_creature.name}")
        if space_distance(helper_creature.space, enemy.space) > helper.statblock.reach:
            raise ActionError(f"{enemy.name} is not within {helper_creature.name}'s reach")
        combat = encounter.combat
        aid = Aid(
            kind, CreatureId(helper_id), CreatureId(ally_id), CreatureId(enemy_id), combat.round
        )
        combat = replace(combat, aids=(*combat.aids, aid)).logged(
            f"help_{kind.value}", CreatureId(helper_id), (ally.id, enemy.id), {"bonus": HELP_BONUS}
        )
        return encounter.with_combat(combat)

    def maintain(self, encounter: Encounter, creature_id: str, power_name: str) -> Encounter:
        """Spend this turn's concentration on a maintained power (000 "Maintain")."""
        combat = encounter.combat
        for m in combat.maintained:
            if m.owner == creature_id and m.power == power_name:
                combat = replace(
                    combat,
                    maintained=tuple(
                        replace(x, maintained=True) if x is m else x for x in combat.maintained
                    ),
                ).logged("maintain", CreatureId(creature_id), (), {"power": power_name})
                return encounter.with_combat(combat)
        raise ActionError(f"{self._name(encounter, creature_id)} maintains no {power_name!r}")

    def lapse_unmaintained(self, encounter: Encounter, creature_id: str) -> Encounter:
        """Maintained powers not maintained this turn end (000 "The End of Your Turn").

        000: "Any effects that require an action to maintain concentration, which you have not
        spent, end now." Their effects are those carrying the power as source and the owner as
        source creature.
        """
        combat = encounter.combat
        keep: list[Maintained] = []
        lapsed: list[Maintained] = []
        for m in combat.maintained:
            if m.owner != creature_id:
                keep.append(m)
            elif m.maintained:
                keep.append(replace(m, maintained=False))
            else:
                lapsed.append(m)
        encounter = encounter.with_combat(replace(combat, maintained=tuple(keep)))
        for m in lapsed:
            ended_on: list[str] = []
            for creature in encounter.creatures:
                state = creature.state
                if state is None:
                    continue
                gone = [
                    c.effect_id
                    for c in state.conditions
                    if c.source == m.power and c.source_id == CreatureId(m.owner)
                ] + [
                    p.effect_id
                    for p in state.persistent
                    if p.source == m.power and p.source_id == CreatureId(m.owner)
                ]
                for effect_id in gone:
                    state = rules_state.remove_effect(state, effect_id)
                if gone:
                    encounter = self._set_state(encounter, creature.id, state)
                    ended_on.append(creature.id)
            encounter = encounter.with_combat(
                encounter.combat.logged(
                    "maintain_lapsed",
                    m.owner,
                    tuple(CreatureId(c) for c in ended_on),
                    {"power": m.power},
                )
            )
        return encounter

    def expire_aids(self, encounter: Encounter, helper_id: str) -> Encounter:
        """Help bonuses lapse "at the end of your next turn" if not used."""
        combat = encounter.combat
        keep = tuple(
            a for a in combat.aids if not (a.helper == helper_id and a.round_given < combat.round)
        )
        if keep == combat.aids:
            return encounter
        return encounter.with_combat(replace(combat, aids=keep))

    def escape(
        self,
        encounter: Encounter,
        creature_id: str,
        skill: str,
        die: int | None,
        bonus: int,
    ) -> Encounter:
        """000 "Escape a Grapple": Athletics vs the grappler's Fortitude or Acrobatics vs Reflex.

        The check is the rules engine's `escape_check` (ability + half level + `bonus`, the GM's
        training and other bonuses); a typed-in `die` replaces the roll.
        """
        me = self.combatant(encounter, creature_id)
        grips = me.state.instances_of(Condition.GRAPPLED)
        if not grips:
            raise ActionError(f"{self._name(encounter, creature_id)} is not grappled")
        grip = grips[-1]
        if grip.source_id is None:
            raise ActionError("the grappler is unknown")
        grappler = self.combatant(encounter, grip.source_id)
        extra = [Modifier(bonus, "GM: training and other bonuses")] if bonus else []
        try:
            check = escape_check(
                me.statblock,
                grappler.statblock,
                skill,
                QueuedSource(self.rng, [die]),
                self.rules.ruleset,
                modifiers=extra,
            )
        except ValueError as exc:
            raise ActionError(str(exc)) from None
        d20 = check.roll
        defense = ESCAPE_DEFENSE[skill.strip().lower()]
        target = check.target_number
        success = bool(check.success)
        state = me.state
        if success:
            for inst in grips:
                state = rules_state.remove_effect(state, inst.effect_id)
            encounter = self._set_state(encounter, creature_id, state)
        combat = encounter.combat.logged(
            "escape_grapple",
            CreatureId(creature_id),
            (CreatureId(grip.source_id),),
            {
                "skill": skill,
                "roll": roll_data(d20),
                "total": check.total.total,
                "parts": [list(p) for p in check.total.parts],
                "defense": defense.value,
                "target_number": target,
                "success": success,
            },
        )
        return encounter.with_combat(combat)

    def release(self, encounter: Encounter, grappler_id: str, target_id: str | None) -> Encounter:
        """End a grapple as a free action (000 "Grapple": "release the target whenever")."""
        held = grappled_by(self.rules, encounter, grappler_id)
        chosen = [t for t in held if target_id is None or t == target_id]
        if not chosen:
            raise ActionError(f"{self._name(encounter, grappler_id)} is not grappling that")
        for tid in chosen:
            creature = encounter.creature(tid)
            assert creature.state is not None
            state = creature.state
            for inst in state.instances_of(Condition.GRAPPLED):
                if inst.source_id == grappler_id:
                    state = rules_state.remove_effect(state, inst.effect_id)
            encounter = self._set_state(encounter, tid, state)
        combat = encounter.combat.logged(
            "release_grapple", CreatureId(grappler_id), tuple(CreatureId(t) for t in chosen)
        )
        return encounter.with_combat(combat)

    def total_defense(self, encounter: Encounter, creature_id: str) -> Encounter:
        me = self.combatant(encounter, creature_id)
        current = encounter.combat.current
        state, inst = rules_turns.total_defense(
            me.state, target=me.id, current_turn=CreatureId(current) if current else None
        )
        encounter = self._set_state(encounter, creature_id, state)
        return encounter.with_combat(
            encounter.combat.logged(
                "total_defense", CreatureId(creature_id), (), {"effect": effect_data(inst)}
            )
        )

    def rally(self, encounter: Encounter, creature_id: str) -> Encounter:
        from orcus_desktop.rules.healing import rally

        me = self.combatant(encounter, creature_id)
        current = encounter.combat.current
        try:
            state, result = rally(
                me.state,
                me.statblock,
                self.rules.ruleset,
                target=me.id,
                current_turn=CreatureId(current) if current else None,
            )
        except RulesError as exc:
            raise ActionError(str(exc)) from None
        encounter = self._set_state(encounter, creature_id, state)
        return encounter.with_combat(
            encounter.combat.logged(
                "rally",
                CreatureId(creature_id),
                (),
                {
                    "healing": healing_data(result.healing),
                    "effect": effect_data(result.defense_bonus),
                },
            )
        )

    def prone(self, encounter: Encounter, creature_id: str, down: bool) -> Encounter:
        """Drop prone (free) or stand up (move) — 000 "Being Prone"."""
        me = self.combatant(encounter, creature_id)
        if down:
            state, inst = rules_state.add_condition(
                me.state,
                Condition.PRONE,
                holder=me.id,
                source="dropped prone",
                duration=UNTIL_COUNTERED,
            )
            data = {"effect": effect_data(inst)}
        else:
            state = rules_state.remove_condition(me.state, Condition.PRONE)
            data = {}
        encounter = self._set_state(encounter, creature_id, state)
        return encounter.with_combat(
            encounter.combat.logged(
                "drop_prone" if down else "stand_up", CreatureId(creature_id), (), data
            )
        )

    def spend_action_point(self, encounter: Encounter, creature_id: str) -> Encounter:
        """000 "Action Points": one extra standard, move or swift action this turn."""
        from orcus_desktop.model.combat import CombatPhase

        me = self.combatant(encounter, creature_id)
        combat = encounter.combat
        try:
            state = rules_state.spend_action_point(
                me.state, surprise_round=combat.phase is CombatPhase.SURPRISE
            )
        except RulesError as exc:
            raise ActionError(str(exc)) from None
        encounter = self._set_state(encounter, creature_id, state)
        combat = encounter.combat
        combatant = combat.combatant(creature_id)
        # An extra standard action covers "standard, move or swift" (a standard converts).
        budget = replace(combatant.budget, standard=combatant.budget.standard + 1)
        combatant = replace(
            combatant, budget=budget, spent_action_point_turn=True, action_point_spent=True
        )
        combat = combat.with_combatant(combatant).logged(
            "action_point", CreatureId(creature_id), (), {"left": state.action_points}
        )
        return encounter.with_combat(combat)

    # -- GM edits ----------------------------------------------------------------------------

    def gm_damage(
        self,
        encounter: Encounter,
        creature_id: str,
        amount: int,
        types: Sequence[str],
        source: str,
    ) -> Encounter:
        """Damage dealt by the GM through the rules (resistance, temp HP, dying, death)."""
        from orcus_desktop.rules.damage import apply_damage, damage_against
        from orcus_desktop.rules.terms import DamageType

        if amount < 0:
            raise ActionError("damage is 0 or more")
        me = self.combatant(encounter, creature_id)
        try:
            damage_types = tuple(DamageType(t) for t in types)
        except ValueError:
            raise ActionError(f"unknown damage type in {list(types)}") from None
        computation = damage_against(
            amount, damage_types, me.statblock, me.state, self.rules.ruleset
        )
        state, applied = apply_damage(
            me.state, me.statblock, computation, self.rules.ruleset, target=me.id, source=source
        )
        encounter = self._set_state(encounter, creature_id, state)
        encounter = encounter.with_combat(
            encounter.combat.logged(
                "damage", None, (CreatureId(creature_id),), damage_data(applied)
            )
        )
        return self.rules.after_harm(encounter, creature_id, me.state)

    def gm_heal(
        self, encounter: Encounter, creature_id: str, amount: int, source: str
    ) -> Encounter:
        from orcus_desktop.rules.healing import apply_healing

        if amount < 0:
            raise ActionError("healing is 0 or more")
        me = self.combatant(encounter, creature_id)
        state, healed = apply_healing(me.state, me.statblock, amount, target=me.id, source=source)
        encounter = self._set_state(encounter, creature_id, state)
        return encounter.with_combat(
            encounter.combat.logged(
                "healing", None, (CreatureId(creature_id),), healing_data(healed)
            )
        )

    def gm_set_hp(self, encounter: Encounter, creature_id: str, hp: int) -> Encounter:
        """The GM sets current hit points (capped at the maximum; above 0 wakes it)."""
        from orcus_desktop.rules.healing import set_hp

        me = self.combatant(encounter, creature_id)
        state, done = set_hp(
            me.state, me.statblock, hp, target=me.id, source="GM", amount=hp - me.state.current_hp
        )
        encounter = self._set_state(encounter, creature_id, state)
        return encounter.with_combat(
            encounter.combat.logged(
                "healing", None, (CreatureId(creature_id),), healing_data(done)
            )
        )

    def gm_temp_hp(self, encounter: Encounter, creature_id: str, amount: int) -> Encounter:
        """Temporary hit points, never added together (000 "Temporary Hit Points")."""
        from orcus_desktop.rules.healing import grant_temp_hp

        me = self.combatant(encounter, creature_id)
        state, granted = grant_temp_hp(me.state, amount, target=me.id, source="GM")
        encounter = self._set_state(encounter, creature_id, state)
        return encounter.with_combat(
            encounter.combat.logged(
                "temp_hp",
                None,
                (CreatureId(creature_id),),
                {
                    "offered": granted.offered,
                    "before": granted.temp_hp_before,
                    "after": granted.temp_hp_after,
                },
            )
        )

    def gm_condition(
        self,
        encounter: Encounter,
        creature_id: str,
        condition: Condition,
        duration: DurationKind,
        source: str,
        source_id: str | None,
    ) -> Encounter:
        me = self.combatant(encounter, creature_id)
        current = encounter.combat.current
        try:
            state, inst = rules_state.add_condition(
                me.state,
                condition,
                holder=me.id,
                source=source,
                duration=Duration(duration, CreatureId(source_id) if source_id else None),
                source_id=CreatureId(source_id) if source_id else None,
                current_turn=CreatureId(current) if current else None,
            )
        except (RulesError, ValueError) as exc:
            raise ActionError(str(exc)) from None
        encounter = self._set_state(encounter, creature_id, state)
        return encounter.with_combat(
            encounter.combat.logged(
                "condition_added",
                CreatureId(source_id) if source_id else None,
                (CreatureId(creature_id),),
                {"effect": effect_data(inst)},
            )
        )

    def gm_persistent(
        self,
        encounter: Encounter,
        creature_id: str,
        amount: int,
        types: Sequence[str],
        duration: DurationKind,
        source: str,
        source_id: str | None,
    ) -> Encounter:
        from orcus_desktop.rules.terms import DamageType

        me = self.combatant(encounter, creature_id)
        current = encounter.combat.current
        try:
            state, inst = rules_state.add_persistent_damage(
                me.state,
                amount,
                tuple(DamageType(t) for t in types),
                holder=me.id,
                source=source,
                duration=Duration(duration, CreatureId(source_id) if source_id else None),
                source_id=CreatureId(source_id) if source_id else None,
                current_turn=CreatureId(current) if current else None,
            )
        except (RulesError, ValueError) as exc:
            raise ActionError(str(exc)) from None
        encounter = self._set_state(encounter, creature_id, state)
        return encounter.with_combat(
            encounter.combat.logged(
                "persistent_added", None, (CreatureId(creature_id),), {"effect": effect_data(inst)}
            )
        )

    def gm_remove_effect(
        self, encounter: Encounter, creature_id: str, effect_id: int
    ) -> Encounter:
        me = self.combatant(encounter, creature_id)
        effect = self._effect(me.state, effect_id)
        state = rules_state.remove_effect(me.state, effect_id)
        encounter = self._set_state(encounter, creature_id, state)
        return encounter.with_combat(
            encounter.combat.logged(
                "effect_ended",
                None,
                (CreatureId(creature_id),),
                {"effects": [effect_data(effect)], "reason": "GM"},
            )
        )

    def gm_save(
        self, encounter: Encounter, creature_id: str, effect_id: int, die: int | None
    ) -> Encounter:
        """000 "Saving Throws": d20 (typed in or rolled), 10 or higher ends the effect."""
        from orcus_desktop.controller.combat_rules import save_data

        me = self.combatant(encounter, creature_id)
        effect = self._effect(me.state, effect_id)
        save = rules_turns.saving_throw(QueuedSource(self.rng, [die]), self.rules.ruleset)
        state = me.state
        if save.success:
            state = rules_state.remove_effect(state, effect_id)
        encounter = self._set_state(encounter, creature_id, state)
        return encounter.with_combat(
            encounter.combat.logged(
                "saving_throw",
                CreatureId(creature_id),
                (),
                {"effect": effect_data(effect), "typed_in": die is not None, **save_data(save)},
            )
        )

    @staticmethod
    def _effect(state: CreatureState, effect_id: int) -> ConditionInstance | PersistentDamage:
        for condition in state.conditions:
            if condition.effect_id == effect_id:
                return condition
        for persistent in state.persistent:
            if persistent.effect_id == effect_id:
                return persistent
        raise ActionError(f"no effect {effect_id}")


def _attack_data(
    result: Any, applied: Any, target_data: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """The structured log record of an attack: every roll and modifier, every state change."""
    by_target = {t["target"]: t for t in target_data}
    targets: list[dict[str, Any]] = []
    for t, a in zip(result.targets, applied.targets, strict=True):
        entry = dict(by_target.get(str(t.target), {"target": str(t.target)}))
        entry.update(
            {
                "roll": roll_data(t.roll) if t.roll is not None else None,
                "attack": t.attack.total if t.attack is not None else None,
                "attack_parts": [list(p) for p in t.attack.parts] if t.attack else [],
                "defense_kind": t.defense_kind.value if t.defense_kind else None,
                "defense": t.defense.total if t.defense is not None else None,
                "defense_parts": [list(p) for p in t.defense.parts] if t.defense else [],
                "hit": t.hit,
                "critical": t.critical,
                "automatic": t.automatic,
                "combat_advantage": list(t.combat_advantage),
                "damage": [damage_data(d) for d in a.damage],
                "conditions": [c.to_dict() for c in a.conditions],
                "persistent": [p.to_dict() for p in a.persistent],
                "forced_movement": [[f.kind.value, f.squares] for f in a.forced_movement],
                "healing": [healing_data(h) for h in a.healing],
                "text": list(a.text),
            }
        )
        targets.append(entry)
    data: dict[str, Any] = {
        "power": result.power,
        "origin": result.origin.value,
        "weapon": result.weapon,
        "targets": targets,
    }
    for key in ("hit_damage", "miss_damage", "effect_damage"):
        roll_value = getattr(result, key)
        if roll_value is not None:
            data[key] = roll_data(roll_value)
    return data


def action_kind_of(power: Power) -> ActionKind:
    return power.action


__all__ = [
    "GRAPPLE",
    "MODE_ACTIONS",
    "MOVE_GRAPPLED",
    "SHOVE",
    "ActionError",
    "AttackOutcome",
    "Engine",
    "action_kind_of",
    "power_problem",
]
