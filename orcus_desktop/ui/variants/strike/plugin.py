"""001 Strike!'s UI as one `UiVariant`: its menu items, boxes, prompt and offers."""

from __future__ import annotations

from typing import Final

from PySide6.QtWidgets import QMenu

from orcus_desktop.controller.variants.strike.plugin import STRIKE
from orcus_desktop.ui.plugins import (
    InitiativeButton,
    MenuItems,
    PanelBox,
    UiVariant,
    WindowContext,
)
from orcus_desktop.ui.variants.strike.drop_prone_offer import drop_prone_offer
from orcus_desktop.ui.variants.strike.engagement_actions import EngagementActions
from orcus_desktop.ui.variants.strike.initiative_check import initiative_check_tool
from orcus_desktop.ui.variants.strike.interpose import INTERPOSE_PROMPT, InterposeBox
from orcus_desktop.ui.variants.strike.ready_items_dialog import ReadyItemsActions
from orcus_desktop.ui.variants.strike.round_end_dialog import RoundEndActions
from orcus_desktop.ui.variants.strike.strike_table_dialogs import StrikeTableActions


def _engagement(ui: WindowContext, menu: QMenu) -> EngagementActions:
    return EngagementActions(ui.window, ui.session, ui.shown, ui.selected, ui.say, menu)


STRIKE_UI: Final = UiVariant(
    of=STRIKE,
    menu_items=(
        MenuItems("combat", _engagement),  # 001-25/26 Close, Withdraw; 001-15 Hide, Crouch
        MenuItems("combat", RoundEndActions.build),  # 001-04
        MenuItems("combat", ReadyItemsActions.build),  # 001-34
        MenuItems("combat", StrikeTableActions.build),  # 001-35, 001-36
    ),
    reaction_prompts=(INTERPOSE_PROMPT,),
    initiative_buttons=(InitiativeButton(initiative_check_tool),),  # 001-01..03
    attack_target_extras=(drop_prone_offer,),  # 001-06 drops prone before the attack
    panel_boxes=(PanelBox("decisions", InterposeBox.panel_part),),  # 001-10/29 Against Who?
)
"""The strike ruleset's menu items, panel boxes and prompts."""
