"""The main window: the map in the middle, docks for creatures, initiative, actions and log."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QMouseEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
)

from orcus_desktop import __version__
from orcus_desktop.assets import resources_dir
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import EncounterFileError, load_encounter, save_encounter
from orcus_desktop.ui.map.layers import SQUARE_PX
from orcus_desktop.ui.map.scene import MapScene
from orcus_desktop.ui.map.view import MapView

ENCOUNTER_FILTER = "Orcus encounters (*.json *.orcus.json);;All files (*)"


class MainWindow(QMainWindow):
    """The GM's window onto one encounter."""

    def __init__(self, encounter: Encounter, path: Path | None = None) -> None:
        super().__init__()
        self._encounter = encounter
        self._path = path
        self.scene = MapScene(encounter)
        self.view = MapView(self.scene, self)
        self.view.setMouseTracking(True)
        self.view.viewport().installEventFilter(self)
        self.setCentralWidget(self.view)
        self._build_docks()
        self._build_actions()
        self._build_menus()
        self.resize(1440, 900)
        self._refresh()
        self.log(
            f"Opened {encounter.name}: {len(encounter.creatures)} creatures, "
            f"{len(encounter.walls)} walls, a {encounter.grid.columns}x{encounter.grid.rows} map."
        )

    # --- construction -------------------------------------------------------------------
    def _build_docks(self) -> None:
        self.creature_list = QListWidget()
        self.creature_list.setObjectName("creatureList")
        self.initiative_panel = QLabel("No combat yet.")
        self.initiative_panel.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.initiative_panel.setMargin(8)
        self.actions_panel = QLabel("Select a creature to see what it can do.")
        self.actions_panel.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.actions_panel.setWordWrap(True)
        self.actions_panel.setMargin(8)
        self.log_view = QPlainTextEdit()
        self.log_view.setReadOnly(True)
        self.log_view.setObjectName("combatLog")
        self.docks: dict[str, QDockWidget] = {}
        for key, title, widget, area in (
            ("creatures", "Creatures", self.creature_list, Qt.DockWidgetArea.LeftDockWidgetArea),
            (
                "initiative",
                "Initiative",
                self.initiative_panel,
                Qt.DockWidgetArea.RightDockWidgetArea,
            ),
            ("actions", "Actions", self.actions_panel, Qt.DockWidgetArea.RightDockWidgetArea),
            ("log", "Combat log", self.log_view, Qt.DockWidgetArea.BottomDockWidgetArea),
        ):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{key}Dock")
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.docks[key] = dock
        self.resizeDocks([self.docks["log"]], [150], Qt.Orientation.Vertical)
        self.resizeDocks(
            [self.docks["creatures"], self.docks["actions"]], [240, 280], Qt.Orientation.Horizontal
        )

    def _build_actions(self) -> None:
        def action(text: str, shortcut: QKeySequence | QKeySequence.StandardKey | str) -> QAction:
            act = QAction(text, self)
            if isinstance(shortcut, QKeySequence.StandardKey):
                act.setShortcuts(shortcut)
            else:
                act.setShortcut(QKeySequence(shortcut))
            return act

        self.open_action = action("&Open…", QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self._on_open)
        self.save_action = action("&Save", QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(self._on_save)
        self.save_as_action = action("Save &As…", QKeySequence.StandardKey.SaveAs)
        self.save_as_action.triggered.connect(self._on_save_as)
        self.quit_action = action("&Quit", QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        self.undo_action = action("&Undo", QKeySequence.StandardKey.Undo)
        self.redo_action = action("&Redo", QKeySequence.StandardKey.Redo)
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self.zoom_in_action = action("Zoom &In", QKeySequence.StandardKey.ZoomIn)
        self.zoom_in_action.triggered.connect(self.view.zoom_in)
        self.zoom_out_action = action("Zoom &Out", QKeySequence.StandardKey.ZoomOut)
        self.zoom_out_action.triggered.connect(self.view.zoom_out)
        self.fit_action = action("&Fit Map", "Ctrl+0")
        self.fit_action.triggered.connect(self.view.fit_map)
        self.about_action = QAction("&About Orcus Desktop", self)
        self.about_action.triggered.connect(self._on_about)

    def _build_menus(self) -> None:
        menu_bar = self.menuBar()
        file_menu = menu_bar.addMenu("&File")
        file_menu.addActions([self.open_action, self.save_action, self.save_as_action])
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = menu_bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        view_menu = menu_bar.addMenu("&View")
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        view_menu.addSeparator()
        for dock in self.docks.values():
            view_menu.addAction(dock.toggleViewAction())
        help_menu = menu_bar.addMenu("&Help")
        help_menu.addAction(self.about_action)

    # --- state --------------------------------------------------------------------------
    @property
    def encounter(self) -> Encounter:
        return self._encounter

    @property
    def path(self) -> Path | None:
        return self._path

    def log(self, line: str) -> None:
        self.log_view.appendPlainText(line)

    def set_encounter(self, encounter: Encounter, path: Path | None) -> None:
        """Show another encounter (a file was opened)."""
        self._encounter = encounter
        self._path = path
        self.scene.set_encounter(encounter)
        self._refresh()
        self.view.fit_map()

    def _refresh(self) -> None:
        name = self._path.name if self._path else "unsaved"
        self.setWindowTitle(f"{self._encounter.name} ({name}) — Orcus Desktop")
        self.creature_list.clear()
        for creature in self._encounter.creatures:
            hidden = " — hidden" if creature.hidden else ""
            item = QListWidgetItem(
                f"{creature.name}  ({creature.side}, {creature.size.value}){hidden}"
            )
            item.setData(Qt.ItemDataRole.UserRole, creature.id)
            self.creature_list.addItem(item)

    # --- slots --------------------------------------------------------------------------
    def _on_open(self) -> None:
        start = str(self._path.parent) if self._path else ""
        file_name, _ = QFileDialog.getOpenFileName(self, "Open encounter", start, ENCOUNTER_FILTER)
        if file_name:
            self.open_file(Path(file_name))

    def open_file(self, path: Path) -> bool:
        """Open an encounter file; a bad file is reported and the open encounter is kept."""
        try:
            encounter = load_encounter(path)
        except EncounterFileError as exc:
            QMessageBox.warning(self, "Cannot open encounter", str(exc))
            self.log(f"Could not open {path.name}: {exc}")
            return False
        self.set_encounter(encounter, path)
        self.log(f"Opened {encounter.name} from {path.name}.")
        return True

    def _on_save(self) -> None:
        if self._path is None or _is_bundled(self._path):
            self._on_save_as()
        else:
            self.save_to(self._path)

    def _on_save_as(self) -> None:
        file_name, _ = QFileDialog.getSaveFileName(
            self, "Save encounter as", "encounter.json", ENCOUNTER_FILTER
        )
        if file_name:
            self.save_to(Path(file_name))

    def save_to(self, path: Path) -> bool:
        try:
            save_encounter(path, self._encounter)
        except OSError as exc:
            QMessageBox.warning(self, "Cannot save encounter", f"{path}: {exc.strerror or exc}")
            return False
        self._path = path
        self._refresh()
        self.log(f"Saved to {path.name}.")
        return True

    def _on_about(self) -> None:
        QMessageBox.about(
            self,
            "About Orcus Desktop",
            f"Orcus Desktop {__version__}\nAn offline battle map for the Orcus rules.",
        )

    def eventFilter(self, watched: object, event: object) -> bool:
        if isinstance(event, QMouseEvent) and event.type() == QMouseEvent.Type.MouseMove:
            scene_pos: QPointF = self.view.mapToScene(event.position().toPoint())
            col, row = int(scene_pos.x() // SQUARE_PX), int(scene_pos.y() // SQUARE_PX)
            grid = self._encounter.grid
            if 0 <= col < grid.columns and 0 <= row < grid.rows:
                self.statusBar().showMessage(f"Square ({col}, {row})")
            else:
                self.statusBar().clearMessage()
        return super().eventFilter(watched, event)  # type: ignore[arg-type]

    def closeEvent(self, event: QCloseEvent) -> None:
        event.accept()


def _is_bundled(path: Path) -> bool:
    """The bundled demo is read-only data: saving goes to a new file instead."""
    try:
        path.resolve().relative_to(resources_dir().resolve())
    except ValueError:
        return False
    return True
