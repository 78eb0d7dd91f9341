"""Zones in the encounter file: ``"zones": [{"id", "name", "squares", "duration", ...}]``.

Optional in version 1: a file without it has no zones, and an encounter without zones is
written without the key (older files save back unchanged).
"""

from __future__ import annotations

from typing import Any

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.file_format.fields import (
    EncounterFileError,
    boolean,
    enum_at,
    known_id,
    list_at,
    records_with_ids,
    square_at,
    text,
)
from orcus_desktop.model.zones import Zone, ZoneDuration
from orcus_desktop.vocabulary import CreatureId

MAX_ZONES = 1_000
"""Zones in one encounter."""


def zones_to(zones: tuple[Zone, ...], grid: GridBounds) -> list[dict[str, Any]]:
    """The JSON form of the zones (the inverse of `zones_from`).

    Only squares on the grid are written (a grid made smaller since leaves the rest off), so
    the file always reads back.
    """
    out: list[dict[str, Any]] = []
    for zone in zones:
        squares = sorted(s for s in zone.squares if grid.contains(s))
        if not squares:
            continue
        item: dict[str, Any] = {
            "id": zone.id,
            "name": zone.name,
            "squares": [list(s) for s in squares],
            "duration": zone.duration.value,
        }
        if zone.owner is not None:
            item["owner"] = zone.owner
        if zone.hidden:
            item["hidden"] = True
        if zone.placed_turn:
            item["placed_turn"] = zone.placed_turn
        if zone.sustained:
            item["sustained"] = True
        out.append(item)
    return out


def zones_from(value: object, grid: GridBounds, creature_ids: set[str]) -> tuple[Zone, ...]:
    """The zones a file lists; an error names the field (``zones[2].squares[0]``)."""
    zones: list[Zone] = []
    for data, where, zone_id in records_with_ids(value, "zones", MAX_ZONES):
        squares = frozenset(
            square_at(s, f"{where}.squares[{j}]", grid)
            for j, s in enumerate(list_at(data.get("squares"), f"{where}.squares"))
        )
        if not squares:
            raise EncounterFileError(f"{where}.squares: a zone covers at least one square")
        duration = enum_at(
            ZoneDuration,
            data.get("duration", ZoneDuration.UNTIL_REMOVED.value),
            f"{where}.duration",
        )
        owner_raw = data.get("owner")
        owner = (
            CreatureId(known_id(owner_raw, f"{where}.owner", creature_ids))
            if owner_raw is not None
            else None
        )
        if owner is None and duration.needs_owner:
            raise EncounterFileError(f"{where}.owner: a {duration.label} zone needs its creature")
        zones.append(
            Zone(
                zone_id,
                text(data.get("name", "Zone"), f"{where}.name"),
                squares,
                duration,
                owner,
                boolean(data.get("hidden", False), f"{where}.hidden"),
                text(data.get("placed_turn", ""), f"{where}.placed_turn"),
                boolean(data.get("sustained", False), f"{where}.sustained"),
            )
        )
    return tuple(zones)
