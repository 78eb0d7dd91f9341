"""View > Map Grid…: the grid's size, look and, with a map image, its calibration.

The grid's colour and opacity are a view setting; its size and how it lies on the map image
(pixels per square and offset) are in the document, each change one undo step.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import result_message
from orcus_desktop.ui.map.scene import MapScene


class MapSettings:
    """The grid settings of one window's map.

    Args:
        parent: the dialog's parent and the session's initiator.
        session: the game session.
        scene: the map scene (the grid's look).

    Outcomes are reported by the window's `ResultReporter`.
    """

    def __init__(self, parent: QWidget, session: GameSession, scene: MapScene) -> None:
        self._parent = parent
        self._session = session
        self._scene = scene

    def ask(self) -> None:
        """Open the grid dialog and apply what the GM accepts."""
        # Imported when first opened, not at start (start-up memory, issue 14).
        from orcus_desktop.ui.map.grid_dialog import GridDialog

        encounter = self._session.encounter
        dialog = GridDialog(
            encounter.map_image, self._scene.grid_colour, encounter.grid, self._parent
        )
        if dialog.exec() != GridDialog.DialogCode.Accepted:
            return
        size = (dialog.columns.value(), dialog.rows.value())
        if size != tuple(encounter.grid):
            self._session.by(self._parent).run(editing.resize_grid, *size)
        self.apply(
            dialog.colour,
            dialog.opacity.value() / 100,
            dialog.pixels_per_square.value(),
            (dialog.offset_x.value(), dialog.offset_y.value()),
        )

    def apply(
        self,
        colour: QColor,
        opacity: float,
        pixels_per_square: float | None = None,
        offset_px: tuple[float, float] | None = None,
    ) -> None:
        """Grid look (a view setting) and, with a map image, its calibration (one undo step)."""
        self._scene.set_grid_style(colour, opacity)
        image = self._session.encounter.map_image
        if (
            image is not None
            and pixels_per_square is not None
            and offset_px is not None
            and (pixels_per_square, offset_px) != (image.pixels_per_square, image.offset_px)
        ):
            self.calibrate(pixels_per_square, offset_px)

    def calibrate(self, pixels_per_square: float, offset_px: tuple[float, float]) -> str:
        """Change how the grid lies on the map image; returns its status line."""
        image = self._session.encounter.map_image
        if image is None:
            return "Refused: there is no map image to calibrate"
        calibrated = replace(image, pixels_per_square=pixels_per_square, offset_px=offset_px)
        return result_message(
            self._session.by(self._parent).run(
                editing.set_map_image, calibrated, text="Calibrate map"
            )
        )
