"""The initiative table's context menu for 003's monster groups (003-07).

"Act with ▸" names the member of the group whose turn it is that acts now
(`monster_groups.act_with`, one undo step); "Monster groups…" opens the arrangement dialog before
combat (`MonsterGroupsDialog`). Empty under rulesets without monster groups.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from orcus_desktop.controller.availability.table import why_not
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.variants.square_fireballs import monster_groups
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions

if TYPE_CHECKING:
    from orcus_desktop.ui.monster_groups_dialog import MonsterGroupsDialog


class GroupMenu:
    """Builds the menu and keeps the dialog it opens (tests reach both).

    Args:
        session: the game session.
        parent: the dialog's and the menu's parent (the panel).

    Attributes:
        dialog: the last "Monster groups…" dialog opened, or None.
    """

    def __init__(self, session: GameSession, parent: QWidget) -> None:
        self._session = session
        self._parent = parent
        self.dialog: MonsterGroupsDialog | None = None

    def menu_for(self, creature_id: str | None) -> QMenu:
        """The menu for the row of `creature_id` (None: no row under the pointer)."""
        session = self._session
        menu = QMenu(self._parent)
        menu.setObjectName("initiativeMenu")
        if not session.ask(questions.has_monster_groups):
            return menu
        combat = session.encounter.combat
        current = combat.current
        if combat.active and current is not None and creature_id is not None:
            members = session.ask(sf_questions.group_turn_members, current)
            if creature_id in members and len(members) > 1:
                acting = menu.addMenu("Act with")
                for cid in members:
                    action = QAction(session.encounter.name_of(cid), acting)
                    action.setObjectName(f"act_with_{cid}")
                    # The one acting, or one that cannot act (knocked out: R-111).
                    problem = session.ask(why_not, cid, monster_groups.ACT_WITH)
                    action.setEnabled(not problem)
                    action.setToolTip(problem)
                    action.triggered.connect(
                        lambda _=False, who=cid: session.by(self._parent).run(
                            monster_groups.act_with, who
                        )
                    )
                    acting.addAction(action)
        arrange = QAction("Monster groups…", menu)
        arrange.setObjectName("monster_groups_action")
        if combat.active:
            arrange.setEnabled(False)
            arrange.setToolTip("Monster groups are arranged before combat starts.")
        arrange.triggered.connect(self.open_dialog)
        menu.addAction(arrange)
        return menu

    def open_dialog(self) -> None:
        """Open "Monster groups…" (modal to the window; OK arranges, one undo step)."""
        # Imported when first opened, not at start (start-up memory, issue 14).
        from orcus_desktop.ui.monster_groups_dialog import MonsterGroupsDialog

        self.dialog = MonsterGroupsDialog(self._session, self._parent)
        self.dialog.open()
