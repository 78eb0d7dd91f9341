"""View > Map Legend: what each shading and line on the map means (issue 31 item 3).

"Nothing explains the shaded squares (blocking, difficult, obscured, dim)." The legend draws
each swatch with the very brush or pen the map uses (`terrain_brush`, `wall_pen`, the light
layer's shades, the zone fill) over the map's paper, beside its meaning and the rule it stands
for, so the key can never drift from the map.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QBrush, QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QDialog, QGridLayout, QLabel, QWidget

from orcus_desktop.geometry.features import TerrainKind, Wall, WallKind
from orcus_desktop.ui.map.items import terrain_brush, wall_pen
from orcus_desktop.ui.map.layers import PAPER, SQUARE_PX
from orcus_desktop.ui.map.light_layer import DARKNESS_SHADE, DIM_SHADE
from orcus_desktop.ui.zones import ZONE_EDGE, ZONE_FILL

SWATCH_PX = 28

TERRAIN_MEANING: Final = {
    TerrainKind.DIFFICULT: "Difficult terrain: each square of movement costs 1 extra square",
    TerrainKind.LIGHTLY_OBSCURED: "Lightly obscured: a target there has concealment",
    TerrainKind.HEAVILY_OBSCURED: (
        "Heavily obscured: concealment if adjacent, else total concealment"
    ),
    TerrainKind.TOTALLY_OBSCURED: "Totally obscured: a target there has total concealment",
    TerrainKind.BLOCKING: "Blocking: a solid square (blocks sight, effect and movement)",
}
"""One line per terrain kind, in 000's words ("Difficult Terrain": "Every square of movement in
difficult terrain costs 1 extra square"; "Concealment": "A target in a lightly obscured square or
an adjacent target in a heavily obscured square has concealment. A non-adjacent target in a
heavily obscured square or any target in a totally obscured square has total concealment")."""


@dataclass(frozen=True, slots=True)
class LegendRow:
    """One entry of the key: its swatch and what it means."""

    key: str
    meaning: str
    swatch: QPixmap


def _square(fill: QBrush | QColor | None = None) -> QPixmap:
    pixmap = QPixmap(SWATCH_PX, SWATCH_PX)
    pixmap.fill(PAPER)
    if fill is not None:
        painter = QPainter(pixmap)
        # The map's brushes are in scene units: scale so a pattern looks as on the map.
        painter.scale(SWATCH_PX / SQUARE_PX, SWATCH_PX / SQUARE_PX)
        painter.fillRect(QRectF(0, 0, SQUARE_PX, SQUARE_PX), fill)
        painter.end()
    return pixmap


def _line(pen: QPen) -> QPixmap:
    pixmap = _square()
    painter = QPainter(pixmap)
    painter.scale(SWATCH_PX / SQUARE_PX, SWATCH_PX / SQUARE_PX)
    painter.setPen(pen)
    middle = SQUARE_PX / 2
    painter.drawLine(QPointF(0, middle), QPointF(SQUARE_PX, middle))
    painter.end()
    return pixmap


def _zone() -> QPixmap:
    pixmap = _square(ZONE_FILL)
    painter = QPainter(pixmap)
    painter.setPen(QPen(ZONE_EDGE, 2))
    painter.drawRect(QRectF(1, 1, SWATCH_PX - 2, SWATCH_PX - 2))
    painter.end()
    return pixmap


def _wall(kind: WallKind, *, is_open: bool = False, secret: bool = False) -> QPixmap:
    return _line(wall_pen(Wall(kind, ((0.0, 0.0), (1.0, 0.0)), is_open, secret)))


def legend_rows() -> list[LegendRow]:
    """Every shading and line the GM's map draws, in the map's own colours."""
    rows = [
        LegendRow(kind.value, TERRAIN_MEANING[kind], _square(terrain_brush(kind)))
        for kind in TerrainKind
    ]
    rows += [
        LegendRow("dim", "Dim light: lightly obscured (000 Vision and Light)", _square(DIM_SHADE)),
        LegendRow("dark", "Darkness: heavily obscured", _square(DARKNESS_SHADE)),
        LegendRow("wall", "Wall: blocks sight, effect and movement", _wall(WallKind.WALL)),
        LegendRow(
            "window", "Window: blocks effect and movement, not sight", _wall(WallKind.WINDOW)
        ),
        LegendRow("door", "Closed door: a wall until opened", _wall(WallKind.DOOR)),
        LegendRow("open door", "Open door: blocks nothing", _wall(WallKind.DOOR, is_open=True)),
        LegendRow(
            "secret door",
            "Secret door: the players see a wall (R-151)",
            _wall(WallKind.DOOR, secret=True),
        ),
        LegendRow("zone", "Zone: a template left on the map", _zone()),
    ]
    return rows


class MapLegend(QDialog):
    """The key, a small window the GM keeps open beside the map (not modal)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Map Legend")
        self.setModal(False)
        self.rows = legend_rows()
        layout = QGridLayout(self)
        for i, row in enumerate(self.rows):
            swatch = QLabel(self)
            swatch.setPixmap(row.swatch)
            swatch.setObjectName(f"legend_swatch_{row.key}")
            layout.addWidget(swatch, i, 0)
            text = QLabel(row.meaning, self)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            layout.addWidget(text, i, 1)


class LegendAction:
    """View > Map Legend: opens the key (one window, raised when open already)."""

    def __init__(self, parent: QWidget) -> None:
        self._parent = parent
        self.dialog: MapLegend | None = None
        self.action = QAction("Map &Legend", parent)
        self.action.setToolTip("What each shading and line on the map means")
        self.action.triggered.connect(self.show)

    def show(self) -> None:
        if self.dialog is None:
            self.dialog = MapLegend(self._parent)
        self.dialog.show()
        self.dialog.raise_()
