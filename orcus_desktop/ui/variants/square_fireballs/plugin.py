"""003 Square Fireballs' UI as one `UiVariant`: menu items, panel boxes, initiative parts."""

from __future__ import annotations

from typing import Final

from orcus_desktop.controller.variants.square_fireballs.plugin import SQUARE_FIREBALLS
from orcus_desktop.ui.plugins import InitiativeButton, MenuItems, PanelBox, UiVariant
from orcus_desktop.ui.variants.square_fireballs.group_menu import group_items, groups_button
from orcus_desktop.ui.variants.square_fireballs.stealth_box import StealthBox
from orcus_desktop.ui.variants.square_fireballs.turn_flow_box import TurnFlowBox
from orcus_desktop.ui.variants.square_fireballs.wave_actions import ReadyAttackActions, WaveActions

SQUARE_FIREBALLS_UI: Final = UiVariant(
    of=SQUARE_FIREBALLS,
    menu_items=(
        MenuItems("encounter", WaveActions.build),  # 003-14 New wave…
        # 003-52 Ready Melee / Ranged Attack: a creature's attacks, beside Basic Attack, Charge
        MenuItems("combat", ReadyAttackActions.build, after="charge_action"),
    ),
    panel_boxes=(
        PanelBox("tools", StealthBox.panel_part),  # 003-47
        PanelBox("tools", TurnFlowBox.panel_part),  # 003-11 Raise the Alarm, 003-46 Forced
    ),
    initiative_buttons=(InitiativeButton(groups_button),),  # 003-07 Monster groups…
    initiative_menu=(group_items,),  # 003-07 Act with ▸, Monster groups…
)
"""The square-fireballs ruleset's menu items, panel boxes and initiative parts."""
