"""The special attacks of 000 "Actions in Combat", written as power data, and their effects.

Grapple, Move a Grappled Creature and Shove are attacks without a power of their own; a charge
ends with a basic melee attack or a shove at +1. Both the charge (when no opportunity attack
interrupts it) and the interrupt queue (when one did) resolve a charge's attack here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from orcus_desktop.controller.attacks.attack_powers import basic_attack_name
from orcus_desktop.controller.attacks.attack_resolution import AttackOutcome, attack
from orcus_desktop.controller.availability.powers import find_power
from orcus_desktop.controller.engine import ActionError, Engine
from orcus_desktop.controller.movement import placement
from orcus_desktop.controller.movement.movement import ForcedMoveDetails, forced_move
from orcus_desktop.geometry.forced import forced_destinations
from orcus_desktop.geometry.grid import Space, Square, space_distance
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import grapple_power, move_grappled_power, shove_power
from orcus_desktop.vocabulary import ForcedMovementKind

# The attacks of 000 "Actions in Combat", as the rules define them.
GRAPPLE = grapple_power()
MOVE_GRAPPLED = move_grappled_power()
SHOVE = shove_power()


def shove_hit(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    target_id: str,
    push_to: Square | None,
) -> Encounter:
    """Shove hit: push 1, then shift into the space the target left (000 "Shove")."""
    me = encounter.creature(creature_id)
    target = encounter.creature(target_id)
    old = target.square
    options = forced_destinations(
        engine.battlefield(encounter), target_id, ForcedMovementKind.PUSH, 1, source_id=creature_id
    )
    if not options:
        return encounter  # nowhere to push: the hit changes nothing
    if push_to is None:
        push_to = max(
            sorted(options), key=lambda s: space_distance(me.space, Space(s, target.size))
        )
    by_attacker = ForcedMoveDetails(source_id=creature_id)
    encounter = forced_move(
        engine, encounter, target_id, ForcedMovementKind.PUSH, 1, push_to, by_attacker
    )
    step = Square(push_to.col - old.col, push_to.row - old.row)
    into = me.square.offset(step.col, step.row)
    if not placement.destination_problem(encounter, me, into):
        encounter = encounter.with_creature(encounter.creature(creature_id).moved_to(into))
    return encounter


def charge_attack(
    engine: Engine,
    encounter: Encounter,
    attacker_id: str,
    target_id: str,
    *,
    shove: bool,
    push_to: Square | None,
    dice: Sequence[int],
) -> AttackOutcome:
    """The attack that ends a charge (its standard action is already spent).

    000 "Charge": "After moving, you may make a single basic melee attack or shove. You get a
    +1 bonus on the attack roll."

    Raises:
        ActionError: it cannot be made (no basic melee attack, out of reach...).
    """
    basic = basic_attack_name(engine, encounter, attacker_id) or ""
    power = SHOVE if shove else find_power(engine.rules, encounter, attacker_id, basic)
    if power is None:
        raise ActionError(f"{engine.name(encounter, attacker_id)} has no basic melee attack")
    out = attack(
        engine,
        encounter,
        attacker_id,
        power,
        [target_id],
        dice=dice,
        charge=True,
        ability_attack="strength" if shove else None,
    )
    if shove and target_id in out.hits:
        hit = shove_hit(engine, out.encounter, attacker_id, target_id, push_to)
        out = replace(out, encounter=hit, forced=())  # the push is done, not owed
    return out
