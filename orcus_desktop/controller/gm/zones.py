"""Zones, use case by use case: place, sustain, hide, remove, and end at the turn boundary.

A zone is a placed template that stays on the map (`model.zones`; 000 "Areas of effect"). Each
change is one undo step and one log line; a zone whose duration runs out ends by itself at the
end of its creature's turn (`end_of_turn`, called with the other end-of-turn work), logged.
Under 003 a monster group's one turn (003-07) is its members' turn: a zone placed in it is
placed in that turn whichever member acts, and any member sustains in it (docs/rulings.md R-111;
`combat_rules.turn_key`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from orcus_desktop.controller.combat_rules import turn_key
from orcus_desktop.controller.engine import Engine
from orcus_desktop.controller.log.records import ZoneChange
from orcus_desktop.controller.outcomes import Outcome, no_creature, refuse, run_step
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.zones import Zone, ZoneDuration
from orcus_desktop.vocabulary import CreatureId

MAX_ZONE_NAME = 80
"""Characters of a zone's name."""


def find_zone(encounter: Encounter, zone_id: str) -> Zone | None:
    return next((z for z in encounter.zones if z.id == zone_id), None)


def _logged(
    encounter: Encounter, zone: Zone, event: str, why: str = "", actor: str | None = None
) -> Encounter:
    return ZoneChange(event, zone.name, why).logged_on(encounter, actor)


def _next_id(encounter: Encounter) -> str:
    taken = {z.id for z in encounter.zones}
    n = len(taken) + 1
    while f"zone-{n}" in taken:
        n += 1
    return f"zone-{n}"


def place_zone(
    engine: Engine,
    encounter: Encounter,
    name: str,
    squares: Iterable[Square],
    duration: ZoneDuration = ZoneDuration.UNTIL_REMOVED,
    owner: str | None = None,
    *,
    hidden: bool = False,
) -> Outcome:
    """Place a zone over `squares`: its name, duration and creature (refused with a reason)."""
    op = "place_zone"
    name = " ".join(name.split())[:MAX_ZONE_NAME]
    grid = encounter.grid
    covered = frozenset(s for s in squares if grid.contains(s))
    if not name:
        return refuse(op, "Name the zone.")
    if not covered:
        return refuse(op, "The zone covers no square of the map.")
    if duration.needs_owner and owner is None:
        lasts = "is sustained" if duration is ZoneDuration.SUSTAINED else f"lasts {duration.label}"
        return refuse(op, f"A zone that {lasts} needs the creature it belongs to: pick it.")
    if owner is not None and encounter.find_creature(owner) is None:
        return refuse(op, no_creature(owner))
    zone = Zone(
        _next_id(encounter),
        name,
        covered,
        duration,
        CreatureId(owner) if owner else None,
        hidden,
        turn_key(engine.ruleset, encounter.combat),
    )

    def change(e: Encounter) -> Encounter:
        e = replace(e, zones=(*e.zones, zone))
        return _logged(e, zone, "placed", duration.label, owner)

    return run_step(op, f"Place zone {name}", encounter, change, owner)


def remove_zone(engine: Engine, encounter: Encounter, zone_id: str) -> Outcome:
    """The GM removes a zone."""
    zone = find_zone(encounter, zone_id)
    if zone is None:
        return refuse("remove_zone", f"no zone {zone_id!r} (it may have ended)")

    def change(e: Encounter) -> Encounter:
        e = replace(e, zones=tuple(z for z in e.zones if z.id != zone_id))
        return _logged(e, zone, "removed")

    return run_step("remove_zone", f"Remove zone {zone.name}", encounter, change)


def set_zone_hidden(engine: Engine, encounter: Encounter, zone_id: str, hidden: bool) -> Outcome:
    """Show a zone to the players or hide it from them."""
    zone = find_zone(encounter, zone_id)
    if zone is None:
        return refuse("set_zone_hidden", f"no zone {zone_id!r} (it may have ended)")
    text = f"{'Hide' if hidden else 'Show'} zone {zone.name}"
    return run_step(
        "set_zone_hidden",
        text,
        encounter,
        lambda e: _with_zone(e, replace(zone, hidden=hidden)),
    )


def sustain_zone(engine: Engine, encounter: Encounter, zone_id: str) -> Outcome:
    """Its creature sustains a sustained zone this turn (000 "Maintain")."""
    op = "sustain_zone"
    zone = find_zone(encounter, zone_id)
    if zone is None:
        return refuse(op, f"no zone {zone_id!r} (it may have ended)")
    if zone.duration is not ZoneDuration.SUSTAINED or zone.owner is None:
        return refuse(op, f"{zone.name} is not a sustained zone")
    owner_name = engine.name(encounter, zone.owner)
    combat = encounter.combat
    # 003-07: a member's own turn is its group's, whichever member the GM has acting.
    sharing = combat.turn_sharers(combat.current) if combat.current else ()
    if not combat.active or (combat.current != zone.owner and zone.owner not in sharing):
        return refuse(op, f"{owner_name} sustains {zone.name} on its own turn", zone.owner)
    if zone.sustained:
        return refuse(op, f"{zone.name} is already sustained this turn", zone.owner)

    def change(e: Encounter) -> Encounter:
        e = _with_zone(e, replace(zone, sustained=True))
        return _logged(e, zone, "sustained", actor=zone.owner)

    return run_step(op, f"{owner_name} sustains {zone.name}", encounter, change, zone.owner)


def _with_zone(encounter: Encounter, zone: Zone) -> Encounter:
    return replace(encounter, zones=tuple(zone if z.id == zone.id else z for z in encounter.zones))


def end_of_turn(engine: Engine, encounter: Encounter, creature_id: str) -> Encounter:
    """The end of `creature_id`'s turn: its zones whose time is up end, logged.

    A zone never ends in the turn it was placed. "Until the end of its next turn" ends at the
    end of its creature's next turn (000 "Durations"); a sustained zone ends at the end of a
    turn of its creature in which it was not sustained, else it must be sustained again
    (000 "The End of Your Turn": "Any effects that require an action to maintain
    concentration, which you have not spent, end now").
    """
    turn = turn_key(engine.ruleset, encounter.combat)
    kept: list[Zone] = []
    ended: list[tuple[Zone, str]] = []
    for zone in encounter.zones:
        if zone.owner != creature_id:
            kept.append(zone)
        elif zone.placed_turn == turn:
            kept.append(replace(zone, sustained=False))
        elif zone.duration is ZoneDuration.END_OF_OWNER_NEXT_TURN:
            ended.append((zone, f"the end of {engine.name(encounter, creature_id)}'s turn"))
        elif zone.duration is ZoneDuration.SUSTAINED:
            if zone.sustained:
                kept.append(replace(zone, sustained=False))
            else:
                ended.append((zone, f"{engine.name(encounter, creature_id)} did not sustain it"))
        else:
            kept.append(zone)
    if tuple(kept) == encounter.zones:
        return encounter
    encounter = replace(encounter, zones=tuple(kept))
    for zone, why in ended:
        encounter = _logged(encounter, zone, "ended", why)
    return encounter
