"""The attack dialog: the app's roll or the table's dice, and the GM's overrides, per attack.

Opened (window-modal, not blocking) once the targets are chosen on the map. The GM leaves the
dice empty to let the app roll, or types the dice rolled at the table in rolling order (attack
rolls per target, then damage: `Engine.attack`); for a power, cover can be overridden per
target (docs/design.md#cover: the GM can override cover per attack), and so can concealment
(docs/design.md#lighting), and combat advantage granted.
Each target's line says what the d20 must show with those choices (`attacks.preview_attack`).
"""

from __future__ import annotations

import re
from typing import Final

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.attacks.attack_choices import cover_choices
from orcus_desktop.controller.session import GameSession
from orcus_desktop.controller.tools.attack_flow import AttackOptions
from orcus_desktop.controller.tools.targeting import (
    TargetingAction,
    TargetingChoice,
    attack_summary,
)
from orcus_desktop.ui import plugins
from orcus_desktop.ui.dialog_parts import (
    ScrollingRows,
    error_label,
    fit_height_to_screen,
    ok_cancel_buttons,
    stacked,
    wrapped_label,
)
from orcus_desktop.ui.plugins import AttackTargetContext

CONCEALMENT_CHOICES: Final = (
    ("", "from light and obscured squares"),
    ("none", "no concealment"),
    ("concealed", "concealment"),
    ("total", "total concealment"),
)
"""The concealment override per target (000 "Concealment", "Vision and Light")."""

GM_ADVANTAGE = "GM ruling"
"""The reason logged when the GM grants combat advantage by hand."""


def parse_dice(text: str) -> tuple[int, ...]:
    """Dice typed in by the GM: whole numbers separated by spaces or commas.

    Raises:
        ValueError: anything else, or a die below 1.
    """
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    values: list[int] = []
    for part in parts:
        if not part.isdigit() or int(part) < 1:
            raise ValueError(f"{part!r} is not a die result (type numbers like 14 6)")
        values.append(int(part))
    return tuple(values)


