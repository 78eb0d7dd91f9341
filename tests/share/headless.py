"""The app sharing an encounter headless from the command line, as a GM would (issue 32).

`python -m orcus_desktop --share-players --port 0 --bind 127.0.0.1 ENCOUNTER` prints one line
`Players: http://...` once the port is open, and ends cleanly on SIGTERM.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path


def start_headless_share(encounter: Path, env: Mapping[str, str]) -> subprocess.Popen[str]:
    """The app sharing `encounter` on the loopback address, on a free port; read its stdout's
    first line for the address, and send SIGTERM to end it.
    """
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "orcus_desktop",
            "--share-players",
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
            str(encounter),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(env),
    )
