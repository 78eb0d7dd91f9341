"""A held attack (`combat.pending`): how each kind is written down and read back, in one place.

000 "Opportunity Attacks" / "Immediate Actions": an attack that provokes waits until the
offers are settled. `attacks.use_power` holds a power, `combat_actions.charge` a charge's basic
melee attack or shove; `interrupts` makes either once the offers are settled. The options each
keeps (`PendingAttack.options`) are written and read here, so the file, undo and the resumed
attack agree on them.
"""

from __future__ import annotations

from collections.abc import Sequence

from orcus_desktop.controller.attacks.attack_choices import AttackChoices
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.combat import PendingAttack
from orcus_desktop.model.frozen import freeze
from orcus_desktop.vocabulary import CreatureId

CHARGE = "charge"
"""`PendingAttack.kind` of a charge's held basic melee attack (a Strike! under 001) or shove."""

POWER = "power"
"""`PendingAttack.kind` of a held power, named by `PendingAttack.power`."""

SKILL = "skill"
"""`PendingAttack.kind` of a skill used as an action (004-09), the skill in
`PendingAttack.power`; `skill_uses.use_skill` holds it, `interrupts.settle` rolls it."""


def held_power(
    attacker_name: str,
    creature_id: str,
    power_name: str,
    target_ids: Sequence[str],
    dice: Sequence[int],
    choices: AttackChoices,
) -> PendingAttack:
    """A power as it waits while something strikes first (its dice and the GM's choices)."""
    return PendingAttack(
        CreatureId(creature_id),
        POWER,
        power_name,
        tuple(CreatureId(t) for t in target_ids),
        freeze({"dice": list(dice), **choices.to_options()}),
        f"{attacker_name}'s {power_name}",
    )


def held_charge(
    attacker_name: str,
    creature_id: str,
    target_id: str,
    *,
    shove_name: str,
    push_to: Square | None,
    dice: Sequence[int],
) -> PendingAttack:
    """A charge's attack as it waits: `shove_name` for a shove, "" for the basic melee attack."""
    return PendingAttack(
        CreatureId(creature_id),
        CHARGE,
        shove_name,
        (CreatureId(target_id),),
        freeze({"dice": list(dice), "push_to": None if push_to is None else list(push_to)}),
        f"{attacker_name}'s charge",
    )


def held_skill(
    user_name: str,
    creature_id: str,
    skill: str,
    action: str,
    die: int | None,
    target_number: int | None,
) -> PendingAttack:
    """A skill use as it waits for the attacks of opportunity it provoked (004-09)."""
    return PendingAttack(
        CreatureId(creature_id),
        SKILL,
        skill,
        (),
        freeze(
            {
                "dice": [] if die is None else [die],
                "action": action,
                "target_number": target_number,
            }
        ),
        f"{user_name}'s {skill.capitalize()}",
    )


def held_dice(held: PendingAttack) -> list[int]:
    """The dice the GM typed in for the held attack (empty: the app rolls)."""
    return [int(d) for d in held.options.get("dice", ())]


def held_push_to(held: PendingAttack) -> Square | None:
    """Where a held charge's shove pushes the target (None: the GM picks it later)."""
    raw = held.options.get("push_to")
    return None if raw is None else Square(*raw)
