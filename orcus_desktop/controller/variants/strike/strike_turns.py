"""001's turn shape: move then one action, prone off-turn, prone when sharing a space.

Three of seed 001's turn rules (docs/rulesets.md "001", docs/rulings.md R-89, R-90), each
switched on by the ruleset's data, so under every other ruleset nothing here changes anything:

- 001-05 (001 l.53 "you can move and take one action. You always move first"): the budget is
  the ruleset's (`ActionEconomy.turn`, ``action_ends_move``); `budget_refusal` says why a
  move after the action, or a second action, is refused.
- 001-06 (001 l.100 "Dropping Prone"): `drop_prone_off_turn`, on the turn of a creature it can
  see, as long as it is not incapacitated; one undo step, offered in the attack dialog.
- 001-09 (001 l.130): `prone_when_sharing`, run with the end-of-turn work.
"""

from __future__ import annotations

from orcus_desktop.controller.battlefield_builder import creature_sees
from orcus_desktop.controller.engine import Engine, named_step
from orcus_desktop.controller.outcomes import Outcome, no_creature, refuse
from orcus_desktop.geometry.grid import Size
from orcus_desktop.model.combat import Combatant
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules import state as rules_state
from orcus_desktop.rules.conditions import INCAPACITATING_CONDITIONS, Condition
from orcus_desktop.rules.durations import UNTIL_COUNTERED
from orcus_desktop.rules.powers import ActionKind
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.vocabulary import CreatureId

# --- 001-05 the turn: a move, then one action -------------------------------------------------


def budget_refusal(ruleset: Ruleset, combatant: Combatant, kind: ActionKind, name: str) -> str:
    """001-05's reason why no slot is left for an action of ``kind``, or "" (000's reason).

    Only under a ruleset whose action ends the move (``action_ends_move``) and once the
    turn's action (its standard slot) is spent.
    """
    if not ruleset.actions.action_ends_move:
        return ""
    if combatant.budget.standard >= combatant.turn_budget.standard:
        return ""
    if kind is ActionKind.MOVE:
        return (
            f"{name} has taken its action: under 001 the move comes first, then the action "
            "(001-05)"
        )
    return f"{name} has taken its one action this turn (001-05: a move, then one action)"


# --- 001-06 dropping prone off-turn ---------------------------------------------------------


def off_turn_drop_problem(engine: Engine, encounter: Encounter, creature_id: str) -> str:
    """Why the creature cannot drop prone now out of its turn (001-06), or "".

    001 l.100 "On a creature you can see's turn, you can give yourself the Prone condition ...
    as long as you are not incapacitated" (001-07 pick: stunned, unconscious or petrified).
    """
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return no_creature(creature_id)
    name = creature.name
    if not engine.ruleset.actions.drop_prone_off_turn:
        return f"{engine.ruleset.name} has no dropping prone out of turn (001-06)"
    combat = encounter.combat
    current = combat.current if combat.active else None
    if current is None:
        return "no combat turn is running: drop prone with the Drop prone action"
    if current == creature_id:
        return f"it is {name}'s own turn: use the Drop prone action"
    if engine.rules.state(creature) is None:
        return f"{name} has no stat block"
    if engine.rules.is_dead(encounter, creature_id):
        return f"{name} is dead"
    conditions = engine.rules.conditions(encounter, creature_id)
    down = sorted(c.label.lower() for c in conditions & INCAPACITATING_CONDITIONS)
    if down:
        return f"{name} is {down[0]}: an incapacitated creature cannot drop prone (001-06)"
    if Condition.PRONE in conditions:
        return f"{name} is already prone"
    actor = encounter.creature(current)
    if not creature_sees(engine.battlefield(encounter), creature, actor):
        return f"{name} cannot see {actor.name}, whose turn it is (001-06)"
    return ""


def drop_prone_off_turn(engine: Engine, encounter: Encounter, creature_id: str) -> Outcome:
    """001-06: the creature gives itself the Prone condition on another's turn (one undo step).

    A free action out of turn: it takes no slot and no immediate action (001 names no cost).
    """
    op = "drop_prone_off_turn"
    problem = off_turn_drop_problem(engine, encounter, creature_id)
    if problem:
        return refuse(op, problem, creature_id)

    def change(e: Encounter) -> Encounter:
        e = _fall_prone(engine, e, creature_id, "dropped prone")
        on_turn = e.name_of(e.combat.current) if e.combat.current else "nobody"
        note = f"{e.name_of(creature_id)} drops prone on {on_turn}'s turn (001 l.100)"
        return engine.rule_note(e, creature_id, "001-06", note)

    return named_step(engine, encounter, op, "{name} drops prone (001-06)", change, creature_id)


# --- 001-09 ending a turn in another creature's space ---------------------------------------


def prone_when_sharing(engine: Engine, encounter: Encounter, creature_id: CreatureId) -> Encounter:
    """001-09: a creature ending its turn in a space with another creature falls prone.

    001 l.130 "If you somehow end a turn in a space with another creature, you have the Prone
    condition ... unless you are Tiny or are of a larger size than the other creature". Pick
    (docs/rulings.md R-89): the creature whose turn ends, against every creature it shares a
    square with; a creature already prone, dead or without a stat block is left as it is.
    """
    if not engine.ruleset.hooks.movement_policy.prone_when_sharing:
        return encounter
    creature = encounter.find_creature(creature_id)
    if creature is None or creature.size is Size.TINY:
        return encounter
    state = engine.rules.state(creature)
    if state is None or state.dead:
        return encounter
    if Condition.PRONE in engine.rules.conditions(encounter, creature_id):
        return encounter
    mine = set(creature.space.squares())
    sharing = [
        other
        for other in encounter.creatures
        if other.id != creature_id
        and other.size.rank >= creature.size.rank
        and mine.intersection(other.space.squares())
    ]
    if not sharing:
        return encounter
    encounter = _fall_prone(engine, encounter, creature_id, "ended its turn in a shared space")
    note = (
        f"{creature.name} ends its turn in {sharing[0].name}'s space and falls prone (001 l.130)"
    )
    return engine.rule_note(encounter, creature_id, "001-09", note)


def _fall_prone(engine: Engine, encounter: Encounter, creature_id: str, source: str) -> Encounter:
    """The creature with the Prone condition until it stands up (000 "Being Prone")."""
    creature = encounter.creature(creature_id)
    state = engine.rules.state(creature)
    if state is None:
        return encounter
    holder = CreatureId(creature_id)
    state, _ = rules_state.add_condition(
        state, Condition.PRONE, holder=holder, source=source, duration=UNTIL_COUNTERED
    )
    return engine.set_state(encounter, creature_id, state)
