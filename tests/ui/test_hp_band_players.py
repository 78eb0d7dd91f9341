"""The players' view shows no HP band of a creature whose HP it hides (issue 29, R-137).

The players' tokens carry no HP bar; a monster's bloodied outline still told them it was at
half its hit points or fewer. Their own creatures keep it (they know their hit points).
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.ui.map.look import TokenState
from orcus_desktop.ui.map.scene import MapScene
from tests.controller.conftest import fighter, make_session, orc


def test_the_players_see_their_heros_band_but_not_the_monsters(qtbot: QtBot) -> None:
    session = make_session(
        Encounter(GridBounds(8, 8), creatures=(fighter("hero", 1, 1), orc("orc", 5, 5)))
    )
    gm = MapScene(session.document, rules=session.rules)
    players = MapScene(session.document, rules=session.rules, gm=False)
    for creature_id in ("hero", "orc"):
        assert session.run(
            gm_edits.apply_damage, creature_id, 25
        ).ok  # 44 and 30 HP: both at half or less

    def state(scene: MapScene, creature_id: str) -> TokenState:
        item = scene.token_item(creature_id)
        assert item is not None
        return item.look.state

    assert state(gm, "hero") == state(gm, "orc") == TokenState.BLOODIED
    assert state(players, "hero") == TokenState.BLOODIED
    assert state(players, "orc") == TokenState.NORMAL
    gm.detach()
    players.detach()
