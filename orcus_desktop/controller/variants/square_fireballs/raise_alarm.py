"""003-11 Raise the Alarm: an aware creature lets its surprised allies save against surprise.

003 l.170-178 "5.3.2.1 Ambushes": "A character that is not surprised can warn Surprised allies
with the Raise the Alarm maneuver: ... Minor Action - Close Burst 5 - allies in burst - Effect:
Each Surprised target can Roll a Save against the Surprised condition." Under 003 Surprised is
the mark the surprised carry until they lose their first turn (003-10, `Combatant.surprised`);
a save that succeeds (000 "Saving Throws": 10 or higher) takes the mark off, so the ally keeps
its first turn. Picks (docs/rulings.md R-96): the burst is a close burst 5 around the user's
space with line of effect (000 "Near area"); the user is not its own ally; an ally who loses
surprise this way does not take the opening Total Defense (003-08 is "at the start of combat").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from orcus_desktop.controller.availability.kinds import kind_problem
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import rule_noted
from orcus_desktop.controller.outcomes import Outcome, no_creature, refuse, run_step
from orcus_desktop.geometry.areas import creatures_in_area, near_burst_squares
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules import turns as rules_turns
from orcus_desktop.rules.dice_values import RandomSource, ScriptedSource
from orcus_desktop.rules.powers import ActionKind

MECHANIC = "003-11"
BURST = 5
"""003 l.176 "Close Burst 5"."""


TABLE_KEY: Final = "raise_alarm"
"""Raise the Alarm's key in the availability table (`availability.table.why_not`)."""


def offered(engine: Engine) -> bool:
    """Whether the ruleset has Raise the Alarm (003-11: where the surprised lose a turn)."""
    return engine.ruleset.hooks.flow.raise_the_alarm


def alarmed_allies(engine: Engine, encounter: Encounter, creature_id: str) -> tuple[str, ...]:
    """The surprised allies in the user's close burst 5 (003 l.176 "allies in burst")."""
    combat = encounter.combat
    user = encounter.creature(creature_id)
    squares = near_burst_squares(user.space, BURST, encounter.grid)
    inside = creatures_in_area(engine.battlefield(encounter), squares, user.space)
    out = []
    for cid in inside:
        entry = combat.find(cid)
        ally = encounter.creature(cid).side == user.side
        if cid != creature_id and ally and entry is not None and entry.surprised:
            out.append(cid)
    return tuple(out)


def problem(engine: Engine, encounter: Encounter, creature_id: str) -> str:
    """Why the creature cannot Raise the Alarm now, or ""."""
    if not offered(engine):
        return f"{engine.ruleset.name} has no Raise the Alarm (003-11)"
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return no_creature(creature_id)
    combat = encounter.combat
    if not combat.active:
        return "No combat is running."
    entry = combat.find(creature_id)
    if entry is not None and entry.surprised:
        # 003 l.170: "A character that is not surprised can warn Surprised allies".
        return f"{creature.name} is surprised itself"
    why = kind_problem(engine.rules, encounter, creature_id, ActionKind.SWIFT)
    if why:
        return why
    if not alarmed_allies(engine, encounter, creature_id):
        return f"no surprised ally within {BURST} squares of {creature.name}"
    return ""


def raise_the_alarm(
    engine: Engine,
    encounter: Encounter,
    creature_id: str,
    *,
    dice: Mapping[str, int] | None = None,
) -> Outcome:
    """003-11: a minor action; each surprised ally in the burst saves (``dice``: typed d20s)."""
    dice = dice or {}
    op = "raise_the_alarm"
    why = problem(engine, encounter, creature_id)
    if why:
        return refuse(op, why, creature_id)
    allies = alarmed_allies(engine, encounter, creature_id)

    def change(e: Encounter) -> Encounter:
        e = engine.spend(e, creature_id, ActionKind.SWIFT)  # 003's minor action
        combat = rule_noted(
            e.combat,
            creature_id,
            MECHANIC,
            "raises the alarm (minor action, close burst 5)",
            targets=allies,
        )
        for cid in allies:
            die = dice.get(cid)
            source = ScriptedSource([die]) if die is not None else RandomSource(engine.rng)
            save = rules_turns.saving_throw(source, engine.ruleset)
            if save.success:
                combat = combat.with_combatant(replace(combat.combatant(cid), surprised=False))
            outcome = "no longer surprised" if save.success else "still surprised"
            combat = rule_noted(
                combat,
                cid,
                MECHANIC,
                f"saves against surprise: {save.total.total} vs {save.target_number}, {outcome}",
            )
        return e.with_combat(combat)

    name = engine.name(encounter, creature_id)
    return run_step(op, f"{name} raises the alarm", encounter, change, creature_id)
