"""Test-wide set-up: Qt runs offscreen unless a test asks for a real X server."""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from orcus_desktop.model.history import enable_invariant_checks
from orcus_desktop.rules.variants import install as install_variants
from orcus_desktop.ui.gui_thread_gc import collect_due
from orcus_desktop.ui.variants import install as install_ui_variants

# Before any QApplication exists (docs/design.md#testing).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO_ROOT = Path(__file__).resolve().parent.parent

# Every undo step of every test must leave an encounter that passes the document invariant
# (model/invariants.py), the same check a file passes to open.
enable_invariant_checks()

# The composition root of the tests: the variants' rulesets, as app.py and cli.py register them.
install_variants()
install_ui_variants()  # and their UI (menu items, panel boxes), as app.py installs it

# Python's cycle collector runs in the main (GUI) thread only, as in the app
# (ui/gui_thread_gc.py): a Qt object freed in a worker thread crashed the suite. It collects
# between tests here, and on the app's timer while a UI test runs Qt's event loop
# (tests/ui/conftest.py).
GC_THRESHOLDS = (gc.get_threshold()[0], gc.get_threshold()[1], gc.get_threshold()[2])
gc.disable()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Collect the cycles a test left, in the main thread, when Python's thresholds say so."""
    collect_due(GC_THRESHOLDS)


@pytest.fixture(scope="session")
def xvfb_display() -> Iterator[str]:
    """A real X server (Xvfb) with two screens, for tests that need real windows.

    Yields the DISPLAY value (":N"). Fails on Linux CI when Xvfb is missing: the bootstrap
    script installs it, so its absence there is a set-up bug, not a reason to skip.
    """
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        if sys.platform.startswith("linux") and os.environ.get("CI"):
            pytest.fail("Xvfb is not installed (packaging/bootstrap.sh installs it)")
        pytest.skip("Xvfb is not installed")
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(
        [
            xvfb,
            "-displayfd",
            str(write_fd),
            "-screen",
            "0",
            "1280x800x24",
            "-screen",
            "1",
            "1024x768x24",
            "-nolisten",
            "tcp",
        ],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    if not number:
        proc.kill()
        pytest.fail("Xvfb did not start")
    try:
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
