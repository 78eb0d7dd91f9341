"""Why nothing new may start while an attack or move is held (000 "Immediate Actions").

One answer for every use case that must wait: a new attack, a walk, another member taking over a
monster group's turn (003-07), a forced move. The held step's offers (opportunity attacks,
readied attacks, 001-10/29 interposers) and its owed forced movement come first, and so does a
covering creature's choice to take a hit (004 l.760, R-154).
"""

from __future__ import annotations

from orcus_desktop.controller.attacks import owed_moves
from orcus_desktop.controller.availability.kinds import against_who_waits
from orcus_desktop.model.combat import INTERPOSERS
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.ruleset import ruleset_by_id


def waiting_problem(encounter: Encounter) -> str:
    """Why no new step may start: the held one waits for its offers, or ""."""
    held = encounter.combat.pending
    choice = next(iter(encounter.combat.cover_choices), None)
    if choice is not None:  # 004 l.760: the covering creature's word comes first
        who, attacker = encounter.name_of(choice.coverer), encounter.name_of(choice.attacker)
        return f"{attacker}'s {choice.power} waits: does {who} take the hit?"
    if held is None:
        return ""
    if held.options.get(INTERPOSERS):  # 001-10/29: someone may still step in
        return against_who_waits(held)
    if owed_moves.holds_pending(encounter):
        return f"{held.text} waits: place or leave its forced movement first"
    return f"{held.text} waits for {waits_for(encounter)}"


def waits_for(encounter: Encounter) -> str:
    """What the held step waits for, in the ruleset's words ("" if nothing is held).

    The one place the log, End turn (R-117) and the panels name the offers: 004 l.381 calls
    them "attacks of opportunity", 001 names its strikes (`Combat.waiting_for`).
    """
    named = ruleset_by_id(encounter.ruleset_id).label("opportunity_attacks")
    return encounter.combat.waiting_for(named)
