"""What a power or an attack action asks the GM to choose on the map, and the choice made.

Also the line the GM reads before rolling (000 "Use a Power", "Targeting", "Making an Attack").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from orcus_desktop.controller.attacks import attack_powers
from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.availability.powers import find_power
from orcus_desktop.controller.log.words import defense_name, term
from orcus_desktop.controller.outcomes import TargetPreview, no_creature, no_power
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.tools.template_tool import AreaOrigin
from orcus_desktop.geometry.grid import Square
from orcus_desktop.rules.powers import Power, TargetKind
from orcus_desktop.vocabulary import AreaShape, Origin


class TargetingAction(StrEnum):
    """The session call a targeting ends in (000 "Use a Power" and "Actions in Combat")."""

    POWER = "use_power"
    CHARGE = "charge"
    GRAPPLE = "grapple"
    SHOVE = "shove"
    COUP_DE_GRACE = "coup_de_grace"
    HELP_ATTACK = "help_attack"
    HELP_DEFENSE = "help_defense"

    @property
    def rolls(self) -> bool:
        """Whether it makes an attack roll (and so asks for the dice); helping does not."""
        return self not in (TargetingAction.HELP_ATTACK, TargetingAction.HELP_DEFENSE)

    @property
    def helps(self) -> bool:
        """Help Attack or Help Defense: an ally is chosen, then the enemy."""
        return not self.rolls


_ACTION_TARGETING: Final[dict[str, TargetingAction]] = {
    "charge": TargetingAction.CHARGE,
    "grapple": TargetingAction.GRAPPLE,
    "shove": TargetingAction.SHOVE,
    "coup_de_grace": TargetingAction.COUP_DE_GRACE,
    "help_attack": TargetingAction.HELP_ATTACK,
    "help_defense": TargetingAction.HELP_DEFENSE,
}

_ON_THE_MAP: Final = frozenset(
    {"walk", "dash", "five_foot_step", "crawl", "squeeze", "move_grappled"}
)
"""Actions carried out by dragging the token (the move tool), not by choosing a target."""


@dataclass(frozen=True, slots=True)
class TargetingRequest:
    """What the GM is choosing targets for, read from the power (000 "Targeting").

    Attributes:
        creature_id: the user.
        action: the session call it ends in.
        power_name: the power used, or whose reach gives the targets (the basic melee attack
            of a charge, grapple, shove or coup de grace).
        label: what the GM activated ("Cleave", "Charge").
        max_targets: how many creatures a Melee/Ranged power targets ("two creatures": 2);
            0 when there is nothing to choose (a Self power).
        area: the area's shape for Near/Far powers, else None.
        origin: Near or Far (areas only).
        area_size: the area's size N.
        range_squares: a Far area's range.
        attack_roll: False for a power without an attack (nothing to roll: no dice asked).
        basic_choices: for the Basic Attack action (B), the creature's basic attacks: the one
            used is chosen by the target (`questions.best_basic_attack`).
    """

    creature_id: str
    action: TargetingAction
    power_name: str
    label: str
    max_targets: int = 1
    area: AreaShape | None = None
    origin: AreaOrigin = AreaOrigin.NEAR
    area_size: int = 0
    range_squares: int = 0
    attack_roll: bool = True
    basic_choices: tuple[str, ...] = ()

    def for_target(self, session: GameSession, target_id: str) -> TargetingRequest:
        """The request as used against `target_id`: B's basic attack is chosen by the target."""
        if not self.basic_choices:
            return self
        best = (
            session.ask(questions.best_basic_attack, self.creature_id, target_id)
            or self.power_name
        )
        return replace(self, power_name=best, label=best)

    @property
    def needs_map(self) -> bool:
        """False for a power with nothing to choose (Self): it is confirmed straight away."""
        return self.area is not None or self.max_targets > 0


@dataclass(frozen=True, slots=True)
class TargetingChoice:
    """The GM's choice on the map, ready for the dice and the session call.

    Attributes:
        request: what was targeted.
        target_ids: the targets (for an area: the creatures in it the power targets; for
            help: the enemy).
        area_origin: a Far area's origin square.
        area_squares: an area's squares as placed.
        destination: the square a charge ends on.
        ally_id: the ally helped (Help Attack / Help Defense).
    """

    request: TargetingRequest
    target_ids: tuple[str, ...] = ()
    area_origin: Square | None = None
    area_squares: tuple[Square, ...] | None = None
    destination: Square | None = None
    ally_id: str | None = None


