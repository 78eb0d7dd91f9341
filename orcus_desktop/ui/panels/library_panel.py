"""The creature library dock: the bundled creatures and the GM's own, filtered, edited, shared.

Extends the palette (`CreaturePalette`: search, side, drag onto the map) with a level range and
a role or rank filter, and with the GM's library (`controller.files.creature_library.UserLibrary`,
in the per-user data folder): New, Edit, Duplicate and Delete through the creature editor, and
Import and Export of library files. A bundled creature is edited as a new one of the GM's.

With a session, each library edit is a step of the window's undo history, and an edit of a
creature whose tokens are on the map asks whether they change too
(`controller.editing.library_edits`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.controller.editing.library_edits import LibraryChange, placed_copies
from orcus_desktop.controller.editing.ruleset_choice import DEFAULT_CHOICE, ruleset_choices
from orcus_desktop.controller.files.creature_library import (
    RANKS,
    TACTICAL_ROLES,
    LibraryFileError,
    UserLibrary,
)
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.library_drop import LibraryEntry
from orcus_desktop.model.atomic_file import describe_write_error
from orcus_desktop.model.text_repair import describe_exception, error_line
from orcus_desktop.ui.panels.flow import FlowBox
from orcus_desktop.ui.panels.palette import CreaturePalette
from orcus_desktop.ui.uvtt_actions import data_folder

if TYPE_CHECKING:
    from orcus_desktop.ui.creature_editor import CreatureEditor

LIBRARY_FILTER = "Creature libraries (*.json)"


def user_library() -> UserLibrary:
    """The GM's library in the per-user data folder (`$ORCUS_DESKTOP_DATA_DIR` in tests)."""
    return UserLibrary(data_folder() / "creatures")


def apply_question(name: str, count: int) -> str:
    """What the GM is asked after editing a creature that has tokens on the map."""
    tokens = "1 token" if count == 1 else f"{count} tokens"
    return (
        f"{tokens} of {name} {'is' if count == 1 else 'are'} on the map. Apply your changes "
        f"to {'it' if count == 1 else 'them'} too?\n\nThey keep their names, places and the "
        "damage they have taken. Edit > Undo takes back the edit and the tokens' change together."
    )


