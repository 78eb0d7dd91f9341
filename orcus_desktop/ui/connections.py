"""The psygnal connections a view holds on the document, undone together."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from psygnal import SignalInstance
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt

from orcus_desktop.model.document import DocumentEvents

if TYPE_CHECKING:
    from orcus_desktop.controller.session import GameSession


class DocumentConnections:
    """The psygnal connections one widget holds, undone together when it goes away.

    napari's adapters connect on create and disconnect on remove; a Qt widget can be deleted
    while the document lives on, so `bind` also disconnects when the widget is destroyed
    (the callback holds this plain object, not the widget).
    """

    def __init__(self) -> None:
        self._pairs: list[tuple[SignalInstance, Callable[..., Any]]] = []

    def connect(self, signal: SignalInstance, slot: Callable[..., Any]) -> None:
        signal.connect(slot)
        self._pairs.append((signal, slot))

    def bind(self, owner: QObject) -> None:
        """Disconnect everything when `owner` is destroyed."""
        owner.destroyed.connect(self._on_owner_destroyed)

    def disconnect_all(self) -> None:
        for signal, slot in self._pairs:
            signal.disconnect(slot, missing_ok=True)
        self._pairs.clear()

    def _on_owner_destroyed(self, _owner: object = None) -> None:
        self.disconnect_all()


def battlefield_changes(events: DocumentEvents) -> tuple[SignalInstance, ...]:
    """The changes after which sight and light are worked out again.

    Walls, terrain, the grid and the map, creatures coming and going, and the lights: what
    both the fog of war and the light layer are computed from.
    """
    return (
        events.walls_changed,
        events.terrain_changed,
        events.map_changed,
        events.creature_added,
        events.creature_removed,
        events.lighting_changed,
    )


_DUE = QEvent.Type(QEvent.registerEventType())


class _Due(QObject):
    """Runs a queued call from a posted event of high priority."""

    def __init__(self, parent: QObject, run: Callable[[], None]) -> None:
        super().__init__(parent)
        self._run = run

    def post(self) -> None:
        QCoreApplication.postEvent(self, QEvent(_DUE), Qt.EventPriority.HighEventPriority.value)

    def event(self, event: QEvent) -> bool:
        if event.type() == _DUE:
            self._run()
            return True
        return super().event(event)


class CoalescedRebuild:
    """Follows document signals and calls `rebuild` once for all the changes of one turn.

    A drag, an undo or an opened file fires several signals in one event-loop turn; a layer
    that works the map out again (fog, light) does it once, after them. The call is queued as a
    posted event, not a zero-delay timer: Qt sends posted events before it fires timers, so a
    timer ran after the windows had repainted the change, and the players saw their new fog one
    repaint of both windows late (issue 33: a big map's repaints took most of the release to
    fog). Queued, the rebuild runs before the repaint the change asked for.

    Args:
        parent: the layer that owns the queued call.
        rebuild: what works the layer out again; it calls `cancel` when called directly.
    """

    def __init__(self, parent: QObject, rebuild: Callable[[], None]) -> None:
        self.connections = DocumentConnections()
        self._rebuild = rebuild
        self._pending = False
        self._due = _Due(parent, self._run)

    def follow(self, *signals: SignalInstance) -> None:
        """Schedule a rebuild whenever one of `signals` fires."""
        for signal in signals:
            self.connections.connect(signal, self.schedule)

    @property
    def pending(self) -> bool:
        """Whether a rebuild is scheduled and not run yet."""
        return self._pending

    def schedule(self, *_args: object) -> None:
        if not self._pending:
            self._pending = True
            self._due.post()

    def cancel(self) -> None:
        """Drop a scheduled rebuild (the layer is being rebuilt now)."""
        self._pending = False

    def detach(self) -> None:
        """Stop following the document (the layer goes away)."""
        self._pending = False
        self.connections.disconnect_all()

    def _run(self) -> None:
        if self._pending:
            self._pending = False
            self._rebuild()


def follow_ruleset(window: QObject, session: GameSession, refresh: Callable[[], None]) -> None:
    """Calls `refresh` now and whenever the ruleset may change (a switch, another file).

    Connected for as long as `window` lives.
    """
    connections = DocumentConnections()
    events = session.document.events
    connections.connect(events.map_changed, refresh)
    connections.connect(events.reset, refresh)
    connections.bind(window)
    refresh()
