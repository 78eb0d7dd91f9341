"""A device following one hero remembers that hero's own places (R-145, after R-62).

On a dim map (000 "Vision and Light": light limits sight, so the players' screen remembers),
Ilsabet walks from the north-west room to the south; what she alone saw there stays dimmed on
her device, while the party's picture still shows it lit (the others are there and see it).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.geometry.grid import Square
from orcus_desktop.geometry.light import Illumination
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.vocabulary import MoveMode
from tests.share.socket_client import SocketWatcher

WAIT_MS = 15_000


def centre(col: int, row: int) -> QPointF:
    return QPointF((col + 0.5) * SQUARE_PX, (row + 0.5) * SQUARE_PX)


def test_a_heros_device_keeps_what_she_saw_dimmed_after_she_walks_away(
    window: MainWindow, qtbot: QtBot
) -> None:
    assert window.session.run(lighting_edits.set_ambient_light, Illumination.DIM).ok
    url = window.sharing.start("127.0.0.1")
    window.sharing.heroes_action.setChecked(True)
    token = next(h.token for h in window.sharing._heroes if h.name == "Ilsabet")
    watcher = SocketWatcher(url, view=token)
    try:
        qtbot.waitUntil(lambda: token in window.sharing.pictures, timeout=WAIT_MS)
        own = window.sharing.pictures[token]
        party = window.sharing.pictures["party"]
        assert own.fog.item.memory.isEmpty()  # nothing seen and left behind yet
        assert window.session.move_creature("ilsabet", Square(8, 12), MoveMode.GM).ok
        qtbot.waitUntil(lambda: not own.fog.item.memory.isEmpty(), timeout=WAIT_MS)
        for square in ((5, 2), (3, 5)):  # beside her first place, out of her sight now
            assert own.fog.item.memory.contains(centre(*square))
            assert not party.fog.item.memory.contains(centre(*square))  # others see it
    finally:
        watcher.close()
