"""The map grid dialog: map size, map-image calibration typed in, grid colour and opacity."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QColorDialog,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QPushButton,
    QSlider,
    QSpinBox,
    QWidget,
)

from orcus_desktop.geometry.grid import GridBounds
from orcus_desktop.model.encounter import MapImage
from orcus_desktop.model.file_format.limits import MAX_GRID_SIDE
from orcus_desktop.ui.dialog_parts import ok_cancel_buttons


class GridDialog(QDialog):
    """Map size; pixels per square and offset of the map image; colour and opacity of the grid.

    Args:
        image: the map image's current calibration, or None (its fields are then disabled).
        colour: the grid colour now (its alpha is the opacity).
        grid: the map's size now.
        parent: the owning window.
    """

    def __init__(
        self,
        image: MapImage | None,
        colour: QColor,
        grid: GridBounds,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Map grid")
        self.columns = QSpinBox()
        self.rows = QSpinBox()
        for count, value in ((self.columns, grid.columns), (self.rows, grid.rows)):
            # As File > New and a file allow: a smaller bound cut a larger map down to it
            # when the GM only changed the grid's colour.
            count.setRange(1, MAX_GRID_SIDE)
            count.setValue(value)
            count.setSuffix(" squares")
        self.pixels_per_square = QDoubleSpinBox()
        self.pixels_per_square.setRange(4.0, 2000.0)
        self.pixels_per_square.setDecimals(1)
        self.pixels_per_square.setSuffix(" px")
        self.offset_x = QDoubleSpinBox()
        self.offset_y = QDoubleSpinBox()
        for spin in (self.offset_x, self.offset_y):
            spin.setRange(-5000.0, 5000.0)
            spin.setDecimals(1)
            spin.setSuffix(" px")
        if image is not None:
            self.pixels_per_square.setValue(image.pixels_per_square)
            self.offset_x.setValue(image.offset_px[0])
            self.offset_y.setValue(image.offset_px[1])
        for spin in (self.pixels_per_square, self.offset_x, self.offset_y):
            spin.setEnabled(image is not None)
        self._colour = QColor(colour)
        self._colour.setAlpha(255)
        self.colour_button = QPushButton()
        self.colour_button.clicked.connect(self._on_pick_colour)
        self._show_colour()
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.setValue(round(colour.alphaF() * 100))
        buttons = ok_cancel_buttons(self)
        form = QFormLayout(self)
        form.addRow("Columns", self.columns)
        form.addRow("Rows", self.rows)
        form.addRow("Image pixels per square", self.pixels_per_square)
        form.addRow("Offset of square (0, 0), x", self.offset_x)
        form.addRow("Offset of square (0, 0), y", self.offset_y)
        form.addRow("Grid colour", self.colour_button)
        form.addRow("Grid opacity", self.opacity)
        form.addRow(buttons)

    @property
    def colour(self) -> QColor:
        return QColor(self._colour)

    def _show_colour(self) -> None:
        self.colour_button.setText(self._colour.name())
        self.colour_button.setStyleSheet(f"background-color: {self._colour.name()}")

    def _on_pick_colour(self) -> None:
        chosen = QColorDialog.getColor(self._colour, self, "Grid colour")
        if chosen.isValid():
            self._colour = chosen
            self._show_colour()
