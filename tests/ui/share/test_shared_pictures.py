"""The shared pictures: painted in short strips, with the pixels of one whole painting."""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.document import Document
from orcus_desktop.model.history import History
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.map.layers import OFF_MAP
from orcus_desktop.ui.share import pictures
from orcus_desktop.ui.share.pictures import SharedPicture, new_picture, render_scene


@pytest.fixture
def shared(qtbot: QtBot) -> Iterator[SharedPicture]:
    document = Document(load_encounter(demo_encounter_path()))
    session = GameSession(document, History(document), random.Random(0))
    delivered: list[bytes] = []
    with ThreadPoolExecutor(1) as encoder:
        picture = SharedPicture(
            session, "party", lambda _v, png: delivered.append(png), encoder, fog=True
        )
        qtbot.waitUntil(lambda: not picture.scene.map_image_loading, timeout=10_000)
        yield picture
        picture.detach()


def whole(picture: SharedPicture) -> QImage:
    """The scene painted in one go, as the Player view's window paints it."""
    blank = new_picture(picture.scene)
    image = QImage(blank.image.size(), QImage.Format.Format_RGB32)
    image.fill(OFF_MAP)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    picture.scene.render(
        painter, QRectF(image.rect()), blank.source, Qt.AspectRatioMode.IgnoreAspectRatio
    )
    painter.end()
    return image


def test_a_picture_painted_in_strips_has_the_pixels_of_one_painted_whole(
    shared: SharedPicture,
) -> None:
    assert render_scene(shared.scene) == whole(shared)


def test_each_turn_of_the_event_loop_paints_a_strip_or_more_until_the_picture_is_done(
    shared: SharedPicture, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pictures, "TURN_MS", 0.0)  # one strip a turn
    shared.detach()  # no more changes from the document: only the painting below
    shared.render()
    painting = shared._painting
    assert painting is not None
    strips = -(-painting.image.height() // pictures.STRIP_PX)
    turns = 0
    while shared._painting is not None and turns < 100:
        shared._paint_strip()  # what the strips' timer calls, a turn of the loop each
        turns += 1
    assert turns == strips  # one strip per turn, the window's events in between
    assert painting.image == render_scene(shared.scene)
