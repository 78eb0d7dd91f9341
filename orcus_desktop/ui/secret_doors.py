"""The GM's right-click on a door: make it secret, or reveal it (issue 31 item 5, R-151).

A secret door is a closed door the players' screen draws as a wall until the GM reveals it
(here, or by opening it); the GM's map draws it dotted and names it "door (secret)" on hover.
Each choice is one undo step (`editing.set_door_secret`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QMenu, QWidget

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.pointer import wall_at
from orcus_desktop.geometry.features import WallKind


def door_menu_at(parent: QWidget, session: GameSession, x: float, y: float) -> QMenu | None:
    """The menu of the door at grid point (x, y); None when no door is there."""
    wall_id = wall_at(session.encounter, (x, y))
    if wall_id is None:
        return None
    wall = session.encounter.wall(wall_id).wall
    if wall.kind is not WallKind.DOOR:
        return None
    menu = QMenu(parent)
    menu.addSection("Secret door" if wall.secret else "Door")
    action = menu.addAction("Reveal Secret Door" if wall.secret else "Make Door Secret")
    action.setObjectName("door_secret_action")
    if wall.is_open:
        action.setEnabled(False)
        action.setToolTip("Close the door first: an open door is no secret.")
    secret = not wall.secret
    action.triggered.connect(
        lambda: session.by(parent).run(editing.set_door_secret, wall_id, secret)
    )
    return menu
