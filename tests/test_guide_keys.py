"""The README's tour and the user's guide name the keys the app's F1 list gives (GM's side).

A GM reads the README, then presses what it says: the waypoint key while dragging, End turn's
Ctrl+Return, Enter and Esc on the offer beside the tokens. Each must be the key the app binds
(Help > Keyboard Shortcuts lists them from `FIXED_SHORTCUTS`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from orcus_desktop.ui.shortcuts_dialog import FIXED_SHORTCUTS

ROOT = Path(__file__).resolve().parents[1]
GUIDES = {
    "README.md": (ROOT / "README.md").read_text(encoding="utf-8"),
    "docs/users-guide.md": (ROOT / "docs" / "users-guide.md").read_text(encoding="utf-8"),
}
SHORTCUTS = dict(FIXED_SHORTCUTS)


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("guide", sorted(GUIDES))
def test_the_guide_names_the_waypoint_and_turn_keys_the_app_binds(guide: str) -> None:
    text = _flat(GUIDES[guide])
    assert "Add a waypoint" in SHORTCUTS["P or right-click while dragging"]
    assert "P or a right-click during the drag adds a waypoint" in text or (
        "press P or right-click while dragging" in text
    )
    assert SHORTCUTS["Ctrl+Return"].startswith("End the turn (asks first")
    assert "End turn is Ctrl+Return" in text
    assert "pass / take it" in SHORTCUTS["Esc / Enter on the map"]
    assert "Enter takes" in text
    assert "Esc lets it pass" in text
