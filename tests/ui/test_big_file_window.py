"""The GM's window over a big file is built faster, showing the same (R-253).

A long combat log is worded as its rows are shown, with the names the opened file gave; the
terrain is drawn as runs of squares along the rows, covering exactly the painted squares.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.log.text import entry_text
from orcus_desktop.geometry.features import TerrainKind, TerrainPatch
from orcus_desktop.geometry.grid import GridBounds, Square
from orcus_desktop.model.combat import Combat, LogEntry
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.log_sequence import LogSequence
from orcus_desktop.model.serialization import load_encounter, save_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.map.scene import TerrainItem, square_runs
from orcus_desktop.ui.panels import combat_log
from orcus_desktop.vocabulary import CreatureId
from tests.controller.conftest import fighter, orc

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

ENTRIES = 5_000


def fight_with_a_long_log(tmp_path: Path) -> Path:
    """A saved fight whose log has `ENTRIES` entries, each naming the Orc."""
    hero, grunt = fighter("hero", 2, 2), replace(orc("orc", 3, 2), name="Grim the Orc")
    log = LogSequence(
        LogEntry(seq, 1, "delay", CreatureId("orc"), (), {}) for seq in range(1, ENTRIES + 1)
    )
    encounter = Encounter(GridBounds(12, 12), creatures=(hero, grunt), combat=Combat(log=log))
    path = tmp_path / "long.orcus"
    save_encounter(path, encounter)
    return path


def test_a_long_log_is_worded_as_it_is_shown_and_keeps_the_opened_names(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worded: list[Any] = []

    def counting(entry: LogEntry, *args: Any) -> str:
        worded.append(entry)
        return entry_text(entry, *args)

    monkeypatch.setattr(f"{combat_log.__name__}.entry_text", counting)
    path = fight_with_a_long_log(tmp_path)
    window = MainWindow(load_encounter(path), path)
    qtbot.add_widget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.wait_exposed(window)
    panel = window.findChild(combat_log.CombatLogPanel)
    assert panel is not None
    model = panel.model
    assert model.rowCount() == ENTRIES
    assert len(worded) < ENTRIES // 10  # the rows in view, not the whole log
    # The Orc leaves the map; its lines, worded later, still name it as the file did.
    assert window.session.run(editing.remove_creature, "orc").ok
    lines = model.lines()
    assert len(lines) == ENTRIES
    assert set(lines) == {"Grim the Orc delays"}


def painted(patches: list[TerrainPatch], side: int, square_by_square: bool) -> QImage:
    pixels = round(side * SQUARE_PX)
    image = QImage(pixels, pixels, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    if square_by_square:  # what the map drew before: a rectangle a square
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("black"))
        for square in {s for patch in patches for s in patch.squares}:
            top_left = (square.col * SQUARE_PX, square.row * SQUARE_PX)
            painter.drawRect(QRectF(*top_left, SQUARE_PX, SQUARE_PX))
    else:
        item = TerrainItem()
        item.sync(patches)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("black"))
        for path in item._paths.values():
            painter.drawPath(path)
    painter.end()
    return image


def test_terrain_is_drawn_on_exactly_its_squares() -> None:
    rng = random.Random(253)
    side = 12
    for _ in range(20):
        patches = [
            TerrainPatch(
                TerrainKind.DIFFICULT,
                frozenset(
                    Square(rng.randrange(side), rng.randrange(side))
                    for _ in range(rng.randrange(60))
                ),
            )
            for _ in range(rng.randrange(1, 4))
        ]
        assert painted(patches, side, square_by_square=False) == painted(
            patches, side, square_by_square=True
        )
        squares = {s for patch in patches for s in patch.squares}
        covered = [
            Square(col + k, row)
            for row, col, length in square_runs(patches)
            for k in range(length)
        ]
        assert sorted(covered) == sorted(squares)  # each once, none else
