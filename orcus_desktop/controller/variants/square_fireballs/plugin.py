"""003's hooks, as the core calls them (`controller/plugins.py`): `SQUARE_FIREBALLS`.

What the generic controller still calls by name is listed, with the hook each needs, in
docs/architecture.md "Square Fireballs (003) still called by name".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from orcus_desktop.controller import encounter_flow, monster_groups
from orcus_desktop.controller.attack_choices import AttackChoices
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log_records import Attack
from orcus_desktop.controller.plugins import ForcedMoveRules, Variant
from orcus_desktop.controller.variants.square_fireballs import (
    forced_collisions,
    hindering_maneuvers,
    stealth_maneuvers,
)
from orcus_desktop.geometry.battlefield import Battlefield
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.attack_modifiers import AttackContext
from orcus_desktop.rules.powers import Power


def escalation_die(
    engine: Engine,
    encounter: Encounter,
    field_: Battlefield,
    attacker_id: str,
    target_id: str,
    power: Power,
    ctx: AttackContext,
    choices: AttackChoices,
) -> AttackContext:
    """003-13 (003 l.198): the escalation die's bonus, first of the attack's modifiers."""
    die = encounter_flow.escalation_modifiers(engine.ruleset, encounter.combat)
    if not die:
        return ctx
    return replace(ctx, attack_modifiers=die + ctx.attack_modifiers)


def attacked(engine: Engine, encounter: Encounter, attacker_id: str, record: Attack) -> Encounter:
    """003-10 (003 l.167): the surprised "Condition ends when attacked"."""
    targets = [t.target for t in record.targets]
    return encounter_flow.end_surprise_when_attacked(engine, encounter, targets)


SQUARE_FIREBALLS: Final = Variant(
    name="Square Fireballs (003)",
    ruleset_ids=frozenset({"square-fireballs"}),
    after_step=(
        # 003-07: a member that can no longer act hands its group's turn on.
        monster_groups.after_step,
        # 003-42: a shift away or a stand-up leaves its maker Hindered this turn.
        hindering_maneuvers.after_step,
        # 003-47: Shrouded and Hidden in the open end with the action.
        stealth_maneuvers.after_step,
    ),
    attack_adjusters=(escalation_die,),
    attack_logged=(attacked,),
    move_problems=(hindering_maneuvers.move_problem,),  # 003-41: no move after a charge
    charge_moved=(hindering_maneuvers.charged,),  # 003-41: Hindered before its attack
    # 003-27 a grabbed target saves or stays; 003-43 collisions; 003-45 the edge's save.
    forced_moves=(ForcedMoveRules(forced_collisions.grab_holds, forced_collisions.placed),),
)
