"""003-52 Ready Melee Attack triggered by a walk: the walk waits next to the readier.

003 "Ready Melee Attack" (l.790): "Until your next turn, the first time an enemy you can see
moves to a square adjacent to you, they provoke an opportunity attack from you." So an enemy's
walk (or charge's move) stops on the first square next to the readier, the readied action is
triggered there (000 "Ready", `turn_order.trigger_readied`) and taken as the opportunity attack
the text names: offered like one, taken or let pass like one, and the walk goes on (or stops)
as after any interrupt (`move_interrupts`; 003-18). Picks in docs/rulings.md R-108.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from orcus_desktop.controller import placement, turn_order
from orcus_desktop.controller.availability import cannot_act
from orcus_desktop.controller.engine import Engine
from orcus_desktop.geometry.grid import Space, Square, spaces_adjacent
from orcus_desktop.model.encounter import Creature, Encounter
from orcus_desktop.rules.powers import ActionKind

READY_MELEE_TRIGGER = "the first enemy it can see moves adjacent to it (003-52 Ready Melee Attack)"
READY_RANGED_TRIGGER = (
    "the first enemy it can see moves within long range of its ranged basic attack "
    "(003-52 Ready Ranged Attack)"
)


def triggered_at(
    engine: Engine, encounter: Encounter, mover: Creature, path: Sequence[Square]
) -> dict[str, int]:
    """Readiers of a 003-52 Ready Melee Attack the walk triggers, each with its path index.

    The index is the first square after the start that is next to the readier and that the
    mover may stop in (R-108: passing through an ally's square next to it, it triggers on
    the next such square). Sight is not checked (the GM knows, as R-44). Readiers that cannot
    act (dead, unconscious, stunned...) are not triggered; nor, under 003-16, by a mover that
    is reacting out of its turn (the caller does not wait then).
    """
    combat = encounter.combat
    if (
        not combat.active
        or not engine.ruleset.hooks.flow.ready_attacks
        # 003-47 Shrouded: "Cannot be targeted by ... Reaction attacks".
        or engine.reactions_barred(encounter, mover.id)
    ):
        return {}
    found: dict[str, int] = {}
    for c in combat.combatants:
        readier = encounter.find_creature(c.creature_id)
        if (
            c.readied is None
            or c.readied.trigger != READY_MELEE_TRIGGER
            or readier is None
            or readier.side == mover.side
            or cannot_act(engine.rules, encounter, readier.id)
        ):
            continue
        for i, square in enumerate(path):
            if (
                i > 0
                and spaces_adjacent(Space(square, mover.size), readier.space)
                and not placement.destination_problem(encounter, mover, square)
            ):
                found[readier.id] = i
                break
    return found


def trigger(
    engine: Engine, encounter: Encounter, readier_ids: Sequence[str], mover_id: str
) -> Encounter:
    """The walk reached the readiers: each readied action triggers, as an opportunity attack.

    000 "Ready": the readier acts ahead of the mover from now on (`turn_order.trigger_readied`);
    003 l.790 "they provoke an opportunity attack from you": the permission offered is the
    opportunity attack's (R-108), so the walk waits for it as for any opportunity attack.
    """
    mover = encounter.creature(mover_id)
    for readier_id in readier_ids:
        encounter = turn_order.trigger_readied(encounter, readier_id, mover_id)
        combat = encounter.combat
        combatant = combat.combatant(readier_id)
        encounter = encounter.with_combat(
            combat.with_combatant(replace(combatant, out_of_turn=ActionKind.OPPORTUNITY))
        )
        name = encounter.creature(readier_id).name
        note = (
            f"{mover.name} moved next to {name}: the readied Ready Melee Attack triggers, "
            f"{mover.name} waits there for {name}'s opportunity attack"
        )
        encounter = engine.rule_note(encounter, readier_id, "003-52", note)
    return encounter
