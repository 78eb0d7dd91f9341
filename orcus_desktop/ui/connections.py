"""The psygnal connections a view holds on the document, undone together."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from psygnal import SignalInstance
from PySide6.QtCore import QObject


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
