"""The registry of the variants' UI: the one UI-core module that imports them.

Each package under `ui/variants/` builds one `ui/plugins.py::UiVariant` of its menu items,
panel boxes and prompts; `REGISTERED` lists them and `install` hands them to the UI's plug-in
API, as the composition root (`app.py`, the tests' set-up) does before a window opens.
Deleting a variant's package and its line here leaves Orcus (000) running
(tests/ui/test_ui_plugins.py).
"""

from __future__ import annotations

from typing import Final

from orcus_desktop.ui import plugins
from orcus_desktop.ui.plugins import UiVariant
from orcus_desktop.ui.variants.alloy_heroes.plugin import ALLOY_HEROES_UI
from orcus_desktop.ui.variants.square_fireballs.plugin import SQUARE_FIREBALLS_UI
from orcus_desktop.ui.variants.strike.plugin import STRIKE_UI

REGISTERED: Final[tuple[UiVariant, ...]] = (STRIKE_UI, ALLOY_HEROES_UI, SQUARE_FIREBALLS_UI)
"""Every variant's UI, in the order their items are built (as the controller's registry)."""


def install() -> None:
    """Installs every registered variant's UI (again: nothing changes)."""
    plugins.install(REGISTERED)
