"""A broken invariant in the GM's words: whose, what, and what is wrong (docs/rulings.md R-227).

`model/invariants.py` names each problem by its path in the file (`creatures[0].state.current_hp:
20, but the creature is dead`), as the loader reports a damaged file. A step the session refuses
for it is told to the GM by the creature's name and the thing's plain name instead ("Goblin's hit
points: 20, but it is dead"); creature ids in the text become names, from the encounter the step
would leave or the one before it (a removed creature).
"""

from __future__ import annotations

import re
from typing import Final

from orcus_desktop.model.encounter import Encounter

_PROBLEM: Final = re.compile(
    r"^(?P<path>[a-z_]+(?:\[\d+\])?(?:\.[a-z_]+(?:\[\d+\])?)*): (?P<what>.*)$"
)
_STEP: Final = re.compile(r"(?P<name>[a-z_]+)(?:\[(?P<index>\d+)\])?")
_QUOTED: Final = re.compile(r'"(?P<id>[^"]*)"')

_FIELDS: Final = {
    "current_hp": "hit points",
    "temp_hp": "temporary hit points",
    "death_save_failures": "failed death saves",
    "state": "effects",
    "id": "id",
    "square": "space",
    "squares": "squares",
    "points": "points",
    "point": "place",
    "owner": "owner",
    "carried_by": "carrier",
    "attacker": "attacker",
    "pixels_per_square": "pixels a square",
    "offset_px": "offset",
    "seq": "entry number",
    "round": "round",
    "current": "creature whose turn it is",
}
"""A field of the file by what the GM calls it."""

_THINGS: Final = {
    "walls": "a wall",
    "terrain": "a terrain patch",
    "gm_notes": "a note",
    "zones": "a zone",
    "lighting.sources": "a light",
    "map_image": "the map image",
    "combat.pending": "the held attack or move",
    "combat.owed_forced_moves": "a forced move still to place",
    "combat.strike_offers": "a strike offered",
    "combat.cover_choices": "a cover choice",
    "combat.engagements": "an engagement",
    "combat.aids": "an aid",
    "combat.maintained": "a maintained power",
    "combat.log": "the combat log",
    "combat.order": "the initiative order",
    "combat.combatants": "the initiative",
    "combat": "the fight",
}
"""What the GM calls the thing a path begins with (the longest prefix that matches)."""


def in_gm_words(problem: str, after: Encounter, before: Encounter | None = None) -> str:
    """`problem` (`path: what is wrong`) with the path as the GM names it, ids as names.

    A problem that does not start with a path is returned with only its ids named.
    """
    found = _PROBLEM.match(problem)
    if found is None:
        return _named(problem, after, before)
    steps = [(m["name"], m["index"]) for m in _STEP.finditer(found["path"])]
    subject, rest = _subject(steps, after, before)
    field = next((_FIELDS[name] for name, _ in reversed(rest) if name in _FIELDS), "")
    whose = f"{subject}'s {field}" if field else subject
    return f"{whose}: {_named(found['what'], after, before)}"


def _subject(
    steps: list[tuple[str, str | None]], after: Encounter, before: Encounter | None
) -> tuple[str, list[tuple[str, str | None]]]:
    """Who or what the path is about, and the steps of the path after it."""
    first, index = steps[0]
    if first == "creatures" and index is not None and int(index) < len(after.creatures):
        return after.creatures[int(index)].name, steps[1:]
    if steps[:2] and [s[0] for s in steps[:2]] == ["combat", "combatants"] and len(steps) > 1:
        combatants = after.combat.combatants
        at = steps[1][1]
        if at is not None and int(at) < len(combatants):
            return _name(combatants[int(at)].creature_id, after, before), steps[2:]
    for length in (2, 1):
        key = ".".join(name for name, _ in steps[:length])
        if key in _THINGS:
            return _THINGS[key], steps[length:]
    return first.replace("_", " "), steps[1:]


def _named(text: str, after: Encounter, before: Encounter | None) -> str:
    text = text.replace("is not a creature in this encounter", "is no longer in this encounter")
    text = text.replace("the creature's", "its").replace("the creature", "it")
    return _QUOTED.sub(lambda m: _name(m["id"], after, before), text)


def _name(creature_id: str, after: Encounter, before: Encounter | None) -> str:
    for encounter in (after, before):
        creature = encounter.find_creature(creature_id) if encounter is not None else None
        if creature is not None:
            return creature.name
    return f'"{creature_id}"'
