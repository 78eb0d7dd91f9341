"""The bases of the Combat menu's rule-specific items: refreshed as the menu opens.

`offer`: an item shown only under the rulesets that have it. `MenuActions`: such items, whose
dialogs stay open beside the map. `ShownCreatureActions`: those that act on the creature the
Actions panel shows, else the one whose turn it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Self

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu

from orcus_desktop.controller.session import GameSession

if TYPE_CHECKING:
    from orcus_desktop.ui.plugins import WindowContext


def offer(action: QAction, offered: bool, enabled: bool = True) -> None:
    """A menu item of some rulesets only: shown where the encounter's ruleset `offered` it.

    A GM playing Orcus does not read past Strike!'s Block and Dodge, or Square Fireballs'
    waves, greyed out in the menus; where it is offered, `enabled` says whether it applies now.
    """
    action.setVisible(offered)
    action.setEnabled(offered and enabled)


class MenuActions:
    """Menu items enabled by the session's ruleset, each opening a dialog or acting at once.

    Args:
        window: the owner of the actions (and the parent of their dialogs).
        session: the session to drive.
        menu: the menu the items are added to (refreshed each time it opens).

    Attributes:
        dialog: the dialog last opened (kept while it is shown), or None.
    """

    dialog: QDialog | None = None

    def __init__(self, window: QMainWindow, session: GameSession, menu: QMenu) -> None:
        self._window = window
        self._session = session
        menu.addActions(self._make_actions(window))
        menu.aboutToShow.connect(self.refresh)
        self.refresh()

    @classmethod
    def build(cls, ui: WindowContext, menu: QMenu) -> Self:
        """The items built into `menu` of the window (a variant's `MenuItems.build`)."""
        return cls(ui.window, ui.session, menu)

    def _make_actions(self, window: QMainWindow) -> list[QAction]:
        """Builds the subclass's menu items, in menu order."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Enables the items the ruleset offers (each subclass says which)."""
        raise NotImplementedError

    def _show(self, dialog: QDialog) -> None:
        """Shows `dialog` beside the map (modeless), kept as `dialog`."""
        self.dialog = dialog
        dialog.show()


class ShownCreatureActions(MenuActions):
    """Menu items for the shown creature, else the one whose turn it is.

    Args:
        window: the owner of the actions (and the parent of their dialogs).
        session: the session to drive.
        shown: the creature the Actions panel shows, or None.
        say: shows a line to the GM.
        menu: the menu the items are added to (refreshed each time it opens).
    """

    def __init__(
        self,
        window: QMainWindow,
        session: GameSession,
        shown: Callable[[], str | None],
        say: Callable[[str], None],
        menu: QMenu,
    ) -> None:
        self._shown = shown
        self._say = say
        super().__init__(window, session, menu)

    @classmethod
    def build(cls, ui: WindowContext, menu: QMenu) -> Self:
        return cls(ui.window, ui.session, ui.shown, ui.say, menu)

    def _subject(self, refusal: str) -> str | None:
        """The shown creature, else whose turn it is; with neither, says `refusal` (None)."""
        creature_id = self._shown() or self._session.encounter.combat.current
        if creature_id is None:
            self._say(refusal)
        return creature_id
