"""002's own actions (002-11, 002-15, 002-24), offered as built-in powers.

The ruleset names them in its action economy (``actions.extra_actions``: id -> kind,
`rules/variants/quick_reference/ruleset.py`); these are the powers behind the ids,
GM-resolved: each costs its kind and logs its text.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from orcus_desktop.controller.ruleset_powers import utility_power
from orcus_desktop.rules.powers import Power

POWERS: Final[Mapping[str, Power]] = MappingProxyType(
    {
        # 002-11, 002 l.38 "Help an unconscious creature consume a potion"; l.65 "Drink a potion".
        "administer_potion": utility_power(
            "Administer a Potion",
            "002-11: the creature consumes the potion; the GM applies its effect",
            touch=True,
        ),
        "drink_potion": utility_power(
            "Drink a Potion", "002-11: the GM applies the potion's effect"
        ),
        # 002-15, 002 l.44 "Equip or stow a shield"; l.64-70 the minor item and door actions.
        "equip_shield": utility_power(
            "Equip or Stow a Shield", "002-15: the GM updates the defenses"
        ),
        "load_crossbow": utility_power("Load a Crossbow", "002-15: the crossbow is loaded"),
        "draw_sheathe": utility_power(
            "Draw or Sheathe a Weapon", "002-15: the weapon is drawn/sheathed"
        ),
        "pick_up_item": utility_power("Pick Up an Item", "002-15: the item is picked up"),
        "retrieve_stow_item": utility_power(
            "Retrieve or Stow an Item", "002-15: retrieved or stowed"
        ),
        "open_close_door": utility_power(
            "Open or Close a Door", "002-15: open or close the door on the map (Door tool)"
        ),
        # 002-24, 002 l.130 "Give first aid to prevent dying": a Heal check against the GM's DC
        # (unstated); pick: success stabilises at the current hit points, no more death saves.
        "first_aid": utility_power(
            "First Aid",
            "002-24: a Heal check against the GM's DC; on a success the creature stops dying "
            "(remove Dying: it stays at its hit points and makes no more death saves)",
            touch=True,
        ),
    }
)
"""002's actions by the id its ruleset's ``extra_actions`` names."""
