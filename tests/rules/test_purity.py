"""The rules package is pure: no Qt, no shapely, no document, no global random state."""

import pkgutil
import random
import subprocess
import sys

import orcus_desktop.rules
from orcus_desktop.rules.dice import roll
from orcus_desktop.rules.dice_values import RandomSource


def test_rules_import_no_qt_shapely_or_model() -> None:
    modules = [
        f"orcus_desktop.rules.{m.name}" for m in pkgutil.iter_modules(orcus_desktop.rules.__path__)
    ]
    assert "orcus_desktop.rules.attack_rolls" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "banned = ('PySide6', 'shiboken6', 'shapely', 'orcus_desktop.model',"
        " 'orcus_desktop.controller')\n"
        "bad = [m for m in sys.modules if m.startswith(banned)]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-W", "error", "-c", code], check=True)


def test_rolling_never_touches_the_global_random_state() -> None:
    before = random.getstate()
    roll("10d20 + 4d6kh3 + d%", RandomSource(random.Random(3)))
    assert random.getstate() == before
