"""The command line as a GM or a script meets it: run, screenshot, smoke test, bad files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT


def run_app(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = dict(os.environ)
    full_env.setdefault("QT_QPA_PLATFORM", "offscreen")
    if env is not None:
        full_env.update(env)
    return subprocess.run(
        [sys.executable, "-m", "orcus_desktop", *args],
        capture_output=True,
        text=True,
        env=full_env,
        cwd=REPO_ROOT,
        timeout=120,
        check=False,
    )


def _colour_share(png: Path, rgb: tuple[int, int, int], tolerance: int = 12) -> float:
    """The share of the image's pixels within `tolerance` of a colour (sampled every 2 px)."""
    from PySide6.QtGui import QImage

    image = QImage(str(png))
    assert not image.isNull()
    hits = total = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = image.pixelColor(x, y)
            total += 1
            if max(abs(c.red() - rgb[0]), abs(c.green() - rgb[1]), abs(c.blue() - rgb[2])) <= (
                tolerance
            ):
                hits += 1
    return hits / total


def test_screenshot_writes_a_png_that_shows_walls_and_tokens(tmp_path: Path) -> None:
    # Issue 2: the PNG "visibly shows a grid, walls and tokens" - so look at its pixels.
    out = tmp_path / "demo.png"
    result = run_app("--screenshot", str(out))
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Traceback" not in result.stderr
    assert _colour_share(out, (0x2F, 0x6D, 0xB3)) > 0.0005  # the heroes' blue tokens
    assert _colour_share(out, (0xB3, 0x37, 0x2F)) > 0.0005  # the monsters' red tokens
    assert _colour_share(out, (0x2B, 0x25, 0x20), tolerance=6) > 0.0005  # the walls


def test_smoke_test_exits_cleanly() -> None:
    result = run_app("--smoke-test")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.xvfb
def test_smoke_test_on_a_real_x_server(xvfb_display: str) -> None:
    # The same window on a real X server (Xvfb), as a GM's desktop would show it.
    result = run_app("--smoke-test", env={"DISPLAY": xvfb_display, "QT_QPA_PLATFORM": "xcb"})
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_no_display_renders_a_png_and_says_so(tmp_path: Path) -> None:
    # Issue 2: with no display the run command "must still do its job visibly".
    env = {k: v for k, v in os.environ.items() if k not in {"DISPLAY", "WAYLAND_DISPLAY"}}
    env.pop("QT_QPA_PLATFORM", None)
    result = subprocess.run(
        [sys.executable, "-m", "orcus_desktop"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "no display" in result.stderr
    assert (tmp_path / "orcus-screenshot.png").stat().st_size > 1000


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "no such file"),
        ("{not json", "invalid JSON at line 1"),
        ('{"format": "something-else", "version": 1}', "not an Orcus encounter"),
        ('{"format": "orcus-encounter", "version": 1}', "grid: expected an object"),
        (
            '{"format": "orcus-encounter", "version": 1, "grid": {"columns": 5, "rows": 5},'
            ' "creatures": [{"id": "a", "square": [9, 9]}]}',
            "creatures[0].square: square (9, 9) is off the 5x5 grid",
        ),
        ('{"format": "orcus-encounter", "version": 99}', "made by a newer Orcus Desktop"),
    ],
)
def test_bad_encounter_argument_gives_one_line_and_nonzero_exit(
    tmp_path: Path, content: str | None, expected: str
) -> None:
    path = tmp_path / "broken.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = run_app(str(path), "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert expected in lines[0]
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_opens_a_given_encounter_file(tmp_path: Path) -> None:
    path = tmp_path / "tiny.json"
    path.write_text(
        json.dumps(
            {
                "format": "orcus-encounter",
                "version": 1,
                "grid": {"columns": 4, "rows": 3},
                "creatures": [{"id": "hero", "name": "Hero", "side": "heroes", "square": [1, 1]}],
            }
        ),
        encoding="utf-8",
    )
    result = run_app(str(path), "--screenshot", str(tmp_path / "tiny.png"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "tiny.png").exists()


@pytest.mark.skipif(os.name != "posix", reason="named pipes are POSIX")
def test_opening_a_named_pipe_gives_one_line_at_once(tmp_path: Path) -> None:
    """Issue 29: `orcus-desktop map.dd2vtt` on a FIFO waited forever for a writer."""
    pipe = tmp_path / "map.dd2vtt"
    os.mkfifo(pipe)
    result = run_app(str(pipe), "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 2
    assert result.stderr.strip().endswith("map.dd2vtt: is a named pipe (FIFO), not a map file")
    assert len(result.stderr.strip().splitlines()) == 1


def test_an_echoed_input_is_cut_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(
        '{"format": "orcus-encounter", "version": 1, "grid": {"columns": 5, "rows": 5}, '
        '"ruleset": {"id": "' + "x" * 10_000 + '"}}',
        encoding="utf-8",
    )
    result = run_app(str(path), "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 2
    line = result.stderr.strip()
    assert line.startswith("orcus-desktop: odd.json: ruleset: unknown ruleset 'xxx")
    assert line.endswith(" more characters)")
    assert len(line) < 400
