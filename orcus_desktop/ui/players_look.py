"""What the players' maps take from the GM's window: one look for every screen of the table.

The Player view (F5), View > Preview as Players and the pictures shared with the players'
browsers each draw the map as the players see it, and all three draw it as the GM set it: the
fog of war (View > Fog of War on Player View), the initiative strip (Window > Initiative Strip
on Player View) and the GM's grid look (View > Grid Contrast, View > Map Grid…), each asked
when a players' map opens and followed while it is shown.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QColor

from orcus_desktop.controller.session import GameSession
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.player_strip import StripMode, remembered_strip_mode
from orcus_desktop.ui.player_window import PlayerWindow
from orcus_desktop.ui.screens import app_settings


class PlayersLook:
    """The GM's choices for the players' maps of one GM window.

    Args:
        session: the session the players' maps show.
        fog_action: View > Fog of War on Player View.
        settings: where the initiative strip's mode (and the player view's screen) is kept
            (tests pass their own).
        gm_scene: the GM's map, whose grid look the players' maps draw, so what the GM picks
            for the table shows on the table (None: the default look).
    """

    def __init__(
        self,
        session: GameSession,
        fog_action: QAction,
        settings: Callable[[], QSettings] = app_settings,
        gm_scene: MapScene | None = None,
    ) -> None:
        self.session = session
        self.settings = settings
        self.gm_scene = gm_scene
        self._fog_action = fog_action

    @property
    def fog(self) -> bool:
        """Whether the fog of war is on now."""
        return self._fog_action.isChecked()

    def strip_mode(self) -> StripMode:
        """The initiative strip's mode the GM chose last."""
        return remembered_strip_mode(self.settings())

    @property
    def grid(self) -> QColor | None:
        """The GM's grid line colour, its opacity as alpha (None without a GM's map)."""
        return self.gm_scene.grid_colour if self.gm_scene is not None else None

    def follow(self, *, fog: Callable[[bool], None], grid: Callable[[QColor], None]) -> None:
        """Call `fog` when the GM turns the fog on or off, `grid` when the grid look changes."""
        self._fog_action.toggled.connect(fog)
        if self.gm_scene is not None:
            self.gm_scene.grid_style_changed.connect(grid)

    def player_window(self) -> PlayerWindow:
        """A players' window drawn as the GM set it now; its owner passes on what changes."""
        window = PlayerWindow(self.session, fog=self.fog, strip=self.strip_mode())
        grid = self.grid
        if grid is not None:
            window.scene.copy_grid_style(grid)
        return window
