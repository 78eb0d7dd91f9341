"""004 Alloy Heroes' UI as one `UiVariant`: Combat > Use a Skill… (004-09)."""

from __future__ import annotations

from typing import Final

from orcus_desktop.controller.variants.alloy_heroes.plugin import ALLOY_HEROES
from orcus_desktop.ui.plugins import MenuItems, PanelBox, UiVariant
from orcus_desktop.ui.variants.alloy_heroes.cover_choice import COVER_PROMPT, CoverChoiceBox
from orcus_desktop.ui.variants.alloy_heroes.skill_use_dialog import SkillUseActions

ALLOY_HEROES_UI: Final = UiVariant(
    of=ALLOY_HEROES,
    menu_items=(
        MenuItems("combat", SkillUseActions.build),  # 004-09
    ),
    reaction_prompts=(COVER_PROMPT,),
    panel_boxes=(PanelBox("decisions", CoverChoiceBox.panel_part),),  # 004 l.760, R-154
)
"""The alloy-heroes ruleset's menu items, panel boxes and prompts."""
