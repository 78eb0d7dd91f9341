"""Edit one light source: name, radii, colour, who carries it, lit or put out (issue 20).

Opened by the light tool's click on a light. OK changes it in one undo step; a refused change
(a dim radius below the bright one, a bad colour) is explained in the dialog, which stays open.
"Remove Light" takes it off the map.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from orcus_desktop.controller.editing import lighting_edits
from orcus_desktop.controller.session import GameSession
from orcus_desktop.model.ids import LightId
from orcus_desktop.model.lighting import MAX_LIGHT_RADIUS, LightSource
from orcus_desktop.ui.dialog_parts import error_label, ok_cancel_buttons, shows_done, stacked
from orcus_desktop.vocabulary import CreatureId


class LightDialog(QDialog):
    """The fields of one light, and OK / Cancel / Remove Light.

    Attributes:
        name, bright, dim, colour, bearer, lit: the fields.
        error: why the last OK was refused.
    """

    def __init__(self, session: GameSession, light_id: LightId, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("lightDialog")
        self._session = session
        source = session.encounter.lighting.source(light_id)
        if source is None:
            raise KeyError(light_id)
        self._source = source
        self.setWindowTitle(f"Light: {source.name}")
        self.name = QLineEdit(source.name, self)
        self.bright = QSpinBox(self)
        self.dim = QSpinBox(self)
        for spin, value in ((self.bright, source.bright), (self.dim, source.dim)):
            spin.setRange(0, MAX_LIGHT_RADIUS)
            spin.setSuffix(" squares")
            spin.setValue(value)
        self.bright.setToolTip("Squares of bright light (000 Vision and Light)")
        self.dim.setToolTip("Squares lit at least dimly: the outer radius")
        self.colour = QLineEdit(source.colour, self)
        self.colour.setToolTip('The colour of its light, "#rrggbb"')
        pick = QPushButton("Pick…", self)
        pick.clicked.connect(self._pick_colour)
        colour_row = QHBoxLayout()
        colour_row.addWidget(self.colour)
        colour_row.addWidget(pick)
        self.bearer = QComboBox(self)
        self.bearer.addItem("nobody (it stays where it is)", None)
        for creature in session.encounter.creatures:
            self.bearer.addItem(creature.name, creature.id)
            if creature.id == source.carried_by:
                self.bearer.setCurrentIndex(self.bearer.count() - 1)
        self.bearer.setToolTip("A carried light moves with its bearer")
        self.lit = QCheckBox("Lit (uncheck to put it out)", self)
        self.lit.setChecked(source.lit)
        form = QFormLayout()
        form.addRow("Name:", self.name)
        form.addRow("Bright light:", self.bright)
        form.addRow("Dim light to:", self.dim)
        form.addRow("Colour:", colour_row)
        form.addRow("Carried by:", self.bearer)
        form.addRow(self.lit)
        self.error = error_label(self)
        self.error.setObjectName("lightError")
        buttons = ok_cancel_buttons(self)
        self.remove_button = buttons.addButton(
            "Remove Light", QDialogButtonBox.ButtonRole.DestructiveRole
        )
        self.remove_button.clicked.connect(self.remove)
        stacked(self, form, self.error, buttons)

    def edited(self) -> LightSource:
        """The light as the fields say."""
        bearer = self.bearer.currentData()
        return replace(
            self._source,
            name=self.name.text(),
            bright=self.bright.value(),
            dim=self.dim.value(),
            colour=self.colour.text().strip(),
            carried_by=CreatureId(str(bearer)) if bearer else None,
            lit=self.lit.isChecked(),
        )

    def accept(self) -> None:
        edited = self.edited()
        if edited != self._source:
            result = self._session.by(self).run(lighting_edits.update_light, edited)
            if not shows_done(self.error, result):
                return
        super().accept()

    def remove(self) -> None:
        self._session.by(self).run(lighting_edits.remove_light, self._source.id)
        super().accept()

    def _pick_colour(self) -> None:
        chosen = QColorDialog.getColor(QColor(self.colour.text()), self, "Light colour")
        if chosen.isValid():
            self.colour.setText(chosen.name())
