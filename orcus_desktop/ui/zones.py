"""Zones on the map and the GM's zone commands (issue 13; `controller/gm/zones.py`).

`ZoneLayer` draws each zone of the document on a map scene: on the GM's map every zone (a
hidden one dashed), on the players' map only those the GM shows (under the fog of war like
everything else). `ZoneActions` is the Tools menu's part: Keep Template as Zone (Z) after a
template was clicked onto the map, then Sustain, Show or Hide, and Remove; each asks what it
needs in a dialog, says why when it cannot, and is one undo step.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QInputDialog,
    QLineEdit,
    QMenu,
    QWidget,
)

from orcus_desktop.controller.gm import zones as zones_cases
from orcus_desktop.controller.outcomes import OperationResult
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.session.runner import UseCase
from orcus_desktop.controller.tools.template_tool import TemplateTool
from orcus_desktop.geometry.grid import Square
from orcus_desktop.model.zones import Zone, ZoneDuration
from orcus_desktop.ui.dialog_parts import FormDialog, shows_done
from orcus_desktop.ui.map.kept_items import KeptItems
from orcus_desktop.ui.map.layers import SQUARE_PX, DrawnItem, ZLayer
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map.view import MapView
from orcus_desktop.ui.map_toolbar import make_action

ZONE_FILL = QColor(230, 120, 30, 70)
ZONE_EDGE = QColor(200, 90, 10, 220)


def zone_path(squares: frozenset[Square]) -> QPainterPath:
    """The outline of the squares, in scene units."""
    path = QPainterPath()
    for s in squares:
        path.addRect(QRectF(s.col * SQUARE_PX, s.row * SQUARE_PX, SQUARE_PX, SQUARE_PX))
    return path.simplified()


class ZoneItem(DrawnItem):
    """One zone: its squares filled and outlined, its name in the top-left square."""

    def __init__(self, zone: Zone, *, gm: bool) -> None:
        super().__init__(ZLayer.TEMPLATES)
        self.zone = zone
        self._gm = gm
        self._path = zone_path(zone.squares)
        self._set_rect(self._path.boundingRect().adjusted(-2, -2, 2, 2))
        if gm:
            self.setToolTip(f"{zone.name} ({zone.duration.label})")

    def draw(self, painter: QPainter) -> None:
        pen = QPen(ZONE_EDGE, 2)
        pen.setCosmetic(True)
        if self.zone.hidden:  # only the GM's map draws a hidden zone: dashed
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QBrush(ZONE_FILL))
        painter.drawPath(self._path)
        top = min(self.zone.squares, key=lambda s: (s.row, s.col))
        font = QFont(painter.font())
        font.setPixelSize(int(SQUARE_PX / 5))
        painter.setFont(font)
        painter.setPen(ZONE_EDGE.darker(150))
        at = QPointF(top.col * SQUARE_PX + 3, top.row * SQUARE_PX + SQUARE_PX / 5 + 2)
        painter.drawText(at, self.zone.name)


class ZoneLayer(KeptItems[Zone, ZoneItem]):
    """Keeps a scene's zone items in step with the document's zones.

    Args:
        scene: the GM's map (gm=True) or the players' (gm=False: hidden zones are left out).
        gm: whose map it is.
    """

    def __init__(self, scene: MapScene, *, gm: bool) -> None:
        super().__init__(scene, scene.document.events.zones_changed)
        self._gm = gm
        self.sync()

    def shown_things(self) -> dict[str, Zone]:
        return {z.id: z for z in self._scene.document.encounter.zones if self._gm or not z.hidden}

    def item_for(self, thing: Zone) -> ZoneItem:
        return ZoneItem(thing, gm=self._gm)


@dataclass(frozen=True, slots=True)
class ZoneAnswer:
    """What the GM fills in for a new zone."""

    name: str
    duration: ZoneDuration
    owner: str | None
    hidden: bool


KeepZone = Callable[[ZoneAnswer], OperationResult]
"""Keeps the zone the GM filled in (the session's answer: a refusal says why)."""

AskZone = Callable[[QWidget, str, list[tuple[str, str]], str | None, KeepZone], ZoneAnswer | None]
"""Asks for a new zone and keeps it: (parent, default name, creatures (id, name), default
creature, keep) -> the answer kept, or None when the GM cancelled."""

AskWhichZone = Callable[[QWidget, str, list[tuple[str, str]]], str | None]
"""Asks which zone: (parent, question, zones (id, label)) -> the zone's id, or None."""


class ZoneDialog(FormDialog[ZoneAnswer]):
    """Name, duration, creature and whether the players see it; OK keeps the zone.

    A refusal (no name, a sustained zone without its creature) is said on the error line and
    the dialog stays open with what the GM filled in.
    """

    def __init__(
        self,
        name: str,
        creatures: list[tuple[str, str]],
        owner: str | None,
        keep: KeepZone,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._keep = keep
        self.setWindowTitle("Keep the template as a zone")
        form = QFormLayout(self)
        self.name = QLineEdit(name, self)
        self.duration = QComboBox(self)
        for duration in ZoneDuration:
            self.duration.addItem(duration.label.capitalize(), duration.value)
        self.owner = QComboBox(self)
        self.owner.addItem("(nobody)", None)
        for creature_id, creature_name in creatures:
            self.owner.addItem(creature_name, creature_id)
        index = self.owner.findData(owner) if owner else 0
        self.owner.setCurrentIndex(max(0, index))
        self.hidden = QCheckBox("Hidden from the players", self)
        form.addRow("Name:", self.name)
        form.addRow("Lasts:", self.duration)
        form.addRow("Creature:", self.owner)
        form.addRow(self.hidden)
        self._finish_form(form, "zoneError")

    def answer(self) -> ZoneAnswer:
        owner = self.owner.currentData()
        return ZoneAnswer(
            self.name.text(),
            ZoneDuration(str(self.duration.currentData())),
            str(owner) if owner else None,
            self.hidden.isChecked(),
        )

    def _on_accept(self) -> None:
        if shows_done(self.error, self._keep(self.answer())):
            self.accept()


def ask_zone_dialog(
    parent: QWidget,
    name: str,
    creatures: list[tuple[str, str]],
    owner: str | None,
    keep: KeepZone,
) -> ZoneAnswer | None:
    return ZoneDialog(name, creatures, owner, keep, parent).ask()


def ask_which_zone_dialog(
    parent: QWidget, question: str, zones: list[tuple[str, str]]
) -> str | None:
    labels = [label for _, label in zones]
    label, ok = QInputDialog.getItem(parent, "Zones", question, labels, 0, False)
    return next((zid for zid, text in zones if text == label), None) if ok else None


class ZoneActions(QObject):
    """Tools > Keep Template as Zone (Z), Sustain Zone, Show or Hide Zone, Remove Zone.

    Args:
        window: the GM's window (dialogs' parent).
        session: the session to drive.
        view: the GM's map view (its tool is the template tool when a zone can be kept).
        scene: the GM's map (its zones are drawn, the selected creature owns a new zone).
        say: shows a status line (what to do first, nothing to choose from).

    Attributes:
        layer: the GM map's zones.
        keep_action, sustain_action, visibility_action, remove_action: the menu's actions.
        ask_zone, ask_which: the dialogs (tests replace them).
    """

    def __init__(
        self,
        window: QWidget,
        session: GameSession,
        view: MapView,
        scene: MapScene,
        say: Callable[[str], None],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._session = session
        self._view = view
        self._scene = scene
        self._say = say
        self.layer = ZoneLayer(scene, gm=True)
        self.ask_zone: AskZone = ask_zone_dialog
        self.ask_which: AskWhichZone = ask_which_zone_dialog
        self.keep_action = self._action("Keep Template as &Zone…", "Z", self.keep_template)
        self.keep_action.setToolTip(
            "Leave the template clicked onto the map as a zone, with a name and a duration"
        )
        self.sustain_action = self._action("&Sustain Zone…", "", self.sustain)
        self.visibility_action = self._action("Show or &Hide Zone…", "", self.toggle_hidden)
        self.remove_action = self._action("Remove Zo&ne…", "", self.remove)

    def _action(self, text: str, key: str, slot: Callable[[], None]) -> QAction:
        return make_action(self._window, text, key, slot=slot)

    def add_to(self, menu: QMenu) -> None:
        menu.addSeparator()
        menu.addActions(
            [self.keep_action, self.sustain_action, self.visibility_action, self.remove_action]
        )

    def menu_at(self, x: float, y: float) -> QMenu | None:
        """The right-click menu of the zones covering grid point (x, y) (None when none does).

        Each zone gets its own section: sustain it (a sustained zone), show or hide it to the
        players, remove it; each is one undo step, like the Tools menu's entries.
        """
        square = Square(math.floor(x), math.floor(y))
        zones = [z for z in self._session.encounter.zones if square in z.squares]
        if not zones:
            return None
        menu = QMenu(self._window)
        for zone in zones:
            menu.addSection(zone.name)
            if zone.duration is ZoneDuration.SUSTAINED:
                sustain = zones_cases.sustain_zone
                self._entry(menu, f"Sustain {zone.name}", self._run(sustain), zone.id)
            shown = "Show to Players" if zone.hidden else "Hide from Players"
            hide = not zone.hidden
            toggle = partial(zones_cases.set_zone_hidden, hidden=hide)
            self._entry(menu, shown, self._run(toggle), zone.id)
            self._entry(menu, f"Remove {zone.name}", self._run(zones_cases.remove_zone), zone.id)
        return menu

    def _run(self, use_case: UseCase[[str]]) -> Callable[[str], object]:
        """A menu entry's slot: run `use_case` on the zone the entry names."""
        return lambda zone_id: self._session.run(use_case, zone_id)

    @staticmethod
    def _entry(menu: QMenu, text: str, slot: Callable[[str], object], zone_id: str) -> None:
        menu.addAction(text).triggered.connect(lambda: slot(zone_id))

    def keep_template(self) -> None:
        """Keep the template the GM clicked onto the map as a zone (asks name and duration)."""
        tool = self._view.tool
        squares = tool.placed if isinstance(tool, TemplateTool) else frozenset()
        if not squares:
            self._say("Place a template first: Template (A), then click it onto the map.")
            return
        assert isinstance(tool, TemplateTool)
        encounter = self._session.encounter
        creatures = [(str(c.id), c.name) for c in encounter.creatures]
        owner = self._scene.selected_creature_id() or encounter.combat.current

        def keep(answer: ZoneAnswer) -> OperationResult:
            return self._session.run(
                zones_cases.place_zone,
                answer.name,
                squares,
                answer.duration,
                answer.owner,
                hidden=answer.hidden,
            )

        self.ask_zone(self._window, tool.kind_text, creatures, owner, keep)

    def _choose(self, question: str, zones: list[Zone], none: str) -> str | None:
        """The zone the GM picks (the only one, without asking); with none, says `none`."""
        if not zones:
            self._say(none)
            return None
        if len(zones) == 1:
            return zones[0].id
        labels = [(z.id, f"{z.name} ({z.duration.label})") for z in zones]
        return self.ask_which(self._window, question, labels)

    def sustain(self) -> None:
        zones = [z for z in self._session.encounter.zones if z.duration is ZoneDuration.SUSTAINED]
        zone_id = self._choose("Sustain which zone?", zones, "No sustained zone is on the map.")
        if zone_id is not None:
            self._session.run(zones_cases.sustain_zone, zone_id)

    def toggle_hidden(self) -> None:
        zones = list(self._session.encounter.zones)
        zone_id = self._choose("Show or hide which zone?", zones, "No zone is on the map.")
        zone = next((z for z in zones if z.id == zone_id), None)
        if zone is not None:
            self._session.run(zones_cases.set_zone_hidden, zone.id, not zone.hidden)

    def remove(self) -> None:
        zones = list(self._session.encounter.zones)
        zone_id = self._choose("Remove which zone?", zones, "No zone is on the map.")
        if zone_id is not None:
            self._session.run(zones_cases.remove_zone, zone_id)
