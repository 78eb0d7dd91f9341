"""docs/sharing-phone.png: a phone's browser showing the party's view of the demo.

Runs the app as a GM would share from the command line (headless, on 127.0.0.1 only), opens
the printed address in Debian's chromium at a phone's size (Playwright) and saves the page:

    .venv/bin/python benchmarks/share/phone_screenshot.py [OUTPUT]
"""

from __future__ import annotations

import os
import signal
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from orcus_desktop.assets import demo_encounter_path  # noqa: E402
from tests.share.chromium import PHONE, chromium, wait_for_frames  # noqa: E402
from tests.share.headless import start_headless_share  # noqa: E402

ART_SETTLE_MS = 1500


def main() -> int:
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs" / "sharing-phone.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    app = start_headless_share(demo_encounter_path(), env)
    try:
        assert app.stdout is not None
        url = app.stdout.readline().strip().removeprefix("Players: ")
        with tempfile.TemporaryDirectory() as profile, chromium(Path(profile), PHONE) as browser:
            page = browser.new_page()
            page.goto(url)
            wait_for_frames(page, 1)
            page.wait_for_timeout(ART_SETTLE_MS)  # the map art's picture follows the first
            page.screenshot(path=str(output))
    finally:
        app.send_signal(signal.SIGTERM)
        app.communicate(timeout=60)
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
