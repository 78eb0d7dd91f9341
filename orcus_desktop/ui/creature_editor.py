"""The creature editor: a form for a stat block, with the project's suggestions (issue 17).

Level, rank and tactical role suggest defenses, hit points, attack bonuses and damage from the
project's table (docs/rulings.md R-39); each suggestion is shown beside the GM's number, with
the difference, and "Use suggestions" fills them in. Powers are edited with their text, usage,
action, range, targets, attack vs defense, hit, miss and effect. Saving checks the stat block
with the one validation the library and encounter files use (`check_creature`) and names the
field at fault; a valid creature is saved to the GM's library.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from orcus_desktop.controller.editing.ruleset_choice import ruleset_choices
from orcus_desktop.controller.files.creature_library import (
    DEFAULT_HANDS,
    MOST_HANDS,
    POWER_ACTIONS,
    POWER_DEFENSES,
    POWER_ORIGINS,
    POWER_TARGETS,
    POWER_USAGES,
    RANKS,
    SIDES,
    SIZES,
    TACTICAL_ROLES,
    LibraryFileError,
    UserLibrary,
    check_creature,
    suggest,
)
from orcus_desktop.ui.dialog_parts import ScrollingRows, fit_height_to_screen, ok_cancel_buttons

_ABILITIES: Final = ("strength", "constitution", "dexterity", "intelligence", "wisdom", "charisma")
_DEFENSES: Final = ("ac", "fortitude", "reflex", "will")
_NUMBER_LABELS: Final = {"ac": "AC", "max_hp": "HP"}
"""Labels as the game spells them: AC for Armor Class, not "Ac"."""
_MOST_OPPORTUNITY = 99
"""The editor's bound on an Opportunity Modifier either way (003-19; the file takes any)."""
_OWN_FIELDS: Final = ("rulesets", "hands", "implement", "opportunity_modifier")
"""Stat-block keys the form writes itself (the rest of the stat block is kept as it was)."""
_EMPTY_NAME = re.compile(r"creature(?:\.powers\[(\d+)\])?\.name: must not be empty")
_NAME_PROBLEM = re.compile(r"creature\.name: (.+)")


def for_gm(problem: str) -> str:
    """A library fault in the GM's words where the form's fields are theirs to fix.

    The file's field paths stay for what the form does not name ("creature.powers[0] 'Bite'
    .hit.damage: ..."), so the GM still finds the field; an empty name is said plainly.
    """
    empty = _EMPTY_NAME.fullmatch(problem)
    if empty is not None:
        power = empty.group(1)
        return f"Power {int(power) + 1} needs a name." if power else "The creature needs a name."
    named = _NAME_PROBLEM.fullmatch(problem)  # "your library already has a 'Ogre'"
    if named is not None:
        text = named.group(1)
        return text[:1].upper() + text[1:] + "."
    return problem


def _combo(values: tuple[str, ...]) -> QComboBox:
    box = QComboBox()
    for value in values:
        box.addItem(value.replace("_", " ") or "(none)", value)
    return box


def _spin(low: int, high: int, value: int = 0) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


