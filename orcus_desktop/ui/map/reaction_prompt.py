"""The reaction prompt over the GM's map, beside the creatures it concerns (issue 28, item 6).

The reactions that wait for the GM's word (`waiting_decisions.decisions`: an opportunity
attack offered, 001's strikes, a readied shot, a readied action triggered, and what the
installed variants answer: 001's "Against Who?", 004's covering creature that may take a hit,
R-154, through `ui/plugins.py::PromptAnswers`)
show in a small frame on the map view, next to the tokens involved and kept inside the view,
so it is answered where the GM is looking. The Actions dock still lists the offers. Keys: O
and Shift+O stay the Combat menu's; Enter takes the first offer and Esc lets it pass while the
map has the keyboard and no tool is at work (a wall being drawn keeps Enter and Esc). Only
the GM's window builds it: the player view never shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton

from orcus_desktop.controller.actions import interrupts
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.turns import waiting_decisions
from orcus_desktop.controller.turns.waiting_decisions import (
    FORCED_MOVE,
    HELD,
    OFFER,
    READIED,
    Decision,
)
from orcus_desktop.ui import plugins
from orcus_desktop.ui.connections import DocumentConnections
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map.view import MapView
from orcus_desktop.ui.panels.common import clear_layout
from orcus_desktop.ui.plugins import Answer

REACTIONS: Final = frozenset({OFFER, READIED})
"""The core's decisions the frame shows (with the held step they wait on), beside those the
installed variants answer (`plugins.prompt_kinds`: 001's "Against Who?", 004's cover); Enter
and Esc answer them."""


def _reactions() -> frozenset[str]:
    return REACTIONS | plugins.prompt_kinds()


IDLE_TOOLS: Final = frozenset({"select", "move"})
"""The map tools that make no use of Enter and Esc but for a drag (controller/tools/move_tool)."""

MARGIN_PX = 8
"""The gap between the prompt and the tokens, and between the prompt and the view's edges."""


