"""003's maneuvers that leave their maker Hindered this turn (003-41 Charge, 003-42).

003 "5.10 Maneuvers": Shift "If you move away from an adjacent enemy this way, you are
Hindered this turn." (l.594); Stand Up "You stop being Prone, and you are Hindered this turn."
(l.670); Charge "You are Hindered this turn. Move your Speed and make a Melee Basic Attack. You
can't move this turn" (l.654). Hindered is 003-29's row (-2 to hit); "this turn" ends with the
turn going on (`DurationKind.END_OF_TARGET_TURN`). Which maneuvers do it is the ruleset's
``hindering_maneuvers`` (none under 000); the picks are docs/rulings.md R-114.

The charge is hindered before its attack rolls (`charged`, from the charge itself: "You are
Hindered this turn" comes first); a shift and a stand-up once done (`after_step`, from the
session's one writer, as `stealth_maneuvers.after_step`).
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.controller.combat_rules import CombatRules
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import Outcome, Step, logged_since
from orcus_desktop.geometry.grid import spaces_adjacent
from orcus_desktop.model.combat import ActionBudget
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.invariants import occupied_space
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import Duration, DurationKind
from orcus_desktop.vocabulary import MoveMode


def _hindered(
    engine: Engine, encounter: Encounter, creature_id: str, maneuver: str, mechanic: str, why: str
) -> Encounter:
    """Hindered (-2 to hit) to the end of this turn, noted with the mechanic id."""
    me = engine.combatant(encounter, creature_id)
    state, _ = rules_state.add_condition(
        me.state,
        Condition.HINDERED,
        holder=me.id,
        source=maneuver,
        duration=Duration(DurationKind.END_OF_TARGET_TURN),
        current_turn=encounter.combat.current,
    )
    encounter = engine.set_state(encounter, creature_id, state)
    note = f"{engine.name(encounter, creature_id)} {why}: Hindered (-2 to hit) this turn"
    return engine.rule_note(encounter, creature_id, mechanic, note)


def charged(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    """003-41: the charger is Hindered this turn, its own attack included, and moves no more.

    "You can't move this turn": its move action is gone (003-15: no action converts into
    one, so nothing else pays for a move).
    """
    if "charge" not in engine.ruleset.hindering_maneuvers:
        return encounter
    combat = encounter.combat
    combatant = combat.find(creature_id)
    if combatant is not None and combat.current == creature_id:
        budget = combatant.budget
        no_move = ActionBudget(budget.standard, 0, budget.swift)
        encounter = encounter.with_combat(
            combat.with_combatant(replace(combatant, budget=no_move))
        )
    why = "charges and can't move again this turn"
    return _hindered(engine, encounter, creature_id, "Charge", "003-41", why)


def charged_this_turn(encounter: Encounter, creature_id: str, maneuvers: tuple[str, ...]) -> bool:
    """003-41 (003 l.654 "You can't move this turn"): the creature charged in its turn now.

    ``maneuvers``: the ruleset's ``hindering_maneuvers``; only with "charge" in them. Read
    from the log (its charge's move since its turn started), so no action point's new
    standard action, Run or shift gets round it (`availability.actions.action_problem`).
    """
    combat = encounter.combat
    if "charge" not in maneuvers or not combat.active or combat.current != creature_id:
        return False
    for entry in reversed(combat.log):
        if entry.kind == "turn_start":
            return False
        if entry.kind == "charge_move" and entry.actor == creature_id:
            return True
    return False


def move_problem(rules: CombatRules, encounter: Encounter, creature_id: str) -> str:
    """Why the creature cannot move now: it charged this turn (003-41), or ""."""
    if not charged_this_turn(encounter, creature_id, rules.ruleset.hindering_maneuvers):
        return ""
    name = encounter.creature(creature_id).name
    return f"{name} charged this turn: it can't move again this turn (003-41)"


def _shifted_away_from(
    engine: Engine, before: Encounter, after: Encounter, creature_id: str
) -> list[str]:
    """The living enemies the creature was adjacent to before its move and is not after it."""
    was, now = before.creature(creature_id), after.creature(creature_id)
    return [
        c.name
        for c in before.creatures
        if c.side != was.side
        and not engine.rules.is_dead(before, c.id)
        # 000 "Squeeze": a squeezing enemy is beside others from its smaller space
        and spaces_adjacent(occupied_space(c), occupied_space(was))
        and not spaces_adjacent(occupied_space(after.creature(c.id)), occupied_space(now))
    ]


def after_step(engine: Engine, before: Encounter, outcome: Outcome) -> Outcome:
    """003-42: a shift away from an adjacent enemy, or a stand-up, hinders its maker."""
    maneuvers = engine.ruleset.hindering_maneuvers
    if not maneuvers or not isinstance(outcome, Step) or not before.combat.active:
        return outcome
    result = outcome.result
    who = result.creature_id
    if who is None or before.find_creature(who) is None:
        return outcome
    after = outcome.after
    if result.operation == "stand_up" and "stand_up" in maneuvers:
        # l.670 "... Hindered this turn. Move 1": the square is the GM's (docs/rulings.md R-114).
        why = "stands up (and may move 1 square: a GM move)"
        after = _hindered(engine, after, who, "Stand Up", "003-42", why)
    elif (
        result.operation == "move_creature"
        and result.details.get("mode") == MoveMode.SHIFT.value
        and "shift_away" in maneuvers
    ):
        away = _shifted_away_from(engine, before, after, who)
        if away:
            why = f"shifts away from {', '.join(away)}"
            after = _hindered(engine, after, who, "Shift", "003-42", why)
    if after is outcome.after:
        return outcome
    log = logged_since(before, after)
    return replace(outcome, after=after, result=replace(result, log=log))
