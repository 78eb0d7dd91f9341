"""The layering (docs/design.md#layers) holds at run time, not only in import-linter."""

from __future__ import annotations

import subprocess
import sys

import pytest

CORE_MODULES = [
    "orcus_desktop.vocabulary",
    "orcus_desktop.geometry.grid",
    "orcus_desktop.model.serialization",
]


@pytest.mark.parametrize("module", CORE_MODULES)
def test_core_does_not_import_qt(module: str) -> None:
    # docs/design.md#layers: nothing below ui/ imports Qt.
    code = (
        f"import sys, {module}; "
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_model_does_not_import_shapely() -> None:
    # docs/design.md#layers: nothing outside geometry/ imports shapely; the model loads files
    # without pulling the geometry engine's shapely code in.
    code = (
        "import sys, orcus_desktop.model.serialization; "
        "assert 'shapely' not in sys.modules, 'model imported shapely'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
