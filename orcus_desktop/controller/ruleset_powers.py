"""The actions a ruleset adds to 000's list, offered as built-in powers (docs/rulesets.md).

A ruleset names them in its action economy (``actions.extra_actions``: id -> action kind);
here each id becomes a `Power` every creature has under that ruleset, so the Actions panel
lists it with its kind, availability answers for it like any power and ``use_power`` plays
it. What the rules text leaves to the table (which potion, which weapon, where a dropped item
lies) is the power's text, shown to the GM. Orcus lists none: its powers stay as they were.
"""

from __future__ import annotations

from dataclasses import replace

from orcus_desktop.rules.abilities import Ability
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import (
    ActionKind,
    Area,
    AttackSpec,
    ConditionSpec,
    DamageSpec,
    Outcome,
    Power,
    PowerCategory,
    PowerRange,
    TargetKind,
)
from orcus_desktop.rules.ruleset import Ruleset
from orcus_desktop.rules.terms import Defense
from orcus_desktop.vocabulary import AreaShape, Origin


def _utility(name: str, text: str, *, touch: bool = False) -> Power:
    """A GM-resolved action: it costs its kind and logs its text (no roll)."""
    return Power(
        name=name,
        category=PowerCategory.UTILITY,
        origin=Origin.MELEE if touch else Origin.SELF,
        targets=TargetKind.ONE if touch else TargetKind.SELF,
        effect=Outcome(text=text),
    )


AUTOFIRE_KEYWORD = "autofire"
"""004-22: the keyword of the autofire powers (004-09: they provoke like ranged attacks)."""

_POWERS: dict[str, Power] = {
    # 002-11, 002 l.38 "Help an unconscious creature consume a potion"; l.65 "Drink a potion".
    "administer_potion": _utility(
        "Administer a Potion",
        "002-11: the creature consumes the potion; the GM applies its effect",
        touch=True,
    ),
    "drink_potion": _utility("Drink a Potion", "002-11: the GM applies the potion's effect"),
    # 002-15, 002 l.44 "Equip or stow a shield"; l.64-70 the minor item and door actions.
    "equip_shield": _utility("Equip or Stow a Shield", "002-15: the GM updates the defenses"),
    "load_crossbow": _utility("Load a Crossbow", "002-15: the crossbow is loaded"),
    "draw_sheathe": _utility("Draw or Sheathe a Weapon", "002-15: the weapon is drawn/sheathed"),
    "pick_up_item": _utility("Pick Up an Item", "002-15: the item is picked up"),
    "retrieve_stow_item": _utility("Retrieve or Stow an Item", "002-15: retrieved or stowed"),
    "open_close_door": _utility(
        "Open or Close a Door", "002-15: open or close the door on the map (Door tool)"
    ),
    # 002-24, 002 l.130 "Give first aid to prevent dying": a Heal check against the GM's DC
    # (unstated); pick: success stabilises at the current hit points, no more death saves.
    "first_aid": _utility(
        "First Aid",
        "002-24: a Heal check against the GM's DC; on a success the creature stops dying "
        "(remove Dying: it stays at its hit points and makes no more death saves)",
        touch=True,
    ),
    # 004-11, 004 l.365-376 "Attack Held Object": "Make a weapon attack vs. Fortitude. Hit: The
    # target drops the weapon in their space"; unarmed, "you may choose to hold the object".
    "attack_held_object": Power(
        name="Attack Held Object",
        origin=Origin.MELEE,
        range=PowerRange(weapon=True),
        attack=AttackSpec(Ability.STRENGTH, Defense.FORTITUDE),
        hit=Outcome(
            text="004-11: the target drops the held object in its space (unarmed: the "
            "attacker may hold it instead)"
        ),
        keywords=("weapon",),
    ),
    # 004-36, 004 l.632-639 "Trip": "Make an Unarmed attack vs. Reflex defense. Hit: The
    # target is knocked prone."
    "trip": Power(
        name="Trip",
        origin=Origin.MELEE,
        attack=AttackSpec(Ability.STRENGTH, Defense.REFLEX),
        hit=Outcome(conditions=(ConditionSpec(Condition.PRONE, DurationKind.UNTIL_COUNTERED),)),
    ),
    # 004-22, 004 l.591-600 Autofire, Spray: "5 ft burst", Dex vs Reflex against each creature,
    # 1[W] without the ability bonus, ammunition per target (004-06, noted when used).
    "autofire_spray": Power(
        name="Autofire: Spray",
        origin=Origin.NEAR,
        area=Area(AreaShape.BURST, 1),
        targets=TargetKind.ALL,
        range=PowerRange(weapon=True),
        attack=AttackSpec(Ability.DEXTERITY, Defense.REFLEX),
        hit=Outcome(damage=DamageSpec("1dW")),
        keywords=("weapon", AUTOFIRE_KEYWORD),
    ),
    # 004-22, 004 l.601-607 Suppressing Fire: a 30 ft burst (burst 6) zone for 10 rounds + 1
    # per attack; "As an immediate action, you may make a basic ranged attack against any
    # creature in the area that either takes a standard action or fails to take any action".
    "suppressing_fire": Power(
        name="Autofire: Suppressing Fire",
        category=PowerCategory.UTILITY,
        origin=Origin.SELF,
        targets=TargetKind.SELF,
        effect=Outcome(
            text="004-22: a burst 6 zone; as an immediate action, a basic ranged attack "
            "against a creature in it that takes a standard action or fails to act"
        ),
        keywords=(AUTOFIRE_KEYWORD,),
    ),
}


def ruleset_powers(ruleset: Ruleset) -> tuple[Power, ...]:
    """The built-in powers for the ruleset's ``actions.extra_actions``, each with its kind."""
    out: list[Power] = []
    for key, kind in ruleset.actions.extra_actions.pairs:
        power = _POWERS.get(key)
        if power is not None:
            out.append(replace(power, action=ActionKind(kind)))
    return tuple(out)
