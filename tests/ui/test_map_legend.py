"""View > Map Legend, from the GM's side (issue 31 item 3): "nothing explains the shaded squares
(blocking, difficult, obscured, dim)". The key lists every terrain kind, the light's shades and
every kind of wall and door, each with a swatch drawn in the map's own colours."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QLabel, QMenu
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.map.layers import PAPER

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints", "This plugin does not support raise"
)


def test_the_legend_explains_every_shading_in_the_maps_colours(qtbot: QtBot) -> None:
    window = MainWindow(load_encounter(demo_encounter_path()), None)
    qtbot.add_widget(window)
    window.show()
    (menu,) = [m for m in window.menuBar().findChildren(QMenu) if m.title() == "&View"]
    assert window.legend.action in menu.actions()
    window.legend.action.trigger()
    QApplication.processEvents()
    legend = window.legend.dialog
    assert legend is not None
    assert legend.isVisible()
    keys = [row.key for row in legend.rows]
    for kind in TerrainKind:
        assert kind.value in keys
    for key in ("dim", "dark", "wall", "window", "door", "open door", "secret door", "zone"):
        assert key in keys
    # Every swatch shows something over the paper, and no two look alike.
    pictures = []
    for row in legend.rows:
        swatch = legend.findChild(QLabel, f"legend_swatch_{row.key}")
        assert swatch is not None
        image = row.swatch.toImage()
        side = image.width()
        pixels = {image.pixelColor(x, y).rgb() for x in range(side) for y in range(side)}
        assert pixels != {QColor(PAPER).rgb()}, row.key
        pictures.append(image)
    assert all(a != b for i, a in enumerate(pictures) for b in pictures[i + 1 :])
    # The GM reads what the difficult terrain's hatching means, in 000's words.
    texts = [label.text() for label in legend.findChildren(QLabel)]
    assert any("costs 1 extra square" in t for t in texts)
    legend.close()
    window.close()
