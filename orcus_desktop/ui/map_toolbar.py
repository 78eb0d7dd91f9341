"""The map's tool bars: one checkable icon per pointer tool, with a key each, and GM move.

Two bars (issue 31 item 2, grouped by what the GM is doing): "Fight tools" (select, move,
measure, template with its shape, Near/Far, size and range, line of sight, GM move) and
"Map tools" (wall, window, door, terrain with the kind painted, erase, calibrate, light with
its kind and whether the creature clicked carries it, magical darkness), which the Prepare
layout shows (`workspaces`). Icons only (`icons`); the name and key are in the tool tip and the
Tools menu. The workflows put tools of
their own on the map for a while (targeting, a push: `show_transient`); the checked action
stays the GM's tool, which `restore` brings back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QCheckBox, QComboBox, QMainWindow, QSpinBox, QToolBar, QWidget

from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.calibrate_tool import CalibrateTool
from orcus_desktop.controller.tools.erase_tool import EraseTool
from orcus_desktop.controller.tools.light_tool import DarknessTool, LightSettings, LightTool
from orcus_desktop.controller.tools.measure_tool import MeasureTool
from orcus_desktop.controller.tools.move_tool import MoveTool, SelectTool
from orcus_desktop.controller.tools.pointer import MapTool
from orcus_desktop.controller.tools.sight_tool import SightTool
from orcus_desktop.controller.tools.template_tool import AreaOrigin, TemplateTool
from orcus_desktop.controller.tools.terrain_tool import TerrainTool
from orcus_desktop.controller.tools.wall_tool import WallTool
from orcus_desktop.geometry.features import TerrainKind, WallKind
from orcus_desktop.model.ids import LightId
from orcus_desktop.ui.icons import icon
from orcus_desktop.ui.map.view import MapView
from orcus_desktop.ui.status_report import StatusReport
from orcus_desktop.vocabulary import AreaShape

if TYPE_CHECKING:
    from orcus_desktop.ui.light_dialog import LightDialog

LIGHT_PRESETS: Final = (
    LightSettings("Torch", 4, 8),
    LightSettings("Lantern", 6, 12),
    LightSettings("Candle", 1, 2),
    LightSettings("Campfire", 4, 8),
    LightSettings("Sunrod", 6, 12),
)
"""The lights the light tool places (squares of 5 feet; docs/rulings.md R-60); edit any."""


TOOL_ICON_PX = 20

SHORTCUT_NAME = "shortcut_name"
"""The action property naming it in the keyboard shortcuts table when its menu text changes
(Undo's text names the step it would undo)."""


def make_action(
    parent: QWidget,
    text: str,
    shortcut: QKeySequence | QKeySequence.StandardKey | str = "",
    *,
    name: str = "",
    tip: str = "",
    slot: Callable[[], object] | None = None,
) -> QAction:
    """A `QAction` with its key (a standard key brings every platform binding).

    `name` is its object name (tests find it by it), `tip` its tool tip, and `slot` is called
    when it is triggered.
    """
    act = QAction(text, parent)
    if isinstance(shortcut, QKeySequence.StandardKey):
        act.setShortcuts(shortcut)
    elif shortcut:
        act.setShortcut(QKeySequence(shortcut))
    if name:
        act.setObjectName(name)
    if tip:
        act.setToolTip(tip)
    if slot is not None:
        act.triggered.connect(lambda: slot())
    return act


class MapToolBar(QToolBar):
    """The "Fight tools" bar of a window, and its "Map tools" bar (`prepare_bar`).

    Args:
        window: the window it goes in (at the top).
        session: the game session the tools drive.
        view: the map view the tools work in.
        selected_creature: returns the creature selected on the map, or None.
        on_tool_selected: a tool selected a creature (or None).
        calibrate: sets the map image's pixels per square and offset; returns a status line.
        status: where a toggle is reported.

    Attributes:
        tools: (action, factory) per tool key.
        prepare_bar: the bar of the tools that prepare the map.
        tool_group: the exclusive group of the tools' actions.
        terrain_kind, template_shape, template_origin, template_size, template_range: the
            terrain and template tools' settings.
        gm_move_action: drags move tokens freely (no action spent, nothing provoked).
        switching: True while code replaces the map's tool (a tool that finishes then must
            not switch tools back).
    """

    def __init__(
        self,
        window: QMainWindow,
        session: GameSession,
        view: MapView,
        selected_creature: Callable[[], str | None],
        on_tool_selected: Callable[[str | None], None],
        calibrate: Callable[[float, tuple[float, float]], str],
        status: StatusReport,
    ) -> None:
        super().__init__("Fight tools", window)
        self.setObjectName("mapTools")
        self._session = session
        self._view = view
        self._selected = selected_creature
        self._status = status
        self.switching = False
        self.tool_group = QActionGroup(self)
        self.tool_group.setExclusive(True)
        self.tools: dict[str, tuple[QAction, Callable[[], MapTool]]] = {}
        self.terrain_kind = QComboBox()
        self.terrain_kind.setToolTip("Terrain painted by the terrain tool")
        for kind in TerrainKind:
            self.terrain_kind.addItem(kind.value.replace("-", " "), kind)
        self.terrain_kind.currentIndexChanged.connect(self._on_terrain_kind_changed)
        select = on_tool_selected
        # (key, text, key, icon, factory): running the fight first, then preparing the map.
        fight: tuple[tuple[str, str, str, str, Callable[[], MapTool]], ...] = (
            ("select", "Select", "V", "pointer", lambda: SelectTool(session, select)),
            ("move", "Move", "M", "arrows-move", lambda: MoveTool(session, select)),
            ("measure", "Measure", "R", "ruler-2", MeasureTool),
            ("template", "Template", "A", "circle-dashed", self._template_tool),
            (
                "sight",
                "Line of Sight",
                "L",
                "eye",
                lambda: SightTool(session, selected_creature, select),
            ),
        )
        prepare: tuple[tuple[str, str, str, str, Callable[[], MapTool]], ...] = (
            ("wall", "Wall", "W", "wall", lambda: WallTool(session, WallKind.WALL)),
            ("window", "Window", "Shift+W", "window", lambda: WallTool(session, WallKind.WINDOW)),
            ("door", "Door", "D", "door", lambda: WallTool(session, WallKind.DOOR)),
            ("terrain", "Terrain", "T", "brush", lambda: TerrainTool(session, self._terrain())),
            ("erase", "Erase", "E", "eraser", lambda: EraseTool(session)),
            (
                "calibrate",
                "Calibrate",
                "K",
                "grid-pattern",
                lambda: CalibrateTool(session, calibrate),
            ),
            ("light", "Light", "I", "flame", self._light_tool),
            ("darkness", "Magical Darkness", "Shift+I", "moon", lambda: DarknessTool(session)),
        )
        self.prepare_bar = QToolBar("Map tools", window)
        self.prepare_bar.setObjectName("prepareTools")
        for bar in (self, self.prepare_bar):
            bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
            bar.setIconSize(QSize(TOOL_ICON_PX, TOOL_ICON_PX))
            window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        for bar, group in ((self, fight), (self.prepare_bar, prepare)):
            for key, text, shortcut, icon_name, factory in group:
                self._add_tool(bar, key, text, shortcut, icon(icon_name), factory)
        self.gm_move_action = make_action(window, "GM Move", "G")
        self.gm_move_action.setIcon(icon("hand-grab"))
        self.gm_move_action.setCheckable(True)
        self.gm_move_action.setToolTip(
            "GM move (G): drags move tokens freely, spending no action and provoking nothing "
            "(Ctrl+drag does the same once; Shift+drag shifts)"
        )
        self.gm_move_action.toggled.connect(self._on_gm_move_toggled)
        self.addSeparator()
        self.addAction(self.gm_move_action)
        self.activate("select")

    def _add_tool(
        self,
        bar: QToolBar,
        key: str,
        text: str,
        shortcut: str,
        tool_icon: QIcon,
        factory: Callable[[], MapTool],
    ) -> None:
        """One checkable tool on `bar` (an icon; its name and key in the tool tip)."""
        act = make_action(self.window(), text, shortcut)
        act.setIcon(tool_icon)
        act.setCheckable(True)
        act.setToolTip(f"{text} ({shortcut})")
        act.setData(key)
        act.triggered.connect(self._on_tool_triggered)
        self.tool_group.addAction(act)
        bar.addAction(act)
        self.tools[key] = (act, factory)
        controls: dict[str, Callable[[], list[QWidget]]] = {
            "terrain": lambda: [self.terrain_kind],
            "template": self._template_controls,
            "light": self._light_controls,
        }
        for widget in controls[key]() if key in controls else []:
            bar.addWidget(widget)

    def checked_key(self) -> str:
        """The key of the GM's tool (the checked action)."""
        return str(self.tool_group.checkedAction().data())

    def activate(self, key: str) -> MapTool:
        """Switch the map to the tool named `key` ("select", "wall", ...) and return it."""
        act, factory = self.tools[key]
        act.setChecked(True)
        tool = factory()
        if isinstance(tool, MoveTool):
            tool.gm_move = self.gm_move_action.isChecked()
        self.show_transient(tool)
        return tool

    def show_transient(self, tool: MapTool | None) -> None:
        """Put `tool` on the map; the one it replaces finishes without switching tools back."""
        self.switching = True
        try:
            self._view.set_tool(tool)
        finally:
            self.switching = False

    def restore(self) -> MapTool:
        """Bring the GM's tool back (after targeting or a push)."""
        return self.activate(self.checked_key())

    def _template_controls(self) -> list[QWidget]:
        """Shape, Near/Far, size and range of the area template tool."""
        self.template_shape = QComboBox()
        for shape in AreaShape:
            self.template_shape.addItem(shape.value, shape)
        self.template_origin = QComboBox()
        for origin in AreaOrigin:
            self.template_origin.addItem(origin.value.title(), origin)
        self.template_origin.setCurrentIndex(1)  # Far: a GM aims it anywhere
        self.template_size = QSpinBox()
        self.template_size.setRange(0, 20)
        self.template_size.setValue(1)
        self.template_size.setPrefix("size ")
        self.template_range = QSpinBox()
        self.template_range.setRange(1, 50)
        self.template_range.setValue(10)
        self.template_range.setPrefix("range ")
        self.template_shape.setToolTip("Area shape (000 Areas of effect)")
        self.template_origin.setToolTip("Near: from the selected creature; Far: anywhere in range")
        self.template_range.setToolTip("A Far area's range from the selected creature")
        for combo in (self.template_shape, self.template_origin):
            combo.currentIndexChanged.connect(self._on_template_changed)
        for spin in (self.template_size, self.template_range):
            spin.valueChanged.connect(self._on_template_changed)
        return [self.template_shape, self.template_origin, self.template_size, self.template_range]

    def _template_tool(self) -> TemplateTool:
        shape = self.template_shape.currentData()
        origin = self.template_origin.currentData()
        return TemplateTool(
            self._session,
            shape if isinstance(shape, AreaShape) else AreaShape.BURST,
            origin if isinstance(origin, AreaOrigin) else AreaOrigin.FAR,
            self.template_size.value(),
            self.template_range.value(),
            self._selected,
        )

    def _light_controls(self) -> list[QWidget]:
        """The kind of light placed, and whether the creature clicked carries it."""
        self.light_kind = QComboBox()
        for preset in LIGHT_PRESETS:
            self.light_kind.addItem(f"{preset.name} ({preset.bright}/{preset.dim})", preset)
        self.light_kind.setToolTip("Light placed by the light tool (bright/dim radius)")
        self.light_carried = QCheckBox("carried")
        self.light_carried.setToolTip("The creature clicked carries the light (it moves along)")
        self.light_kind.currentIndexChanged.connect(self._on_light_changed)
        self.light_carried.toggled.connect(self._on_light_changed)
        self.light_dialog: LightDialog | None = None
        return [self.light_kind, self.light_carried]

    def _light_tool(self) -> LightTool:
        preset = self.light_kind.currentData()
        settings = preset if isinstance(preset, LightSettings) else LIGHT_PRESETS[0]
        settings = LightSettings(
            settings.name, settings.bright, settings.dim, self.light_carried.isChecked()
        )
        return LightTool(self._session, settings, self.edit_light)

    def edit_light(self, light_id: LightId) -> None:
        """Open the dialog editing one light (window-modal, not blocking)."""
        # Imported when first opened, not at start (start-up memory, issue 14).
        from orcus_desktop.ui.light_dialog import LightDialog

        self.light_dialog = LightDialog(self._session, light_id, self.window())
        self.light_dialog.open()

    def _on_light_changed(self, *_args: object) -> None:
        if self.tools["light"][0].isChecked():
            self.activate("light")

    def _terrain(self) -> TerrainKind:
        kind = self.terrain_kind.currentData()
        return kind if isinstance(kind, TerrainKind) else TerrainKind.DIFFICULT

    def _on_tool_triggered(self) -> None:
        act = self.sender()
        if isinstance(act, QAction):
            self.activate(str(act.data()))

    def _on_terrain_kind_changed(self, _index: int) -> None:
        if self.tools["terrain"][0].isChecked():
            self.activate("terrain")

    def _on_template_changed(self, _value: int) -> None:
        if self.tools["template"][0].isChecked():
            self.activate("template")

    def _on_gm_move_toggled(self, checked: bool) -> None:
        tool = self._view.tool
        if isinstance(tool, MoveTool):
            tool.gm_move = checked
        self._status.say("GM move on: drags are free moves" if checked else "GM move off", 4000)
