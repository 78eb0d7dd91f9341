"""Power cards in the Actions panel (issue 13): on hover and on click, from the GM's side.

000 "Power Description": keywords, action, range, targets, the attack line, and the Hit,
Miss and Effect lines are what the GM reads before using a power.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.views.power_cards import power_card
from orcus_desktop.rules.conditions import Condition
from orcus_desktop.rules.durations import DurationKind
from orcus_desktop.rules.powers import (
    ActionKind,
    Area,
    AttackSpec,
    ConditionSpec,
    DamageSpec,
    Frequency,
    Outcome,
    Power,
    PowerRange,
    TargetKind,
)
from orcus_desktop.rules.terms import DamageType, Defense
from orcus_desktop.ui.panels.actions.panel import ActionsPanel
from orcus_desktop.vocabulary import AreaShape, Origin
from tests.ui.test_panels_actions import Selection, _items, _start, panel, selection, session

__all__ = ["panel", "selection", "session"]  # fixtures shared with the panel's tests


def _power_item(panel: ActionsPanel, name: str) -> QTreeWidgetItem:
    return _items(panel, 0)[name]


def test_hovering_a_power_shows_its_card(session: GameSession, panel: ActionsPanel) -> None:
    _start(session)
    tip = _power_item(panel, "Spinning Sweep").toolTip(0)
    assert "<b>Spinning Sweep</b>" in tip
    assert "Encounter · Standard action" in tip
    assert "<b>Keywords:</b> Martial, Weapon" in tip
    assert "<b>Range:</b> Melee weapon" in tip
    assert "<b>Attack:</b> Strength vs AC" in tip
    assert "<b>Hit:</b> 1dW + Strength modifier damage; prone (until countered)" in tip
    assert "double-click" in tip  # what to do with it stays said


def test_a_used_power_still_shows_its_card_and_why_not(
    session: GameSession, panel: ActionsPanel
) -> None:
    _start(session)
    assert session.use_power("hero", "Spinning Sweep", ["orc"], dice=[15, 4, 4]).ok
    tip = _power_item(panel, "Spinning Sweep").toolTip(0)
    assert "<b>Spinning Sweep</b>" in tip
    assert "already used" in tip


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_clicking_a_power_shows_its_card_under_the_list(
    session: GameSession, panel: ActionsPanel, qtbot: QtBot
) -> None:
    _start(session)
    panel.show()
    assert not panel.power_card.isVisible()
    item = _power_item(panel, "Cleave")
    rect = panel.tree.visualItemRect(item)
    qtbot.mouseClick(panel.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.power_card.isVisible()
    assert panel.power_card.card is not None
    assert panel.power_card.card.name == "Cleave"
    assert "<b>Cleave</b>" in panel.power_card.text()
    # An edit refills the list: the card stays for the same power.
    assert session.run(gm_edits.apply_damage, "hero", 1).ok
    assert panel.power_card.card is not None
    assert panel.power_card.card.name == "Cleave"
    # An action (not a power) hides the card.
    actions = _items(panel, 1)
    panel.tree.setCurrentItem(actions["Walk"])
    assert not panel.power_card.isVisible()


def test_the_orcs_card_uses_its_stat_block_bonus(
    session: GameSession, panel: ActionsPanel, selection: Selection
) -> None:
    _start(session)
    selection.select("orc")
    tip = _power_item(panel, "Howling Charge").toolTip(0)
    assert "<b>Attack:</b> +7 vs AC" in tip
    assert "<b>Hit:</b> 2d12 + 4 damage; prone (until countered)" in tip


def test_an_area_power_card_reads_every_line() -> None:
    power = Power(
        name="Fire Burst",
        frequency=Frequency.DAILY,
        action=ActionKind.SWIFT,
        origin=Origin.FAR,
        range=PowerRange(normal=10),
        area=Area(AreaShape.BURST, 2),
        targets=TargetKind.ENEMIES,
        attack=AttackSpec(None, Defense.REFLEX, bonus=5),
        hit=Outcome(
            damage=DamageSpec("2d6 + 4", (DamageType.FIRE,)),
            conditions=(ConditionSpec(Condition.DAZED, DurationKind.SAVE_ENDS),),
        ),
        miss=Outcome(half_damage=True),
        effect=Outcome(text="The area is lightly obscured."),
        keywords=("fire", "zone"),
    )
    card = power_card(power, lambda key: {"swift": "minor"}.get(key, key.replace("_", " ")))
    assert card.plain_text().splitlines() == [
        "Fire Burst",
        "Daily · Minor action",  # 002-01: the ruleset's name for the swift action
        "Keywords: Fire, Zone",
        "Range: Far burst 2 within 10",
        "Targets: each enemy in the area",
        "Attack: +5 vs Reflex",
        "Hit: 2d6 + 4 fire damage; dazed (save ends)",
        "Miss: half damage",
        "Effect: The area is lightly obscured.",
    ]


@pytest.mark.parametrize(
    ("power_range", "origin", "text"),
    [
        (PowerRange(normal=10, long=20), Origin.RANGED, "Ranged 10/20"),
        (PowerRange(normal=2), Origin.MELEE, "Melee 2"),
        (PowerRange(), Origin.SELF, "Self"),
    ],
)
def test_range_lines(power_range: PowerRange, origin: Origin, text: str) -> None:
    card = power_card(Power(name="P", origin=origin, range=power_range))
    assert next(line.text for line in card.lines if line.heading == "Range") == text
