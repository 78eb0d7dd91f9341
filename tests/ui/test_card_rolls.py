"""A click on a power card's damage rolls it in the dice dock, from the GM's side (issue 17).

Issue 17: "A click on a power's damage in a power card rolls it there." The damage is rolled
with the creature's own numbers: 000 "dW" (the weapon's die) and its ability modifier.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.views.card_rolls import damage_rolls
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.rules.powers import DamageSpec, Outcome, Power
from orcus_desktop.ui.main_window import MainWindow
from tests.controller.conftest import make_session
from tests.ui.test_panels_actions import _bundled, _items, _start

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    session = make_session(
        Encounter(
            GridBounds(12, 12),
            creatures=(
                _bundled("hero", "fighter", "heroes", 2, 2),
                _bundled("orc", "orc_berserker", "monsters", 3, 2),
            ),
        ),
        seed=3,
    )
    win = MainWindow(session.encounter, None, session=session)
    qtbot.add_widget(win)
    _start(session)
    return win


def test_clicking_the_hit_damage_rolls_it_to_the_combat_log(window: MainWindow) -> None:
    panel = window.actions_panel
    panel.tree.setCurrentItem(_items(panel, 0)["Cleave"])  # the fighter's turn: its powers
    card = panel.power_card.card
    assert card is not None
    hit = next(line for line in card.lines if line.heading == "Hit")
    # The fighter's longsword is 1d10 and its Strength 18 gives +4 (000 "dW").
    assert hit.roll == "1d10 + 4 [Strength modifier]"
    assert '<a href="roll:Hit">' in panel.power_card.text()
    session = window.session
    panel.power_card.linkActivated.emit("roll:Hit")  # what the GM's click on the link does
    entry = session.encounter.combat.log[-1]
    assert entry.kind == "dice_roll"
    assert entry.data["label"] == "Hero: Cleave, Hit damage"  # whose power, which line
    assert 5 <= entry.data["total"] <= 14
    assert window.dice_dock.result.text().startswith(f"<b>{entry.data['total']}</b>")
    assert window.dice_dock.model.rowCount() == 1
    assert window.undo_action.text() == "&Undo Roll Hero: Cleave, Hit damage"  # one step
    window.undo_action.trigger()
    assert session.encounter.combat.log[-1:] != (entry,)


def test_a_private_dock_keeps_the_cards_roll_with_the_gm(window: MainWindow) -> None:
    panel = window.actions_panel
    panel.tree.setCurrentItem(_items(panel, 0)["Cleave"])
    window.dice_dock.private.setChecked(True)
    before = window.session.encounter.combat.log
    panel.power_card.linkActivated.emit("roll:Hit")
    assert window.session.encounter.combat.log == before
    assert window.dice_dock.model.rowCount() == 1


def test_a_card_line_without_dice_for_this_creature_has_no_roll() -> None:
    power = Power(
        name="Grab",
        hit=Outcome(damage=DamageSpec("1dW + Strength modifier")),
        miss=Outcome(damage=DamageSpec("5")),
        keywords=("weapon",),
    )
    # No stat block: no weapon for dW, no Strength; the flat miss damage still rolls.
    assert damage_rolls(None, power) == {"Miss": "5"}
