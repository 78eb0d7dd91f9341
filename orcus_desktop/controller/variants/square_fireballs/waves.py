"""003-14 a new wave: the GM's Encounter > New wave... (Start Over or Keep Initiative).

The use case; the wave's rules are `encounter_flow.new_wave`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.outcomes import Outcome, refuse, run_step
from orcus_desktop.controller.turns import turn_order
from orcus_desktop.controller.turns.initiative import (
    initiative_modifier,
    logs_coin_flips,
    start_hooks,
    turn_ender,
)
from orcus_desktop.controller.variants.square_fireballs import encounter_flow
from orcus_desktop.controller.variants.square_fireballs.encounter_flow import WaveChoice
from orcus_desktop.controller.variants.square_fireballs.monster_groups import initiative_groups
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.vocabulary import CreatureId


def new_wave(
    engine: Engine, encounter: Encounter, choice: str, *, dice: Mapping[str, int] | None = None
) -> Outcome:
    """003-14: the creatures placed since combat began join by Start Over or Keep Initiative.

    ``choice`` is a `encounter_flow.WaveChoice` value; ``dice`` the d20s the GM rolled.
    """
    if not engine.ruleset.hooks.flow.wave_choices:
        return refuse("new_wave", f"{engine.ruleset.name} has no wave choices: use join_combat")
    try:
        wave = WaveChoice(choice)
    except ValueError:
        return refuse("new_wave", f"unknown choice {choice!r} (start_over or keep_initiative)")
    typed = dice or {}

    def requests(e: Encounter, ids: Iterable[str]) -> list[turn_order.InitiativeRequest]:
        ids = list(ids)
        rolled = {str(c.creature_id): c.group for c in e.combat.combatants if c.group}
        groups = initiative_groups(engine, e, ids, rolled)  # 003-07
        return [
            turn_order.InitiativeRequest(
                CreatureId(cid),
                modifier=initiative_modifier(engine, e, cid),
                group=groups.get(cid),
                die=typed.get(cid),
                log_tie=logs_coin_flips(engine),
            )
            for cid in ids
        ]

    what = "Start over" if wave is WaveChoice.START_OVER else "Keep initiative"
    return run_step(
        "new_wave",
        f"New wave: {what.lower()}",
        encounter,
        lambda e: encounter_flow.new_wave(
            engine,
            e,
            wave,
            requests,
            turn_ender(engine),
            start_hooks(engine),
        ),
    )
