"""Deleting a variant leaves Orcus running (issue 30 item 1, "Deliver" 1): its packages in every
layer (`rules/variants/<name>/`, `controller/variants/<name>/`, `ui/variants/<name>/`) and its
lines in each layer's registry (`variants/__init__.py`) go, and the rest of the program plays
a 000 fight through the façade as before, answers the CLI's `rules` and `query`, and opens
the main window.

Each case works on a copy of the `orcus_desktop` package in a temporary folder and runs the
program there in a fresh interpreter, so the real package is never touched; a failure says
which part stopped working (the fight, the CLI, the window) and the import in the way.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = "orcus_desktop"
LAYERS = ("rules", "controller", "ui")
VARIANTS = ("strike", "quick_reference", "square_fireballs", "alloy_heroes")

# A 000 fight through the façade, as a GM plays it: initiative, the turns of two rounds (each
# creature walks a square and attacks an enemy in reach with its basic attack, or ends its turn),
# then undo back to the start. It prints what happened, so the copy without the variant can be
# compared line for line with the whole program's.
FIGHT = """
import random
from orcus_desktop.controller.actions import attacks
from orcus_desktop.controller.session import GameSession, questions
from orcus_desktop.controller.turns import initiative
from orcus_desktop.model.document import Document
from orcus_desktop.model.history import History
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.rules.variants import install
from orcus_desktop.vocabulary import MoveMode

install()
document = Document(load_encounter("resources/encounters/demo.json"))
session = GameSession(document, History(document, limit=10_000), random.Random(5))
first = session.encounter
print(session.run(initiative.roll_initiative).text)
print(session.run(initiative.start_combat).text)
for _ in range(2 * len(first.creatures)):
    actor = session.encounter.combat.current
    reach = sorted(session.reachable_squares(actor, MoveMode.WALK))
    if reach:
        print(session.move_creature(actor, reach[0], MoveMode.WALK).text)
    side = session.encounter.creature(actor).side
    for enemy in [c.id for c in session.encounter.creatures if c.side != side]:
        basic = session.ask(questions.best_basic_attack, actor, enemy)
        if basic and enemy in session.ask(attacks.power_targets, actor, basic):
            print(session.use_power(actor, basic, [enemy]).text)
            break
    print(session.end_turn(let_pass=True).text)
while session.history.can_undo:
    assert session.undo().ok
assert session.encounter == first, "undo did not restore the start"
print("undone")
"""

WINDOW = """
import sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.rules.variants import install
from orcus_desktop.ui.main_window import MainWindow
from orcus_desktop.ui.variants import install as install_ui

QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[1])
install()
install_ui()
app = QApplication([])
window = MainWindow(load_encounter("resources/encounters/demo.json"), None)
window.show()
app.processEvents()
print(window.windowTitle())
window.close()
"""


def _without(tmp_path: Path, name: str | None) -> Path:
    """A copy of the program (and the resources it reads), without variant `name`."""
    shutil.copytree(
        ROOT / "orcus_desktop",
        tmp_path / "orcus_desktop",
        ignore=shutil.ignore_patterns("*.pyc", "__pycache__"),
    )
    shutil.copytree(ROOT / "resources", tmp_path / "resources")
    if name is not None:
        for layer in LAYERS:
            variants = tmp_path / "orcus_desktop" / layer / "variants"
            if (variants / name).exists():
                shutil.rmtree(variants / name)
            registry = variants / "__init__.py"
            if registry.exists():
                registry.write_text(_unregistered(registry.read_text("utf-8"), name), "utf-8")
    return tmp_path


def _unregistered(text: str, name: str) -> str:
    """A registry's text with variant `name`'s imports and the names they bound removed."""
    bound: list[str] = []
    kept: list[str] = []
    for line in text.splitlines(keepends=True):
        whole = re.match(rf"from \S+\.variants\.{name}(\.\S+)? import (.+)$", line)
        if whole:
            bound += [n.split(" as ")[-1].strip() for n in whole[2].split(",")]
            continue
        listed = re.match(r"(from \S+\.variants import )(.+)$", line)
        if listed and name in [n.strip() for n in listed[2].split(",")]:
            others = [n.strip() for n in listed[2].split(",") if n.strip() != name]
            bound.append(name)
            line = f"{listed[1]}{', '.join(others)}\n" if others else ""
        kept.append(line)
    text = "".join(kept)
    for symbol in bound:
        # `X,` in a tuple or list (one per line or inline), `X.VARIANT,`, `, X` last of a line.
        text = re.sub(rf"^\s*{symbol}(\.\w+)*,?\n", "", text, flags=re.M)
        text = re.sub(rf"\b{symbol}(\.\w+)*, ", "", text)
        text = re.sub(rf", {symbol}(\.\w+)*\b", "", text)
        text = re.sub(rf"\({symbol}(\.\w+)*,?\)", "()", text)
    assert not re.search(rf"\b{name}\b", text), f"the registry still names {name}:\n{text}"
    return text


def _run(what: str, folder: Path, *args: str) -> str:
    """The standard output of the program in `folder` run with `args` (`what`: for the GM)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(folder)}
    done = subprocess.run(
        [sys.executable, *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, f"{what} failed:\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def whole_program(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """The whole program's fight and its list of rulesets, to compare the copies with."""
    folder = _without(tmp_path_factory.mktemp("whole"), None)
    return _run("the fight", folder, "-c", FIGHT), _run("rules", folder, "-m", PROGRAM, "rules")


@pytest.mark.parametrize("name", VARIANTS)
def test_deleting_a_variant_in_every_layer_leaves_orcus_running(
    name: str, tmp_path: Path, whole_program: tuple[str, str]
) -> None:
    folder = _without(tmp_path / "program", name)
    fight, rules = whole_program
    # The 000 fight plays step for step as in the whole program, undo included.
    assert _run("the 000 fight through the façade", folder, "-c", FIGHT) == fight
    # The CLI lists the other rulesets, and answers a query on the demo map.
    listed = _run("the CLI's rules", folder, "-m", PROGRAM, "rules").splitlines()
    assert "orcus" in [line.split()[0] for line in listed]
    assert set(listed) < set(rules.splitlines())
    demo = folder / "resources" / "encounters" / "demo.json"
    waiting = _run("the CLI's query", folder, "-m", PROGRAM, "query", "waiting", str(demo))
    assert waiting.strip() == '{"waiting": []}'
    # The main window opens on the demo encounter.
    settings = tmp_path / "settings"
    settings.mkdir()
    assert "Orcus" in _run("the main window", folder, "-c", WINDOW, str(settings))
