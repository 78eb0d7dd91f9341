"""The bases of the Combat menu's rule-specific items: refreshed as the menu opens.

`offer`: an item shown only under the rulesets that have it. `Item`: an item's words, made
into its `QAction`. `MenuActions`: such items, whose dialogs stay open beside the map;
`DialogItem`: one item that opens a dialog. `ShownCreatureActions`: items that act on the
creature the Actions panel shows, else the one whose turn it is; `ShownCreatureDialogItem`:
one that opens that creature's dialog. `FollowsTheMap`: a dialog told after every operation
while it stays open beside the map (R-240).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol, Self, runtime_checkable

import shiboken6
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu

from orcus_desktop.controller.session import GameSession
from orcus_desktop.ui.map_toolbar import make_action

if TYPE_CHECKING:
    from orcus_desktop.ui.plugins import WindowContext


def offer(action: QAction, offered: bool, enabled: bool = True) -> None:
    """A menu item of some rulesets only: shown where the encounter's ruleset `offered` it.

    A GM playing Orcus does not read past Strike!'s Block and Dodge, or Square Fireballs'
    waves, greyed out in the menus; where it is offered, `enabled` says whether it applies now.
    """
    action.setVisible(offered)
    action.setEnabled(offered and enabled)


@runtime_checkable
class FollowsTheMap(Protocol):
    """A dialog that stays open beside the map while the GM plays on (R-240)."""

    def follow_map(self) -> None:
        """Read the map again after an operation (Ctrl+Z, a removal, the fight's own steps).

        List only creatures on it, and close when the dialog's own creature has left it.
        """


@dataclass(frozen=True, slots=True)
class Item:
    """A menu item's words: its text (with its & key), object name and tool tip."""

    text: str
    name: str
    tip: str

    def action(self, window: QMainWindow, slot: Callable[[], object]) -> QAction:
        """The item as a `QAction` of `window`, calling `slot` when triggered."""
        return make_action(window, self.text, name=self.name, tip=self.tip, slot=slot)


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
        """Shows `dialog` beside the map (modeless), kept as `dialog`.

        The map changes under a modeless dialog: one that `FollowsTheMap` is told after every
        operation, done, refused or undone, until it closes (R-240).
        """
        self.dialog = dialog
        if isinstance(dialog, FollowsTheMap):
            _follow(self._session, dialog)
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


class DialogItem(MenuActions):
    """One menu item that opens a dialog, shown where the ruleset offers it.

    Attributes:
        action: the menu item (`ITEM`).
    """

    ITEM: ClassVar[Item]
    action: QAction

    def _make_actions(self, window: QMainWindow) -> list[QAction]:
        self.action = self.ITEM.action(window, self.open)
        return [self.action]

    def refresh(self) -> None:
        offer(self.action, self._offered())

    def _offered(self) -> bool:
        """Whether the encounter's ruleset has the item."""
        raise NotImplementedError

    def open(self) -> None:
        """Shows the item's dialog beside the map (none: the GM was told why)."""
        dialog = self._dialog()
        if dialog is not None:
            self._show(dialog)

    def _dialog(self) -> QDialog | None:
        """The dialog to show, or None (after saying why)."""
        raise NotImplementedError


class ShownCreatureDialogItem(ShownCreatureActions, DialogItem):
    """One menu item that opens a dialog for the shown creature, else the one whose turn it is."""

    REFUSAL: ClassVar[str]
    """Said when there is neither."""

    def _dialog(self) -> QDialog | None:
        creature_id = self._subject(self.REFUSAL)
        return None if creature_id is None else self._creature_dialog(creature_id)

    def _creature_dialog(self, creature_id: str) -> QDialog:
        """The dialog for `creature_id`."""
        raise NotImplementedError


def _follow(session: GameSession, dialog: QDialog) -> None:
    """Call `dialog.follow_map` after each of `session`'s operations while `dialog` is open."""
    assert isinstance(dialog, FollowsTheMap)

    def after(_result: object, _initiator: object) -> None:
        if shiboken6.isValid(dialog) and dialog.isVisible():
            dialog.follow_map()

    session.operation_done.connect(after)
    dialog.finished.connect(lambda _code: session.operation_done.disconnect(after))
