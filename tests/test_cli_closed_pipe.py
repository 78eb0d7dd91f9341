"""Issue 34: the command line ends quietly when its reader stops reading (`... | head -c 10`).

The README promises one line on stderr for any failure and never a traceback; a closed pipe is
no failure of the GM's, so it gets not even that line.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from orcus_desktop.console import EXIT_CLOSED_PIPE
from tests.conftest import REPO_ROOT

DEMO = str(REPO_ROOT / "resources" / "encounters" / "demo.json")
# The app's own answers; argparse's --help and --version ignore a failed write and exit 0.
COMMANDS = [
    (["rules", "show", "orcus"], EXIT_CLOSED_PIPE),
    (["rules"], EXIT_CLOSED_PIPE),
    (["query", "path", DEMO, "--creature", "goblin-2", "--to", "7,7"], EXIT_CLOSED_PIPE),
    (["--version"], 0),
    (["--help"], 0),
    (["query", "--help"], 0),
]


@pytest.mark.parametrize(
    ("command", "exit_code"), COMMANDS, ids=[" ".join(c) for c, _ in COMMANDS]
)
def test_a_closed_pipe_ends_the_command_without_a_word(command: list[str], exit_code: int) -> None:
    # The reading end is closed before the command starts, so its first write meets a closed
    # pipe every time (with `| head` that depends on who is faster).
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "orcus_desktop", *command],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO_ROOT,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert done.stderr == ""
    assert done.returncode == exit_code


@pytest.mark.skipif(shutil.which("head") is None, reason="needs the head command")
def test_rules_show_piped_into_head_prints_only_what_head_keeps() -> None:
    # The README's case, as a GM types it; run a few times, as it once failed 8 runs in 10.
    command = f"{sys.executable} -m orcus_desktop rules show orcus | head -c 10"
    for _ in range(3):
        done = subprocess.run(
            ["bash", "-c", command],
            capture_output=True,
            text=True,
            cwd=REPO_ROOT,
            timeout=120,
            check=False,
        )
        assert done.stderr == ""
        assert done.stdout == '{\n "id": "'
