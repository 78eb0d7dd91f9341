"""000 "Maintain": the powers kept going by concentration, one entry per owner and power.

`Combat.maintained` holds at most one `Maintained` per owner and power name: a power used
again (or a grapple held again, 004-18) replaces its entry, letting go drops it.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.model.combat import Combat, Maintained


def without_maintained(combat: Combat, owner: str, power: str) -> Combat:
    """`combat` with the owner's entry for the power dropped (none: unchanged entries)."""
    kept = tuple(m for m in combat.maintained if (m.owner, m.power) != (owner, power))
    return replace(combat, maintained=kept)


def with_maintained(combat: Combat, entry: Maintained) -> Combat:
    """`combat` with `entry` as its owner's one entry for its power, listed last."""
    rest = without_maintained(combat, entry.owner, entry.power)
    return replace(rest, maintained=(*rest.maintained, entry))
