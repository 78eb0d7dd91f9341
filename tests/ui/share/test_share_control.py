"""Window > Share with Players, from the GM's side (issue 32, items 1 to 4).

Sharing is off by default; on, the players' devices get the Player view's picture and each
change the GM makes; the GM may let a device follow one hero's own sight (R-145); stopping,
or closing the GM's window, drops every device.
"""

from __future__ import annotations

import json
import socket
from typing import Any

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import Square
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.share.pictures import render_scene
from orcus_desktop.vocabulary import MoveMode
from tests.share.socket_client import SocketWatcher
from tests.ui.share.players_render import players_render

WAIT_MS = 15_000


def shared(window: MainWindow, qtbot: QtBot) -> str:
    url = window.sharing.start("127.0.0.1")
    party = window.sharing.pictures["party"]
    qtbot.waitUntil(lambda: not party.scene.map_image_loading, timeout=WAIT_MS)
    return url


def picture(data: bytes) -> QImage:
    return QImage.fromData(data).convertToFormat(QImage.Format.Format_RGB32)


def said(watcher: SocketWatcher, kind: str) -> list[Any]:
    """The text messages of one kind a device got ("heroes", "strip"), in order."""
    messages = [json.loads(text) for text in watcher.texts()]
    return [m[kind] for m in messages if kind in m]


def last_picture_is(watcher: SocketWatcher, expected: QImage) -> bool:
    pictures = watcher.pictures()
    return bool(pictures) and picture(pictures[-1]) == expected


def test_sharing_is_off_until_the_gm_turns_it_on(window: MainWindow) -> None:
    menus = {a.text(): a.menu() for a in window.menuBar().actions()}
    window_menu = menus["&Window"]
    assert isinstance(window_menu, QMenu)
    assert window.sharing.toggle_action in window_menu.actions()
    assert not window.sharing.toggle_action.isChecked()
    assert window.sharing.server is None
    assert not window.sharing.address_action.isEnabled()


def test_a_device_sees_the_player_view_and_each_move(window: MainWindow, qtbot: QtBot) -> None:
    url = shared(window, qtbot)
    assert window.sharing.toggle_action.isChecked()
    watcher = SocketWatcher(url)
    try:
        expected = players_render(window.session.encounter, grid=window.scene.grid_colour)
        qtbot.waitUntil(lambda: last_picture_is(watcher, expected), timeout=WAIT_MS)
        # The GM moves a hero: the device's next picture is the Player view after the move.
        assert window.session.move_creature("quill", Square(7, 9), MoveMode.GM).ok
        moved = players_render(window.session.encounter, grid=window.scene.grid_colour)
        assert moved != expected
        qtbot.waitUntil(lambda: last_picture_is(watcher, moved), timeout=WAIT_MS)
    finally:
        watcher.close()


def test_a_device_reads_the_initiative_strip_the_player_view_shows(
    window: MainWindow, qtbot: QtBot
) -> None:
    url = shared(window, qtbot)
    watcher = SocketWatcher(url)
    try:
        assert window.session.run(initiative.roll_initiative).ok
        assert window.session.run(initiative.start_combat).ok
        qtbot.waitUntil(
            lambda: any(s.startswith("Round 1") for s in said(watcher, "strip")), timeout=WAIT_MS
        )
    finally:
        watcher.close()
    line = said(watcher, "strip")[-1]
    assert "Brakka" in line  # the heroes are always on it
    assert "Dire Rat" not in line  # hidden: off the players' strip as off their map


def test_fog_of_war_off_on_the_player_view_is_off_for_the_devices_too(
    window: MainWindow, qtbot: QtBot
) -> None:
    url = shared(window, qtbot)
    watcher = SocketWatcher(url)
    try:
        window.fog_action.setChecked(False)
        unfogged = players_render(
            window.session.encounter, fog=False, grid=window.scene.grid_colour
        )
        qtbot.waitUntil(lambda: last_picture_is(watcher, unfogged), timeout=WAIT_MS)
    finally:
        watcher.close()


def test_devices_may_pick_a_hero_only_when_the_gm_lets_them(
    window: MainWindow, qtbot: QtBot
) -> None:
    url = shared(window, qtbot)
    watcher = SocketWatcher(url)
    try:
        qtbot.waitUntil(lambda: bool(said(watcher, "heroes")), timeout=WAIT_MS)
        assert said(watcher, "heroes") == [[]]
        window.sharing.heroes_action.setChecked(True)
        qtbot.waitUntil(lambda: len(said(watcher, "heroes")) >= 2, timeout=WAIT_MS)
        heroes = said(watcher, "heroes")[-1]
    finally:
        watcher.close()
    assert [h["name"] for h in heroes] == ["Brakka", "Sister Venn", "Ilsabet", "Quill"]
    ids = {c.id for c in window.session.encounter.creatures}
    assert not {h["token"] for h in heroes} & ids  # tokens, never the creatures' ids


def test_a_device_that_picked_a_hero_sees_only_what_that_hero_sees(
    window: MainWindow, qtbot: QtBot
) -> None:
    url = shared(window, qtbot)
    window.sharing.heroes_action.setChecked(True)
    tokens = {h.name: h.token for h in window.sharing._heroes}
    watcher = SocketWatcher(url, view=tokens["Ilsabet"])
    try:
        qtbot.waitUntil(lambda: tokens["Ilsabet"] in window.sharing.pictures, timeout=WAIT_MS)
        own = window.sharing.pictures[tokens["Ilsabet"]]
        qtbot.waitUntil(lambda: not own.scene.map_image_loading, timeout=WAIT_MS)
        party = players_render(window.session.encounter, grid=window.scene.grid_colour)
        qtbot.waitUntil(lambda: last_picture_is(watcher, render_scene(own.scene)), timeout=WAIT_MS)
        assert picture(watcher.pictures()[-1]) != party
        # Ilsabet sees herself; the monsters the party sees are not all in her own view.
        assert own.fog.vision is not None
        assert own.fog.vision.viewers == {"ilsabet"}
        party_sees = window.sharing.pictures["party"].fog.vision
        assert party_sees is not None
        assert own.fog.vision.seen < party_sees.seen
    finally:
        watcher.close()
    # Nobody follows her any more: her view is no longer rendered.
    qtbot.waitUntil(lambda: tokens["Ilsabet"] not in window.sharing.pictures, timeout=WAIT_MS)


def test_stopping_drops_every_device_and_closes_the_port(window: MainWindow, qtbot: QtBot) -> None:
    url = shared(window, qtbot)
    port = window.sharing.server.port if window.sharing.server else 0
    watcher = SocketWatcher(url)
    try:
        window.sharing.toggle_action.setChecked(False)
        assert window.sharing.server is None
        assert not window.sharing.pictures
        qtbot.waitUntil(watcher.closed_by_server.is_set, timeout=WAIT_MS)
    finally:
        watcher.close()
    with pytest.raises(ConnectionRefusedError), socket.create_connection(("127.0.0.1", port), 2):
        pass


def test_closing_the_gm_window_stops_sharing(window: MainWindow, qtbot: QtBot) -> None:
    url = shared(window, qtbot)
    watcher = SocketWatcher(url)
    try:
        window.close()
        assert window.sharing.server is None
        qtbot.waitUntil(watcher.closed_by_server.is_set, timeout=WAIT_MS)
    finally:
        watcher.close()


def test_each_start_has_a_new_key(window: MainWindow, qtbot: QtBot) -> None:
    first = window.sharing.start("127.0.0.1")
    second = window.sharing.start("127.0.0.1")
    assert first.rsplit("/", 2)[1] != second.rsplit("/", 2)[1]
