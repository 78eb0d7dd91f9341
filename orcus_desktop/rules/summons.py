"""Summoned creatures (000 "Summon").

000: "It uses your defenses." Its "Defenses, Skill Modifiers, Attack Roll Modifiers: Equal to
the summoner's ... Don't include temporary bonuses and penalties"; "Hit Points: Equal to the
summoner's Staggered value". "If the summon is reduced to 0 HP, it is destroyed and the summoner
loses a recovery, if able to do so. If the summoner has no recoveries left, they lose HP equal
to half their Staggered value instead."
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from orcus_desktop.rules.damage import DamageApplied, apply_damage
from orcus_desktop.rules.powers import Power
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.statblock import Role, StatBlock
from orcus_desktop.rules.state import CreatureState
from orcus_desktop.vocabulary import CreatureId


def summon_statblock(
    summoner: StatBlock,
    ruleset: Ruleset,
    *,
    name: str,
    powers: tuple[Power, ...] = (),
    **changes: object,
) -> StatBlock:
    """A summon's stat block built from its summoner's.

    Same level, abilities and defenses (base values: temporary bonuses are not in a stat
    block), HP equal to the summoner's staggered value, on the summoner's side; it never makes
    death saves (it is destroyed at 0 HP).
    """
    base = replace(
        summoner,
        name=name,
        role=Role.MONSTER,
        max_hp=max(1, summoner.staggered_value(ruleset)),
        recoveries=0,
        action_points=0,
        powers=powers,
        uses_death_saves=False,
        keywords=("summon",),
        notes=f"Summoned by {summoner.name}.",
    )
    return replace(base, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class SummonLost:
    """What the summoner paid when its summon was destroyed."""

    summoner: CreatureId
    recovery_lost: bool
    damage: DamageApplied | None


def summon_destroyed(
    summoner_state: CreatureState,
    summoner: StatBlock,
    ruleset: Ruleset,
    *,
    summoner_id: CreatureId,
) -> tuple[CreatureState, SummonLost]:
    """The summoner loses a recovery, or HP equal to half its staggered value if it has none."""
    if summoner_state.recoveries_left > 0:
        new = replace(summoner_state, recoveries_left=summoner_state.recoveries_left - 1)
        return new, SummonLost(summoner_id, True, None)
    loss = summoner.staggered_value(ruleset) // 2
    # Lost hit points, not damage: temporary HP don't absorb them.
    temp = summoner_state.temp_hp
    new, damage = apply_damage(
        replace(summoner_state, temp_hp=0),
        summoner,
        loss,
        ruleset,
        target=summoner_id,
        source="summon destroyed",
    )
    return replace(new, temp_hp=0 if new.dead else temp), SummonLost(summoner_id, False, damage)
