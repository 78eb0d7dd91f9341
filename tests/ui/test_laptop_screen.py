"""The GM's window on a 1280x800 laptop and a 1280x720 screen (issue 31 item 1).

Named screens need a Qt of their own: `test_laptop_and_tv` runs laptop_screen_cases.py in a
fresh process on the offscreen platform told of a 1280x800 laptop and a 1920x1080 TV;
`test_a_1280_by_720_screen` runs small_screen_cases.py on one 1280x720 screen, in both layouts;
`test_a_1366_by_768_laptop` runs laptop_1366_cases.py on one 1366x768 screen (R-235, R-236),
`test_a_1366_by_768_laptop_at_125_percent` scaled_laptop_cases.py on one 1093x614 screen,
`test_a_1920_by_1080_screen` full_hd_cases.py on one 1920x1080 screen.
"""

from __future__ import annotations

from pathlib import Path

from tests.ui.full_hd_cases import FULL_HD_SCREEN
from tests.ui.laptop_1366_cases import WIDE_LAPTOP
from tests.ui.named_screens import LAPTOP_AND_TV, run_cases
from tests.ui.scaled_laptop_cases import SCALED_LAPTOP
from tests.ui.small_screen_cases import SMALL_SCREEN


def test_laptop_and_tv(tmp_path: Path) -> None:
    assert "3 passed" in run_cases(tmp_path, LAPTOP_AND_TV, "laptop_screen_cases.py")


def test_a_1280_by_720_screen(tmp_path: Path) -> None:
    assert "3 passed" in run_cases(tmp_path, SMALL_SCREEN, "small_screen_cases.py")


def test_a_1366_by_768_laptop(tmp_path: Path) -> None:
    assert "7 passed" in run_cases(tmp_path, WIDE_LAPTOP, "laptop_1366_cases.py")


def test_a_1366_by_768_laptop_at_125_percent(tmp_path: Path) -> None:
    assert "2 passed" in run_cases(tmp_path, SCALED_LAPTOP, "scaled_laptop_cases.py")


def test_a_1920_by_1080_screen(tmp_path: Path) -> None:
    assert "1 passed" in run_cases(tmp_path, FULL_HD_SCREEN, "full_hd_cases.py")
