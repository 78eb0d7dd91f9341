"""The app's start-up keeps no module source in memory (issue 14: 7.7 MB with the demo).

Nor does it build d20's dice grammar (9 MB) before the first roll: the creature library's
plain sums are checked without it (`rules.dice`); nor load OpenSSL (hashlib, 3.4 MB).

PySide6 reads the source of every module imported after it (its __feature__ check) and
linecache keeps the lines: the app imports its Qt-free core first and drops the rest once the
window shows. Checked in a fresh process, the way `orcus-desktop` starts.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from tests.conftest import REPO_ROOT


def test_start_gui_imports_the_core_before_qt_and_keeps_no_source_lines() -> None:
    script = textwrap.dedent(
        """
        import linecache, sys
        from orcus_desktop.app import start_gui
        from orcus_desktop.assets import demo_encounter_path
        from orcus_desktop.model.serialization import load_encounter

        window = start_gui(
            load_encounter(demo_encounter_path()), None, player_view=True, remember_layout=False
        )
        order = list(sys.modules)
        print(order.index("orcus_desktop.controller.session") < order.index("PySide6"))
        print(sorted(name for name in linecache.cache if "orcus_desktop" in name))
        print("d20" in sys.modules, "_hashlib" in sys.modules)
        window.close()
        """
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    core_first, kept, dice_grammar_and_openssl = result.stdout.split("\n")[:3]
    assert core_first == "True"
    assert kept == "[]"
    assert dice_grammar_and_openssl == "False False"
