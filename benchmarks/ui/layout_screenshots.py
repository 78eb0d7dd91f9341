"""Render the README's layout pictures: both layouts at 1280x800 and the Player view at 1080p.

    .venv/bin/python benchmarks/ui/layout_screenshots.py [OUT_DIR]

Writes docs/layout-fight.png and docs/layout-prepare.png (the GM's window on a 1280x800
laptop, in Run the Fight and Prepare the Map) and docs/player-view.png (the players' screen
on a 1920x1080 TV beside it), from the app's own windows on Qt's offscreen platform told of
those two screens. A round is under way on the demo: Brakka cleaved a goblin, Sister Venn is
up and selected (her powers, the GM box), a torch burns by the shrine; the Player view follows
the party under the fog of war (issue 31, R-150, R-162).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

SCREENS = {
    "screens": [
        {"name": "GM laptop", "x": 0, "y": 0, "width": 1280, "height": 800, "logicalDpi": 96},
        {"name": "Table TV", "x": 1280, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96},
    ]
}


def _use_two_screens() -> None:
    config = Path(tempfile.mkdtemp(prefix="orcus-shots-")) / "screens.json"
    config.write_text(json.dumps(SCREENS), encoding="utf-8")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"


_use_two_screens()

from PySide6.QtWidgets import QApplication  # noqa: E402  (after the platform is chosen)
from screenshot import brakka_cleaves_a_goblin  # noqa: E402

from orcus_desktop.app import show_main_window  # noqa: E402
from orcus_desktop.assets import demo_encounter_path  # noqa: E402
from orcus_desktop.model.serialization import load_encounter  # noqa: E402
from orcus_desktop.ui.main_window import MainWindow  # noqa: E402
from orcus_desktop.ui.workspaces import Workspace  # noqa: E402


def settle(app: QApplication) -> None:
    for _ in range(8):
        app.processEvents()


def play_a_round(window: MainWindow) -> None:
    """Brakka steps up and cleaves a goblin; Sister Venn's turn, selected."""
    brakka_cleaves_a_goblin(window.session)
    window.scene.select_creature("sister-venn")


def main() -> int:
    default = Path(__file__).resolve().parents[2] / "docs"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    window = show_main_window(load_encounter(demo_encounter_path()), None, player_view=False)
    settle(app)
    play_a_round(window)
    settle(app)
    shots: list[tuple[Path, bool]] = []
    window.view.fit_map()
    settle(app)
    shots.append((out / "layout-fight.png", window.grab().save(str(out / "layout-fight.png"))))
    window.workspaces.switch_to(Workspace.PREPARE)
    window.activate_tool("wall")
    settle(app)
    window.view.fit_map()
    settle(app)
    shots.append((out / "layout-prepare.png", window.grab().save(str(out / "layout-prepare.png"))))
    window.workspaces.switch_to(Workspace.FIGHT)
    window.activate_tool("select")
    window.player_view_action.trigger()  # F5: on the TV, full screen
    players = window.player_window
    assert players is not None
    settle(app)
    players.framing.finish()
    settle(app)
    size = (players.width(), players.height())
    ok = players.grab().save(str(out / "player-view.png"))
    shots.append((out / "player-view.png", ok and size == (1920, 1080)))
    players.close()
    window.close()
    for path, written in shots:
        print(f"wrote {path}" if written else f"cannot write {path} (player view {size})")
    return 0 if all(written for _, written in shots) else 1


if __name__ == "__main__":
    raise SystemExit(main())
