"""The window's side of the attack workflow: tools on the map, the attack dialog, status lines.

`AttackFlow` (controller) decides what comes next; this puts it in front of the GM: a
`TargetingTool` on the map, the `AttackDialog` (the app's roll or the table's dice, the GM's
cover and combat advantage overrides), then one `ForcedMoveTool` per push, pull or slide the
document owes. After an undo, a redo or a restored file it shows what the document owes now.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QInputDialog, QMainWindow

from orcus_desktop.controller.availability.actions import CombatAction
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.attack_flow import (
    AskForDice,
    AttackFlow,
    ChooseTargets,
    Done,
    PlaceForcedMove,
    Step,
)
from orcus_desktop.controller.tools.forced_move_tool import ForcedMoveTool
from orcus_desktop.controller.tools.pointer import MapTool
from orcus_desktop.controller.tools.targeting import TargetingChoice
from orcus_desktop.controller.tools.targeting_tool import TargetingTool
from orcus_desktop.model.combat import OwedForcedMove
from orcus_desktop.ui.attack_dialog import AttackDialog
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map.view import MapView
from orcus_desktop.ui.map_toolbar import MapToolBar
from orcus_desktop.ui.panels.actions.panel import ActionsPanel
from orcus_desktop.ui.plugins import ToolMaker
from orcus_desktop.ui.status_report import StatusReport


class AttackDriver(QObject):
    """Shows each step of one window's attack workflow.

    Args:
        window: the window (the dialog's parent).
        session: the game session.
        scene, view: the map.
        toolbar: the map tools (the GM's tool comes back after targeting or a push).
        actions_panel: where powers are activated and refusals shown (the initiator).
        status: the status bar.

    Attributes:
        flow: the workflow's state.
        attack_dialog: the attack dialog while it is open, else None.
    """

    def __init__(
        self,
        window: QMainWindow,
        session: GameSession,
        scene: MapScene,
        view: MapView,
        toolbar: MapToolBar,
        actions_panel: ActionsPanel,
        status: StatusReport,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._session = session
        self._scene = scene
        self._view = view
        self._toolbar = toolbar
        self._panel = actions_panel
        self._status = status
        self._detached = False
        # The actions panel asks for attacks: the session's refusals are shown there.
        self.flow = AttackFlow(session, initiator=actions_panel)
        self.attack_dialog: AttackDialog | None = None
        actions_panel.power_activated.connect(self._on_power_activated)
        actions_panel.action_activated.connect(self._on_action_activated)
        actions_panel.tool_requested.connect(self.start_tool)  # a variant's tool (003-47)

    def start_targeting(
        self, creature_id: str, *, power_name: str | None = None, action: str | None = None
    ) -> TargetingTool | None:
        """Aim a power (or an attack action) of a creature on the map.

        Returns:
            the targeting tool now on the map, or None when there was nothing to aim (a Self
            power went straight on) or it was refused (the reason is shown).
        """
        step = self.flow.start(creature_id, power_name=power_name, action=action)
        if not isinstance(step, ChooseTargets):
            self._say(self._show(step))
            return None
        tool = TargetingTool(
            self._session, step.request, self._on_targets_chosen, self._on_targeting_finished
        )
        self._toolbar.show_transient(tool)
        self._scene.select_creature(creature_id)
        self._panel.show_creature(creature_id)
        self._view.setFocus(Qt.FocusReason.OtherFocusReason)  # Esc and Enter go to the tool
        self._view.show_tool_preview()
        return tool

    def start_tool(self, make: ToolMaker) -> MapTool:
        """A variant's pointer tool (003-47's Sneak) on the map until it is done or left."""
        tool = make(self._on_tool_finished)
        self._toolbar.show_transient(tool)
        self._view.setFocus(Qt.FocusReason.OtherFocusReason)
        self._view.show_tool_preview()
        return tool

    def on_document_changed(self) -> None:
        """The history moved (an undo, a restore): show what the document owes.

        Deferred: the operation that moved it finishes with the map's tool first.
        """
        QTimer.singleShot(0, self, self._sync)

    def abandon(self) -> None:
        """Another encounter is shown: what was under way belonged to the old one."""
        self.flow.reset()

    def detach(self) -> None:
        """The window closes: nothing more goes on the map."""
        self._detached = True
        self.flow.reset()

    # -- steps -------------------------------------------------------------------------------

    def _show(self, step: Step) -> str:
        """Put a step in front of the GM; returns its status line."""
        match step:
            case ChooseTargets():
                return ""  # only `start_targeting` asks for targets
            case AskForDice(choice=choice, message=message):
                old = self._take_attack_dialog()
                if old is not None:
                    old.reject()  # taken first: its rejected signal cancels nothing
                dialog = AttackDialog(self._session, choice, self._window)
                dialog.accepted.connect(self._on_attack_dialog_accepted)
                dialog.rejected.connect(self._on_attack_dialog_rejected)
                self.attack_dialog = dialog
                dialog.open()
                return message
            case PlaceForcedMove(owed=owed, message=message, result=result):
                self._place(owed)
                # An attack's own line was reported by the window's `ResultReporter`.
                return message if result is None else ""
            case Done(message=message, refusal=refusal, result=result):
                if refusal and result is None:
                    self._panel.show_refusal(refusal)  # refused before reaching the session
                if isinstance(self._view.tool, ForcedMoveTool | TargetingTool):
                    self._toolbar.restore()
                return message if result is None else ""

    def _place(self, owed: OwedForcedMove) -> None:
        """Put the push, pull or slide on the map (000 "Unwilling Movement")."""
        tool = ForcedMoveTool(
            self._session,
            owed.target,
            owed.kind,
            owed.squares,
            owed.source,
            lambda: self._on_forced_finished(owed),
            confirm=self._confirm_collision,
        )
        self._toolbar.show_transient(tool)
        self._view.setFocus(Qt.FocusReason.OtherFocusReason)
        self._view.show_tool_preview()

    def _confirm_collision(
        self, question: str, choices: tuple[tuple[str, str], ...]
    ) -> str | None:
        """003-43/45: the GM says how the forced move ended (None: back to the map)."""
        texts = [text for _, text in choices]
        text, ok = QInputDialog.getItem(self._window, "Forced movement", question, texts, 0, False)
        if not ok:
            return None
        return next(value for value, label in choices if label == text)

    def _say(self, text: str) -> None:
        if text:
            self._status.say(text)

    # -- slots -------------------------------------------------------------------------------

    def _on_power_activated(self, creature_id: str, power_name: str) -> None:
        self.start_targeting(creature_id, power_name=power_name)

    def _on_action_activated(self, creature_id: str, action: str) -> None:
        if action == CombatAction.OPPORTUNITY_ATTACK.value:
            self._panel.take_opportunity_attacks(creature_id)
            return
        self.start_targeting(creature_id, action=action)

    def _on_tool_finished(self) -> None:
        if not self._toolbar.switching:
            self._toolbar.restore()

    def _on_targeting_finished(self) -> None:
        self.flow.targeting_finished()
        if not self._toolbar.switching:
            self._toolbar.restore()
        self._panel.show_creature(None)

    def _on_targets_chosen(self, choice: TargetingChoice) -> str:
        """The targets are chosen: ask for the dice (when there is a roll), then resolve."""
        return self._show(self.flow.targets_chosen(choice))

    def _on_attack_dialog_accepted(self) -> None:
        dialog, self.attack_dialog = self.attack_dialog, None
        if dialog is None:
            return
        step = self.flow.dice_given(dialog.options)
        if isinstance(step, AskForDice) and step.refusal:
            # The dice typed in were refused: the same dialog again, with the GM's choices.
            dialog.error.setText(step.refusal)
            self.attack_dialog = dialog
            dialog.open()
            return
        dialog.deleteLater()
        self._say(self._show(step))

    def _on_attack_dialog_rejected(self) -> None:
        if self._take_attack_dialog() is not None:
            self._say(self._show(self.flow.dice_cancelled()))

    def _take_attack_dialog(self) -> AttackDialog | None:
        """The attack dialog that was open, now closed (deleted later); None if none was."""
        dialog, self.attack_dialog = self.attack_dialog, None
        if dialog is not None:
            dialog.deleteLater()
        return dialog

    def _on_forced_finished(self, owed: OwedForcedMove) -> None:
        step = self.flow.forced_move_finished(owed, replaced=self._toolbar.switching)
        if step is not None:
            self._say(self._show(step))

    def _sync(self) -> None:
        if self._detached:
            return
        step = self.flow.sync()
        if step is not None:
            self._say(self._show(step))
