"""One scene item for each of a document list's things, kept in step as the list changes.

The GM's notes (R-152) and the zones (issue 13) are both lists of things with an id, each
drawn as one item; `KeptItems` is what they share: follow the list's signal and the document's
reset, then add an item for a new thing, redraw a changed one and drop a removed one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic, TypeVar

from psygnal import SignalInstance
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QGraphicsItem

from orcus_desktop.ui.connections import DocumentConnections
from orcus_desktop.ui.map.scene import MapScene

Thing = TypeVar("Thing")
Item = TypeVar("Item", bound=QGraphicsItem)


class KeptItems(QObject, Generic[Thing, Item]):
    """The items of `shown_things` on `scene`, redrawn after `changed` or a reset.

    A subclass says which things the scene shows and how one is drawn, and calls `sync` at
    the end of its constructor; an item is rebuilt whenever its thing is no longer equal to
    the one it was drawn from.

    Attributes:
        items: the item of each shown thing, by the thing's id.
    """

    def __init__(self, scene: MapScene, changed: SignalInstance) -> None:
        super().__init__(scene)
        self._scene = scene
        self.items: dict[str, Item] = {}
        self._drawn: dict[str, Thing] = {}
        self._connections = DocumentConnections()
        self._connections.connect(changed, self.sync)
        self._connections.connect(scene.document.events.reset, self.sync)
        self._connections.bind(self)

    def shown_things(self) -> Mapping[str, Thing]:
        """The things this scene shows now, by id."""
        raise NotImplementedError

    def item_for(self, thing: Thing) -> Item:
        """A new item drawing `thing`."""
        raise NotImplementedError

    def detach(self) -> None:
        self._connections.disconnect_all()

    def sync(self) -> None:
        """Add, redraw or drop items so they match the things shown."""
        shown = self.shown_things()
        for thing_id in list(self.items):
            if shown.get(thing_id) != self._drawn[thing_id]:
                self._scene.removeItem(self.items.pop(thing_id))
                del self._drawn[thing_id]
        for thing_id, thing in shown.items():
            if thing_id not in self.items:
                item = self.item_for(thing)
                self._scene.addItem(item)
                self.items[thing_id] = item
                self._drawn[thing_id] = thing