def ask_apply_to_tokens(parent: QWidget, name: str, count: int) -> bool:
    """Ask "apply to the N tokens on the map?"; True when the GM says Apply."""
    box = QMessageBox(parent)
    box.setWindowTitle("Apply to the tokens on the map?")
    box.setText(apply_question(name, count))
    apply = box.addButton(
        f"Apply to {'the token' if count == 1 else f'the {count} tokens'}",
        QMessageBox.ButtonRole.AcceptRole,
    )
    only = box.addButton("Only the library", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(only)
    box.exec()
    return box.clickedButton() is apply


class LibraryPanel(CreaturePalette):
    """The palette over the bundled entries and the GM's library, with its editing buttons.

    Args:
        bundled: the bundled creatures (read-only).
        library: the GM's library.
        session: the game whose undo history records each library edit, and whose tokens an
            edit can apply to; None: edits are saved at once and not undoable.

    Attributes:
        ask_apply: asks (name, how many tokens) whether an edit applies to the placed tokens;
            looked up at each edit, so tests answer instead of the dialog.
        not_applied: why the last edit the GM chose to apply to the placed tokens was refused
            (a bigger size that does not fit where a token stands), or "".
        applied_note: the tokens the last applied edit kept standing at 1 HP (R-215), or "".
    """

    def __init__(
        self,
        bundled: Sequence[LibraryEntry],
        library: UserLibrary,
        parent: QWidget | None = None,
        session: GameSession | None = None,
    ) -> None:
        self.bundled = list(bundled)
        self.library = library
        self.session = session
        super().__init__([*self.bundled, *library.entries()], parent)
        self.ask_apply: Callable[[str, int], bool] = lambda name, count: ask_apply_to_tokens(
            self, name, count
        )
        library.changed.connect(self.refresh)
        self.not_applied = self.applied_note = ""
        self.lowest = QSpinBox()
        self.highest = QSpinBox()
        for box, value in ((self.lowest, 1), (self.highest, 40)):
            box.setRange(1, 40)
            box.setValue(value)
            box.valueChanged.connect(self._on_levels_changed)
        self.role_filter = QComboBox()
        self.role_filter.addItem("Any role", "")
        for role in (*TACTICAL_ROLES, *RANKS[1:]):
            self.role_filter.addItem(role, role)
        self.role_filter.currentIndexChanged.connect(
            lambda _i: self.proxy.set_role(str(self.role_filter.currentData()))
        )
        # Which rulesets a creature suits: those it was built for, or any when untagged.
        self.ruleset_filter = QComboBox()
        self.ruleset_filter.addItem("Any ruleset", "")
        for info in ruleset_choices():
            self.ruleset_filter.addItem(f"Suits {info.name}", info.id)
        # Long ruleset names must not widen the dock (a 1024-pixel window keeps its map).
        self.ruleset_filter.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.ruleset_filter.setMinimumContentsLength(12)
        self.ruleset_filter.setToolTip(
            "Creatures built for this ruleset, and those built for none in particular"
        )
        self.ruleset_filter.currentIndexChanged.connect(
            lambda _i: self.proxy.set_ruleset(str(self.ruleset_filter.currentData()))
        )
        # Wrapping rows, so a narrow dock never widens the window (docs/design.md#scene).
        filters = FlowBox((QLabel("Level"), self.lowest, QLabel("to"), self.highest))
        filters.add(self.role_filter)
        filters.add(self.ruleset_filter)
        self.buttons: dict[str, QPushButton] = {}
        actions = (
            ("New…", self.new_creature),
            ("Edit…", self.edit_selected),
            ("Duplicate", self.duplicate_selected),
            ("Delete", self.delete_selected),
            ("Import…", self.ask_import),
            ("Export…", self.ask_export),
        )
        self.message = QLabel(library.problem)
        self.message.setWordWrap(True)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.addWidget(filters)
        row = FlowBox()
        for text, slot in actions:
            button = QPushButton(text)
            button.clicked.connect(lambda _c=False, s=slot: s())
            self.buttons[text.rstrip("…")] = button
            row.add(button)
        layout.addWidget(row)
        layout.addWidget(self.message)

    def refresh(self) -> None:
        self.model.set_entries([*self.bundled, *self.library.entries()])

    def selected_entry(self) -> LibraryEntry | None:
        rows = self.list_view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.entry(self.proxy.mapToSource(rows[0]).row())

    def select_name(self, name: str) -> None:
        """Select the visible row of `name` (the GM's copy when both libraries have it)."""
        for row in reversed(range(self.proxy.rowCount())):
            entry = self.model.entry(self.proxy.mapToSource(self.proxy.index(row, 0)).row())
            if entry.name == name:
                self.list_view.setCurrentIndex(self.proxy.index(row, 0))
                return

    # -- editing -------------------------------------------------------------------------

    def editor(self, entry: LibraryEntry | None = None) -> CreatureEditor:
        """The editor for `entry` (a bundled one is edited as a new creature of the GM's)."""
        mine = entry is not None and entry.source == UserLibrary.SOURCE
        replacing = entry.name if mine and entry else None
        original = entry.name if entry else None

        def save(block: dict[str, Any]) -> None:
            self.record(
                f"Save {block['name']} to your library",
                lambda: self.library.save(block, replacing),
                (original, block) if original else None,
            )

        # Imported when first opened, not at start (start-up memory, issue 14).
        from orcus_desktop.ui.creature_editor import CreatureEditor

        editor = CreatureEditor(
            self.library, entry.statblock if entry else None, replacing, self, saver=save
        )
        playing = self.session.ruleset.id if self.session is not None else DEFAULT_CHOICE
        if entry is None and playing != DEFAULT_CHOICE:
            editor.set_rulesets([playing])  # a new creature built while playing a variant
        return editor

    def record(
        self,
        text: str,
        edit: Callable[[], object],
        edited: tuple[str, Mapping[str, Any]] | None = None,
    ) -> None:
        """Make a library edit, as one undo step when the panel has a session.

        Args:
            text: the step's name ("Save Cave Brute to your library").
            edit: makes the edit; a `LibraryFileError` it raises refuses it (nothing recorded).
            edited: (the creature's name before, its new stat block): its placed tokens change
                too when the GM says so.
        """
        before = self.library.creatures
        edit()
        if self.session is None:
            return
        apply_to = None
        if edited is not None:
            count = len(placed_copies(self.session.encounter, edited[0]))
            if count and self.ask_apply(edited[0], count):
                apply_to = edited
        change = LibraryChange(text, self.library, before, self.library.creatures)
        result = self.session.edit_library(change, apply_to, initiator=self)
        self.not_applied = "" if result.ok else result.reason
        self.applied_note = result.text.partition("; ")[2] if result.ok else ""

    def run_editor(self, editor: CreatureEditor) -> None:
        self.not_applied = self.applied_note = ""
        if editor.exec() and editor.saved_name:
            self.refresh()
            self.select_name(editor.saved_name)
            said = f"Saved {editor.saved_name} to your library."
            if self.not_applied:
                said += f" Not applied to the tokens on the map: {self.not_applied}."
            if self.applied_note:
                said += f" {self.applied_note[0].upper()}{self.applied_note[1:]}."
            self.message.setText(said)

    def new_creature(self) -> None:
        self.run_editor(self.editor())

    def edit_selected(self) -> None:
        entry = self.selected_entry()
        if entry is None:
            self.message.setText("Select a creature to edit first.")
            return
        self.run_editor(self.editor(entry))

    def duplicate_selected(self) -> None:
        entry = self.selected_entry()
        if entry is None:
            self.message.setText("Select a creature to duplicate first.")
            return
        names: list[str] = []

        def duplicate() -> None:
            if entry.source != UserLibrary.SOURCE:
                self.library.save({**entry.statblock, "name": f"{entry.name} (copy)"})
                names.append(f"{entry.name} (copy)")
            else:
                names.append(self.library.duplicate(entry.name))

        try:
            self.record(f"Duplicate {entry.name} in your library", duplicate)
        except LibraryFileError as exc:
            self.message.setText(f"Not duplicated: {exc}")
            return
        name = names[0]
        self.refresh()
        self.select_name(name)
        self.message.setText(f"Duplicated as {name}.")

    def delete_selected(self) -> None:
        entry = self.selected_entry()
        if entry is None or entry.source != UserLibrary.SOURCE:
            self.message.setText("Only creatures of your own library can be deleted.")
            return
        self.record(
            f"Delete {entry.name} from your library", lambda: self.library.delete(entry.name)
        )
        self.refresh()
        self.message.setText(f"Deleted {entry.name} from your library.")

    # -- sharing -------------------------------------------------------------------------

    def import_file(self, path: Path) -> bool:
        """Add a library file's creatures; a broken file is refused with the field at fault."""
        names: list[str] = []
        try:
            self.record(
                f"Import {path.name} into your library",
                lambda: names.extend(self.library.import_file(path)),
            )
        except LibraryFileError as exc:
            self.message.setText(error_line(f"Not imported: {path.name}: {exc}"))
            return False
        except OSError as exc:  # your library file could not be written
            self.message.setText(
                error_line(f"Not imported: {path.name}: {describe_write_error(exc)}")
            )
            return False
        except Exception as exc:  # the last line of defence: one line, never a traceback
            self.message.setText(
                error_line(f"Not imported: {path.name}: {describe_exception(exc)}")
            )
            return False
        self.refresh()
        self.message.setText(f"Imported {len(names)} creatures from {path.name}.")
        return True

    def export_file(self, path: Path) -> int:
        count = self.library.export_file(path)
        self.message.setText(f"Exported {count} creatures to {path.name}.")
        return count

    def ask_import(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Import Creatures", "", LIBRARY_FILTER)
        if name:
            self.import_file(Path(name))

    def ask_export(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self, "Export Creatures", "creatures.json", LIBRARY_FILTER
        )
        if name:
            self.export_file(Path(name))

    def _on_levels_changed(self) -> None:
        self.proxy.set_levels(self.lowest.value(), self.highest.value())
