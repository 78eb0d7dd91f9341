"""Issue 32's acceptance, as a GM and a player would do it: the app shares headless from the
command line, and a real Chromium opens the printed address.

`python -m orcus_desktop --share-players --port 0 --bind 127.0.0.1 demo.json` prints one line
`Players: http://...`; the page draws the map; a wrong key is refused; none of the demo's
secrets is in any byte the browser received; the picture is the Player view's, with no pixel
of the hidden Dire Rat (it equals the players' render of the demo without the rat at all).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from orcus_desktop.assets import demo_encounter_path
from orcus_desktop.model.encounter import Encounter
from orcus_desktop.model.serialization import load_encounter
from orcus_desktop.ui.share.png import png_chunk_types
from tests.share.chromium import Received, chromium, chromium_or_skip, wait_for_frames
from tests.share.demo_secrets import demo_secrets, leaks
from tests.share.headless import start_headless_share
from tests.ui.share.players_render import automatic_grid, players_render

STARTUP_S = 60
FETCH = "async (url) => { const r = await fetch(url); return [r.status, await r.text()]; }"
LINE = re.compile(r"^Players: (http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]{24,}/)$")


@pytest.fixture
def shared_demo(tmp_path: Path) -> Iterator[str]:
    """The app sharing the demo headless on the loopback address; yields the printed address."""
    chromium_or_skip()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path)}
    env["XDG_CONFIG_HOME"] = env["XDG_DATA_HOME"] = str(tmp_path)
    app = start_headless_share(demo_encounter_path(), env)
    try:
        assert app.stdout is not None
        line = app.stdout.readline().strip()  # the app prints it once the port is open
        match = LINE.match(line)
        assert match, f"expected one 'Players: http://...' line, got {line!r}"
        yield match.group(1)
    finally:
        app.send_signal(signal.SIGTERM)
        try:
            _out, errors = app.communicate(timeout=STARTUP_S)
        except subprocess.TimeoutExpired:
            app.kill()
            app.communicate(timeout=10)
            raise
    assert app.returncode == 0, errors  # SIGTERM ends the headless share cleanly


def test_the_printed_address_draws_the_players_map_and_nothing_secret(
    shared_demo: str, tmp_path: Path
) -> None:
    received = Received()
    with chromium(tmp_path / "profile") as browser:
        page = browser.new_page()
        received.attach(page)
        page.goto(shared_demo)
        # The map is drawn: a picture arrived over the socket and the page shows it.
        wait_for_frames(page, 1)
        drawn = page.evaluate(
            "[document.getElementById('map').naturalWidth, "
            "document.getElementById('map').getBoundingClientRect().width]"
        )
        assert drawn[0] > 500
        assert drawn[1] > 100
        # The first picture may come before the map art was decoded: the next one has it.
        # The headless share draws the grid of a GM's window: Automatic over the art.
        grid = automatic_grid(_demo(), demo_encounter_path().parent)
        expected = players_render(_without_rat(_demo()), grid=grid)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and _last_picture(received) != expected:
            page.wait_for_timeout(250)
        received.collect()

        # Asked by the page itself (same origin): the status and the body, which is empty.
        base = shared_demo.rsplit("/", 2)[0]
        for refused in (f"{base}/", f"{base}/{'A' * 24}/", f"{base}/{'A' * 24}/player.js"):
            answer = page.evaluate(FETCH, refused)
            assert answer == [403, ""]
        received.collect()

    assert leaks(received.texts(), demo_secrets(), received.urls()) == []
    pictures = received.pictures()
    assert pictures, "no picture reached the browser"
    for picture in pictures:
        assert set(png_chunk_types(picture)) == {b"IHDR", b"IDAT", b"IEND"}  # no text chunks
    assert _last_picture(received) == expected
    # The comparison can fail: the same map with the rat shown to the players differs.
    demo = _demo()
    rat_shown = replace(
        demo,
        creatures=tuple(replace(c, hidden=False) if c.id == "rat" else c for c in demo.creatures),
    )
    assert players_render(rat_shown, grid=grid) != expected


def _last_picture(received: Received) -> QImage | None:
    pictures = received.socket_pictures()
    if not pictures:
        return None
    return QImage.fromData(pictures[-1]).convertToFormat(QImage.Format.Format_RGB32)


def _demo() -> Encounter:
    return load_encounter(demo_encounter_path())


def _without_rat(encounter: Encounter) -> Encounter:
    return replace(encounter, creatures=tuple(c for c in encounter.creatures if c.id != "rat"))
