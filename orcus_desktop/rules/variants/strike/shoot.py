"""001's Shoot! and Spell! modifiers and its unseen attackers and targets (plain numbers).

Seed 001 "Shoot!" (l.186-234), "Spell!" (l.268-272), "Unseen Attackers and Targets" (l.158-166),
"Cover" (l.144-156). The controller measures the facts (`ShotFacts`); this module turns them
into modifiers to the attack roll, each named as the attack breakdown shows it. Signs as
docs/rulesets.md "Signs": 001's "+N" to the target is -N to the attacker's roll.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from orcus_desktop.rules.modifiers import Modifier
from orcus_desktop.rules.powers import Power
from orcus_desktop.rules.variants.strike.bands import engagement_band
from orcus_desktop.vocabulary import Origin

SHOOT_RANGE_LIMIT = 15
"""001-17, 001 l.202 "8-15 Squares -4" is the last band: a Shoot! beyond it is refused (pick)."""

_SPELL_KEYWORDS: Final = frozenset({"arcane", "divine", "primal", "psionic", "implement", "spell"})


class AttackStyle(StrEnum):
    """001's three attacks (001-38 labels): how a power attacks under 001."""

    STRIKE = "strike"
    """001-22: a melee attack."""
    SHOOT = "shoot"
    """001-16..21: a ranged attack that is not a spell."""
    SPELL = "spell"
    """001-27: a ranged attack power with a magic keyword (pick: arcane, divine, primal,
    psionic, implement or spell)."""
    AREA = "area"
    """A Near or Far area: 000's rules with 001's cover (no Shoot! bands; pick)."""


def attack_style(power: Power) -> AttackStyle:
    """Which of 001's attacks a power makes (docs/rulings.md "001 picks")."""
    if power.origin is Origin.MELEE:
        return AttackStyle.STRIKE
    if power.origin.is_area:
        return AttackStyle.AREA
    keywords = {k.lower() for k in power.keywords}
    return AttackStyle.SPELL if keywords & _SPELL_KEYWORDS else AttackStyle.SHOOT


def distance_band(squares: int) -> int:
    """The size of 001's range and speed penalties: 0 -> 0, 1 -> 1, 2-3 -> 2, 4-7 -> 3, 8+ -> 4.

    001-17, 001 l.188-202 (range) and 001-18, 001 l.204-216 (speed): "0 Squares 0 / 1 Square
    -1 / 2-3 Squares -2 / 4-7 Squares -3 / 8-15 Squares -4". Pick: a target moving more than
    15 squares keeps -4 (the table stops there).
    """
    if squares <= 0:
        return 0
    return min(squares.bit_length(), 4)


@dataclass(frozen=True, slots=True)
class ShotFacts:
    """What the map and the combat say about one Shoot! or Spell! against one target.

    Attributes:
        range_squares: squares from the attacker to the target (000 "Ranges").
        target_moved: squares the target has moved so far this turn (001-18 pick: 0 unless
            it is the creature whose turn it is).
        shooter_engaged_by: how many creatures the shooter is Engaged By (001-19).
        allies_in_engagement: the shooter's allies in an engagement with the target, either
            direction (001-21 pick).
        sees_target: the attacker can see the target (no total concealment).
        target_charging: the target is charging the shooter (001-20).
        seen_at_turn_start: the shooter could see the target when the turn started (001-20;
            True when that is not known).
    """

    range_squares: int
    target_moved: int = 0
    shooter_engaged_by: int = 0
    allies_in_engagement: int = 0
    sees_target: bool = True
    target_charging: bool = False
    seen_at_turn_start: bool = True


def shot_modifiers(style: AttackStyle, facts: ShotFacts) -> tuple[Modifier, ...]:
    """The Shoot! bands (001-17..21), or what is left of them for a Spell! (001-27).

    001-27, 001 l.270: "if you can see a target you can hit the target regardless of cover,
    range, speed": a Spell! on a seen target takes no range or speed band (its cover is
    dropped by `spell_ignores_cover`); the engagement penalties are not in that list and stay.
    """
    if style not in (AttackStyle.SHOOT, AttackStyle.SPELL):
        return ()
    mods: list[Modifier] = []
    free = style is AttackStyle.SPELL and facts.sees_target
    if not free:
        # 001-17, 001 l.188-202 "Range"
        band = distance_band(facts.range_squares)
        if band:
            mods.append(Modifier(-band, f"range {facts.range_squares} (001 Shoot!)"))
        # 001-18, 001 l.204-216 "The Speed of the Target"
        band = distance_band(facts.target_moved)
        if band:
            mods.append(Modifier(-band, f"target moved {facts.target_moved} (001 Shoot!)"))
    # 001-19, 001 l.220-224 "You are Engaged By 1 Creature -1 / 2-3 -2 / 4 or more -3"
    band = engagement_band(facts.shooter_engaged_by)
    if band:
        mods.append(Modifier(-band, f"shooter engaged by {facts.shooter_engaged_by} (001)"))
    # 001-20, 001 l.226 "You could not see at the Target at start of the Turn -1"
    if not facts.seen_at_turn_start:
        mods.append(Modifier(-1, "target unseen at turn start (001 Shoot!)"))
    # 001-20, 001 l.228 "The Target is Charging You -1"
    if facts.target_charging:
        mods.append(Modifier(-1, "target charging you (001)"))
    # 001-21, 001 l.230-234 "Target Engaged With (Ally Creature) -1 / x2-x3 -2 / x4 or more -3"
    band = engagement_band(facts.allies_in_engagement)
    if band:
        n = facts.allies_in_engagement
        mods.append(Modifier(-band, f"into melee: {n} {'ally' if n == 1 else 'allies'} (001)"))
    return tuple(mods)


def spell_ignores_cover(style: AttackStyle, *, sees_target: bool) -> bool:
    """Whether the attack ignores cover (001-27, 001 l.270): a Spell! on a seen target.

    Not total cover: line of effect is still needed (000 "A Clear Path to the Target").
    """
    return style is AttackStyle.SPELL and sees_target


def unseen_modifiers(
    *,
    sees_target: bool,
    perceives_target: bool,
    seen_by_target: bool,
    perceived_by_target: bool,
) -> tuple[Modifier, ...]:
    """001-13, 001 l.158-166: unseen targets and attackers.

    -1 against a target you can't see, -2 one you can't perceive; +1 against a target that
    can't see you, +2 one that can't perceive you.

    They replace 000's total concealment -5 and the unseen attacker's combat advantage (the
    caller drops those). Pick: "perceive" = any sense: sight, hearing, blindsight, tremorsense.
    """
    mods: list[Modifier] = []
    if not perceives_target:
        mods.append(Modifier(-2, "target not perceived (001)"))
    elif not sees_target:
        mods.append(Modifier(-1, "target unseen (001)"))
    if not perceived_by_target:
        mods.append(Modifier(2, "attacker not perceived (001)"))
    elif not seen_by_target:
        mods.append(Modifier(1, "attacker unseen (001)"))
    return tuple(mods)


def help_bonus(helpers: Iterable[object]) -> int:
    """001-33, 001 l.300-302: help by the number of helpers.

    "+1 ... +2 if there are two or three, and +3 if there are four or more helpers" (pick: by
    how many help, not per helper).
    """
    return engagement_band(len(set(helpers)))
