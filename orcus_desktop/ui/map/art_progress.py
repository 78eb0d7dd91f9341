"""The GM's status line while a big map's full detail is prepared, once (R-262, R-263)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from orcus_desktop.ui.map.map_art import MapArt

POLL_MS = 500
"""How often the line looks at the preparation's progress."""
STEPS = 4
"""The line is said again each quarter of the bands (not on every band: other lines stay)."""


class ArtProgressLine(QObject):
    """Says how the one-time preparation of a map's full detail goes, and what is wrong with it.

    Args:
        say: shows a line to the GM (the status bar's).
        parent: the owning object (the GM's scene).
    """

    def __init__(self, say: Callable[[str], object], parent: QObject) -> None:
        super().__init__(parent)
        self._say = say
        self._art: MapArt | None = None
        self._name = ""
        self._said = -1
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._tick)

    def follow(self, name: str, art: MapArt | None) -> None:
        """Follow `art`, the map image file `name`'s (None: nothing to follow)."""
        self._art = art
        self._name = name
        self._said = -1
        self._timer.stop()
        if art is None:
            return
        if art.notice:
            self._say(f"The map image {name} is {art.notice}.")
        if art.preparing is not None and not art.preparing.done:
            self._timer.start()
            self._tick()

    def _tick(self) -> None:
        progress = self._art.preparing if self._art is not None else None
        if progress is None or not progress.started:
            return  # a baseline JPEG's pass starts when the GM first zooms in
        name = self._name
        if progress.done:
            self._timer.stop()
            if progress.failure:
                self._say(
                    f"The map image {name} shows its overview zoomed in: {progress.failure}."
                )
            elif progress.notice:
                self._say(f"The map image {name} is {progress.notice}.")
            else:
                self._say(f"The map image {name} is ready at full detail.")
            return
        step = progress.written * STEPS // max(1, progress.bands)
        if step > self._said:
            self._said = step
            self._say(
                f"Preparing the map image {name} for zooming in, once (it is kept for next time): "
                f"{progress.written} of {progress.bands or '?'} bands; the overview shows "
                "meanwhile."
            )