class ReactionPrompt(QFrame):
    """The frame of waiting decisions on the GM's map view; hidden when nothing waits.

    Args:
        session: the game session to drive.
        view: the GM's map view (the prompt is a child of its viewport).
        take_offer: takes `reactor_id`'s offer as the Actions dock's "Take" does (its dice).

    Attributes:
        buttons: the answer buttons by (decision kind, creature id, answer).
    """

    def __init__(
        self, session: GameSession, view: MapView, take_offer: Callable[[str], None]
    ) -> None:
        super().__init__(view.viewport())
        self.setObjectName("reactionPrompt")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        # Clicks only: the keys stay with the map (Enter, Esc) and the window (O, Shift+O).
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._session = session
        self._view = view
        self._take_offer = take_offer
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._shown: tuple[Decision, ...] = ()
        self.buttons: dict[tuple[str, str, str], QPushButton] = {}
        self.hide()
        self._connections = DocumentConnections()
        events = session.document.events
        for signal in (events.combat_changed, events.creature_changed, events.reset):
            self._connections.connect(signal, self._on_changed)
        self._connections.bind(self)
        view.horizontalScrollBar().valueChanged.connect(self.place)
        view.verticalScrollBar().valueChanged.connect(self.place)
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)

    # -- what shows ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show what waits now (nothing: hidden), beside the creatures it concerns."""
        # A push to place is answered on the map by its own tool, whose squares the frame
        # would cover: only the reactions show, with the step they hold.
        waiting = self._session.ask(waiting_decisions.decisions)
        reactions = _reactions()
        if not any(d.kind in reactions for d in waiting):
            waiting = ()
        waiting = tuple(d for d in waiting if d.kind != FORCED_MOVE)
        if waiting != self._shown:
            self._shown = waiting
            self._fill(waiting)
        self.setVisible(bool(waiting))
        if waiting:
            self.place()
            # A held walk is announced while its token still sits where the drag let go;
            # place again once the token is drawn back on its square.
            QTimer.singleShot(0, self, self.place)

    def _on_changed(self, *_args: object) -> None:
        self.refresh()

    def _fill(self, waiting: tuple[Decision, ...]) -> None:
        layout = self._layout
        clear_layout(layout)
        self.buttons = {}
        for row, decision in enumerate(waiting):
            label = QLabel(decision.text, self)
            label.setWordWrap(True)
            label.setMaximumWidth(320)
            if decision.kind == HELD:
                label.setStyleSheet("font-style: italic")
            layout.addWidget(label, row, 0)
            for column, (answer, text, tip) in enumerate(self._answers(decision), start=1):
                button = QPushButton(text, self)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.setToolTip(tip)
                button.setObjectName(f"prompt_{answer}")
                button.clicked.connect(partial(self._answer, decision, answer))
                layout.addWidget(button, row, column)
                self.buttons[(decision.kind, str(decision.creature), answer)] = button
        self.adjustSize()

    def _answers(self, decision: Decision) -> list[Answer]:
        """(answer, button text, tooltip) for one decision."""
        hooked = plugins.prompt_answers(decision.kind)
        if hooked is not None:
            return hooked.answers(self._session, decision)
        match decision.kind:
            case "offer":
                return [
                    ("take", "Take (Enter)", "Take it (O); the dice typed in the Actions dock"),
                    ("pass", "Let it pass (Esc)", "Decline it (Shift+O)"),
                ]
            case "readied":
                return [("pass", "Let it pass (Esc)", "It does not take its readied action")]
        return []

    # -- answers ---------------------------------------------------------------------------

    def _answer(self, decision: Decision, answer: str) -> None:
        session, who = self._session, str(decision.creature)
        hooked = plugins.prompt_answers(decision.kind)
        if hooked is not None:
            hooked.answer(session, self, decision, answer)
        elif answer == "take":
            self._take_offer(who)
        elif decision.kind == OFFER:
            session.by(self).run(interrupts.decline_opportunity_attack, who)
        elif decision.kind == READIED:
            session.by(self).run(waiting_decisions.let_readied_pass, who)

    def _first_keyed(self) -> Decision | None:
        """The decision Enter and Esc answer: the first offer, readied one or variant's."""
        reactions = _reactions()
        return next((d for d in self._shown if d.kind in reactions), None)

    def _map_idle(self) -> bool:
        """No map tool is at work.

        Enter and Esc are the tool's while one is (a wall to finish or drop, targets to
        confirm, a measure, a drag to cancel).
        """
        tool = self._view.tool
        return not self._view.dragging and (tool is None or tool.name in IDLE_TOOLS)

    def answer_key(self, key: int) -> bool:
        """Enter takes the first offer, Esc lets the first decision pass; False if not ours."""
        ours = self.isVisible() and self._map_idle()
        decision = self._first_keyed() if ours else None
        if decision is None:
            return False
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._enter_takes(decision):
            self._answer(decision, "take")
            return True
        if key == Qt.Key.Key_Escape:
            self._answer(decision, "pass")
            return True
        return False

    @staticmethod
    def _enter_takes(decision: Decision) -> bool:
        hooked = plugins.prompt_answers(decision.kind)
        return hooked.enter_takes if hooked is not None else decision.kind == OFFER

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._view.viewport() and event.type() == QEvent.Type.Resize:
            self.place()
        elif (
            watched is self._view
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            # Bare Enter and Esc only: Ctrl+Return is End turn's.
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            and self.answer_key(event.key())
        ):
            return True
        return super().eventFilter(watched, event)

    # -- where it shows --------------------------------------------------------------------

    def place(self) -> None:
        """Beside the tokens involved (right, left, below, above), inside the view.

        The first side with room wins; when none has room (a narrow view between the docks),
        the spot inside the view that hides the least of the tokens, so the GM still sees
        who the offer is about.
        """
        if not self._shown:
            return
        viewport = self._view.viewport().rect()
        tokens = self._tokens_rect()
        size = self.sizeHint().expandedTo(self.minimumSizeHint())
        width, height = size.width(), size.height()
        beside = (
            QPoint(tokens.right() + MARGIN_PX, tokens.top()),
            QPoint(tokens.left() - MARGIN_PX - width, tokens.top()),
            QPoint(tokens.left(), tokens.bottom() + MARGIN_PX),
            QPoint(tokens.left(), tokens.top() - MARGIN_PX - height),
        )
        inside = viewport.adjusted(MARGIN_PX, MARGIN_PX, -MARGIN_PX, -MARGIN_PX)
        spots = [self._kept_inside(QRect(corner, size), inside) for corner in beside]
        fitting = [spot for spot in spots if not spot.intersects(tokens)]
        best = fitting[0] if fitting else min(spots, key=lambda s: _overlap(s, tokens))
        self.setGeometry(best)
        self.raise_()

    @staticmethod
    def _kept_inside(spot: QRect, inside: QRect) -> QRect:
        """`spot` moved (not resized) to lie within `inside` as far as it can."""
        x = max(inside.left(), min(spot.x(), inside.right() - spot.width()))
        y = max(inside.top(), min(spot.y(), inside.bottom() - spot.height()))
        return QRect(QPoint(x, y), spot.size())

    def _tokens_rect(self) -> QRect:
        """The view rectangle around every creature the decisions concern."""
        scene = self._view.scene()
        rect = QRectF()
        if not isinstance(scene, MapScene):  # the window is closing
            return QRect(MARGIN_PX, MARGIN_PX, 0, 0)
        for decision in self._shown:
            for cid in (decision.creature, decision.about, *decision.choices):
                space = scene.token_space_rect(cid) if cid is not None else None
                if space is not None:
                    rect = rect.united(space)
        if rect.isNull():
            return QRect(MARGIN_PX, MARGIN_PX, 0, 0)
        return self._view.mapFromScene(rect).boundingRect()


def _overlap(spot: QRect, tokens: QRect) -> int:
    """The area of `tokens` that `spot` would hide."""
    common = spot.intersected(tokens)
    return common.width() * common.height() if not common.isEmpty() else 0