def _power_request(creature_id: str, power: Power) -> TargetingRequest:
    """The request a power makes: an area to place, nothing to choose (Self), or N targets."""
    attack_roll = power.attack is not None
    if power.area is not None:
        return TargetingRequest(
            creature_id,
            TargetingAction.POWER,
            power.name,
            power.name,
            area=power.area.type,
            origin=AreaOrigin.FAR if power.origin is Origin.FAR else AreaOrigin.NEAR,
            area_size=power.area.size,
            range_squares=power.range.normal or 0,
            attack_roll=attack_roll,
        )
    nothing_to_choose = power.origin is Origin.SELF or power.targets is TargetKind.SELF
    return TargetingRequest(
        creature_id,
        TargetingAction.POWER,
        power.name,
        power.name,
        max_targets=0 if nothing_to_choose else max(1, power.target_count),
        attack_roll=attack_roll,
    )


def targeting_request(
    session: GameSession,
    creature_id: str,
    *,
    power_name: str | None = None,
    action: str | None = None,
) -> TargetingRequest | str:
    """What activating a power (or an attack action) of the creature asks the GM to choose.

    Returns:
        the request, or the reason it cannot be used now (the session's answer) or how to
        take it instead (moves are dragged on the map).
    """
    encounter = session.encounter
    creature = encounter.find_creature(creature_id)
    if creature is None:
        return no_creature(creature_id)
    available = session.available_actions(creature_id)
    if power_name is not None:
        power = find_power(session.rules, encounter, creature_id, power_name)
        if power is None:
            return no_power(creature.name, power_name)
        return available.power(power_name).reason or _power_request(creature_id, power)
    if action is None:
        return "nothing to target"
    try:
        combat_action = CombatAction(action)
    except ValueError:
        return f"unknown action {action!r}"
    reason = available.option(combat_action).reason
    if reason:
        return reason
    if combat_action.value in _ON_THE_MAP:
        return f"{combat_action.label}: drag {creature.name}'s token with the move tool"
    basic = session.ask(attack_powers.basic_attack_name, creature_id)
    if combat_action is CombatAction.BASIC_ATTACK or combat_action is CombatAction.USE_POWER:
        ranged = session.ask(attack_powers.basic_attack_name, creature_id, ranged=True)
        basics = tuple(name for name in (basic, ranged) if name is not None)
        if not basics:
            return f"{creature.name} has no basic attack"
        request = targeting_request(session, creature_id, power_name=basics[0])
        if isinstance(request, str) or len(basics) < 2:
            return request
        return replace(request, basic_choices=basics)
    targeting = _ACTION_TARGETING.get(combat_action.value)
    if targeting is None:
        return f"{combat_action.label}: use its button in the actions panel"
    if basic is None and targeting.rolls:
        return f"{creature.name} has no basic melee attack"
    return TargetingRequest(
        creature_id, targeting, basic or "", combat_action.label, max_targets=1
    )


def attack_summary(preview: TargetPreview, session: GameSession, extra_bonus: int = 0) -> str:
    """One line the GM reads before rolling: the number needed and what changes it.

    ``Goblin Warrior 1: needs 9 on the d20 (+8 vs AC 17) · half cover · combat advantage``;
    the cover is named as the ruleset names it (001-11: "3/4 cover").
    000 "Making an Attack": the attack hits when d20 + bonus reaches the defense; a natural 20
    always hits and a natural 1 always misses (000 "Critical Hits", "Automatic Miss").
    """
    name = session.encounter.name_of(preview.target)
    if preview.defense is None or preview.defense_kind is None:
        return f"{name}: no attack roll"
    bonus = preview.attack_bonus + extra_bonus
    needed = preview.defense - bonus
    if needed > 20:
        need = "only a natural 20 hits"
    elif needed <= 2:
        need = "hits on anything but a natural 1"
    else:
        need = f"needs {needed} on the d20"
    label = session.rules.ruleset.label
    defense = defense_name(label, preview.defense_kind)  # 004-37 "Defense", 001-38 "Block"
    parts = [f"{name}: {need} ({bonus:+d} vs {defense} {preview.defense})"]
    cover = preview.facts.cover
    if cover not in ("none", ""):
        named = label(cover)
        parts.append(named if named.endswith("cover") else f"{named} cover")
    concealment = preview.facts.concealment
    cause = preview.facts.concealment_cause
    cause = f"{cause}: " if cause else ""  # docs/rulings.md R-61: what the light gives
    if concealment == "total":
        parts.append(f"{cause}total concealment")
    elif concealment not in ("none", ""):
        parts.append(f"{cause}concealment")
    if preview.facts.long_range:
        parts.append("long range")
    if preview.combat_advantage:
        advantage = term(label, "combat_advantage", "combat advantage")  # 004-29, 003-20
        parts.append(f"{advantage} (" + ", ".join(preview.combat_advantage) + ")")
    # 001's bands, each with its number (Shoot!, unseen, help: docs/rulings.md "001 picks").
    parts += [f"{source} {value:+d}" for value, source in preview.attack_parts if "(001" in source]
    return " · ".join(parts)
