"""Where the runtime data (resources/) lives: one function, every caller goes through it.

Three layouts are served the same way (qutebrowser's utils/resources.py is the model):
- installed wheel and frozen build: `orcus_desktop/resources/` inside the package (the wheel's
  hatchling force-include and packaging/orcus.spec both put it there);
- source checkout and editable install: the top-level `resources/` beside the package.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def resources_dir() -> Path:
    """The folder holding the runtime data.

    Raises:
        FileNotFoundError: neither layout is present (a broken install).
    """
    for candidate in (_PACKAGE_DIR / "resources", _PACKAGE_DIR.parent / "resources"):
        if (candidate / "encounters").is_dir():
            return candidate
    raise FileNotFoundError("Orcus Desktop's resources folder is missing; reinstall the app")


def resource_path(*parts: str) -> Path:
    """A file or folder in the runtime data: `resource_path("encounters", "demo.json")`."""
    return resources_dir().joinpath(*parts)


def demo_encounter_path() -> Path:
    """The bundled demo encounter the app opens when given no file."""
    return resource_path("encounters", "demo.json")
