"""The psygnal connections a view holds on the document, undone together."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from psygnal import SignalInstance
from PySide6.QtCore import QObject, QTimer


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


class CoalescedRebuild:
    """Follows document signals and calls `rebuild` once for all the changes of one turn.

    A drag, an undo or an opened file fires several signals in one event-loop turn; a layer
    that works the map out again (fog, light) does it once, after them (a zero-delay timer).

    Args:
        parent: the layer that owns the timer.
        rebuild: what works the layer out again; it calls `cancel` when called directly.
    """

    def __init__(self, parent: QObject, rebuild: Callable[[], None]) -> None:
        self.connections = DocumentConnections()
        self._timer = QTimer(parent)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(rebuild)

    def follow(self, *signals: SignalInstance) -> None:
        """Schedule a rebuild whenever one of `signals` fires."""
        for signal in signals:
            self.connections.connect(signal, self.schedule)

    def schedule(self, *_args: object) -> None:
        self._timer.start()

    def cancel(self) -> None:
        """Drop a scheduled rebuild (the layer is being rebuilt now)."""
        self._timer.stop()

    def detach(self) -> None:
        """Stop following the document (the layer goes away)."""
        self._timer.stop()
        self.connections.disconnect_all()
