"""The Initiative panel's parts for 003's monster groups (003-07).

The "Monster groups…" button before combat, and a row's right-click items: "Act with ▸" names
the member of the group whose turn it is that acts now (`monster_groups.act_with`, one undo
step); "Monster groups…" opens the arrangement dialog (`MonsterGroupsDialog`, modal to the
window; OK arranges, one undo step). Nothing under rulesets without monster groups.
"""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QPushButton

from orcus_desktop.controller.availability.table import why_not
from orcus_desktop.controller.session import questions
from orcus_desktop.controller.variants.square_fireballs import monster_groups
from orcus_desktop.controller.variants.square_fireballs import questions as sf_questions
from orcus_desktop.ui.plugins import InitiativeContext, InitiativeTool


def open_dialog(context: InitiativeContext) -> None:
    """Open "Monster groups…" over the panel (the panel keeps it as its child)."""
    # Imported when first opened, not at start (start-up memory, issue 14).
    from orcus_desktop.ui.variants.square_fireballs.monster_groups_dialog import (
        MonsterGroupsDialog,
    )

    MonsterGroupsDialog(context.session, context.parent).open()


def groups_button(context: InitiativeContext) -> InitiativeTool:
    """The "Monster groups…" button of the set-up row (`InitiativeButton.build`)."""
    button = QPushButton("Monster groups…", context.parent)
    button.setObjectName("monster_groups_button")
    button.clicked.connect(lambda: open_dialog(context))

    def update() -> None:
        # 003-07: the groups are the GM's arrangement there, not identical creatures.
        button.setVisible(context.session.ask(questions.has_monster_groups))

    return InitiativeTool(button, update)


def group_items(context: InitiativeContext, creature_id: str | None, menu: QMenu) -> None:
    """A row's right-click items (`UiVariant.initiative_menu`; None: no row under it)."""
    session = context.session
    if not session.ask(questions.has_monster_groups):
        return
    combat = session.encounter.combat
    current = combat.current
    if combat.active and current is not None and creature_id is not None:
        members = session.ask(sf_questions.group_turn_members, current)
        if creature_id in members and len(members) > 1:
            _act_with(context, menu.addMenu("Act with"), members)
    arrange = QAction("Monster groups…", menu)
    arrange.setObjectName("monster_groups_action")
    if combat.active:
        arrange.setEnabled(False)
        arrange.setToolTip("Monster groups are arranged before combat starts.")
    arrange.triggered.connect(lambda: open_dialog(context))
    menu.addAction(arrange)


def _act_with(context: InitiativeContext, acting: QMenu, members: tuple[str, ...]) -> None:
    session = context.session
    for cid in members:
        action = QAction(session.encounter.name_of(cid), acting)
        action.setObjectName(f"act_with_{cid}")
        # The one acting, or one that cannot act (knocked out: R-111).
        problem = session.ask(why_not, cid, monster_groups.ACT_WITH)
        action.setEnabled(not problem)
        action.setToolTip(problem)
        action.triggered.connect(
            lambda _=False, who=cid: session.by(context.parent).run(monster_groups.act_with, who)
        )
        acting.addAction(action)
