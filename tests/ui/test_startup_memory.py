"""The app's start-up keeps no module source in memory (issue 14: 7.7 MB with the demo).

Nor does it build d20's dice grammar (9 MB) before the first roll: the creature library's
plain sums are checked without it (`rules.dice`); nor load OpenSSL (hashlib, 3.4 MB); nor import
the dialogs the GM opens from a menu or a button, which load when first opened.

PySide6 checks the source of every module imported after it (its __feature__ switch) through
linecache, which would keep the lines: the app imports its Qt-free core first and has PySide6
read each later module's file as bytes it drops at once (`app._check_sources_without_linecache`),
so a dialog loaded on first use keeps no lines either. Checked in a fresh process, the way
`orcus-desktop` starts.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from tests.conftest import REPO_ROOT

ON_FIRST_USE = (
    "orcus_desktop.ui.about_dialog",  # Help > About
    "orcus_desktop.ui.shortcuts_dialog",  # Help > Keyboard Shortcuts
    "orcus_desktop.ui.creature_editor",  # the library's New / Edit
    "orcus_desktop.ui.variants.strike.initiative_check_dialog",  # the initiative panel's check
    "orcus_desktop.ui.variants.square_fireballs.monster_groups_dialog",  # Monster groups…
    "orcus_desktop.ui.light_dialog",  # a light's editor
    "orcus_desktop.ui.map.grid_dialog",  # Map > Grid…
)


def test_start_gui_imports_the_core_before_qt_and_keeps_no_source_lines() -> None:
    script = textwrap.dedent(
        f"""
        import importlib, linecache, sys
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
        print(sorted(name for name in {ON_FIRST_USE!r} if name in sys.modules))
        for name in {ON_FIRST_USE!r}:
            importlib.import_module(name)  # as the GM opens them: PySide6 reads the files
        print(sorted(name for name in linecache.cache if "orcus_desktop" in name))
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
    core_first, kept, dice_grammar_and_openssl, dialogs, kept_later = result.stdout.split("\n")[:5]
    assert core_first == "True"
    assert kept == "[]"
    assert dice_grammar_and_openssl == "False False"
    assert dialogs == "[]"
    assert kept_later == "[]"


def test_the_headless_query_reads_the_version_without_importlib_metadata() -> None:
    # A source checkout reads pyproject.toml; importlib.metadata (email, zipfile, csv with it)
    # is only the fallback of an installed copy, so `orcus-desktop query` starts without it.
    code = (
        "import sys, orcus_desktop, orcus_desktop.cli; "
        "assert orcus_desktop.__version__ != '0+unknown'; "
        "bad = [m for m in ('importlib.metadata', 'email', 'psygnal') if m in sys.modules]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, check=True)
