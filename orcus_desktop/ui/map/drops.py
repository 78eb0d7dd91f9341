"""What a drop on the map does: a palette creature is placed, a file opens or becomes art.

From the palette (`CREATURE_MIME`): the creature is placed through `editing.place_creature`,
snapped and centred on the pointer, refused with the session's reason on an illegal square.
From the file manager (URLs): an encounter file opens; an image becomes a token or the map
background, whichever the GM picks.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Final

from PySide6.QtCore import QMimeData

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.movement.placement import spread_square
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.library_drop import (
    LibraryEntry,
    creature_from_entry,
    placement_preview,
)
from orcus_desktop.controller.tools.pointer import EMPTY_PREVIEW, ToolPreview
from orcus_desktop.geometry.grid import Size
from orcus_desktop.ui.panels.palette import entry_from_mime

IMAGE_SUFFIXES: Final = frozenset({".png", ".jpg", ".jpeg", ".webp"})
ENCOUNTER_SUFFIXES: Final = frozenset({".json"})


class ImageUse(StrEnum):
    """What the GM wants a dropped image to be."""

    TOKEN = "token"
    MAP = "map"


def _local_files(mime: QMimeData) -> list[Path]:
    return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]


class MapDropHandler:
    """The map view's drop handler (see `ui.map.view.DropHandler`).

    Args:
        session: where placements go.
        open_encounter: opens an encounter file (the main window's `open_file`).
        set_map_image: makes an image file the map background.
        ask_image_use: asks the GM whether an image is a token or the map; None = cancelled.
    """

    def __init__(
        self,
        session: GameSession,
        open_encounter: Callable[[Path], bool],
        set_map_image: Callable[[Path], str],
        ask_image_use: Callable[[Path], ImageUse | str | None],
    ) -> None:
        self._session = session
        self._open_encounter = open_encounter
        self._set_map_image = set_map_image
        self._ask_image_use = ask_image_use

    def can_drop(self, mime: QMimeData) -> bool:
        if entry_from_mime(mime) is not None:
            return True
        return any(
            p.suffix.lower() in IMAGE_SUFFIXES | ENCOUNTER_SUFFIXES for p in _local_files(mime)
        )

    def drag_preview(self, mime: QMimeData, grid_xy: tuple[float, float]) -> ToolPreview:
        entry = entry_from_mime(mime)
        if entry is not None:
            return placement_preview(self._session.encounter, entry, grid_xy)
        return EMPTY_PREVIEW

    def drop(self, mime: QMimeData, grid_xy: tuple[float, float]) -> str:
        entry = entry_from_mime(mime)
        if entry is not None:
            return self.place(entry, grid_xy)
        for path in _local_files(mime):
            suffix = path.suffix.lower()
            if suffix in ENCOUNTER_SUFFIXES:
                return f"Opened {path.name}" if self._open_encounter(path) else ""
            if suffix in IMAGE_SUFFIXES:
                use = self._ask_image_use(path)
                if use == ImageUse.MAP:
                    self._set_map_image(path)  # it reports its own outcome
                    return ""
                if use == ImageUse.TOKEN:
                    return self.place(_image_token_entry(path), grid_xy)
                return ""
        return ""

    def drop_near(self, mime: QMimeData, grid_xy: tuple[float, float]) -> str:
        """Place a palette creature near `grid_xy`, on a free square not touching anyone.

        No pointer chose a square: the GM pressed Enter in the library.
        """
        entry = entry_from_mime(mime)
        if entry is None:
            return ""
        encounter = self._session.encounter
        creature = creature_from_entry(encounter, entry, grid_xy)
        square = spread_square(encounter, creature, creature.square)
        if square is None:
            return f"Refused: no free square for {creature.name}"
        self._session.by(self).run(editing.place_creature, creature.moved_to(square))
        return ""

    def place(self, entry: LibraryEntry, grid_xy: tuple[float, float]) -> str:
        """Place `entry` centred on `grid_xy` (the session's answer is reported, not returned)."""
        creature = creature_from_entry(self._session.encounter, entry, grid_xy)
        self._session.by(self).run(editing.place_creature, creature)
        return ""


def _image_token_entry(path: Path) -> LibraryEntry:
    name = path.stem.replace("_", " ").replace("-", " ").strip().title() or "Token"
    return LibraryEntry(name, "monsters", Size.MEDIUM, 6, {"token_image": str(path)}, path.name)
