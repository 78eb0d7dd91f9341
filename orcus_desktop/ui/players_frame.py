"""Window > Player View Framing > Show This to the Players… (issue 31 item 4).

The GM picks the menu item (or presses Shift+F5), drags a rectangle on the map, and the
Player view shows that part (a square never smaller than the GM's minimum, R-150). While the
players see it, the GM's map outlines it in a dashed line and the menu has it checked;
Follow the Party goes back. A view setting: no undo step, nothing saved in the encounter.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QKeySequence, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from orcus_desktop.controller.tools.frame_tool import Box, FrameTool
from orcus_desktop.ui.map.layers import SQUARE_PX, ZLayer
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map_toolbar import MapToolBar
from orcus_desktop.ui.player_framing import FramingMenu
from orcus_desktop.ui.player_view_control import PlayerViewControl

FRAME_KEY = "Shift+F5"
OUTLINE = QColor("#e8a33d")


def box_rect(box: Box) -> QRectF:
    """A grid-unit box as a scene rectangle."""
    (left, top), (right, bottom) = box
    return QRectF(
        left * SQUARE_PX, top * SQUARE_PX, (right - left) * SQUARE_PX, (bottom - top) * SQUARE_PX
    )


class PlayersFrame(QObject):
    """Lets the GM drag the frame the players see, and outlines it on the GM's map.

    Args:
        menu: Window > Player View Framing (it keeps the frame and the check).
        toolbar: the GM's map tools (the drag is a passing tool; the GM's comes back).
        scene: the GM's map (the outline is drawn there only, never on the players').
        say: the status bar.

    Attributes:
        outline: the dashed rectangle of the frame shown, visible while it is.
    """

    def __init__(
        self,
        menu: FramingMenu,
        toolbar: MapToolBar,
        scene: MapScene,
        say: Callable[[str], None],
    ) -> None:
        super().__init__(toolbar)
        self._menu = menu
        self._toolbar = toolbar
        self._say = say
        menu.draw_frame = self.start
        menu.frame_action.setShortcut(QKeySequence(FRAME_KEY))
        pen = QPen(OUTLINE, 0, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        pen.setWidth(2)
        self.outline = QGraphicsRectItem()
        self.outline.setPen(pen)
        self.outline.setZValue(ZLayer.OVERLAY)
        self.outline.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.outline.setVisible(False)
        scene.addItem(self.outline)
        menu.frame_action.toggled.connect(self.outline.setVisible)

    def start(self) -> None:
        """Put the dragging tool on the map until the GM lets go (Esc gives up)."""
        self._toolbar.show_transient(FrameTool(self._commit, self._ended))
        self._say("Drag a rectangle on the map: the players will see that part (Esc: no change)")

    def _commit(self, box: Box) -> str:
        rect = box_rect(box)
        self.outline.setRect(rect)
        self._menu.show_frame(rect)
        return (
            "The players see the frame you drew "
            "(Window > Player View Framing > Follow the Party goes back)"
        )

    def _ended(self) -> None:
        if not self._toolbar.switching:
            # After the tool's own event has been handled: the GM's tool comes back.
            QTimer.singleShot(0, self._toolbar, self._toolbar.restore)


def add_frame_drawing(
    control: PlayerViewControl, toolbar: MapToolBar, scene: MapScene, say: Callable[[str], None]
) -> PlayersFrame:
    """Show This to the Players… in the framing menu of `control` (after its `add_menu`)."""
    menu = control.framing_menu
    assert menu is not None, "add_menu first"
    return PlayersFrame(menu, toolbar, scene, say)
