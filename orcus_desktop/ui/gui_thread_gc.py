"""Python's cycle collector runs in the GUI thread only.

Python collects reference cycles in whichever thread happens to allocate when a generation's
count passes its threshold. Our worker threads allocate a lot (the art's decoders in Qt's pool,
autosave, the players' server), so a cycle holding a Qt object (a scene, a widget, a map's art
from a closed window) may be freed there, deleting the Qt object outside the thread that owns
it, which Qt forbids ("Calling delete on a QObject from a thread other than the one that owns
the object ... is unsafe", QObject's documentation). It crashed the suite once: a segfault
making a QObject in the GUI thread after one had been freed in a decoder thread.

So the automatic collector is switched off and the GUI thread does its work: a timer collects
the oldest generation whose count passed its threshold, as Python would have (the pattern Anki
and Spyder use). Reference counting still frees everything not in a cycle at once.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

from PySide6.QtCore import QCoreApplication, QObject, QTimer

CHECK_EVERY_MS: Final = 250
"""How often the GUI thread looks at the collector's counts (a check costs microseconds)."""

_NAME: Final = "orcus-gui-thread-gc"


def collect_due(thresholds: tuple[int, int, int]) -> int | None:
    """Collect the oldest generation whose count passed its threshold; return it (None: none).

    Python's own rule: generation 0 counts allocations less deallocations since its last
    collection, each older one counts the collections of the one below it.
    """
    counts = gc.get_count()
    for generation in (2, 1, 0):
        if thresholds[generation] and counts[generation] > thresholds[generation]:
            gc.collect(generation)
            return generation
    return None


class GuiThreadCollector(QObject):
    """Switches automatic collection off and collects on a timer in the GUI thread.

    Make it with `collect_in_gui_thread`, once per application.
    """

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self.setObjectName(_NAME)
        threshold = gc.get_threshold()
        self.thresholds = (threshold[0], threshold[1], threshold[2])
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_EVERY_MS)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()

    def collect_due(self) -> int | None:
        """Collect what Python's thresholds say is due (see `collect_due`)."""
        return collect_due(self.thresholds)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """No collection meanwhile; what is due is collected on the next tick after.

        R-253: while a worker thread reads a big file it makes millions of objects, and each
        collection went through them in the GUI thread, freezing the window for a second.
        """
        self._timer.stop()
        try:
            yield
        finally:
            self._timer.start()


def collect_in_gui_thread(app: QCoreApplication) -> GuiThreadCollector:
    """The application's collector, made on the first call (from the GUI thread)."""
    return gui_thread_collector(app) or GuiThreadCollector(app)


def gui_thread_collector(app: QCoreApplication | None) -> GuiThreadCollector | None:
    """The application's collector, if it has one (the app and the tests make it)."""
    found = app.findChild(GuiThreadCollector, _NAME) if app is not None else None
    return found if isinstance(found, GuiThreadCollector) else None