class PowerForm(QGroupBox):
    """One power's fields; `to_dict` gives the power as a stat block stores it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Power", parent)
        self.name = QLineEdit()
        self.usage = _combo(POWER_USAGES)
        self.action = _combo(POWER_ACTIONS)
        self.origin = _combo(POWER_ORIGINS)
        self.range = _spin(0, 99, 1)
        self.targets = _combo(POWER_TARGETS)
        self.attack_bonus = _spin(-10, 60, 0)
        self.attack_suggested = QLabel("")
        self.defense = _combo(("", *POWER_DEFENSES))
        self.hit_damage = QLineEdit()
        self.hit_damage.setPlaceholderText("1d6 + 2")
        self.damage_suggested = QLabel("")
        self.hit_text = QLineEdit()
        self.miss_text = QLineEdit()
        self.effect_text = QLineEdit()
        form = QFormLayout(self)
        form.addRow("Name", self.name)
        form.addRow("Usage", self.usage)
        form.addRow("Action", self.action)
        form.addRow("Kind", self.origin)
        form.addRow("Range (squares)", self.range)
        form.addRow("Targets", self.targets)
        attack = QHBoxLayout()
        attack.addWidget(self.attack_bonus)
        attack.addWidget(QLabel("vs"))
        attack.addWidget(self.defense)
        attack.addWidget(self.attack_suggested)
        form.addRow("Attack", attack)
        damage = QHBoxLayout()
        damage.addWidget(self.hit_damage)
        damage.addWidget(self.damage_suggested)
        form.addRow("Hit damage", damage)
        form.addRow("Hit", self.hit_text)
        form.addRow("Miss", self.miss_text)
        form.addRow("Effect", self.effect_text)

    def load(self, power: Mapping[str, Any]) -> None:
        self.name.setText(str(power.get("name", "")))
        for box, key, default in (
            (self.usage, "frequency", "at_will"),
            (self.action, "action", "standard"),
            (self.origin, "origin", "melee"),
            (self.targets, "targets", "one"),
        ):
            box.setCurrentIndex(max(0, box.findData(power.get(key, default))))
        rng = power.get("range", {})
        self.range.setValue(int(rng.get("normal", 1)) if isinstance(rng, Mapping) else 1)
        attack = power.get("attack") or {}
        self.defense.setCurrentIndex(max(0, self.defense.findData(attack.get("defense", ""))))
        self.attack_bonus.setValue(int(attack.get("bonus", 0) or 0))
        hit, miss, effect = (power.get(k) or {} for k in ("hit", "miss", "effect"))
        self.hit_damage.setText(str(hit.get("damage", "")))
        self.hit_text.setText(str(hit.get("text", "")))
        self.miss_text.setText(str(miss.get("text", "")))
        self.effect_text.setText(str(effect.get("text", "")))

    def to_dict(self) -> dict[str, Any]:
        power: dict[str, Any] = {
            "name": self.name.text().strip(),
            "category": "attack" if self.defense.currentData() else "utility",
            "frequency": self.usage.currentData(),
            "action": self.action.currentData(),
            "origin": self.origin.currentData(),
            "targets": self.targets.currentData(),
        }
        if self.origin.currentData() in ("ranged", "far"):
            power["range"] = {"normal": self.range.value()}
        if self.defense.currentData():
            power["attack"] = {
                "defense": self.defense.currentData(),
                "bonus": self.attack_bonus.value(),
            }
        hit: dict[str, Any] = {}
        if self.hit_damage.text().strip():
            hit["damage"] = self.hit_damage.text().strip()
        if self.hit_text.text().strip():
            hit["text"] = self.hit_text.text().strip()
        for key, value in (
            ("hit", hit),
            ("miss", {"text": self.miss_text.text().strip()}),
            ("effect", {"text": self.effect_text.text().strip()}),
        ):
            if any(value.values()):
                power[key] = value
        return power


def _editor_title(statblock: Mapping[str, Any] | None, replacing: str | None) -> str:
    """Edit…: the GM's own creature is changed; a bundled one becomes a new one of the GM's."""
    if replacing:
        return f"Edit {replacing}"
    if statblock and statblock.get("name"):
        return f"New Creature from {statblock['name']} (the bundled one stays as it is)"
    return "New Creature"


class CreatureEditor(QDialog):
    """Create or edit one creature of the GM's library.

    Args:
        library: where the creature is saved.
        statblock: the creature to start from (None: a new level-1 standard monster).
        replacing: the name of the library creature this edit replaces (None: a new one).
        saver: saves a checked stat block (by default `library.save(block, replacing)`); the
            library panel's makes the save an undo step. Raises `LibraryFileError` to refuse.
    """

    def __init__(
        self,
        library: UserLibrary,
        statblock: Mapping[str, Any] | None = None,
        replacing: str | None = None,
        parent: QWidget | None = None,
        saver: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._saver = saver or (lambda block: library.save(block, replacing))
        self.setWindowTitle(_editor_title(statblock, replacing))
        self.library = library
        self.replacing = replacing
        self._base: dict[str, Any] = dict(statblock or {})
        self.saved_name = ""
        self.name = QLineEdit()
        self.level = _spin(1, 40, 1)
        self.rank = _combo(RANKS)
        self.role = _combo(("", *TACTICAL_ROLES))
        self.side = _combo(SIDES)
        self.side.setCurrentIndex(self.side.findData("monsters"))
        self.size_box = _combo(SIZES)
        self.size_box.setCurrentIndex(self.size_box.findData("medium"))
        self.speed = _spin(0, 20, 6)
        # 001-34 (001 l.330): "You can only have a number of ready items equal to your number
        # of hands"; 0 is a creature with none (a wolf), the default the usual two.
        self.hands = _spin(0, MOST_HANDS, DEFAULT_HANDS)
        self.hands.setToolTip(
            f"How many ready items it may hold (001 Ready items); 0 to {MOST_HANDS}, "
            f"usually {DEFAULT_HANDS}"
        )
        # 003-19, 003 l.249 Opportunity Attack: "adding your Opportunity Modifier to the Hit
        # Roll"; other rulesets ignore it.
        self.opportunity_modifier = _spin(-_MOST_OPPORTUNITY, _MOST_OPPORTUNITY, 0)
        self.opportunity_modifier.setToolTip(
            "Added to its opportunity attacks' attack rolls under Square Fireballs (003); "
            "other rulesets ignore it"
        )
        # 003-49 (003 "5.10.1 PC Maneuvers"): whoever wields an implement has the Ranged Basic
        # Attack (Implement) under 003; stat blocks do not say who does, so the GM ticks it
        # (an Implement power counts anyway, docs/rulings.md R-104).
        self.implement = QCheckBox("Wields an implement")
        self.implement.setToolTip(
            "A staff, wand, orb or holy symbol: under Square Fireballs (003) it has the Ranged "
            "Basic Attack (Implement). A power with the Implement keyword counts too."
        )
        self.keywords = QLineEdit()
        self.keywords.setPlaceholderText("humanoid, goblin (comma separated)")
        # The rulesets it is built for (issue 17: "Creatures built for a variant ruleset are
        # tagged with it"); none checked: built for any, with 000's numbers.
        self.rulesets = QListWidget()
        self.rulesets.setToolTip("The rulesets this creature is built for (none: any)")
        for info in ruleset_choices():
            item = QListWidgetItem(info.name)
            item.setData(Qt.ItemDataRole.UserRole, info.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.rulesets.addItem(item)
        # Every ruleset in sight, no scrolling: a handful of rows.
        self.rulesets.setFixedHeight(
            self.rulesets.count() * self.rulesets.sizeHintForRow(0)
            + 2 * self.rulesets.frameWidth()
        )
        self.rulesets.setMinimumWidth(self.rulesets.sizeHintForColumn(0) + 30)
        self.rulesets.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.rulesets.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.abilities = {a: _spin(1, 40, 10) for a in _ABILITIES}
        self.defenses = {d: _spin(0, 80, 10) for d in _DEFENSES}
        self.max_hp = _spin(1, 5000, 20)
        self.hints = {key: QLabel("") for key in (*_DEFENSES, "max_hp")}
        self.use_suggestions = QPushButton("Use suggestions")
        self.use_suggestions.clicked.connect(self.apply_suggestions)
        self.powers: list[dict[str, Any]] = []
        self.power_list = QListWidget()
        self.power_form = PowerForm()
        self.add_power = QPushButton("Add power")
        self.add_power.clicked.connect(self.new_power)
        self.remove_power = QPushButton("Remove power")
        self.remove_power.clicked.connect(self._remove_power)
        self.power_list.currentRowChanged.connect(self._show_power)
        self._shown_power = -1
        self.problem = QLabel("")
        self.problem.setObjectName("editorProblem")
        self.problem.setWordWrap(True)
        buttons = ok_cancel_buttons(self, self.save, QDialogButtonBox.StandardButton.Save)
        self._layout(buttons)
        for widget in (self.level, self.rank, self.role):
            signal = (
                widget.valueChanged if isinstance(widget, QSpinBox) else widget.currentIndexChanged
            )
            signal.connect(self._update_hints)
        for box in (*self.defenses.values(), self.max_hp):
            box.valueChanged.connect(self._update_hints)
        self._load(self._base)
        fit_height_to_screen(self)

    def _layout(self, buttons: QDialogButtonBox) -> None:
        basics = QFormLayout()
        basics.addRow("Name", self.name)
        basics.addRow("Level", self.level)
        basics.addRow("Rank", self.rank)
        basics.addRow("Tactical role", self.role)
        basics.addRow("Side", self.side)
        basics.addRow("Size", self.size_box)
        basics.addRow("Speed", self.speed)
        basics.addRow("Hands", self.hands)
        basics.addRow("Implement", self.implement)
        basics.addRow("Opportunity modifier", self.opportunity_modifier)
        basics.addRow("Keywords", self.keywords)
        basics.addRow("Built for", self.rulesets)
        numbers = QGridLayout()
        for row, key in enumerate((*_DEFENSES, "max_hp")):
            box = self.max_hp if key == "max_hp" else self.defenses[key]
            numbers.addWidget(QLabel(_NUMBER_LABELS.get(key, key.title())), row, 0)
            numbers.addWidget(box, row, 1)
            numbers.addWidget(self.hints[key], row, 2)
        numbers.addWidget(self.use_suggestions, 5, 1, 1, 2)
        abilities = QGridLayout()
        for index, (name, box) in enumerate(self.abilities.items()):
            abilities.addWidget(QLabel(name[:3].title()), index // 3, (index % 3) * 2)
            abilities.addWidget(box, index // 3, (index % 3) * 2 + 1)
        power_buttons = QHBoxLayout()
        power_buttons.addWidget(self.add_power)
        power_buttons.addWidget(self.remove_power)
        left = QVBoxLayout()
        left.addLayout(basics)
        left.addLayout(abilities)
        left.addLayout(numbers)
        right = QVBoxLayout()
        right.addWidget(self.power_list)
        right.addLayout(power_buttons)
        right.addWidget(self.power_form)
        # on a short screen the fields scroll; the problem line and Save stay in view.
        self.fields = ScrollingRows(self)
        columns = QHBoxLayout(self.fields.rows)
        columns.setContentsMargins(0, 0, 0, 0)
        columns.addLayout(left)
        columns.addLayout(right)
        self.fields.guard_wheel()
        outer = QVBoxLayout(self)
        outer.addWidget(self.fields)
        outer.addWidget(self.problem)
        outer.addWidget(buttons)

    # -- the stat block ------------------------------------------------------------------

    def _load(self, block: Mapping[str, Any]) -> None:
        self.name.setText(str(block.get("name", "")))
        self.level.setValue(int(block.get("level", 1)))
        self.rank.setCurrentIndex(max(0, self.rank.findData(block.get("role", "monster"))))
        keywords = [str(k) for k in block.get("keywords", [])]
        role = next((k for k in keywords if k in TACTICAL_ROLES), "")
        self.role.setCurrentIndex(max(0, self.role.findData(role)))
        self.keywords.setText(", ".join(k for k in keywords if k != role))
        self.set_rulesets([str(r) for r in block.get("rulesets", [])])
        self.side.setCurrentIndex(max(0, self.side.findData(block.get("side", "monsters"))))
        self.size_box.setCurrentIndex(max(0, self.size_box.findData(block.get("size", "medium"))))
        self.speed.setValue(int((block.get("speeds") or {"walk": 6}).get("walk", 6)))
        self._load_whole(self.hands, "Hands", block.get("hands", DEFAULT_HANDS), DEFAULT_HANDS)
        self._load_whole(
            self.opportunity_modifier,
            "Opportunity modifier",
            block.get("opportunity_modifier", 0),
            0,
        )
        self._load_implement(block.get("implement", False))
        for name, box in self.abilities.items():
            box.setValue(int((block.get("abilities") or {}).get(name, 10)))
        if "defenses" in block:
            for key, box in self.defenses.items():
                box.setValue(int(block["defenses"].get(key, 10)))
            self.max_hp.setValue(int(block.get("max_hp", 1)))
        else:
            self.apply_suggestions()
        self.powers = [dict(p) for p in block.get("powers", [])]
        self._fill_powers(0)
        self._update_hints()

    def _load_whole(self, box: QSpinBox, label: str, value: object, default: int) -> None:
        """Show a whole number; one the field cannot hold is named, never changed silently.

        The GM sees the bad value and what Save would write instead (the default).
        """
        low, high = box.minimum(), box.maximum()
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            box.setValue(value)
            return
        box.setValue(default)
        self.problem.setText(
            f"{label} {value!r} is not a whole number from {low} to {high}; "
            f"the field shows {default}, which Save would keep."
        )

    def _load_implement(self, implement: object) -> None:
        """Tick the Implement box; a value that is not true or false is named, never guessed."""
        self.implement.setChecked(implement is True)
        if not isinstance(implement, bool):
            self.problem.setText(
                f"Implement {implement!r} is not true or false; the box is unticked, "
                "which Save would keep."
            )

    def set_rulesets(self, ruleset_ids: list[str]) -> None:
        """Check the rulesets the creature is built for (and uncheck the others)."""
        for row in range(self.rulesets.count()):
            item = self.rulesets.item(row)
            wanted = item.data(Qt.ItemDataRole.UserRole) in ruleset_ids
            item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)

    def checked_rulesets(self) -> list[str]:
        items = (self.rulesets.item(row) for row in range(self.rulesets.count()))
        return [
            str(i.data(Qt.ItemDataRole.UserRole))
            for i in items
            if i.checkState() == Qt.CheckState.Checked
        ]

    def statblock(self) -> dict[str, Any]:
        """The stat block the form describes (not yet validated)."""
        self._keep_power()
        role = self.role.currentData()
        keywords = [k.strip() for k in self.keywords.text().split(",") if k.strip()]
        speeds = dict(self._base.get("speeds") or {})
        speeds["walk"] = self.speed.value()
        base = {k: v for k, v in self._base.items() if k not in _OWN_FIELDS}
        rulesets = self.checked_rulesets()
        hands = self.hands.value()
        opportunity = self.opportunity_modifier.value()
        return {
            **base,
            **({"rulesets": rulesets} if rulesets else {}),
            # Written only when not the usual two, as the stat block writes itself (001-34).
            **({"hands": hands} if hands != DEFAULT_HANDS else {}),
            # Written only when ticked, as the stat block writes itself (003-49, R-104).
            **({"implement": True} if self.implement.isChecked() else {}),
            # Written only when not 0, as the stat block writes itself (003-19).
            **({"opportunity_modifier": opportunity} if opportunity else {}),
            "name": self.name.text().strip(),
            "level": self.level.value(),
            "role": self.rank.currentData(),
            "side": self.side.currentData(),
            "size": self.size_box.currentData(),
            "speeds": speeds,
            "abilities": {name: box.value() for name, box in self.abilities.items()},
            "defenses": {key: box.value() for key, box in self.defenses.items()},
            "max_hp": self.max_hp.value(),
            "powers": self.powers,
            "keywords": ([role] if role else []) + keywords,
        }

    def save(self) -> bool:
        """Validate and save to the library; a fault is shown with its field and nothing saved."""
        block = self.statblock()
        try:
            check_creature(block, "creature")
            self._saver(block)
        except LibraryFileError as exc:
            self.problem.setText(f"Not saved: {for_gm(str(exc))}")
            return False
        self.saved_name = block["name"]
        self.accept()
        return True

    # -- suggestions ---------------------------------------------------------------------

    def apply_suggestions(self) -> None:
        """Fill the defenses and hit points (and an empty power's numbers) from the table."""
        hint = suggest(
            self.level.value(), str(self.rank.currentData()), str(self.role.currentData())
        )
        for key, value in hint.defenses().items():
            self.defenses[key].setValue(value)
        self.max_hp.setValue(hint.max_hp)
        form = self.power_form
        form.attack_bonus.setValue(
            hint.attack_vs_ac if form.defense.currentData() in ("", "ac") else hint.attack_vs_other
        )
        form.hit_damage.setText(hint.damage)

    def _update_hints(self) -> None:
        hint = suggest(
            self.level.value(), str(self.rank.currentData()), str(self.role.currentData())
        )
        wanted = {**hint.defenses(), "max_hp": hint.max_hp}
        for key, label in self.hints.items():
            box = self.max_hp if key == "max_hp" else self.defenses[key]
            diff = box.value() - wanted[key]
            label.setText(f"suggested {wanted[key]}" + (f" ({diff:+d})" if diff else ""))
        self.power_form.attack_suggested.setText(
            f"suggested +{hint.attack_vs_ac} vs AC, +{hint.attack_vs_other} vs others"
        )
        self.power_form.damage_suggested.setText(f"suggested {hint.damage}")

    # -- powers --------------------------------------------------------------------------

    def new_power(self) -> None:
        """Add a melee at-will power with the suggested attack and damage."""
        self._keep_power()
        hint = suggest(
            self.level.value(), str(self.rank.currentData()), str(self.role.currentData())
        )
        name, n = "New Power", 2
        while any(p.get("name") == name for p in self.powers):
            name, n = f"New Power {n}", n + 1
        self.powers.append(
            {
                "name": name,
                "category": "attack",
                "frequency": "at_will",
                "action": "standard",
                "origin": "melee",
                "targets": "one",
                "attack": {"defense": "ac", "bonus": hint.attack_vs_ac},
                "hit": {"damage": hint.damage},
            }
        )
        self._shown_power = -1
        self._fill_powers(len(self.powers) - 1)

    def _remove_power(self) -> None:
        row = self.power_list.currentRow()
        if 0 <= row < len(self.powers):
            del self.powers[row]
            self._shown_power = -1
            self._fill_powers(min(row, len(self.powers) - 1))

    def _fill_powers(self, current: int) -> None:
        self.power_list.blockSignals(True)
        self.power_list.clear()
        self.power_list.addItems([str(p.get("name", "")) for p in self.powers])
        self.power_list.blockSignals(False)
        self.power_form.setEnabled(bool(self.powers))
        if self.powers:
            self.power_list.setCurrentRow(max(0, current))
            self._show_power(max(0, current))

    def _show_power(self, row: int) -> None:
        self._keep_power()
        if 0 <= row < len(self.powers):
            self.power_form.load(self.powers[row])
            self._shown_power = row

    def _keep_power(self) -> None:
        """Write the power form back into the power it shows (before switching or saving)."""
        row = self._shown_power
        if 0 <= row < len(self.powers):
            kept, edited = self._other_keys(self.powers[row]), self.power_form.to_dict()
            for key in ("hit", "miss", "effect"):
                if key in kept or key in edited:
                    edited[key] = {**kept.pop(key, {}), **edited.get(key, {})}
            self.powers[row] = {**kept, **edited}
            item = self.power_list.item(row)
            if item is not None:
                item.setText(self.powers[row]["name"])

    @staticmethod
    def _other_keys(power: Mapping[str, Any]) -> dict[str, Any]:
        """What the form does not edit (areas, conditions, keywords) is kept as it was."""
        edited = {
            "name",
            "category",
            "frequency",
            "action",
            "origin",
            "targets",
            "range",
            "attack",
        }
        kept = {k: v for k, v in power.items() if k not in edited | {"hit", "miss", "effect"}}
        for key in ("hit", "miss", "effect"):
            rest = {k: v for k, v in (power.get(key) or {}).items() if k not in ("damage", "text")}
            if rest:
                kept[key] = rest
        return kept
