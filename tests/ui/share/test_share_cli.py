"""`orcus-desktop --share-players` given what it cannot use: one line on stderr, exit code 2."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from orcus_desktop.app import EXIT_BAD_INPUT, main


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--bind", "the-table"], "not an IP address: 'the-table'"),
        (["--port", "70000"], "not a port number (0 to 65535): '70000'"),
        (["--port", "-1"], "not a port number"),
    ],
)
def test_a_bad_address_or_port_is_refused_in_one_line(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--share-players", *args])
    assert exit_.value.code == EXIT_BAD_INPUT
    assert said in capsys.readouterr().err


def test_a_port_already_taken_is_said_and_the_app_exits() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "orcus_desktop",
                "--share-players",
                "--bind",
                "127.0.0.1",
                "--port",
                port,
            ],
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert result.returncode == EXIT_BAD_INPUT
    assert result.stdout == ""  # no "Players:" line for an address nobody can open
    assert "cannot share with the players on 127.0.0.1" in result.stderr
    assert "Traceback" not in result.stderr
