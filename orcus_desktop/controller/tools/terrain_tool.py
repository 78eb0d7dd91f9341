"""Paint terrain of one kind by dragging over squares (a right-button stroke erases it)."""

from __future__ import annotations

from collections.abc import Iterable

from orcus_desktop.controller.editing import editing
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.square_painter import SquarePainter
from orcus_desktop.geometry.features import TerrainKind
from orcus_desktop.geometry.grid import Square


class TerrainTool(SquarePainter):
    """Paint terrain by pressing and dragging over squares; a right-button stroke erases it.

    The whole stroke is one session call on release, so one undo step.

    Args:
        session: the game session.
        kind: the terrain kind painted.
    """

    def __init__(self, session: GameSession, kind: TerrainKind) -> None:
        super().__init__()
        self._session = session
        self.kind = kind
        self.name = f"paint-{kind.value}"

    @property
    def painted(self) -> str:
        return self.kind.value

    def commit(self, squares: Iterable[Square], erase: bool) -> OperationResult:
        return self._session.by(self).run(editing.paint_terrain, self.kind, squares, erase=erase)
