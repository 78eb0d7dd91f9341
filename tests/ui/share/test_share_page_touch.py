"""The players' page in a real browser: pan, zoom and turn the map (issue 32, item 5).

Chromium at a phone's size with touch: two fingers spreading zoom in about their middle, one
finger drags the map along, the mouse wheel zooms, Fit shows the whole map again, and Turn turns
it by 180° for the far side of the table. Touches are sent as the phone's touchscreen sends
them (the DevTools protocol's touch events).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from pytestqt.qtbot import QtBot

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.main_window import MainWindow
from tests.share.chromium import PHONE, BrowserThread, wait_for_frames

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

WAIT_MS = 60_000
PLACE = (
    "(() => { const m = new DOMMatrix(getComputedStyle(document.getElementById('map'))"
    ".transform); return [m.a, m.e, m.f, getComputedStyle(document.getElementById('stage'))"
    ".transform]; })()"
)


@pytest.fixture
def shared_url(qtbot: QtBot) -> Iterator[str]:
    window = MainWindow(load_encounter(demo_encounter_path()), demo_encounter_path())
    qtbot.addWidget(window)
    yield window.sharing.start("127.0.0.1")
    window.sharing.stop()
    window.close()


def run(browser: BrowserThread, qtbot: QtBot, step: Any) -> Any:
    done = browser.call(step)
    qtbot.waitUntil(done.done, timeout=WAIT_MS)
    return done.result()


def test_a_phone_pinches_drags_wheels_fits_and_turns_the_map(
    shared_url: str, tmp_path: Path, qtbot: QtBot
) -> None:
    browser = BrowserThread(tmp_path / "profile", PHONE, has_touch=True)
    try:
        places = run(browser, qtbot, lambda context: _gestures(context, shared_url))
    finally:
        browser.close()
    fitted, pinched, dragged, wheeled, refitted, turned = places
    scale, x, y, _ = fitted
    # Two fingers spreading from 100 to 200 pixels apart: twice the size, about their middle.
    assert pinched[0] == pytest.approx(2 * scale, rel=0.02)
    middle = (195, 400)  # the map point under the middle stays there
    assert (middle[0] - pinched[1]) / pinched[0] == pytest.approx((middle[0] - x) / scale, abs=2)
    assert (middle[1] - pinched[2]) / pinched[0] == pytest.approx((middle[1] - y) / scale, abs=2)
    # One finger moved by (-60, 40): the map moves with it.
    assert dragged[1] == pytest.approx(pinched[1] - 60, abs=1)
    assert dragged[2] == pytest.approx(pinched[2] + 40, abs=1)
    assert wheeled[0] < dragged[0]  # the wheel turned towards the player zooms out
    assert refitted[:3] == pytest.approx(fitted[:3], abs=0.5)
    assert turned[3] != "none"  # the stage is turned by 180°
    assert fitted[3] == "none"


def _gestures(context: BrowserContext, url: str) -> list[list[Any]]:
    page = context.new_page()
    page.goto(url)
    wait_for_frames(page, 1)
    cdp = context.new_cdp_session(page)

    def touch(kind: str, *points: tuple[float, float]) -> None:
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": kind,
                "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)],
            },
        )

    places = [page.evaluate(PLACE)]
    touch("touchStart", (145, 400), (245, 400))
    touch("touchMove", (95, 400), (295, 400))
    touch("touchEnd")
    places.append(page.evaluate(PLACE))
    touch("touchStart", (200, 500))
    touch("touchMove", (170, 520))
    touch("touchMove", (140, 540))
    touch("touchEnd")
    places.append(page.evaluate(PLACE))
    page.mouse.move(195, 400)
    page.mouse.wheel(0, 300)
    page.wait_for_timeout(100)
    places.append(page.evaluate(PLACE))
    page.click("#fit")
    places.append(page.evaluate(PLACE))
    page.click("#turn")
    places.append(page.evaluate(PLACE))
    return places
