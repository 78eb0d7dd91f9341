"""A scripted fight on the demo, watched by two real browsers (issue 32, item 2).

One page shows the party's view, the other follows Ilsabet's own sight (picked in the page's
own list, as a player does). Initiative, turns, attacks, damage, and the GM moving the hidden
Dire Rat right next to the heroes: after each step the party's page has the Player view's
picture of that moment, and at the end not one byte either browser received (pages, scripts,
styles, socket messages, pictures' chunks) names a secret of the demo.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.actions import attacks as attacks_cases
from orcus_desktop.controller.gm import gm_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import initiative
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.document import Document
from orcus_desktop.model.history import History
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.share.pictures import render_scene
from orcus_desktop.ui.share.png import png_chunk_types
from orcus_desktop.vocabulary import MoveMode
from tests.share.chromium import BrowserThread, Received, wait_for_frames
from tests.share.demo_secrets import demo_secrets, leaks
from tests.ui.share.players_render import players_render

WAIT_MS = 30_000

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    document = Document(load_encounter(demo_encounter_path()))
    session = GameSession(document, History(document), random.Random(7))  # the same fight
    win = MainWindow(document.encounter, demo_encounter_path(), session=session)
    qtbot.addWidget(win)
    yield win
    win.sharing.stop()
    win.close()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[BrowserThread]:
    thread = BrowserThread(tmp_path / "profile")
    yield thread
    thread.close()


def last(received: Received) -> QImage | None:
    pictures = received.socket_pictures()
    if not pictures:
        return None
    return QImage.fromData(pictures[-1]).convertToFormat(QImage.Format.Format_RGB32)


def test_a_fight_reaches_the_browsers_and_no_secret_does(
    window: MainWindow, browser: BrowserThread, qtbot: QtBot
) -> None:
    session = window.session
    url = window.sharing.start("127.0.0.1")
    window.sharing.heroes_action.setChecked(True)
    party, hero = Received(), Received()
    pages: dict[str, Page] = {}

    def open_pages(context: BrowserContext) -> None:
        for name, received in (("party", party), ("hero", hero)):
            page = context.new_page()
            received.attach(page)
            page.goto(url)
            wait_for_frames(page, 1)
            pages[name] = page
        # A player picks Ilsabet in the page's own list.
        pages["hero"].select_option("#hero", label="Ilsabet")

    def in_browser(step: Callable[[BrowserContext], None]) -> None:
        done = browser.call(step)
        qtbot.waitUntil(done.done, timeout=WAIT_MS)
        done.result()

    in_browser(open_pages)
    ilsabet = next(h.token for h in window.sharing._heroes if h.name == "Ilsabet")
    qtbot.waitUntil(lambda: ilsabet in window.sharing.pictures, timeout=WAIT_MS)

    def shows_now() -> None:
        """The party's page gets the Player view's picture of this moment."""
        QApplication.processEvents()
        expected = players_render(session.encounter, grid=window.scene.grid_colour)
        qtbot.waitUntil(lambda: last(party) == expected, timeout=WAIT_MS)

    shows_now()
    assert session.run(initiative.roll_initiative).ok
    assert session.run(initiative.start_combat).ok
    shows_now()
    # The GM brings the hidden rat right beside the heroes, and a goblin to Brakka.
    assert session.move_creature("rat", Square(5, 7), MoveMode.GM).ok
    assert session.move_creature("goblin-1", Square(5, 6), MoveMode.GM).ok
    shows_now()
    for _turn in range(4):
        current = session.encounter.combat.current
        assert current is not None
        target = "brakka" if current != "brakka" else "goblin-1"
        # A melee blow (it provokes nothing): a hit, or refused when nobody is in reach.
        session.run(attacks_cases.basic_attack, current, target, dice=(17, 5))
        assert session.run(gm_edits.apply_damage, "goblin-1", 3).ok
        assert session.end_turn().ok
        shows_now()
    # The fight had blows in it: the hidden rat's bite on Brakka, Brakka's on the goblin.
    attacks = [e.actor for e in session.encounter.combat.log if e.kind == "attack"]
    assert {"rat", "brakka"} <= set(attacks)
    own = window.sharing.pictures[ilsabet]
    qtbot.waitUntil(lambda: last(hero) == render_scene(own.scene), timeout=WAIT_MS)

    def collect(_context: BrowserContext) -> None:
        party.collect()
        hero.collect()

    in_browser(collect)

    for received in (party, hero):
        assert leaks(received.texts(), demo_secrets(), received.urls()) == []
        for picture in received.pictures():
            assert set(png_chunk_types(picture)) == {b"IHDR", b"IDAT", b"IEND"}
    # The hero's page followed Ilsabet alone: never the party's picture of the same moment.
    assert last(hero) != last(party)