class AttackDialog(QDialog):
    """Confirm one attack: dice and overrides, with the number each target needs.

    Args:
        session: the game session (names, previews).
        choice: the targets chosen on the map.
        parent: the window it is modal to.

    Attributes:
        dice: where the GM types the table's dice.
        cover_boxes: the cover override per target id (powers only).
        concealment_boxes: the concealment override per target id (powers only).
        crouch_boxes: per target id, "crouching" (001-12; only where the ruleset has it).
        advantage: grants combat advantage against every target (powers only).
        knock_out: knocks the targets out rather than killing them (powers only).
        summaries: each target's "needs N on the d20" line, by target id.
        error: why the typed dice were not accepted.
    """

    def __init__(
        self, session: GameSession, choice: TargetingChoice, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("attackDialog")
        self._session = session
        self.choice = choice
        request = choice.request
        user = _name(session, request.creature_id)
        targets = ", ".join(_name(session, t) for t in choice.target_ids) or "nobody"
        self.setWindowTitle(f"{user}: {request.label}")
        heading = wrapped_label(self, f"<b>{user}: {request.label}</b> on {targets}")
        self.cover_boxes: dict[str, QComboBox] = {}
        self.concealment_boxes: dict[str, QComboBox] = {}
        self.crouch_boxes: dict[str, QCheckBox] = {}
        self.summaries: dict[str, QLabel] = {}
        # R-235: a burst over many creatures scrolls its targets' rows; the dice, the
        # checks and Attack stay on a laptop's screen.
        self.target_rows = ScrollingRows(self)
        form = QFormLayout(self.target_rows.rows)
        form.setContentsMargins(0, 0, 0, 0)
        is_power = request.action is TargetingAction.POWER
        measured = self._measured_cover() if is_power else None
        for target_id in choice.target_ids:
            self._add_target_rows(form, target_id, measured)
        self.target_rows.guard_wheel()
        dice_form = QFormLayout()
        self.advantage = QCheckBox("Grant combat advantage (GM ruling)", self)
        self.advantage.setVisible(is_power)
        self.advantage.toggled.connect(self._on_options_changed)
        self.knock_out = QCheckBox("Knock out instead of killing (000 Knocking a Creature Out)")
        self.knock_out.setParent(self)
        self.knock_out.setVisible(is_power)
        self._add_dice_rows(dice_form)
        self.error = error_label(self)
        self.error.setObjectName("attackError")
        buttons = ok_cancel_buttons(self)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setText("Attack" if request.action.rolls else "Do it")
        stacked(
            self,
            heading,
            self.target_rows,
            dice_form,
            self.advantage,
            self.knock_out,
            self.error,
            buttons,
        )
        self._options = AttackOptions()
        self._on_options_changed()
        fit_height_to_screen(self)  # with each target's line written
        # The GM reads the dice off the table and types them at once (then Enter): the cursor
        # starts there, not in the first cover box, where typing would change the cover.
        self.dice.setFocus()

    def _measured_cover(self) -> dict[str, str]:
        """The cover measured on the map per target id, named in "as measured (...)"."""
        choice = self.choice
        previews, _problem = self._session.ask(
            attacks.preview_attack,
            choice.request.creature_id,
            choice.request.power_name,
            choice.target_ids,
            AttackOptions().choices(choice),
        )
        return {p.target: p.facts.cover for p in previews}

    def _add_target_rows(
        self, form: QFormLayout, target_id: str, measured: dict[str, str] | None
    ) -> None:
        """One target's rows: its "needs N on the d20" line and its overrides.

        For a power (``measured`` given): cover and concealment, and crouching where the
        ruleset has it (001-12); and what the variants offer the target first (001-06).
        """
        session = self._session
        summary = wrapped_label(self.target_rows.rows)
        self.summaries[target_id] = summary
        form.addRow(summary)
        if measured is not None:
            form.addRow(
                f"Cover of {_name(session, target_id)}:", self._cover_box(target_id, measured)
            )
            form.addRow(
                f"Concealment of {_name(session, target_id)}:", self._concealment_box(target_id)
            )
            if session.rules.ruleset.hooks.targeting_policy.shoot_bands:
                # 001-12, 001 l.146: crouching or working the cover, one level more.
                crouch = QCheckBox("Crouching: one level more cover (001-12)", self)
                crouch.toggled.connect(self._on_options_changed)
                self.crouch_boxes[target_id] = crouch
                form.addRow("", crouch)
        # What the variants offer the target first (001-06's drop prone: ui/plugins.py).
        offers = AttackTargetContext(
            session, target_id, self.choice.request.action.rolls, self, self._after_drop
        )
        for extra in plugins.attack_target_extras(offers):
            form.addRow("", extra)

    def _cover_box(self, target_id: str, measured: dict[str, str]) -> QComboBox:
        """The cover override (docs/design.md#cover: the GM can override cover per attack)."""
        box = QComboBox(self)
        for value, text in cover_choices(self._session.rules.ruleset):
            if not value and target_id in measured:
                text = f"as measured ({measured[target_id].replace('_', '-')})"
            box.addItem(text, value)
        box.setToolTip("Override the measured cover for this attack")
        box.currentIndexChanged.connect(self._on_options_changed)
        self.cover_boxes[target_id] = box
        return box

    def _concealment_box(self, target_id: str) -> QComboBox:
        """The concealment override with each degree's penalty (000 "Concealment")."""
        hidden = QComboBox(self)
        ruleset = self._session.rules.ruleset
        penalties = {
            "concealed": ruleset.concealment_penalty,
            "total": ruleset.total_concealment_penalty,
        }
        for value, text in CONCEALMENT_CHOICES:
            hidden.addItem(
                f"{text} ({penalties[value]:+d})" if value in penalties else text, value
            )
        hidden.setToolTip("Override the concealment light and obscured squares give")
        hidden.currentIndexChanged.connect(self._on_options_changed)
        self.concealment_boxes[target_id] = hidden
        return hidden

    def _add_dice_rows(self, form: QFormLayout) -> None:
        """Where the GM types the dice rolled at the table, in rolling order."""
        self.dice = QLineEdit(self)
        self.dice.setObjectName("attackDice")
        self.dice.setPlaceholderText("empty: the app rolls")
        self.dice.setMinimumWidth(220)
        self.dice.setToolTip(
            "Dice rolled at the table, in order: the d20 for each target, then the damage dice"
        )
        form.addRow("Dice rolled at the table:", self.dice)
        hint = QLabel("In rolling order: the d20 for each target, then the damage dice.", self)
        hint.setEnabled(False)
        form.addRow(hint)

    @property
    def options(self) -> AttackOptions:
        """The choices as accepted (valid after `accept`)."""
        return self._options

    def _after_drop(self, refusal: str) -> None:
        self.error.setText(refusal)
        self._on_options_changed()
        # The target's line may have grown (combat advantage, prone): make room once laid out.
        QTimer.singleShot(0, self, lambda: fit_height_to_screen(self))

    def _crouching(self) -> tuple[str, ...]:
        return tuple(t for t, box in self.crouch_boxes.items() if box.isChecked())

    def _overrides(self) -> tuple[dict[str, str], tuple[str, ...]]:
        cover = {
            target_id: str(box.currentData())
            for target_id, box in self.cover_boxes.items()
            if box.currentData()
        }
        advantage = (GM_ADVANTAGE,) if self.advantage.isChecked() else ()
        return cover, advantage

    def _concealment(self) -> dict[str, str]:
        return {
            target_id: str(box.currentData())
            for target_id, box in self.concealment_boxes.items()
            if box.currentData()
        }

    def _on_options_changed(self, *_args: object) -> None:
        session = self._session
        choice = self.choice
        request = choice.request
        if request.action not in (TargetingAction.POWER, TargetingAction.COUP_DE_GRACE):
            end = choice.destination
            where = f", moving to square ({end.col}, {end.row}), +1 to hit" if end else ""
            for target_id, label in self.summaries.items():
                label.setText(f"{request.label} {_name(session, target_id)}{where}")
            return
        cover, advantage = self._overrides()
        previews, problem = session.ask(
            attacks.preview_attack,
            request.creature_id,
            request.power_name,
            choice.target_ids,
            AttackOptions(
                cover=cover,
                combat_advantage=advantage,
                concealment=self._concealment(),
                crouching=self._crouching(),
            ).choices(choice),
        )
        by_target = {p.target: p for p in previews}
        for target_id, label in self.summaries.items():
            preview = by_target.get(target_id)
            if preview is None:
                label.setText(f"{_name(session, target_id)}: {problem or 'no preview'}")
            else:
                label.setText(attack_summary(preview, session))

    def accept(self) -> None:
        try:
            dice = parse_dice(self.dice.text())
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        cover, advantage = self._overrides()
        self._options = AttackOptions(
            dice,
            cover,
            advantage,
            self.knock_out.isChecked(),
            self._concealment(),
            self._crouching(),
        )
        super().accept()


def _name(session: GameSession, creature_id: str) -> str:
    return session.encounter.name_of(creature_id)
